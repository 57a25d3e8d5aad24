// Rate limits in memory and the store's health: no Redis, no server.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { RateLimits } from '../../src/limits/rate-limit.ts'
import { DEGRADED_MS, StoreHealth } from '../../src/limits/store-health.ts'

test('RateLimits in memory: a limit of 3 admits 3, then rejects with the time to reset', async () => {
  const limits = new RateLimits()
  const results = []
  for (let i = 0; i < 4; i++) results.push(await limits.consume('api', 'subject', 3))
  assert.deepEqual(
    results.map((r) => [r.allowed, r.remaining]),
    [
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ],
  )
  assert.ok((results[3]?.reset ?? 0) >= 1 && (results[3]?.reset ?? 0) <= 60)
  assert.equal((await limits.consume('api', 'other', 3)).allowed, true, 'subjects are independent')
  assert.equal((await limits.consume('export', 'subject', 3)).allowed, true, 'buckets are independent')
})

test('StoreHealth: degraded for a moment after a failure, and says so once per spell', () => {
  let told = 0
  const health = new StoreHealth(() => told++)
  assert.equal(health.degraded(0), false)
  health.markFailed(10)
  health.markFailed(20)
  assert.equal(told, 1, 'a failure while degraded is not a new spell')
  assert.equal(health.degraded(20 + DEGRADED_MS - 1), true)
  assert.equal(health.degraded(20 + DEGRADED_MS), false)
  health.markFailed(20 + DEGRADED_MS)
  assert.equal(told, 2)
})
