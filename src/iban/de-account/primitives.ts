// Building blocks of the Bundesbank methods, over digit values (types.ts: d[0] is position 1).
// Positions in comments are the Bundesbank's, 1-based from the left; array indices are 0-based.
import type { AccountLayout, DerivedDigit, Digits } from './types.ts'

/** The digit sum (Quersumme) of a non-negative integer. */
export function digitSum(value: number): number {
  // Products of a digit and a weight, the common case, are below 100: no loop.
  if (value < 10) return value
  if (value < 100) return (value % 10) + ((value / 10) | 0)
  let sum = 0
  for (let n = value; n > 0; n = Math.floor(n / 10)) sum += n % 10
  return sum
}

/**
 * Σ d[i] × weight over i = last, last − 1, …, first (right to left), the weights taken in
 * order from the first and repeated when they run out.
 */
export function weightedSum(d: Digits, first: number, last: number, weights: readonly number[]): number {
  let sum = 0
  for (let i = last, k = 0; i >= first; i--, k = k + 1 === weights.length ? 0 : k + 1) {
    sum += (d[i] as number) * (weights[k] as number)
  }
  return sum
}

/** As weightedSum, adding the digit sum of each product instead of the product. */
export function weightedDigitSum(d: Digits, first: number, last: number, weights: readonly number[]): number {
  let sum = 0
  for (let i = last, k = 0; i >= first; i--, k = k + 1 === weights.length ? 0 : k + 1) {
    sum += digitSum((d[i] as number) * (weights[k] as number))
  }
  return sum
}

/** Modulus 10: 10 − (sum mod 10), 0 when that is 10. */
export function mod10(sum: number): number {
  const remainder = sum % 10
  return remainder === 0 ? 0 : 10 - remainder
}

/**
 * Modulus 11: 11 − (sum mod 11), 0 for remainder 0, and for remainder 1 (where 11 − r
 * would be 10) the method's own rule: `onTen` (usually 0, or −1 for "no check digit: the
 * account cannot be used").
 */
export function mod11(sum: number, onTen: number): number {
  const remainder = sum % 11
  if (remainder === 0) return 0
  if (remainder === 1) return onTen
  return 11 - remainder
}

/** The number the digits d[first … last] spell. */
export function valueOf(d: Digits, first: number, last: number): number {
  let value = 0
  for (let i = first; i <= last; i++) value = value * 10 + (d[i] as number)
  return value
}

/** Index of the first non-zero digit, or 10 when the account is all zeros. */
export function firstNonZero(d: Digits): number {
  let i = 0
  while (i < 10 && d[i] === 0) i++
  return i
}

/** Digits '0123456789' (every digit allowed at a position). */
export const ANY = '0123456789'
/** Digits '123456789' (a position that must not be 0). */
export const NON_ZERO = '123456789'

/** A check digit computed from the account (−1: none), and the same computation as data. */
export interface DescribedCheckDigit {
  (d: Digits): number
  readonly described: Omit<DerivedDigit, 'at'>
}

/**
 * The check digit of a weighted sum over positions `first` … `last`, weights taken right to
 * left (repeated as weightedSum does), reduced modulo `modulus` and mapped by `digitOf` (−1 for
 * no digit): as a function, with its description for generation (AccountLayout.derive).
 */
export function describedCheckDigit(
  first: number,
  last: number,
  weights: readonly number[],
  options: { digitSums: boolean; modulus: number; digitOf: (remainder: number) => number },
): DescribedCheckDigit {
  const indices: number[] = []
  const expanded: number[] = []
  for (let i = last, k = 0; i >= first; i--, k = k + 1 === weights.length ? 0 : k + 1) {
    indices.push(i)
    expanded.push(weights[k] as number)
  }
  const described = {
    indices,
    weights: expanded,
    digitSums: options.digitSums,
    modulus: options.modulus,
    digits: Array.from({ length: options.modulus }, (_, remainder) => options.digitOf(remainder)),
  }
  const sum = options.digitSums ? weightedDigitSum : weightedSum
  const { modulus, digits } = described
  const checkDigit = (d: Digits): number => digits[sum(d, first, last, weights) % modulus] as number
  return Object.assign(checkDigit, { described })
}

/** Modulus 10 over `first` … `last` with these weights (digit sums of the products when asked). */
export function mod10Digit(
  first: number,
  last: number,
  weights: readonly number[],
  digitSums: boolean,
): DescribedCheckDigit {
  return describedCheckDigit(first, last, weights, { digitSums, modulus: 10, digitOf: (r) => (r === 0 ? 0 : 10 - r) })
}

/** Modulus 11 over `first` … `last`: 11 − remainder, 0 for remainder 0, `onTen` for remainder 1 (−1: none). */
export function mod11Digit(
  first: number,
  last: number,
  weights: readonly number[],
  onTen: number,
): DescribedCheckDigit {
  return describedCheckDigit(first, last, weights, {
    digitSums: false,
    modulus: 11,
    digitOf: (r) => (r === 0 ? 0 : r === 1 ? onTen : 11 - r),
  })
}

/**
 * A layout whose derived digit at `at` is `checkDigit`, described as data (AccountLayout.derive)
 * when the check digit is; with a guard where it can be none.
 */
export function checkDigitLayout(
  positions: readonly string[],
  at: number,
  checkDigit: ((d: Digits) => number) | DescribedCheckDigit,
  guard?: AccountLayout['guard'],
): AccountLayout {
  const complete = (d: Digits): boolean => {
    const digit = checkDigit(d)
    if (digit < 0) return false
    d[at] = digit
    return true
  }
  const described = 'described' in checkDigit ? checkDigit.described : undefined
  return {
    positions,
    complete,
    ...(guard === undefined ? {} : { guard }),
    ...(described === undefined ? {} : { derive: { at, ...described } }),
  }
}
