// The client's address for per-IP limits. X-Forwarded-For is believed only as far as
// TRUST_PROXY says: with N trusted proxies in front, the client is the N-th address from the
// right (each proxy appends the address it saw); anything further left could be forged.
import type { IncomingMessage } from 'node:http'

export function clientIp(req: IncomingMessage, trustedProxies: number): string {
  const remote = req.socket.remoteAddress ?? 'unknown'
  if (trustedProxies === 0) return remote
  const header = req.headers['x-forwarded-for']
  const value = Array.isArray(header) ? header.join(',') : header
  if (value === undefined) return remote
  const hops = value
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '')
  if (hops.length === 0) return remote
  return hops[Math.max(0, hops.length - trustedProxies)] as string
}
