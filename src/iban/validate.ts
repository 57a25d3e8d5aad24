// IBAN validation: every check reported on its own, plus the BBAN broken into named parts.
// A wrong IBAN is a result (valid: false), never an exception.
import { bankRecordOf, type IbanBank } from './banks.ts'
import { formatIban, normalizeIban } from './format.ts'
import { mod97Fold } from './mod97.ts'
import { verifyParts } from './national.ts'
import { findCountry, type CountrySpec, type NationalCheck, type SegmentName } from './registry.ts'

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
   * National check digits: null where the country defines no national check, or where they
   * cannot be read because length or format is wrong.
   */
  national: boolean | null
}

/** Which national check applied and whether it passed (advisory checks never decide validity). */
export interface NationalCheckResult {
  algorithm: string
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
  const spec = countryCode.length === 2 ? findCountry(countryCode) : undefined
  const supported = spec !== undefined
  const length = spec === undefined ? null : iban.length === spec.ibanLength
  const format = prefix && (length === true ? (spec as CountrySpec).formatPattern.test(bban) : classesFit(spec, bban))
  const readable = spec !== undefined && length === true && format
  const national = readable ? checkResult(spec.nationalCheck, bban) : null
  const nationalValid = national === null ? null : national.valid
  const bank = readable ? bankRecordOf(spec.code, bban) : null
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
    checks: { mod97, length, format, country_supported: supported, national: nationalValid },
    national_check: national ?? (readable ? checkResult(spec.advisoryCheck, bban) : null),
    bban_parts: readable ? bbanPartsOf(spec, bban) : null,
    bank,
    sepa: spec === undefined ? null : spec.sepa,
  }
}
