// Swiss IBANs and PostFinance's postal accounts (src/iban/ch-postfinance/): the published
// vectors, rows of both modes (PostFinance's realistic rows carry postal accounts that pass,
// random rows never meet IID 09000), negative data, bank=, building, the library's check, and
// validation's two paths agreeing.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { asciiString } from '../../src/iban/generate.ts'
import {
  buildIban,
  checkPostFinanceAccount,
  DatasetError,
  findCountry,
  generateIbans,
  isValidIban,
  validateIban,
  type CountrySpec,
} from '../../src/iban/index.ts'
import { Dataset, judgeIban, MAX_IBAN_LENGTH, nationalFailure } from '../../src/iban/internal.ts'
import { recursiveCarry } from '../../src/iban/mod10-recursive.ts'
import { ibanCheckDigits } from '../../src/iban/mod97.ts'
import { realisticBanks } from '../../src/iban/realistic-banks.ts'
import type { ValidIban } from '../../src/iban/validate.ts'
import { LONG } from '../helpers/fixtures.ts'

interface PostalVector {
  id: string
  postal_pretty: string
  postal_9: string
  iban: string
  iban_checksum_ok: boolean
  postal_check_ok: boolean
  expected: { valid: boolean }
  expected_check_digit: number
  carry: number[]
}
const VECTORS = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'ch-postfinance-vectors.json'), 'utf8'),
) as {
  postal_vectors: PostalVector[]
  other_ibans: { id: string; iban: string; iid: string; postal_rule_applies: boolean }[]
  reference_vectors: { reference: string; expected: { valid: boolean }; expected_check_digit: number }[]
}

/** An IBAN with right MOD-97 digits for any CH BBAN, without the account check buildIban runs. */
const buildIbanUnchecked = (bban: string) => `CH${ibanCheckDigits('CH', bban)}${bban}`

/** Rows offset … offset + count − 1 of a dataset as IBAN strings. */
function rows(dataset: Dataset, count: number, offset = 0): string[] {
  const out = new Uint8Array(MAX_IBAN_LENGTH)
  const list: string[] = []
  for (let i = offset; i < offset + count; i++) {
    dataset.mint(i, out)
    list.push(asciiString(out, dataset.ibanLength))
  }
  return list
}

const POSTFINANCE_RESULT = (valid: boolean) => ({
  algorithm: 'postfinance',
  method: 'mod10-recursive',
  status: 'confirmed',
  valid,
})

test('the 16 postal-account vectors: the check digit, the carries, the library’s verdict and the IBAN’s', () => {
  assert.equal(VECTORS.postal_vectors.length, 16)
  for (const vector of VECTORS.postal_vectors) {
    const digits = Uint8Array.from(vector.postal_9, Number)
    // The carry after each of the first 8 digits, as the vectors trace it.
    vector.carry.forEach((carry, k) => assert.equal(recursiveCarry(digits, 0, k + 1), carry, `${vector.id} digit ${k}`))
    const check = checkPostFinanceAccount(vector.postal_pretty)
    assert.deepEqual(check, {
      account: vector.postal_9,
      formatted: vector.postal_pretty,
      check_digit: String(vector.expected_check_digit),
      valid: vector.postal_check_ok,
    })
    const result = validateIban(vector.iban)
    assert.equal(result.valid, vector.expected.valid, vector.id)
    assert.equal(result.checks.mod97, vector.iban_checksum_ok, vector.id)
    assert.deepEqual(result.national_check, POSTFINANCE_RESULT(vector.postal_check_ok), vector.id)
    assert.equal(isValidIban(vector.iban), vector.expected.valid, vector.id)
  }
})

test('P13–P16: the postal check alone fails (MOD-97 right), and the reason names it', () => {
  for (const id of ['constructed-12-345678-9', 'mutated-10-8060-8', 'mutated-25-9779-7', 'mutated-01-162-0']) {
    const vector = VECTORS.postal_vectors.find((v) => v.id === id) as PostalVector
    assert.equal(
      nationalFailure(findCountry('CH'), validateIban(vector.iban).national_check),
      'the account is not a PostFinance postal account with its check digit (postfinance, mod10-recursive)',
    )
    assert.deepEqual(validateIban(vector.iban).checks, {
      mod97: true,
      length: true,
      format: true,
      country_supported: true,
      national: false,
      bank_code: true,
    })
  }
})

test('other Swiss IBANs (QR-IID 31999, 00791, the registry example 00762) are not checked: national null', () => {
  for (const other of VECTORS.other_ibans) {
    const result = validateIban(other.iban)
    assert.equal(result.valid, true, other.id)
    assert.equal(result.checks.national, null, other.id)
    assert.equal(result.national_check, null, other.id)
  }
  // PostFinance's own QR-IID (30000) carries no postal account either.
  assert.equal(validateIban(buildIbanUnchecked('30000000100080608')).checks.national, null)
})

test('the 5 QR reference vectors: the same routine gives their check digits', () => {
  for (const vector of VECTORS.reference_vectors) {
    const digits = Uint8Array.from(vector.reference, Number)
    const carry = recursiveCarry(digits, 0, 26)
    assert.equal((10 - carry) % 10, vector.expected_check_digit, vector.reference)
    assert.equal(recursiveCarry(digits, 0, 27) === 0, vector.expected.valid, vector.reference)
  }
})

test('a 09000 account that is not 000 and 9 digits fails: letters, another pad', () => {
  for (const bban of ['0900000010008060A', '09000100100080607', '090000A0100080607']) {
    const iban = buildIbanUnchecked(bban)
    const result = validateIban(iban)
    assert.equal(result.checks.mod97, true, iban)
    assert.equal(result.checks.national, false, iban)
    assert.equal(isValidIban(iban), false, iban)
  }
})

const SIZE = LONG ? 100_000 : 10_000

test(`realistic CH rows draw PostFinance (09000); its ${SIZE.toLocaleString('en')} rows (bank=09000, three seeds) are distinct postal accounts that pass`, () => {
  const drawn = realisticBanks(findCountry('CH') as CountrySpec, 'pass', false).map((bank) => bank.code)
  assert.ok(drawn.includes('09000'))
  for (const seed of ['1', 'ch', 'postal']) {
    const list = rows(new Dataset({ countries: ['CH'], bank: '09000', seed }), SIZE)
    assert.equal(new Set(list).size, list.length)
    for (const iban of list) {
      assert.match(iban, /^CH[0-9]{2}09000000[1-9][0-9]{8}$/)
      const result = validateIban(iban)
      assert.ok(result.valid, iban)
      assert.deepEqual(result.national_check, POSTFINANCE_RESULT(true))
      assert.equal(result.bank?.code, '09000')
    }
  }
  // Among all realistic rows, PostFinance's are checked and the others' are not.
  const mixed = rows(new Dataset({ countries: ['CH'], seed: 'mixed' }), 5 * drawn.length)
  const checked = mixed.filter((iban) => validateIban(iban).checks.national !== null)
  assert.ok(checked.length > 0)
  for (const iban of checked) assert.equal(iban.slice(4, 9), '09000')
  for (const iban of mixed) assert.ok(validateIban(iban).valid, iban)
})

test(`random CH rows (${SIZE.toLocaleString('en')}, three seeds) never carry IID 09xxx, so no account is checked, and all are valid`, () => {
  for (const seed of ['1', 'ch', 'postal']) {
    const list = rows(new Dataset({ countries: ['CH'], realistic: false, seed }), SIZE)
    assert.equal(new Set(list).size, list.length)
    for (const iban of list) {
      assert.ok(!/^(09|30|31)/.test(iban.slice(4)), iban)
      const result = validateIban(iban)
      assert.ok(result.valid && result.checks.national === null, iban)
    }
  }
})

test(`CH invalid=national rows (${SIZE.toLocaleString('en')}) are PostFinance's, fail exactly the postal check, and stay distinct`, () => {
  for (const options of [{}, { bank: '9000' }]) {
    const list = rows(new Dataset({ countries: ['CH'], seed: 'neg', invalid: 'national', ...options }), SIZE)
    assert.equal(new Set(list).size, list.length)
    for (const iban of list) {
      assert.equal(iban.slice(4, 9), '09000')
      const result = validateIban(iban)
      assert.deepEqual(result.checks, {
        mod97: true,
        length: true,
        format: true,
        country_supported: true,
        national: false,
        bank_code: true,
      })
      assert.deepEqual(result.national_check, POSTFINANCE_RESULT(false))
      assert.equal(checkPostFinanceAccount(iban.slice(9)).valid, false)
    }
  }
})

test('invalid=national for CH needs realistic mode and PostFinance (or no bank filter)', () => {
  assert.throws(() => new Dataset({ countries: ['CH'], realistic: false, invalid: 'national' }), {
    parameter: 'invalid',
    message: /CH: it has, in random mode, IIDs of no bank, never PostFinance’s 09000/,
  })
  assert.throws(() => new Dataset({ countries: ['CH'], bank: '00700', invalid: 'national' }), {
    parameter: 'invalid',
    message: /no account check for bank 00700 .*only PostFinance’s postal accounts \(IID 09000\)/,
  })
})

test('validation’s fast path reports what validateIban reports for CH rows, valid and failing', () => {
  const valid: ValidIban = { iban: '', slot: 0, bankIndex: -1, national: null, kind: 0 }
  const passing = [
    ...rows(new Dataset({ countries: ['CH'], bank: '09000', seed: 'fast' }), 200),
    ...rows(new Dataset({ countries: ['CH'], seed: 'fast' }), 200),
  ]
  for (const iban of passing) {
    assert.equal(judgeIban(iban, valid), true, iban)
    assert.deepEqual(valid.national, validateIban(iban).national_check, iban)
  }
  // Postfinance rows are one kind, rows of other IIDs another.
  judgeIban(passing[0] as string, valid)
  const postfinance = valid.kind
  // (Realistic rows are at PostFinance too, a sixth of them: the first at another IID.)
  judgeIban(passing.slice(200).find((iban) => iban.slice(4, 9) !== '09000') as string, valid)
  assert.notEqual(valid.kind, postfinance)
  for (const iban of rows(new Dataset({ countries: ['CH'], seed: 'fast', invalid: 'national' }), 200))
    assert.equal(judgeIban(iban, valid), false, iban)
})

test('seeds, slices and offsets: a PostFinance dataset’s slices join into its rows; its capacity is 9 × 10^7', () => {
  const whole = generateIbans('CH', 300, { seed: 'slices', bank: '09000' }).map((iban) => iban.iban)
  const parts = [
    ...generateIbans('CH', 100, { seed: 'slices', bank: '9000' }),
    ...generateIbans('CH', 200, { seed: 'slices', bank: '09000', offset: 100 }),
  ].map((iban) => iban.iban)
  assert.deepEqual(parts, whole)
  assert.notDeepEqual(generateIbans('CH', 5, { seed: 'other', bank: '09000' }), whole.slice(0, 5))
  const dataset = new Dataset({ countries: ['CH'], bank: '09000', seed: 'capacity' })
  assert.equal(dataset.capacity, 90_000_000)
  const last = generateIbans('CH', 3, { bank: '09000', seed: 'capacity', offset: dataset.capacity - 3 })
  assert.equal(new Set(last.map((iban) => iban.iban)).size, 3)
  for (const { iban } of last) assert.ok(validateIban(iban).valid, iban)
  assert.throws(
    () => generateIbans('CH', 1, { bank: '09000', seed: 'capacity', offset: dataset.capacity }),
    /offset \+ count must be at most 90,000,000: CH holds 90,000,000 distinct IBANs in realistic mode$/,
  )
  // Unseeded, the same check and the same words (the API's 422 says them too).
  assert.throws(
    () => generateIbans('CH', dataset.capacity + 1, { bank: '09000' }),
    / count must be at most 90,000,000: CH holds 90,000,000 distinct IBANs in realistic mode for bank 09000$/,
  )
})

test('bank= takes a registered IID of 3 to 5 digits; an unknown one is refused naming what it takes', () => {
  for (const iban of generateIbans('CH', 20, { bank: '700', seed: 'b' })) assert.equal(iban.bban.slice(0, 5), '00700')
  assert.throws(() => generateIbans('CH', 1, { bank: '99999' }), {
    parameter: 'bank',
    message: /bank "99999" is not a registered IID \(clearing number; 9000 stands for 09000\) of CH/,
  })
})

test('buildIban makes PostFinance IBANs from postal accounts and refuses one that fails, naming bank and rule', () => {
  assert.equal(buildIban({ country: 'CH', bank: '09000', account: '000250097798' }).iban, 'CH6309000000250097798')
  assert.equal(buildIban({ country: 'CH', bank: '09000', account: '100080607' }).iban, 'CH0909000000100080607')
  assert.throws(
    () => buildIban({ country: 'CH', bank: '09000', account: '000250097797' }),
    (error) =>
      error instanceof DatasetError &&
      error.parameter === 'account' &&
      /fails the modulo 10 recursive check digit of PostFinance’s postal accounts \(IID 09000\): postal account 25-9779-7 should end in 8/.test(
        error.message,
      ),
  )
  assert.throws(
    () => buildIban({ country: 'CH', bank: '09000', account: '12345678901A' }),
    (error) => error instanceof DatasetError && /is not a postal account/.test(error.message),
  )
  // Other IIDs take any account.
  assert.equal(buildIban({ country: 'CH', bank: '00762', account: '011623852957' }).iban, 'CH9300762011623852957')
})

test('checkPostFinanceAccount takes the written form, 9 digits or the IBAN’s 12, and refuses anything else', () => {
  assert.deepEqual(checkPostFinanceAccount('10-8060-7'), checkPostFinanceAccount('100080607'))
  assert.deepEqual(checkPostFinanceAccount('000100080607'), checkPostFinanceAccount('100080607'))
  assert.equal(checkPostFinanceAccount('01-162-8').account, '010001628')
  for (const bad of ['', '10-8060', '1-8060-7', '10-1234567-8', '10008060', 'A00080607', '001100080607'])
    assert.throws(() => checkPostFinanceAccount(bad), RangeError, bad)
})
