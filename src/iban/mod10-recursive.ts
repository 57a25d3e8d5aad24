// The recursive modulo 10 method (SIX, Swiss Implementation Guidelines for the QR-bill, Annex B):
// the check digit of QR references (qr-iban.ts) and of PostFinance's postal accounts
// (ch-postfinance/), one table and one routine for both. Table transcribed from SIX's Annex B,
// Odoo's mod10r and python-stdnum's ch/esr.py (docs/data-sources.md).

/**
 * The carry after a digit d is RECURSIVE_CARRY[carry + d]: a permutation of 0–9 (so any single
 * changed digit changes the final carry), written twice over so that carry + d ≤ 18 needs no
 * remainder.
 */
const RECURSIVE_CARRY = Int8Array.from([0, 9, 4, 6, 8, 2, 7, 1, 3, 5, 0, 9, 4, 6, 8, 2, 7, 1, 3, 5])

/**
 * The carry after the digits `values[from, to)`, from 0: digit values (0–9), or with `zero` 48
 * their character codes (a row's bytes). −1 at a value that is not a digit. A body followed by
 * its check digit ends with carry 0.
 */
export function recursiveCarry(values: ArrayLike<number>, from: number, to: number, zero = 0): number {
  let carry = 0
  for (let i = from; i < to; i++) {
    const digit = (values[i] as number) - zero
    if (digit < 0 || digit > 9) return -1
    carry = RECURSIVE_CARRY[carry + digit] as number
  }
  return carry
}

/** The check digit that follows a body whose carry is `carry`: (10 − carry) mod 10. */
export function recursiveCheckDigit(carry: number): number {
  return carry === 0 ? 0 : 10 - carry
}
