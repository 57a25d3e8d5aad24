// Swedish clearing-number accounts as an account scheme (account-scheme.ts): the IBAN ID and
// the opening zeros of the 17 account digits tell which clearing number and account an SE IBAN
// carries, and the clearing number's range its rule (check.ts, ranges.ts); accounts of a
// bank's clearing numbers are made to pass it (accounts.ts). An IBAN that carries no clearing
// number of a known range cannot be checked.
import { NO_TAG, type AccountPlan, type AccountScheme, type AccountSlots, type Verdict } from '../account-scheme.ts'
import { BBAN_VALUES } from '../bban-values.ts'
import { findBank, type BankRow } from '../banks.ts'
import { BBAN } from '../layout.ts'
import type { NationalCheckResult } from '../national.ts'
import { randomBelow } from '../random.ts'
import type { CountrySpec } from '../registry.ts'
import {
  allPrefixes,
  branchOf,
  drawnPrefixes,
  prefixOf,
  rowKindOf,
  rowLayoutOf,
  seAccountWriter,
  type RowLayout,
} from './accounts.ts'
import {
  clearingCheckDigit,
  knownIbanId,
  layoutOf,
  luhnPasses,
  passesAt,
  rangeAt,
  rangeOfClearing,
  readRange,
  ruleOf,
  verdictAt,
  writtenClearing,
} from './check.ts'
import {
  CHECK,
  FREE_START,
  GUARD,
  LAYOUT_C10,
  LAYOUT_S5,
  LAYOUT_T1,
  ROW_MIX,
  RULE_WORDS,
  SE_RULES,
} from './constants.ts'

/** Where the 17 account digits start in the BBAN (after the 3-digit IBAN ID). */
const FIELD = 3

/** The results by rule and verdict (frozen, shared). */
const RESULTS = SE_RULES.map((method) =>
  ([false, true] as const).map((valid) =>
    Object.freeze({ algorithm: 'se-clearing', method, status: 'confirmed' as const, valid }),
  ),
)

/** A bank with `prefixes` as its branches (as wide as its row kind makes them), or undefined for none. */
function withPrefixes(bank: BankRow, prefixes: readonly string[]): BankRow | undefined {
  if (prefixes.length === 0) return undefined
  const kind = rowKindOf(prefixes)
  return Object.freeze({ ...bank, branches: prefixes.map((prefix) => branchOf(prefix, kind)) })
}

/** Banks as rows draw them (`+` and their code) and as `bank=` filters them (`=`), made once. */
const ROWS = new Map<string, BankRow | null>()

function rowOf(bank: BankRow, drawn: boolean): BankRow | undefined {
  const key = `${drawn ? '+' : '='}${bank.code}`
  let row = ROWS.get(key)
  if (row === undefined) {
    // A filter by a bank none of whose ranges is drawn (Plusgirot, 9300–9349) takes all its ranges.
    const drawnOnes = drawnPrefixes(bank.code)
    row = withPrefixes(bank, drawn || drawnOnes.length > 0 ? drawnOnes : allPrefixes(bank.code)) ?? null
    ROWS.set(key, row)
  }
  return row ?? undefined
}

const SEPARATORS = /[\s.-]+/g
const IBAN_ID = /^[0-9]{3}$/
const CLEARING = /^[0-9]{4,5}$/

/**
 * A bank= filter as a bank row: a registered IBAN ID (rows at its bank's clearing numbers), or a
 * clearing number (5491; Swedbank's with or without its check digit, 8327-9 or 8327: the bank
 * of its range, rows at that clearing number only). Undefined for a code of neither shape; a
 * RangeError naming the problem for a clearing number no known range holds, one that no IBAN
 * carries, a fifth digit where the range has none, or a wrong Swedbank check digit.
 */
function bankFilter(text: string): BankRow | undefined {
  const compact = text.replace(SEPARATORS, '')
  if (IBAN_ID.test(compact)) return findBank('SE', compact)
  if (!CLEARING.test(compact)) return undefined
  const shown = text.slice(0, 20)
  const clearing = Number(compact.slice(0, 4))
  const range = rangeOfClearing(clearing)
  if (range === undefined)
    throw new RangeError(`bank "${shown}": no bank ibanmint knows has clearing number ${compact.slice(0, 4)}`)
  if (compact.length === 5) {
    if (layoutOf(range) !== LAYOUT_S5)
      throw new RangeError(
        `bank "${shown}": only Swedbank’s 8000-series clearing numbers have a fifth digit (${range.bank}: ${compact.slice(0, 4)})`,
      )
    const check = clearingCheckDigit(clearing)
    if (Number(compact[4]) !== check)
      throw new RangeError(
        `bank "${shown}": ${writtenClearing(compact)} is no clearing number: Swedbank’s fifth digit is a check digit (${compact.slice(0, 4)}-${check})`,
      )
  }
  if (range.ibanId === null)
    throw new RangeError(
      `bank "${shown}": clearing number ${compact.slice(0, 4)} (${range.bank}) has no IBAN ID: no IBAN carries its accounts`,
    )
  const bank = findBank('SE', range.ibanId)
  if (bank === undefined)
    throw new RangeError(
      `bank "${shown}": clearing number ${compact.slice(0, 4)} belongs to ${range.bank}, whose IBAN ID ${range.ibanId} is not in the bank registry ibanmint carries`,
    )
  return withPrefixes(bank, [prefixOf(range, clearing)])
}

/** The account slots of rows laid out as `layout`: free digits after the branch, a guard, the check digit. */
function slotsOf(layout: RowLayout | undefined): AccountSlots {
  const positions: (string | undefined)[] = new Array<string | undefined>(CHECK + 1).fill(undefined)
  if (layout !== undefined) {
    if (layout.nonZeroStart) positions[FREE_START[layout.kind] as number] = '123456789'
    // A mixed row's 10-digit accounts start inside its branches: the writer derives those digits.
    if (layout.kind === ROW_MIX) positions[7] = positions[8] = positions[9] = ''
  }
  positions[GUARD] = '0123456789'
  positions[CHECK] = ''
  return { positions, guard: { position: GUARD, size: 9 }, choice: undefined }
}

/** Random rows: the IBAN ID and the first 10 of the 17 digits are one choice (constraints.ts), as a mixed row's. */
const RANDOM_SLOTS = slotsOf(undefined)

/** The writer by country (the 17 digits' place), made once. */
const WRITERS = new Map<string, ReturnType<typeof seAccountWriter>>()

function writerOf(spec: CountrySpec): ReturnType<typeof seAccountWriter> {
  let writer = WRITERS.get(spec.code)
  if (writer === undefined) WRITERS.set(spec.code, (writer = seAccountWriter(BBAN + FIELD)))
  return writer
}

/** True when ibanmint knows clearing numbers of the bank's IBAN ID. */
function checks(bank: BankRow): boolean {
  return knownIbanId(Number(bank.code))
}

export const SE_CLEARING: AccountScheme = {
  id: 'se-clearing',
  failingAccount: 'SE: the clearing number and account fail their Swedish account check',
  checkName: 'Clearing number and account by the rule of its range',
  checksWhat: 'Swedish clearing numbers and accounts by the rule of the clearing number’s range',
  methodWords:
    'the account type of the clearing number’s range (type 1 comment 1 or 2, type 2 comment 1 to 3, type 2 variant 4)',

  findBank: (_country, text) => bankFilter(text),
  bankWords: 'a registered IBAN ID (500) or a clearing number (5491, Swedbank’s 8327-9)',
  drawnBank: (bank) => rowOf(bank, true),
  filteredBank: (bank) =>
    bank.branches !== undefined && bank.branches.length > 0 ? bank : (rowOf(bank, false) ?? bank),
  checks,

  accountPlan(spec, bank): AccountPlan {
    const finish = writerOf(spec)
    if (bank === undefined)
      return { key: 'random', slots: RANDOM_SLOTS, writer: { digit: undefined, finish }, tagOf: undefined }
    const branches = bank.branches ?? []
    // A bank none of whose clearing numbers ibanmint knows: its accounts are left to the format.
    if (branches.length === 0) return { key: '', slots: undefined, writer: undefined, tagOf: undefined }
    const layout = rowLayoutOf(bank.code, branches)
    return {
      key: `${layout.kind}|${layout.nonZeroStart}`,
      slots: slotsOf(layout),
      writer: { digit: undefined, finish },
      tagOf: (branch) => layout.tags.get(branch) ?? NO_TAG,
    }
  },

  unbreakable(_realistic, bank) {
    if (bank !== undefined && !checks(bank))
      return `has no clearing numbers ibanmint knows for bank ${bank.code}, so no account check applies`
    return undefined
  },
  negativeKind: 'pass',
  // The account's last digit is its check digit under every rule, with weight 1: any other
  // digit fails (mod 11 and mod 10 alike), and the free digits stay as they were.
  breakAccount(_spec, _bank, out, random) {
    const at = BBAN + FIELD + CHECK
    out[at] = 48 + (((out[at] as number) - 48 + 1 + randomBelow(random, 9)) % 10)
    return true
  },

  readsBank: false,
  judge: (): Verdict => verdictAt(BBAN_VALUES, FIELD),
  result: (verdict) => (RESULTS[verdict >> 1] as NationalCheckResult[])[verdict & 1] as NationalCheckResult,
  kind: (verdict) => (verdict < 0 ? 0 : 1 + (verdict >> 1)),
  addFields() {},
  failure: (check) => `the clearing number and account fail their Swedish account check (${check.method ?? ''})`,

  requirePasses(_spec, bban) {
    const values = Uint8Array.from(bban, (char) => char.charCodeAt(0) - 48)
    const index = readRange(values, FIELD)
    if (index < 0 || passesAt(values, FIELD, index)) return
    const range = rangeAt(index)
    const layout = layoutOf(range)
    const field = bban.slice(FIELD)
    if (layout === LAYOUT_S5 && !luhnPasses(values, FIELD + 2, 5)) {
      const clearing = field.slice(2, 7)
      throw new RangeError(
        `clearing number ${writtenClearing(clearing)} (${range.bank}) fails its check digit: Swedbank’s five-digit clearing numbers end in a mod 10 check digit (${clearing.slice(0, 4)}-${clearingCheckDigit(Number(clearing.slice(0, 4)))})`,
      )
    }
    const rule = ruleOf(range)
    const account = field.slice(17 - range.length)
    const how = `${SE_RULES[rule] ?? ''}: ${RULE_WORDS[rule] ?? ''}`
    const clearing =
      layout === LAYOUT_T1
        ? field.slice(6, 10)
        : layout === LAYOUT_C10
          ? field.slice(3, 7)
          : layout === LAYOUT_S5
            ? writtenClearing(field.slice(2, 7))
            : undefined
    throw new RangeError(
      clearing === undefined
        ? `account ${account} fails the check of ${range.bank}’s clearing numbers ${range.from}–${range.to} (${how}; the IBAN does not carry the clearing number): no account there has this number`
        : `account ${account} fails the check of clearing number ${clearing}, ${range.bank} (${how}): no account there has this number`,
    )
  },
}
