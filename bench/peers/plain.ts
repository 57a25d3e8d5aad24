// The whole-job plain node:http peer: what ibanmint's keyed `GET /api/v1/generate/{country}`
// does, written as one node:http request listener around the library, with nothing ibanmint's
// pipeline adds on top. Per request: a request id (the client's plain token, else a random
// UUID), the route matched by a regular expression, the API key checked by its SHA-256 hash in
// constant time (keys.ts), one count with rate-limiter-flexible (RateLimiterMemory, or
// RateLimiterRedis on ioredis), the query read with URLSearchParams and checked by hand, the
// GenerateResult made by the library and written with JSON.stringify, the four RateLimit
// headers and X-Request-Id, and one pino access line to a file.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http'
import { pino } from 'pino'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { INVALID_CHECKS, type InvalidCheck } from '../../packages/iban/dist/index.js'
import { presentedKey, type PeerKey } from './keys.ts'
import {
  MAX_COUNT,
  PeerError,
  REQUEST_ID,
  ROUTE,
  UNAUTHORIZED,
  WWW_AUTHENTICATE,
  generateResult,
  rateLimitedMessage,
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

export function plainPeer(options: PeerOptions): RequestListener {
  const logger = pino({ level: 'info' }, pino.destination({ dest: options.logFile, sync: false }))
  const limiters = new Map<number, RateLimiterAbstract>()
  const limiterOf = (points: number): RateLimiterAbstract => {
    let limiter = limiters.get(points)
    if (limiter === undefined) {
      const settings = { keyPrefix: `rl:${points}`, points, duration: WINDOW_SECONDS }
      limiter =
        options.redis === undefined
          ? new RateLimiterMemory(settings)
          : new RateLimiterRedis({ ...settings, storeClient: options.redis })
      limiters.set(points, limiter)
    }
    return limiter
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now()
    const given = req.headers['x-request-id']
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
    let route = 'unmatched'
    let key: PeerKey | undefined = undefined

    const send = (status: number, body: string, headers: OutgoingHttpHeaders) => {
      headers['content-type'] = JSON_TYPE
      headers['content-length'] = Buffer.byteLength(body)
      res.writeHead(status, headers)
      res.end(body)
      const ms = performance.now() - started
      logger.info({ req: id, method: req.method, route, status, ms, key: key?.id })
    }
    const fail = (error: unknown, headers: OutgoingHttpHeaders) => {
      const known = error instanceof PeerError ? error : new PeerError(500, 'internal_error', 'internal error')
      headers['cache-control'] = 'no-store'
      send(known.status, JSON.stringify({ error: { code: known.code, message: known.message } }), headers)
    }

    const url = req.url ?? '/'
    const mark = url.indexOf('?')
    const match = PATH.exec(mark < 0 ? url : url.slice(0, mark))
    if (match === null) {
      fail(new PeerError(404, 'not_found', 'no such endpoint'), { 'x-request-id': id })
      return
    }
    route = ROUTE
    key = options.keys.verify(presentedKey(req.headers))
    if (key === undefined) {
      fail(new PeerError(401, 'unauthorized', UNAUTHORIZED), {
        'x-request-id': id,
        'www-authenticate': WWW_AUTHENTICATE,
      })
      return
    }
    const { limit, policy } = key
    const limited = (result: RateLimiterRes): OutgoingHttpHeaders => ({
      'x-request-id': id,
      'ratelimit-limit': limit,
      'ratelimit-remaining': Math.max(0, result.remainingPoints),
      'ratelimit-reset': Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
      'ratelimit-policy': policy,
    })
    limiterOf(limit)
      .consume(key.id)
      .then(
        (result) => {
          const headers = limited(result)
          try {
            const query = readQuery(mark < 0 ? '' : url.slice(mark + 1))
            send(200, JSON.stringify(generateResult(match[1] as string, query)), headers)
          } catch (error) {
            fail(error, headers)
          }
        },
        (rejection: unknown) => {
          if (!(rejection instanceof RateLimiterRes)) {
            fail(new PeerError(503, 'service_unavailable', 'the rate limit store is unavailable'), {
              'x-request-id': id,
            })
            return
          }
          const headers = limited(rejection)
          const reset = headers['ratelimit-reset'] as number
          headers['retry-after'] = String(reset)
          fail(new PeerError(429, 'rate_limited', rateLimitedMessage(limit, reset)), headers)
        },
      )
  }
}
