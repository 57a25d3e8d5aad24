import assert from 'node:assert/strict'
import type { IncomingMessage } from 'node:http'
import { test } from 'node:test'
import { request } from 'undici'
import { canonicalIp, clientIp } from '../../src/http/client-ip.ts'
import { startApp } from '../helpers/app.ts'
import { heapAfterGc } from '../helpers/heap.ts'
import { waitFor } from '../helpers/wait.ts'

function fakeRequest(remote: string, forwarded?: string | string[]): IncomingMessage {
  return {
    socket: { remoteAddress: remote },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  } as unknown as IncomingMessage
}

const CASES: [string, string | string[] | undefined, number, string][] = [
  ['10.0.0.1', '203.0.113.7', 0, '10.0.0.1'], // no proxy trusted: the header is ignored
  ['10.0.0.1', undefined, 1, '10.0.0.1'],
  ['10.0.0.1', '203.0.113.7', 1, '203.0.113.7'],
  ['10.0.0.1', '198.51.100.1, 203.0.113.7', 1, '203.0.113.7'], // the forged left part is ignored
  ['10.0.0.1', '198.51.100.1, 203.0.113.7', 2, '198.51.100.1'],
  ['10.0.0.1', '203.0.113.7', 3, '203.0.113.7'], // fewer hops than proxies: the leftmost
  ['10.0.0.1', ' , ', 1, '10.0.0.1'],
  ['10.0.0.1', ['198.51.100.1', '203.0.113.7'], 1, '203.0.113.7'],
  // Only an IP address is taken; any other text counts as the socket's peer.
  ['10.0.0.1', 'x'.repeat(8192), 1, '10.0.0.1'],
  ['10.0.0.1', 'unknown', 1, '10.0.0.1'],
  ['10.0.0.1', 'imk_AbCdEfGh1234_0123456789abcdefghijABCDEFGHIJklmn', 1, '10.0.0.1'],
  ['10.0.0.1', '203.0.113.7 ', 1, '203.0.113.7'],
  ['10.0.0.1', '203.0.113.256', 1, '10.0.0.1'],
  ['10.0.0.1', '203.0.113', 1, '10.0.0.1'],
  ['10.0.0.1', '0203.0.113.7', 1, '10.0.0.1'],
  ['10.0.0.1', '2001:db8::zz', 1, '10.0.0.1'],
  ['10.0.0.1', 'a, b, 203.0.113.7', 3, '10.0.0.1'], // the chosen hop is no address
  // Written one way: the same client is one subject.
  ['10.0.0.1', '2001:DB8:0:0:0:0:0:1', 1, '2001:db8::1'],
  ['10.0.0.1', '::FFFF:203.0.113.7', 1, '203.0.113.7'],
  ['10.0.0.1', '::ffff:cb00:7107', 1, '203.0.113.7'],
  ['10.0.0.1', 'fe80::1%eth0', 1, 'fe80::1'],
  ['10.0.0.1', '[2001:db8::1]:443', 1, '2001:db8::1'],
  ['10.0.0.1', '203.0.113.7:51234', 1, '203.0.113.7'],
  ['10.0.0.1', '203.0.113.7:port', 1, '10.0.0.1'],
  ['::ffff:10.0.0.1', undefined, 0, '10.0.0.1'],
  ['::ffff:10.0.0.1', 'garbage', 1, '10.0.0.1'],
  ['2001:db8::2', undefined, 0, '2001:db8::2'],
]

for (const [remote, forwarded, proxies, expected] of CASES) {
  const shown = JSON.stringify(forwarded)?.slice(0, 60)
  test(`clientIp(remote ${remote}, X-Forwarded-For ${shown}, ${proxies} proxies) → ${expected}`, () => {
    assert.equal(clientIp(fakeRequest(remote, forwarded), proxies), expected)
  })
}

test('canonicalIp: an address one way; no address, undefined', () => {
  assert.equal(canonicalIp('2001:0db8:0000::0001'), '2001:db8::1')
  assert.equal(canonicalIp('::1'), '::1')
  assert.equal(canonicalIp('[::1]'), '::1')
  assert.equal(canonicalIp('[::1'), undefined)
  assert.equal(canonicalIp('[::1]x'), undefined)
  assert.equal(canonicalIp(''), undefined)
  assert.equal(canonicalIp(`1.2.3.4${' '.repeat(100)}`), undefined)
})

// Send requests one after another on one connection: the socket's address is 127.0.0.1.
async function exportWith(url: string, forwarded: string): Promise<number> {
  const res = await request(`${url}/export/DE?count=1`, { headers: { 'x-forwarded-for': forwarded } })
  await res.body.dump()
  return res.statusCode
}

test('TRUST_PROXY: X-Forwarded-For values that are no address share the socket’s limit and log its address', async (t) => {
  const app = await startApp(t, { env: { TRUST_PROXY: '1', EXPORT_RATE_LIMIT: '3' } })
  const statuses: number[] = []
  for (let i = 0; i < 10; i++) statuses.push(await exportWith(app.url, `${i}-${'x'.repeat(8000)}`))
  assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429, 429, 429, 429, 429])
  // A real address is a client of its own.
  assert.equal(await exportWith(app.url, '203.0.113.7'), 200)
  const ips = await waitFor(
    () => {
      const lines = app
        .logText()
        .split('\n')
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .filter((line) => line['route'] === '/export/{country}')
      return lines.length === 11 ? lines.map((line) => line['ip']) : undefined
    },
    { message: 'eleven access lines' },
  )
  assert.deepEqual(ips, [...Array<string>(10).fill('127.0.0.1'), '203.0.113.7'])
})

test('TRUST_PROXY: 2,000 distinct 8 KB X-Forwarded-For values add no memory per value', async (t) => {
  const app = await startApp(t, { env: { TRUST_PROXY: '1', EXPORT_RATE_LIMIT: '5' } })
  await exportWith(app.url, 'warm-up')
  const before = await heapAfterGc()
  for (let i = 0; i < 2_000; i++) await exportWith(app.url, `${i}-${'x'.repeat(8000)}`)
  const grown = (await heapAfterGc()) - before
  // Kept per value, 2,000 values of 8 KB would be 16 MB (more with each value's log line).
  assert.ok(grown < 4, `the heap grew by ${grown.toFixed(1)} MB`)
})
