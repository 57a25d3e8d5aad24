// PostFinance postal accounts ("Postkonto", CCP): 9 digits PP-NNNNNN-C whose last digit is a
// modulo 10 recursive check digit over the first 8, and how a Swiss IBAN carries one (IID
// 09000, account "000" + the 9 digits). Facts from PostFinance's IBAN page, Odoo's l10n_ch and
// python-stdnum's ch.esr (docs/data-sources.md); the routine is the one of ISR and QR
// references (mod10-recursive.ts). checkPostFinanceAccount is the library's entry.
import { recursiveCarry, recursiveCheckDigit } from '../mod10-recursive.ts'

/**
 * The IID (clearing number) of PostFinance AG whose IBANs carry a postal account (BIC
 * POFICHBEXXX; PostFinance's IBAN page). Its QR-IID 30000 carries none.
 */
export const POSTFINANCE_IID = '09000'

/** The "000" before the postal account in the IBAN's 12-character account (PostFinance's IBAN page). */
export const POSTAL_PAD = '000'

/** Digits of a postal account: a 2-digit prefix, a 6-digit serial, the check digit. */
export const POSTAL_LENGTH = 9

/** The postal check as PostFinanceAccountCheck reports it. */
export interface PostFinanceAccountCheck {
  /** The 9 digits of the postal account (serial zero-padded): "250097798". */
  account: string
  /** Its written form PP-N-C, the serial's leading zeros dropped: "25-9779-8". */
  formatted: string
  /** The check digit the first 8 digits call for. */
  check_digit: string
  /** The account's last digit is that check digit. */
  valid: boolean
}

const SEPARATORS = /[\s.]+/g
const WRITTEN = /^([0-9]{2})-([0-9]{1,6})-([0-9])$/
const NINE_DIGITS = /^[0-9]{9}$/

/** A postal account in any form the function takes, as its 9 digits; a RangeError otherwise. */
function readPostalAccount(account: string): string {
  const compact = account.replace(SEPARATORS, '')
  const written = WRITTEN.exec(compact)
  if (written !== null) return `${written[1]}${(written[2] as string).padStart(6, '0')}${written[3]}`
  if (NINE_DIGITS.test(compact)) return compact
  if (compact.length === 12 && compact.startsWith(POSTAL_PAD) && NINE_DIGITS.test(compact.slice(3)))
    return compact.slice(3)
  throw new RangeError(
    `postal account "${account.slice(0, 20)}" must be written PP-N-C (25-9779-8), as 9 digits, or as the IBAN's 12-digit account (000250097798)`,
  )
}

/** The written form PP-N-C of a postal account's 9 digits. */
export function formatPostalAccount(digits: string): string {
  return `${digits.slice(0, 2)}-${String(Number(digits.slice(2, 8)))}-${digits[8] as string}`
}

/**
 * The modulo 10 recursive check of a PostFinance postal account, given as it is written
 * (25-9779-8), as 9 digits (250097798), or as a Swiss IBAN's 12-digit account (000250097798).
 * Throws a RangeError for anything else.
 */
export function checkPostFinanceAccount(account: string): PostFinanceAccountCheck {
  const digits = readPostalAccount(account)
  const values = Uint8Array.from(digits, Number)
  const expected = recursiveCheckDigit(recursiveCarry(values, 0, POSTAL_LENGTH - 1))
  return {
    account: digits,
    formatted: formatPostalAccount(digits),
    check_digit: String(expected),
    valid: expected === values[POSTAL_LENGTH - 1],
  }
}
