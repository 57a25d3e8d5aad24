// What both peers of bench/peers.ts answer, as ibanmint answers it: the GenerateResult of
// `GET /api/v1/generate/{country}` made with the published library (@ibanmint/iban, what a
// user building their own service imports), in ibanmint's shape and field order, and ibanmint's
// error bodies and messages; and the access log both write, pino on an asynchronous destination
// configured as pino's documentation configures asynchronous logging.
import type { Redis } from 'ioredis'
import { pino, type Logger } from 'pino'
import {
  DatasetError,
  generateIbans,
  resolveCountry,
  type CountrySpec,
  type Iban,
  type InvalidCheck,
} from '@ibanmint/iban'
import type { KeyBook } from './keys.ts'

/** What a peer is started with (bench/peer-server.ts, bench/pipeline.ts). */
export interface PeerOptions {
  keys: KeyBook
  /** Rate limits on this Redis; in memory without one. */
  redis: Redis | undefined
  /** The access log (accessLog): one line per response. */
  log: Logger
}

/**
 * A pino logger writing to `file` through sonic-boom asynchronously with a 4 KiB buffer, as
 * pino's "Asynchronous logging" documentation sets it up: lines are written some thirty at a
 * time instead of one file write per response (a round trip to a libuv thread: 34 µs of CPU,
 * both threads, per 150-byte write, measured on the benchmark machine while it was busy).
 * sonic-boom's `periodicFlush` writes the tail of the buffer every second when traffic is too
 * light to fill it, and `flush` writes it at once (before the process exits). `service` is the
 * only binding, as ibanmint's logger has: no pid and hostname on every line.
 */
export function accessLog(file: string, service: string): { logger: Logger; flush(): void } {
  const destination = pino.destination({ dest: file, sync: false, minLength: 4096, periodicFlush: 1_000 })
  return { logger: pino({ level: 'info', base: { service } }, destination), flush: () => destination.flushSync() }
}

export const ROUTE = '/api/v1/generate/{country}'
export const UNAUTHORIZED = 'a valid API key is required (X-API-Key header or Authorization: Bearer)'
export const WWW_AUTHENTICATE = 'ApiKey header="X-API-Key", Bearer realm="ibanmint"'
const REQUEST_ID = /^[\w.-]{1,64}$/
const BOOT = Date.now().toString(36)
let requests = 0

/**
 * The id of a request: the client's X-Request-Id when it is a plain token, else this process's
 * start time and a counter, made as ibanmint and Fastify's default genReqId make theirs (a
 * random UUID per request would cost more than the counter and add nothing to a log).
 */
export function requestId(given: string | string[] | undefined): string {
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : `${BOOT}-${(++requests).toString(36)}`
}
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

// The `country` of a result, made once per country: it is the same object on every answer.
const RESULT_COUNTRIES = new Map<CountrySpec, GenerateResult['country']>()

function resultCountry(country: CountrySpec): GenerateResult['country'] {
  let head = RESULT_COUNTRIES.get(country)
  if (head === undefined) {
    head = { code: country.code, name: country.name, iban_length: country.ibanLength }
    RESULT_COUNTRIES.set(country, head)
  }
  return head
}

/** The GenerateResult of a request; PeerError 404 for an unknown country, 422 for what cannot be made. */
export function generateResult(code: string, query: GenerateQuery): GenerateResult {
  const country = resolveCountry(code)
  if (country === undefined) throw new PeerError(404, 'not_found', `country "${code}" is not supported`)
  const { count, realistic, seed, bank, invalid } = query
  const result: GenerateResult = { country: resultCountry(country), count, realistic } as GenerateResult
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
