// The Swedish account checks and how an SE IBAN carries a clearing number and account. A
// range of clearing numbers (ranges.ts) fixes one of six rules: type 1 weighs the clearing
// number with the 7-digit account (comment 1 its last three digits, comment 2 all four), type 2
// the account alone (comments 1 and 3: mod 10 over 10 digits, comment 2: mod 11 over 9, BSAB's
// variant 4: mod 11 over 10). The IBAN's 17 account digits hold them by one of BSAB's four
// methods, always right-aligned, so in every layout the account ends at the last digit and a
// type 1 account's clearing number sits just before it; what a rule weighs is then a run of
// the 17 digits that ends at the last one. Reading an IBAN back, the IBAN ID and the zeros that
// open the 17 digits tell the layout (the layouts of one IBAN ID never overlap), the clearing
// number the range; a field no layout of its IBAN ID reads, or a clearing number no range of
// that ID holds, cannot be checked.
import { CLEARING_RANGES, type ClearingRange } from './ranges.ts'
import {
  DOUBLED,
  LAYOUT_C10,
  LAYOUT_P10,
  LAYOUT_P9,
  LAYOUT_S5,
  LAYOUT_T1,
  RULE_MODULUS,
  RULE_SHARES,
  RULE_START,
} from './constants.ts'

/** The rule of a range. */
export function ruleOf(range: ClearingRange): number {
  return range.type === 1 ? range.comment - 1 : range.comment + 1
}

/** The layout of a range's IBANs, or −1 where no IBAN carries its accounts (no method). */
export function layoutOf(range: ClearingRange): number {
  switch (range.method) {
    case null:
      return -1
    case 1:
      return range.length === 7 ? LAYOUT_T1 : LAYOUT_C10
    case 2:
      return range.length === 9 ? LAYOUT_P9 : LAYOUT_P10
    case 3:
      return range.from >= 8000 && range.to <= 8999 ? LAYOUT_S5 : LAYOUT_C10
    case 4:
      return LAYOUT_C10
  }
}

/** Each range's rule, layout and IBAN ID as a number (−1: none), by range index. */
const RULES = Int8Array.from(CLEARING_RANGES, ruleOf)
const LAYOUTS = Int8Array.from(CLEARING_RANGES, layoutOf)
const IDS = Int16Array.from(CLEARING_RANGES, (range) => (range.ibanId === null ? -1 : Number(range.ibanId)))

/** The range index of each 4-digit clearing number, or −1. */
const CLEARING_INDEX = new Int16Array(10_000).fill(-1)
CLEARING_RANGES.forEach((range, index) => CLEARING_INDEX.fill(index, range.from, range.to + 1))

/** Per IBAN ID: a bit per layout its ranges use; the range method 2 reads for it (P10, P9), or −1. */
const ID_LAYOUTS = new Uint8Array(1000)
const ID_P10 = new Int16Array(1000).fill(-1)
const ID_P9 = new Int16Array(1000).fill(-1)
CLEARING_RANGES.forEach((_, index) => {
  const id = IDS[index] as number
  const layout = LAYOUTS[index] as number
  if (id < 0 || layout < 0) return
  ID_LAYOUTS[id] = (ID_LAYOUTS[id] as number) | (1 << layout)
  // 3300 and 3782 are the same Nordea accounts: the first range reads them.
  if (layout === LAYOUT_P10 && (ID_P10[id] as number) < 0) ID_P10[id] = index
  if (layout === LAYOUT_P9 && (ID_P9[id] as number) < 0) ID_P9[id] = index
})

/** The range a 4-digit clearing number belongs to, or undefined. */
export function rangeOfClearing(clearing: number): ClearingRange | undefined {
  const index = clearing >= 0 && clearing < 10_000 ? (CLEARING_INDEX[clearing] as number) : -1
  return index < 0 ? undefined : CLEARING_RANGES[index]
}

/** True when the IBAN ID (a number) has ranges whose IBANs ibanmint reads. */
export function knownIbanId(id: number): boolean {
  return id >= 0 && id < 1000 && ID_LAYOUTS[id] !== 0
}

function zeros(values: Uint8Array, from: number, count: number): boolean {
  for (let i = from; i < from + count; i++) if (values[i] !== 0) return false
  return true
}

function number4(values: Uint8Array, at: number): number {
  return (
    (values[at] as number) * 1000 +
    (values[at + 1] as number) * 100 +
    (values[at + 2] as number) * 10 +
    (values[at + 3] as number)
  )
}

/** The range a clearing number at `at` reads as, if it is one of IBAN ID `id`'s in `layout`, else −1. */
function clearingAt(values: Uint8Array, at: number, id: number, layout: number): number {
  const index = CLEARING_INDEX[number4(values, at)] as number
  return index >= 0 && IDS[index] === id && LAYOUTS[index] === layout ? index : -1
}

/**
 * The range whose accounts the IBAN ID and 17 digits in `values` hold (digit values: the ID at
 * `at` − 3 … `at` − 1, the 17 digits from `at`), or −1 where none does.
 */
export function readRange(values: Uint8Array, at: number): number {
  const id = (values[at - 3] as number) * 100 + (values[at - 2] as number) * 10 + (values[at - 1] as number)
  const layouts = ID_LAYOUTS[id] as number
  if (layouts === 0) return -1
  if ((layouts & (1 << LAYOUT_T1)) !== 0 && zeros(values, at, 6)) {
    const index = clearingAt(values, at + 6, id, LAYOUT_T1)
    if (index >= 0) return index
  }
  if ((layouts & (1 << LAYOUT_S5)) !== 0 && zeros(values, at, 2)) {
    const index = clearingAt(values, at + 2, id, LAYOUT_S5)
    if (index >= 0) return index
  }
  if ((layouts & (1 << LAYOUT_C10)) !== 0 && zeros(values, at, 3)) {
    const index = clearingAt(values, at + 3, id, LAYOUT_C10)
    if (index >= 0) return index
  }
  if ((layouts & (1 << LAYOUT_P10)) !== 0 && zeros(values, at, 7)) return ID_P10[id] as number
  if ((layouts & (1 << LAYOUT_P9)) !== 0 && zeros(values, at, 8)) return ID_P9[id] as number
  return -1
}

/** The sum a rule weighs over the 17 digits from `at`. */
export function ruleSum(values: Uint8Array, at: number, rule: number): number {
  const shares = RULE_SHARES[rule] as Int16Array
  let sum = 0
  for (let i = RULE_START[rule] as number; i < 17; i++) sum += shares[i * 10 + (values[at + i] as number)] as number
  return sum
}

/** The Swedish convention: a weighed sum passes when it is a multiple of the modulus and not 0. */
export function sumPasses(sum: number, modulus: number): boolean {
  return sum !== 0 && sum % modulus === 0
}

/** True when the `count` digits from `at` pass Luhn (Swedbank's five-digit clearing number). */
export function luhnPasses(values: Uint8Array, at: number, count: number): boolean {
  let sum = 0
  for (let i = at + count - 1, doubled = false; i >= at; i--, doubled = !doubled)
    sum += doubled ? (DOUBLED[values[i] as number] as number) : (values[i] as number)
  return sumPasses(sum, 10)
}

/** True when the account (and, for Swedbank's five-digit clearing numbers, the clearing number) of range `index` passes. */
export function passesAt(values: Uint8Array, at: number, index: number): boolean {
  const rule = RULES[index] as number
  if (!sumPasses(ruleSum(values, at, rule), RULE_MODULUS[rule] as number)) return false
  return LAYOUTS[index] !== LAYOUT_S5 || luhnPasses(values, at + 2, 5)
}

/**
 * The verdict on the IBAN ID and 17 digits in `values` (see readRange): −1 where no known range
 * holds them, else 2 × rule + 1 when the account passes, 2 × rule when it fails.
 */
export function verdictAt(values: Uint8Array, at: number): number {
  const index = readRange(values, at)
  if (index < 0) return -1
  return (RULES[index] as number) * 2 + (passesAt(values, at, index) ? 1 : 0)
}

/** The range at an index of CLEARING_RANGES. */
export function rangeAt(index: number): ClearingRange {
  return CLEARING_RANGES[index] as ClearingRange
}

/** A clearing number as people write it: 5491, or Swedbank's 8327-9. */
export function writtenClearing(clearing: string): string {
  return clearing.length === 5 ? `${clearing.slice(0, 4)}-${clearing[4] as string}` : clearing
}

/** The Luhn check digit of a 4-digit Swedbank clearing number (8327 → 9). */
export function clearingCheckDigit(clearing: number): number {
  const digits = Uint8Array.from(String(clearing).padStart(4, '0') + '0', Number)
  for (let digit = 0; digit < 10; digit++) {
    digits[4] = digit
    if (luhnPasses(digits, 0, 5)) return digit
  }
  throw new RangeError(`clearing number ${clearing} has no check digit`)
}

/**
 * The 17 digits an IBAN of `range` holds for a clearing number (4 digits, or 5 for Swedbank's)
 * and an account zero-filled to the range's length, by the range's method; undefined where no
 * IBAN carries the range's accounts.
 */
export function ibanDigits(range: ClearingRange, clearing: string, account: string): string | undefined {
  switch (layoutOf(range)) {
    case LAYOUT_T1:
    case LAYOUT_C10:
      return (clearing.slice(0, 4) + account).padStart(17, '0')
    case LAYOUT_S5:
      return (clearing + account).padStart(17, '0')
    case LAYOUT_P10:
    case LAYOUT_P9:
      return account.padStart(17, '0')
    default:
      return undefined
  }
}

/**
 * The 17 digits the rule of `range` is checked on, for a clearing number and account written
 * out (zero-filled to the range's length): the layout of a type 1 IBAN for type 1, the account
 * right-aligned for type 2, whatever the range's IBAN method (ranges without one are checked too).
 */
export function checkedDigits(range: ClearingRange, clearing: string, account: string): Uint8Array {
  const text = range.type === 1 ? (clearing.slice(0, 4) + account).padStart(17, '0') : account.padStart(17, '0')
  return Uint8Array.from(text, Number)
}
