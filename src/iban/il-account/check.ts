// The MASAV check as the library offers it: checkIlAccount takes a bank code, branch and
// account as people write them, applies the rule of the bank (rules.ts), and reports which rule
// ran and the bank. An IBAN's account field is 13 digits; MASAV's accounts have at most 9, so
// more significant digits than that fail.
import { findBank, toIbanBank, type IbanBank } from '../banks.ts'
import { MASAV_METHODS, ruleOf, rulePasses, type MasavMethod } from './rules.ts'

/** The MASAV check of an Israeli bank code, branch and account, as checkIlAccount reports it. */
export interface IlAccountCheck {
  /** The bank code as IBANs carry it: 3 digits ("010"). */
  bank_code: string
  /** The branch: 3 digits. */
  branch: string
  /** The account: 9 digits, zero-padded; all of them where it has more significant digits than 9. */
  account: string
  /**
   * true when the account passes its bank's rule, false when it fails (or has more than 9
   * significant digits); null when MASAV's rules do not cover the bank code (not checkable, as
   * for Bank of Jerusalem, 54, which they leave without a check).
   */
  valid: boolean | null
  /** The rule that ran ("leumi", "hapoalim", …, named after a bank that follows it); null when not checkable. */
  method: MasavMethod | null
  /** The bank of the code, where ibanmint knows it; else null. */
  bank: IbanBank | null
}

const SEPARATORS = /[\s-]+/g
const DIGITS = /^[0-9]+$/

function readDigits(name: string, text: string, most: number): string {
  const compact = text.replace(SEPARATORS, '')
  if (compact.length === 0 || compact.length > most || !DIGITS.test(compact))
    throw new RangeError(`${name} "${text.slice(0, 20)}" must be 1 to ${most} digits`)
  return compact
}

/** The 9 digit values a rule reads, or undefined where the account has more significant digits. */
function ruleDigits(account: string): Uint8Array | undefined {
  const padded = account.padStart(9, '0')
  const extra = padded.length - 9
  for (let i = 0; i < extra; i++) if (padded[i] !== '0') return undefined
  return Uint8Array.from(padded.slice(extra), Number)
}

/**
 * The MASAV check of an Israeli account (the clearing centre's rules, edition of 1 October
 * 2015): bank code 1 to 3 digits (10 or 010), branch 1 to 3 digits, account 1 to 13 digits (an
 * IBAN's account field). Throws a RangeError for other input.
 */
export function checkIlAccount(bank: string, branch: string, account: string): IlAccountCheck {
  const bankCode = readDigits('bank', bank, 3).padStart(3, '0')
  const branchCode = readDigits('branch', branch, 3).padStart(3, '0')
  const digits = readDigits('account', account, 13)
  const rule = ruleOf(Number(bankCode))
  const values = ruleDigits(digits)
  const row = findBank('IL', bankCode)
  return {
    bank_code: bankCode,
    branch: branchCode,
    account: values === undefined ? digits.replace(/^0+/, '') : digits.padStart(9, '0').slice(-9),
    valid: rule < 0 ? null : values !== undefined && rulePasses(rule, Number(branchCode), values, 0),
    method: rule < 0 ? null : (MASAV_METHODS[rule] as MasavMethod),
    bank: row === undefined ? null : toIbanBank(row),
  }
}
