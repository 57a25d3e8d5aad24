import assert from 'node:assert/strict'
import { test } from 'node:test'
import { flagOf, flagSchema } from '../../src/core/flags.ts'

test('flagOf reads 1/true and 0/false from a query or JSON, and the fallback otherwise', () => {
  for (const fallback of [true, false]) {
    for (const on of ['1', 'true', true]) assert.equal(flagOf(on, fallback), true)
    for (const off of ['0', 'false', false]) assert.equal(flagOf(off, fallback), false)
    assert.equal(flagOf(undefined, fallback), fallback)
  }
})

test('flagSchema spells a flag parameter one way, with its default only when given', () => {
  assert.deepEqual(Object.keys(flagSchema('header', 'text')), ['type', 'enum', 'description', 'x-message'])
  assert.deepEqual(flagSchema('instant', 'text', 'false'), {
    type: 'string',
    enum: ['1', '0', 'true', 'false'],
    default: 'false',
    description: 'text',
    'x-message': 'instant must be one of 1, 0, true, false',
  })
})
