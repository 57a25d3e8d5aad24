// IBAN validation: every check reported on its own, plus the BBAN broken into named parts.
// A wrong IBAN is a result (valid: false), never an exception.
import type { AccountScheme, SchemeFields } from './account-scheme.ts'
import { schemeAt } from './account-schemes.ts'
import { BBAN_VALUES } from './bban-values.ts'
import { bankIndexOfValues, tableAt, type BankTable, type IbanBank } from './banks.ts'
import { formatIban, normalizeIban } from './format.ts'
import { QR_IBAN_COUNTRIES } from './qr-iban.ts'
import { mod97Fold, twoDigits } from './mod97.ts'
import { verifyParts, type NationalCheckResult } from './national.ts'
import {
  countryAt,
  countryOfIban,
  letterIndex,
  type CountrySpec,
  type NationalCheck,
  type SegmentName,
} from './registry.ts'

/**
 * The checks of a validation, each on its own, so that an IBAN wrong in one way shows exactly
 * that check false.
 */
export interface ValidateChecks {
  mod97: boolean
  /** null when the country is not supported. */
  length: boolean | null
  /**
   * Two letters and two digits open the IBAN, and every BBAN character is of the class the
   * country's format puts at its position (for an unsupported country, or past the country's
   * length: a digit or upper-case letter). Judged apart from length.
   */
  format: boolean
  country_supported: boolean
  /**
   * National check digits (DE: the account by its bank's check method; GB: the sort code and
   * account by the UK modulus check; elsewhere the account by its country's account scheme, see
   * account-schemes.ts): null where the country defines no national check (DE: the bank code is
   * unknown or its method checks nothing; GB: Vocalink's table has no check for the sort code, so
   * it cannot be checked; any scheme: an account it cannot judge), or where they cannot be read
   * because length or format is wrong.
   */
  national: boolean | null
  /**
   * The bank code is in the country's bank registry (informative: it never changes `valid`);
   * null for a country without a registry of bank codes, or where length or format is wrong.
   */
  bank_code: boolean | null
}

export type { NationalCheckResult } from './national.ts'

/**
 * Result of validating one IBAN: the ValidateResult of the API, every check and the BBAN's
 * parts, and the fields its country's account scheme adds (SchemeFields: GB `sort_code_bank`).
 */
export interface ValidateResult extends SchemeFields {
  iban: string
  formatted: string
  valid: boolean
  country_code: string
  country_supported: boolean
  check_digits: string
  bban: string
  length: number
  expected_length: number | null
  checks: ValidateChecks
  national_check: NationalCheckResult | null
  /** BBAN split into the country's named parts, when length and format are right; else null. */
  bban_parts: Partial<Record<SegmentName, string>> | null
  /** The real bank whose code the BBAN carries, when it is one ibanmint knows; else null. */
  bank: IbanBank | null
  /**
   * The IBAN's bank is in the SEPA schemes' scope: its country is, and its bank is not one of
   * a place outside it (FR codes of banks of French Polynesia or New Caledonia:
   * payment-scope.ts); null when the country is not supported.
   */
  sepa: boolean | null
  /**
   * CH and LI only: the IBAN is a QR-IBAN (its bank positions hold a QR-IID, 30000–31999), which
   * takes only QR-bill payments with a QR reference; null where length or format is wrong.
   */
  qr_iban?: boolean | null
}

function checkResult(check: NationalCheck | null, bban: string): NationalCheckResult | null {
  if (check === null) return null
  return { algorithm: check.algorithm, status: check.status, valid: verifyParts(check.algorithm, bban, check.parts) }
}

/** Which BBAN positions of the last bbanFold held letters (bit i for position i). */
let foldedLetters = 0

/**
 * The BBAN of `iban` (from position 4) modulo 97, as mod97Fold gives it, noting in
 * foldedLetters which positions held letters (so that the format is a mask test) and in
 * BBAN_VALUES each character's value (neither past 31 characters); −1 for another character. One pass: digits and letters (10–35) are
 * appended to an integer that is reduced after at most 7 decimal digits, so it stays below 2^31.
 */
function bbanFold(iban: string): number {
  const length = iban.length - 4
  if (length > 31) {
    // Longer than any BBAN: the remainder still (its MOD-97 is judged on its own), no letters noted.
    foldedLetters = 0
    return mod97Fold(iban, 0, 4)
  }
  let remainder = 0
  let pending = 0
  let letters = 0
  for (let i = 0; i < length; i++) {
    const value = iban.charCodeAt(i + 4) - 48
    if (value >= 0 && value <= 9) {
      remainder = remainder * 10 + value
      BBAN_VALUES[i] = value
      pending += 1
    } else if (value >= 17 && value <= 42) {
      letters |= 1 << i
      remainder = remainder * 100 + value - 7
      BBAN_VALUES[i] = value - 7
      pending += 2
    } else return -1
    if (pending >= 6) {
      remainder %= 97
      pending = 0
    }
  }
  foldedLetters = letters
  return remainder % 97
}

/**
 * The head of an IBAN: the letterIndex slot of its first two characters and its two check
 * digits, as slot × 100 + check digits; −1 unless it opens with two letters and two digits
 * (the only shape whose MOD-97 means anything). Its four characters are read once.
 */
function headOf(iban: string): number {
  const first = iban.charCodeAt(0) - 65
  const second = iban.charCodeAt(1) - 65
  const tens = iban.charCodeAt(2) - 48
  const ones = iban.charCodeAt(3) - 48
  if (!(first >= 0 && first <= 25 && second >= 0 && second <= 25)) return -1
  if (!(tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9)) return -1
  return (first * 26 + second) * 100 + tens * 10 + ones
}

/**
 * The whole IBAN modulo 97 from its BBAN's remainder: the BBAN followed by the head, two
 * letters (10–35 each) and the check digits.
 */
function ibanRemainder(head: number, bbanRemainder: number): number {
  const slot = Math.floor(head / 100)
  const first = Math.floor(slot / 26)
  const letters = (first + 10) * 100 + (slot - first * 26) + 10
  return (((bbanRemainder * 10_000 + letters) % 97) * 100 + (head % 100)) % 97
}

/**
 * True exactly when validateIban(input).valid is, without building the result: for the many
 * IBANs a file or stream holds. Whitespace and lower case are accepted as there.
 */
export function isValidIban(input: string): boolean {
  return judgeIban(input, undefined)
}

/**
 * A valid IBAN as validateIban would report it, in the few values that vary between valid
 * IBANs of one country: what a row writer needs besides the IBAN's own characters.
 */
export interface ValidIban {
  /** The IBAN, compact and upper case. */
  iban: string
  /** Its country's letterIndex slot. */
  slot: number
  /** Its bank's index in the country's bank table (tableAt(slot)), or −1 for none known. */
  bankIndex: number
  /**
   * Its `national_check` as validateIban reports it, or null: one shared frozen object per
   * country and verdict (DE: per check method).
   */
  national: NationalCheckResult | null
  /**
   * What its row says besides its characters and bank, as a small number: 4 × (which of its
   * country's national check results `national` is: 0 for none, else 1 + the verdict (advisory
   * checks), or 1 + the check method's index (DE), or 1) + 2 for a QR-IBAN + 1 for a bank
   * outside SEPA's scope. IBANs of one country and kind differ only in their characters and
   * their bank.
   */
  kind: number
}

/**
 * isValidIban, and for a valid IBAN, when `valid` is given, what validateIban would report of
 * it besides its characters (filled in place: one object serves a whole batch).
 */
export function judgeIban(input: string, valid: ValidIban | undefined): boolean {
  let iban = input
  let head = iban.length > 4 ? headOf(iban) : -1
  let bbanRemainder = head < 0 ? -1 : bbanFold(iban)
  if (bbanRemainder < 0) {
    iban = normalizeIban(input)
    head = iban.length > 4 ? headOf(iban) : -1
    bbanRemainder = head < 0 ? -1 : bbanFold(iban)
    if (bbanRemainder < 0) return false
  }
  if (ibanRemainder(head, bbanRemainder) !== 1) return false
  const slot = Math.floor(head / 100)
  const spec = countryAt(slot)
  if (spec === undefined || iban.length !== spec.ibanLength) return false
  // Format: no letter where a digit belongs, a letter wherever one must be.
  const letters = foldedLetters
  if ((letters & spec.digitPositions) !== 0 || (letters & spec.letterPositions) !== spec.letterPositions) return false
  let national: NationalCheckResult | null
  // The country's bank table, read once (and only when needed: it is built on first use).
  let table: BankTable
  const scheme = schemeAt(slot)
  if (scheme !== undefined) {
    table = tableAt(slot)
    // The bank is looked up before the verdict only where the scheme reads it (DE's method).
    let index = scheme.readsBank ? bankIndexOfValues(table, BBAN_VALUES) : -1
    const verdict = scheme.judge(table, index)
    if (verdict >= 0 && (verdict & 1) === 0) return false
    if (valid === undefined) return true
    if (!scheme.readsBank) index = bankIndexOfValues(table, BBAN_VALUES)
    national = verdict < 0 ? null : scheme.result(verdict)
    valid.kind = scheme.kind(verdict, table, index)
    valid.bankIndex = index
  } else {
    const check = spec.nationalCheck
    if (check !== null && !verifyParts(check.algorithm, iban.slice(4), check.parts)) return false
    if (valid === undefined) return true
    national = check !== null ? passedResult(slot, check) : advisoryResult(slot, spec.advisoryCheck, iban)
    valid.kind = national === null ? 0 : national.status === 'advisory' ? (national.valid ? 2 : 1) : 1
    table = tableAt(slot)
    valid.bankIndex = bankIndexOfValues(table, BBAN_VALUES)
  }
  // Two more things a valid IBAN's row says apart from its characters and bank: its bank is
  // outside SEPA's scope (sepa false), and (CH, LI) it is a QR-IBAN.
  const outside = valid.bankIndex >= 0 && table.outsideSepa[valid.bankIndex] === 1
  valid.kind = valid.kind * 4 + (isQrSlot(slot) && qrIidRead() ? 2 : 0) + (outside ? 1 : 0)
  valid.iban = iban
  valid.slot = slot
  valid.national = national
  return true
}

/** The letterIndex slots of CH and LI, whose IBANs may be QR-IBANs. */
const QR_SLOTS: ReadonlySet<number> = new Set(QR_IBAN_COUNTRIES.map(letterIndex))

function isQrSlot(slot: number): boolean {
  return QR_SLOTS.has(slot)
}

/** The BBAN last folded (bbanFold) holds a QR-IID at its bank positions (CH, LI: the first five, 30000–31999). */
function qrIidRead(): boolean {
  return BBAN_VALUES[0] === 3 && ((BBAN_VALUES[1] as number) === 0 || BBAN_VALUES[1] === 1)
}

/** The national check results of valid IBANs, by country slot: made once each (frozen, shared). */
const PASSED_RESULTS: (NationalCheckResult | undefined)[] = []
/** The advisory check results (NL elfproef), by country slot and verdict. */
const ADVISORY_RESULTS: (readonly [NationalCheckResult, NationalCheckResult] | undefined)[] = []

function passedResult(slot: number, check: NationalCheck): NationalCheckResult {
  let result = PASSED_RESULTS[slot]
  if (result === undefined)
    PASSED_RESULTS[slot] = result = Object.freeze({ algorithm: check.algorithm, status: check.status, valid: true })
  return result
}

function advisoryResult(slot: number, check: NationalCheck | null, iban: string): NationalCheckResult | null {
  if (check === null) return null
  let results = ADVISORY_RESULTS[slot]
  if (results === undefined) {
    const make = (verdict: boolean) =>
      Object.freeze({ algorithm: check.algorithm, status: check.status, valid: verdict })
    ADVISORY_RESULTS[slot] = results = [make(false), make(true)]
  }
  return results[verifyParts(check.algorithm, iban.slice(4), check.parts) ? 1 : 0]
}

/**
 * For a BBAN of the wrong length or an unsupported country: each character is of the class
 * the format puts at its position, or past it (or without a country) a digit or a letter.
 */
function classesFit(spec: CountrySpec | undefined, bban: string): boolean {
  const classes = spec === undefined ? '' : spec.positionClasses
  for (let i = 0; i < bban.length; i++) {
    const code = bban.charCodeAt(i)
    const chars = classes[i] ?? 'c'
    const ok = chars === 'n' ? isDigit(code) : chars === 'a' ? isLetter(code) : isDigit(code) || isLetter(code)
    if (!ok) return false
  }
  return true
}

type Parts = Partial<Record<SegmentName, string>>
/** Makes the parts of `bban`; `bank`, when given, is the bank part's string already at hand. */
type PartsMaker = (bban: string, at: Int32Array, bank: string | undefined) => Parts

/**
 * The parts objects of the common orders of part names, as object literals over the BBAN's
 * slices (`at` holds each part's from and to): a third of the time of adding the names one by
 * one (measured, bench/domain.ts), for 81 of the 91 countries; the others take the general way.
 * The bank part is the registered bank's own code string where validation found one.
 */
const PART_MAKERS: Readonly<Record<string, PartsMaker>> = {
  'bank,account': (b, at, bank) => ({ bank: bank ?? b.slice(at[0], at[1]), account: b.slice(at[2], at[3]) }),
  'bank,branch,account': (b, at, bank) => ({
    bank: bank ?? b.slice(at[0], at[1]),
    branch: b.slice(at[2], at[3]),
    account: b.slice(at[4], at[5]),
  }),
  'bank,account,national_check': (b, at, bank) => ({
    bank: bank ?? b.slice(at[0], at[1]),
    account: b.slice(at[2], at[3]),
    national_check: b.slice(at[4], at[5]),
  }),
  'bank,branch,account,national_check': (b, at, bank) => ({
    bank: bank ?? b.slice(at[0], at[1]),
    branch: b.slice(at[2], at[3]),
    account: b.slice(at[4], at[5]),
    national_check: b.slice(at[6], at[7]),
  }),
  'bank,branch,national_check,account': (b, at, bank) => ({
    bank: bank ?? b.slice(at[0], at[1]),
    branch: b.slice(at[2], at[3]),
    national_check: b.slice(at[4], at[5]),
    account: b.slice(at[6], at[7]),
  }),
  'national_check,bank,branch,account': (b, at, bank) => ({
    national_check: b.slice(at[0], at[1]),
    bank: bank ?? b.slice(at[2], at[3]),
    branch: b.slice(at[4], at[5]),
    account: b.slice(at[6], at[7]),
  }),
}

interface Maker {
  readonly make: PartsMaker
  /** Each part's from and to in the BBAN. */
  readonly at: Int32Array
  /** The bank part's from and to. */
  readonly bankFrom: number
  readonly bankTo: number
}

/** Each country's maker (where every part is one run), by letterIndex of its code; null: the general way. */
const MAKERS: (Maker | null | undefined)[] = []

function makerOf(spec: CountrySpec): Maker | null {
  const slot = letterIndex(spec.code)
  let maker = MAKERS[slot]
  if (maker === undefined) {
    const names = spec.partNames
    const make = PART_MAKERS[names.join(',')]
    const single = spec.partRanges.every((ranges) => ranges.length === 1)
    const bank = spec.partRanges[names.indexOf('bank')]?.[0] ?? [0, 0]
    maker =
      make === undefined || !single
        ? null
        : { make, at: Int32Array.from(spec.partRanges.flatMap((r) => r[0] ?? [])), bankFrom: bank[0], bankTo: bank[1] }
    MAKERS[slot] = maker
  }
  return maker
}

/** Splits a BBAN of the right length into named parts; repeated names are concatenated. */
export function bbanPartsOf(spec: CountrySpec, bban: string): Parts {
  return partsOf(spec, bban, undefined, 0)
}

/**
 * bbanPartsOf, given the code of the bank validation found at `codeFrom` in the BBAN: where
 * that is the bank part's place and length, the code's string is the bank part.
 */
function partsOf(spec: CountrySpec, bban: string, code: string | undefined, codeFrom: number): Parts {
  const maker = makerOf(spec)
  if (maker !== null) {
    const same = code !== undefined && codeFrom === maker.bankFrom && code.length === maker.bankTo - maker.bankFrom
    return maker.make(bban, maker.at, same ? code : undefined)
  }
  const parts: Parts = {}
  const names = spec.partNames
  for (let i = 0; i < names.length; i++) {
    const ranges = spec.partRanges[i] as readonly (readonly [number, number])[]
    let value = bban.slice(ranges[0]?.[0], ranges[0]?.[1])
    for (let r = 1; r < ranges.length; r++) value += bban.slice(ranges[r]?.[0], ranges[r]?.[1])
    parts[names[i] as SegmentName] = value
  }
  return parts
}

function isLetter(code: number): boolean {
  return code >= 65 && code <= 90
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57
}

/**
 * Validates an IBAN in any common notation: whitespace is removed and letters upper-cased.
 * `valid` is true only when MOD-97, length, format, country support and (where the country
 * defines one) the national check all pass; the Dutch elfproef is advisory only.
 */
export function validateIban(input: string): ValidateResult {
  // The BBAN's MOD-97 fold doubles as the scan for characters other than 0-9 and A-Z, so the
  // common compact upper-case input is read once; anything else is normalized first.
  let iban = input
  let head = input.length > 4 ? headOf(input) : -1
  let bbanRemainder = head < 0 ? -1 : bbanFold(input)
  if (bbanRemainder < 0) {
    iban = normalizeIban(input)
    head = iban.length > 4 ? headOf(iban) : -1
    bbanRemainder = head < 0 ? -1 : bbanFold(iban)
  }
  // Two letters and two digits open the IBAN (at any length).
  const prefix = head >= 0 || headOf(iban) >= 0
  const mod97 = bbanRemainder >= 0 && ibanRemainder(head, bbanRemainder) === 1
  const spec = countryOfIban(iban)
  // A supported country's code and two-digit check digits are strings made once.
  const countryCode = spec === undefined ? iban.slice(0, 2) : spec.code
  const bban = iban.slice(4)
  const supported = spec !== undefined
  const length = spec === undefined ? null : iban.length === spec.ibanLength
  // At the right length, the fold noted the letters: the format is a mask test.
  const letters = foldedLetters
  const format =
    prefix &&
    (length === true
      ? bbanRemainder >= 0 &&
        (letters & (spec as CountrySpec).digitPositions) === 0 &&
        (letters & (spec as CountrySpec).letterPositions) === (spec as CountrySpec).letterPositions
      : classesFit(spec, bban))
  const readable = spec !== undefined && length === true && format
  const table = readable ? tableAt(Math.floor(head / 100)) : undefined
  const bankIndex = table === undefined ? -1 : bankIndexOfValues(table, BBAN_VALUES)
  const scheme: AccountScheme | undefined = spec === undefined ? undefined : schemeAt(Math.floor(head / 100))
  let national: NationalCheckResult | null = null
  if (readable) {
    if (scheme === undefined) national = checkResult(spec.nationalCheck, bban)
    else {
      const verdict = scheme.judge(table as BankTable, bankIndex)
      national = verdict < 0 ? null : scheme.result(verdict)
    }
  }
  const nationalValid = national === null ? null : national.valid
  const bank = bankIndex >= 0 ? (table as BankTable).record(bankIndex) : null
  const bankCode = table?.registry === true ? bankIndex >= 0 : null
  const result: ValidateResult = {
    iban,
    formatted: formatIban(iban),
    valid: mod97 && readable && nationalValid !== false,
    country_code: countryCode,
    country_supported: supported,
    check_digits: prefix ? twoDigits((iban.charCodeAt(2) - 48) * 10 + iban.charCodeAt(3) - 48) : iban.slice(2, 4),
    bban,
    length: iban.length,
    expected_length: spec === undefined ? null : spec.ibanLength,
    checks: { mod97, length, format, country_supported: supported, national: nationalValid, bank_code: bankCode },
    national_check: national ?? (readable ? checkResult(spec.advisoryCheck, bban) : null),
    bban_parts: readable ? partsOf(spec, bban, bank?.code, (table as BankTable).offset) : null,
    bank,
    sepa:
      spec === undefined ? null : spec.sepa && !(bankIndex >= 0 && (table as BankTable).outsideSepa[bankIndex] === 1),
  }
  if (spec !== undefined && isQrSlot(Math.floor(head / 100))) result.qr_iban = readable ? qrIidRead() : null
  scheme?.addFields(result, table, bankIndex)
  return result
}
