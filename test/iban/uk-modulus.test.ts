// The UK modulus check (src/iban/uk-modulus): Vocalink's published test cases and further
// vectors (test/fixtures/uk-modulus-vectors.json), the table as carried over, the library's
// checkUkAccount and isValidUkAccount, sort codes to banks, and GB validation.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import {
  buildIban,
  checkUkAccount,
  isValidIban,
  isValidUkAccount,
  UK_MODULUS_TABLE,
  validateIban,
} from '../../src/iban/index.ts'
import { bankOfSortCode, banksOfSortCode, ukLabels } from '../../src/iban/uk-modulus/index.ts'
import { ukVerdict } from '../../src/iban/uk-modulus/check.ts'
import { ukRanges } from '../../src/iban/uk-modulus/table.ts'
import { ibanCheckDigits } from '../../src/iban/mod97.ts'

const ROOT = join(import.meta.dirname, '..', '..')

interface Vector {
  id?: string
  test_case?: number
  description?: string
  sort_code: string
  account: string
  valid: boolean
  why?: string
}

const VECTORS = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'uk-modulus-vectors.json'), 'utf8')) as {
  published_test_cases: Vector[]
  extra_published_vectors: Vector[]
  oracle_disagreement_vectors: Vector[]
  normalisation_examples: { input_sort_code: string; input_account: string; sort_code: string; account: string }[]
}

function verdict(sortCode: string, account: string): boolean | null {
  return ukVerdict(Uint8Array.from(sortCode + account, Number))
}

/** A GB IBAN of a sort code and account (bank code NWBK). */
function gbIban(sortCode: string, account: string, bank = 'NWBK'): string {
  const bban = bank + sortCode + account
  return `GB${ibanCheckDigits('GB', bban)}${bban}`
}

test('the committed table module is what vendor/uk-modulus gives (npm run data:uk-modulus --check)', () => {
  execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'uk-modulus-data.ts'), '--check'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
})

test('the table is Vocalink’s v8.50: 1,151 rows in 723 ranges, in order, never overlapping', () => {
  assert.deepEqual(UK_MODULUS_TABLE, { version: '8.50', valid_from: '2025-06-23', rows: 1151 })
  const ranges = ukRanges()
  assert.equal(ranges.length, 723)
  assert.equal(
    ranges.reduce((sum, range) => sum + range.rows.length, 0),
    1151,
  )
  for (let i = 1; i < ranges.length; i++)
    assert.ok((ranges[i - 1]?.end ?? 0) < (ranges[i]?.start ?? 0), `range ${i} overlaps the one before`)
})

test('the 34 published Vocalink test cases give the published result', () => {
  assert.equal(VECTORS.published_test_cases.length, 34)
  for (const vector of VECTORS.published_test_cases) {
    assert.equal(
      verdict(vector.sort_code, vector.account),
      vector.valid,
      `test case ${vector.test_case}: ${vector.description} (${vector.sort_code} ${vector.account})`,
    )
    assert.equal(isValidUkAccount(vector.sort_code, vector.account), vector.valid, `test case ${vector.test_case}`)
  }
})

test('the specification’s exception 14 examples and further published vectors give their result', () => {
  for (const vector of VECTORS.extra_published_vectors)
    assert.equal(verdict(vector.sort_code, vector.account), vector.valid, `${vector.id}: ${vector.description}`)
})

test('the rules other implementations misread are read as the specification says (regression vectors)', () => {
  assert.equal(VECTORS.oracle_disagreement_vectors.length, 11)
  for (const vector of VECTORS.oracle_disagreement_vectors)
    assert.equal(
      verdict(vector.sort_code, vector.account),
      vector.valid,
      `${vector.sort_code} ${vector.account}: ${vector.why}`,
    )
})

test('Bank of Ireland: only sort codes whose sort-code-only check passes can hold valid accounts', () => {
  assert.equal(verdict('900000', '00000000'), false)
  assert.equal(verdict('900017', '00000000'), true)
  let possible = 0
  for (let code = 900000; code <= 909999; code++) {
    if (code === 902397) continue
    const digits = String(code).split('').map(Number)
    const weighted = [32, 16, 8, 4, 2, 1].reduce((sum, weight, i) => sum + weight * (digits[i] as number), 0)
    if (weighted % 11 === 0) possible++
  }
  assert.equal(possible, 908)
})

test('a sort code the table has no row for cannot be checked: null, and isValidUkAccount presumes it valid', () => {
  assert.equal(verdict('123456', '98765432'), null)
  assert.equal(verdict('123456', '98765433'), null)
  const check = checkUkAccount('12-34-56', '98765432')
  assert.deepEqual(
    { valid: check.valid, method: check.method, exception: check.exception, bank: check.bank },
    { valid: null, method: null, exception: null, bank: null },
  )
  assert.equal(isValidUkAccount('123456', '98765433'), true)
})

test('checkUkAccount names the checks, the exceptions, the sort code’s bank and the table', () => {
  assert.deepEqual(checkUkAccount('60-16-13', '31926819'), {
    sort_code: '601613',
    account: '31926819',
    valid: true,
    method: 'MOD11',
    exception: null,
    bank: { code: 'NWBK', name: 'NATIONAL WESTMINSTER BANK PUBLIC LIMITED COMPANY', bic: 'NWBKGB2L' },
    table: '8.50',
  })
  const barclays = checkUkAccount('203099', '66831036')
  assert.deepEqual([barclays.valid, barclays.method, barclays.exception], [false, 'MOD11+DBLAL', '6'])
  assert.deepEqual(
    [checkUkAccount('309070', '02355688').exception, checkUkAccount('871427', '46238510').exception],
    ['2/9', '10/11'],
  )
})

test('accounts of 6, 7, 9 and 10 digits are converted as the specification says (9: Santander, 10: NatWest, Co-op)', () => {
  for (const example of VECTORS.normalisation_examples) {
    const check = checkUkAccount(example.input_sort_code, example.input_account)
    assert.deepEqual(
      [check.sort_code, check.account],
      [example.sort_code, example.account],
      `${example.input_sort_code} ${example.input_account}`,
    )
  }
  assert.throws(() => checkUkAccount('601613', '123456789'), /9-digit accounts are Santander’s/)
  assert.throws(() => checkUkAccount('601613', '12345'), /account "12345" must be 6 to 10 digits/)
  assert.throws(() => checkUkAccount('60161', '12345678'), /sort code "60161" must be 6 digits/)
  assert.equal(isValidUkAccount('60161', '12345678'), false)
  assert.equal(isValidUkAccount('601613', '3192681x'), false)
})

test('sort codes name their bank by the narrowest known range; a shared range prefers the IBAN’s own bank', () => {
  assert.deepEqual(banksOfSortCode(601613), ['NWBK'])
  assert.deepEqual(banksOfSortCode(608371), ['SRLG'])
  assert.deepEqual(banksOfSortCode(83201), ['CITI'])
  assert.deepEqual(banksOfSortCode(89000), ['CPBK'])
  assert.deepEqual(banksOfSortCode(202015), ['BARC', 'BUKB'])
  assert.equal(bankOfSortCode(202015), 'BARC')
  assert.equal(bankOfSortCode(202015, 'BUKB'), 'BUKB')
  assert.equal(bankOfSortCode(202015, 'NWBK'), 'BARC')
  assert.deepEqual(banksOfSortCode(123456), [])
})

test('validation of a GB IBAN reports the modulus check, its method and exception, and the sort code’s bank', () => {
  const natwest = validateIban('GB29NWBK60161331926819')
  assert.equal(natwest.valid, true)
  assert.equal(natwest.checks.national, true)
  assert.deepEqual(natwest.national_check, {
    algorithm: 'uk-modulus',
    method: 'MOD11',
    status: 'confirmed',
    valid: true,
  })
  assert.equal(natwest.sort_code_bank?.code, 'NWBK')

  const failing = validateIban(gbIban('203099', '66831036', 'BARC'))
  assert.equal(failing.valid, false)
  assert.deepEqual(failing.checks, {
    mod97: true,
    length: true,
    format: true,
    country_supported: true,
    national: false,
    bank_code: true,
  })
  assert.deepEqual(failing.national_check, {
    algorithm: 'uk-modulus',
    method: 'MOD11+DBLAL',
    exception: '6',
    status: 'confirmed',
    valid: false,
  })

  // Not checkable: national null, valid follows the other checks; no known bank for 12-34-56.
  const unchecked = validateIban('GB82WEST12345698765432')
  assert.deepEqual([unchecked.valid, unchecked.checks.national, unchecked.national_check], [true, null, null])
  assert.equal(unchecked.sort_code_bank, null)
  // The sort code's bank beside the IBAN's: a Barclays IBAN at a NatWest sort code.
  const mixed = validateIban(gbIban('601613', '31926819', 'BARC'))
  assert.deepEqual([mixed.bank?.code, mixed.sort_code_bank?.code], ['BARC', 'NWBK'])
  // Other countries carry no sort_code_bank.
  assert.equal('sort_code_bank' in validateIban('DE89370400440532013000'), false)
})

test('each published test case as a GB IBAN validates as the case says; isValidIban agrees', () => {
  for (const vector of VECTORS.published_test_cases) {
    const iban = gbIban(vector.sort_code, vector.account)
    const result = validateIban(iban)
    assert.equal(result.valid, vector.valid, `test case ${vector.test_case}: ${iban}`)
    assert.equal(result.checks.national, vector.valid, `test case ${vector.test_case}`)
    assert.equal(isValidIban(iban), vector.valid, `test case ${vector.test_case}`)
  }
})

test('every method and exception of the table has one label; national_check objects are shared per label and verdict', () => {
  const { labels } = ukLabels()
  assert.ok(labels.length < 64, `${labels.length} labels`)
  assert.equal(new Set(labels.map((label) => label.join('|'))).size, labels.length)
  assert.equal(
    validateIban('GB29NWBK60161331926819').national_check,
    validateIban(gbIban('601613', '31926819')).national_check,
  )
})

test('building a GB IBAN refuses an account that fails its sort code’s check, naming account, sort code and check', () => {
  assert.equal(
    buildIban({ country: 'GB', bank: 'NWBK', branch: '60-16-13', account: '31926819' }).iban,
    'GB29NWBK60161331926819',
  )
  assert.throws(() => buildIban({ country: 'GB', bank: 'BARC', branch: '203099', account: '66831036' }), {
    parameter: 'account',
    message:
      'account 66831036 fails the modulus check (MOD11+DBLAL, exception 6) of sort code 20-30-99 (BARCLAYS BANK PLC): no account at that sort code has this number',
  })
  // A sort code the table does not check is built as given.
  assert.equal(
    buildIban({ country: 'GB', bank: 'WEST', branch: '123456', account: '98765432' }).iban,
    'GB82WEST12345698765432',
  )
})
