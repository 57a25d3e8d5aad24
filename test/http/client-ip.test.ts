import assert from 'node:assert/strict'
import type { IncomingMessage } from 'node:http'
import { test } from 'node:test'
import { clientIp } from '../../src/http/client-ip.ts'

function request(remote: string, forwarded?: string | string[]): IncomingMessage {
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
]

for (const [remote, forwarded, proxies, expected] of CASES) {
  test(`clientIp(remote ${remote}, X-Forwarded-For ${JSON.stringify(forwarded)}, ${proxies} proxies) → ${expected}`, () => {
    assert.equal(clientIp(request(remote, forwarded), proxies), expected)
  })
}
