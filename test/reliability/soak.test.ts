// L1: sustained mixed load — keyed generate and validate, batch validation, exports, bulk and
// MCP calls at once — then the heap after GC and the open file descriptors are compared with
// their values before. 8 s by default; 60 s with IBANMINT_LONG_TESTS=1.
import assert from 'node:assert/strict'
import { readdirSync, readlinkSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { Agent, request } from 'undici'
import { startApp, type TestApp } from '../helpers/app.ts'
import { heapAfterGc } from '../helpers/heap.ts'
import { connectionsOf, waitFor } from '../helpers/wait.ts'
import { percentile, record } from './report.ts'

const SECONDS = process.env['IBANMINT_LONG_TESTS'] === '1' ? 60 : 8

/** Open file descriptors by kind (sockets, pipes, files…), from /proc/self/fd. */
function fdKinds(): Record<string, number> {
  const kinds: Record<string, number> = {}
  for (const fd of readdirSync('/proc/self/fd')) {
    let target = 'closed'
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`).replace(/\[\d+\]$/, '')
    } catch {
      // the descriptor readdir itself used
    }
    kinds[target] = (kinds[target] ?? 0) + 1
  }
  return kinds
}

// The TypeScript loader's own cache files (tsx, under /tmp/tsx-*) are not the service's.
const serviceFds = (kinds: Record<string, number>) =>
  Object.entries(kinds)
    .filter(([kind]) => !kind.includes('/tsx-'))
    .reduce((sum, [, count]) => sum + count, 0)

describe('reliability: sustained mixed load', () => {
  let app: TestApp
  const cleanup: (() => unknown)[] = []
  before(async () => {
    app = await startApp(
      { after: (fn) => cleanup.push(fn) },
      // One key makes all the keyed calls of 16 connections: its streams are not capped here.
      { env: { EXPORT_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000', STREAMS_PER_KEY: '1000' } },
    )
  })
  after(async () => {
    for (const fn of cleanup) await fn()
  })

  test(`L1: ${SECONDS} s of mixed load: no 5xx, heap and file descriptors back to their baseline`, async () => {
    const key = app.auth['x-api-key'] as string
    // The load's own connections are closed before file descriptors are counted again.
    let agent = new Agent({ connections: 16 })
    const json = { 'content-type': 'application/json', 'x-api-key': key }
    const mcp = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    }
    const calls: (() => Promise<number>)[] = [
      async () => send(`/api/v1/generate/FR?count=5`, { headers: { 'x-api-key': key } }),
      async () => send(`/api/v1/validate/DE89370400440532013000`, { headers: { 'x-api-key': key } }),
      async () => send(`/api/v1/generate`, { method: 'POST', headers: json, body: '{"country":"IT","count":100}' }),
      async () =>
        send(`/api/v1/validate/batch`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ ibans: Array.from({ length: 50 }, () => 'GB82WEST12345698765432') }),
        }),
      async () => send(`/export/ES?count=100&format=sql`, {}),
      async () => send(`/api/v1/bulk/DE,NO?count=5000&format=ndjson`, { headers: { 'x-api-key': key } }),
      async () =>
        send(`/mcp`, {
          method: 'POST',
          headers: mcp,
          body: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"generate_iban","arguments":{"country":"PL","count":3}}}',
        }),
    ]
    // agent.close() closed the client's ends; the server's are closed once it counts none.
    const connectionsClosed = () =>
      waitFor(async () => (await connectionsOf(app.service.app.server)) === 0 && app.service.pool.outstanding === 0, {
        message: 'the load’s connections to close and the pool to go idle',
      })
    async function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: string }) {
      const response = await request(app.url + path, {
        dispatcher: agent,
        method: (options.method ?? 'GET') as 'GET',
        headers: options.headers ?? {},
        body: options.body ?? null,
      })
      await response.body.dump()
      return response.statusCode
    }
    for (const call of calls) assert.equal(await call(), 200)
    await agent.close()
    agent = new Agent({ connections: 16 })
    await connectionsClosed()
    const heapBefore = await heapAfterGc()
    const kindsBefore = fdKinds()
    const fdsBefore = serviceFds(kindsBefore)
    const statuses = new Map<number, number>()
    const latencies: number[] = []
    const deadline = performance.now() + SECONDS * 1000
    await Promise.all(
      Array.from({ length: 12 }, async (_, worker) => {
        let i = worker
        while (performance.now() < deadline) {
          const started = performance.now()
          const status = await (calls[i++ % calls.length] as () => Promise<number>)()
          latencies.push(performance.now() - started)
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
        }
      }),
    )
    await agent.close()
    await connectionsClosed()
    const heapAfter = await heapAfterGc()
    const kindsAfter = fdKinds()
    const fdsAfter = serviceFds(kindsAfter)
    const total = [...statuses.values()].reduce((a, b) => a + b, 0)
    assert.deepEqual([...statuses.keys()], [200], JSON.stringify([...statuses]))
    assert.ok(heapAfter - heapBefore < 20, `heap ${heapBefore} → ${heapAfter} MB`)
    assert.ok(
      fdsAfter <= fdsBefore + 2,
      `file descriptors ${JSON.stringify(kindsBefore)} → ${JSON.stringify(kindsAfter)}`,
    )
    assert.equal(app.service.pool.outstanding, 0)
    record(
      'L1',
      `Mixed load for ${SECONDS} s (generate, validate, batch, export, bulk, MCP; 12 clients)`,
      `${total} requests, all 200; p99 ${percentile(latencies, 99).toFixed(0)} ms; heap ${heapBefore.toFixed(1)} → ${heapAfter.toFixed(1)} MB after GC; sockets ${kindsBefore['socket:'] ?? 0} → ${kindsAfter['socket:'] ?? 0}, service FDs ${fdsBefore} → ${fdsAfter}`,
    )
  })
})
