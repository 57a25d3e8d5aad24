import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { RateLimits } from '../../src/limits/rate-limit.ts'
import { DEGRADED_MS } from '../../src/limits/store-health.ts'
import { connectRedis } from '../../src/redis.ts'
import { startApp } from '../helpers/app.ts'
import { startRedis } from '../helpers/redis.ts'
import { waitFor } from '../helpers/wait.ts'

test('two instances sharing one Redis admit a key with limit 5 exactly 5 times', async () => {
  const redis = await startRedis({ after })
  const a = await startApp({ after }, { redisUrl: redis.url })
  const b = await startApp({ after }, { redisUrl: redis.url })
  const slowSpells = () => [a, b].reduce((n, app) => n + app.logText().split('Redis failed or was slow').length - 1, 0)
  // A Redis slower than the command timeout (a loaded machine) rightly hands the count to each
  // instance's memory for a second, so a burst the log says was decided that way is tried again
  // with a fresh key; the count must be exact on every burst Redis decided.
  for (let attempt = 1; ; attempt++) {
    const before = slowSpells()
    const { key } = await a.createKey({ limit: 5 })
    const headers = { 'x-api-key': key }
    // 20 concurrent requests alternating between the instances.
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).call('GET', '/api/v1/generate/DE', { headers })),
    )
    if (slowSpells() > before && attempt < 5) {
      await new Promise((resolve) => setTimeout(resolve, DEGRADED_MS))
      continue
    }
    const statuses = responses.map((r) => r.status)
    assert.equal(statuses.filter((s) => s === 200).length, 5, statuses.join(','))
    assert.equal(statuses.filter((s) => s === 429).length, 15)
    return
  }
})

test('a Redis outage degrades to the memory insurance limiter: no error, no stall, never a 429 for the outage', async () => {
  const redis = await startRedis({ after })
  const client = await connectRedis(redis.url)
  client.on('error', () => {})
  after(() => client.disconnect())
  await new Promise((resolve) => client.once('ready', resolve))
  let storeErrors = 0
  const limits = new RateLimits({ redis: client, onStoreError: () => storeErrors++ })
  assert.equal((await limits.consume('api', 'k', 100)).allowed, true)
  await redis.stop()
  // The client has seen the outage (its connection closed), so every call below meets it.
  await waitFor(() => client.status !== 'ready', { timeout: 10_000, message: 'the client to see Redis go' })
  // No stall: Redis never comes back in this test, so a limiter that waited for it would never answer.
  const during = []
  for (let i = 0; i < 5; i++) during.push(await limits.consume('api', 'k', 100))
  assert.ok(during.every((r) => r.allowed))
  const tight = []
  for (let i = 0; i < 3; i++) tight.push((await limits.consume('api', 'tight', 2)).allowed)
  assert.deepEqual(tight, [true, true, false], 'the insurance limiter still enforces the limit')
  assert.equal(storeErrors, 0, 'insurance answers; the store error never reaches the caller')
})

test('the service keeps answering keyed requests while Redis is down, and uses Redis again after', async () => {
  const redis = await startRedis({ after })
  const app = await startApp({ after }, { redisUrl: redis.url })
  const { key } = await app.createKey({ limit: 1000 })
  const headers = { 'x-api-key': key }
  assert.equal((await app.call('GET', '/api/v1/generate/DE', { headers })).status, 200)
  const port = redis.port
  await redis.stop()
  for (let i = 0; i < 5; i++) assert.equal((await app.call('GET', '/api/v1/generate/DE', { headers })).status, 200)
  const ready = await app.call('GET', '/readyz')
  assert.equal(ready.status, 503)
  assert.equal((ready.body as { error: { code: string } }).error.code, 'service_unavailable')
  const restarted = await startRedis({ after }, port)
  const watcher = restarted.client()
  await waitFor(async () => (await app.call('GET', '/readyz', { unchecked: true })).status === 200, {
    timeout: 10_000,
    message: 'the reconnection to Redis',
  })
  // The key lives in the lost Redis: its cached record keeps serving until the cache expires,
  // and the limiter writes to the new Redis again.
  assert.equal((await app.call('GET', '/api/v1/generate/DE', { headers })).status, 200)
  const keys = await watcher.keys('ibanmint:rl:*')
  assert.ok(keys.length > 0, 'rate-limit counters are back in Redis')
})
