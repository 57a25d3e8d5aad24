// The Bundesbank check methods 30 to 59. Positions in comments are the Bundesbank's (1 to 10
// from the left); array indices are one less. Methods that borrow another method's arithmetic
// (00, 01, 02, 06, 20, 28) compute it here from the primitives.
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

type Id = `3${Decimal}` | `4${Decimal}` | `5${Decimal}`

// Weights, right to left from the last position they cover.
const W_00 = [2, 1]
const W_01 = [3, 7, 1]
const W_2_TO_7 = [2, 3, 4, 5, 6, 7]
const W_2_TO_10 = [2, 3, 4, 5, 6, 7, 8, 9, 10]
const W_20 = [2, 3, 4, 5, 6, 7, 8, 9, 3]
const W_2485 = [2, 4, 8, 5, 10, 9, 7, 3, 6]
const W_30 = [2, 1, 2, 1, 0, 0, 0, 0, 2]
const W_31 = [9, 8, 7, 6, 5, 4, 3, 2, 1]
const W_43 = [1, 2, 3, 4, 5, 6, 7, 8, 9]
const W_54 = [2, 3, 4, 5, 6, 7, 2]
const W_55 = [2, 3, 4, 5, 6, 7, 8, 7, 8]
const W_56 = [2, 3, 4, 5, 6, 7, 2, 3, 4]
const W_57 = [1, 2]
/** Weights of an old ESER account (52, 53), right to left. */
const W_ESER = [2, 4, 8, 5, 10, 9, 7, 3, 6, 1, 2, 4]

/** A first digit that keeps 45 out of its unchecked ranges (0…, 48…). */
const NOT_ZERO_OR_FOUR = '12356789'
/** Any digit but 1 (45: a 1 at position 5 means no check digit). */
const NOT_ONE = '023456789'
/** Any digit but 9 (51: a 9 at position 3 marks a general-ledger account). */
const NOT_NINE = '012345678'

/** Modulus 11 as method 06: 11 − remainder, 0 for remainders 0 and 1. */
function check06(sum: number): number {
  return mod11(sum, 0)
}

/** Method 00's check digit over positions first+1 … last+1 (doubled digits summed digit by digit). */
function check00(d: Digits, first: number, last: number): number {
  return mod10(weightedDigitSum(d, first, last, W_00))
}

/** Method 20's check digit (modulus 11 over positions 1 to 9, weights 2 to 9 then 3). */
function check20(d: Digits): number {
  return check06(weightedSum(d, 0, 8, W_20))
}

/** Positions 1 to 10 as a layout: the first digit not 0, the check position derived, the rest free. */
function positionsWith(check: number, first = NON_ZERO): string[] {
  return Array.from({ length: 10 }, (_, i) => (i === check ? '' : i === 0 ? first : ANY))
}

function layoutOf(
  positions: readonly string[],
  complete: AccountLayout['complete'],
  guard?: AccountLayout['guard'],
): AccountLayout {
  return guard === undefined ? { positions, complete } : { positions, complete, guard }
}

function method(valid: AccountMethod['valid'], layout: AccountLayout): AccountMethod {
  return { checks: true, valid, layout }
}

/** A method whose check digit at index `check` is `compute`'s, which always yields a digit. */
function plain(check: number, compute: (d: Digits) => number): AccountMethod {
  return method(
    (d) => d[check] === compute(d),
    layoutOf(positionsWith(check), (d) => {
      d[check] = compute(d)
      return true
    }),
  )
}

/** Modulus 11 with method 06's results: positions first+1 … last+1 weighted, check digit after them. */
function like06(first: number, last: number, weights: readonly number[]): AccountMethod {
  const checkDigit = mod11Digit(first, last, weights, 0)
  return {
    ...method((d) => d[last + 1] === checkDigit(d), checkDigitLayout(positionsWith(last + 1), last + 1, checkDigit)),
    plain: true,
  }
}

/** 31: modulus 11, weights 1 to 9 from the left; the remainder itself is the check digit, or −1 for 10 (no digit). */
function check31(d: Digits): number {
  const remainder = weightedSum(d, 0, 8, W_31) % 11
  return remainder === 10 ? -1 : remainder
}

/** 35: the remainder is the check digit; remainder 10 passes when positions 9 and 10 are equal. */
function valid35(d: Digits): boolean {
  const remainder = weightedSum(d, 0, 8, W_2_TO_10) % 11
  return remainder === 10 ? d[8] === d[9] : d[9] === remainder
}

function complete35(d: Digits): boolean {
  const remainder = weightedSum(d, 0, 8, W_2_TO_10) % 11
  d[9] = remainder === 10 ? (d[8] as number) : remainder
  return true
}

/** 41: method 00, leaving out positions 1 to 3 when position 4 holds a 9. */
function check41(d: Digits): number {
  return check00(d, d[3] === 9 ? 3 : 0, 8)
}

/** 45: method 00, except accounts starting with 0 or 48, or with a 1 at position 5, which carry no check digit. */
function valid45(d: Digits): boolean {
  if (d[0] === 0 || d[4] === 1 || (d[0] === 4 && d[1] === 8)) return true
  return d[9] === check00(d, 0, 8)
}

/** 49: method 00, or else method 01. */
function valid49(d: Digits): boolean {
  return d[9] === check00(d, 0, 8) || d[9] === mod10(weightedSum(d, 0, 8, W_01))
}

/**
 * 50: base number at positions 1 to 6, check digit at 7. A sub-number 000 may have been left off,
 * so when that fails the account is checked again as shifted three places to the left.
 */
function valid50(d: Digits): boolean {
  return d[6] === check06(weightedSum(d, 0, 5, W_2_TO_7)) || d[9] === check06(weightedSum(d, 3, 8, W_2_TO_7))
}

/**
 * 51 for general-ledger accounts (a 9 at position 3): modulus 11 over positions 3 to 9 with
 * weights 2 to 8, or else over positions 1 to 9 with weights 2 to 10; remainders 0 and 1 give 0.
 */
function valid51Ledger(d: Digits): boolean {
  return d[9] === check06(weightedSum(d, 2, 8, W_2_TO_10)) || d[9] === check06(weightedSum(d, 0, 8, W_2_TO_10))
}

/** 51 method D: modulus 7 over positions 5 to 9 (weights 2 to 6); check digits 7 to 9 never pass. */
function valid51D(d: Digits): boolean {
  const check = d[9] as number
  if (check >= 7) return false
  const remainder = weightedSum(d, 4, 8, W_2_TO_7) % 7
  return check === (remainder === 0 ? 0 : 7 - remainder)
}

/**
 * 51: customer accounts try methods A (modulus 11, positions 4 to 9), B (modulus 11, positions
 * 5 to 9), C (method 00 on positions 4 to 9) and D (modulus 7) in turn; general-ledger accounts
 * use their own two variants.
 */
function valid51(d: Digits): boolean {
  if (d[2] === 9) return valid51Ledger(d)
  const check = d[9]
  return (
    check === check06(weightedSum(d, 3, 8, W_2_TO_7)) ||
    check === check06(weightedSum(d, 4, 8, W_2_TO_7)) ||
    check === check00(d, 3, 8) ||
    valid51D(d)
  )
}

/**
 * Whether an old ESER account passes (52, 53). Its digits, left to right, are `fifth` … `first`
 * (the five left of the check digit, `first` nearest), the check digit (position 4 of the
 * account) and the account's last six digits without leading zeros. With the check digit taken
 * as 0, the weighted sum's remainder plus a multiple of the check digit's weight must reach
 * remainder 10: the factor used is the check digit, and without one the account fails.
 */
function validEser(d: Digits, first: number, second: number, third: number, fourth: number, fifth: number): boolean {
  let start = 4
  while (start < 10 && d[start] === 0) start++
  let sum = 0
  let k = 0
  for (let i = 9; i >= start; i--, k++) sum += (d[i] as number) * (W_ESER[k] as number)
  const weight = W_ESER[k] as number
  sum +=
    first * (W_ESER[k + 1] as number) +
    second * (W_ESER[k + 2] as number) +
    third * (W_ESER[k + 3] as number) +
    fourth * (W_ESER[k + 4] as number) +
    fifth * (W_ESER[k + 5] as number)
  const remainder = sum % 11
  for (let factor = 0; factor <= 9; factor++) {
    if ((remainder + factor * weight) % 11 === 10) return d[3] === factor
  }
  return false
}

/**
 * 52: an account of up to 8 digits, XPXXXXXX when zero-padded to 8, at a bank code XXX5XXXX is
 * checked as the old ESER account (bank code positions 5 to 8, X, P, the last six digits without
 * leading zeros); 10-digit accounts starting with 9 use method 20. Other accounts fail.
 */
function valid52(d: Digits, bank: Digits): boolean {
  if (d[0] === 9) return d[9] === check20(d)
  if (d[0] !== 0 || d[1] !== 0) return false
  return validEser(d, d[2] as number, bank[7] as number, bank[6] as number, bank[5] as number, bank[4] as number)
}

/**
 * 53: as 52 for accounts of up to 9 digits, XTPXXXXXX when zero-padded to 9; the old ESER account
 * is bank code positions 5 and 6, T, bank code position 8, X, P and the last six digits without
 * leading zeros.
 */
function valid53(d: Digits, bank: Digits): boolean {
  if (d[0] === 9) return d[9] === check20(d)
  if (d[0] !== 0) return false
  return validEser(d, d[1] as number, bank[7] as number, d[2] as number, bank[5] as number, bank[4] as number)
}

/** 52 and 53 generate 10-digit accounts starting with 9, checked by method 20. */
const ESER_LAYOUT = layoutOf(positionsWith(9, '9'), (d) => {
  d[9] = check20(d)
  return true
})

/** 54: modulus 11 over positions 3 to 9 (weights 2 to 7, then 2); −1 for remainders 0 and 1 (unusable). */
function check54(d: Digits): number {
  const remainder = weightedSum(d, 2, 8, W_54) % 11
  return remainder > 1 ? 11 - remainder : -1
}

/** 54: accounts 49KKKKKKKP only. */
function valid54(d: Digits): boolean {
  return d[0] === 4 && d[1] === 9 && d[9] === check54(d)
}

/**
 * 56: modulus 11 over positions 1 to 9 (weights 2 to 7, then 2 to 4). Results 10 and 11 make the
 * account invalid, except for accounts starting with 9, where they give 7 and 8.
 */
function check56(d: Digits): number {
  const remainder = weightedSum(d, 0, 8, W_56) % 11
  if (remainder > 1) return 11 - remainder
  if (d[0] !== 9) return -1
  return remainder === 1 ? 7 : 8
}

const PREFIX_57_CHECK_AT_10 = new Set([51, 55, 61, 64, 65, 66, 70, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 88, 94, 95])
const PREFIX_57_UNCHECKED = new Set([40, 50, 91, 99])

/** 57, variant 2: method 00 over positions 1, 2, 4 to 10 (weights 1, 2, … from the left), check digit at 3. */
function check57AtThree(d: Digits): number {
  return mod10((d[0] as number) + digitSum((d[1] as number) * 2) + weightedDigitSum(d, 3, 9, W_57))
}

/**
 * 57: the first two digits choose the variant: method 00 with weights 1, 2, … from the left and
 * the check digit at 10 (accounts starting 777777 or 888888 pass unchecked), the same with the
 * check digit at 3, no check at all, or for 01 to 31 a plausibility check (positions 3–4 a month
 * 01–12, positions 7–9 below 500). Accounts starting with 00 fail; 0185125434 passes.
 */
function valid57(d: Digits): boolean {
  const prefix = (d[0] as number) * 10 + (d[1] as number)
  if (prefix === 0) return false
  if (PREFIX_57_CHECK_AT_10.has(prefix)) {
    if (valueOf(d, 0, 5) === 777777 || valueOf(d, 0, 5) === 888888) return true
    return d[9] === mod10(weightedDigitSum(d, 0, 8, W_57))
  }
  if (PREFIX_57_UNCHECKED.has(prefix)) return true
  if (prefix <= 31) {
    if (valueOf(d, 0, 9) === 185125434) return true
    const month = valueOf(d, 2, 3)
    return month >= 1 && month <= 12 && valueOf(d, 6, 8) < 500
  }
  return d[2] === check57AtThree(d)
}

/** 58: modulus 11 over positions 5 to 9 (weights 2 to 6) as method 02: remainder 1 makes the account invalid. */
function check58(d: Digits): number {
  return mod11(weightedSum(d, 4, 8, W_2_TO_7), -1)
}

/** 58 checks accounts of at least 6 digits; shorter ones fail. */
function valid58(d: Digits): boolean {
  return valueOf(d, 0, 4) !== 0 && d[9] === check58(d)
}

/** 59: method 00, accounts of fewer than 9 digits pass unchecked. */
function valid59(d: Digits): boolean {
  return (d[0] === 0 && d[1] === 0) || d[9] === check00(d, 0, 8)
}

/** A guarded layout for a check digit at 10 that `compute` may not give (−1): position 9 is the guard. */
function guardedAtTen(compute: (d: Digits) => number, size: number, positions = positionsWith(9)): AccountLayout {
  return layoutOf(
    positions,
    (d) => {
      const check = compute(d)
      if (check < 0) return false
      d[9] = check
      return true
    },
    { position: 8, size },
  )
}

/** Method 00's check digit at 10, as generation writes it. */
const CHECK_DIGIT_00 = mod10Digit(0, 8, W_00, true)

export function methods30To59(): Readonly<Record<Id, AccountMethod>> {
  return {
    /** Modulus 10 without digit sums, weights 2, 0, 0, 0, 0, 1, 2, 1, 2 from the left. */
    '30': plain(9, (d) => mod10(weightedSum(d, 0, 8, W_30))),
    /** Modulus 11, weights 1 to 9 from the left; the remainder is the check digit (10: invalid). */
    '31': method((d) => d[9] === check31(d), guardedAtTen(check31, 9)),
    /** Modulus 11 as 06 over positions 4 to 9, weights 2 to 7. */
    '32': like06(3, 8, W_2_TO_7),
    /** Modulus 11 as 06 over positions 5 to 9, weights 2 to 6. */
    '33': like06(4, 8, W_2_TO_7),
    /** Method 28 with weights 2, 4, 8, 5, 10, 9, 7: positions 1 to 7, check digit at 8. */
    '34': like06(0, 6, W_2485),
    /** Modulus 11, weights 2 to 10; the remainder is the check digit, 10 passes when positions 9 and 10 match. */
    '35': method(valid35, layoutOf(positionsWith(9), complete35)),
    /** Modulus 11 as 06 over positions 6 to 9, weights 2, 4, 8, 5. */
    '36': like06(5, 8, W_2485),
    /** Modulus 11 as 06 over positions 5 to 9, weights 2, 4, 8, 5, 10. */
    '37': like06(4, 8, W_2485),
    /** Modulus 11 as 06 over positions 4 to 9, weights 2, 4, 8, 5, 10, 9. */
    '38': like06(3, 8, W_2485),
    /** Modulus 11 as 06 over positions 3 to 9, weights 2, 4, 8, 5, 10, 9, 7. */
    '39': like06(2, 8, W_2485),
    /** Modulus 11 as 06 over positions 1 to 9, weights 2, 4, 8, 5, 10, 9, 7, 3, 6. */
    '40': like06(0, 8, W_2485),
    /** Method 00, without positions 1 to 3 when position 4 is 9. */
    '41': method(
      (d) => d[9] === check41(d),
      layoutOf(positionsWith(9), (d) => {
        d[9] = check41(d)
        return true
      }),
    ),
    /** Modulus 11 as 06 over positions 2 to 9, weights 2 to 9. */
    '42': like06(1, 8, W_2_TO_10),
    /** Modulus 10 without digit sums, weights 1 to 9 from the right. */
    '43': plain(9, (d) => mod10(weightedSum(d, 0, 8, W_43))),
    /** As 33 with weights 2, 4, 8, 5, 10. */
    '44': like06(4, 8, W_2485),
    /**
     * Method 00; accounts starting with 0 or 48, or with a 1 at position 5, pass unchecked (the
     * layout keeps out of them: first digit not 0 or 4, position 5 not 1).
     */
    '45': method(
      valid45,
      checkDigitLayout([NOT_ZERO_OR_FOUR, ANY, ANY, ANY, NOT_ONE, ANY, ANY, ANY, ANY, ''], 9, CHECK_DIGIT_00),
    ),
    /** Modulus 11 as 06 over positions 3 to 7, weights 2 to 6, check digit at 8. */
    '46': like06(2, 6, W_2_TO_7),
    /** Modulus 11 as 06 over positions 4 to 8, weights 2 to 6, check digit at 9. */
    '47': like06(3, 7, W_2_TO_7),
    /** Modulus 11 as 06 over positions 3 to 8, weights 2 to 7, check digit at 9. */
    '48': like06(2, 7, W_2_TO_7),
    /** Method 00, or else method 01. */
    '49': method(valid49, checkDigitLayout(positionsWith(9), 9, CHECK_DIGIT_00)),
    /** Modulus 11 as 06 over positions 1 to 6, check digit at 7; retried as if shifted three places left. */
    '50': method(
      valid50,
      layoutOf(positionsWith(6), (d) => {
        d[6] = check06(weightedSum(d, 0, 5, W_2_TO_7))
        return true
      }),
    ),
    /** Methods A to D in turn, or the two general-ledger variants for a 9 at position 3; generated by method A. */
    '51': method(
      valid51,
      layoutOf([NON_ZERO, ANY, NOT_NINE, ANY, ANY, ANY, ANY, ANY, ANY, ''], (d) => {
        d[9] = check06(weightedSum(d, 3, 8, W_2_TO_7))
        return true
      }),
    ),
    /** The old ESER account from bank code and 8-digit account; method 20 for 10 digits starting with 9. */
    '52': { ...method(valid52, ESER_LAYOUT), readsBank: true },
    /** As 52 for 9-digit accounts. */
    '53': { ...method(valid53, ESER_LAYOUT), readsBank: true },
    /** Accounts 49…: modulus 11 over positions 3 to 9, remainders 0 and 1 unusable. */
    '54': method(valid54, guardedAtTen(check54, 8, ['4', '9', ANY, ANY, ANY, ANY, ANY, ANY, ANY, ''])),
    /** Modulus 11 as 06 over positions 1 to 9, weights 2 to 8, 7, 8. */
    '55': like06(0, 8, W_55),
    /** Modulus 11 over positions 1 to 9; results 10 and 11 invalid, or 7 and 8 for accounts starting with 9. */
    '56': method((d) => d[9] === check56(d), guardedAtTen(check56, 8)),
    /** The first two digits choose the variant; generated with the check digit at 3 (prefixes 32–39, 42–49). */
    '57': method(
      valid57,
      layoutOf(['34', '23456789', '', ANY, ANY, ANY, ANY, ANY, ANY, ANY], (d) => {
        d[2] = check57AtThree(d)
        return true
      }),
    ),
    /** Modulus 11 as 02 over positions 5 to 9, weights 2 to 6, for accounts of at least 6 digits. */
    '58': method(valid58, guardedAtTen(check58, 9)),
    /** Method 00; accounts of fewer than 9 digits pass unchecked. */
    '59': method(valid59, checkDigitLayout(positionsWith(9), 9, CHECK_DIGIT_00)),
  }
}
