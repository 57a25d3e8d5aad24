// An account check digit described as data (AccountDigit): most Bundesbank methods derive one
// digit as a weighted sum modulo 10 or 11, and generation computes it straight from the IBAN's
// bytes instead of calling the method (the hot path of German rows). Made from a method's
// DerivedDigit once per shape; written per row.
import type { AccountDigit } from './account-scheme.ts'
import type { AccountLayout, DerivedDigit } from './de-account/index.ts'
import { MAX_IBAN_LENGTH } from './layout.ts'

/** The digit sum of a product of two digits or of a digit and a weight up to 10 (below 100). */
function productDigitSum(product: number): number {
  return product - 9 * ((product / 10) | 0)
}

/** Σ digit × weight (or its digit sum) over the bytes from … to (a guard's weight is 0 there: see accountDigitOf). */
function accountSum(digit: AccountDigit, out: Uint8Array): number {
  const { weights, from, to } = digit
  let sum = 0
  if (digit.digitSums) {
    for (let i = from; i <= to; i++) sum += productDigitSum(((out[i] as number) - 48) * (weights[i] as number))
  } else {
    for (let i = from; i <= to; i++) sum += ((out[i] as number) - 48) * (weights[i] as number)
  }
  return sum
}

/**
 * Writes an account check digit described as data (and first, where it has one, the guard's
 * digit: the field wrote its value v, which becomes the v-th allowed digit that admits one).
 */
export function writeAccountDigit(digit: AccountDigit, out: Uint8Array): void {
  const { digits, modulus, guardAt } = digit
  if (guardAt < 0) {
    out[digit.at] = 48 + (digits[accountSum(digit, out) % modulus] as number)
    return
  }
  const wanted = (out[guardAt] as number) - 48
  const partial = accountSum(digit, out)
  let seen = -1
  for (let d = 0; d < digit.guardDigits.length; d++) {
    const value = digit.guardDigits[d] as number
    const product = value * digit.guardWeight
    const check = digits[(partial + (digit.digitSums ? productDigitSum(product) : product)) % modulus] as number
    if (check >= 0 && ++seen === wanted) {
      out[guardAt] = 48 + value
      out[digit.at] = 48 + check
      return
    }
  }
  throw new Error(`generate: the guard of an account found ${seen + 1} digits`)
}

/**
 * A layout's described digit placed at IBAN byte `base` (AccountDigit): the digits it sums must
 * be one run of positions, and the weights go by byte; a guard's own weight is taken out of
 * the sum (it is added for each candidate digit).
 */
export function accountDigitOf(base: number, account: AccountLayout, derive: DerivedDigit): AccountDigit {
  const from = Math.min(...derive.indices)
  const to = Math.max(...derive.indices)
  if (to - from + 1 !== derive.indices.length) throw new Error('layout: a described digit sums one run of positions')
  const weights = new Int32Array(MAX_IBAN_LENGTH)
  derive.indices.forEach((k, i) => (weights[base + k] = derive.weights[i] as number))
  const guard = account.guard
  const guardAt = guard === undefined ? -1 : base + guard.position
  const guardWeight = guardAt < 0 ? 0 : (weights[guardAt] as number)
  if (guardAt >= 0) weights[guardAt] = 0
  return {
    at: base + derive.at,
    from: base + from,
    to: base + to,
    weights,
    digitSums: derive.digitSums,
    modulus: derive.modulus,
    digits: Int8Array.from(derive.digits),
    guardAt,
    guardWeight,
    guardDigits:
      guard === undefined ? new Uint8Array(0) : Uint8Array.from(account.positions[guard.position] as string, Number),
  }
}
