// What a Bundesbank account check method is to ibanmint: a verdict on a 10-digit account
// (validation) and a layout that makes accounts passing it (generation). Methods are data
// plus small functions over digit values; the table in index.ts holds one per method id.

/**
 * A German account number as its 10 digit values (0–9), zero-padded on the left:
 * `d[0]` is the Bundesbank's position 1 (leftmost), `d[9]` position 10.
 */
export type Digits = Uint8Array

/** One Bundesbank check method ("Prüfzifferberechnungsmethode"). */
export interface AccountMethod {
  /** False for a method that checks nothing (09): every account passes. */
  readonly checks: boolean
  /**
   * True when the account passes the method, with all its variants and exceptions.
   * `bank` holds the bank code's 8 digit values (a few methods read it: 52, 53, B6, C0).
   */
  readonly valid: (account: Digits, bank: Digits) => boolean
  /** True for the few methods whose verdict reads the bank code (52, 53, B6, C0); others ignore `bank`. */
  readonly readsBank?: boolean
  /**
   * True when the verdict is exactly "the layout's described digit (layout.derive) is the one
   * the account holds" (no variants, no exceptions): validation then computes it from the
   * IBAN's characters, as generation does.
   */
  readonly plain?: boolean
  /** How generation makes accounts that pass. */
  readonly layout: AccountLayout
}

/**
 * Accounts that pass a method, as free digits and derived ones. Generation fills every free
 * position with one of its allowed digits (distinct choices give distinct accounts), then
 * `complete` writes the derived positions from the free ones, so the derived digits are a
 * function of the rest and no two choices give one account.
 */
export interface AccountLayout {
  /**
   * The digits each of the 10 positions may hold ('0123456789', '1', '9', …), or '' for a
   * position `complete` writes.
   */
  readonly positions: readonly string[]
  /**
   * Writes the derived ('') positions of `account` from the others, so that it passes the
   * method. Returns false when the free digits admit no passing account (a weighted
   * mod 11 remainder with no check digit, say); a layout whose `complete` can fail has a guard.
   */
  readonly complete: (account: Digits, bank: Digits) => boolean
  /**
   * When `complete` can fail: the free position whose digit generation picks as the k-th
   * (k < size) of its allowed digits for which `complete` succeeds. `size` must hold for any
   * other free digits (e.g. 9 where one digit value at most is excluded).
   */
  readonly guard?: { readonly position: number; readonly size: number }
  /**
   * The derived digit as data, where `complete` writes one digit of the common kind (most
   * methods): generation then computes it straight from the IBAN's bytes. `complete` must
   * write the same digit (weightedLayout makes both from the one description).
   */
  readonly derive?: DerivedDigit
}

/**
 * A check digit of the common kind: Σ of the digits at `indices` times `weights` (or the digit
 * sums of those products), modulo `modulus`; `digits[remainder]` is the check digit, −1 where
 * the account cannot be used. Written at index `at`.
 */
export interface DerivedDigit {
  readonly at: number
  readonly indices: readonly number[]
  readonly weights: readonly number[]
  readonly digitSums: boolean
  readonly modulus: number
  readonly digits: readonly number[]
}

/** A decimal digit, as method ids spell them. */
export type Decimal = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'
