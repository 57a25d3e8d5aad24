// MASAV's account checks as an account scheme (account-scheme.ts): the bank code of an Israeli
// IBAN names one of MASAV's rules (rules.ts), which judges the branch and the last 9 digits of
// the 13-digit account (the first 4 are zeros: MASAV's accounts have at most 9 digits). Bank
// codes the rules do not cover cannot be checked. Rows, random ones too, end in the two digits
// that make the account pass (accounts.ts); realistic rows have the length of their bank's
// accounts.
import type { AccountPlan, AccountScheme, AccountWriter, Verdict } from '../account-scheme.ts'
import { BBAN_VALUES } from '../bban-values.ts'
import { findBank, type BankRow } from '../banks.ts'
import type { NationalCheckResult } from '../national.ts'
import { randomBelow } from '../random.ts'
import { breakIlAccount, writeIlAccount, writeLeumiAccount } from './accounts.ts'
import { checkIlAccount } from './check.ts'
import { ACCOUNT_DIGITS, LEUMI_RULE, LEUMI_TARGETS, MASAV_METHODS, ruleOf, rulePasses } from './rules.ts'

/** The account's length in an Israeli BBAN, after bank (3) and branch (3). */
const ACCOUNT_LENGTH = 13
/** Where the 9 digits MASAV reads start in BBAN_VALUES. */
const R9_AT = 6 + ACCOUNT_LENGTH - 9

const WRITER: AccountWriter = { digit: undefined, finish: writeIlAccount }
const LEUMI_WRITER: AccountWriter = { digit: undefined, finish: writeLeumiAccount }

/**
 * The plan of accounts of `digits` significant digits: zeros, then free digits, then the two
 * the writer derives; for Leumi's group, those two first hold the row's choice among the rule's
 * 5 remainders (LEUMI_TARGETS), so that every passing account is a row.
 */
function planOf(digits: number, leumi: boolean): AccountPlan {
  return {
    key: `${digits}${leumi ? 'L' : ''}`,
    slots: {
      positions: [
        ...new Array<string>(ACCOUNT_LENGTH - digits).fill('0'),
        ...new Array<undefined>(digits - 2).fill(undefined),
        '',
        '',
      ],
      guard: undefined,
      choice: leumi ? { positions: [ACCOUNT_LENGTH - 2, ACCOUNT_LENGTH - 1], count: LEUMI_TARGETS.length } : undefined,
    },
    writer: leumi ? LEUMI_WRITER : WRITER,
    tagOf: undefined,
  }
}

/** Random rows (every bank code): 9 digits, the last two derived from the rest. */
const RANDOM_PLAN = planOf(9, false)
/** Realistic rows: each rule's length (ACCOUNT_DIGITS), by rule. */
const RULE_PLANS = ACCOUNT_DIGITS.map((digits, rule) => planOf(digits, rule === LEUMI_RULE))
const FREE_PLAN: AccountPlan = { key: '', slots: undefined, writer: undefined, tagOf: undefined }

const checks = (bank: BankRow): boolean => ruleOf(Number(bank.code)) >= 0

/** The results by rule and verdict (frozen, shared). */
const RESULTS = MASAV_METHODS.map((method) =>
  [false, true].map((valid) => Object.freeze({ algorithm: 'masav', method, status: 'confirmed' as const, valid })),
)

const SEPARATORS = /[\s/-]+/
const CODE = /^[0-9]{1,3}$/

/**
 * A bank= filter as a bank row: a registered bank code (10 or 010), or a bank code and a branch
 * (012-571, 012571: rows at that branch only); undefined for anything else.
 */
function bankFilter(text: string): BankRow | undefined {
  const parts = text.trim().split(SEPARATORS)
  let [code, branch] = parts
  if (parts.length === 1 && /^[0-9]{6}$/.test(code ?? '')) [code, branch] = [code?.slice(0, 3), code?.slice(3)]
  if (parts.length > 2 || code === undefined || !CODE.test(code)) return undefined
  const bank = findBank('IL', code.padStart(3, '0'))
  if (branch === undefined || bank === undefined) return bank
  if (!CODE.test(branch)) return undefined
  return Object.freeze({ ...bank, branches: [branch.padStart(3, '0')] })
}

export const MASAV: AccountScheme = {
  id: 'masav',
  failingAccount: 'IL: the account fails its bank’s MASAV check',
  checkName: 'Branch and account number by the bank’s MASAV rule',
  checksWhat: 'Israeli accounts by their bank’s MASAV rule',
  methodWords:
    'the bank code’s rule (leumi, hapoalim, yahav, mizrahi, discount, first-international, postal-bank, citibank, masad, otsar-hahayal)',

  findBank: (_country, text) => bankFilter(text),
  bankWords: 'a registered bank code (10 or 010), or a bank code and a branch (012-571)',
  drawnBank: (bank) => bank,
  filteredBank: (bank) => bank,
  checks,

  // Random rows (no bank) take every bank code: 9-digit accounts, passing where a rule applies.
  accountPlan(_spec, bank) {
    if (bank === undefined) return RANDOM_PLAN
    const rule = ruleOf(Number(bank.code))
    return rule < 0 ? FREE_PLAN : (RULE_PLANS[rule] as AccountPlan)
  },

  unbreakable(realistic, bank) {
    if (!realistic) return 'has, in random mode, bank codes that MASAV’s rules mostly do not cover (use realistic mode)'
    if (bank !== undefined && !checks(bank))
      return `has no account check for bank ${bank.code} (${bank.name}): MASAV’s rules do not cover it`
    return undefined
  },
  negativeKind: 'pass',
  breakAccount: (_spec, _bank, out, random) => breakIlAccount(out, randomBelow(random, 9)),

  readsBank: false,
  judge(): Verdict {
    const v = BBAN_VALUES
    const rule = ruleOf((v[0] as number) * 100 + (v[1] as number) * 10 + (v[2] as number))
    if (rule < 0) return -1
    const branch = (v[3] as number) * 100 + (v[4] as number) * 10 + (v[5] as number)
    // More than 9 significant digits: no MASAV account is that long.
    const short = v[6] === 0 && v[7] === 0 && v[8] === 0 && v[9] === 0
    return rule * 2 + (short && rulePasses(rule, branch, v, R9_AT) ? 1 : 0)
  },
  result: (verdict) => (RESULTS[verdict >> 1] as NationalCheckResult[])[verdict & 1] as NationalCheckResult,
  kind: (verdict) => (verdict < 0 ? 0 : 1 + (verdict >> 1)),
  addFields() {},
  failure: (check) => `the account fails its bank’s MASAV check (${check.method ?? ''})`,

  requirePasses(_spec, bban) {
    const check = checkIlAccount(bban.slice(0, 3), bban.slice(3, 6), bban.slice(6))
    if (check.valid !== false) return
    const bank = `bank ${check.bank_code}${check.bank === null ? '' : ` (${check.bank.name})`}`
    if (check.account.length > 9)
      throw new RangeError(
        `account ${bban.slice(6)} has ${check.account.length} significant digits: MASAV’s accounts of ${bank} have at most 9`,
      )
    throw new RangeError(
      `account ${check.account} fails the MASAV check (${check.method ?? ''}) of ${bank} at branch ${check.branch}: no account at that branch has this number`,
    )
  },
}
