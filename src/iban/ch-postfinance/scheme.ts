// PostFinance's postal accounts as an account scheme (account-scheme.ts): of the Swiss IIDs
// only PostFinance's 09000 carries an account with a check digit, "000" and a 9-digit postal
// account whose last digit is a modulo 10 recursive check digit (postal.ts). Accounts of every
// other IID (QR-IIDs, PostFinance's 30000 among them) are free and cannot be checked. Random
// rows never draw 09000 (constraints.ts), so their accounts stay free too.
import type { AccountPlan, AccountScheme, AccountSlots, AccountWriter, Verdict } from '../account-scheme.ts'
import { BBAN_VALUES } from '../bban-values.ts'
import { findBank, type BankRow } from '../banks.ts'
import { BBAN } from '../layout.ts'
import type { NationalCheckResult } from '../national.ts'
import { randomBelow } from '../random.ts'
import { recursiveCarry, recursiveCheckDigit } from '../mod10-recursive.ts'
import { checkPostFinanceAccount, POSTAL_LENGTH, POSTAL_PAD, POSTFINANCE_IID } from './postal.ts'

/** Where the account starts in a Swiss BBAN (after the 5-digit IID), and the postal account in it. */
const ACCOUNT_AT = 5
const POSTAL_AT = ACCOUNT_AT + POSTAL_PAD.length

const DIGITS = '0123456789'
/**
 * A PostFinance account as rows make it: "000", a prefix of 10–99 (01 and 03 were the numbers
 * of the retired ISR slip's participants, and no other prefix below 10 is seen in published
 * accounts), a 6-digit serial, and the check digit the writer derives.
 */
const POSTAL_SLOTS: AccountSlots = {
  positions: ['0', '0', '0', '123456789', ...new Array<string>(7).fill(DIGITS), ''],
  guard: undefined,
  choice: undefined,
}

const CHECK_AT = BBAN + POSTAL_AT + POSTAL_LENGTH - 1

/** Writes the check digit of the postal account's first 8 digits, read from the row. */
function writeCheckDigit(out: Uint8Array): void {
  out[CHECK_AT] = 48 + recursiveCheckDigit(recursiveCarry(out, BBAN + POSTAL_AT, CHECK_AT, 48))
}

const WRITER: AccountWriter = { digit: undefined, finish: writeCheckDigit }
const POSTAL_PLAN: AccountPlan = { key: 'postal', slots: POSTAL_SLOTS, writer: WRITER, tagOf: undefined }
const FREE_PLAN: AccountPlan = { key: '', slots: undefined, writer: undefined, tagOf: undefined }

const checks = (bank: BankRow): boolean => bank.code === POSTFINANCE_IID

const make = (valid: boolean): NationalCheckResult =>
  Object.freeze({ algorithm: 'postfinance', method: 'mod10-recursive', status: 'confirmed' as const, valid })
const RESULTS = [make(false), make(true)] as const

const SEPARATORS = /[\s-]+/g
const SHORT_IID = /^[0-9]{3,5}$/

export const POSTFINANCE: AccountScheme = {
  id: 'postfinance',
  failingAccount: 'CH: a PostFinance account (IID 09000) fails its postal check digit',
  checkName: 'PostFinance postal account check digit (IID 09000)',
  checksWhat: 'Swiss PostFinance postal accounts (IID 09000) by their check digit',
  methodWords: 'mod10-recursive',

  // An IID written with 3 or 4 digits is the 5-digit one zero-padded (9000 is 09000).
  findBank(country, text) {
    const compact = text.replace(SEPARATORS, '')
    return findBank(country, SHORT_IID.test(compact) ? compact.padStart(5, '0') : compact)
  },
  bankWords: 'a registered IID (clearing number; 9000 stands for 09000)',
  drawnBank: (bank) => bank,
  filteredBank: (bank) => bank,
  checks,

  accountPlan: (_spec, bank) => (bank !== undefined && checks(bank) ? POSTAL_PLAN : FREE_PLAN),

  unbreakable(realistic, bank) {
    if (!realistic)
      return 'has, in random mode, IIDs of no bank, never PostFinance’s 09000, the only IID whose accounts carry a check digit (use realistic mode)'
    if (bank !== undefined && !checks(bank))
      return `has no account check for bank ${bank.code} (${bank.name}): only PostFinance’s postal accounts (IID 09000) carry a check digit`
    return undefined
  },
  negativeKind: 'pass',
  // The check digit becomes another digit: the carry table is a permutation, so every other
  // digit fails, and the first 11 characters stay as they were (distinct rows stay distinct).
  breakAccount(_spec, _bank, out, random) {
    const digit = (out[CHECK_AT] as number) - 48
    out[CHECK_AT] = 48 + ((digit + 1 + randomBelow(random, 9)) % 10)
    return true
  },

  readsBank: false,
  judge(): Verdict {
    const v = BBAN_VALUES
    if (v[0] !== 0 || v[1] !== 9 || v[2] !== 0 || v[3] !== 0 || v[4] !== 0) return -1
    const padded = v[ACCOUNT_AT] === 0 && v[ACCOUNT_AT + 1] === 0 && v[ACCOUNT_AT + 2] === 0
    return padded && recursiveCarry(v, POSTAL_AT, POSTAL_AT + POSTAL_LENGTH) === 0 ? 1 : 0
  },
  result: (verdict) => RESULTS[verdict & 1] as NationalCheckResult,
  kind: (verdict) => (verdict < 0 ? 0 : 1),
  addFields() {},
  failure: () => 'the account is not a PostFinance postal account with its check digit (postfinance, mod10-recursive)',

  requirePasses(_spec, bban) {
    if (!bban.startsWith(POSTFINANCE_IID)) return
    const account = bban.slice(ACCOUNT_AT)
    if (!account.startsWith(POSTAL_PAD) || !/^[0-9]{9}$/.test(account.slice(POSTAL_PAD.length)))
      throw new RangeError(
        `account ${account} of PostFinance (IID 09000) is not a postal account: PostFinance IBANs carry 000 and the 9 digits of a postal account (25-9779-8 is 000250097798)`,
      )
    const check = checkPostFinanceAccount(account)
    if (check.valid) return
    throw new RangeError(
      `account ${account} fails the modulo 10 recursive check digit of PostFinance’s postal accounts (IID 09000): postal account ${check.formatted} should end in ${check.check_digit}; no PostFinance account has this number`,
    )
  },
}
