import assert from 'node:assert/strict'
import { test } from 'node:test'
import { DEFAULT_STREAMS_PER_KEY, StreamLimits } from '../../src/limits/streams.ts'

// Streams open at once per key: counted up to the limit, one more refused naming it, and each
// place given back once, however often its release runs.

test('a key holds up to its limit of open streams; one more is a 429 naming STREAMS_PER_KEY', () => {
  const limits = new StreamLimits(2)
  const first = limits.open('a')
  limits.open('a')
  assert.throws(
    () => limits.open('a'),
    (error: { code: string; message: string; retryAfter: number }) =>
      error.code === 'rate_limited' &&
      error.retryAfter === 2 &&
      error.message ===
        'this key already has 2 streams open, the most it may have at once (STREAMS_PER_KEY 2); retry when one has ended',
  )
  limits.open('b')
  first()
  first() // a second release gives nothing back twice
  assert.equal(limits.openFor('a'), 1)
  limits.open('a')
  assert.throws(() => limits.open('a'), { code: 'rate_limited' })
})

test('one open stream is named in the singular; the default allows eight', () => {
  const limits = new StreamLimits(1)
  limits.open('k')
  assert.throws(() => limits.open('k'), { message: /already has 1 stream open,/ })
  assert.equal(DEFAULT_STREAMS_PER_KEY, 8)
  const defaults = new StreamLimits()
  for (let i = 0; i < 8; i++) defaults.open('k')
  assert.throws(() => defaults.open('k'), { code: 'rate_limited' })
})
