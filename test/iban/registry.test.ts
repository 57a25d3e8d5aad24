import assert from 'node:assert/strict'
import { test } from 'node:test'
import { COUNTRIES, findCountry, isSupportedCountry, toCountry } from '../../src/iban/registry.ts'
import { referenceCountries } from '../helpers/fixtures.ts'

const SPEC_CODES =
  'DE FR IT ES NL BE GB AT CH LU LI MC SM VA AD IE GI SE NO FI DK IS EE LV LT FO GL PT GR CY MT RO BG HR SI SK CZ HU PL AL BA XK ME MK RS AZ BY GE MD RU UA SA AE JO TR BH IQ IL KW LB OM PS QA YE DZ TN MA EG BI DJ LY MR MU ST SC SO SD PK KZ MN TL BR VG CR DO SV FK GT HN NI LC'.split(
    ' ',
  )

test("the registry holds the 91 countries in the service's order", () => {
  assert.deepEqual(
    COUNTRIES.map((c) => c.code),
    SPEC_CODES,
  )
})

for (const reference of referenceCountries) {
  test(`${reference.code}: every Country field matches the reference registry`, () => {
    const spec = findCountry(reference.code)
    assert.ok(spec)
    assert.deepEqual(toCountry(spec), {
      code: reference.code,
      name: reference.name,
      slug: reference.slug,
      iban_length: reference.iban_length,
      bban_length: reference.bban_length,
      bban_format: reference.bban_format,
      structure: reference.structure,
      example: reference.example,
      sepa: reference.sepa,
    })
    assert.deepEqual(
      spec.segments.map((s) => [s.name, s.length, s.chars, s.letter, s.fixed, s.label]),
      reference.segments.map((s) => [s.name, s.length, s.chars, s.letter, s.fixed, s.label]),
    )
    assert.equal(spec.nationalCheck?.algorithm ?? null, reference.national_check?.algorithm ?? null)
    assert.deepEqual(spec.nationalCheck?.parts.map((p) => p.check) ?? [], reference.national_check?.positions ?? [])
  })
}

test('the format pattern of every country accepts its example BBAN and rejects a wrong class', () => {
  for (const spec of COUNTRIES) {
    assert.ok(spec.formatPattern.test(spec.example.slice(4)), spec.code)
    assert.ok(!spec.formatPattern.test(spec.example.slice(4) + '0'), spec.code)
    assert.ok(!spec.formatPattern.test(spec.example.slice(4, -1) + '!'), spec.code)
  }
})

test('country look-up is case-insensitive and rejects unknown codes', () => {
  assert.equal(findCountry('de')?.code, 'DE')
  assert.equal(findCountry('Gb')?.code, 'GB')
  assert.equal(findCountry('XX'), undefined)
  assert.equal(findCountry(''), undefined)
  assert.equal(isSupportedCountry('us'), false)
  assert.equal(isSupportedCountry('lc'), true)
})

test('31 countries define a national check and NL only an advisory one', () => {
  assert.equal(COUNTRIES.filter((c) => c.nationalCheck !== null).length, 31)
  assert.deepEqual(
    COUNTRIES.filter((c) => c.advisoryCheck !== null).map((c) => c.code),
    ['NL'],
  )
  assert.deepEqual(
    COUNTRIES.filter((c) => c.nationalCheck?.status === 'probable')
      .map((c) => c.code)
      .sort(),
    ['BI', 'MA', 'ST', 'XK'],
  )
})
