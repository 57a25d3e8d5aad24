// The steps every request takes: route, then by the route's access its key and limits, then
// the route's own inputs and handler, then the reply, or the error body. Each step is a
// function of the exchange and the pipeline's dependencies; `serve` runs them in order.
import type { IncomingMessage } from 'node:http'
import type { Logger } from 'pino'
import { BoundedCache } from '../bounded-cache.ts'
import { ApiError, toApiError } from '../core/errors.ts'
import { KeyRefusal, refusalOf, unauthorized, type KeyAuthenticator } from '../keys/authenticator.ts'
import type { KeyRecord } from '../keys/key.ts'
import type { LimitResult, RateLimits } from '../limits/rate-limit.ts'
import type { IpLimit } from './access.ts'
import type { AccessLog } from './access-log.ts'
import { isRequestAborted, timeBody } from './body.ts'
import { clientIp } from './client-ip.ts'
import { encodeReply, isCompressible } from './compression.ts'
import { bodyBytesOf } from './counted-response.ts'
import type { Exchange } from './exchange.ts'
import type { HttpMetrics } from './metrics.ts'
import { LoggablePaths } from './redact.ts'
import { appendHeaders, KEYED_VARY, sendBody, sendError, sendHead, setHeader, type HeaderList } from './respond.ts'
import type { Reply, Route } from './route.ts'
import type { Router } from './router.ts'

export interface PipelineDeps {
  router: Router
  keys: KeyAuthenticator
  limits: RateLimits
  /** Requests per minute for keys without their own limit. */
  defaultRateLimit: number
  /** Requests per minute per client IP, by the limit a keyless route's access names. */
  ipRateLimits: Readonly<Record<IpLimit, number>>
  /**
   * Failed authentications (401) per minute per client IP, counted in this instance's memory;
   * past it, keyed requests from that IP get 429 before their key is even parsed.
   */
  authFailureLimit: number
  authFailures: RateLimits
  trustProxy: number
  access: AccessLog
  metrics: HttpMetrics
  logger: Logger
  /** Milliseconds a request's body may keep the server waiting (REQUEST_TIMEOUT_MS; body.ts). */
  requestTimeout: number
}

/** Replies longer than this may not fit the socket's buffers at once: they get the idle guard. */
const LARGE_BODY = 64 * 1024

/** Request targets as they may be logged, by route. */
const LOGGABLE_PATHS = new LoggablePaths()

/** One request, start to end. Never throws: every failure becomes the error body. */
export async function serve(exchange: Exchange, deps: PipelineDeps): Promise<void> {
  deps.metrics.inFlight++
  timeBody(exchange.req, exchange.response, deps.requestTimeout)
  try {
    const route = matchRoute(exchange, deps.router)
    exchange.rows = deps.metrics.cellsOf(route).rows
    const { access } = route
    if (access === 'key') {
      // Every keyed answer, a 401 or 429 too, is stored nowhere unless its route says otherwise.
      exchange.headers.push('cache-control', 'no-store', 'vary', KEYED_VARY)
      exchange.key = await authenticate(exchange, deps)
      await limitKey(exchange, deps)
    } else if (access !== 'public') {
      await limitClient(exchange, access.ip, deps)
    }
    const sending = send(exchange, await route.run(exchange), deps)
    if (sending !== undefined) await sending
  } catch (error) {
    fail(exchange, error, deps)
  }
}

/** Finds the route of a request: 404 for an unknown path, 405 (with Allow) for a wrong method. */
export function matchRoute(exchange: Exchange, router: Router): Route {
  const { req } = exchange
  const url = req.url ?? '/'
  const mark = url.indexOf('?')
  let path = mark < 0 ? url : url.slice(0, mark)
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1)
  const match = router.match(req.method ?? 'GET', path)
  if (match.kind === 'none') throw new ApiError('not_found', `no endpoint at ${path.slice(0, 200)}`)
  if (match.kind === 'method') {
    throw new ApiError('method_not_allowed', `${req.method} is not allowed here; allowed: ${match.allow}`, {
      headers: { allow: match.allow },
    })
  }
  exchange.routePath = match.route.path
  exchange.route = match.route
  exchange.rawParams = match.params
  return match.route
}

/**
 * The key of a keyed request: a cached key at once, else from the key store. A client IP past
 * its failed-authentication limit gets 429 before its key is even parsed; a 401 counts as a
 * failure of that IP. (An async function would wrap the cached answer in a promise: 5% of the
 * keyed route's CPU, measured in-process with bench/pipeline.ts.)
 */
export function authenticate(exchange: Exchange, deps: PipelineDeps): KeyRecord | Promise<KeyRecord> {
  const ip = ipOf(exchange, deps)
  const blocked = deps.authFailures.blockedFor('auth-failures', ip)
  if (blocked > 0) {
    deps.metrics.refusals.authFailures.value++
    throw new ApiError(
      'rate_limited',
      `too many failed authentications from this client (${deps.authFailureLimit} per minute); retry in ${blocked} s`,
      { retryAfter: blocked },
    )
  }
  const countFailure = async (error: unknown): Promise<never> => {
    if (error instanceof ApiError && error.code === 'unauthorized') {
      logRefusal(exchange, ip, refusalOf(error), deps)
      await deps.authFailures.countFailure('auth-failures', ip, deps.authFailureLimit)
    }
    throw error
  }
  try {
    const found = deps.keys.authenticate(presentedKey(exchange.req))
    return found instanceof Promise ? found.catch(countFailure) : found
  } catch (error) {
    return countFailure(error)
  }
}

/**
 * Why a key was refused, beside the request's access line: the reason, the key id when there was
 * one of ours, and for an unknown id the store asked (a key made in another store is the usual
 * cause). Never the key.
 */
function logRefusal(exchange: Exchange, ip: string, refusal: KeyRefusal | undefined, deps: PipelineDeps): void {
  deps.logger.info(
    { req: exchange.id, ip, key: refusal?.id, reason: refusal?.reason, store: refusal?.store },
    `API key refused: ${refusal?.describe() ?? 'unauthorized'}`,
  )
}

const BEARER = /^bearer\s+/i

/**
 * The key from `X-API-Key` or `Authorization: Bearer`. Both may be sent only when they hold
 * the same key: two different credentials are refused (401), never served under either.
 */
export function presentedKey(req: IncomingMessage): string | undefined {
  const header = req.headers['x-api-key']
  const apiKey = typeof header === 'string' ? header.trim() : undefined
  const authorization = req.headers.authorization
  const bearer =
    authorization !== undefined && BEARER.test(authorization) ? authorization.replace(BEARER, '').trim() : undefined
  if (apiKey !== undefined && bearer !== undefined && apiKey !== bearer) {
    throw unauthorized(
      'two different API keys were presented (X-API-Key and Authorization: Bearer); send one',
      new KeyRefusal('two different keys'),
    )
  }
  return apiKey ?? bearer
}

/** Counts a keyed request against its key's limit. */
export function limitKey(exchange: Exchange, deps: PipelineDeps): Promise<void> {
  const key = exchange.key as KeyRecord
  return deps.limits.count('api', key.id, key.limit ?? deps.defaultRateLimit, (limit) => {
    pushRateLimitHeaders(exchange.headers, limit)
    if (!limit.allowed) {
      deps.metrics.refusals.api.value++
      throw rateLimited(limit, '')
    }
  })
}

/** Counts a keyless request against its client IP's limit (export, MCP: the route's access names it). */
export function limitClient(exchange: Exchange, bucket: IpLimit, deps: PipelineDeps): Promise<void> {
  return deps.limits.count(bucket, ipOf(exchange, deps), deps.ipRateLimits[bucket], (limit) => {
    pushRateLimitHeaders(exchange.headers, limit)
    if (!limit.allowed) {
      deps.metrics.refusals[bucket].value++
      throw rateLimited(limit, ' per client')
    }
  })
}

/** The client's address (after TRUST_PROXY; always an IP address: client-ip.ts), read once per request. */
function ipOf(exchange: Exchange, deps: PipelineDeps): string {
  return (exchange.ip ??= clientIp(exchange.req, deps.trustProxy))
}

/** The 429 of a limit that was reached, for `who` (a key, or a client IP). */
function rateLimited(limit: LimitResult, who: string): ApiError {
  return new ApiError(
    'rate_limited',
    `rate limit of ${limit.limit} requests per minute${who} exceeded; retry in ${limit.reset} s`,
    { retryAfter: limit.reset },
  )
}

// Header values go in as strings: Node would otherwise turn each number into text twice (to
// check its characters, then to write it). The limit's texts are made once per limit.
const LIMIT_TEXTS = new BoundedCache<number, { limit: string; policy: string }>(1_000)

export function pushRateLimitHeaders(headers: HeaderList, result: LimitResult): void {
  const texts =
    LIMIT_TEXTS.get(result.limit) ??
    LIMIT_TEXTS.set(result.limit, { limit: String(result.limit), policy: `${result.limit};w=60` })
  headers.push(
    'ratelimit-limit',
    texts.limit,
    'ratelimit-remaining',
    String(result.remaining),
    'ratelimit-reset',
    String(result.reset),
    'ratelimit-policy',
    texts.policy,
  )
}

/**
 * Writes a handler's reply (unless it wrote the response itself) and logs the request. A body
 * worth compressing is compressed off the main thread first: then the promise of its sending.
 */
export function send(exchange: Exchange, reply: Reply, deps: PipelineDeps): Promise<void> | undefined {
  if (reply !== 'sent') {
    const { headers } = exchange
    appendHeaders(headers, reply.headers)
    const body = 'bytes' in reply ? reply.bytes : 'json' in reply ? JSON.stringify(reply.json) : undefined
    const status = reply.status ?? 200
    if (body === undefined) sendHead(exchange.response, status, headers)
    else if (isCompressible(body, headers)) return sendEncoded(exchange, status, body, deps)
    else {
      if (body.length > LARGE_BODY) exchange.guardIdle()
      sendBody(exchange.response, status, body, headers)
    }
  }
  logWhenDone(exchange, deps)
  return undefined
}

async function sendEncoded(
  exchange: Exchange,
  status: number,
  body: Buffer | string,
  deps: PipelineDeps,
): Promise<void> {
  const encoded = await encodeReply(exchange.req, body, exchange.headers)
  if (encoded.length > LARGE_BODY) exchange.guardIdle()
  sendBody(exchange.response, status, encoded, exchange.headers)
  logWhenDone(exchange, deps)
}

/**
 * Renders any error as the error body (internal ones logged, never shown) and logs the request.
 * A response already under way (a stream whose handler wrote its last line, or cut it) is
 * logged at warn with the failure's cause, and cut off unless its handler ended it.
 */
export function fail(exchange: Exchange, error: unknown, deps: PipelineDeps): void {
  const res = exchange.response
  if (!res.headersSent && isRequestAborted(exchange.req)) {
    // The client broke off its body: whatever failed (reading it, most often) is its doing, not
    // ours, and nobody is left to answer. log() records it as such.
    if (!res.destroyed) res.destroy()
    logWhenDone(exchange, deps)
    return
  }
  const apiError = toApiError(error)
  const fields = { req: exchange.id, route: exchange.routePath ?? 'unmatched', code: apiError.code }
  if (res.headersSent) {
    const level = apiError.code === 'internal_error' ? 'error' : 'warn'
    deps.logger[level](
      { err: apiError.cause ?? apiError.message, ...fields },
      `response failed after its headers were sent: ${apiError.message}`,
    )
    if (!res.writableEnded && !res.destroyed) res.destroy()
  } else {
    if (apiError.code === 'internal_error' || (apiError.code === 'service_unavailable' && apiError.cause !== undefined))
      deps.logger.error({ err: apiError.cause, ...fields }, 'request failed')
    exchange.errorCode = apiError.code
    // A handler that took the response has its headers: a keyed error still names what it varies on.
    if (exchange.route?.access === 'key') setHeader(exchange.headers, 'vary', KEYED_VARY)
    sendError(res, apiError, exchange.headers)
  }
  logWhenDone(exchange, deps)
}

/** Logs the response now if it is over (sent or cut off), else when its connection closes. */
function logWhenDone(exchange: Exchange, deps: PipelineDeps): void {
  const res = exchange.response
  if (res.destroyed || (res.writableEnded && res.writableLength === 0))
    log(exchange, res.writableEnded && !res.destroyed, deps)
  else res.once('close', () => log(exchange, res.writableFinished, deps))
}

/**
 * How a request whose client broke off its body before any answer is counted and logged: a
 * client error (the status of a malformed request), never a 5xx, with its own code in the log's
 * `error` field. No answer was sent: nobody was left to read one.
 */
const ABORTED = { status: 400, code: 'request_aborted' } as const

/** Counts the response (metrics) and writes its access log line. */
function log(exchange: Exchange, completed: boolean, deps: PipelineDeps): void {
  const { req, response } = exchange
  const ms = performance.now() - exchange.started
  const bytes = bodyBytesOf(response)
  const { metrics } = deps
  let status = response.statusCode
  if (!response.headersSent && isRequestAborted(req)) {
    status = ABORTED.status
    exchange.errorCode = ABORTED.code
    deps.logger.warn(
      { req: exchange.id, route: exchange.routePath ?? 'unmatched', code: ABORTED.code },
      'the client broke off its request before its body was complete; nothing was answered',
    )
  }
  metrics.inFlight--
  metrics.cellsOf(exchange.route).ended(status, ms / 1000, bytes)
  deps.access.write({
    req: exchange.id,
    method: req.method ?? '',
    route: exchange.routePath ?? 'unmatched',
    path: LOGGABLE_PATHS.of(req.url ?? '/', exchange.route),
    status,
    ms: Math.round(ms * 100) / 100,
    bytes,
    ip: ipOf(exchange, deps),
    key: exchange.key?.id,
    error: exchange.errorCode,
    completed,
  })
}
