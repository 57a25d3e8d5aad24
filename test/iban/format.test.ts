import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { formatIban, normalizeIban } from '../../src/iban/index.ts'

/** The print form as ISO 13616 states it: groups of four, the last one shorter. */
function reference(iban: string): string {
  return (iban.match(/.{1,4}/g) ?? []).join(' ')
}

test('formatIban groups every length by four, the last group shorter', () => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  for (let length = 0; length <= 48; length++) {
    const iban = Array.from({ length }, (_, i) => alphabet[(i * 7 + length) % alphabet.length]).join('')
    assert.equal(formatIban(iban), reference(iban), `length ${length}`)
  }
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 40 }), (iban) => {
      assert.equal(formatIban(iban), reference(iban))
    }),
  )
})

test('normalizeIban removes whitespace and upper-cases, and formatIban reverses nothing else', () => {
  assert.equal(normalizeIban(' de89 3704\t0044 0532 0130 00\n'), 'DE89370400440532013000')
  assert.equal(formatIban(normalizeIban('DE89 3704 0044 0532 0130 00')), 'DE89 3704 0044 0532 0130 00')
})
