import assert from 'node:assert/strict'
import { test } from 'node:test'
import { closest, editDistance } from '../../src/cli/suggest.ts'

test('editDistance counts insertions, deletions, substitutions and swaps of neighbours', () => {
  const cases: [string, string, number][] = [
    ['', '', 0],
    ['count', 'count', 0],
    ['cuont', 'count', 1], // a swap is one edit
    ['generat', 'generate', 1],
    ['genrate', 'generate', 1],
    ['gnerate', 'generate', 1],
    ['kitten', 'sitting', 3],
    ['', 'keys', 4],
    ['ca', 'abc', 3], // optimal string alignment: a swapped pair is not edited again
  ]
  for (const [a, b, distance] of cases) {
    assert.equal(editDistance(a, b), distance, `${a} → ${b}`)
    assert.equal(editDistance(b, a), distance, `${b} → ${a}`)
  }
})

const COMMANDS = ['generate', 'iban', 'validate', 'bic', 'countries', 'serve', 'keys']

test('closest names the command, action or option a typo meant', () => {
  const cases: [string, readonly string[], string | undefined][] = [
    ['generat', COMMANDS, 'generate'],
    ['GENERATE', COMMANDS, 'generate'],
    ['gen', COMMANDS, 'generate'], // the start of a word
    ['vaildate', COMMANDS, 'validate'],
    ['contries', COMMANDS, 'countries'],
    ['key', COMMANDS, 'keys'],
    ['bci', COMMANDS, 'bic'],
    ['server', COMMANDS, 'serve'],
    ['creat', ['create', 'list', 'revoke'], 'create'],
    ['lsit', ['create', 'list', 'revoke'], 'list'],
    ['cuont', ['count', 'format', 'random', 'seed'], 'count'],
    ['thread', ['count', 'threads'], 'threads'],
    ['frobnicate', COMMANDS, undefined],
    ['x', COMMANDS, undefined],
    ['', COMMANDS, undefined],
    ['zz', ['count'], undefined],
  ]
  for (const [input, candidates, expected] of cases) assert.equal(closest(input, candidates), expected, input)
})

test('closest allows one edit in three letters: a short word is not matched to anything', () => {
  assert.equal(closest('ab', ['abc']), 'abc') // a start
  assert.equal(closest('xbc', ['abc']), 'abc') // one edit in three
  assert.equal(closest('xyc', ['abc']), undefined) // two in three
  assert.equal(closest('generxxe', ['generate']), 'generate') // two in eight
  assert.equal(closest('gxnxrxte', ['generate']), undefined) // three in eight
})
