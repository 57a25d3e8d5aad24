// BIC lookup (ISO 9362): a BIC split into its parts, each rule checked on its own, and the
// registered banks that carry it. A wrong BIC is a result (valid: false), never an exception.
import { banksOf } from './banks.ts'
import { COUNTRIES, TERRITORIES, findCountry } from './registry.ts'

/** The rules of ISO 9362, each on its own, so that a BIC wrong in one way shows exactly that. */
export interface BicChecks {
  /** 8 or 11 characters. */
  length: boolean
  /**
   * 4 letters (institution), 2 letters (country), 2 letters or digits (location), then
   * letters or digits (branch): judged over the characters present, apart from length.
   */
  format: boolean
  /** The country is an ISO 3166-1 alpha-2 code (or XK, which the IBAN registry uses). */
  country: boolean
  /** ibanmint can generate and validate IBANs for the country (informative: never changes `valid`). */
  iban_country: boolean
}

/** A registered bank whose BIC matches the one looked up. */
export interface BicBank {
  /** The country of the bank table that lists it (a BIC may carry another country's code). */
  country: string
  code: string
  name: string
  /** The BIC as the registry has it (8 or 11 characters). */
  bic: string
}

/** Result of looking up one BIC: its parts, every check, and the registered banks that carry it. */
export interface BicResult {
  /** Normalized: upper case, whitespace removed. */
  bic: string
  valid: boolean
  institution: string
  country: string
  location: string
  /** null for an 8-character BIC; XXX is the primary office. */
  branch: string | null
  checks: BicChecks
  /** A test BIC: the location's second character is 0 (ISO 9362). */
  test_bic: boolean
  banks: BicBank[]
}

// ISO 3166-1 alpha-2 codes beyond the IBAN registry's countries and territories: BICs exist for
// countries without IBANs (US, CN, JP, …).
const OTHER_ISO_COUNTRIES =
  'AF AG AI AM AO AQ AR AS AU AW BB BD BF BJ BM BN BO BQ BS BT BV BW BZ CA CC CD CF CG CI CK CL CM CN CO CU CV CW CX ' +
  'DM EC EH ER ET FJ FM GA GD GH GM GN GQ GS GU GW GY HK HM HT ID IN IO IR JM JP KE KG KH KI KM KN KP KR KY LA LK LR ' +
  'LS MG MH ML MM MO MP MS MV MW MX MY MZ NA NE NF NG NP NR NU NZ PA PE PG PH PN PR PW PY RW SB SG SH SJ SL SN SR SS ' +
  'SX SY SZ TC TD TG TH TJ TK TM TO TT TV TW TZ UG UM US UY UZ VC VE VI VN VU WS ZA ZM ZW'

const BIC_COUNTRIES: ReadonlySet<string> = new Set([
  ...COUNTRIES.map((country) => country.code),
  ...TERRITORIES.map((territory) => territory.code),
  ...OTHER_ISO_COUNTRIES.split(' '),
])

const WHITESPACE = /\s+/g
/** Letters at the institution and country positions, letters or digits after them. */
const FORMAT = /^[A-Z]{0,6}$|^[A-Z]{6}[A-Z0-9]+$/
const PRIMARY_OFFICE = 'XXX'

/** The registered banks by the first 8 characters of their BIC, made on first lookup. */
let banksByBic8: Map<string, BicBank[]> | undefined

function bankIndex(): Map<string, BicBank[]> {
  if (banksByBic8 !== undefined) return banksByBic8
  const index = new Map<string, BicBank[]>()
  for (const { code: country } of COUNTRIES) {
    for (const bank of banksOf(country)) {
      if (bank.bic === undefined) continue
      const key = bank.bic.slice(0, 8)
      const entry: BicBank = { country, code: bank.code, name: bank.name, bic: bank.bic }
      const list = index.get(key)
      if (list === undefined) index.set(key, [entry])
      else list.push(entry)
    }
  }
  return (banksByBic8 = index)
}

/**
 * The registered banks with this (well-formed) BIC: an 8-character BIC or a primary office
 * (XXX) stands for the institution at that location, so every bank whose BIC starts with the
 * same 8 characters; a branch BIC only the banks registered with exactly it.
 */
function banksWithBic(bic: string, branch: string | null): BicBank[] {
  const candidates = bankIndex().get(bic.slice(0, 8)) ?? []
  if (branch === null || branch === PRIMARY_OFFICE) return [...candidates]
  return candidates.filter((bank) => bank.bic === bic)
}

/** Looks up a BIC: its parts, every ISO 9362 check, and the registered banks that carry it. */
export function validateBic(input: string): BicResult {
  const bic = input.replace(WHITESPACE, '').toUpperCase()
  const country = bic.slice(4, 6)
  const location = bic.slice(6, 8)
  const branch = bic.length > 8 ? bic.slice(8, 11) : null
  const checks: BicChecks = {
    length: bic.length === 8 || bic.length === 11,
    format: bic.length > 0 && FORMAT.test(bic),
    country: BIC_COUNTRIES.has(country),
    iban_country: findCountry(country) !== undefined,
  }
  const valid = checks.length && checks.format && checks.country
  return {
    bic,
    valid,
    institution: bic.slice(0, 4),
    country,
    location,
    branch,
    checks,
    test_bic: location[1] === '0',
    banks: valid ? banksWithBic(bic, branch) : [],
  }
}
