// The Bundesbank's account check methods 60 to 89. Positions in comments are the Bundesbank's,
// 1-based from the left (position 10 is the usual check digit); array indices are 0-based.
import {
  ANY,
  NON_ZERO,
  checkDigitLayout,
  describedCheckDigit,
  digitSum,
  firstNonZero,
  mod10,
  mod10Digit,
  mod11,
  mod11Digit,
  weightedDigitSum,
  weightedSum,
  type DescribedCheckDigit,
} from './primitives.ts'
import type { AccountLayout, AccountMethod, Decimal, Digits } from './types.ts'

type Id = `6${Decimal}` | `7${Decimal}` | `8${Decimal}`

/** The alternating weights of the modulus 10 methods. */
const W21 = [2, 1] as const
/** 2, 3, 4, 5, 6 (cycled, as weightedSum does). */
const W2TO6 = [2, 3, 4, 5, 6] as const
/** 2, 3, 4, 5, 6, 7 (cycled: over nine digits 2, 3, 4, 5, 6, 7, 2, 3, 4). */
const W2TO7 = [2, 3, 4, 5, 6, 7] as const
const W2TO8 = [2, 3, 4, 5, 6, 7, 8] as const
const W2TO10 = [2, 3, 4, 5, 6, 7, 8, 9, 10] as const
/** Method 64's weights, right to left over positions 6 down to 1. */
const W64 = [2, 4, 8, 5, 10, 9] as const
/** Method 71's weights, right to left over positions 7 down to 2. */
const W71 = [1, 2, 3, 4, 5, 6] as const
/** Method 77's weights, right to left over positions 10 down to 6: first pass, then second pass. */
const W77_FIRST = [1, 2, 3, 4, 5] as const
const W77_SECOND = [5, 4, 3, 4, 5] as const
/** Method 77's first-pass weights of positions 9 down to 6. */
const W77_REST = [2, 3, 4, 5] as const

/** Method 69's second variant: the digit translations, one row per position (right to left, cycling). */
const ROWS_69 = [
  [0, 1, 5, 9, 3, 7, 4, 8, 2, 6],
  [0, 1, 7, 6, 9, 8, 3, 2, 5, 4],
  [0, 1, 8, 4, 6, 2, 9, 5, 7, 3],
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
] as const

/** Method 87's tables of check digits, by the final sum (0–4), without and with the odd/even swap. */
const TAB1_87 = [0, 4, 3, 2, 6] as const
const TAB2_87 = [7, 1, 5, 9, 8] as const

/** The digit at index `i` (the arrays are always 10 long; this keeps the compiler content). */
function at(d: Digits, i: number): number {
  return d[i] as number
}

/** Modulus 7: 7 − (sum mod 7), 0 for remainder 0. */
function mod7(sum: number): number {
  const remainder = sum % 7
  return remainder === 0 ? 0 : 7 - remainder
}

/** Modulus 10 over digit sums of the products, weights 2, 1 from the right (as method 00). */
function luhn(d: Digits, first: number, last: number): number {
  return mod10(weightedDigitSum(d, first, last, W21))
}

/** Modulus 11 where remainder 1 gives 0 (as method 06). */
function mod11Zero(d: Digits, first: number, last: number, weights: readonly number[]): number {
  return mod11(weightedSum(d, first, last, weights), 0)
}

/** Number of digits of the account without its leading zeros. */
function lengthOf(d: Digits): number {
  return 10 - firstNonZero(d)
}

/**
 * A layout whose one derived position `derived` holds `compute`'s digit (−1: none fits), described
 * as data where `compute` is. Positions default to a non-zero leading digit and any digit
 * elsewhere; `restricted` narrows some.
 */
function layoutOf(
  derived: number,
  compute: ((d: Digits) => number) | DescribedCheckDigit,
  restricted: Readonly<Record<number, string>> = {},
  guard?: AccountLayout['guard'],
): AccountLayout {
  const positions = Array.from({ length: 10 }, (_, i) =>
    i === derived ? '' : (restricted[i] ?? (i === 0 ? NON_ZERO : ANY)),
  )
  return checkDigitLayout(positions, derived, compute, guard)
}

/** Method 00's digit over positions first+1 … last+1, described as data (generation computes it from bytes). */
function luhnDigit(first: number, last: number): DescribedCheckDigit {
  return mod10Digit(first, last, W21, true)
}

/** A method with one check digit at `derived`, computed from the other digits. */
function singleDigit(derived: number, compute: ((d: Digits) => number) | DescribedCheckDigit): AccountMethod {
  const layout = layoutOf(derived, compute)
  return {
    checks: true,
    valid: (d) => compute(d) === at(d, derived),
    layout,
    ...(layout.derive === undefined ? {} : { plain: true }),
  }
}

/** Positions 1–9 as modulus 10 with digit sums; check digit at position 10 (method 00). */
const method00 = luhnDigit(0, 8)

/** Positions 4–9, weights 2 to 7, modulus 11 with 10 → 0; check digit at position 10 (method 32). */
const method32 = mod11Digit(3, 8, W2TO7, 0)

/** Positions 5–9, weights 2 to 6, modulus 11 with 10 → 0; check digit at position 10 (method 33). */
function method33(d: Digits): number {
  return mod11Zero(d, 4, 8, W2TO6)
}

/** Positions 5–9, weights 2 to 6, modulus 7; check digit at position 10 (method 51's variant D). */
function mod7Over5To9(d: Digits): number {
  return mod7(weightedSum(d, 4, 8, W2TO6))
}

/** Positions 1–9, weights 2 to 10, modulus 11 with 10 → 0 (method 10). */
function method10(d: Digits): number {
  return mod11Zero(d, 0, 8, W2TO10)
}

/**
 * Method 51's rule for ledger accounts (position 3 is 9), which several methods adopt:
 * positions 3–9 with weights 2 to 8, else positions 1–9 with weights 2 to 10, modulus 11, 10 → 0.
 */
function ledger51(d: Digits): boolean {
  const check = at(d, 9)
  return mod11Zero(d, 2, 8, W2TO8) === check || mod11Zero(d, 0, 8, W2TO10) === check
}

/** Position 3 is 9: a ledger account checked by method 51's rule. */
function isLedger(d: Digits): boolean {
  return at(d, 2) === 9
}

/** Positions 3 and 4 are 99. */
function starts99At3(d: Digits): boolean {
  return at(d, 2) === 9 && at(d, 3) === 9
}

/** Positions 2–7, weights 2, 1 from position 7, check digit at 8 (method 63's ordinary form). */
const digit63 = luhnDigit(1, 6)

/** Method 61 (Artziffer 8) and 65 (Kontenartziffer 9): that digit at position 9 draws in positions 9 and 10. */
function digitWithKind(d: Digits, kind: number): number {
  let sum = weightedDigitSum(d, 0, 6, W21)
  if (at(d, 8) === kind) sum += at(d, 8) + digitSum(at(d, 9) * 2)
  return mod10(sum)
}

/** Method 66: modulus 11 over positions 2 and 5–9, remainder 0 gives 1 and remainder 1 gives 0. */
function digit66(d: Digits): number {
  const sum = weightedSum(d, 4, 8, W2TO6) + at(d, 1) * 7
  const remainder = sum % 11
  return remainder === 0 ? 1 : remainder === 1 ? 0 : 11 - remainder
}

/** Method 68 for 10-digit accounts: positions 4–9 with digit sums; position 4 must be 9. */
function digit68Long(d: Digits): number {
  return luhn(d, 3, 8)
}

/** Method 68's second variant for shorter accounts: positions 1–9 without positions 3 and 4. */
function digit68Short(d: Digits): number {
  return mod10(weightedDigitSum(d, 4, 8, W21) + at(d, 1) + digitSum(at(d, 0) * 2))
}

/** Method 69's first variant (method 28): positions 1–7, weights 2 to 8, check digit at 8, 10 → 0. */
function digit69First(d: Digits): number {
  return mod11Zero(d, 0, 6, W2TO8)
}

/** Method 69's second variant: positions 1–9 translated by row (right to left), modulus 10. */
function digit69Second(d: Digits): number {
  let sum = 0
  for (let i = 8, row = 0; i >= 0; i--, row = (row + 1) % 4)
    sum += (ROWS_69[row] as readonly number[])[at(d, i)] as number
  return mod10(sum)
}

/** Method 70: weights 2 to 7 (cycled) over positions 1–9, or 4–9 when position 4 is 5 or positions 4–5 are 69. */
function digit70(d: Digits): number {
  const short = at(d, 3) === 5 || (at(d, 3) === 6 && at(d, 4) === 9)
  return mod11Zero(d, short ? 3 : 0, 8, W2TO7)
}

/** Method 71: positions 2–7 weighted 6 to 1, modulus 11 where remainder 1 gives 1. */
function digit71(d: Digits): number {
  const remainder = weightedSum(d, 1, 6, W71) % 11
  return remainder <= 1 ? remainder : 11 - remainder
}

/** Positions 4–9 with digit sums, modulus 10 (methods 72, 73, 86). */
function luhn4To9(d: Digits): number {
  return luhn(d, 3, 8)
}

/** Positions 5–9 with digit sums, modulus 10 (methods 73, 80). */
function luhn5To9(d: Digits): number {
  return luhn(d, 4, 8)
}

/** Positions 5–9 with digit sums, modulus 7 (methods 73, 80). */
function digitSum7Over5To9(d: Digits): number {
  return mod7(weightedDigitSum(d, 4, 8, W21))
}

/** Method 74's second variant (method 04): positions 1–9, weights 2 to 7 cycled, remainder 1 unusable. */
function digit04(d: Digits): number {
  return mod11(weightedSum(d, 0, 8, W2TO7), -1)
}

/** Method 76: positions 2–7 weighted 2 upwards from the right; the remainder itself is the check digit. */
function remainder76(d: Digits, first: number, last: number): number {
  const remainder = weightedSum(d, first, last, W2TO8) % 11
  return remainder === 10 ? -1 : remainder
}

/** Method 76's account kinds (position 1). */
function isKind76(kind: number): boolean {
  return kind === 0 || kind === 4 || kind === 6 || kind === 7 || kind === 8 || kind === 9
}

/** Method 77's position 10 for the first pass (weights 1 to 5, sum divisible by 11); −1 when none fits. */
function digit77(d: Digits): number {
  const digit = (11 - (weightedSum(d, 5, 8, W77_REST) % 11)) % 11
  return digit === 10 ? -1 : digit
}

/** Method 79: first digit 3–8 checks positions 1–9 into 10; 1, 2, 9 check positions 1–8 into 9. */
function valid79(d: Digits): boolean {
  const first = at(d, 0)
  if (first === 0) return false
  if (first >= 3 && first <= 8) return luhn(d, 0, 8) === at(d, 9)
  return luhn(d, 0, 7) === at(d, 8)
}

/** Method 83's and 85's customer accounts: method 32, then 33, then modulus 7 (check digit below 7). */
function customer8385(d: Digits): boolean {
  const check = at(d, 9)
  if (method32(d) === check || method33(d) === check) return true
  return check < 7 && mod7Over5To9(d) === check
}

/**
 * Method 87's variant A, the Bundesbank's pseudo-code over positions 4–9: digits are recoded
 * (0→5, 1→6, 5→10, 6→1), summed or subtracted by a parity state, reduced to 0–4 and looked up;
 * with position 4 zero the looked-up digit may also be taken ±5.
 */
function valid87A(d: Digits): boolean {
  let i = 3
  while (i < 9 && at(d, i) === 0) i++
  // The pseudo-code counts positions from 1.
  let c2 = (i + 1) % 2
  let d2 = 0
  let a5 = 0
  for (; i < 9; i++) {
    const k = recode87(at(d, i))
    if (c2 === d2) {
      if (k > 5) {
        if (c2 === 0) {
          c2 = 1
          d2 = 1
          a5 += 6 - (k - 6)
        } else {
          c2 = 0
          d2 = 0
          a5 += k
        }
      } else {
        c2 = c2 === 0 ? 1 : 0
        a5 += k
      }
    } else if (k > 5) {
      if (c2 === 0) {
        c2 = 1
        d2 = 0
        a5 += -6 + (k - 6)
      } else {
        c2 = 0
        d2 = 1
        a5 -= k
      }
    } else {
      c2 = c2 === 0 ? 1 : 0
      a5 -= k
    }
  }
  a5 = ((a5 % 5) + 5) % 5
  let p = (d2 === 0 ? TAB1_87[a5] : TAB2_87[a5]) as number
  const check = at(d, 9)
  if (p === check) return true
  if (at(d, 3) !== 0) return false
  p = p > 4 ? p - 5 : p + 5
  return p === check
}

/** Method 87's recoding of a digit before it is added or subtracted. */
function recode87(digit: number): number {
  switch (digit) {
    case 0:
      return 5
    case 1:
      return 6
    case 5:
      return 10
    case 6:
      return 1
    default:
      return digit
  }
}

/** Method 60: positions 3–9 with digit sums into position 10. */
const method00Over3To9 = luhnDigit(2, 8)

/** Method 68: by the account's length (see the table). */
function valid68(d: Digits): boolean {
  const length = lengthOf(d)
  const check = at(d, 9)
  if (length === 10) return at(d, 3) === 9 && digit68Long(d) === check
  if (length === 9 && at(d, 1) === 4) return true
  return method00(d) === check || digit68Short(d) === check
}

/** Method 74: method 00, for 6 digits also up to the next sum ending in 5, then method 04. */
function valid74(d: Digits): boolean {
  const sum = weightedDigitSum(d, 0, 8, W21)
  const check = at(d, 9)
  if (mod10(sum) === check) return true
  if (lengthOf(d) === 6 && (15 - (sum % 10)) % 10 === check) return true
  return digit04(d) === check
}

/** Method 75: where the five-digit base number and its check digit sit depends on the leading digits. */
function valid75(d: Digits): boolean {
  if (at(d, 0) === 0 && at(d, 1) === 0 && at(d, 2) === 0) return luhn(d, 4, 8) === at(d, 9)
  if (at(d, 0) === 0 && at(d, 1) === 9) return luhn(d, 2, 6) === at(d, 7)
  return luhn(d, 1, 5) === at(d, 6)
}

/** Method 76: the ordinary layout, or the one shifted two places when positions 1–2 are 00. */
function valid76(d: Digits): boolean {
  if (isKind76(at(d, 0)) && remainder76(d, 1, 6) === at(d, 7)) return true
  return isKind76(at(d, 2)) && at(d, 0) === 0 && at(d, 1) === 0 && remainder76(d, 3, 8) === at(d, 9)
}

/** Method 89: by the account's length. */
function valid89(d: Digits): boolean {
  const length = lengthOf(d)
  if (length === 8 || length === 9) return method10(d) === at(d, 9)
  if (length === 7) return mod11(weightedDigitSum(d, 3, 8, W2TO7), 0) === at(d, 9)
  return true
}

/** Position 3 may not be 9 (it would make the account a ledger account). */
const NOT_LEDGER = { 2: '012345678' } as const

export function methods60To89(): Readonly<Record<Id, AccountMethod>> {
  return {
    // Positions 3–9 with digit sums, modulus 10, check digit at 10; positions 1–2 are a sub-account.
    '60': singleDigit(9, method00Over3To9),
    // Positions 1–7 into position 8; when position 9 is 8, positions 9 and 10 count too (generated
    // without that account kind, so that positions 1–7 alone make the check digit).
    '61': {
      checks: true,
      valid: (d) => digitWithKind(d, 8) === at(d, 7),
      layout: layoutOf(7, luhnDigit(0, 6), { 8: '012345679' }),
    },
    // Positions 3–7 with digit sums into position 8; positions 1–2 and 9–10 are ignored.
    '62': singleDigit(7, luhnDigit(2, 6)),
    // Position 1 must be 0; positions 2–7 into 8, or, with a leading 000, positions 4–9 into 10.
    '63': {
      checks: true,
      valid: (d) => {
        if (at(d, 0) !== 0) return false
        if (at(d, 1) === 0 && at(d, 2) === 0) return luhn(d, 3, 8) === at(d, 9)
        return digit63(d) === at(d, 7)
      },
      layout: layoutOf(7, digit63, { 0: '0', 1: NON_ZERO }),
    },
    // Positions 1–6 weighted 9, 10, 5, 8, 4, 2, modulus 11 with 10 → 0, check digit at 7.
    '64': singleDigit(6, (d) => mod11Zero(d, 0, 5, W64)),
    // Positions 1–7 into position 8; when position 9 is 9, positions 9 and 10 count too (generated
    // without that account kind).
    '65': {
      checks: true,
      valid: (d) => digitWithKind(d, 9) === at(d, 7),
      layout: layoutOf(7, luhnDigit(0, 6), { 8: '012345678' }),
    },
    // Position 1 must be 0; positions 2 and 5–9 into 10 (remainder 0 → 1); position 2 = 9 is unchecked.
    '66': {
      checks: true,
      valid: (d) => at(d, 1) === 9 || (at(d, 0) === 0 && digit66(d) === at(d, 9)),
      layout: layoutOf(9, digit66, { 0: '0', 1: '12345678' }),
    },
    // Positions 1–7 with digit sums into position 8; positions 9–10 are a sub-account.
    '67': singleDigit(7, luhnDigit(0, 6)),
    // 10 digits: position 4 must be 9 and positions 4–9 are checked; shorter: positions 1–9, else
    // without positions 3–4; 9 digits starting with 4 carry no check digit.
    '68': {
      checks: true,
      valid: valid68,
      layout: layoutOf(9, digit68Long, { 3: '9' }),
    },
    // 93… is unchecked, 97… uses only the second variant, others method 28 then the second variant.
    '69': {
      checks: true,
      valid: (d) => {
        if (at(d, 0) === 9 && at(d, 1) === 3) return true
        if (!(at(d, 0) === 9 && at(d, 1) === 7) && digit69First(d) === at(d, 7)) return true
        return digit69Second(d) === at(d, 9)
      },
      layout: layoutOf(7, digit69First, { 0: '12345678' }),
    },
    // Weights 2 to 7 cycled over positions 1–9, modulus 11 with 10 → 0; positions 4–9 only for 5… or 69….
    '70': singleDigit(9, digit70),
    // Positions 2–7 weighted 6 to 1, modulus 11, remainder 1 gives 1.
    '71': singleDigit(9, digit71),
    // Positions 4–9 with digit sums, modulus 10.
    '72': singleDigit(9, luhn4To9),
    // Positions 4–9, then 5–9, with digit sums modulus 10, then modulus 7; ledger accounts as in 51.
    '73': {
      checks: true,
      valid: (d) => {
        if (isLedger(d)) return ledger51(d)
        const check = at(d, 9)
        return luhn4To9(d) === check || luhn5To9(d) === check || digitSum7Over5To9(d) === check
      },
      layout: layoutOf(9, luhn4To9, NOT_LEDGER),
    },
    // Method 00 (6 digits: also rounding up to a half decade), else method 04.
    '74': {
      checks: true,
      valid: valid74,
      layout: layoutOf(9, method00),
    },
    // A five-digit base number with digit sums: at 5–9 for up to 7 digits, at 3–7 for 09…, else at 2–6.
    '75': {
      checks: true,
      valid: valid75,
      layout: layoutOf(6, (d) => luhn(d, 1, 5), { 0: '0', 1: '12345678' }),
    },
    // Account kind at 1, base number at 2–7, the remainder mod 11 is the check digit at 8; or all
    // shifted two to the right when the sub-account 00 was left off.
    '76': {
      checks: true,
      valid: valid76,
      layout: layoutOf(
        7,
        describedCheckDigit(1, 6, W2TO8, { digitSums: false, modulus: 11, digitOf: (r) => (r === 10 ? -1 : r) }),
        { 0: '46789' },
        { position: 6, size: 9 },
      ),
    },
    // Positions 6–10 weighted 5 to 1 must sum to a multiple of 11, or else weighted 5, 4, 3, 4, 5.
    '77': {
      checks: true,
      valid: (d) => weightedSum(d, 5, 9, W77_FIRST) % 11 === 0 || weightedSum(d, 5, 9, W77_SECOND) % 11 === 0,
      layout: layoutOf(9, digit77, {}, { position: 8, size: 9 }),
    },
    // Method 00; 8-digit accounts carry no check digit.
    '78': {
      checks: true,
      valid: (d) => lengthOf(d) === 8 || method00(d) === at(d, 9),
      layout: layoutOf(9, method00),
    },
    // Method 00 over positions 1–9 or 1–8, chosen by the first digit; a leading 0 is invalid.
    '79': {
      checks: true,
      valid: valid79,
      layout: layoutOf(9, method00, { 0: '345678' }),
    },
    // Positions 5–9 with digit sums, modulus 10, then modulus 7; ledger accounts as in 51.
    '80': {
      checks: true,
      valid: (d) => {
        if (isLedger(d)) return ledger51(d)
        const check = at(d, 9)
        return luhn5To9(d) === check || digitSum7Over5To9(d) === check
      },
      layout: layoutOf(9, luhn5To9, NOT_LEDGER),
    },
    // Method 32; ledger accounts as in 51.
    '81': {
      checks: true,
      valid: (d) => (isLedger(d) ? ledger51(d) : method32(d) === at(d, 9)),
      // Nine digits: some checkers in use also weight position 1 and would refuse ten-digit accounts.
      layout: layoutOf(9, method32, { 0: '0', 1: NON_ZERO, 2: '012345678' }),
    },
    // Method 33; positions 3–4 = 99 use method 10.
    '82': {
      checks: true,
      valid: (d) => (starts99At3(d) ? method10(d) : method33(d)) === at(d, 9),
      layout: layoutOf(9, method33, NOT_LEDGER),
    },
    // Customer accounts: 32, 33, then modulus 7; positions 3–4 = 99: positions 3–9, weights 2 to 8.
    '83': {
      checks: true,
      valid: (d) => (starts99At3(d) ? mod11Zero(d, 2, 8, W2TO8) === at(d, 9) : customer8385(d)),
      layout: layoutOf(9, method32, NOT_LEDGER),
    },
    // Positions 5–9: modulus 11, modulus 7, then modulus 10, all weighted products; ledger accounts as in 51.
    '84': {
      checks: true,
      valid: (d) => {
        if (isLedger(d)) return ledger51(d)
        const check = at(d, 9)
        return method33(d) === check || mod7Over5To9(d) === check || mod10(weightedSum(d, 4, 8, W21)) === check
      },
      layout: layoutOf(9, method33, NOT_LEDGER),
    },
    // As 83's customer accounts; positions 3–4 = 99: positions 3–9 modulus 11, remainder 1 invalid.
    '85': {
      checks: true,
      valid: (d) => (starts99At3(d) ? mod11(weightedSum(d, 2, 8, W2TO8), -1) === at(d, 9) : customer8385(d)),
      layout: layoutOf(9, method32, NOT_LEDGER),
    },
    // Positions 4–9 with digit sums modulus 10, then method 32; ledger accounts as in 51.
    '86': {
      checks: true,
      valid: (d) => {
        if (isLedger(d)) return ledger51(d)
        const check = at(d, 9)
        return luhn4To9(d) === check || method32(d) === check
      },
      layout: layoutOf(9, luhn4To9, NOT_LEDGER),
    },
    // The pseudo-code variant, then 33, modulus 7, and 06 over positions 4–9; ledger accounts as in 51.
    '87': {
      checks: true,
      valid: (d) => {
        if (isLedger(d)) return ledger51(d)
        const check = at(d, 9)
        return valid87A(d) || method33(d) === check || mod7Over5To9(d) === check || method32(d) === check
      },
      layout: layoutOf(9, method33, NOT_LEDGER),
    },
    // Positions 4–9 weighted 2 to 7, or 3–9 weighted 2 to 8 when position 3 is 9; modulus 11, 10 → 0.
    '88': {
      checks: true,
      valid: (d) => (at(d, 2) === 9 ? mod11Zero(d, 2, 8, W2TO8) : method32(d)) === at(d, 9),
      // Generated with position 3 not 9, as method 32.
      layout: layoutOf(9, method32, NOT_LEDGER),
    },
    // 8 and 9 digits: method 10; 7 digits: positions 4–9 with digit sums of weights 2 to 7, modulus
    // 11; other lengths are unchecked.
    '89': {
      checks: true,
      valid: valid89,
      layout: layoutOf(9, method10, { 0: '0', 1: NON_ZERO }),
    },
  }
}
