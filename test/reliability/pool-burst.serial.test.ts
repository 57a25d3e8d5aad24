// The worker pool's full queue: a burst beyond it is refused at once, and requests over a key's
// limit never reach a worker. A serial file (test/run.ts runs it alone): the burst has to reach
// the server within the 1.5 s that two slow batches hold the threads, and a neighbouring file's
// load could delay it past that.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { request } from 'undici'
import { assertError, startApp, type TestApp } from '../helpers/app.ts'
import { waitFor } from '../helpers/wait.ts'
import { record } from './report.ts'

const FAULT_WORKER = fileURLToPath(new URL('../helpers/fault-worker.mjs', import.meta.url))

/** The server's access lines (one per response), parsed. */
function accessLines(app: TestApp): { status: number; ms: number }[] {
  return app
    .logText()
    .split('\n')
    .filter((line) => line.includes('"completed":'))
    .map((line) => JSON.parse(line) as { status: number; ms: number })
}

describe('reliability: a burst beyond the pool queue', () => {
  let app: TestApp
  const cleanup: (() => unknown)[] = []
  before(async () => {
    app = await startApp(
      { after: (fn) => cleanup.push(fn) },
      {
        env: { POOL_THREADS: '2', POOL_INLINE_MAX: '0' },
        start: { workerModule: FAULT_WORKER },
      },
    )
    // The threads start with the service: a first round of batches waits for them, so that the
    // burst meets a pool that is up.
    const warm = Array.from({ length: 4 }, () => app.call('GET', '/api/v1/generate/DE?count=1', { headers: app.auth }))
    for (const response of await Promise.all(warm)) assert.equal(response.status, 200)
  })
  after(async () => {
    for (const fn of cleanup) await fn()
  })

  test('W4 and L8: a burst beyond the queue gets immediate 503s; 429s never reach the pool', async () => {
    const { key } = await app.createKey({ limit: 1_000_000 })
    const headers = { 'x-api-key': key }
    // Two slow batches (1.5 s each) hold both threads, then more than the queue (256) can take.
    // Answers in the order they reach the client: a refusal that waited for a thread would come
    // after a slow batch's answer.
    let arrivals = 0
    const slow = [1, 2].map(() =>
      app.call('GET', '/api/v1/generate/DE?count=1&seed=fault:slow', { headers }).then(() => arrivals++),
    )
    await waitFor(() => app.service.pool.outstanding === 2, { message: 'both slow batches in the pool' })
    const started = performance.now()
    const burst = await Promise.all(
      Array.from({ length: 300 }, () =>
        request(`${app.url}/api/v1/generate/DE?count=1`, { headers }).then(async (r) => {
          await r.body.dump()
          return {
            status: r.statusCode,
            at: performance.now() - started,
            order: arrivals++,
            retry: r.headers['retry-after'],
          }
        }),
      ),
    )
    const refused = burst.filter((r) => r.status === 503)
    assert.ok(refused.length > 0, 'some refused')
    assert.ok(refused.every((r) => r.retry === '1'))
    const firstSlow = Math.min(...(await Promise.all(slow)))
    // Refused at once: every 503 reached the client before either slow batch's answer, which a
    // refusal that had waited for a thread could not have done.
    assert.ok(
      refused.every((r) => r.order < firstSlow),
      'every refusal answered while the slow batches held the threads',
    )
    // How long each refusal took as the server timed it (its access line), for the record.
    const refusalMs = await waitFor(
      () => {
        const times = accessLines(app)
          .filter((line) => line.status === 503)
          .map((line) => line.ms)
        return times.length >= refused.length ? times : undefined
      },
      { message: `the access lines of ${refused.length} refusals` },
    )
    const slowest = Math.max(...refusalMs)
    const lastArrived = Math.max(...refused.map((r) => r.at))
    const completedBefore = app.service.pool.completed
    const limited = await app.createKey({ limit: 1 })
    const limitedHeaders = { 'x-api-key': limited.key }
    await app.call('GET', '/api/v1/generate/DE?count=1', { headers: limitedHeaders })
    for (let i = 0; i < 20; i++) {
      assertError(
        await app.call('GET', '/api/v1/generate/DE?count=1', { headers: limitedHeaders }),
        429,
        'rate_limited',
      )
    }
    assert.equal(app.service.pool.completed - completedBefore, 1, 'only the admitted request reached a worker')
    record(
      'W4/L8',
      'Burst of 300 beyond the queue; 20 requests over a key’s limit',
      `${refused.length} × 503, each answered within ${slowest.toFixed(1)} ms of the server taking it up (the last reached the client after ${lastArrived.toFixed(0)} ms); 429s ran 0 batches`,
    )
  })
})
