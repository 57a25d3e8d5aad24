import assert from 'node:assert/strict'
import { test } from 'node:test'
import { validateIban } from '../../src/iban/index.ts'
import { NATIONAL_ALGORITHMS } from '../../src/iban/national.ts'
import { vectors } from '../helpers/fixtures.ts'

// Worked examples of the national-check reference, one or more per algorithm: input → check.
const WORKED: [keyof typeof NATIONAL_ALGORITHMS, string, string | null][] = [
  ['rib-key', '20041010050500013M026', '06'],
  ['rib-key', '100060351835984788', '31'],
  ['it-cin', '0542811101000000123456', 'X'],
  ['es-dc', '00210004180', null], // 11 digits: not a DC input
  ['es-dc', '21000418', '4'],
  ['es-dc', '0200051332', '5'],
  ['be-mod97', '5390075470', '34'],
  ['be-mod97', '0000000097', '97'], // remainder 0 is written 97
  ['iso7064-mod97-10', '0002012312345678901', '54'],
  ['iso7064-mod97-10', '12120123456789', '06'],
  ['no-mod11', '8601111794', '7'],
  ['fi-luhn', '1234560000078', '5'],
  ['ee-731', '0022102014568', '5'],
  ['iso7064-mod11-10', '100100', '5'],
  ['iso7064-mod11-10', '186300016', '0'],
  ['mod10-9731', '1177301', '6'],
  ['mod10-9731', '111110180000000', '0'],
  ['mod10-9731', '2121100', '9'],
  ['pl-3971', '1090101', '4'],
  ['cz-sk-mod11', '00001', '9'],
  ['cz-sk-mod11', '200014539', '9'],
  ['is-kennitala', '55107303', '3'],
  ['ru-bik-key', '2254081781038091310419', '5'],
  ['nl-elfproef', '041716430', '0'],
  ['no-mod11', '86011117A4', null], // digits only
]

for (const [algorithm, input, expected] of WORKED) {
  test(`${algorithm}("${input}") → ${expected ?? 'no valid check'}`, () => {
    assert.equal(NATIONAL_ALGORITHMS[algorithm](input), expected)
  })
}

for (const vector of vectors) {
  test(`vector ${vector.country} ${vector.iban} (${vector.kind}) is ${vector.valid ? 'valid' : 'invalid'}`, () => {
    const result = validateIban(vector.iban)
    assert.equal(result.valid, vector.valid, vector.note)
    if (vector.algorithm !== null && vector.algorithm !== 'nl-elfproef' && result.checks.format) {
      assert.equal(result.checks.national, vector.valid, vector.note)
    }
  })
}
