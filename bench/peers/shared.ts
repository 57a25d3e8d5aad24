// What both peers of bench/peers.ts answer, as ibanmint answers it: the GenerateResult of
// `GET /api/v1/generate/{country}` made with the published library (the package's export, what a
// user building their own service imports), in ibanmint's shape and field order, and ibanmint's
// error bodies and messages.
import type { Redis } from 'ioredis'
import {
  DatasetError,
  generateIbans,
  resolveCountry,
  type Iban,
  type InvalidCheck,
} from '../../packages/iban/dist/index.js'
import type { KeyBook } from './keys.ts'

/** What a peer is started with (bench/peer-server.ts, bench/pipeline.ts). */
export interface PeerOptions {
  keys: KeyBook
  /** Rate limits on this Redis; in memory without one. */
  redis: Redis | undefined
  /** Where the access log goes: one pino line per response. */
  logFile: string
}

export const ROUTE = '/api/v1/generate/{country}'
export const UNAUTHORIZED = 'a valid API key is required (X-API-Key header or Authorization: Bearer)'
export const WWW_AUTHENTICATE = 'ApiKey header="X-API-Key", Bearer realm="ibanmint"'
/** X-Request-Id values taken from the client: plain tokens only, else the server makes one. */
export const REQUEST_ID = /^[\w.-]{1,64}$/
export const MAX_COUNT = 100

export function rateLimitedMessage(limit: number, resetSeconds: number): string {
  return `rate limit of ${limit} requests per minute exceeded; retry in ${resetSeconds} s`
}

/** An error answered with ibanmint's body `{ error: { code, message } }`. */
export class PeerError extends Error {
  readonly status: number
  readonly code: string

  constructor(status: number, code: string, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

export interface GenerateQuery {
  count: number
  realistic: boolean
  seed?: string | undefined
  bank?: string | undefined
  invalid?: InvalidCheck | undefined
}

export interface GenerateResult {
  country: { code: string; name: string; iban_length: number }
  count: number
  realistic: boolean
  seed?: string
  bank?: string
  invalid?: InvalidCheck
  ibans: Iban[]
}

/** The GenerateResult of a request; PeerError 404 for an unknown country, 422 for what cannot be made. */
export function generateResult(code: string, query: GenerateQuery): GenerateResult {
  const country = resolveCountry(code)
  if (country === undefined) throw new PeerError(404, 'not_found', `country "${code}" is not supported`)
  const { count, realistic, seed, bank, invalid } = query
  const result: GenerateResult = {
    country: { code: country.code, name: country.name, iban_length: country.ibanLength },
    count,
    realistic,
  } as GenerateResult
  if (seed !== undefined) result.seed = seed
  if (bank !== undefined) result.bank = bank.toUpperCase()
  if (invalid !== undefined) result.invalid = invalid
  try {
    result.ibans = generateIbans(country.code, count, { realistic, seed, bank, invalid })
  } catch (error) {
    if (error instanceof DatasetError) throw new PeerError(422, 'invalid_request', error.message)
    throw error
  }
  return result
}
