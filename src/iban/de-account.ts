// German account numbers that pass the bank's own check method (Deutsche Bundesbank,
// "Prüfzifferberechnungsmethoden"), for the methods of the banks in banks-data.ts.
// Only generation is needed: realistic DE IBANs carry a real bank code, and an account that
// fails that bank's method would be rejected by real validators.
//
// A method is described as the digits each of the 10 account positions may hold (the check
// digit's position holds none: it is computed) and the function that writes the check digit.
// Generation draws the free positions from the dataset's row index, so two rows never share
// an account; the check digit is a function of them.

export interface AccountMethod {
  /** For each account position, the digits it may hold; '' marks the check digit. */
  readonly positions: readonly string[]
  /** Writes the check digit of the account at `out[offset, offset + 10)`. */
  readonly check: ((out: Uint8Array, offset: number) => void) | undefined
}

const ANY = '0123456789'
const NON_ZERO = '123456789'

function digitAt(out: Uint8Array, index: number): number {
  return (out[index] as number) - 48
}

function setDigit(out: Uint8Array, index: number, digit: number): void {
  out[index] = 48 + digit
}

/** Modulus 10 with weights 2, 1, 2, … from the right and digit sums of products (method 00). */
function luhnCheck(out: Uint8Array, from: number, to: number): number {
  let sum = 0
  for (let i = to - 1, double = true; i >= from; i--, double = !double) {
    const product = digitAt(out, i) * (double ? 2 : 1)
    sum += product > 9 ? product - 9 : product
  }
  return (10 - (sum % 10)) % 10
}

// 00: check digit at position 10 over positions 1–9.
const method00: AccountMethod = {
  positions: [ANY, ANY, ANY, ANY, ANY, ANY, ANY, ANY, ANY, ''],
  check: (out, offset) => setDigit(out, offset + 9, luhnCheck(out, offset, offset + 9)),
}

// 13: six-digit base number at positions 2–7, check digit at 8, sub-account at 9–10.
const method13: AccountMethod = {
  positions: [ANY, ANY, ANY, ANY, ANY, ANY, ANY, '', ANY, ANY],
  check: (out, offset) => setDigit(out, offset + 7, luhnCheck(out, offset + 1, offset + 7)),
}

// 63: as 13, and position 1 must be 0. Validators read an account starting 000 as a short
// number without sub-account (shifted two places), so position 2 is kept non-zero.
const method63: AccountMethod = {
  positions: ['0', NON_ZERO, ANY, ANY, ANY, ANY, ANY, '', ANY, ANY],
  check: method13.check,
}

// 24: weights 1, 2, 3 from the first non-zero digit; Σ ((digit × w + w) mod 11) mod 10.
// Position 1 values 3–6 and 9 have special rules; drawing it from 1, 2, 7, 8 avoids them.
const method24: AccountMethod = {
  positions: ['1278', ANY, ANY, ANY, ANY, ANY, ANY, ANY, ANY, ''],
  check: (out, offset) => {
    let sum = 0
    for (let i = 0; i < 9; i++) {
      const weight = (i % 3) + 1
      sum += (digitAt(out, offset + i) * weight + weight) % 11
    }
    setDigit(out, offset + 9, sum % 10)
  },
}

// 95: as 06: modulus 11, weights 2, 3, 4, 5, 6, 7, 2, 3, 4 from the right; 0 for remainders
// 0 and 1. The ranges exempt from the check all start with 0, which is never drawn here.
const method95: AccountMethod = {
  positions: [NON_ZERO, ANY, ANY, ANY, ANY, ANY, ANY, ANY, ANY, ''],
  check: (out, offset) => {
    let sum = 0
    for (let i = 8, k = 0; i >= 0; i--, k++) sum += digitAt(out, offset + i) * (2 + (k % 6))
    const remainder = sum % 11
    setDigit(out, offset + 9, remainder <= 1 ? 0 : 11 - remainder)
  },
}

// C1, variant 1 (position 1 not 5) = method 17: base number at 2–7 weighted 1, 2, 1, 2, 1, 2
// (digit sums of the doubled products), minus 1, mod 11; check = 10 − r (0 when r = 0).
const methodC1: AccountMethod = {
  positions: ['12346789', NON_ZERO, ANY, ANY, ANY, ANY, ANY, '', ANY, ANY],
  check: (out, offset) => {
    let sum = 0
    for (let i = 0; i < 6; i++) {
      const product = digitAt(out, offset + 1 + i) * (i % 2 === 0 ? 1 : 2)
      sum += product > 9 ? product - 9 : product
    }
    const remainder = (sum - 1) % 11
    setDigit(out, offset + 7, remainder === 0 ? 0 : 10 - remainder)
  },
}

// 09: no check digit.
const method09: AccountMethod = { positions: Array<string>(10).fill(ANY), check: undefined }

/** Account layouts by Bundesbank method id. */
export const DE_ACCOUNT_METHODS: Readonly<Record<string, AccountMethod>> = {
  '00': method00,
  '09': method09,
  '13': method13,
  '24': method24,
  '63': method63,
  '95': method95,
  C1: methodC1,
}
