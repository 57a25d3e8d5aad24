// The operations every adapter shares (HTTP, MCP, CLI): they take already-typed parameters
// and return the spec §2 shapes. Adapters only parse, call one of these, and write.
import {
  COUNTRIES,
  SeededRandom,
  findCountry,
  generateIbans,
  toCountry,
  validateIban,
  type Country,
  type CountrySpec,
  type Iban,
  type ValidateResult,
} from '../iban/index.ts'
import { ApiError } from './errors.ts'
import { MAX_IBAN_INPUT } from './schemas.ts'

/** Spec §2.4 (plus `seed` when one was given). */
export interface GenerateResult {
  country: { code: string; name: string; iban_length: number }
  count: number
  realistic: boolean
  seed?: string
  ibans: Iban[]
}

export interface GenerateRequest {
  country: CountrySpec
  count: number
  realistic: boolean
  seed: string | undefined
}

/** A supported country (case-insensitive) or 404 not_found naming it. */
export function requireCountry(code: string): CountrySpec {
  const spec = findCountry(code)
  if (spec === undefined) throw new ApiError('not_found', `country "${code.slice(0, 16)}" is not supported`)
  return spec
}

/** realistic from a query value ("1", "0", "true", "false") or a JSON boolean. */
export function toRealistic(value: unknown): boolean {
  return !(value === false || value === '0' || value === 'false')
}

/** seed from a query string or a JSON string or integer. */
export function toSeed(value: unknown): string | undefined {
  return value === undefined ? undefined : String(value)
}

/** Generates a GenerateResult. A seeded request draws from seeded stream 0 (see README). */
export function generate(request: GenerateRequest): GenerateResult {
  const { country, count, realistic, seed } = request
  const random = seed === undefined ? undefined : new SeededRandom(seed, 0)
  const ibans = generateIbans(country.code, count, random === undefined ? { realistic } : { realistic, random })
  return {
    country: { code: country.code, name: country.name, iban_length: country.ibanLength },
    count,
    realistic,
    ...(seed === undefined ? {} : { seed }),
    ibans,
  }
}

/**
 * The JSON of a GenerateResult up to and including `"ibans":`, exactly as JSON.stringify
 * writes it, so that a pool-rendered `ibans` array completes it byte for byte.
 */
export function generateResultHead(request: GenerateRequest): string {
  const { country, count, realistic, seed } = request
  const head = JSON.stringify({
    country: { code: country.code, name: country.name, iban_length: country.ibanLength },
    count,
    realistic,
    ...(seed === undefined ? {} : { seed }),
  })
  return head.slice(0, -1) + ',"ibans":'
}

const WHITESPACE = /\s+/g
const ALPHANUMERIC = /^[0-9A-Za-z]+$/
const IBAN_RULE = `iban must be 1 to ${MAX_IBAN_INPUT} letters and digits (spaces are ignored)`

/**
 * Validates one IBAN candidate. Whitespace is removed (unless `spaces` is false, as for the
 * path form of spec §4.7); what remains must be 1 to 64 letters and digits, else 422 naming
 * `name`. A candidate that fails a check is a result (valid: false).
 */
export function validate(input: unknown, name = 'iban', spaces = true): ValidateResult {
  if (typeof input !== 'string') throw new ApiError('invalid_request', `${name} must be a string`)
  const compact = spaces ? input.replace(WHITESPACE, '') : input
  if (compact.length === 0 || compact.length > MAX_IBAN_INPUT || !ALPHANUMERIC.test(compact)) {
    const rule = spaces ? IBAN_RULE : `iban must be 1 to ${MAX_IBAN_INPUT} letters and digits, without spaces`
    throw new ApiError('invalid_request', name === 'iban' ? rule : rule.replace('iban', name))
  }
  return validateIban(compact)
}

export interface ValidateBatchResult {
  count: number
  valid: number
  results: ValidateResult[]
}

/** Validates a list of candidates in order; the first malformed item fails the request (422). */
export function validateBatch(inputs: readonly unknown[]): ValidateBatchResult {
  const results = inputs.map((input, index) => validate(input, `ibans[${index}]`))
  return { count: results.length, valid: results.filter((r) => r.valid).length, results }
}

/** Spec §2.6. */
export function countryList(): { count: number; countries: Country[] } {
  return { count: COUNTRIES.length, countries: COUNTRIES.map(toCountry) }
}

/** Spec §4.4: the country inside `country` (every Country field, a superset of the spec's subset). */
export function countryDetail(spec: CountrySpec): { country: Country } {
  return { country: toCountry(spec) }
}
