import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { COUNTRIES, INVALID_CHECKS, generateIbans, isValidIban, validateIban } from '../../src/iban/index.ts'
import { ibanCheckDigits } from '../../src/iban/mod97.ts'

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
    checks: { mod97: true, length: true, format: true, country_supported: true, national: true, bank_code: true },
    national_check: { algorithm: 'rib-key', status: 'confirmed', valid: true },
    bban_parts: { bank: '20041', branch: '01005', account: '0500013M026', national_check: '06' },
    bank: { code: '20041', name: 'LA BANQUE POSTALE', bic: 'PSSTFRPPBOR' },
    sepa: true,
  })
})

test('validateIban reports the bank when its code is one ibanmint knows, else null', () => {
  assert.deepEqual(validateIban('DE89370400440532013000').bank, {
    code: '37040044',
    name: 'Commerzbank',
    bic: 'COBADEFF',
  })
  assert.equal(validateIban('DE02120300000000202051').bank?.name, 'Deutsche Kreditbank Berlin')
  assert.equal(validateIban('DE81940000000000000000').bank, null) // 94000000: an unregistered code
  assert.equal(validateIban('US64SVBKUS6S3300958879').bank, null)
  assert.equal(validateIban('US64SVBKUS6S3300958879').sepa, null)
  assert.equal(validateIban('TR330006100519786457841326').sepa, false)
})

// input → [valid, mod97, length, format, country_supported, national, bank_code]
type Verdicts = [boolean, boolean, boolean | null, boolean, boolean, boolean | null, boolean | null]
const CASES: [string, Verdicts][] = [
  ['DE89370400440532013000', [true, true, true, true, true, true, true]], // Commerzbank, method 13
  ['DE89370400440532013001', [false, false, true, true, true, true, true]], // method 13 ignores the sub-account
  ['DE8937040044053201300', [false, false, false, true, true, null, null]], // one digit short, digits fine
  ['US64SVBKUS6S3300958879', [false, true, null, true, false, null, null]], // passes MOD-97 but unsupported
  ['FR7630006000011234567890189', [true, true, true, true, true, true, true]],
  ['FR7630006000011234567890188', [false, false, true, true, true, false, true]],
  ['IT60X0542811101000000123456', [true, true, true, true, true, true, true]],
  ['IT65A0542811101000000123456', [false, true, true, true, true, false, true]], // MOD-97 fixed, CIN wrong
  ['NL05INGB0004459505', [true, true, true, true, true, null, true]], // fails the advisory elfproef
  ['GB29NWBK6016133192681A', [false, false, true, false, true, null, null]],
  ['LC55HEMM000100010012001200023015', [true, true, true, true, true, null, null]], // no bank registry
  ['', [false, false, null, false, false, null, null]],
  ['DE', [false, false, false, false, true, null, null]],
  ['DE89-3704', [false, false, false, false, true, null, null]],
  ['ÄÖ89370400440532013000', [false, false, null, false, false, null, null]],
]

for (const [input, [valid, mod97, length, format, supported, national, bankCode]] of CASES) {
  test(`validateIban("${input}") → valid ${valid}`, () => {
    const result = validateIban(input)
    assert.equal(result.valid, valid)
    assert.deepEqual(result.checks, {
      mod97,
      length,
      format,
      country_supported: supported,
      national,
      bank_code: bankCode,
    })
    assert.equal(result.country_supported, supported)
  })
}

test('German accounts are checked by their bank’s Bundesbank method, named in national_check', () => {
  const good = validateIban('DE89370400440532013000')
  assert.deepEqual(good.national_check, { algorithm: 'bundesbank', method: '13', status: 'confirmed', valid: true })
  // The same bank, account 0542013000 (one base digit changed: fails method 13), MOD-97 made right.
  const wrong = validateIban(`DE${ibanCheckDigits('DE', '370400440542013000')}370400440542013000`)
  assert.equal(wrong.checks.mod97, true)
  assert.equal(wrong.checks.national, false)
  assert.equal(wrong.valid, false)
  assert.deepEqual(wrong.national_check, { algorithm: 'bundesbank', method: '13', status: 'confirmed', valid: false })
  assert.equal(wrong.bank?.name, 'Commerzbank')
  // Method 09 checks nothing: national null, valid.
  const unchecked = validateIban(`DE${ibanCheckDigits('DE', '100000001234567890')}100000001234567890`)
  assert.equal(unchecked.bank?.name, 'Bundesbank')
  assert.equal(unchecked.checks.national, null)
  assert.equal(unchecked.national_check, null)
  assert.equal(unchecked.valid, true)
  // An unregistered bank code: no method to apply, and bank_code false (informative only).
  const unknown = validateIban(`DE${ibanCheckDigits('DE', '940000001234567890')}940000001234567890`)
  assert.deepEqual([unknown.checks.national, unknown.checks.bank_code, unknown.valid], [null, false, true])
})

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

test('isValidIban gives validateIban’s verdict on valid, negative, malformed and random input', () => {
  const inputs: string[] = CASES.map(([input]) => input)
  for (const spec of COUNTRIES) {
    for (const realistic of [true, false]) {
      inputs.push(...generateIbans(spec.code, 20, { realistic, seed: 'verdicts' }).map((i) => i.iban))
      for (const invalid of INVALID_CHECKS) {
        try {
          inputs.push(...generateIbans(spec.code, 5, { realistic, invalid, seed: 'verdicts' }).map((i) => i.iban))
        } catch {
          // a check this country cannot break alone
        }
      }
    }
  }
  inputs.push(...inputs.slice(0, 500).map((iban) => ` ${iban.toLowerCase().replace(/(.{4})/g, '$1 ')}`))
  fc.assert(
    fc.property(fc.string({ maxLength: 40 }), (text) => isValidIban(text) === validateIban(text).valid),
    { numRuns: 5_000, seed: 2026 },
  )
  for (const input of inputs) assert.equal(isValidIban(input), validateIban(input).valid, input)
})
