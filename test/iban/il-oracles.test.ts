// IL accounts judged by an independent validator: npm il-bank-account-validator 2.0.0, which
// implements MASAV's 2015 document. Generated accounts (both modes) pass it, negative data fails
// it, and on altered accounts ibanmint's verdict equals its answer except where it departs from
// what ibanmint holds; each departure is named here (a test shows it on a vector) and every
// disagreement found must be one of them.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { test } from 'node:test'
import { asciiString } from '../../src/iban/generate.ts'
import { checkIlAccount, validateIban } from '../../src/iban/index.ts'
import { Dataset, MAX_IBAN_LENGTH } from '../../src/iban/internal.ts'
import { ruleOf } from '../../src/iban/il-account/rules.ts'
import { ibanCheckDigits } from '../../src/iban/mod97.ts'
import { LONG } from '../helpers/fixtures.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const require = createRequire(import.meta.url)
const validator = require('il-bank-account-validator') as (bank: string, branch: string, account: string) => boolean

/** An IL BBAN's bank code, branch and 13-digit account. */
type Row = readonly [bank: string, branch: string, account: string]

/** ibanmint's verdict: does the account pass (or is it not checkable)? */
function ours([bank, branch, account]: Row): boolean {
  return checkIlAccount(bank, branch, account).valid !== false
}

function theirs([bank, branch, account]: Row): boolean {
  return validator(bank, branch, account)
}

/** A departure: its name, and whether a disagreement (ours vs the package's) is one. */
interface Departure {
  readonly name: string
  readonly matches: (row: Row, ours: boolean, theirs: boolean) => boolean
}

const DEPARTURES: readonly Departure[] = [
  {
    name: 'a bank code its rules do not cover: it answers false (ibanmint: not checkable, so not refused)',
    matches: ([bank], mine, package_) => mine && !package_ && ruleOf(Number(bank)) < 0 && Number(bank) !== 54,
  },
  {
    name: 'Bank of Jerusalem (54): it answers true for every account (ibanmint: not checkable), and so do we',
    matches: ([bank]) => Number(bank) === 54,
  },
  {
    name: 'an account of more than 9 significant digits: it drops the digits above the 9th (ibanmint: no MASAV account is that long, so it fails)',
    matches: ([, , account], mine, package_) => !mine && package_ && /[1-9]/.test(account.slice(0, 4)),
  },
]

function departureOf(row: Row, mine: boolean, package_: boolean): Departure | undefined {
  return DEPARTURES.find((departure) => departure.matches(row, mine, package_))
}

const SIZE = LONG ? 100_000 : 10_000
const SEEDS = LONG ? ['1', 'oracles', 'il'] : ['1', 'oracles']

function rowsOf(options: ConstructorParameters<typeof Dataset>[0], count: number): Row[] {
  const dataset = new Dataset(options)
  const out = new Uint8Array(MAX_IBAN_LENGTH)
  const list: Row[] = []
  for (let i = 0; i < count; i++) {
    dataset.mint(i, out)
    const bban = asciiString(out, dataset.ibanLength).slice(4)
    list.push([bban.slice(0, 3), bban.slice(3, 6), bban.slice(6)])
  }
  return list
}

test('the package gives the 44 vectors’ expected results and accepts its own 72 cases, as ibanmint does (but at 54)', () => {
  const { vectors } = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'il-account-vectors.json'), 'utf8')) as {
    vectors: { id: string; bank: string; branch: string; account: string; expected: { valid: boolean } }[]
  }
  for (const vector of vectors) {
    const row: Row = [vector.bank, vector.branch, vector.account]
    assert.equal(theirs(row), vector.expected.valid, vector.id)
    assert.equal(ours(row), vector.expected.valid, vector.id)
  }
  const positive = JSON.parse(
    readFileSync(join(ROOT, 'vendor', 'il-bank-account-validator', 'positiveData.json'), 'utf8'),
  ) as { bankNumber: string; branchNumber: string; accountNumber: string }[]
  for (const { bankNumber, branchNumber, accountNumber } of positive) {
    const row: Row = [bankNumber, branchNumber, accountNumber]
    assert.equal(theirs(row), true)
    assert.equal(checkIlAccount(...row).valid, Number(bankNumber) === 54 ? null : true, row.join(' '))
  }
})

for (const realistic of [true, false]) {
  test(`generated IL accounts (${realistic ? 'realistic' : 'random'}, ${SIZE.toLocaleString('en')} rows × ${SEEDS.length} seeds) pass the package wherever it covers the bank code; every other answer is a named departure`, () => {
    let covered = 0
    for (const seed of SEEDS) {
      for (const row of rowsOf({ countries: ['IL'], realistic, seed }, SIZE)) {
        assert.equal(ours(row), true, row.join(' '))
        const answer = theirs(row)
        if (answer) {
          covered++
          continue
        }
        assert.ok(departureOf(row, true, false) !== undefined, `the package refuses ${row.join(' ')}`)
      }
    }
    // Realistic rows are all at banks the rules cover; random rows at about 1.4 % of codes.
    const expected = realistic ? SIZE * SEEDS.length : 0.01 * SIZE * SEEDS.length
    assert.ok(covered >= expected, `${covered} accepted`)
  })
}

test(`IL rows of one bank or branch (bank=: 010, 012, 020-406, 031, 10-936; ${(SIZE / 10).toLocaleString('en')} each) pass the package, and their invalid=national rows fail it`, () => {
  for (const bank of ['010', '012', '020-406', '031', '10-936']) {
    for (const row of rowsOf({ countries: ['IL'], bank, seed: 'bank' }, SIZE / 10))
      assert.ok(theirs(row) && ours(row), `${bank}: ${row.join(' ')}`)
    for (const row of rowsOf({ countries: ['IL'], bank, seed: 'bank', invalid: 'national' }, SIZE / 10))
      assert.ok(!theirs(row) && !ours(row), `${bank}: ${row.join(' ')}`)
  }
})

test(`invalid=national IL accounts (${SIZE.toLocaleString('en')} rows × ${SEEDS.length} seeds) fail the package`, () => {
  for (const seed of SEEDS) {
    for (const row of rowsOf({ countries: ['IL'], seed, invalid: 'national' }, SIZE)) {
      assert.equal(ours(row), false, row.join(' '))
      assert.equal(theirs(row), false, row.join(' '))
    }
  }
})

test('on altered accounts and branches ibanmint’s verdict equals the package’s except where it departs', () => {
  const departed = new Map<string, number>()
  let compared = 0
  for (const realistic of [true, false]) {
    for (const [index, [bank, branch, account]] of rowsOf(
      { countries: ['IL'], realistic, seed: 'altered' },
      SIZE,
    ).entries()) {
      // One digit of the branch or the 13-digit account changed: the one a typing slip would change.
      const text = branch + account
      const at = index % text.length
      const altered = text.slice(0, at) + String((Number(text[at]) + 1 + (index % 9)) % 10) + text.slice(at + 1)
      const row: Row = [bank, altered.slice(0, 3), altered.slice(3)]
      const [mine, package_] = [ours(row), theirs(row)]
      compared++
      if (mine === package_) continue
      const named = departureOf(row, mine, package_)
      assert.ok(named !== undefined, `the package says ${package_}, ibanmint ${mine}: ${row.join(' ')}`)
      departed.set(named.name, (departed.get(named.name) ?? 0) + 1)
    }
  }
  if (process.env['IBANMINT_IL_ORACLES_REPORT'] === '1') console.log(compared, JSON.stringify([...departed], null, 1))
  assert.equal(compared, 2 * SIZE)
  // The altered accounts of realistic rows meet the third departure (a digit above the 9th).
  assert.ok((departed.get(DEPARTURES[2]?.name as string) ?? 0) > 0, JSON.stringify([...departed]))
})

// ---- each departure on a vector ----

test('the package departs: a bank code outside its rules is false (One Zero 18, 123), ibanmint cannot check it', () => {
  for (const row of [
    ['18', '001', '123456771'],
    ['123', '456', '000123456789'],
  ] as const) {
    assert.deepEqual([ours(row), theirs(row)], [true, false])
    assert.equal(checkIlAccount(row[0], row[1], row[2]).valid, null)
    assert.equal(departureOf(row, true, false)?.name, DEPARTURES[0]?.name)
  }
})

test('the package departs: Bank of Jerusalem (54) accepts every account; ibanmint leaves it unchecked', () => {
  const row = ['54', '001', '999999999'] as const
  assert.equal(theirs(row), true)
  assert.equal(checkIlAccount(...row).valid, null)
  const bban = '0540019999999999999'
  assert.equal(validateIban(`IL${ibanCheckDigits('IL', bban)}${bban}`).checks.national, null)
})

test('the package departs: it drops digits above the 9th (10 607 99911710022), ibanmint refuses the account', () => {
  const row = ['10', '607', '0099911710022'] as const
  assert.deepEqual([ours(row), theirs(row)], [false, true])
  assert.equal(departureOf(row, false, true)?.name, DEPARTURES[2]?.name)
})
