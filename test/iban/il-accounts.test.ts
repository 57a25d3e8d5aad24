// Israeli IBANs and MASAV's account checks (src/iban/il-account/): the published vectors and
// il-bank-account-validator's own positive cases, accounts completed for every rule, rows of
// both modes, negative data, bank=, building, the library's check, and validation's two paths
// agreeing.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { asciiString } from '../../src/iban/generate.ts'
import {
  checkIlAccount,
  findCountry,
  DatasetError,
  buildIban,
  generateIbans,
  isValidIban,
  validateIban,
} from '../../src/iban/index.ts'
import { Dataset, judgeIban, MAX_IBAN_LENGTH, nationalFailure } from '../../src/iban/internal.ts'
import { breakIlAccount, writeIlAccount, writeLeumiAccount } from '../../src/iban/il-account/accounts.ts'
import { ACCOUNT_DIGITS, MASAV_METHODS, ruleOf, rulePasses } from '../../src/iban/il-account/rules.ts'
import { ibanCheckDigits } from '../../src/iban/mod97.ts'
import { SeededRandom, randomBelow } from '../../src/iban/random.ts'
import type { ValidIban } from '../../src/iban/validate.ts'
import { LONG } from '../helpers/fixtures.ts'

const ROOT = join(import.meta.dirname, '..', '..')

interface Vector {
  id: string
  bank: string
  branch: string
  account: string
  expected: { valid: boolean }
  rule: string
  iban: string
}
const VECTORS = (
  JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'il-account-vectors.json'), 'utf8')) as { vectors: Vector[] }
).vectors
const POSITIVE = JSON.parse(
  readFileSync(join(ROOT, 'vendor', 'il-bank-account-validator', 'positiveData.json'), 'utf8'),
) as { bankNumber: string; branchNumber: string; accountNumber: string }[]

/** The rules each letter of the vectors stands for (ALGORITHM §2). */
const RULES_OF_LETTER: Record<string, readonly string[]> = {
  L: ['leumi'],
  P: ['hapoalim', 'yahav', 'mizrahi'],
  D: ['discount'],
  B: ['first-international'],
  Q: ['postal-bank'],
  C: ['citibank'],
  M: ['masad', 'otsar-hahayal'],
}

/** The 14 bank codes MASAV's 2015 rules cover. */
const CODES = [4, 9, 10, 11, 12, 13, 14, 17, 20, 22, 31, 34, 46, 52]

const NEGATIVE_CHECKS = {
  mod97: true,
  length: true,
  format: true,
  country_supported: true,
  national: false,
  bank_code: true,
}

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

test('the 44 vectors: each account’s verdict, its rule, and its IBAN’s (the 7 worked examples of MASAV’s document first)', () => {
  assert.equal(VECTORS.length, 44)
  const ordered = [...VECTORS.filter((v) => v.id.startsWith('spec2015-')), ...VECTORS]
  assert.equal(ordered.length - VECTORS.length, 7)
  for (const vector of ordered) {
    const check = checkIlAccount(vector.bank, vector.branch, vector.account)
    assert.equal(check.valid, vector.expected.valid, vector.id)
    assert.ok(RULES_OF_LETTER[vector.rule]?.includes(check.method as string), `${vector.id}: ${check.method}`)
    const result = validateIban(vector.iban)
    assert.equal(result.checks.mod97, true, vector.id)
    assert.equal(result.valid, vector.expected.valid, vector.id)
    assert.deepEqual(result.national_check, {
      algorithm: 'masav',
      method: check.method,
      status: 'confirmed',
      valid: vector.expected.valid,
    })
    assert.equal(isValidIban(vector.iban), vector.expected.valid, vector.id)
    // Only the national check fails (bank_code informs: the table lacks some of MASAV's banks).
    if (!vector.expected.valid) assert.deepEqual({ ...result.checks, bank_code: true }, NEGATIVE_CHECKS, vector.id)
  }
})

test('il-bank-account-validator’s own 72 positive cases pass', () => {
  assert.equal(POSITIVE.length, 72)
  for (const { bankNumber, branchNumber, accountNumber } of POSITIVE) {
    const check = checkIlAccount(bankNumber, branchNumber, accountNumber)
    // Bank of Jerusalem (54): the package accepts every account; MASAV's rules check none.
    assert.equal(check.valid, Number(bankNumber) === 54 ? null : true, `${bankNumber} ${branchNumber} ${accountNumber}`)
  }
})

test('the SWIFT registry’s IL example (Leumi 800, 99999999) passes MOD-97 and fails Leumi’s rule; its reason names the check', () => {
  const result = validateIban('IL620108000000099999999')
  assert.deepEqual(result.checks, NEGATIVE_CHECKS)
  assert.equal(
    nationalFailure(findCountry('IL'), result.national_check),
    'the account fails its bank’s MASAV check (leumi)',
  )
  assert.deepEqual(result.bban_parts, { bank: '010', branch: '800', account: '0000099999999' })
})

test('bank codes outside the rules (Bank of Jerusalem 54, One Zero 18, 100–999) are not checked: national null', () => {
  for (const [bank, branch] of [
    ['054', '001'],
    ['018', '001'],
    ['123', '456'],
  ] as const) {
    const bban = `${bank}${branch}0000123456789`
    const result = validateIban(`IL${ibanCheckDigits('IL', bban)}${bban}`)
    assert.equal(result.valid, true, bban)
    assert.equal(result.checks.national, null, bban)
  }
})

test('an account with more than 9 significant digits fails at a checked bank, whatever its last 9', () => {
  // 11710022 passes at Leumi 607; a digit among the first four of the 13 makes it fail.
  for (const account of ['0000011710022', '1000011710022', '0001011710022']) {
    const bban = `010607${account}`
    const result = validateIban(`IL${ibanCheckDigits('IL', bban)}${bban}`)
    assert.equal(result.checks.national, account.startsWith('0000'), account)
    assert.equal(checkIlAccount('10', '607', account).valid, account.startsWith('0000'), account)
  }
})

/** An IL IBAN's bytes with bank, branch and the account's first digits set, the last two to be written. */
function draft(bank: number, branch: number, rest: string): Uint8Array {
  const out = new Uint8Array(MAX_IBAN_LENGTH)
  const bban = `${String(bank).padStart(3, '0')}${String(branch).padStart(3, '0')}0000${rest}00`
  for (let i = 0; i < bban.length; i++) out[4 + i] = bban.charCodeAt(i)
  return out
}

const passes = (out: Uint8Array) =>
  rulePasses(
    ruleOf(Number(asciiString(out, 23).slice(4, 7))),
    Number(asciiString(out, 23).slice(7, 10)),
    Uint8Array.from(asciiString(out, 23).slice(14), Number),
    0,
  )

test('every rule, at every branch of a sample and every kind of account: the writer’s ending passes, and breaking it fails', () => {
  const random = new SeededRandom('il-complete')
  let made = 0
  for (const bank of CODES) {
    for (let n = 0; n < (LONG ? 20_000 : 2_000); n++) {
      // The special branches of Masad and Otsar HaHayal, Mizrahi's above 400, and any other.
      const branch = n % 4 === 0 ? [154, 385, 361, 406, 539, 800][n % 6] : randomBelow(random, 1000)
      const rest = String(randomBelow(random, 10_000_000)).padStart(7, '0')
      const out = draft(bank, branch as number, rest)
      writeIlAccount(out)
      assert.ok(passes(out), `${bank} ${branch} ${asciiString(out, 23)}`)
      assert.equal(asciiString(out, 23).slice(14, 21), rest)
      assert.ok(breakIlAccount(out, n % 9))
      assert.ok(!passes(out), `broken: ${bank} ${branch} ${asciiString(out, 23)}`)
      made++
    }
  }
  assert.equal(made, CODES.length * (LONG ? 20_000 : 2_000))
})

test('Leumi’s group: the 5 choices of a row give the 5 endings that pass, and nothing else does; broken, they stay 5', () => {
  for (const bank of [10, 13, 34]) {
    for (const [branch, rest] of [
      [800, '0000000'],
      [607, '0117100'],
      [936, '0078696'],
      [999, '9999999'],
    ] as const) {
      const endings = new Set<string>()
      const broken = new Set<string>()
      for (let choice = 0; choice < 5; choice++) {
        const out = draft(bank, branch, rest)
        out[4 + 6 + 11] = 48
        out[4 + 6 + 12] = 48 + choice
        writeLeumiAccount(out)
        assert.ok(passes(out))
        endings.add(asciiString(out, 23).slice(21))
        // Broken, whatever each row draws, the 5 rows stay 5: the ending still tells which
        // remainder the row chose.
        const made = new Set<string>()
        for (let pick = 0; pick < 9; pick++) {
          const copy = out.slice()
          assert.ok(breakIlAccount(copy, pick))
          assert.ok(!passes(copy))
          made.add(asciiString(copy, 23).slice(21))
        }
        for (const ending of made) {
          assert.ok(!broken.has(ending), `${bank} ${branch} ${rest}: broken rows of two choices meet at ${ending}`)
          broken.add(ending)
        }
      }
      const passing = Array.from({ length: 100 }, (_, e) => String(e).padStart(2, '0')).filter(
        (ending) => checkIlAccount(String(bank), String(branch), `${rest}${ending}`).valid,
      )
      assert.deepEqual([...endings].sort(), passing, `${bank} ${branch} ${rest}`)
    }
  }
})

const SIZE = LONG ? 100_000 : 10_000

test(`realistic IL rows (${SIZE.toLocaleString('en')}, three seeds): distinct, accounts of their bank’s length, every one checked and passing`, () => {
  const banks = new Set<string>()
  for (const seed of ['1', 'il', 'masav']) {
    const list = rows(new Dataset({ countries: ['IL'], seed }), SIZE)
    assert.equal(new Set(list).size, list.length)
    for (const iban of list) {
      const result = validateIban(iban)
      assert.ok(result.valid && result.checks.national === true, `${iban}: ${JSON.stringify(result.checks)}`)
      const rule = ruleOf(Number(iban.slice(4, 7)))
      const zeros = 13 - (ACCOUNT_DIGITS[rule] as number)
      assert.equal(iban.slice(10, 10 + zeros), '0'.repeat(zeros), iban)
      banks.add(iban.slice(4, 7))
    }
  }
  assert.deepEqual([...banks].sort(), ['010', '011', '012', '017', '020', '031'])
})

test(`random IL rows (${SIZE.toLocaleString('en')}, three seeds): distinct and valid, and those at a bank code MASAV covers pass its rule`, () => {
  let checked = 0
  for (const seed of ['1', 'il', 'masav']) {
    const list = rows(new Dataset({ countries: ['IL'], realistic: false, seed }), SIZE)
    assert.equal(new Set(list).size, list.length)
    for (const iban of list) {
      const result = validateIban(iban)
      assert.ok(result.valid, `${iban}: ${JSON.stringify(result.checks)}`)
      assert.equal(iban.slice(10, 14), '0000', iban)
      if (CODES.includes(Number(iban.slice(4, 7)))) {
        assert.equal(result.checks.national, true, iban)
        checked++
      } else assert.equal(result.checks.national, null, iban)
    }
  }
  // 14 codes in 1,000: about 1.4 % of random rows.
  assert.ok(checked > 0.01 * 3 * SIZE, `${checked} checked`)
})

test(`IL invalid=national rows (${SIZE.toLocaleString('en')}) fail exactly their bank’s rule and stay distinct`, () => {
  for (const options of [{}, { bank: '010' }, { bank: '12-571' }]) {
    const count = 'bank' in options && options.bank === '12-571' ? 5_000 : SIZE
    const list = rows(new Dataset({ countries: ['IL'], seed: 'neg', invalid: 'national', ...options }), count)
    assert.equal(new Set(list).size, list.length)
    for (const iban of list) {
      const result = validateIban(iban)
      assert.deepEqual(result.checks, NEGATIVE_CHECKS, iban)
      assert.equal(result.national_check?.algorithm, 'masav')
    }
  }
})

test('invalid=national for IL needs realistic mode', () => {
  assert.throws(() => new Dataset({ countries: ['IL'], realistic: false, invalid: 'national' }), {
    parameter: 'invalid',
    message: /IL: it has, in random mode, bank codes that MASAV’s rules mostly do not cover/,
  })
})

test('validation’s fast path reports what validateIban reports for IL rows, valid and failing', () => {
  const valid: ValidIban = { iban: '', slot: 0, bankIndex: -1, national: null, kind: 0 }
  for (const realistic of [true, false]) {
    for (const iban of rows(new Dataset({ countries: ['IL'], realistic, seed: 'fast' }), 2_000)) {
      assert.equal(judgeIban(iban, valid), true, iban)
      assert.deepEqual(valid.national, validateIban(iban).national_check, iban)
    }
  }
  for (const iban of rows(new Dataset({ countries: ['IL'], seed: 'fast', invalid: 'national' }), 500))
    assert.equal(judgeIban(iban, valid), false, iban)
})

test('capacity is honest: one Hapoalim branch holds 10^4 rows, all distinct and passing; the next is refused', () => {
  const dataset = new Dataset({ countries: ['IL'], bank: '012-571', seed: 'capacity' })
  assert.equal(dataset.capacity, 10_000)
  const seen = new Set(rows(dataset, dataset.capacity))
  assert.equal(seen.size, dataset.capacity)
  for (const iban of seen) assert.ok(isValidIban(iban) && iban.slice(4, 10) === '012571', iban)
  assert.throws(() => dataset.mint(dataset.capacity, new Uint8Array(MAX_IBAN_LENGTH)), { parameter: 'count' })
  // Leumi's rows (branch 800, 8-digit accounts): 10^6 first digits × 5 endings; IL's: 6 banks × that.
  assert.equal(new Dataset({ countries: ['IL'], bank: '010', seed: 'c' }).capacity, 5_000_000)
  assert.equal(new Dataset({ countries: ['IL'], seed: 'c' }).capacity, 30_000_000)
  assert.equal(new Dataset({ countries: ['IL'], realistic: false, seed: 'c' }).capacity, 10 ** 13)
})

test('seeds, slices and offsets: an IL dataset’s slices join into its rows', () => {
  for (const realistic of [true, false]) {
    const whole = generateIbans('IL', 300, { seed: 'slices', realistic }).map((iban) => iban.iban)
    const parts = [
      ...generateIbans('IL', 100, { seed: 'slices', realistic }),
      ...generateIbans('IL', 200, { seed: 'slices', realistic, offset: 100 }),
    ].map((iban) => iban.iban)
    assert.deepEqual(parts, whole)
    assert.notDeepEqual(generateIbans('IL', 5, { seed: 'other', realistic }), whole.slice(0, 5))
  }
})

test('bank= takes a bank code (10, 010) or a bank code and a branch (012-571, 012571, 12/571); refuses others', () => {
  for (const bank of ['10', '010'])
    for (const iban of generateIbans('IL', 20, { bank, seed: 'b' })) assert.equal(iban.bban.slice(0, 6), '010800')
  for (const bank of ['012-571', '012571', '12/571', '12 571']) {
    for (const iban of generateIbans('IL', 20, { bank, seed: 'b' })) {
      assert.equal(iban.bban.slice(0, 6), '012571')
      assert.equal(iban.bank?.code, '012')
      assert.ok(validateIban(iban.iban).valid)
    }
  }
  // Leumi at another branch than its usual 800.
  for (const iban of generateIbans('IL', 20, { bank: '10-936', seed: 'b' })) assert.ok(validateIban(iban.iban).valid)
  assert.notDeepEqual(
    generateIbans('IL', 3, { bank: '012-571', seed: 'b' }),
    generateIbans('IL', 3, { bank: '012', seed: 'b' }),
  )
  for (const bank of ['999', '12-5712', 'leumi', '1-2-3'])
    assert.throws(() => generateIbans('IL', 1, { bank }), {
      parameter: 'bank',
      message: /is not a registered bank code \(10 or 010\), or a bank code and a branch \(012-571\) of IL/,
    })
})

test('buildIban builds accounts that pass and refuses one that fails, naming the bank, branch and rule', () => {
  for (const vector of VECTORS.filter((v) => v.expected.valid))
    assert.equal(
      buildIban({ country: 'IL', bank: vector.bank.padStart(3, '0'), branch: vector.branch, account: vector.account })
        .iban,
      vector.iban,
    )
  assert.throws(
    () => buildIban({ country: 'IL', bank: '010', branch: '800', account: '99999999' }),
    (error) =>
      error instanceof DatasetError &&
      error.parameter === 'account' &&
      error.message ===
        'account 099999999 fails the MASAV check (leumi) of bank 010 (Bank Leumi le-Israel) at branch 800: no account at that branch has this number',
  )
  assert.throws(
    () => buildIban({ country: 'IL', bank: '010', branch: '607', account: '1000011710022' }),
    (error) =>
      error instanceof DatasetError && /has 13 significant digits: MASAV’s accounts of bank 010/.test(error.message),
  )
  // A bank code the rules leave unchecked takes any account.
  assert.equal(buildIban({ country: 'IL', bank: '054', branch: '001', account: '123' }).valid, true)
})

test('checkIlAccount: the rule names, the forms it takes, and RangeErrors naming the part', () => {
  assert.deepEqual(
    [...new Set(CODES.map((code) => checkIlAccount(String(code), '0', '1').method))].sort(),
    [...MASAV_METHODS].sort(),
  )
  assert.deepEqual(checkIlAccount('010', '607', '11710022'), checkIlAccount('10', '607', '0000011710022'))
  assert.equal(checkIlAccount('20', '406', '160 778').valid, true)
  for (const [bank, branch, account, part] of [
    ['', '1', '1', 'bank'],
    ['1000', '1', '1', 'bank'],
    ['10', '1234', '1', 'branch'],
    ['10', '1', '12345678901234', 'account'],
    ['10', '1', '12a', 'account'],
  ] as const)
    assert.throws(() => checkIlAccount(bank, branch, account), new RegExp(`^RangeError: ${part} "`))
})
