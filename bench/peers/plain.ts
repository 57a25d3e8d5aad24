// The whole-job plain node:http peer: what ibanmint's keyed `GET /api/v1/generate/{country}`
// does, written as one node:http request listener around the library, with nothing ibanmint's
// pipeline adds on top, the way a careful user writes it after a profile. Per request: a
// request id (the client's plain token, else a counter), the route matched by a regular
// expression, the API key checked by its SHA-256 hash in constant time (keys.ts), one count
// with rate-limiter-flexible (RateLimiterMemory, or RateLimiterRedis on ioredis: one Redis
// round trip), the query read with URLSearchParams and checked by hand, the GenerateResult
// made by the library and written with JSON.stringify, the four RateLimit headers and
// X-Request-Id in one writeHead, and one pino access line (shared.ts: an asynchronous,
// buffered destination) per response. What never changes (limiters, the limit's header
// texts, the country of a result) is made once, not per request.
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { INVALID_CHECKS, type InvalidCheck } from '@ibanmint/iban'
import { presentedKey, type PeerKey } from './keys.ts'
import {
  MAX_COUNT,
  PeerError,
  ROUTE,
  UNAUTHORIZED,
  WWW_AUTHENTICATE,
  generateResult,
  rateLimitedMessage,
  requestId,
  type GenerateQuery,
  type PeerOptions,
} from './shared.ts'

const PATH = /^\/api\/v1\/generate\/([^/?]+)\/?$/
const JSON_TYPE = 'application/json; charset=utf-8'
const WINDOW_SECONDS = 60
const DIGITS = /^[1-9]\d{0,2}$/
const REALISTIC = new Map([
  ['1', true],
  ['true', true],
  ['0', false],
  ['false', false],
])

/** The query of a generate request; PeerError 422 naming the first bad parameter. */
function readQuery(search: string): GenerateQuery {
  const params = new URLSearchParams(search)
  const count = params.get('count') ?? '1'
  if (!DIGITS.test(count) || Number(count) > MAX_COUNT)
    throw new PeerError(422, 'invalid_request', `count must be an integer between 1 and ${MAX_COUNT}`)
  const realistic = REALISTIC.get(params.get('realistic') ?? '1')
  if (realistic === undefined) throw new PeerError(422, 'invalid_request', 'realistic must be one of 1, 0, true, false')
  const invalid = params.get('invalid') ?? undefined
  if (invalid !== undefined && !(INVALID_CHECKS as readonly string[]).includes(invalid))
    throw new PeerError(422, 'invalid_request', `invalid must be one of ${INVALID_CHECKS.join(', ')}`)
  return {
    count: Number(count),
    realistic,
    seed: params.get('seed') ?? undefined,
    bank: params.get('bank') ?? undefined,
    invalid: invalid as InvalidCheck | undefined,
  }
}

/** One request in flight: what its answer and its access line need. */
interface Exchange {
  req: IncomingMessage
  res: ServerResponse
  id: string
  started: number
  route: string
  key: PeerKey | undefined
}

/** Writes a JSON body with all its headers in one writeHead, then the request's access line. */
function send(log: Logger, exchange: Exchange, status: number, body: string, headers: OutgoingHttpHeaders): void {
  const { req, res } = exchange
  headers['content-type'] = JSON_TYPE
  headers['content-length'] = String(Buffer.byteLength(body))
  res.writeHead(status, headers)
  res.end(body)
  log.info({
    req: exchange.id,
    method: req.method,
    route: exchange.route,
    status,
    ms: Math.round((performance.now() - exchange.started) * 100) / 100,
    key: exchange.key?.id,
  })
}

/** Any error as ibanmint's error body (anything unforeseen a 500). */
function fail(log: Logger, exchange: Exchange, error: unknown, headers: OutgoingHttpHeaders): void {
  const known = error instanceof PeerError ? error : new PeerError(500, 'internal_error', 'internal error')
  headers['cache-control'] = 'no-store'
  send(log, exchange, known.status, JSON.stringify({ error: { code: known.code, message: known.message } }), headers)
}

/** X-Request-Id and the four RateLimit headers of a count (header values as strings, as they go out). */
function limitHeaders(id: string, key: PeerKey, result: RateLimiterRes): OutgoingHttpHeaders {
  return {
    'x-request-id': id,
    'ratelimit-limit': key.limitText,
    'ratelimit-remaining': String(Math.max(0, result.remainingPoints)),
    'ratelimit-reset': String(Math.max(1, Math.ceil(result.msBeforeNext / 1000))),
    'ratelimit-policy': key.policy,
  }
}

export function plainPeer(options: PeerOptions): RequestListener {
  const { keys, log, redis } = options
  const limiters = new Map<number, RateLimiterAbstract>()
  const limiterOf = (points: number): RateLimiterAbstract => {
    let limiter = limiters.get(points)
    if (limiter === undefined) {
      const settings = { keyPrefix: `rl:${points}`, points, duration: WINDOW_SECONDS }
      limiter =
        redis === undefined
          ? new RateLimiterMemory(settings)
          : new RateLimiterRedis({ ...settings, storeClient: redis })
      limiters.set(points, limiter)
    }
    return limiter
  }

  const serve = async (exchange: Exchange): Promise<void> => {
    const { req, id } = exchange
    const url = req.url ?? '/'
    const mark = url.indexOf('?')
    const match = PATH.exec(mark < 0 ? url : url.slice(0, mark))
    if (match === null) {
      fail(log, exchange, new PeerError(404, 'not_found', 'no such endpoint'), { 'x-request-id': id })
      return
    }
    exchange.route = ROUTE
    const key = keys.verify(presentedKey(req.headers))
    exchange.key = key
    if (key === undefined) {
      const headers = { 'x-request-id': id, 'www-authenticate': WWW_AUTHENTICATE }
      fail(log, exchange, new PeerError(401, 'unauthorized', UNAUTHORIZED), headers)
      return
    }
    let counted: RateLimiterRes
    try {
      counted = await limiterOf(key.limit).consume(key.id)
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        const unavailable = new PeerError(503, 'service_unavailable', 'the rate limit store is unavailable')
        fail(log, exchange, unavailable, { 'x-request-id': id })
        return
      }
      const headers = limitHeaders(id, key, rejection)
      const reset = headers['ratelimit-reset'] as string
      headers['retry-after'] = reset
      fail(log, exchange, new PeerError(429, 'rate_limited', rateLimitedMessage(key.limit, Number(reset))), headers)
      return
    }
    const headers = limitHeaders(id, key, counted)
    try {
      const query = readQuery(mark < 0 ? '' : url.slice(mark + 1))
      send(log, exchange, 200, JSON.stringify(generateResult(match[1] as string, query)), headers)
    } catch (error) {
      fail(log, exchange, error, headers)
    }
  }

  return (req, res) => {
    const id = requestId(req.headers['x-request-id'])
    void serve({ req, res, id, started: performance.now(), route: 'unmatched', key: undefined })
  }
}
