// The Swedish account check as the library offers it: checkSeAccount and isValidSeAccount take
// a clearing number and account as people write them (8327-9, 014 725 892-5), check the account
// by its clearing number's rule (se-account/check.ts) and give the IBAN it makes.
import { findBank, toIbanBank, type IbanBank } from './banks.ts'
import { ibanCheckDigits } from './mod97.ts'
import {
  checkedDigits,
  clearingCheckDigit,
  ibanDigits,
  layoutOf,
  luhnPasses,
  rangeOfClearing,
  ruleOf,
  ruleSum,
  sumPasses,
} from './se-account/check.ts'
import type { ClearingRange } from './se-account/ranges.ts'
import { LAYOUT_S5, RULE_MODULUS, SE_RULES } from './se-account/constants.ts'

/** The check of a Swedish clearing number and account, as checkSeAccount reports it. */
export interface SeAccountCheck {
  /**
   * The clearing number checked: 4 digits, or Swedbank's 5 (8327-9 as "83279"; given as 4
   * digits, its fifth is derived).
   */
  clearing: string
  /** The account checked: its digits zero-filled to its type's length (7, 9 or 10); as given for an unknown clearing number. */
  account: string
  /**
   * true when the account (and Swedbank's clearing check digit) passes, false when it fails;
   * null when no known range holds the clearing number (not checkable).
   */
  valid: boolean | null
  /** The rule: "type 1 comment 1", "type 1 comment 2", "type 2 comment 1" to "comment 3", "type 2 variant 4"; null when not checkable. */
  method: string | null
  /**
   * The bank of the clearing number's range, by its IBAN ID (the registered bank's record where
   * the registry has the IBAN ID); null for an unknown clearing number or a range without an
   * IBAN ID (Riksgälden).
   */
  bank: IbanBank | null
  /** The IBAN of a valid account (BSAB's method for the range); null otherwise, or where no IBAN carries the range's accounts. */
  iban: string | null
}

const SEPARATORS = /[\s.,-]+/g
const DIGITS = /^[0-9]+$/

/** A clearing number as its 4 digits, or 5 (Swedbank's, checked later); a RangeError for anything else. */
function normalizeClearing(clearing: string): string {
  const compact = clearing.replace(SEPARATORS, '')
  if (DIGITS.test(compact) && (compact.length === 4 || compact.length === 5)) return compact
  throw new RangeError(
    `clearing number "${clearing.slice(0, 20)}" must be 4 digits (5491), or 5 for Swedbank’s 8000 series (8327-9)`,
  )
}

/** How many digits a range's accounts are written with, in words. */
function lengthWords(range: ClearingRange): string {
  return range.minLength === range.length ? `${range.length}` : `${range.minLength} to ${range.length}`
}

/** An account's digits, zero-filled to the range's length; a RangeError naming the rule for another length. */
function normalizeAccount(account: string, range: ClearingRange | undefined, clearing: string): string {
  const compact = account.replace(SEPARATORS, '')
  if (!DIGITS.test(compact) || compact.length > 10)
    throw new RangeError(`account "${account.slice(0, 20)}" must be 1 to 10 digits`)
  if (range === undefined) return compact
  if (compact.length < range.minLength || compact.length > range.length) {
    const zeros =
      range.type === 1 && compact.length < 7 ? `: write its leading zeros (${compact.padStart(7, '0')})` : ''
    throw new RangeError(
      `account "${account.slice(0, 20)}": accounts at clearing number ${clearing.slice(0, 4)} (${range.bank}, type ${range.type}) have ${lengthWords(range)} digits, not ${compact.length}${zeros}`,
    )
  }
  return compact.padStart(range.length, '0')
}

/** The bank of a range, as checkSeAccount reports it. */
function bankOfRange(range: ClearingRange): IbanBank | null {
  if (range.ibanId === null) return null
  const registered = findBank('SE', range.ibanId)
  return registered === undefined
    ? Object.freeze({ code: range.ibanId, name: range.bank, bic: range.bic })
    : toIbanBank(registered)
}

/**
 * The Swedish check of a clearing number and account (Bankgirot's account types, BSAB's type 2
 * variant 4 and IBAN methods), with the rule, the bank and the IBAN. Throws a RangeError when
 * the clearing number is not 4 digits (5 for Swedbank's) or the account not the length its
 * clearing number's accounts have (a type 1 account is written with its 7 digits).
 */
export function checkSeAccount(clearing: string, account: string): SeAccountCheck {
  let written = normalizeClearing(clearing)
  const range = rangeOfClearing(Number(written.slice(0, 4)))
  const swedbank = range !== undefined && layoutOf(range) === LAYOUT_S5
  if (!swedbank && written.length === 5)
    throw new RangeError(
      `clearing number "${clearing.slice(0, 20)}": only Swedbank’s 8000 series has a fifth digit${range === undefined ? '' : ` (${range.bank}: ${written.slice(0, 4)})`}`,
    )
  const digits = normalizeAccount(account, range, written)
  if (range === undefined)
    return { clearing: written, account: digits, valid: null, method: null, bank: null, iban: null }
  // Swedbank's fifth digit is a check digit over the four: written without it, it is derived.
  if (swedbank && written.length === 4) written += String(clearingCheckDigit(Number(written)))
  const rule = ruleOf(range)
  const valid =
    sumPasses(ruleSum(checkedDigits(range, written, digits), 0, rule), RULE_MODULUS[rule] as number) &&
    (!swedbank || luhnPasses(Uint8Array.from(written, Number), 0, 5))
  const field = range.ibanId === null ? undefined : ibanDigits(range, written, digits)
  const bban = field === undefined ? undefined : `${range.ibanId as string}${field}`
  return {
    clearing: written,
    account: digits,
    valid,
    method: SE_RULES[rule] as string,
    bank: bankOfRange(range),
    iban: valid && bban !== undefined ? `SE${ibanCheckDigits('SE', bban)}${bban}` : null,
  }
}

/**
 * True when the account passes its clearing number's check; false when it fails, when no
 * known range holds the clearing number, or for input that is not a clearing number and an
 * account of its length.
 */
export function isValidSeAccount(clearing: string, account: string): boolean {
  try {
    return checkSeAccount(clearing, account).valid === true
  } catch {
    return false
  }
}
