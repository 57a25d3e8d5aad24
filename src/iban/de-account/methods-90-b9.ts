// Bundesbank check methods 90–99 and A0–B9. Positions in comments are the Bundesbank's
// (1-based from the left); array indices are 0-based, so position 10 is d[9].
import {
  ANY,
  NON_ZERO,
  checkDigitLayout,
  firstNonZero,
  mod10,
  mod10Digit,
  mod11,
  mod11Digit,
  valueOf,
  weightedDigitSum,
  weightedSum,
  type DescribedCheckDigit,
} from './primitives.ts'
import type { AccountLayout, AccountMethod, Decimal, Digits } from './types.ts'

type Id = `9${Decimal}` | `A${Decimal}` | `B${Decimal}`

/** 2, 3, 4, 5, 6, 7 repeating (methods 06, 04, 32 and every "wie Verfahren 06" with fewer digits). */
const W_2_7 = [2, 3, 4, 5, 6, 7] as const
const W_2_8 = [2, 3, 4, 5, 6, 7, 8] as const
const W_2_10 = [2, 3, 4, 5, 6, 7, 8, 9, 10] as const
/** Method 02's weights. */
const W_02 = [2, 3, 4, 5, 6, 7, 8, 9, 2] as const
/** Method 19's weights. */
const W_19 = [2, 3, 4, 5, 6, 7, 8, 9, 1] as const
/** Method 20's weights. */
const W_20 = [2, 3, 4, 5, 6, 7, 8, 9, 3] as const
const W_2_1 = [2, 1] as const
const W_1_2 = [1, 2] as const
/** Method 01's weights. */
const W_3_7_1 = [3, 7, 1] as const
/** Method 05's weights. */
const W_7_3_1 = [7, 3, 1] as const
/** Method 98's weights. */
const W_3_1_7 = [3, 1, 7] as const
const W_91_2 = [7, 6, 5, 4, 3, 2] as const
/** Method 91 variant 3: every position, the check digit (position 7) weighted 0. */
const W_91_3 = [2, 3, 4, 0, 5, 6, 7, 8, 9, 10] as const
const W_91_4 = [2, 4, 8, 5, 10, 9] as const
const W_A0 = [2, 4, 8, 5, 10] as const
const W_B9_1 = [1, 3, 2, 1, 3, 2, 1] as const
const W_B9_2 = [1, 2, 3, 4, 5, 6] as const
/** Method 52/53's weights over the legacy (ESER) account number, from the right. */
const W_ESER = [2, 4, 8, 5, 10, 9, 7, 3, 6, 1, 2, 4] as const

/** Method 29's transformation rows; position 9 uses row 1, position 8 row 2, and so on cyclically. */
const TRANSFORM_29 = [
  [0, 1, 5, 9, 3, 7, 4, 8, 2, 6],
  [0, 1, 7, 6, 9, 8, 3, 2, 5, 4],
  [0, 1, 8, 4, 6, 2, 9, 5, 7, 3],
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
] as const

const D = ANY
const N = NON_ZERO

// Check digits (for position 10 unless said otherwise); −1 where no digit can pass.

/** Method 06 over d[first … 8]: modulus 11, remainders 0 and 1 give 0. */
function mod11Of(d: Digits, first: number, weights: readonly number[]): number {
  return mod11(weightedSum(d, first, 8, weights), 0)
}

/** Method 02 over d[0 … 8]: modulus 11, remainder 1 leaves no check digit. */
function strictMod11Of(d: Digits, weights: readonly number[]): number {
  return mod11(weightedSum(d, 0, 8, weights), -1)
}

/** Method 01 over d[first … 8]: modulus 10 of the plain products. */
function mod10Of(d: Digits, first: number, weights: readonly number[]): number {
  return mod10(weightedSum(d, first, 8, weights))
}

/** Method 00 over d[first … 8]: modulus 10 of the digit sums of the products, weights 2, 1 from the right. */
function luhnOf(d: Digits, first: number): number {
  return mod10(weightedDigitSum(d, first, 8, W_2_1))
}

/** Modulus 7: 7 − remainder, 0 for remainder 0. */
function mod7(sum: number): number {
  const remainder = sum % 7
  return remainder === 0 ? 0 : 7 - remainder
}

/** Modulus 9: 9 − remainder, 0 for remainder 0. */
function mod9(sum: number): number {
  const remainder = sum % 9
  return remainder === 0 ? 0 : 9 - remainder
}

/** Method 29 over d[0 … 8]: the transformed digits' sum, modulus 10. */
function transformOf(d: Digits): number {
  let sum = 0
  for (let i = 8, row = 0; i >= 0; i--, row = (row + 1) & 3)
    sum += (TRANSFORM_29[row] as readonly number[])[d[i] as number] as number
  return mod10(sum)
}

/** Method 32: method 06 over positions 4 to 9. */
const check32 = mod11Digit(3, 8, W_2_7, 0)

/** Method 20: modulus 11 over positions 1 to 9, weights 2 to 9 and 3. */
const check20 = mod11Digit(0, 8, W_20, 0)

// Verdicts shared by several methods.

/** Method 93: modulus 11, else modulus 7, on a five-digit customer number with its check digit. */
function valid93(d: Digits): boolean {
  // Customer number at positions 5 to 9 when positions 1 to 4 are 0000, else at 1 to 5 (check digit at 6).
  const first = d[0] === 0 && d[1] === 0 && d[2] === 0 && d[3] === 0 ? 4 : 0
  const sum = weightedSum(d, first, first + 4, W_2_7)
  const check = d[first + 5]
  return mod11(sum, 0) === check || mod7(sum) === check
}

/** Method 51's ledger accounts (position 3 is 9): modulus 11 over positions 3 to 9, else over 1 to 9. */
function validLedger51(d: Digits): boolean {
  return mod11Of(d, 2, W_2_8) === d[9] || mod11Of(d, 0, W_2_10) === d[9]
}

/**
 * Method 53: the account's legacy number is the bank code's positions 5, 6, 8 (position 7
 * replaced by the account's second digit), the account's first digit, the check digit, then
 * the account's positions 4 to 9 without leading zeros; its weighted sum must leave 10 mod 11.
 */
function validEser53(d: Digits, bank: Digits): boolean {
  // Nine-digit account a1 … a9 = d[1 … 9]; check digit a3 = d[3]; tail a4 … a9 = d[4 … 9].
  let tailStart = 4
  while (tailStart < 10 && d[tailStart] === 0) tailStart++
  let sum = 0
  for (let i = 9, k = 0; i >= tailStart; i--, k++) sum += (d[i] as number) * (W_ESER[k] as number)
  // Then leftwards: check digit, first digit, bank positions 8, 7 (the account's second digit), 6, 5.
  const k = 10 - tailStart
  sum += (d[3] as number) * (W_ESER[k] as number)
  sum += (d[1] as number) * (W_ESER[k + 1] as number)
  sum += (bank[7] as number) * (W_ESER[k + 2] as number)
  sum += (d[2] as number) * (W_ESER[k + 3] as number)
  sum += (bank[5] as number) * (W_ESER[k + 4] as number)
  sum += (bank[4] as number) * (W_ESER[k + 5] as number)
  return sum % 11 === 10
}

/** Whether d[0 … last] are all zero. */
function zerosUpTo(d: Digits, last: number): boolean {
  for (let i = 0; i <= last; i++) if (d[i] !== 0) return false
  return true
}

// Layouts.

/** A layout with the check digit at position 10, written by `derive` from positions 1 to 9. */
function checkDigitLast(
  first9: readonly string[],
  derive: ((d: Digits) => number) | DescribedCheckDigit,
): AccountLayout {
  return checkDigitLayout([...first9, ''], 9, derive)
}

/** Nine free positions, the first not 0, and the check digit at position 10. */
function plainLayout(derive: ((d: Digits) => number) | DescribedCheckDigit): AccountLayout {
  return checkDigitLast([N, D, D, D, D, D, D, D, D], derive)
}

function method(valid: (d: Digits, bank: Digits) => boolean, layout: AccountLayout): AccountMethod {
  return { checks: true, valid, layout }
}

// Method bodies.

/** 90: ledger accounts (position 3 is 9) by modulus 11 over positions 3–9; customer accounts by six fallbacks. */
function valid90(d: Digits): boolean {
  const check = d[9]
  if (d[2] === 9) return mod11Of(d, 2, W_2_8) === check
  return (
    mod11Of(d, 3, W_2_7) === check ||
    mod11Of(d, 4, W_2_7) === check ||
    mod7(weightedSum(d, 4, 8, W_2_7)) === check ||
    mod9(weightedSum(d, 4, 8, W_2_7)) === check ||
    mod10(weightedSum(d, 4, 8, W_2_1)) === check ||
    mod7(weightedSum(d, 3, 8, W_2_1)) === check
  )
}

/** 91: check digit at position 7 by four modulus 11 weightings of positions 1–6 (the third also of 8–10). */
function valid91(d: Digits): boolean {
  const check = d[6]
  return (
    mod11(weightedSum(d, 0, 5, W_2_7), 0) === check ||
    mod11(weightedSum(d, 0, 5, W_91_2), 0) === check ||
    mod11(weightedSum(d, 0, 9, W_91_3), 0) === check ||
    mod11(weightedSum(d, 0, 5, W_91_4), 0) === check
  )
}

/** Method 95's account ranges that carry no check digit. */
function exempt95(value: number): boolean {
  return (
    (value >= 1 && value <= 1_999_999) ||
    (value >= 9_000_000 && value <= 25_999_999) ||
    (value >= 396_000_000 && value <= 499_999_999) ||
    (value >= 700_000_000 && value <= 799_999_999) ||
    (value >= 910_000_000 && value <= 989_999_999)
  )
}

/** 95: method 06 over positions 1–9, with five account ranges that carry no check digit. */
function valid95(d: Digits): boolean {
  return exempt95(valueOf(d, 0, 9)) || mod11Of(d, 0, W_2_7) === d[9]
}

/** 96: method 19, else method 00, else the range 0001300000–0099399999 passes unchecked. */
function valid96(d: Digits): boolean {
  if (mod11Of(d, 0, W_19) === d[9] || luhnOf(d, 0) === d[9]) return true
  const value = valueOf(d, 0, 9)
  return value >= 1_300_000 && value <= 99_399_999
}

/** 97: the number at positions 1–9 modulo 11 (10 counting as 0) is the check digit. */
function check97(d: Digits): number {
  const remainder = valueOf(d, 0, 8) % 11
  return remainder === 10 ? 0 : remainder
}

/** 98: method 01 over positions 3–9, else method 32. */
function valid98(d: Digits): boolean {
  return mod10Of(d, 2, W_3_1_7) === d[9] || check32(d) === d[9]
}

/** 99: method 06 over positions 1–9, except the range 0396000000–0499999999 that passes unchecked. */
function valid99(d: Digits): boolean {
  const value = valueOf(d, 0, 9)
  return (value >= 396_000_000 && value <= 499_999_999) || mod11Of(d, 0, W_2_7) === d[9]
}

/** A0: modulus 11 over positions 5–9 (remainders 0 and 1 give 0); accounts below 1000 pass unchecked. */
function validA0(d: Digits): boolean {
  return zerosUpTo(d, 6) || mod11Of(d, 4, W_A0) === d[9]
}

/** A1: only 8- or 10-digit accounts, by method 00 over positions 3–9. */
function validA1(d: Digits): boolean {
  const lead = firstNonZero(d)
  return (lead === 0 || lead === 2) && luhnOf(d, 2) === d[9]
}

/** A4: variants 1 and 2 (or 3 when positions 3–4 are 99) over the customer number, else method 93. */
function validA4(d: Digits): boolean {
  const check = d[9]
  if (d[2] === 9 && d[3] === 9) return mod11Of(d, 4, W_2_7) === check || valid93(d)
  const sum = weightedSum(d, 3, 8, W_2_7)
  return mod11(sum, 0) === check || mod7(sum) === check || valid93(d)
}

/** A8: method 51's ledger rule when position 3 is 9, else modulus 11 and then method 00 over positions 4–9. */
function validA8(d: Digits): boolean {
  if (d[2] === 9) return validLedger51(d)
  return mod11Of(d, 3, W_2_7) === d[9] || luhnOf(d, 3) === d[9]
}

/** B0: 10-digit accounts not starting with 8; position 8 in 1, 2, 3, 6 passes unchecked, else method 06. */
function validB0(d: Digits): boolean {
  if (d[0] === 0 || d[0] === 8) return false
  const selector = d[7]
  if (selector === 1 || selector === 2 || selector === 3 || selector === 6) return true
  return mod11Of(d, 0, W_2_7) === d[9]
}

/** B6: method 20 for accounts starting 1–9 or 02691–02699, else method 53 with the bank code. */
function validB6(d: Digits, bank: Digits): boolean {
  const range02691 = d[0] === 0 && d[1] === 2 && d[2] === 6 && d[3] === 9 && d[4] !== 0
  if (d[0] !== 0 || range02691) return check20(d) === d[9]
  return validEser53(d, bank)
}

/** B7: method 01 for the account ranges 0001000000–0005999999 and 0700000000–0899999999; others pass. */
function validB7(d: Digits): boolean {
  const value = valueOf(d, 0, 9)
  const checked = (value >= 1_000_000 && value <= 5_999_999) || (value >= 700_000_000 && value <= 899_999_999)
  return !checked || mod10Of(d, 0, W_3_7_1) === d[9]
}

/** B8: method 20, else method 29; 5100000000–5999999999 and 9010000000–9109999999 pass unchecked. */
function validB8(d: Digits): boolean {
  if (check20(d) === d[9] || transformOf(d) === d[9]) return true
  const first = d[0]
  if (first === 5) return d[1] !== 0
  if (first === 9) return (d[1] === 0 && d[2] !== 0) || (d[1] === 1 && d[2] === 0)
  return false
}

/** B9 variant 1 (two leading zeros): remainders mod 11 of each product plus its weight, summed, mod 10. */
function checkB9Short(d: Digits): number {
  let sum = 0
  for (let i = 8, k = 0; i >= 2; i--, k++) {
    const weight = W_B9_1[k] as number
    sum += ((d[i] as number) * weight + weight) % 11
  }
  return sum % 10
}

/**
 * B9: exactly two leading zeros by variant 1, three by variant 2 (the weighted sum's remainder
 * mod 11); a check digit that does not match is tried again plus 5 (mod 10).
 */
function validB9(d: Digits): boolean {
  const lead = firstNonZero(d)
  let check: number
  if (lead === 2) check = checkB9Short(d)
  else if (lead === 3) check = weightedSum(d, 3, 8, W_B9_2) % 11
  else return false
  const retried = check + 5 >= 10 ? check - 5 : check + 5
  return check === d[9] || retried === d[9]
}

export function methods90ToB9(): Readonly<Record<Id, AccountMethod>> {
  return {
    '90': method(valid90, checkDigitLast([N, D, '012345678', D, D, D, D, D, D], mod11Digit(3, 8, W_2_7, 0))),
    '91': method(valid91, {
      positions: [N, D, D, D, D, D, '', D, D, D],
      complete: (d) => {
        d[6] = mod11(weightedSum(d, 0, 5, W_2_7), 0)
        return true
      },
    }),
    // 92: method 01 over positions 4–9.
    '92': method((d) => mod10Of(d, 3, W_3_7_1) === d[9], plainLayout(mod10Digit(3, 8, W_3_7_1, false))),
    '93': method(valid93, {
      positions: [N, D, D, D, D, '', D, D, D, D],
      complete: (d) => {
        d[5] = mod11(weightedSum(d, 0, 4, W_2_7), 0)
        return true
      },
    }),
    // 94: method 00 with weights 1, 2 from the right.
    '94': method(
      (d) => mod10(weightedDigitSum(d, 0, 8, W_1_2)) === d[9],
      plainLayout((d) => mod10(weightedDigitSum(d, 0, 8, W_1_2))),
    ),
    '95': method(valid95, plainLayout(mod11Digit(0, 8, W_2_7, 0))),
    '96': method(valid96, plainLayout(mod11Digit(0, 8, W_19, 0))),
    '97': method((d) => check97(d) === d[9], plainLayout(check97)),
    '98': method(valid98, plainLayout(mod10Digit(2, 8, W_3_1_7, false))),
    '99': method(valid99, plainLayout(mod11Digit(0, 8, W_2_7, 0))),
    A0: method(validA0, plainLayout(mod11Digit(4, 8, W_A0, 0))),
    A1: method(validA1, plainLayout(mod10Digit(2, 8, W_2_1, true))),
    // A2: method 00, else method 04.
    A2: method(
      (d) => luhnOf(d, 0) === d[9] || strictMod11Of(d, W_2_7) === d[9],
      plainLayout(mod10Digit(0, 8, W_2_1, true)),
    ),
    // A3: method 00, else method 10.
    A3: method(
      (d) => luhnOf(d, 0) === d[9] || mod11Of(d, 0, W_2_10) === d[9],
      plainLayout(mod10Digit(0, 8, W_2_1, true)),
    ),
    // A4: generated as variant 1; position 6 is made to fail variant 4 (method 93, whose check
    // digit it is for such accounts), so that the account rests on its check digit alone.
    A4: method(validA4, {
      positions: [N, D, '012345678', D, D, '', D, D, D, ''],
      complete: (d) => {
        const sum = weightedSum(d, 0, 4, W_2_7)
        const eleven = mod11(sum, 0)
        const seven = mod7(sum)
        let digit = 0
        while (digit === eleven || digit === seven) digit++
        d[5] = digit
        d[9] = mod11Of(d, 3, W_2_7)
        return true
      },
    }),
    // A5: method 00, else (unless a 10-digit account starting with 9) method 10.
    A5: method(
      (d) => luhnOf(d, 0) === d[9] || (d[0] !== 9 && mod11Of(d, 0, W_2_10) === d[9]),
      plainLayout(mod10Digit(0, 8, W_2_1, true)),
    ),
    // A6: method 00 when position 2 is 8, else method 01.
    A6: method(
      (d) => (d[1] === 8 ? luhnOf(d, 0) : mod10Of(d, 0, W_3_7_1)) === d[9],
      checkDigitLast([N, '012345679', D, D, D, D, D, D, D], mod10Digit(0, 8, W_3_7_1, false)),
    ),
    // A7: method 00, else method 03.
    A7: method(
      (d) => luhnOf(d, 0) === d[9] || mod10Of(d, 0, W_2_1) === d[9],
      plainLayout(mod10Digit(0, 8, W_2_1, true)),
    ),
    A8: method(validA8, checkDigitLast([N, D, '012345678', D, D, D, D, D, D], mod11Digit(3, 8, W_2_7, 0))),
    // A9: method 01, else method 06.
    A9: method(
      (d) => mod10Of(d, 0, W_3_7_1) === d[9] || mod11Of(d, 0, W_2_7) === d[9],
      plainLayout(mod10Digit(0, 8, W_3_7_1, false)),
    ),
    B0: method(validB0, checkDigitLast(['12345679', D, D, D, D, D, D, '045789', D], mod11Digit(0, 8, W_2_7, 0))),
    // B1: method 05, else method 01, else method 00.
    B1: method(
      (d) => mod10Of(d, 0, W_7_3_1) === d[9] || mod10Of(d, 0, W_3_7_1) === d[9] || luhnOf(d, 0) === d[9],
      plainLayout(mod10Digit(0, 8, W_7_3_1, false)),
    ),
    // B2: method 02 for accounts starting 0–7, method 00 for 8 and 9.
    B2: method(
      (d) => ((d[0] as number) <= 7 ? strictMod11Of(d, W_02) : luhnOf(d, 0)) === d[9],
      checkDigitLast(['89', D, D, D, D, D, D, D, D], mod10Digit(0, 8, W_2_1, true)),
    ),
    // B3: method 32 for accounts starting 0–8, method 06 for 9.
    B3: method(
      (d) => (d[0] === 9 ? mod11Of(d, 0, W_2_7) : check32(d)) === d[9],
      checkDigitLast(['12345678', D, D, D, D, D, D, D, D], check32),
    ),
    // B4: method 00 for accounts starting 9, method 02 with weights 2–10 for the others.
    B4: method(
      (d) => (d[0] === 9 ? luhnOf(d, 0) : strictMod11Of(d, W_2_10)) === d[9],
      checkDigitLast(['9', D, D, D, D, D, D, D, D], mod10Digit(0, 8, W_2_1, true)),
    ),
    // B5: method 01 with method 05's weights, else (unless starting 8 or 9) method 00.
    B5: method(
      (d) => mod10Of(d, 0, W_7_3_1) === d[9] || ((d[0] as number) < 8 && luhnOf(d, 0) === d[9]),
      plainLayout(mod10Digit(0, 8, W_7_3_1, false)),
    ),
    B6: { ...method(validB6, plainLayout(check20)), readsBank: true },
    B7: method(validB7, checkDigitLast(['0', '78', D, D, D, D, D, D, D], mod10Digit(0, 8, W_3_7_1, false))),
    B8: method(validB8, checkDigitLast(['1234678', D, D, D, D, D, D, D, D], check20)),
    B9: method(validB9, checkDigitLast(['0', '0', N, D, D, D, D, D, D], checkB9Short)),
  }
}
