import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ibanCheckDigits, isMod97Valid, mod97Fold } from '../../src/iban/mod97.ts'

const CASES: [string, boolean][] = [
  ['DE89370400440532013000', true],
  ['GB29NWBK60161331926819', true],
  ['LC55HEMM000100010012001200023015', true], // 32 characters: far beyond a double
  ['MT84MALT011000012345MTLCAST001S', true],
  ['DE89370400440532013001', false],
  ['DE98370400440532013000', false],
  ['DE8937040044053201300', false],
  ['de89370400440532013000', false], // callers normalize first
  ['DE89 3704 0044 0532 0130 00', false],
  ['', false],
  ['DE8', false],
]

for (const [iban, expected] of CASES) {
  test(`isMod97Valid("${iban}") is ${expected}`, () => {
    assert.equal(isMod97Valid(iban), expected)
  })
}

test('mod97Fold matches a BigInt reference on long digit and letter strings', () => {
  for (const text of [
    '0',
    '96',
    '97',
    '123456789012345678901234567890',
    'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ',
    'A1B2C3D4E5F6',
  ]) {
    const digits = [...text].map((ch) => (/[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch)).join('')
    assert.equal(mod97Fold(text), Number(BigInt(digits) % 97n), text)
  }
  assert.equal(mod97Fold('12-3'), -1)
})

test('ibanCheckDigits computes the registry examples’ check digits', () => {
  assert.equal(ibanCheckDigits('DE', '370400440532013000'), '89')
  assert.equal(ibanCheckDigits('FR', '20041010050500013M02606'), '14')
  assert.equal(ibanCheckDigits('NO', '86011117947'), '93')
  assert.throws(() => ibanCheckDigits('DE', '3704-0044'), RangeError)
})
