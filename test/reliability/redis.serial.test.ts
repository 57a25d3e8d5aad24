// Redis faults under load: killed and restarted, paused, down at boot; limits exact across two
// instances; every rate-limit key expires. A serial file (test/run.ts runs it alone): its bounds
// on latency under load, and the exact limit that holds only while every Redis command beats
// the 250 ms command timeout, must measure this service, not a neighbouring test's load.
import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { mintKey } from '../../src/keys/key.ts'
import { startApp } from '../helpers/app.ts'
import { freePort, startRedis, type RedisServer } from '../helpers/redis.ts'
import { sleep, startLoad } from './load.ts'
import { percentile, record } from './report.ts'
import { waitFor } from '../helpers/wait.ts'

/** Requests the load answers before a fault, and again after it, before the case goes on. */
const WARM = 200

describe('reliability: Redis faults', () => {
  const cleanup: (() => unknown)[] = []
  const hooks = { after: (fn: () => unknown) => cleanup.push(fn) }
  after(async () => {
    for (const fn of cleanup.reverse()) await fn()
  })

  test('R1: Redis killed and down for 3 s under load: no errors, no 5xx, p99 bounded, back on Redis after', async () => {
    let redis: RedisServer = await startRedis()
    const port = redis.port
    const app = await startApp(hooks, { redisUrl: redis.url })
    cleanup.push(() => redis.stop())
    const { key, record: keyRecord } = mintKey({ name: 'r1', limit: 1_000_000, expiresAt: null })
    await app.service.keyStore.add(keyRecord)
    const load = startLoad(`${app.url}/api/v1/generate/DE?count=1`, { headers: { 'x-api-key': key } })
    const counters = redis.client()
    await waitFor(async () => load.count >= WARM && (await counters.keys('ibanmint:rl:*')).length > 0, {
      message: `${WARM} requests counted on Redis before the outage`,
    })
    await redis.stop() // SIGKILL
    const outageStarted = performance.now()
    await sleep(3_000) // the outage itself, under load
    redis = await startRedis(undefined, port)
    await waitFor(async () => (await app.call('GET', '/readyz', { unchecked: true })).status === 200, {
      timeout: 10_000,
      message: 'the reconnection to Redis',
    })
    // A restarted Redis without persistence has lost the key: the operator's store comes back.
    await app.service.keyStore.add(keyRecord)
    const restored = load.count
    const watcher = redis.client()
    await waitFor(async () => load.count >= restored + WARM && (await watcher.keys('ibanmint:rl:*')).length > 0, {
      timeout: 10_000,
      message: `${WARM} requests more, counted on the restarted Redis`,
    })
    const result = await load.stop()
    const outage = Math.round(performance.now() - outageStarted)
    assert.deepEqual(result.errors, [])
    assert.equal(result.fiveHundreds, 0, JSON.stringify([...result.statuses]))
    assert.deepEqual([...result.statuses.keys()], [200])
    const p99 = percentile(result.latencies, 99)
    assert.ok(p99 <= 300, `p99 ${p99} ms`)
    record(
      'R1',
      'Redis SIGKILLed under load, restarted after 3 s',
      `${result.count} requests over ${outage} ms: 0 errors, 0 × 5xx, p99 ${p99.toFixed(1)} ms, max ${Math.max(...result.latencies).toFixed(0)} ms; back on Redis`,
    )
    await app.close()
  })

  test('R3: Redis paused for 3 s (CLIENT PAUSE 3000) under load: answers within the command timeout', async () => {
    const redis = await startRedis(hooks)
    const app = await startApp(hooks, { redisUrl: redis.url })
    const { key } = await app.createKey({ limit: 1_000_000 })
    const load = startLoad(`${app.url}/api/v1/validate/DE89370400440532013000`, { headers: { 'x-api-key': key } })
    await waitFor(() => load.count >= WARM, { message: `${WARM} requests before the pause` })
    await redis.client().call('CLIENT', 'PAUSE', '3000', 'ALL')
    const paused = performance.now()
    // Redis holds every client's commands, this one's too, until the pause lifts.
    await redis.client().ping()
    const pausedFor = performance.now() - paused
    assert.ok(pausedFor >= 2_900, `Redis answered ${pausedFor.toFixed(0)} ms into a 3 s pause`)
    const resumed = load.count
    await waitFor(() => load.count >= resumed + WARM, { message: `${WARM} requests after the pause` })
    const result = await load.stop()
    assert.deepEqual(result.errors, [])
    assert.equal(result.fiveHundreds, 0)
    const max = Math.max(...result.latencies)
    assert.ok(max < 1_000, `max ${max} ms`)
    assert.ok(percentile(result.latencies, 99) <= 300, `p99 ${percentile(result.latencies, 99)} ms`)
    record(
      'R3',
      'Redis paused 3 s (CLIENT PAUSE ALL) under load',
      `${result.count} requests: 0 × 5xx, p99 ${percentile(result.latencies, 99).toFixed(0)} ms, max ${max.toFixed(0)} ms (command timeout 250 ms)`,
    )
  })

  test('R2: Redis down at boot: the service starts degraded and recovers when Redis appears', async () => {
    const port = await freePort()
    const app = await startApp(hooks, { redisUrl: `redis://127.0.0.1:${port}` })
    assert.equal((await app.call('GET', '/readyz', { unchecked: true })).status, 503)
    const keyless = await app.call('GET', '/export/DE?count=2&format=txt')
    assert.equal(keyless.status, 200, 'keyless routes limit on the memory insurance')
    const redis = await startRedis(hooks, port)
    const started = Date.now()
    await waitFor(async () => (await app.call('GET', '/readyz', { unchecked: true })).status === 200, {
      message: 'readiness once Redis is back',
    })
    const { key, record: keyRecord } = mintKey({ name: 'r2', limit: 100, expiresAt: null })
    await app.service.keyStore.add(keyRecord)
    const keyed = await app.call('GET', '/api/v1/countries/DE', { headers: { 'x-api-key': key } })
    assert.equal(keyed.status, 200)
    assert.ok((await redis.client().keys('ibanmint:rl:*')).length > 0)
    record(
      'R2',
      'Redis down at boot',
      `starts; /readyz 503 then 200 ${Date.now() - started} ms after Redis came up; keyless 200 meanwhile`,
    )
  })

  test('L4: two instances on one Redis: a key limited to 60 admits exactly 60 of 200 concurrent requests', async () => {
    const redis = await startRedis(hooks)
    const one = await startApp(hooks, { redisUrl: redis.url })
    const two = await startApp(hooks, { redisUrl: redis.url })
    const { key } = await one.createKey({ limit: 60 })
    const calls = Array.from({ length: 200 }, (_, i) =>
      (i % 2 === 0 ? one : two).call('GET', '/api/v1/validate/DE89370400440532013000', {
        headers: { 'x-api-key': key },
      }),
    )
    const statuses = (await Promise.all(calls)).map((r) => r.status)
    const ok = statuses.filter((s) => s === 200).length
    const limited = statuses.filter((s) => s === 429).length
    assert.equal(ok, 60)
    assert.equal(limited, 140)
    record('L4', 'Two instances, one Redis, limit 60, 200 concurrent', `${ok} × 200, ${limited} × 429, 0 × 5xx`)

    const keys = await redis.client().keys('ibanmint:rl:*')
    const ttls = await Promise.all(keys.map((k) => redis.client().pttl(k)))
    assert.ok(keys.length > 0)
    assert.ok(
      ttls.every((ttl) => ttl > 0 && ttl <= 60_000),
      JSON.stringify(ttls),
    )
    record('R6', 'Every rate-limit key in Redis expires', `${keys.length} keys, TTL 0 < t ≤ 60 s`)
  })
})
