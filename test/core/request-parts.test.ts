// The pieces of a row request the download and the command line build alike.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { withPartySeed } from '../../src/core/payment-request.ts'
import { partRows, refuseSlicedPayment } from '../../src/core/slices.ts'

test('a payment format cut in slices is refused, naming the options as the surface calls them', () => {
  assert.doesNotThrow(() => refuseSlicedPayment('csv'))
  assert.throws(() => refuseSlicedPayment('pain.001'), {
    code: 'invalid_request',
    message:
      'slice cuts the row formats (csv, json, ndjson, sql, txt); a pain.001 file is one message: use offset and count for files of their own',
  })
  const names = { slice: '--manifest', seed: '--seed', offset: '--offset', count: '--count' }
  assert.throws(() => refuseSlicedPayment('camt.053', names), {
    message:
      '--manifest cuts the row formats (csv, json, ndjson, sql, txt); a camt.053 file is one message: use --offset and --count for files of their own',
  })
})

test('partRows: all rows without a slice, else the part, both with the whole’s first row as origin', () => {
  assert.deepEqual(partRows(10, 5, undefined), { count: 10, offset: 5, origin: 5 })
  assert.deepEqual(partRows(10, 5, { index: 1, count: 3 }), { count: 3, offset: 9, origin: 5 })
})

test('withPartySeed draws a seed for unseeded party rows only', () => {
  const unseeded = { countries: ['DE'], seed: undefined }
  assert.equal(withPartySeed(unseeded, false), unseeded)
  assert.equal(typeof withPartySeed(unseeded, true).seed, 'string')
  const seeded = { countries: ['DE'], seed: 'x' }
  assert.equal(withPartySeed(seeded, true), seeded)
})
