// The UK modulus check as an account scheme (account-scheme.ts): Vocalink's table gives each
// sort code range its checks (check.ts, table.ts); accounts of a sort code are made by choosing
// one of the tails its check leaves for the account's first five digits (accounts.ts); the
// banks of sort codes come from their publicly known ranges (sort-codes.ts). A sort code the
// table does not cover cannot be checked.
import type { AccountKind, AccountPlan, AccountScheme, AccountWriter, Verdict } from '../account-scheme.ts'
import { BBAN_VALUES } from '../bban-values.ts'
import { bankIndexIn, findBank, type BankRow, type BankTable } from '../banks.ts'
import { BBAN } from '../layout.ts'
import type { NationalCheckResult } from '../national.ts'
import type { CountrySpec } from '../registry.ts'
import { checkUkAccount } from '../uk-account.ts'
import { leastTailChoices, tailChoices, ukAccountWriter, ukRecord } from './accounts.ts'
import { rangePasses, sortCodeOf } from './check.ts'
import { bankOfSortCode, banksOfSortCode } from './sort-codes.ts'
import { rangeOf } from './table.ts'
import { bankSortCodes, ukLabels } from './index.ts'

/** Where the sort code and account start in BBAN_VALUES (after the 4-letter bank code). */
const UK_DIGITS = 4
/** The sort code and account of the last folded BBAN (a view made once). */
const UK_VALUES = BBAN_VALUES.subarray(UK_DIGITS, UK_DIGITS + 14)

/** The results by method-and-exception number and verdict (frozen, shared). */
const RESULTS: (readonly [NationalCheckResult, NationalCheckResult] | undefined)[] = []

/** Kinds per sort-code bank: more than the numbers of methods and exceptions (ukLabels). */
const KINDS = 64

/**
 * The indexes in GB's table of the banks of each sort-code range (its bank list, one per range),
 * found once: a row's own bank is then preferred by index, not by reading its record.
 */
const SORT_CODE_BANK_INDEXES = new Map<readonly string[], readonly number[]>()

/**
 * The index in `table` (GB's) of the bank the last folded BBAN's sort code belongs to, the
 * IBAN's own bank (at `named`) preferred; −1 where no known range holds it.
 */
function sortCodeBankIndex(table: BankTable, named: number): number {
  const banks = banksOfSortCode(sortCodeOf(UK_VALUES))
  if (banks.length === 0) return -1
  let indexes = SORT_CODE_BANK_INDEXES.get(banks)
  if (indexes === undefined)
    SORT_CODE_BANK_INDEXES.set(banks, (indexes = banks.map((code) => bankIndexIn(table, code, 0))))
  return named >= 0 && indexes.includes(named) ? named : (indexes[0] as number)
}

/** Two-digit prefixes free sort codes avoid (constraints.ts: Bank of Ireland's 90). */
const SKIPPED_SORT_CODES: ReadonlySet<number> = new Set([90])

/**
 * leastTailChoices over the free sort codes, by kind: a constant of the table, found once (it
 * reads all 233,245 checked sort codes: about 30 ms, and 260 ms the first time).
 */
const FREE_TAIL_CHOICES = new Map<AccountKind, number>()

/** How many tails every sort code of a bank's rows offers for accounts of `kind` (its known sort codes, or free ones). */
function tailChoicesOf(bank: BankRow | undefined, kind: AccountKind): number {
  const sortCodes = bank?.branches ?? []
  if (sortCodes.length === 0) {
    let least = FREE_TAIL_CHOICES.get(kind)
    if (least === undefined) FREE_TAIL_CHOICES.set(kind, (least = leastTailChoices(kind, SKIPPED_SORT_CODES)))
    return least
  }
  let least = Number.POSITIVE_INFINITY
  for (const code of sortCodes) least = Math.min(least, tailChoices(Number(code), kind))
  return least
}

const WITH_SORT_CODES = new Map<string, BankRow | null>()

/**
 * A bank with its known sort codes as branches (those where an account of `kind` exists), or
 * undefined when none is known; a row that already names its sort codes (bank= with a sort
 * code) as it is.
 */
function withSortCodes(bank: BankRow, kind: AccountKind): BankRow | undefined {
  if (bank.branches !== undefined && bank.branches.length > 0) return bank
  const key = `${bank.code}${kind}`
  let row = WITH_SORT_CODES.get(key)
  if (row === undefined) {
    const { sortCodes } = bankSortCodes(bank.code, kind)
    row = sortCodes.length === 0 ? null : Object.freeze({ ...bank, branches: sortCodes })
    WITH_SORT_CODES.set(key, row)
  }
  return row ?? undefined
}

/** Some sort code of the bank (its own, or its known ones) has accounts that fail the modulus check. */
function failsSomewhere(bank: BankRow): boolean {
  const named = bank.branches ?? []
  if (named.length > 0) return named.some((code) => tailChoices(Number(code), 'fail') > 0)
  return withSortCodes(bank, 'fail') !== undefined
}

const SEPARATORS = /[\s-]+/g
const UK_BANK_CODE = /^[A-Z]{4}$/
const UK_SORT_CODE = /^[0-9]{6}$/
const UK_BANK_AND_SORT_CODE = /^[A-Z]{4}[0-9]{6}$/

/** "601613" as "60-16-13". */
function spaced(sortCode: string): string {
  return `${sortCode.slice(0, 2)}-${sortCode.slice(2, 4)}-${sortCode.slice(4)}`
}

/**
 * A bank= filter as a bank row: a registered 4-letter bank code (rows draw its known sort
 * codes), a sort code (the bank its known ranges name; rows at that sort code only), or both
 * (NWBK601613). Undefined for a code of none of these shapes; a RangeError naming the problem
 * for a sort code no known range holds or where no account passes the modulus check.
 */
function bankFilter(code: string): BankRow | undefined {
  const compact = code.replace(SEPARATORS, '').toUpperCase()
  if (UK_BANK_CODE.test(compact)) return findBank('GB', compact)
  let sortCode: string
  let bank: BankRow | undefined
  if (UK_SORT_CODE.test(compact)) {
    sortCode = compact
    const named = bankOfSortCode(Number(sortCode))
    if (named === undefined)
      throw new RangeError(
        `bank "${code.slice(0, 20)}": no bank ibanmint knows has sort code ${spaced(sortCode)}; give a bank code with it (e.g. NWBK${sortCode})`,
      )
    bank = findBank('GB', named)
  } else if (UK_BANK_AND_SORT_CODE.test(compact)) {
    sortCode = compact.slice(4)
    bank = findBank('GB', compact.slice(0, 4))
  } else return undefined
  if (bank === undefined) return undefined
  if (tailChoices(Number(sortCode), 'pass') === 0)
    throw new RangeError(
      `bank "${code.slice(0, 20)}": no account passes the modulus check at sort code ${spaced(sortCode)} (its second check weighs only the sort code)`,
    )
  return Object.freeze({ ...bank, branches: [sortCode] })
}

/** The writers of accounts by country and kind. */
const WRITERS = new Map<string, AccountWriter>()

function writerOf(spec: CountrySpec, kind: AccountKind): AccountWriter {
  const key = `${spec.code}${kind}`
  let writer = WRITERS.get(key)
  if (writer === undefined) {
    const sortAt = BBAN + (spec.segments.find((s) => s.name === 'branch')?.offset ?? 0)
    const accountAt = BBAN + (spec.segments.find((s) => s.name === 'account')?.offset ?? 0)
    WRITERS.set(key, (writer = { digit: undefined, finish: ukAccountWriter(sortAt, accountAt, kind) }))
  }
  return writer
}

/** An account's positions: a–e free, f g one of the sort code's tails (the writer reads them), h derived. */
const DERIVED_H = [undefined, undefined, undefined, undefined, undefined, undefined, undefined, '']
const TAIL_POSITIONS = [5, 6]

export const UK_MODULUS: AccountScheme = {
  id: 'uk-modulus',
  failingAccount: 'GB: the account fails its sort code’s modulus check',
  checkName: 'Sort code and account number (UK modulus check)',
  checksWhat: 'British sort codes and accounts by the UK modulus check, naming the sort code’s bank',
  methodWords:
    'the sort code’s checks (MOD10, MOD11, DBLAL, or two joined by +), with `exception` for the exceptions of Vocalink’s table that apply',

  findBank: (_country, text) => bankFilter(text),
  bankWords: 'a registered bank code, a sort code of a known bank, or a bank code and a sort code (NWBK601613)',
  drawnBank: withSortCodes,
  filteredBank: (bank, kind) => withSortCodes(bank, kind) ?? bank,
  checks: () => true,

  accountPlan(spec, bank, kind): AccountPlan {
    const choices = tailChoicesOf(bank, kind)
    if (choices < 1) throw new Error('layout: a GB shape needs at least one choice of tail')
    return {
      key: String(choices),
      slots: { positions: DERIVED_H, guard: undefined, choice: { positions: TAIL_POSITIONS, count: choices } },
      writer: writerOf(spec, kind),
      // The writer finds the sort code's prepared record by its number, not by a lookup per row.
      tagOf: (branch) => ukRecord(Number(branch), kind),
    }
  },

  unbreakable(realistic, bank) {
    if (!realistic)
      return 'has, in random mode, free sort codes, many of which no modulus check covers (use realistic mode: sort codes of real banks)'
    if (bank !== undefined && !failsSomewhere(bank))
      return `has no sort code of bank ${bank.code}${bank.branches?.length === 1 ? ` (${bank.branches[0]})` : ''} where an account can fail the modulus check: the modulus table does not check ${bank.branches?.length === 1 ? 'it' : 'its known sort codes, or none is known'}`
    return undefined
  },
  negativeKind: 'fail',
  breakAccount: () => false,

  readsBank: false,
  judge(): Verdict {
    const range = rangeOf(sortCodeOf(UK_VALUES))
    if (range === undefined) return -1
    return (ukLabels().byRange[range.index] as number) * 2 + (rangePasses(range, UK_VALUES) ? 1 : 0)
  },
  result(verdict) {
    const label = verdict >> 1
    let results = RESULTS[label]
    if (results === undefined) {
      const [method, exception] = ukLabels().labels[label] as [string, string | null]
      const make = (valid: boolean): NationalCheckResult =>
        Object.freeze({
          algorithm: 'uk-modulus',
          method,
          ...(exception === null ? {} : { exception }),
          status: 'confirmed' as const,
          valid,
        })
      RESULTS[label] = results = [make(false), make(true)]
    }
    return results[verdict & 1] as NationalCheckResult
  },
  // Kinds differ by the check's result and by the sort code's bank (both in the row's text).
  kind: (verdict, table, index) =>
    (verdict < 0 ? 0 : 1 + (verdict >> 1)) + KINDS * (1 + sortCodeBankIndex(table, index)),
  addFields(result, table, index) {
    const found = table === undefined ? -1 : sortCodeBankIndex(table, index)
    result.sort_code_bank = found < 0 ? null : (table as BankTable).record(found)
  },
  failure: (check) =>
    `the account fails its sort code’s modulus check (${check.method ?? ''}${check.exception === undefined ? '' : `, exception ${check.exception}`})`,

  requirePasses(_spec, bban) {
    const check = checkUkAccount(bban.slice(4, 10), bban.slice(10))
    if (check.valid !== false) return
    const rule = `${check.method ?? ''}${check.exception === null ? '' : `, exception ${check.exception}`}`
    throw new RangeError(
      `account ${check.account} fails the modulus check (${rule}) of sort code ${spaced(check.sort_code)}${check.bank === null ? '' : ` (${check.bank.name})`}: no account at that sort code has this number`,
    )
  },
}
