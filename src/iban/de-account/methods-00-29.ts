// Bundesbank check methods 00 to 29: weighted modulus 10 and modulus 11 check digits, the
// iterated transformation (M10H), and the methods built from them with sub-account numbers,
// shifted accounts and special ranges.
import {
  ANY,
  NON_ZERO,
  checkDigitLayout,
  digitSum,
  mod10,
  mod10Digit,
  mod11,
  mod11Digit,
  valueOf,
  weightedDigitSum,
  weightedSum,
} from './primitives.ts'
import type { AccountLayout, AccountMethod, Decimal, Digits } from './types.ts'

type Id = `0${Decimal}` | `1${Decimal}` | `2${Decimal}`

/** Computes the digit a position must hold from the other digits, or −1 when no digit passes. */
type CheckDigit = (d: Digits) => number

/** Index of the last digit (position 10), the usual check digit. */
const LAST = 9

// Weights, right to left; weightedSum repeats them when they run out.
const W_21 = [2, 1]
const W_371 = [3, 7, 1]
const W_731 = [7, 3, 1]
const W_3971 = [3, 9, 7, 1]
const W_2_TO_7 = [2, 3, 4, 5, 6, 7]
const W_2_TO_9_2 = [2, 3, 4, 5, 6, 7, 8, 9, 2]
const W_2_TO_10 = [2, 3, 4, 5, 6, 7, 8, 9, 10]
const W_2_TO_9_1 = [2, 3, 4, 5, 6, 7, 8, 9, 1]
const W_2_TO_9_3 = [2, 3, 4, 5, 6, 7, 8, 9, 3]
const W_2_TO_9 = [2, 3, 4, 5, 6, 7, 8, 9]
const W_2_TO_5 = [2, 3, 4, 5]
const W_2_TO_8 = [2, 3, 4, 5, 6, 7, 8]

/**
 * The iterated transformation (M10H): row r of the table, digit v, at index r × 10 + v. Rows
 * are assigned right to left from position 9: 1, 2, 3, 4, 1, …
 */
const M10H_TABLE = Uint8Array.from(
  [
    [0, 1, 5, 9, 3, 7, 4, 8, 2, 6],
    [0, 1, 7, 6, 9, 8, 3, 2, 5, 4],
    [0, 1, 8, 4, 6, 2, 9, 5, 7, 3],
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  ].flat(),
)

/** Free positions 1–9 (the first non-zero), the check digit in position 10. */
const NINE_FREE = [NON_ZERO, ANY, ANY, ANY, ANY, ANY, ANY, ANY, ANY, ''] as const

/** Free positions 1–7 and 9–10 (a sub-account), the check digit in position 8. */
const SUB_ACCOUNT_LAYOUT = [NON_ZERO, ANY, ANY, ANY, ANY, ANY, ANY, '', ANY, ANY] as const

/** A layout deriving the digit at `at` with `checkDigit` (described as data where it is); with a guard when it can fail. */
const layoutOf = checkDigitLayout

/** A method whose only rule is that the digit at `at` equals `checkDigit` of the others. */
function checkDigitMethod(
  positions: readonly string[],
  at: number,
  checkDigit: CheckDigit,
  guard?: AccountLayout['guard'],
): AccountMethod {
  const layout = layoutOf(positions, at, checkDigit, guard)
  return {
    checks: true,
    valid: (d) => checkDigit(d) === d[at],
    layout,
    ...(layout.derive === undefined ? {} : { plain: true }),
  }
}

/** Position 9 (weight 2 in every mod 11 method here): 9 of its 10 digits avoid a forbidden remainder. */
const GUARD_POSITION_9 = { position: 8, size: 9 } as const

/** Modulus 10 over positions 1–9, products summed as they are (01, 03, 05, 18). */
function mod10Sum(weights: readonly number[]): CheckDigit {
  return mod10Digit(0, 8, weights, false)
}

/** Modulus 10 over positions 1–9, the digit sums of the products summed (00). */
const mod10DigitSum = mod10Digit(0, 8, W_21, true)

/** Modulus 11 over positions first–last: remainder 1 gives `onTen` (0, 9, or −1 for none). */
function mod11Over(first: number, last: number, weights: readonly number[], onTen: number): CheckDigit {
  return mod11Digit(first, last, weights, onTen)
}

/** The M10H check digit of positions 1–9. */
function m10h(d: Digits): number {
  let sum = 0
  for (let i = 8, row = 0; i >= 0; i--, row = (row + 1) & 3) sum += M10H_TABLE[row * 10 + (d[i] as number)] as number
  return mod10(sum)
}

/** Method 13's check digit of the six-digit base number starting at `first`, right after it. */
function baseNumberPasses(d: Digits, first: number): boolean {
  return mod10(weightedDigitSum(d, first, first + 5, W_21)) === d[first + 6]
}

/** 13: base number 2–7 with check digit 8; failing that, the account as if sub-account 00 had been left off. */
function valid13(d: Digits): boolean {
  return baseNumberPasses(d, 1) || baseNumberPasses(d, 3)
}

/** 16: as 06; remainder 1 also passes when positions 9 and 10 are equal. */
function valid16(d: Digits): boolean {
  const remainder = weightedSum(d, 0, 8, W_2_TO_7) % 11
  return mod11(remainder, 0) === d[LAST] || (remainder === 1 && d[8] === d[LAST])
}

/** 17: stem number in positions 2–7 weighted 1, 2 left to right (digit sums), minus 1, remainder from 10. */
function checkDigit17(d: Digits): number {
  const reduced = weightedDigitSum(d, 1, 6, W_21) - 1
  // An all-zero stem gives −1, whose remainder leaves no digit.
  if (reduced < 0) return -1
  const remainder = reduced % 11
  return remainder === 0 ? 0 : 10 - remainder
}

/** 21: as 00, the sum reduced to one digit by repeated digit sums and taken from 10. */
function checkDigit21(d: Digits): number {
  let sum = weightedDigitSum(d, 0, 8, W_21)
  while (sum > 9) sum = digitSum(sum)
  return sum === 0 ? -1 : 10 - sum
}

/** 22: the last digits of the products (weights 3, 1), summed, up to the next ten. */
function checkDigit22(d: Digits): number {
  let sum = 0
  for (let i = 8, weight = 3; i >= 0; i--, weight = 4 - weight) sum += ((d[i] as number) * weight) % 10
  return mod10(sum)
}

/** 23: as 16 over positions 1–6 with the check digit in position 7; remainder 1 asks it to repeat position 6. */
function checkDigit23(d: Digits): number {
  const remainder = weightedSum(d, 0, 5, W_2_TO_7) % 11
  return remainder === 1 ? (d[5] as number) : mod11(remainder, 0)
}

/**
 * 24: from the first counted non-zero digit to position 9, weights 1, 2, 3 repeated left to
 * right; each product plus its weight, mod 11, summed; the last digit of the sum. A leading
 * 3–6 is not counted; a leading 9 drops positions 1–3 and needs a non-zero position 4.
 */
function checkDigit24(d: Digits): number {
  const lead = d[0] as number
  if (lead === 9 && d[3] === 0) return -1
  let i = lead === 9 ? 3 : lead >= 3 && lead <= 6 ? 1 : 0
  while (i < 9 && d[i] === 0) i++
  let sum = 0
  for (let weight = 1; i < 9; i++, weight = weight === 3 ? 1 : weight + 1) {
    sum += ((d[i] as number) * weight + weight) % 11
  }
  return sum % 10
}

/** 25: positions 2–9; remainder 1 gives 0, allowed only for work digits (position 2) 8 and 9. */
function checkDigit25(d: Digits): number {
  const remainder = weightedSum(d, 1, 8, W_2_TO_9) % 11
  if (remainder !== 1) return mod11(remainder, 0)
  return d[1] === 8 || d[1] === 9 ? 0 : -1
}

/** 26: as 06 over positions 1–7 with check digit 8, the account first shifted left by two when it starts 00. */
function valid26(d: Digits): boolean {
  const first = d[0] === 0 && d[1] === 0 ? 2 : 0
  return mod11(weightedSum(d, first, first + 6, W_2_TO_7), 0) === d[first + 7]
}

/** 27: as 00 up to 999 999 999, M10H for ten-digit accounts. */
function checkDigit27(d: Digits): number {
  return d[0] === 0 ? mod10DigitSum(d) : m10h(d)
}

const FIRST_CHECKED_08 = 60_000

/** Every account passes (09, and 12, which the specification leaves unassigned). */
const UNCHECKED: AccountMethod = {
  checks: false,
  valid: () => true,
  layout: {
    positions: [NON_ZERO, ANY, ANY, ANY, ANY, ANY, ANY, ANY, ANY, ANY],
    complete: () => true,
  },
}

const method00 = checkDigitMethod(NINE_FREE, LAST, mod10DigitSum)
const checkDigit06 = mod11Over(0, 8, W_2_TO_7, 0)

/** The methods 00–29 by id. */
export function methods00To29(): Readonly<Record<Id, AccountMethod>> {
  return {
    // Modulus 10, weights 2, 1 from the right, digit sums of the products.
    '00': method00,
    // Modulus 10, weights 3, 7, 1 from the right.
    '01': checkDigitMethod(NINE_FREE, LAST, mod10Sum(W_371)),
    // Modulus 11, weights 2–9, 2; remainder 1 makes the account unusable.
    '02': checkDigitMethod(NINE_FREE, LAST, mod11Over(0, 8, W_2_TO_9_2, -1), GUARD_POSITION_9),
    // Modulus 10, weights 2, 1 from the right, products as they are.
    '03': checkDigitMethod(NINE_FREE, LAST, mod10Sum(W_21)),
    // Modulus 11, weights 2–7, 2, 3, 4; remainder 1 makes the account unusable.
    '04': checkDigitMethod(NINE_FREE, LAST, mod11Over(0, 8, W_2_TO_7, -1), GUARD_POSITION_9),
    // Modulus 10, weights 7, 3, 1 from the right.
    '05': checkDigitMethod(NINE_FREE, LAST, mod10Sum(W_731)),
    // Modulus 11, weights 2–7 repeated; remainder 0 or 1 gives check digit 0.
    '06': checkDigitMethod(NINE_FREE, LAST, checkDigit06),
    // Modulus 11, weights 2–10; remainder 1 makes the account unusable.
    '07': checkDigitMethod(NINE_FREE, LAST, mod11Over(0, 8, W_2_TO_10, -1), GUARD_POSITION_9),
    // As 00 from account 60 000 on; smaller accounts pass unchecked.
    '08': {
      checks: true,
      valid: (d) => valueOf(d, 0, 9) < FIRST_CHECKED_08 || mod10DigitSum(d) === d[LAST],
      layout: method00.layout,
    },
    // No check.
    '09': UNCHECKED,
    // Modulus 11, weights 2–10; remainder 0 or 1 gives check digit 0.
    '10': checkDigitMethod(NINE_FREE, LAST, mod11Over(0, 8, W_2_TO_10, 0)),
    // Modulus 11, weights 2–10; remainder 0 gives 0, remainder 1 gives 9.
    '11': checkDigitMethod(NINE_FREE, LAST, mod11Over(0, 8, W_2_TO_10, 9)),
    // Unassigned ("frei"): no check.
    '12': UNCHECKED,
    // As 00 over base number 2–7, check digit 8, sub-account 9–10; or read as if sub-account 00 had been left off.
    '13': {
      checks: true,
      valid: valid13,
      layout: layoutOf(SUB_ACCOUNT_LAYOUT, 7, mod10Digit(1, 6, W_21, true)),
    },
    // Modulus 11 as 02 over base number 4–9 (account type 2–3 not counted).
    '14': checkDigitMethod(NINE_FREE, LAST, mod11Over(3, 8, W_2_TO_7, -1), GUARD_POSITION_9),
    // Modulus 11 as 06 over positions 6–9 only, weights 2–5.
    '15': checkDigitMethod(NINE_FREE, LAST, mod11Over(5, 8, W_2_TO_5, 0)),
    // As 06, but remainder 1 passes when positions 9 and 10 are equal.
    '16': { checks: true, valid: valid16, layout: layoutOf(NINE_FREE, LAST, checkDigit06) },
    // Modulus 11 over stem 2–7 (weights 1, 2, digit sums, minus 1); check digit 8, sub-account 9–10.
    '17': checkDigitMethod([NON_ZERO, NON_ZERO, ANY, ANY, ANY, ANY, ANY, '', ANY, ANY], 7, checkDigit17),
    // Modulus 10, weights 3, 9, 7, 1 from the right.
    '18': checkDigitMethod(NINE_FREE, LAST, mod10Sum(W_3971)),
    // Modulus 11 as 06, weights 2–9, 1.
    '19': checkDigitMethod(NINE_FREE, LAST, mod11Over(0, 8, W_2_TO_9_1, 0)),
    // Modulus 11 as 06, weights 2–9, 3.
    '20': checkDigitMethod(NINE_FREE, LAST, mod11Over(0, 8, W_2_TO_9_3, 0)),
    // As 00, the sum reduced to a single digit and taken from 10.
    '21': checkDigitMethod(NINE_FREE, LAST, checkDigit21),
    // Modulus 10, weights 3, 1 from the right, last digits of the products.
    '22': checkDigitMethod(NINE_FREE, LAST, checkDigit22),
    // As 16 over positions 1–6, check digit 7; positions 8–10 unchecked.
    '23': checkDigitMethod([NON_ZERO, ANY, ANY, ANY, ANY, ANY, '', ANY, ANY, ANY], 6, checkDigit23),
    // Weights 1, 2, 3 left to right from the first counted digit, each product plus weight mod 11, summed.
    '24': checkDigitMethod(['1278', ANY, ANY, ANY, ANY, ANY, ANY, ANY, ANY, ''], LAST, checkDigit24),
    // Modulus 11 over positions 2–9 of a nine-digit account; remainder 1 only for work digits 8 and 9.
    '25': checkDigitMethod(
      ['0', NON_ZERO, ANY, ANY, ANY, ANY, ANY, ANY, ANY, ''],
      LAST,
      checkDigit25,
      GUARD_POSITION_9,
    ),
    // Modulus 11 as 06 over positions 1–7, check digit 8, sub-account 9–10; an account starting 00 shifted first.
    '26': {
      checks: true,
      valid: valid26,
      layout: layoutOf(SUB_ACCOUNT_LAYOUT, 7, mod11Over(0, 6, W_2_TO_7, 0)),
    },
    // As 00 below 1 000 000 000, the iterated transformation (M10H) above.
    '27': checkDigitMethod(NINE_FREE, LAST, checkDigit27),
    // Modulus 11 as 06 over positions 1–7 (weights 2–8), check digit 8, sub-account 9–10.
    '28': checkDigitMethod(SUB_ACCOUNT_LAYOUT, 7, mod11Over(0, 6, W_2_TO_8, 0)),
    // Modulus 10 with the iterated transformation (M10H).
    '29': checkDigitMethod(NINE_FREE, LAST, m10h),
  }
}
