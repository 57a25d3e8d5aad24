import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as ibantools from 'ibantools'
import { hasBankRegistry } from '../../src/iban/banks.ts'
import { Dataset } from '../../src/iban/dataset.ts'
import {
  COUNTRIES,
  INVALID_CHECKS,
  banksOf,
  generateIbans,
  validateIban,
  type CountrySpec,
  type InvalidCheck,
} from '../../src/iban/index.ts'
import { isMod97Valid } from '../../src/iban/mod97.ts'
import { LONG } from '../helpers/fixtures.ts'

const PER_COUNTRY = LONG ? 10_000 : 1_000
const CHECK_OF: Record<InvalidCheck, string> = {
  national: 'national',
  mod97: 'mod97',
  length: 'length',
  format: 'format',
  country: 'country_supported',
}

/** Whether the check can be broken alone for a country in a mode. */
function fits(spec: CountrySpec, check: InvalidCheck, realistic: boolean): boolean {
  if (check === 'national' && spec.accountCheck !== null) return realistic
  return (
    (check !== 'national' || spec.nationalCheck !== null) && (check !== 'format' || /[na]/.test(spec.positionClasses))
  )
}

for (const check of INVALID_CHECKS) {
  test(`invalid=${check}: ${PER_COUNTRY} rows per country and mode fail exactly that check, all distinct`, () => {
    for (const spec of COUNTRIES) {
      for (const realistic of [true, false]) {
        if (!fits(spec, check, realistic)) continue
        const ibans = generateIbans(spec.code, PER_COUNTRY, { realistic, invalid: check, seed: check })
        assert.equal(new Set(ibans.map((i) => i.iban)).size, PER_COUNTRY, `${spec.code} rows repeat`)
        for (const { iban, valid } of ibans) {
          assert.equal(valid, false)
          const result = validateIban(iban)
          // bank_code informs and never decides; realistic rows keep a registered bank.
          const failed = Object.entries(result.checks)
            .filter(([name, value]) => value === false && name !== 'bank_code')
            .map(([name]) => name)
          assert.deepEqual(failed, [CHECK_OF[check]], `${iban}: ${JSON.stringify(result.checks)}`)
          // bank_code is read where length and format are right, for countries with a registry. PL:
          // the national check is the sort code's own check digit, so the code is not registered.
          const readable = check === 'national' || check === 'mod97'
          const codeBroken = check === 'national' && spec.code === 'PL'
          if (realistic && readable && hasBankRegistry(spec.code))
            assert.equal(result.checks.bank_code, !codeBroken, iban)
          if (!readable || !hasBankRegistry(spec.code)) assert.equal(result.checks.bank_code, null, iban)
          assert.equal(result.valid, false)
          if (check !== 'mod97') assert.ok(isMod97Valid(iban), `${iban} fails MOD-97`)
        }
      }
    }
  })
}

test('invalid=national for DE: the account fails its bank’s method, everything else passes, banks that check drawn', () => {
  const ibans = generateIbans('DE', 5_000, { invalid: 'national', seed: 'de-national' })
  const banks = new Set<string>()
  for (const { iban, bank } of ibans) {
    const result = validateIban(iban)
    assert.equal(result.checks.national, false, iban)
    assert.equal(result.national_check?.algorithm, 'bundesbank')
    assert.equal(result.checks.bank_code, true)
    assert.deepEqual(result.bank, bank)
    const method = banksOf('DE').find((b) => b.code === bank?.code)?.method
    assert.ok(method !== undefined && method !== '09', `${iban}: bank ${bank?.code} method ${method}`)
    assert.equal(result.national_check?.method, method)
    banks.add(bank?.code ?? '')
  }
  assert.ok(banks.size > 1_500, `${banks.size} banks drawn`)
  // One bank: the same rows with their account check digit changed, nothing else.
  const valid = generateIbans('DE', 200, { bank: '37040044', seed: 'pair' })
  const broken = generateIbans('DE', 200, { bank: '37040044', seed: 'pair', invalid: 'national' })
  assert.equal(new Set(broken.map((i) => i.iban)).size, 200)
  for (const iban of broken) assert.equal(validateIban(iban.iban).checks.national, false)
  assert.ok(valid.every((iban) => validateIban(iban.iban).checks.national === true))
})

test('invalid=national rows pass an independent MOD-97-only check but fail ibantools where it checks the country', () => {
  const ibans = generateIbans('FR', 500, { invalid: 'national' })
  for (const { iban } of ibans) {
    assert.ok(ibantools.isValidIBAN(iban.slice(0, 4) + iban.slice(4)) === false)
    assert.ok(isMod97Valid(iban))
  }
})

test('a check that cannot be broken alone for a country is refused, naming invalid', () => {
  assert.throws(() => new Dataset({ countries: ['AT'], invalid: 'national' }), {
    parameter: 'invalid',
    message: 'invalid=national cannot be made for AT: it has no national check digits',
  })
  assert.throws(() => new Dataset({ countries: ['DE'], invalid: 'national', realistic: false }), {
    parameter: 'invalid',
    message: /DE: it has, in random mode, bank codes no bank uses/,
  })
  assert.throws(() => new Dataset({ countries: ['DE'], invalid: 'national', bank: '10000000' }), {
    parameter: 'invalid',
    message:
      'invalid=national cannot be made for DE: it has no account check for bank 10000000: its method 09 checks nothing',
  })
  assert.throws(() => new Dataset({ countries: ['MD'], invalid: 'format' }), { parameter: 'invalid' })
  assert.throws(() => new Dataset({ countries: ['FR', 'AT'], invalid: 'national' }), { message: /AT/ })
})

test('generateIbans with invalid: [mod97, national] and invalidShare 0.1: records carry invalid (the check, or null), which our validation confirms', () => {
  for (const code of ['DE', 'GB', 'FR', 'CH', 'IL']) {
    const ibans = generateIbans(code, 3_000, { seed: 'mixed', invalid: ['mod97', 'national'], invalidShare: 0.1 })
    assert.equal(new Set(ibans.map((i) => i.iban)).size, ibans.length, `${code} rows repeat`)
    let broken = 0
    for (const { iban, valid, invalid } of ibans) {
      const result = validateIban(iban)
      assert.equal(valid, invalid === null, iban)
      assert.equal(result.valid, valid, `${iban}: ${JSON.stringify(result.checks)}`)
      // (DE: a bank whose method checks nothing gives national null.)
      if (invalid === 'mod97') assert.ok(!result.checks.mod97 && result.checks.national !== false, iban)
      if (invalid === 'national') assert.deepEqual([result.checks.mod97, result.checks.national], [true, false], iban)
      if (invalid !== null) broken++
    }
    // 300 expected: binomial, within five standard deviations (16.4).
    assert.ok(Math.abs(broken - 300) < 82, `${code}: ${broken} broken`)
  }
})

test('invalidShare: a row is broken or not by the seed and its index alone (offsets agree), records of one check without a share unlabelled', () => {
  const options = { seed: 7, invalid: ['length', 'format'] as InvalidCheck[], invalidShare: 0.5 }
  const whole = generateIbans('IT', 400, options)
  assert.deepEqual(generateIbans('IT', 100, { ...options, offset: 250 }), whole.slice(250, 350))
  assert.deepEqual(generateIbans('IT', 400, options), whole)
  assert.ok(generateIbans('IT', 5, { seed: 7, invalid: 'length' }).every((record) => !('invalid' in record)))
  assert.ok(
    generateIbans('IT', 5, { seed: 7, invalid: 'length', invalidShare: 1 }).every((r) => r.invalid === 'length'),
  )
})

test('invalid lists and invalidShare refused, naming the option: no check, out of range, a check twice, none the country can fail', () => {
  const refused: [ConstructorParameters<typeof Dataset>[0], string, RegExp | string][] = [
    [
      { countries: ['DE'], invalidShare: 0.5 },
      'invalid_share',
      'invalid_share needs invalid: the checks the broken rows fail',
    ],
    [{ countries: ['DE'], invalid: 'mod97', invalidShare: 0 }, 'invalid_share', /greater than 0 and at most 1/],
    [{ countries: ['DE'], invalid: 'mod97', invalidShare: 1.5 }, 'invalid_share', /greater than 0 and at most 1/],
    [{ countries: ['DE'], invalid: 'mod97', invalidShare: Number.NaN }, 'invalid_share', /greater than 0/],
    [{ countries: ['DE'], invalid: [] }, 'invalid', /invalid must be one of/],
    [{ countries: ['DE'], invalid: ['mod97', 'mod97'] }, 'invalid', 'invalid names mod97 twice: list each check once'],
    [
      { countries: ['AT'], invalid: ['mod97', 'national'] },
      'invalid',
      'invalid=national cannot be made for AT: it has no national check digits',
    ],
    [
      { countries: ['AT', 'NL'], invalid: ['mod97', 'national'] },
      'invalid',
      'invalid=national cannot be made for AT,NL',
    ],
    [
      { countries: ['MD'], invalid: ['national', 'format'] },
      'invalid',
      /^invalid=national,format: none can be made for MD \(national: it /,
    ],
  ]
  for (const [options, parameter, message] of refused)
    assert.throws(() => new Dataset(options), { parameter, message }, JSON.stringify(options))
  // Of several, a country takes those it can fail: AT no national, the others both.
  const dataset = new Dataset({ countries: ['FR', 'AT'], invalid: ['mod97', 'national'], invalidShare: 0.5 })
  assert.deepEqual(dataset.kindsByCountry, [['mod97', 'national'], ['mod97']])
})
