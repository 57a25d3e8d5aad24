// IBAN validation: every check reported on its own, plus the BBAN broken into named parts.
// A wrong IBAN is a result (valid: false), never an exception.
import { bankIndexOf, bankRecordAt, banksOf, hasBankRegistry, type IbanBank } from './banks.ts'
import { DE_ACCOUNT_METHODS } from './de-account/index.ts'
import { formatIban, normalizeIban } from './format.ts'
import { mod97Fold } from './mod97.ts'
import { verifyParts } from './national.ts'
import { countryOfIban, type CountrySpec, type NationalCheck, type SegmentName } from './registry.ts'

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
   * National check digits (DE: the account by its bank's check method): null where the
   * country defines no national check (DE: the bank code is unknown or its method checks
   * nothing), or where they cannot be read because length or format is wrong.
   */
  national: boolean | null
  /**
   * The bank code is in the country's bank registry (informative: it never changes `valid`);
   * null for a country without a registry of bank codes, or where length or format is wrong.
   */
  bank_code: boolean | null
}

/** Which national check applied and whether it passed (advisory checks never decide validity). */
export interface NationalCheckResult {
  /** The algorithm's id; `bundesbank` for a German account checked by its bank's method. */
  algorithm: string
  /** The Bundesbank method (00–E4) of the bank code, for `bundesbank`. */
  method?: string
  status: 'confirmed' | 'probable' | 'advisory'
  valid: boolean
}

/** Result of validating one IBAN: the ValidateResult of the API, every check and the BBAN's parts. */
export interface ValidateResult {
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
  /** The country is in the SEPA schemes' scope; null when the country is not supported. */
  sepa: boolean | null
}

function checkResult(check: NationalCheck | null, bban: string): NationalCheckResult | null {
  if (check === null) return null
  return { algorithm: check.algorithm, status: check.status, valid: verifyParts(check.algorithm, bban, check.parts) }
}

const ACCOUNT = new Uint8Array(10)
const BANK_DIGITS = new Uint8Array(8)

/**
 * A German account by its bank's method, or undefined when no method checks it (the bank is
 * unknown, or its method checks nothing). The BBAN (bank code, 8 digits, then account, 10)
 * starts at `start` in `text` and holds digits only (the format passed).
 */
function accountVerdict(spec: CountrySpec, text: string, start: number, index: number): boolean | undefined {
  const method = index < 0 ? undefined : banksOf(spec.code)[index]?.method
  if (method === undefined) return undefined
  const account = DE_ACCOUNT_METHODS[method]
  if (!account.checks) return undefined
  for (let k = 0; k < 8; k++) BANK_DIGITS[k] = text.charCodeAt(start + k) - 48
  for (let k = 0; k < 10; k++) ACCOUNT[k] = text.charCodeAt(start + 8 + k) - 48
  return account.valid(ACCOUNT, BANK_DIGITS)
}

/** The national check result of a German account (see accountVerdict), or null. */
function accountResult(spec: CountrySpec, bban: string, index: number): NationalCheckResult | null {
  const valid = accountVerdict(spec, bban, 0, index)
  if (valid === undefined) return null
  const method = banksOf(spec.code)[index]?.method as string
  return { algorithm: spec.accountCheck as string, method, status: 'confirmed', valid }
}

/** Each BBAN character, from `start` in `text`, is of the class the country's format puts there. */
function formatFits(spec: CountrySpec, text: string, start: number): boolean {
  const classes = spec.positionClasses
  for (let i = 0; i < classes.length; i++) {
    const code = text.charCodeAt(start + i)
    const chars = classes.charCodeAt(i)
    // n: digits; a: letters; c: either.
    if (chars === 110 ? !isDigit(code) : chars === 97 ? !isLetter(code) : !isDigit(code) && !isLetter(code)) {
      return false
    }
  }
  return true
}

/**
 * True exactly when validateIban(input).valid is, without building the result: for the many
 * IBANs a file or stream holds. Whitespace and lower case are accepted as there.
 */
export function isValidIban(input: string): boolean {
  let iban = input
  let bbanRemainder = iban.length > 4 && hasIbanPrefix(iban) ? mod97Fold(iban, 0, 4) : -1
  if (bbanRemainder < 0) {
    iban = normalizeIban(input)
    bbanRemainder = iban.length > 4 && hasIbanPrefix(iban) ? mod97Fold(iban, 0, 4) : -1
    if (bbanRemainder < 0) return false
  }
  if (mod97Fold(iban, bbanRemainder, 0, 4) !== 1) return false
  const spec = countryOfIban(iban)
  if (spec === undefined || iban.length !== spec.ibanLength || !formatFits(spec, iban, 4)) return false
  if (spec.accountCheck !== null) return accountVerdict(spec, iban, 4, bankIndexOf(spec.code, iban, 4)) !== false
  const check = spec.nationalCheck
  return check === null || verifyParts(check.algorithm, iban.slice(4), check.parts)
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

/** Splits a BBAN of the right length into named parts; repeated names are concatenated. */
export function bbanPartsOf(spec: CountrySpec, bban: string): Partial<Record<SegmentName, string>> {
  const parts: Partial<Record<SegmentName, string>> = {}
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

/** Two letters then two digits: the only shape whose MOD-97 means anything. */
function hasIbanPrefix(iban: string): boolean {
  return (
    isLetter(iban.charCodeAt(0)) &&
    isLetter(iban.charCodeAt(1)) &&
    isDigit(iban.charCodeAt(2)) &&
    isDigit(iban.charCodeAt(3))
  )
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
  let prefix = hasIbanPrefix(input)
  let bbanRemainder = input.length > 4 && prefix ? mod97Fold(input, 0, 4) : -1
  if (bbanRemainder < 0) {
    iban = normalizeIban(input)
    prefix = hasIbanPrefix(iban)
    bbanRemainder = iban.length > 4 && prefix ? mod97Fold(iban, 0, 4) : -1
  }
  const mod97 = bbanRemainder >= 0 && mod97Fold(iban, bbanRemainder, 0, 4) === 1
  const countryCode = iban.slice(0, 2)
  const bban = iban.slice(4)
  const spec = countryOfIban(iban)
  const supported = spec !== undefined
  const length = spec === undefined ? null : iban.length === spec.ibanLength
  const format = prefix && (length === true ? formatFits(spec as CountrySpec, iban, 4) : classesFit(spec, bban))
  const readable = spec !== undefined && length === true && format
  const bankIndex = readable ? bankIndexOf(spec.code, bban) : -1
  const national = !readable
    ? null
    : spec.accountCheck === null
      ? checkResult(spec.nationalCheck, bban)
      : accountResult(spec, bban, bankIndex)
  const nationalValid = national === null ? null : national.valid
  const bank = readable && bankIndex >= 0 ? bankRecordAt(spec.code, bankIndex) : null
  const bankCode = readable && hasBankRegistry(spec.code) ? bankIndex >= 0 : null
  return {
    iban,
    formatted: formatIban(iban),
    valid: mod97 && readable && nationalValid !== false,
    country_code: countryCode,
    country_supported: supported,
    check_digits: iban.slice(2, 4),
    bban,
    length: iban.length,
    expected_length: spec === undefined ? null : spec.ibanLength,
    checks: { mod97, length, format, country_supported: supported, national: nationalValid, bank_code: bankCode },
    national_check: national ?? (readable ? checkResult(spec.advisoryCheck, bban) : null),
    bban_parts: readable ? bbanPartsOf(spec, bban) : null,
    bank,
    sepa: spec === undefined ? null : spec.sepa,
  }
}
