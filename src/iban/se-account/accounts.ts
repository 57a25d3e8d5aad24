// Swedish accounts made to pass their clearing number's check, one to one from a row number.
// A bank's rows choose one of its clearing numbers as a branch: the digits that open the 17
// (zeros, the clearing number, Swedbank's check digit), as the IBAN holds them; the account's
// next digits are free, the one before last a guard (the v-th of the nine digits for which
// the account completes: mod 11 has no check digit for one of them, and no account may weigh
// to 0) and the last the check digit. Every (clearing number, free digits, guard) is then one
// account that passes, none twice, so a bank's number of accounts is exact.
//
// A bank's clearing numbers are alike (ROW_T1: 7-digit accounts after 000000 CCCC; ROW_L10:
// 10-digit accounts after 7 digits; ROW_P9: Handelsbanken's 9 digits after 8 zeros) or mixed
// (ROW_MIX: Swedbank's 7000 and 8000 series): there every branch is 10 digits and, where a
// 10-digit account starts inside them, the writer derives those account digits from the free
// ones. Random rows choose the IBAN ID with the branch (a country rule: constraints.ts) and
// are written as mixed rows.
import { NO_TAG } from '../account-scheme.ts'
import { clearingCheckDigit, layoutOf, readRange, rangeAt, ruleOf } from './check.ts'
import { CLEARING_RANGES, type ClearingRange } from './ranges.ts'
import {
  CHECK,
  DOUBLED,
  FREE_START,
  GUARD,
  LAYOUT_C10,
  LAYOUT_P10,
  LAYOUT_P9,
  LAYOUT_S5,
  LAYOUT_T1,
  ROW_L10,
  ROW_MIX,
  ROW_P9,
  ROW_T1,
  RULE_MODULUS,
  RULE_SHARES,
} from './constants.ts'

// ---- which clearing numbers rows draw ----

/**
 * The clearing numbers whose accounts are the holder's personal identity number (Nordea's
 * personkonto): rows draw them only when `bank=` names one, so that generated data does not
 * mint numbers shaped like real people's.
 */
const PERSONAL_IDENTITY = new Set([3300, 3782])

/**
 * True for a range realistic and random rows draw: every source lists it (BSAB, Bankgirot,
 * BankData), its IBAN rule is undisputed, and its accounts are no personal identity numbers.
 * `bank=` reaches the others.
 */
export function drawnRange(range: ClearingRange): boolean {
  return (
    range.sources === 'all' &&
    range.disputed === undefined &&
    range.method !== null &&
    !PERSONAL_IDENTITY.has(range.from)
  )
}

/**
 * A type 1 comment 1 clearing number whose last three digits are 0 (2000, 3000, 5000, 7000):
 * with an account of zeros before its guard it weighs 0, and mod 11 then leaves only 8 guard
 * digits. Drawn rows skip these four; a row of one of them alone starts its account at 1–9.
 */
function weighsZero(range: ClearingRange, clearing: number): boolean {
  return ruleOf(range) === 0 && clearing % 1000 === 0
}

/** The digits that open the 17 for a clearing number of a range: its layout's zeros and clearing number. */
export function prefixOf(range: ClearingRange, clearing: number): string {
  const digits = String(clearing).padStart(4, '0')
  switch (layoutOf(range)) {
    case LAYOUT_T1:
      return `000000${digits}`
    case LAYOUT_S5:
      return `00${digits}${clearingCheckDigit(clearing)}`
    case LAYOUT_C10:
      return `000${digits}`
    case LAYOUT_P10:
      return '0000000'
    case LAYOUT_P9:
      return '00000000'
    default:
      throw new RangeError(`clearing number ${digits}: no IBAN carries its accounts`)
  }
}

/**
 * The prefixes of a range's clearing numbers: one for each (less those that weigh to 0 when
 * `skipZero`), or one for the whole range where the IBAN does not carry the clearing number
 * (method 2: Handelsbanken's accounts are the same at every 6xxx).
 */
function prefixesOf(range: ClearingRange, skipZero: boolean): string[] {
  const layout = layoutOf(range)
  if (layout === LAYOUT_P10 || layout === LAYOUT_P9) return [prefixOf(range, range.from)]
  const prefixes: string[] = []
  for (let clearing = range.from; clearing <= range.to; clearing++)
    if (!(skipZero && weighsZero(range, clearing))) prefixes.push(prefixOf(range, clearing))
  return prefixes
}

/** The prefixes drawn rows of an IBAN ID choose from (empty where none of its ranges is drawn). */
export function drawnPrefixes(ibanId: string): string[] {
  return CLEARING_RANGES.filter((range) => range.ibanId === ibanId && drawnRange(range)).flatMap((range) =>
    prefixesOf(range, true),
  )
}

/** The prefixes of every range of an IBAN ID that has an IBAN rule (personal identity numbers aside). */
export function allPrefixes(ibanId: string): string[] {
  return CLEARING_RANGES.filter(
    (range) => range.ibanId === ibanId && range.method !== null && !PERSONAL_IDENTITY.has(range.from),
  ).flatMap((range) => prefixesOf(range, true))
}

/**
 * What random rows choose from: the IBAN ID and the first 10 of the 17 digits, for every
 * clearing number of the drawn ranges (as mixed rows write them: a 10-digit account's first
 * digits are the writer's). One uniform choice, so random rows spread over clearing numbers,
 * where realistic rows spread over banks.
 */
export function randomPrefixes(): string[] {
  return CLEARING_RANGES.filter(drawnRange).flatMap((range) =>
    prefixesOf(range, true).map((prefix) => `${range.ibanId as string}${prefix.padEnd(10, '0')}`),
  )
}

// ---- how a bank's rows lay out their accounts ----

/** Account digits a branch leaves to the writer: none, digits 7–9 of the 17 (a 10-digit account's first three), or 8–9 (a 9-digit account's first two). */
const EXTRAS_NONE = 0
const EXTRAS_THREE = 1
const EXTRAS_TWO = 2

/**
 * What the writer needs of a row's branch, as one number: its rule (bits 0–2), the account
 * digits it derives (EXTRAS_*, bits 3–4), where the free digits start among the 17 (bits 5–8)
 * and what the branch's own digits before them add to the rule's sum (the rest). `values`: the
 * IBAN ID's 3 digit values and the 17's (valuesOf).
 */
function tagOf(rule: number, extras: number, start: number, values: Uint8Array): number {
  let share = 0
  const shares = RULE_SHARES[rule] as Int16Array
  for (let i = 6; i < start; i++) {
    const derived = extras === EXTRAS_THREE ? i >= 7 : extras === EXTRAS_TWO ? i >= 8 : false
    if (!derived) share += shares[i * 10 + (values[3 + i] as number)] as number
  }
  return rule | (extras << 3) | (start << 5) | (share << 9)
}

/** The row kind of a bank's prefixes, by their widths: one width is its kind, several make a mixed row. */
export function rowKindOf(prefixes: readonly string[]): number {
  const widths = new Set(prefixes.map((prefix) => prefix.length))
  if (widths.size > 1) return ROW_MIX
  return widths.has(7) ? ROW_L10 : widths.has(8) ? ROW_P9 : ROW_T1
}

/** A prefix as a branch of a row of `kind`: padded with zeros to its width (the writer replaces them). */
export function branchOf(prefix: string, kind: number): string {
  return prefix.padEnd(FREE_START[kind] as number, '0')
}

/** The 17 digit values of an IBAN ID and field text (short text padded with zeros). */
function valuesOf(ibanId: string, digits: string): Uint8Array {
  return Uint8Array.from((ibanId + digits).padEnd(20, '0'), Number)
}

/** What a bank's rows make of its branches: their kind, tags, and whether the first free digit must not be 0. */
export interface RowLayout {
  readonly kind: number
  readonly tags: ReadonlyMap<string, number>
  /** The first free digit is 1–9: some branch's account could otherwise weigh to 0 under mod 11. */
  readonly nonZeroStart: boolean
}

/** The layout of the rows of an IBAN ID at these branches (branches of one width, as branchOf makes them). */
export function rowLayoutOf(ibanId: string, branches: readonly string[]): RowLayout {
  const values = branches.map((branch) => valuesOf(ibanId, branch))
  const ranges = branches.map((branch, k) => {
    const index = readRange(values[k] as Uint8Array, 3)
    if (index < 0) throw new RangeError(`se-account: branch ${branch} of ${ibanId} reads as no clearing number`)
    return rangeAt(index)
  })
  const layouts = ranges.map(layoutOf)
  const width = branches[0]?.length
  const kind =
    width === 8 ? ROW_P9 : width === 7 ? ROW_L10 : layouts.every((layout) => layout === LAYOUT_T1) ? ROW_T1 : ROW_MIX
  const tags = new Map<string, number>()
  let nonZeroStart = false
  branches.forEach((branch, k) => {
    const range = ranges[k] as ClearingRange
    const layout = layouts[k] as number
    const rule = ruleOf(range)
    const derives = kind === ROW_MIX && layout !== LAYOUT_T1
    const extras = derives ? (layout === LAYOUT_P9 ? EXTRAS_TWO : EXTRAS_THREE) : EXTRAS_NONE
    tags.set(branch, tagOf(rule, extras, FREE_START[kind] as number, values[k] as Uint8Array))
    // The account's first weighed digit is a free one, and nothing weighed before it can be other than 0.
    if (!derives && RULE_MODULUS[rule] === 11) {
      if (layout === LAYOUT_T1) nonZeroStart ||= weighsZero(range, Number(branch.slice(6, 10)))
      else nonZeroStart = true
    }
  })
  return { kind, tags, nonZeroStart }
}

// ---- the writer ----

/** Guard and check digits by modulus, sum and guard value, at [row × 9 + v]; row `m` is a sum of exactly 0. */
const GUARD_DIGITS: Record<number, Int8Array> = { 10: guardTable(10, 'guard'), 11: guardTable(11, 'guard') }
const CHECK_DIGITS: Record<number, Int8Array> = { 10: guardTable(10, 'check'), 11: guardTable(11, 'check') }

/**
 * For modulus m, each remainder r of the sum before the guard (and, in row m, a sum of exactly
 * 0), the first nine guard digits d for which a check digit exists and the account does not
 * weigh to 0, and that check digit; −1 past the last (only mod 11 at a sum of 0 has eight).
 */
function guardTable(modulus: number, what: 'guard' | 'check'): Int8Array {
  const table = new Int8Array((modulus + 1) * 9).fill(-1)
  for (let row = 0; row <= modulus; row++) {
    const remainder = row === modulus ? 0 : row
    let v = 0
    for (let d = 0; d <= 9 && v < 9; d++) {
      const share = modulus === 11 ? 2 * d : (DOUBLED[d] as number)
      const check = (modulus - ((remainder + share) % modulus)) % modulus
      if (check === 10) continue
      if (row === modulus && d === 0 && check === 0) continue
      table[row * 9 + v++] = what === 'guard' ? d : check
    }
  }
  return table
}

/** Scratch: the IBAN ID and 17 digits of the row being written, as digit values. */
const VALUES = new Uint8Array(20)

/** The tag of a row without one (random rows): its branch read from the row's own digits, as a mixed row's. */
function tagFromRow(out: Uint8Array, fieldAt: number): number {
  for (let i = 0; i < 20; i++) VALUES[i] = (out[fieldAt - 3 + i] as number) - 48
  const index = readRange(VALUES, 3)
  if (index < 0) throw new Error('generate: an SE row reads as no clearing number')
  const range = rangeAt(index)
  const layout = layoutOf(range)
  const extras = layout === LAYOUT_T1 ? EXTRAS_NONE : layout === LAYOUT_P9 ? EXTRAS_TWO : EXTRAS_THREE
  return tagOf(ruleOf(range), extras, FREE_START[ROW_MIX] as number, VALUES)
}

/**
 * Writes the derived digits of a Swedish account whose branch and free digits are in place:
 * the first digits of a mixed row's 10- or 9-digit account (a hash of the free digits, never
 * starting with 0), the guard (the free value v becomes the v-th of its nine digits) and the
 * check digit. `fieldAt` is the IBAN index of the 17 digits; `tag` the branch's (NO_TAG: read).
 */
export function seAccountWriter(fieldAt: number): (out: Uint8Array, tag: number) => void {
  return (out, tag) => {
    const branch = tag === NO_TAG ? tagFromRow(out, fieldAt) : tag
    const rule = branch & 7
    const shares = RULE_SHARES[rule] as Int16Array
    let sum = branch >>> 9
    const extras = (branch >> 3) & 3
    if (extras !== EXTRAS_NONE) {
      let free = 0
      for (let i = fieldAt + 10; i < fieldAt + GUARD; i++) free = free * 10 + (out[i] as number) - 48
      const hash = Math.imul(free + 1, 0x9e3779b1) >>> 0
      const derived = extras === EXTRAS_THREE ? 100 + (hash % 900) : 10 + (hash % 90)
      for (let i = 9, rest = derived; rest > 0; i--, rest = (rest / 10) | 0) {
        const digit = rest % 10
        out[fieldAt + i] = 48 + digit
        sum += shares[i * 10 + digit] as number
      }
    }
    for (let i = (branch >> 5) & 15; i < GUARD; i++) sum += shares[i * 10 + (out[fieldAt + i] as number) - 48] as number
    const modulus = RULE_MODULUS[rule] as number
    const at = (sum === 0 ? modulus : sum % modulus) * 9 + (out[fieldAt + GUARD] as number) - 48
    const guard = (GUARD_DIGITS[modulus] as Int8Array)[at] as number
    if (guard < 0) throw new Error('generate: an SE account weighs 0 before its guard')
    out[fieldAt + GUARD] = 48 + guard
    out[fieldAt + CHECK] = 48 + ((CHECK_DIGITS[modulus] as Int8Array)[at] as number)
  }
}
