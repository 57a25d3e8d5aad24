// National check-digit algorithms, keyed by id. Each computes the check characters from the
// concatenated input ranges of a CheckPart (registry-data.ts); verification compares them with
// what the BBAN holds. `null` means no valid check exists for that input: such numbers are
// never issued, so generation draws new digits and validation fails.
import type { NationalAlgorithmId } from './registry-data.ts'
import type { CheckPart } from './registry.ts'
import { mod97Fold, twoDigits } from './mod97.ts'

/** The id of a national check-digit algorithm (NATIONAL_ALGORITHMS). */
export type AlgorithmId = NationalAlgorithmId | 'nl-elfproef'

/** Which national check applied and whether it passed (advisory checks never decide validity). */
export interface NationalCheckResult {
  /**
   * The national algorithm's id (rib-key, it-cin, …), or the id of the account scheme that
   * judged the account (account-schemes.ts: `bundesbank`, `uk-modulus`, `se-clearing`,
   * `postfinance`, `masav`).
   */
  algorithm: string
  /**
   * The Bundesbank method (00–E4) of the bank code, for `bundesbank`; the checks of the sort
   * code (MOD10, MOD11, DBLAL, or two joined by "+") for `uk-modulus`; otherwise the rule of the
   * account scheme that judged the account (its entry in account-schemes.ts says which).
   */
  method?: string
  /** For `uk-modulus`: the exceptions of Vocalink's table that apply to the sort code ("6", "2/9"), when any do. */
  exception?: string
  status: 'confirmed' | 'probable' | 'advisory'
  valid: boolean
}

/** Computes the check characters for the input, or null when none is valid. */
export type ComputeCheck = (input: string) => string | null

const DIGITS = /^[0-9]+$/

/** Σ digit × weight with weights taken left to right and repeated; -1 on a non-digit. */
function weightedSum(input: string, weights: readonly number[]): number {
  let sum = 0
  for (let i = 0, w = 0; i < input.length; i++, w = w + 1 === weights.length ? 0 : w + 1) {
    const digit = input.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return -1
    sum += digit * (weights[w] as number)
  }
  return sum
}

/** (10 − Σ mod 10) mod 10 with weights applied left to right. */
function mod10Weighted(weights: readonly number[]): ComputeCheck {
  return (input) => {
    const sum = weightedSum(input, weights)
    return sum < 0 ? null : (DIGIT_STRINGS[(10 - (sum % 10)) % 10] as string)
  }
}

const DIGIT_STRINGS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']

/** French RIB letter table: A–I → 1–9, J–R → 1–9, S–Z → 2–9. */
function ribDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48
  if (code >= 65 && code <= 73) return code - 64
  if (code >= 74 && code <= 82) return code - 73
  if (code >= 83 && code <= 90) return code - 81
  return -1
}

// French-style RIB key (FR, MC, TN, MA, BI, DJ, MR): 97 − (N × 100 mod 97), letters transliterated.
const ribKey: ComputeCheck = (input) => {
  let remainder = 0
  for (let i = 0; i < input.length; i++) {
    const digit = ribDigit(input.charCodeAt(i))
    if (digit < 0) return null
    remainder = (remainder * 10 + digit) % 97
  }
  return twoDigits(97 - ((remainder * 100) % 97))
}

// Italian CIN (IT, SM): odd positions (1-based) score from this table, even ones their value.
const CIN_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]

const itCin: ComputeCheck = (input) => {
  let sum = 0
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i)
    const value = code >= 48 && code <= 57 ? code - 48 : code >= 65 && code <= 90 ? code - 65 : -1
    if (value < 0) return null
    sum += i % 2 === 0 ? (CIN_ODD[value] as number) : value
  }
  return String.fromCharCode(65 + (sum % 26))
}

// Spanish DC digit: zero-pad to 10, weights 2^i mod 11, 11 − Σ mod 11 with 11 → 0, 10 → 1.
const ES_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
const esDc: ComputeCheck = (input) => {
  if (input.length > 10) return null
  const sum = weightedSum(input.padStart(10, '0'), ES_WEIGHTS)
  if (sum < 0) return null
  const check = 11 - (sum % 11)
  return String(check === 11 ? 0 : check === 10 ? 1 : check)
}

// Belgian check number: N mod 97, a remainder of 0 written 97.
const beMod97: ComputeCheck = (input) => {
  if (!DIGITS.test(input)) return null
  const remainder = mod97Fold(input)
  return twoDigits(remainder === 0 ? 97 : remainder)
}

// ISO 7064 MOD 97-10 key over the BBAN digits: 98 − (N × 100 mod 97).
const iso7064Mod97: ComputeCheck = (input) => {
  if (!DIGITS.test(input)) return null
  return twoDigits(98 - ((mod97Fold(input) * 100) % 97))
}

/** Mod 11 with "0 when the remainder is 0, none when it is 1, else 11 − r" (NO, IS). */
function mod11Remainder(weights: readonly number[]): ComputeCheck {
  return (input) => {
    const sum = weightedSum(input, weights)
    if (sum < 0) return null
    const remainder = sum % 11
    if (remainder === 1) return null
    return String(remainder === 0 ? 0 : 11 - remainder)
  }
}

// Finnish Luhn: from the rightmost input digit, double every second digit (rightmost first).
const fiLuhn: ComputeCheck = (input) => {
  let sum = 0
  for (let i = input.length - 1, double = true; i >= 0; i--, double = !double) {
    const digit = input.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return null
    const product = double ? digit * 2 : digit
    sum += product > 9 ? product - 9 : product
  }
  return String((10 - (sum % 10)) % 10)
}

// Estonian 7-3-1: weights 7, 3, 1 … starting from the rightmost input digit.
const EE_WEIGHTS = [7, 3, 1]
const ee731: ComputeCheck = (input) => {
  let sum = 0
  for (let i = input.length - 1, k = 0; i >= 0; i--, k++) {
    const digit = input.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return null
    sum += digit * (EE_WEIGHTS[k % 3] as number)
  }
  return String((10 - (sum % 10)) % 10)
}

// ISO 7064 MOD 11,10 (Croatia), pure recursive system.
const iso7064Mod1110: ComputeCheck = (input) => {
  let product = 10
  for (let i = 0; i < input.length; i++) {
    const digit = input.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return null
    const sum = (product + digit) % 10 || 10
    product = (2 * sum) % 11
  }
  return String((11 - product) % 10)
}

// Czech/Slovak: weights 6,3,7,9,10,5,8,4,2,1 aligned right; the check has weight 1.
const CZ_WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2]
const CZ_PREFIX_WEIGHTS = CZ_WEIGHTS.slice(4)
const czSkMod11: ComputeCheck = (input) => {
  const weights = input.length === 9 ? CZ_WEIGHTS : input.length === 5 ? CZ_PREFIX_WEIGHTS : null
  const sum = weights === null ? -1 : weightedSum(input, weights)
  if (sum < 0) return null
  const check = (11 - (sum % 11)) % 11
  return check === 10 ? null : String(check)
}

// Russian control key: 3 BIK digits + 20-digit account with the key as 0; weights 7,1,3;
// only the last digit of each product counts; key = (Σ mod 10) × 3 mod 10.
const RU_KEY_INDEX = 11
const RU_WEIGHTS = [7, 1, 3]
const ruBikKey: ComputeCheck = (input) => {
  if (input.length !== 22) return null
  const full = input.slice(0, RU_KEY_INDEX) + '0' + input.slice(RU_KEY_INDEX)
  let sum = 0
  for (let i = 0; i < full.length; i++) {
    const digit = full.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return null
    sum += (digit * (RU_WEIGHTS[i % 3] as number)) % 10
  }
  return String(((sum % 10) * 3) % 10)
}

// Dutch elfproef (advisory): Σ (10 − i) × digit_i ≡ 0 mod 11 over the 10-digit account.
const NL_WEIGHTS = [10, 9, 8, 7, 6, 5, 4, 3, 2]
const nlElfproef: ComputeCheck = (input) => {
  const sum = input.length === 9 ? weightedSum(input, NL_WEIGHTS) : -1
  if (sum < 0) return null
  const check = (11 - (sum % 11)) % 11
  return check === 10 ? null : String(check)
}

/** A national algorithm, and what generation has to know of its check characters. */
export interface NationalAlgorithm {
  readonly compute: ComputeCheck
  /**
   * Some inputs admit no check digit (a weighted sum mod 11 with a forbidden remainder). The
   * weight of each input digit is a unit mod 11, so among the ten values of any one input
   * digit at most one is forbidden: generation relies on that (layout.ts, guards).
   */
  readonly nullable?: true
  /** Its check characters are letters (the Italian CIN), not digits. */
  readonly emitsLetters?: true
}

/** Every national algorithm by id, with its traits. */
export const ALGORITHMS: Readonly<Record<AlgorithmId, NationalAlgorithm>> = {
  'rib-key': { compute: ribKey },
  'it-cin': { compute: itCin, emitsLetters: true },
  'es-dc': { compute: esDc },
  'be-mod97': { compute: beMod97 },
  'iso7064-mod97-10': { compute: iso7064Mod97 },
  'no-mod11': { compute: mod11Remainder([5, 4, 3, 2, 7, 6, 5, 4, 3, 2]), nullable: true },
  'fi-luhn': { compute: fiLuhn },
  'ee-731': { compute: ee731 },
  'iso7064-mod11-10': { compute: iso7064Mod1110 },
  'mod10-9731': { compute: mod10Weighted([9, 7, 3, 1]) },
  'pl-3971': { compute: mod10Weighted([3, 9, 7, 1]) },
  'cz-sk-mod11': { compute: czSkMod11, nullable: true },
  'is-kennitala': { compute: mod11Remainder([3, 2, 7, 6, 5, 4, 3, 2]), nullable: true },
  'ru-bik-key': { compute: ruBikKey },
  'nl-elfproef': { compute: nlElfproef, nullable: true },
}

/** Every national algorithm's check function by id (the library's public table). */
export const NATIONAL_ALGORITHMS: Readonly<Record<AlgorithmId, ComputeCheck>> = Object.fromEntries(
  Object.entries(ALGORITHMS).map(([id, algorithm]) => [id, algorithm.compute]),
) as Record<AlgorithmId, ComputeCheck>

function inputOf(bban: string, part: CheckPart): string {
  let input = ''
  for (const [from, to] of part.input) input += bban.slice(from, to + 1)
  return input
}

/** The check characters a part expects for this BBAN, or null when none is valid. */
export function computePart(algorithm: AlgorithmId, bban: string, part: CheckPart): string | null {
  return ALGORITHMS[algorithm].compute(inputOf(bban, part))
}

/** True when every part of the check matches the characters the BBAN holds. */
export function verifyParts(algorithm: AlgorithmId, bban: string, parts: readonly CheckPart[]): boolean {
  for (const part of parts) {
    const expected = computePart(algorithm, bban, part)
    if (expected === null || expected !== bban.slice(part.check[0], part.check[1] + 1)) return false
  }
  return true
}
