// The UK modulus check as the library offers it: checkUkAccount and isValidUkAccount take a
// sort code and account as people write them (60-16-13, 6 to 10 digits), apply the
// specification's conversions of other lengths, and report the checks run and the sort code's
// bank.
import { findBank, toIbanBank, type IbanBank } from './banks.ts'
import { ukVerdict } from './uk-modulus/check.ts'
import {
  bankOfSortCode,
  exceptionOf,
  methodOf,
  rangeOf,
  rangePasses,
  sortCodeOf,
  UK_MODULUS_TABLE,
} from './uk-modulus/index.ts'

/** The modulus check of a UK sort code and account, as checkUkAccount reports it. */
export interface UkAccountCheck {
  /** The sort code checked: 6 digits. */
  sort_code: string
  /** The account checked: 8 digits (after the specification's conversion of 6, 7, 9 or 10 digits). */
  account: string
  /**
   * true when the account passes every check of its sort code, false when one fails; null when
   * Vocalink's table has no check for the sort code (not checkable: the specification presumes
   * such accounts valid, and banks accept them).
   */
  valid: boolean | null
  /** The checks run, e.g. "MOD11", "MOD11+DBLAL"; null when not checkable. */
  method: string | null
  /** The table's exceptions for the sort code, e.g. "6", "2/9"; null for none. */
  exception: string | null
  /** The bank the sort code belongs to by publicly known ranges; null where none is known. */
  bank: IbanBank | null
  /** The version of Vocalink's weight table. */
  table: string
}

const SEPARATORS = /[\s-]+/g
const DIGITS = /^[0-9]+$/

/** A sort code in any common notation (60-16-13, 60 16 13, 601613) as its 6 digits, or a RangeError. */
export function normalizeSortCode(sortCode: string): string {
  const compact = sortCode.replace(SEPARATORS, '')
  if (compact.length !== 6 || !DIGITS.test(compact))
    throw new RangeError(`sort code "${sortCode.slice(0, 20)}" must be 6 digits (60-16-13, 601613)`)
  return compact
}

/**
 * The sort code and 8-digit account a check reads, after the specification's conversions of
 * other lengths: 6 or 7 digits are padded with zeros; Santander's 9-digit accounts put their
 * first digit in place of the sort code's last; NatWest's 10-digit accounts keep the last 8,
 * the Co-operative Bank's the first 8. A RangeError for anything else.
 */
function normalizeAccount(sortCode: string, account: string): [string, string] {
  const compact = account.replace(SEPARATORS, '')
  if (!DIGITS.test(compact) || compact.length < 6 || compact.length > 10)
    throw new RangeError(`account "${account.slice(0, 20)}" must be 6 to 10 digits`)
  if (compact.length <= 8) return [sortCode, compact.padStart(8, '0')]
  const bank = bankOfSortCode(Number(sortCode))
  if (compact.length === 9 && bank === 'ABBY') return [sortCode.slice(0, 5) + compact[0], compact.slice(1)]
  if (compact.length === 10 && bank === 'NWBK') return [sortCode, compact.slice(2)]
  if (compact.length === 10 && bank === 'CPBK') return [sortCode, compact.slice(0, 8)]
  throw new RangeError(
    `account "${compact}": ${compact.length}-digit accounts are ${compact.length === 9 ? 'Santander’s (sort codes 09 and 72)' : 'NatWest’s or the Co-operative Bank’s'}; sort code ${sortCode} is not known to be theirs`,
  )
}

/** The registry record of a GB bank code, or null. */
function bankRecord(code: string | undefined): IbanBank | null {
  const row = code === undefined ? undefined : findBank('GB', code)
  return row === undefined ? null : toIbanBank(row)
}

/**
 * The UK modulus check of a sort code and account (Vocalink's specification, table v8.50,
 * all 14 exceptions), with the checks run and the sort code's bank. Throws a RangeError when
 * the sort code is not 6 digits or the account not a UK account number.
 */
export function checkUkAccount(sortCode: string, account: string): UkAccountCheck {
  const [sort, checked] = normalizeAccount(normalizeSortCode(sortCode), account)
  const digits = Uint8Array.from(sort + checked, Number)
  const range = rangeOf(sortCodeOf(digits))
  return {
    sort_code: sort,
    account: checked,
    valid: range === undefined ? null : rangePasses(range, digits),
    method: range === undefined ? null : methodOf(range),
    exception: range === undefined ? null : exceptionOf(range),
    bank: bankRecord(bankOfSortCode(Number(sort))),
    table: UK_MODULUS_TABLE.version,
  }
}

/**
 * True unless the account fails its sort code's modulus check (a sort code the table does not
 * cover cannot be checked and passes, as the specification presumes); false for input that is
 * not a sort code and a UK account number.
 */
export function isValidUkAccount(sortCode: string, account: string): boolean {
  // The common form (6 and 8 digits) read straight into digit values; the rest the long way.
  if (sortCode.length === 6 && account.length === 8 && readDigits(sortCode, 0) && readDigits(account, 6))
    return ukVerdict(VALUES) !== false
  try {
    return checkUkAccount(sortCode, account).valid !== false
  } catch {
    return false
  }
}

/** The 14 digit values isValidUkAccount checks. */
const VALUES = new Uint8Array(14)

/** Reads `text`'s digits into VALUES from `at`; false at a character that is not a digit. */
function readDigits(text: string, at: number): boolean {
  for (let i = 0; i < text.length; i++) {
    const digit = text.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return false
    VALUES[at + i] = digit
  }
  return true
}
