import assert from 'node:assert/strict'
import { test } from 'node:test'
import { validateIban } from '../../src/iban/index.ts'

test('validateIban normalizes spaces and case and reports every check', () => {
  assert.deepEqual(validateIban(' fr14 2004 1010 0505 0001 3m02 606 '), {
    iban: 'FR1420041010050500013M02606',
    formatted: 'FR14 2004 1010 0505 0001 3M02 606',
    valid: true,
    country_code: 'FR',
    country_supported: true,
    check_digits: '14',
    bban: '20041010050500013M02606',
    length: 27,
    expected_length: 27,
    checks: { mod97: true, length: true, format: true, country_supported: true, national: true },
    national_check: { algorithm: 'rib-key', status: 'confirmed', valid: true },
    bban_parts: { bank: '20041', branch: '01005', account: '0500013M026', national_check: '06' },
    bank: { code: '2004101005', name: 'LA BANQUE POSTALE', bic: 'PSSTFRPPBOR' },
    sepa: true,
  })
})

test('validateIban reports the bank when its code is one ibanmint knows, else null', () => {
  assert.deepEqual(validateIban('DE89370400440532013000').bank, {
    code: '37040044',
    name: 'Commerzbank',
    bic: 'COBADEFF',
  })
  assert.equal(validateIban('DE02120300000000202051').bank, null)
  assert.equal(validateIban('US64SVBKUS6S3300958879').bank, null)
  assert.equal(validateIban('US64SVBKUS6S3300958879').sepa, null)
  assert.equal(validateIban('TR330006100519786457841326').sepa, false)
})

// input → [valid, mod97, length, format, country_supported, national]
const CASES: [string, [boolean, boolean, boolean | null, boolean, boolean, boolean | null]][] = [
  ['DE89370400440532013000', [true, true, true, true, true, null]],
  ['DE89370400440532013001', [false, false, true, true, true, null]],
  ['DE8937040044053201300', [false, false, false, true, true, null]], // one digit short, digits fine
  ['US64SVBKUS6S3300958879', [false, true, null, true, false, null]], // passes MOD-97 but unsupported
  ['FR7630006000011234567890189', [true, true, true, true, true, true]],
  ['FR7630006000011234567890188', [false, false, true, true, true, false]],
  ['IT60X0542811101000000123456', [true, true, true, true, true, true]],
  ['IT65A0542811101000000123456', [false, true, true, true, true, false]], // MOD-97 fixed, CIN wrong
  ['NL05INGB0004459505', [true, true, true, true, true, null]], // fails the advisory elfproef
  ['GB29NWBK6016133192681A', [false, false, true, false, true, null]],
  ['', [false, false, null, false, false, null]],
  ['DE', [false, false, false, false, true, null]],
  ['DE89-3704', [false, false, false, false, true, null]],
  ['ÄÖ89370400440532013000', [false, false, null, false, false, null]],
]

for (const [input, [valid, mod97, length, format, supported, national]] of CASES) {
  test(`validateIban("${input}") → valid ${valid}`, () => {
    const result = validateIban(input)
    assert.equal(result.valid, valid)
    assert.deepEqual(result.checks, { mod97, length, format, country_supported: supported, national })
    assert.equal(result.country_supported, supported)
  })
}

test('an unsupported country has expected_length null and no BBAN parts', () => {
  const result = validateIban('US64SVBKUS6S3300958879')
  assert.equal(result.expected_length, null)
  assert.equal(result.bban_parts, null)
  assert.equal(result.national_check, null)
})

test('the Dutch elfproef is reported but never decides validity', () => {
  const result = validateIban('NL05INGB0004459505')
  assert.deepEqual(result.national_check, { algorithm: 'nl-elfproef', status: 'advisory', valid: false })
  assert.equal(result.valid, true)
})

test('CZ and SK BBAN parts join the account prefix and number, and both check digits', () => {
  assert.deepEqual(validateIban('CZ6508000000192000145399').bban_parts, {
    bank: '0800',
    account: '00001200014539',
    national_check: '99',
  })
})

test('a wrong national check fails even when MOD-97 holds (the IBAN cannot exist at a bank)', () => {
  const result = validateIban('CZ3808000000611920001457')
  assert.equal(result.checks.mod97, true)
  assert.equal(result.checks.national, false)
  assert.equal(result.valid, false)
})
