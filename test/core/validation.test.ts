import assert from 'node:assert/strict'
import { test } from 'node:test'
import { isOneEditAway, unknownParameterError } from '../../src/core/validation.ts'

// One edit: a character inserted, deleted, substituted, or two neighbours swapped.
const PAIRS: [string, string, boolean][] = [
  ['cuont', 'count', true], // swapped
  ['coutn', 'count', true],
  ['ocunt', 'count', true],
  ['cont', 'count', true], // deleted
  ['counts', 'count', true], // inserted
  ['xcount', 'count', true],
  ['Count', 'count', true], // substituted
  ['coumt', 'count', true],
  ['count', 'count', false], // no edit: a known name
  ['cnout', 'count', false], // two edits
  ['ount', 'counts', false],
  ['utm_source', 'count', false],
  ['_', 'seed', false],
  ['', 'bank', false],
  ['seeds', 'seed', true],
  ['bnk', 'bank', true],
  ['invalidonly', 'invalid_only', true],
]

for (const [a, b, expected] of PAIRS) {
  test(`isOneEditAway(${JSON.stringify(a)}, ${JSON.stringify(b)}) → ${expected}`, () => {
    assert.equal(isOneEditAway(a, b), expected)
    assert.equal(isOneEditAway(b, a), expected, 'either way round')
  })
}

test('unknownParameterError: a 422 naming the parameter meant for a typo; nothing for any other name', () => {
  const known = ['count', 'realistic', 'seed']
  const error = unknownParameterError('cuont', known)
  assert.equal(error?.code, 'invalid_request')
  assert.equal(error?.message, 'unknown query parameter "cuont": did you mean "count"?')
  assert.equal(unknownParameterError('realistc', known)?.message.endsWith('did you mean "realistic"?'), true)
  assert.equal(unknownParameterError('_', known), undefined)
  assert.equal(unknownParameterError('utm_source', known), undefined)
  assert.equal(unknownParameterError('cuont', []), undefined)
})
