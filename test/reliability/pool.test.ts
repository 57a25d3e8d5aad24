// The worker pool under faults: workers that exit, throw or run out of memory (a fault-injecting
// worker module, selectable only by test code), clients that vanish mid-download, and memory
// after a thousand aborted downloads and ten thousand MCP calls. A full queue, whose refusals
// are timed, is pool-burst.serial.test.ts.
import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { request } from 'undici'
import { assertError, startApp, type TestApp } from '../helpers/app.ts'
import { heapAfterGc } from '../helpers/heap.ts'
import { record } from './report.ts'
import { connectionsOf, waitFor } from '../helpers/wait.ts'

const FAULT_WORKER = fileURLToPath(new URL('../helpers/fault-worker.mjs', import.meta.url))

/** Opens a download, reads its first bytes, then drops the socket. */
function abortAfterFirstChunk(url: URL, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`)
    })
    let received = 0
    socket.on('data', (chunk) => {
      received += chunk.length
      socket.destroy()
      resolve(received)
    })
    socket.on('error', reject)
  })
}

describe('reliability: worker pool and streaming', () => {
  let app: TestApp
  const cleanup: (() => unknown)[] = []
  before(async () => {
    app = await startApp(
      { after: (fn) => cleanup.push(fn) },
      {
        env: { EXPORT_RATE_LIMIT: '1000000', MCP_RATE_LIMIT: '1000000', POOL_THREADS: '2', POOL_INLINE_MAX: '0' },
        start: { workerModule: FAULT_WORKER },
      },
    )
  })
  after(async () => {
    for (const fn of cleanup) await fn()
  })

  test('W1: a worker that exits mid-request: a retryable 503 for that request, then service as usual', async () => {
    const crashed = await app.call('GET', '/api/v1/generate/DE?count=1&seed=fault:exit', { headers: app.auth })
    assert.match(assertError(crashed, 503, 'service_unavailable'), /^generation failed; retry$/)
    assert.equal(crashed.headers['retry-after'], '1')
    const thrown = await app.call('GET', '/api/v1/generate/DE?count=1&seed=fault:throw', { headers: app.auth })
    assert.equal(thrown.status, 503)
    assert.doesNotMatch(thrown.text, /injected/, 'no internals in the body')
    for (let i = 0; i < 5; i++) {
      assert.equal((await app.call('GET', '/api/v1/generate/FR?count=3', { headers: app.auth })).status, 200)
    }
    assert.ok(app.logs.some((line) => line['msg'] === 'request failed' && line['code'] === 'service_unavailable'))
    record(
      'W1',
      'Worker exits / throws during a request',
      '503 generation failed; retry (Retry-After 1); next 5 requests 200',
    )
  })

  test('W2: a worker that runs out of memory: 503, the main process serves on', async () => {
    const before = process.memoryUsage().rss
    const oom = await app.call('GET', '/api/v1/generate/DE?count=1&seed=fault:oom', { headers: app.auth })
    assertError(oom, 503, 'service_unavailable')
    assert.equal((await app.call('GET', '/api/v1', {})).status, 200)
    assert.equal((await app.call('GET', '/api/v1/generate/DE?count=2', { headers: app.auth })).status, 200)
    record(
      'W2',
      'Worker exceeds its heap limit (64 MB)',
      `503; main alive; main RSS ${((process.memoryUsage().rss - before) / 2 ** 20).toFixed(0)} MB change`,
    )
  })

  test('S1/W5: 1,000 downloads dropped after their first bytes: pool idle, heap flat, next request fine', async () => {
    const url = new URL(app.url)
    for (let i = 0; i < 50; i++) await abortAfterFirstChunk(url, '/export/DE?count=100&format=json')
    const baseline = await heapAfterGc()
    const formats = ['csv', 'json', 'sql', 'txt', 'ndjson']
    for (let round = 0; round < 20; round++) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          abortAfterFirstChunk(url, `/export/DE?count=100&format=${formats[i % formats.length]}`),
        ),
      )
    }
    const bulkAborts = await Promise.all(
      Array.from({ length: 5 }, () => abortAfterFirstChunk(url, `/api/v1/bulk/DE?count=1000000&x=${Date.now()}`)),
    )
    assert.equal(bulkAborts.length, 5)
    await waitFor(() => app.service.pool.outstanding === 0, { message: 'the aborted batches to settle' })
    const heap = await heapAfterGc()
    assert.equal(app.service.pool.outstanding, 0, 'nothing left running or queued')
    assert.ok(heap - baseline < 20, `heap grew ${heap - baseline} MB`)
    const next = await app.call('GET', '/export/FR?count=5&format=txt')
    assert.equal(next.status, 200)
    assert.equal(next.text.trim().split('\n').length, 5)
    record(
      'S1',
      '1,000 downloads cut after the first chunk (+5 bulk)',
      `pool outstanding 0; heap ${baseline.toFixed(1)} → ${heap.toFixed(1)} MB after GC`,
    )
  })

  test('S2: a reader that stops reading is cut off after the inactivity timeout; its batches are cancelled', async () => {
    const slow = await startApp({ after: (fn) => cleanup.push(fn) }, { start: { timeouts: { socketTimeout: 1_000 } } })
    const url = new URL(slow.url)
    // A fresh pool's first batches (threads starting, code cold) can outlast the 1 s timeout.
    const batch = {
      dataset: { countries: ['DE'], realistic: true, seed: 'warm' },
      format: 'csv' as const,
      start: 0,
      count: 10_000,
      first: true,
      last: true,
    }
    await Promise.all(Array.from({ length: slow.service.pool.threads }, () => slow.service.pool.run(batch)))
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(
        `GET /api/v1/bulk/DE?count=5000000 HTTP/1.1\r\nHost: ${url.host}\r\nX-API-Key: ${slow.auth['x-api-key']}\r\n\r\n`,
      )
    })
    socket.on('error', () => {})
    await new Promise((resolve, reject) => {
      socket.once('data', resolve)
      socket.once('close', () => reject(new Error('the server closed the connection before its first byte')))
    })
    socket.pause() // read one chunk, then never again
    const started = performance.now()
    // The paused client would only notice the close when it read again: watch the server side.
    await waitFor(async () => (await connectionsOf(slow.service.app.server)) === 0, {
      timeout: 10_000,
      interval: 100,
      message: 'the stalled connection to be closed',
    })
    const closedAfter = performance.now() - started
    socket.destroy()
    await waitFor(() => slow.service.pool.outstanding === 0, { message: 'the pool to go idle' })
    assert.equal((await slow.call('GET', '/api/v1/countries/DE', { headers: slow.auth })).status, 200)
    record(
      'S2',
      'A download whose reader stops reading',
      `closed after ${closedAfter.toFixed(0)} ms (inactivity timeout 1 s in the test, 60 s by default); pool idle`,
    )
  })

  test('M10: 10,000 MCP calls: heap flat after GC', async () => {
    const body = (id: number) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'generate_iban', arguments: { country: 'IT', count: 2 } },
      })
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    }
    const call = async (id: number) => {
      const r = await request(`${app.url}/mcp`, { method: 'POST', headers, body: body(id) })
      assert.equal(r.statusCode, 200)
      await r.body.dump()
    }
    for (let i = 0; i < 200; i++) await call(i)
    const baseline = await heapAfterGc()
    let id = 0
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (id < 10_000) await call(id++)
      }),
    )
    const heap = await heapAfterGc()
    assert.ok(heap - baseline < 15, `heap grew ${heap - baseline} MB`)
    record('M10', '10,000 MCP tools/call generate_iban', `heap ${baseline.toFixed(1)} → ${heap.toFixed(1)} MB after GC`)
  })
})
