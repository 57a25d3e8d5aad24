// The UK modulus check of a sort code and an 8-digit account, as Vocalink's specification
// ("Validating account numbers — UK modulus checking") defines it: the sort code's one or two
// checks from the weight table (table.ts), MOD10, MOD11 or DBLAL over the 14 digits, combined
// as the specification says, with all 14 exceptions. Digits are values 0–9 in one array of 14:
// sort code u v w x y z (0–5), then account a b c d e f g h (6–13).
import { DBLAL, METHOD_NAMES, MOD10, MOD11, rangeOf, substituteOf, type Range, type Row } from './table.ts'

/** The 14 digit values of a sort code and an account: u v w x y z a b c d e f g h. */
export type UkDigits = Uint8Array

// Digit positions in UkDigits (accounts.ts reads them too).
export const A = 6
const B = 7
export const C = 8
export const G = 12
export const H = 13

/** Exception 2: the weights that replace the row's when a ≠ 0 (g ≠ 9, then g = 9). */
export const EX2_WEIGHTS = Int16Array.of(0, 0, 1, 2, 5, 3, 6, 4, 8, 7, 10, 9, 3, 1)
const EX2_WEIGHTS_G9 = Int16Array.of(0, 0, 0, 0, 0, 0, 0, 0, 8, 7, 10, 9, 3, 1)
/** Exception 8 checks with sort code 090126; exception 9 with 309634 (where Lloyds euro accounts are held). */
export const EX8_SORT_CODE = 90126
export const EX9_SORT_CODE = 309634

/** Writes the six digits of `sortCode` into `digits`' sort code (u–z). */
export function setSortCode(digits: UkDigits, sortCode: number): void {
  for (let i = 5, rest = sortCode; i >= 0; i--, rest = Math.floor(rest / 10)) digits[i] = rest % 10
}

/** A row's weights with u–b zeroed (exceptions 7 and 10), made once per row; read, never written. */
const ZEROED = new WeakMap<Row, Int16Array>()

export function zeroedWeights(row: Row): Int16Array {
  let weights = ZEROED.get(row)
  if (weights === undefined) {
    weights = row.weights.slice()
    weights.fill(0, 0, B + 1)
    ZEROED.set(row, weights)
  }
  return weights
}

/** The digit sum of a product (DBLAL splits every product into its digits; products stay below 1000). */
function digitSum(product: number): number {
  return product < 10
    ? product
    : product < 100
      ? product - 9 * ((product / 10) | 0)
      : digitSum((product / 10) | 0) + (product % 10)
}

/** Σ digit × weight over the 14 digits (DBLAL: the digit sums of the products). */
function totalOf(method: Row['method'], weights: Int16Array, digits: UkDigits): number {
  let total = 0
  if (method === DBLAL) {
    for (let i = 0; i < 14; i++) total += digitSum((digits[i] as number) * (weights[i] as number))
  } else {
    for (let i = 0; i < 14; i++) total += (digits[i] as number) * (weights[i] as number)
  }
  return total
}

/** A non-negative remainder (weights of −1 could make a total negative). */
function remainder(total: number, modulus: number): number {
  return ((total % modulus) + modulus) % modulus
}

/** The sort code of `digits` as a number. */
export function sortCodeOf(digits: UkDigits): number {
  let value = 0
  for (let i = 0; i < 6; i++) value = value * 10 + (digits[i] as number)
  return value
}

const SUBSTITUTED = new Uint8Array(14)
const SHIFTED = new Uint8Array(14)

/** `digits` with another sort code (for one check only): a scratch copy. */
function withSortCode(digits: UkDigits, sortCode: number): UkDigits {
  SUBSTITUTED.set(digits)
  setSortCode(SUBSTITUTED, sortCode)
  return SUBSTITUTED
}

/** The digits a row's check reads: the sort code replaced where its exception says (5, 8, 9). */
function checkedDigits(row: Row, digits: UkDigits): UkDigits {
  switch (row.exception) {
    case 5: {
      const sortCode = sortCodeOf(digits)
      const substitute = substituteOf(sortCode)
      return substitute === sortCode ? digits : withSortCode(digits, substitute)
    }
    case 8:
      return withSortCode(digits, EX8_SORT_CODE)
    case 9:
      return withSortCode(digits, EX9_SORT_CODE)
    default:
      return digits
  }
}

/** The weights a row's check uses: its own, or those its exception puts in their place (2, 7, 10). */
export function checkedWeights(row: Row, digits: UkDigits): Int16Array {
  const a = digits[A] as number
  const g = digits[G] as number
  switch (row.exception) {
    case 2:
      return a === 0 ? row.weights : g === 9 ? EX2_WEIGHTS_G9 : EX2_WEIGHTS
    case 7:
      return g === 9 ? zeroedWeights(row) : row.weights
    case 10: {
      const ab = a * 10 + (digits[B] as number)
      return (ab === 9 || ab === 99) && g === 9 ? zeroedWeights(row) : row.weights
    }
    default:
      return row.weights
  }
}

/** The remainder of a row's plain check (its method's modulus) with the weights and digits it checks. */
export function rowRemainder(row: Row, digits: UkDigits, weights = checkedWeights(row, digits)): number {
  const total = totalOf(row.method, weights, checkedDigits(row, digits))
  return row.method === MOD11 ? remainder(total, 11) : remainder(total, 10)
}

/** True when one row's check passes, its exception included. */
export function rowPasses(row: Row, digits: UkDigits): boolean {
  const g = digits[G] as number
  const h = digits[H] as number
  switch (row.exception) {
    case 1:
      // Exception 1: 27 is added to the DBLAL total.
      return remainder(totalOf(row.method, row.weights, digits) + 27, 10) === 0
    case 4:
      // The remainder equals the two-digit check number gh.
      return rowRemainder(row, digits) === g * 10 + h
    case 5: {
      // Check digits: g for the MOD11 row, h for the DBLAL row.
      const rest = rowRemainder(row, digits)
      if (row.method === MOD11) return rest === 0 ? g === 0 : rest !== 1 && 11 - rest === g
      return rest === 0 ? h === 0 : 10 - rest === h
    }
    case 14:
      return rowRemainder(row, digits) === 0 || (h <= 1 || h === 9 ? shiftedPasses(row, digits) : false)
    default:
      return rowRemainder(row, digits) === 0
  }
}

/** Exception 14's second check: h dropped, the account shifted right behind a 0, MOD11 again. */
function shiftedPasses(row: Row, digits: UkDigits): boolean {
  SHIFTED.set(digits)
  SHIFTED[A] = 0
  for (let i = A + 1; i <= H; i++) SHIFTED[i] = digits[i - 1] as number
  return remainder(totalOf(row.method, row.weights, SHIFTED), 11) === 0
}

/** Exceptions 2, 10 and 12 on the first row: either check passing is enough. */
function eitherPasses(row: Row): boolean {
  return row.exception === 2 || row.exception === 10 || row.exception === 12
}

/**
 * Exception 6: a foreign-currency account (a is 4–8 and g = h) cannot be checked and is taken
 * as valid.
 */
export function isForeignCurrency(digits: UkDigits): boolean {
  const a = digits[A] as number
  return a >= 4 && a <= 8 && digits[G] === digits[H]
}

/** True when the account passes its range's checks, combined as the specification says. */
export function rangePasses(range: Range, digits: UkDigits): boolean {
  const rows = range.rows
  const first = rows[0] as Row
  if (rows.length === 1) return rowPasses(first, digits)
  const second = rows[1] as Row
  if (first.exception === 6 && isForeignCurrency(digits)) return true
  const passed = rowPasses(first, digits)
  if (eitherPasses(first)) return passed || rowPasses(second, digits)
  if (!passed) return false
  // Exception 3: when c is 6 or 9 the second (DBLAL) check is not run.
  const c = digits[C] as number
  if (second.exception === 3 && (c === 6 || c === 9)) return true
  return rowPasses(second, digits)
}

/**
 * The verdict on the 14 digits: true or false by the sort code's checks, or null when the table
 * has no row for the sort code (no check can be made; the specification presumes it valid).
 */
export function ukVerdict(digits: UkDigits): boolean | null {
  const range = rangeOf(sortCodeOf(digits))
  return range === undefined ? null : rangePasses(range, digits)
}

/** The methods of a range as the specification names them, e.g. "MOD11+DBLAL". */
export function methodOf(range: Range): string {
  return range.rows.map((row) => METHOD_NAMES[row.method]).join('+')
}

/** The exceptions of a range, e.g. "6", "2/9", "10/11"; null for none. */
export function exceptionOf(range: Range): string | null {
  const numbers = [...new Set(range.rows.map((row) => row.exception).filter((exception) => exception > 0))]
  return numbers.length === 0 ? null : numbers.join('/')
}

export { MOD10, MOD11, DBLAL }
