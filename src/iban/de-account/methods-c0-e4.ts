// The Bundesbank's check methods C0 to E4. Most of them chain older methods as variants (the
// next variant runs when the previous one finds a wrong check digit) or pick one by the leading
// digits; the older methods they name are computed here from the primitives.
// Positions in comments are the Bundesbank's (1-based from the left); indices are 0-based.
import {
  ANY,
  NON_ZERO,
  checkDigitLayout as layoutWith,
  digitSum,
  mod10,
  mod10Digit,
  mod11,
  mod11Digit,
  weightedDigitSum,
  weightedSum,
  type DescribedCheckDigit,
} from './primitives.ts'
import type { AccountLayout, AccountMethod, Decimal, Digits } from './types.ts'

type Id = `C${Decimal}` | `D${Decimal}` | 'E0' | 'E1' | 'E2' | 'E3' | 'E4'

/** No check digit exists for this remainder (mod11's onTen): the account cannot pass. */
const NONE = -1

// Weights, right to left, as the methods name them.
const W_2_1 = [2, 1]
const W_3_1 = [3, 1]
const W_3_9_7_1 = [3, 9, 7, 1]
const W_2_TO_5 = [2, 3, 4, 5]
const W_2_TO_6 = [2, 3, 4, 5, 6]
const W_2_TO_7 = [2, 3, 4, 5, 6, 7]
const W_2_TO_8 = [2, 3, 4, 5, 6, 7, 8]
const W_2_TO_10 = [2, 3, 4, 5, 6, 7, 8, 9, 10]
const W_02 = [2, 3, 4, 5, 6, 7, 8, 9, 2]
const W_20 = [2, 3, 4, 5, 6, 7, 8, 9, 3]
const W_52 = [2, 4, 8, 5, 10, 9, 7, 3, 6, 1, 2, 4]
const W_E1 = [1, 2, 3, 4, 5, 6, 11, 10, 9]

/** Method 29's iterated transformation (M10H): row r (0–3) at index r × 10 + digit. */
const TRANSFORM = Uint8Array.from(
  [
    [0, 1, 5, 9, 3, 7, 4, 8, 2, 6],
    [0, 1, 7, 6, 9, 8, 3, 2, 5, 4],
    [0, 1, 8, 4, 6, 2, 9, 5, 7, 3],
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  ].flat(),
)

function at(d: Digits, i: number): number {
  return d[i] as number
}

// Check digits of the older methods the variants name, for position 10 over positions 1–9
// unless a range is given.

/** Method 00: weights 2, 1 with digit sums of the products, modulus 10. */
function check00(d: Digits): number {
  return mod10(weightedDigitSum(d, 0, 8, W_2_1))
}

/** Method 00's check digit, described as data for generation. */
const CHECK_00 = mod10Digit(0, 8, W_2_1, true)

/** Methods 01, 03, 18: plain weighted sum, modulus 10. */
function check01(d: Digits, weights: readonly number[]): number {
  return mod10(weightedSum(d, 0, 8, weights))
}

/** Methods 06, 10, 15, 20, 95 ("modified"): modulus 11, remainder 1 gives check digit 0. */
function check06(d: Digits, first: number, weights: readonly number[]): number {
  return mod11(weightedSum(d, first, 8, weights), 0)
}

/** Methods 02, 04, 07, 58: modulus 11, remainder 1 leaves no usable check digit. */
function check02(d: Digits, first: number, weights: readonly number[]): number {
  return mod11(weightedSum(d, first, 8, weights), NONE)
}

/** Method 22: only the units of each product (weights 3, 1) count, modulus 10. */
function check22(d: Digits): number {
  let sum = 0
  for (let i = 8, k = 0; i >= 0; i--, k ^= 1) sum += (at(d, i) * (W_3_1[k] as number)) % 10
  return mod10(sum)
}

/** Method 29 (M10H): each digit translated by its row of the table, modulus 10. */
function check29(d: Digits): number {
  let sum = 0
  for (let i = 8, row = 0; i >= 0; i--, row = (row + 1) & 3) sum += TRANSFORM[row * 10 + at(d, i)] as number
  return mod10(sum)
}

/** Method 21: method 00's sum reduced to one digit by repeated digit sums, subtracted from 10. */
function check21(d: Digits): number {
  let sum = weightedDigitSum(d, 0, 8, W_2_1)
  while (sum > 9) sum = digitSum(sum)
  return 10 - sum
}

/**
 * Methods 17 and C1's variant 2: digits from `first` to `last` weighted 1, 2, 1, … from the left
 * (digit sums of the products), minus 1, modulus 11, subtracted from 10 (0 for remainder 0).
 * A sum of 0 leaves −1, whose remainder −1 gives 11: no check digit.
 */
function check17(d: Digits, first: number, last: number): number {
  let sum = 0
  for (let i = first, w = 1; i <= last; i++, w = 3 - w) sum += digitSum(at(d, i) * w)
  if (sum === 0) return NONE
  return (10 - ((sum - 1) % 11)) % 10
}

const passes00 = (d: Digits): boolean => check00(d) === d[9]
const passes03 = (d: Digits): boolean => check01(d, W_2_1) === d[9]
const passes04 = (d: Digits): boolean => check02(d, 0, W_2_TO_7) === d[9]
const passes06 = (d: Digits): boolean => check06(d, 0, W_2_TO_7) === d[9]
const passes07 = (d: Digits): boolean => check02(d, 0, W_2_TO_10) === d[9]
const passes10 = (d: Digits): boolean => check06(d, 0, W_2_TO_10) === d[9]
const passes20 = (d: Digits): boolean => check06(d, 0, W_20) === d[9]
const passes29 = (d: Digits): boolean => check29(d) === d[9]
/** Method 58: positions 5–9 weighted 2–6, modulus 11 without a check digit for remainder 1. */
const passes58 = (d: Digits): boolean => check02(d, 4, W_2_TO_6) === d[9]

/**
 * Method 52 (C0's variant 1) for an 8-digit account XPXXXXXX: its old account number is the
 * bank code's last four digits, X, P, and the last six digits without their leading zeros.
 * Weighted right to left, the sum including P must leave remainder 10 modulo 11.
 */
function passes52(d: Digits, bank: Digits): boolean {
  let start = 4
  while (start < 10 && d[start] === 0) start++
  let sum = 0
  let k = 0
  for (let i = 9; i >= start; i--) sum += at(d, i) * (W_52[k++] as number)
  for (let i = 3; i >= 2; i--) sum += at(d, i) * (W_52[k++] as number)
  for (let i = 7; i >= 4; i--) sum += at(bank, i) * (W_52[k++] as number)
  return sum % 11 === 10
}

/**
 * Method 63: a 6-digit base number in positions 2–7 (weights 2, 1 from the right, digit sums),
 * check digit in position 8; position 1 must be 0. With positions 1–3 zero the sub-account
 * was left off: base number in positions 4–9, check digit in position 10.
 */
function passes63(d: Digits): boolean {
  if (d[0] !== 0) return false
  if (d[1] === 0 && d[2] === 0) return mod10(weightedDigitSum(d, 3, 8, W_2_1)) === d[9]
  return mod10(weightedDigitSum(d, 1, 6, W_2_1)) === d[7]
}

/**
 * Method 75 on the accounts C5 hands it: a 5-digit base number (weights 2, 1 from the left,
 * digit sums) followed by the check digit, starting at index `first`.
 */
function passes75(d: Digits, first: number): boolean {
  return mod10(weightedDigitSum(d, first, first + 4, W_2_1)) === d[first + 5]
}

/**
 * Method 95's ranges that carry no check digit and pass unchecked, by positions 2–4 (the range
 * 0000000001–0001999999 taken from 0: the account 0 passes method 06 anyway).
 */
function inRanges95(d: Digits): boolean {
  if (d[0] !== 0) return false
  const lead = at(d, 1) * 100 + at(d, 2) * 10 + at(d, 3)
  return (
    lead <= 1 ||
    (lead >= 9 && lead <= 25) ||
    (lead >= 396 && lead <= 499) ||
    (lead >= 700 && lead <= 799) ||
    (lead >= 910 && lead <= 989)
  )
}

/** Method 95: the exception ranges pass; others as method 06. */
const passes95 = (d: Digits): boolean => inRanges95(d) || passes06(d)

/**
 * Method 68: 10-digit accounts need a 9 in position 4 and check positions 4–9; shorter ones
 * (the 9-digit range 400000000–499999999 passes unchecked) check positions 1–9, or failing
 * that positions 1–9 without positions 3 and 4.
 */
function passes68(d: Digits): boolean {
  if (d[0] !== 0) return d[3] === 9 && mod10(weightedDigitSum(d, 3, 8, W_2_1)) === d[9]
  if (d[1] === 4) return true
  const sum = weightedDigitSum(d, 0, 8, W_2_1)
  return mod10(sum) === d[9] || mod10(sum - at(d, 3) - digitSum(at(d, 2) * 2)) === d[9]
}

/**
 * Methods C6, D1, E2 and D4 run method 00 over a constant followed by `digitsAfter` account
 * digits: the constant's share of the sum, its weights continuing those of the account digits.
 */
function constantSum(constant: string, digitsAfter: number): number {
  let sum = 0
  for (let i = constant.length - 1, w = digitsAfter % 2 === 0 ? 2 : 1; i >= 0; i--, w = 3 - w) {
    sum += digitSum(Number(constant[i]) * w)
  }
  return sum
}

/** The constants' sums by first digit; NaN where a first digit makes the account wrong. */
function constantSums(constants: readonly (string | undefined)[], digitsAfter: number): Float64Array {
  return Float64Array.from(constants, (constant) => (constant === undefined ? NaN : constantSum(constant, digitsAfter)))
}

const C6_SUMS = constantSums(
  ['4451970', '4451981', '4451992', '4451993', '4344992', '4344990', '4344991', '5499570', '4451994', '5499579'],
  8,
)
const D1_SUMS = constantSums(
  ['4363380', '4363381', '4363382', '4363383', '4363384', '4363385', '4363386', '4363387', undefined, '4363389'],
  8,
)
const E2_SUMS = constantSums(['4383200', '4383201', '4383202', '4383203', '4383204', '4383205'], 8)
const D4_SUM = constantSum('428259', 9)

/** Check digit of positions 2–9 behind the first digit's constant; NaN when there is none. */
function checkPrefixed(d: Digits, sums: Float64Array): number {
  return mod10((sums[at(d, 0)] ?? NaN) + weightedDigitSum(d, 1, 8, W_2_1))
}

const checkC6 = (d: Digits): number => checkPrefixed(d, C6_SUMS)
const checkD1 = (d: Digits): number => checkPrefixed(d, D1_SUMS)
const checkE2 = (d: Digits): number => checkPrefixed(d, E2_SUMS)
const checkD4 = (d: Digits): number => mod10(D4_SUM + weightedDigitSum(d, 0, 8, W_2_1))

/**
 * Method D5: with 99 in positions 3–4 only positions 3–9 weighted 2–8 with modulus 11; otherwise
 * positions 4–9 weighted 2–7 with modulus 11, else 7, else 10.
 */
function passesD5(d: Digits): boolean {
  if (d[2] === 9 && d[3] === 9) return check06(d, 2, W_2_TO_8) === d[9]
  const sum = weightedSum(d, 3, 8, W_2_TO_7)
  const by7 = sum % 7
  return mod11(sum, 0) === d[9] || (by7 === 0 ? 0 : 7 - by7) === d[9] || mod10(sum) === d[9]
}

/** Method E1: the digits' ASCII codes weighted right to left; the remainder modulo 11 is the check digit. */
function checkE1(d: Digits): number {
  const remainder = (48 * 51 + weightedSum(d, 0, 8, W_E1)) % 11
  return remainder === 10 ? NONE : remainder
}

/** A layout of nine free digits (the first from `lead`) and a check digit in position 10. */
function checkDigitLayout(lead: string, check: ((d: Digits) => number) | DescribedCheckDigit): AccountLayout {
  return layoutWith([lead, ANY, ANY, ANY, ANY, ANY, ANY, ANY, ANY, ''], 9, check)
}

export function methodsC0ToE4(): Readonly<Record<Id, AccountMethod>> {
  return {
    // Accounts with exactly two leading zeros: method 52 with the bank code, else method 20; all
    // others method 20.
    C0: {
      checks: true,
      readsBank: true,
      valid: (d, bank) => (d[0] === 0 && d[1] === 0 && d[2] !== 0 && passes52(d, bank)) || passes20(d),
      layout: checkDigitLayout(NON_ZERO, mod11Digit(0, 8, W_20, 0)),
    },
    // First digit 5: positions 1–9 weighted 1, 2 from the left, minus 1, modulus 11; otherwise
    // method 17 (check digit in position 8).
    C1: {
      checks: true,
      valid: (d) => (d[0] === 5 ? check17(d, 0, 8) === d[9] : check17(d, 1, 6) === d[7]),
      layout: {
        // A non-zero position 2 keeps the base number's sum above 0, so a check digit exists.
        positions: ['12346789', NON_ZERO, ANY, ANY, ANY, ANY, ANY, '', ANY, ANY],
        complete: (d) => {
          d[7] = check17(d, 1, 6)
          return true
        },
      },
    },
    // Method 22, else method 00, else method 04.
    C2: {
      checks: true,
      valid: (d) => check22(d) === d[9] || passes00(d) || passes04(d),
      layout: checkDigitLayout(NON_ZERO, check22),
    },
    // First digit 9: method 58; otherwise method 00.
    C3: {
      checks: true,
      valid: (d) => (d[0] === 9 ? passes58(d) : passes00(d)),
      layout: checkDigitLayout('12345678', CHECK_00),
    },
    // First digit 9: method 58; otherwise method 15 (positions 6–9 weighted 2–5, modulus 11).
    C4: {
      checks: true,
      valid: (d) => (d[0] === 9 ? passes58(d) : check06(d, 5, W_2_TO_5) === d[9]),
      layout: checkDigitLayout('12345678', mod11Digit(5, 8, W_2_TO_5, 0)),
    },
    // By account range: 6 and 9 digits method 75, 10 digits method 29 or (first digit 3) 00,
    // some 8- and 10-digit ranges unchecked; any other account is wrong.
    C5: {
      checks: true,
      valid: (d) => {
        const first = at(d, 0)
        if (first === 0) {
          const second = at(d, 1)
          if (second >= 1 && second <= 8) return passes75(d, 1)
          if (second !== 0) return false
          if (d[2] !== 0) return at(d, 2) >= 3 && at(d, 2) <= 5
          return d[3] === 0 && at(d, 4) >= 1 && at(d, 4) <= 8 && passes75(d, 4)
        }
        if (first === 3) return passes00(d)
        if (first === 7) return d[1] === 0
        if (first === 8) return d[1] === 5
        return first !== 2 && passes29(d)
      },
      layout: checkDigitLayout('14569', check29),
    },
    // Method 00 over a constant chosen by the first digit and positions 2–9.
    C6: {
      checks: true,
      valid: (d) => checkC6(d) === d[9],
      layout: checkDigitLayout(NON_ZERO, checkC6),
    },
    // Method 63, else method 06.
    C7: {
      checks: true,
      valid: (d) => passes63(d) || passes06(d),
      layout: checkDigitLayout(NON_ZERO, mod11Digit(0, 8, W_2_TO_7, 0)),
    },
    // Method 00, else method 04, else method 07.
    C8: {
      checks: true,
      valid: (d) => passes00(d) || passes04(d) || passes07(d),
      layout: checkDigitLayout(NON_ZERO, CHECK_00),
    },
    // Method 00, else method 07.
    C9: {
      checks: true,
      valid: (d) => passes00(d) || passes07(d),
      layout: checkDigitLayout(NON_ZERO, CHECK_00),
    },
    // Accounts starting 57 pass unchecked; all others method 20.
    D0: {
      checks: true,
      valid: (d) => (d[0] === 5 && d[1] === 7) || passes20(d),
      layout: checkDigitLayout('12346789', mod11Digit(0, 8, W_20, 0)),
    },
    // First digit 8 is wrong; otherwise method 00 over a constant ending in the first digit and
    // positions 2–9.
    D1: {
      checks: true,
      valid: (d) => checkD1(d) === d[9],
      layout: checkDigitLayout('12345679', checkD1),
    },
    // Method 95 (with its unchecked ranges), else method 00, else method 68.
    D2: {
      checks: true,
      valid: (d) => passes95(d) || passes00(d) || passes68(d),
      layout: checkDigitLayout(NON_ZERO, mod11Digit(0, 8, W_2_TO_7, 0)),
    },
    // Method 00, else method 27 (method 00 up to 999999999, iterated transformation above).
    D3: {
      checks: true,
      valid: (d) => passes00(d) || (d[0] !== 0 && passes29(d)),
      layout: checkDigitLayout(NON_ZERO, CHECK_00),
    },
    // First digit 0 is wrong; otherwise method 00 over the constant 428259 and positions 1–9.
    D4: {
      checks: true,
      valid: (d) => d[0] !== 0 && checkD4(d) === d[9],
      layout: checkDigitLayout(NON_ZERO, checkD4),
    },
    // Positions 3–4 = 99: positions 3–9 weighted 2–8, modulus 11; otherwise positions 4–9
    // weighted 2–7 with modulus 11, else 7, else 10.
    D5: {
      checks: true,
      valid: passesD5,
      layout: {
        positions: [NON_ZERO, ANY, '012345678', ANY, ANY, ANY, ANY, ANY, ANY, ''],
        complete: (d) => {
          d[9] = check06(d, 3, W_2_TO_7)
          return true
        },
      },
    },
    // Method 07, else method 03, else method 00.
    D6: {
      checks: true,
      valid: (d) => passes07(d) || passes03(d) || passes00(d),
      layout: checkDigitLayout(NON_ZERO, mod10Digit(0, 8, W_2_1, false)),
    },
    // Weights 2, 1 with digit sums; the units digit of the sum is the check digit.
    D7: {
      checks: true,
      valid: (d) => weightedDigitSum(d, 0, 8, W_2_1) % 10 === d[9],
      layout: checkDigitLayout(NON_ZERO, (d) => weightedDigitSum(d, 0, 8, W_2_1) % 10),
    },
    // 10-digit accounts method 00, 8-digit accounts unchecked, any other account wrong.
    D8: {
      checks: true,
      valid: (d) => (d[0] !== 0 ? passes00(d) : d[1] === 0 && d[2] !== 0),
      layout: checkDigitLayout(NON_ZERO, CHECK_00),
    },
    // Method 00, else method 10, else method 18.
    D9: {
      checks: true,
      valid: (d) => passes00(d) || passes10(d) || check01(d, W_3_9_7_1) === d[9],
      layout: checkDigitLayout(NON_ZERO, CHECK_00),
    },
    // Method 00 with 7 added to the sum.
    E0: {
      checks: true,
      valid: (d) => mod10(weightedDigitSum(d, 0, 8, W_2_1) + 7) === d[9],
      layout: checkDigitLayout(NON_ZERO, (d) => mod10(weightedDigitSum(d, 0, 8, W_2_1) + 7)),
    },
    // 9-digit accounts: ASCII codes of positions 1–9 weighted, modulus 11; remainder 10 is wrong.
    E1: {
      checks: true,
      valid: (d) => checkE1(d) === d[9],
      layout: {
        positions: ['0', NON_ZERO, ANY, ANY, ANY, ANY, ANY, ANY, ANY, ''],
        complete: (d) => {
          const check = checkE1(d)
          if (check === NONE) return false
          d[9] = check
          return true
        },
        guard: { position: 8, size: 9 },
      },
    },
    // First digit 6–9 is wrong; otherwise method 00 over a constant ending in the first digit and
    // positions 2–9.
    E2: {
      checks: true,
      valid: (d) => checkE2(d) === d[9],
      layout: checkDigitLayout('12345', checkE2),
    },
    // Method 00, else method 21.
    E3: {
      checks: true,
      valid: (d) => passes00(d) || check21(d) === d[9],
      layout: checkDigitLayout(NON_ZERO, CHECK_00),
    },
    // Method 02, else method 00.
    E4: {
      checks: true,
      valid: (d) => check02(d, 0, W_02) === d[9] || passes00(d),
      layout: checkDigitLayout(NON_ZERO, CHECK_00),
    },
  }
}
