// The client's address for per-IP limits and the access log. X-Forwarded-For is believed only as
// far as TRUST_PROXY says: with N trusted proxies in front, the client is the N-th address from
// the right (each proxy appends the address it saw); anything further left could be forged. An
// address is taken only when it is one: the chosen hop can still be the client's own text (it sent
// fewer hops than there are proxies, or a proxy passes the header on without appending), and text
// of the client's choosing would be a limit of its own per value and memory per value (20,000
// distinct 8 KB values once added 178 MB). Anything else counts as the socket's peer, the nearest
// address no client writes. Addresses are written one way, so one client is one subject.
import type { IncomingMessage } from 'node:http'
import { isIPv4, isIPv6, SocketAddress } from 'node:net'
import { BoundedCache } from '../bounded-cache.ts'

/** Longer text is no address: an IPv6 address with an embedded IPv4 one, a zone id and a port fit. */
const MAX_ADDRESS = 80
const MAPPED = '::ffff:'
const PORT = /^\d{1,5}$/

// IPv6 addresses are made canonical by the platform (inet_ntop, 1.5 µs); clients repeat theirs.
const CANONICAL_IPV6 = new BoundedCache<string, string>(1024)

/**
 * An IP address written canonically: IPv4 as it is, IPv6 in lower case and compressed (RFC 5952)
 * without its zone id, an IPv4-mapped IPv6 address as the IPv4 address; a port (`1.2.3.4:80`,
 * `[2001:db8::1]:443`) is left out. Undefined when the text is no IP address.
 */
export function canonicalIp(text: string): string | undefined {
  if (text.length > MAX_ADDRESS) return undefined
  let address = text
  if (address.startsWith('[')) {
    const end = address.indexOf(']')
    const port = address.slice(end + 1)
    if (end < 0 || (port !== '' && !(port.startsWith(':') && PORT.test(port.slice(1))))) return undefined
    address = address.slice(1, end)
  } else {
    const colon = address.indexOf(':')
    // One colon: an IPv4 address and its port (an IPv6 address has at least two).
    if (colon > 0 && colon === address.lastIndexOf(':')) {
      if (!PORT.test(address.slice(colon + 1))) return undefined
      address = address.slice(0, colon)
    }
  }
  if (isIPv4(address)) return address
  const known = CANONICAL_IPV6.get(address)
  if (known !== undefined) return known
  if (!isIPv6(address)) return undefined
  let canonical = new SocketAddress({ address, family: 'ipv6' }).address
  const mapped = canonical.startsWith(MAPPED) ? canonical.slice(MAPPED.length) : ''
  if (isIPv4(mapped)) canonical = mapped
  return CANONICAL_IPV6.set(address, canonical)
}

export function clientIp(req: IncomingMessage, trustedProxies: number): string {
  const peer = req.socket.remoteAddress
  const remote = peer === undefined ? 'unknown' : (canonicalIp(peer) ?? peer)
  if (trustedProxies === 0) return remote
  const header = req.headers['x-forwarded-for']
  const value = Array.isArray(header) ? header.join(',') : header
  if (value === undefined) return remote
  const hops = value
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '')
  if (hops.length === 0) return remote
  return canonicalIp(hops[Math.max(0, hops.length - trustedProxies)] as string) ?? remote
}
