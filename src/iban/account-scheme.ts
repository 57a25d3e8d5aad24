// What a bank-level account scheme is: a check some countries apply to the account inside the
// BBAN by the rules of its bank (DE: the Bundesbank's method of the bank code; GB: the modulus
// check of the sort code). One entry per scheme (account-schemes.ts) answers everything
// generation, negative data, validation and building ask of it; none of them compares scheme
// ids. Types only, so that every module may name them without an import cycle.
import type { BankRow, BankTable, IbanBank } from './banks.ts'
import type { NationalCheckResult } from './national.ts'
import type { RandomSource } from './random.ts'
import type { AccountSchemeId } from './registry-data.ts'
import type { CountrySpec } from './registry.ts'

/** Accounts a plan makes: ones that pass the scheme's check, or (negative data) ones that fail it. */
export type AccountKind = 'pass' | 'fail'

/**
 * How a scheme lays out the account of one bank's rows in a shape (layout.ts), at positions
 * counted from the start of the country's account segment.
 */
export interface AccountSlots {
  /**
   * The digits each account position may hold ('0123456789', '1', …), or '' for a position the
   * scheme's writer derives; undefined (or past the list): left to the country's format.
   */
  readonly positions: readonly (string | undefined)[]
  /**
   * A free position whose value v the writer turns into the v-th of its allowed digits for
   * which the account completes (`size` values; see AccountWriter).
   */
  readonly guard: { readonly position: number; readonly size: number } | undefined
  /** One choice among `count` values, written as zero-padded digits at these positions (the writer reads them). */
  readonly choice: { readonly positions: readonly number[]; readonly count: number } | undefined
}

/**
 * A check digit described as data, placed in the IBAN: the digits summed are those of IBAN
 * bytes `from` … `to`, `weights` indexed by IBAN byte (0 elsewhere); `digits[Σ mod modulus]`
 * is the digit written at `at` (−1: none). Most Bundesbank methods are one; mintRow computes it
 * inline (account-digit.ts).
 */
export interface AccountDigit {
  readonly at: number
  readonly from: number
  readonly to: number
  readonly weights: Int32Array
  readonly digitSums: boolean
  readonly modulus: number
  readonly digits: Int8Array
  /** The guard's IBAN index, or −1; its weight; its allowed digits, in order. */
  readonly guardAt: number
  readonly guardWeight: number
  readonly guardDigits: Uint8Array
}

/**
 * How a scheme writes the derived positions of an account after the row's free characters are
 * in place: a described `digit`, or a `finish` that reads the row's bytes and its tag (the
 * number the scheme gave the row's bank or branch choice: AccountPlan.tagOf; NO_TAG without).
 */
export interface AccountWriter {
  readonly digit: AccountDigit | undefined
  readonly finish: ((out: Uint8Array, tag: number) => void) | undefined
}

/** A row whose bank or branch carries no tag. */
export const NO_TAG = -1

/** What a scheme makes of one bank's rows in a plan (or of rows without a bank). */
export interface AccountPlan {
  /** Banks whose plans are equal share a shape: this names the scheme's part of the likeness. */
  readonly key: string
  readonly slots: AccountSlots | undefined
  /** Writes the derived positions; undefined where the scheme derives nothing for the bank. */
  readonly writer: AccountWriter | undefined
  /** The number the writer receives for rows at this branch (sort code) of the bank. */
  readonly tagOf: ((branch: string) => number) | undefined
}

/** The fields a scheme adds to a validation result (ValidateResult extends this). */
export interface SchemeFields {
  /**
   * GB only: the bank the sort code belongs to by publicly known ranges (preferring the IBAN's
   * own bank where the range is shared within a group), null where no known range holds it or
   * the sort code cannot be read.
   */
  sort_code_bank?: IbanBank | null
}

/**
 * A verdict on an account, as a number: −1 where the scheme cannot check it (an unknown bank, a
 * method that checks nothing, a sort code no rule covers), else 2 × label + (1 if it passes),
 * where the label numbers the rule that judged it (a method, a method and an exception).
 */
export type Verdict = number

/** One bank-level account scheme: every question the IBAN code asks of it. */
export interface AccountScheme {
  /** Its id, as `national_check.algorithm` reports it. */
  readonly id: AccountSchemeId
  /** Whose accounts, in a user's words, for the `invalid=national` help ("DE: the account fails its bank’s check method"). */
  readonly failingAccount: string
  /** What the check is called where a page or report names it ("Account number by its bank’s check method"). */
  readonly checkName: string
  /** What it checks, in the descriptions of validation ("German accounts by their bank’s Bundesbank check method"). */
  readonly checksWhat: string
  /** What `national_check.method` holds for it ("the method of the bank code, 00–E4"). */
  readonly methodWords: string

  // ---- banks: `bank=`, POST /iban, realistic rows ----
  /**
   * The bank a user's identifier names (a code, a sort code, …), or undefined when it names none
   * of the country's; a RangeError whose message names the problem for one that cannot be used.
   */
  findBank(country: string, text: string): BankRow | undefined
  /** What `bank=` takes, for the message when it names no bank ("a registered bank code"). */
  readonly bankWords: string
  /** A bank as realistic rows draw it for accounts of `kind` (with what else the scheme needs), or undefined: none drawn. */
  drawnBank(bank: BankRow, kind: AccountKind): BankRow | undefined
  /** A `bank=` filter as its rows draw it. */
  filteredBank(bank: BankRow, kind: AccountKind): BankRow
  /** True when the scheme checks the accounts of this bank (negative data draws only those). */
  checks(bank: BankRow): boolean

  // ---- generation ----
  /** The accounts of `bank`'s rows (undefined: rows without a bank) of `kind`. */
  accountPlan(spec: CountrySpec, bank: BankRow | undefined, kind: AccountKind): AccountPlan

  // ---- negative data ----
  /** Why `invalid=national` cannot be made in this mode and for this bank filter, or undefined. */
  unbreakable(realistic: boolean, bank: BankRow | undefined): string | undefined
  /**
   * The kind of accounts negative data asks the plan for: 'fail' where the writer makes failing
   * accounts itself, 'pass' where breakAccount then breaks a passing one.
   */
  readonly negativeKind: AccountKind
  /**
   * Makes the account of a valid IBAN in `out` fail the check, by changing derived characters
   * only (distinct rows stay distinct); true when it changed the BBAN (the IBAN check digits
   * are then written again). Plans of negativeKind 'fail' have nothing left to break: false.
   */
  breakAccount(spec: CountrySpec, bank: BankRow | undefined, out: Uint8Array, random: RandomSource): boolean

  // ---- validation (the BBAN's character values are in bban-values.ts) ----
  /** True when judge reads the bank's index (it is then looked up before judging). */
  readonly readsBank: boolean
  /** The verdict on the account of the BBAN last folded, of the bank at `index` of `table` (−1: unknown or not looked up). */
  judge(table: BankTable, index: number): Verdict
  /** The national check result of a verdict (≥ 0): shared and frozen. */
  result(verdict: Verdict): NationalCheckResult
  /** Which results of this country a valid row's verdict and bank make (a small number: row writers keep one template each). */
  kind(verdict: Verdict, table: BankTable, index: number): number
  /** Adds the scheme's own fields to a result; `table` undefined where the BBAN cannot be read. */
  addFields(result: SchemeFields, table: BankTable | undefined, index: number): void
  /** Why an account failed, as validation's `reason` says it. */
  failure(check: NationalCheckResult): string

  // ---- building an IBAN ----
  /** Throws a RangeError naming the account, the bank and the rule when the account of `bban` fails. */
  requirePasses(spec: CountrySpec, bban: string, bank: BankRow | undefined): void
}
