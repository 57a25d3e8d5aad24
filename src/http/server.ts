// The HTTP service on plain node:http. Per request: match route → authenticate → rate limit
// → validate parameters → handler → write. Errors of any kind are rendered once by sendError.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { ApiError } from '../core/errors.ts'
import { toHttpError } from './errors.ts'
import { unauthorized, type KeyAuthenticator } from '../keys/authenticator.ts'
import type { KeyRecord } from '../keys/key.ts'
import type { RateLimits, LimitResult } from '../limits/rate-limit.ts'
import type { McpEndpoint } from '../mcp/info.ts'
import type { WebAssets } from '../web/page.ts'
import type { GenerationPool } from '../pool/pool.ts'
import { clientIp } from './client-ip.ts'
import { accessLogger } from './access-log.ts'
import { readJsonBody } from './body.ts'
import { buildIndex, buildOpenApi } from './openapi.ts'
import { appendHeaders, sendBody, sendError, type HeaderList } from './respond.ts'
import { Router } from './router.ts'
import type { Access, Context, Reply, Route } from './route.ts'
import type { Validator } from '../core/validation.ts'
import { compileRoutes, routeSpecs } from './routes.ts'

export interface AppDeps {
  publicUrl: string
  keys: KeyAuthenticator
  limits: RateLimits
  pool: GenerationPool
  /** Requests per minute for keys without their own limit. */
  defaultRateLimit: number
  /** Requests per minute per client IP, by bucket of the keyless routes. */
  ipRateLimits: Record<'export' | 'mcp', number>
  /**
   * Failed authentications (401) per minute per client IP, counted in this instance's memory;
   * past it, keyed requests from that IP get 429 before their key is even parsed.
   */
  authFailureLimit: number
  authFailures: RateLimits
  trustProxy: number
  poolInlineMax: number
  bulkMaxCount: number
  /** The MCP server (tools on the same pool) and the browser origins allowed to call it. */
  mcp: McpEndpoint
  mcpAllowedOrigins: readonly string[]
  /** The web page at the site root and its assets. */
  web: WebAssets
  logger: Logger
  /** Resolves when every configured dependency answers (readiness). */
  ready: () => Promise<void>
  /** Overrides of SERVER_TIMEOUTS (tests). */
  timeouts?: Partial<typeof SERVER_TIMEOUTS>
}

// Timeouts chosen so that slow or idle clients cannot hold sockets: a request's headers must
// arrive within 10 s and its body within 30 s; idle keep-alive sockets close after 5 s; and
// the server checks those deadlines every second (Node's default is every 30 s).
// A streamed or large response on whose connection nothing moves for 60 s (a reader that stopped
// reading a download) is closed, which also cancels its remaining batches. Small replies go out
// in one write and need no such guard, so the per-request timer is not armed for them.
export const SERVER_TIMEOUTS: Readonly<{
  headersTimeout: number
  requestTimeout: number
  keepAliveTimeout: number
  connectionsCheckingInterval: number
  socketTimeout: number
}> = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
  socketTimeout: 60_000,
}

const EMPTY: Record<string, unknown> = Object.freeze({})
/** Replies longer than this may not fit the socket's buffers at once: they get the idle guard. */
const LARGE_BODY = 64 * 1024
const EMPTY_PARAMS: Record<string, string> = Object.freeze({})

const BEARER = /^bearer\s+/i

/**
 * The key from `X-API-Key` or `Authorization: Bearer`. Both may be sent only when they hold
 * the same key: two different credentials are refused (401), never served under either.
 */
function presentedKey(req: IncomingMessage): string | undefined {
  const header = req.headers['x-api-key']
  const apiKey = typeof header === 'string' ? header.trim() : undefined
  const authorization = req.headers.authorization
  const bearer =
    authorization !== undefined && BEARER.test(authorization) ? authorization.replace(BEARER, '').trim() : undefined
  if (apiKey !== undefined && bearer !== undefined && apiKey !== bearer) throw conflictingKeys()
  return apiKey ?? bearer
}

function conflictingKeys(): ApiError {
  return unauthorized('two different API keys were presented (X-API-Key and Authorization: Bearer); send one')
}

/** The 429 of a limit that was reached, for `who` (a key, or a client IP). */
function rateLimited(limit: LimitResult, who: string): ApiError {
  return new ApiError(
    'rate_limited',
    `rate limit of ${limit.limit} requests per minute${who} exceeded; retry in ${limit.reset} s`,
    { retryAfter: limit.reset },
  )
}

/** A query component as URLSearchParams decodes it ('+' is a space; a bad escape stays as it is). */
function decodeComponent(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text
  return new URLSearchParams(`a=${text}`).get('a') ?? ''
}

/** The query's parameters; a repeated one is a 422. Plain `name=value` pairs need no decoding. */
function parseQuery(search: string): Record<string, unknown> {
  if (search === '') return {}
  const query: Record<string, unknown> = {}
  for (const pair of search.split('&')) {
    if (pair === '') continue
    const equals = pair.indexOf('=')
    const name = decodeComponent(equals < 0 ? pair : pair.slice(0, equals))
    const value = equals < 0 ? '' : decodeComponent(pair.slice(equals + 1))
    if (Object.hasOwn(query, name)) throw new ApiError('invalid_request', `${name} must be given once`)
    query[name] = value
  }
  return query
}

function decodeParams(params: Record<string, string>): Record<string, string> {
  let plain = true
  for (const name in params) if ((params[name] as string).includes('%')) plain = false
  if (plain) return params
  const decoded: Record<string, string> = {}
  for (const name in params) {
    try {
      decoded[name] = decodeURIComponent(params[name] as string)
    } catch {
      throw new ApiError('invalid_request', `${name} is not valid percent-encoded text`)
    }
  }
  return decoded
}

// Request ids: a client's (or proxy's) X-Request-Id when it is a plain token, else this process's
// boot prefix and a counter. Sent back in X-Request-Id and written in every log line of the request.
const REQUEST_ID = /^[\w.-]{1,64}$/
const BOOT = Date.now().toString(36)
let requestCount = 0

function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id']
  if (typeof given === 'string' && REQUEST_ID.test(given)) return given
  return `${BOOT}-${(++requestCount).toString(36)}`
}

// Header values go in as strings: Node would otherwise turn each number into text twice (to
// check its characters, then to write it). The limit's texts are made once per limit.
const LIMIT_TEXTS = new Map<number, { limit: string; policy: string }>()

function pushRateLimitHeaders(headers: HeaderList, result: LimitResult): void {
  let texts = LIMIT_TEXTS.get(result.limit)
  if (texts === undefined) {
    texts = { limit: String(result.limit), policy: `${result.limit};w=60` }
    if (LIMIT_TEXTS.size >= 1_000) LIMIT_TEXTS.clear()
    LIMIT_TEXTS.set(result.limit, texts)
  }
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

/** A signal that aborts when the connection closes before the response was complete. */
function abortOnClose(res: ServerResponse): AbortSignal {
  const controller = new AbortController()
  if (res.closed) controller.abort()
  else
    res.once('close', () => {
      if (!res.writableFinished) controller.abort()
    })
  return controller.signal
}

/**
 * One request on its way through the pipeline, and the Context its handler gets. The
 * pipeline's response headers (request id, limits) wait in `headers` and go out with the reply
 * in one writeHead. A handler that writes the response itself reads `res`: that sets them on
 * the response first. The abort signal is made on first use (most handlers answer at once).
 */
class Exchange implements Context {
  readonly req: IncomingMessage
  readonly response: ServerResponse
  readonly id: string
  readonly started = performance.now()
  readonly headers: HeaderList
  route: Route | undefined = undefined
  params: Record<string, string> = EMPTY_PARAMS
  query: Record<string, unknown> = EMPTY
  body: Record<string, unknown> = EMPTY
  key: KeyRecord | null = null
  readonly #idleTimeout: number
  #signal: AbortSignal | undefined = undefined

  constructor(req: IncomingMessage, res: ServerResponse, id: string, idleTimeout: number) {
    this.req = req
    this.response = res
    this.id = id
    this.headers = ['x-request-id', id]
    this.#idleTimeout = idleTimeout
  }

  /** The response, for a handler that writes it itself: pending headers set, idle timeout armed. */
  get res(): ServerResponse {
    const { headers, response } = this
    if (headers.length > 0) {
      for (let i = 0; i < headers.length; i += 2) response.setHeader(headers[i] as string, headers[i + 1] as string)
      headers.length = 0
      this.guardIdle()
    }
    return response
  }

  /**
   * Closes the connection when nothing moves on it for the idle timeout while this response
   * is under way (Node replaces the timer with the keep-alive one when the response is done).
   */
  guardIdle(): void {
    this.response.socket?.setTimeout(this.#idleTimeout)
  }

  get signal(): AbortSignal {
    this.#signal ??= abortOnClose(this.response)
    return this.#signal
  }
}

/** A step of the pipeline: done when it returns, or when the promise it returns resolves. */
type Step = (exchange: Exchange) => void | Promise<void>

export interface App {
  server: Server
  routes: readonly Route[]
  /** Hands buffered access log lines to the logger's destination (before shutting down). */
  flushLogs(): void
}

export function createApp(deps: AppDeps): App {
  let index = Buffer.alloc(0)
  let openapi = Buffer.alloc(0)
  const specs = routeSpecs({
    documents: { index: () => index, openapi: () => openapi },
    ready: deps.ready,
    pool: deps.pool,
    poolInlineMax: deps.poolInlineMax,
    bulkMaxCount: deps.bulkMaxCount,
    mcp: { mcp: deps.mcp, publicUrl: deps.publicUrl, allowedOrigins: deps.mcpAllowedOrigins },
    web: deps.web,
  })
  const routes = compileRoutes(specs)
  index = Buffer.from(JSON.stringify(buildIndex(specs, deps.publicUrl)))
  openapi = Buffer.from(JSON.stringify(buildOpenApi(specs, deps.publicUrl)))
  const router = new Router(routes)
  const { logger, keys, limits } = deps
  const access = accessLogger(logger)
  const timeouts = { ...SERVER_TIMEOUTS, ...deps.timeouts }

  /** Finds the route of a request: 404 for an unknown path, 405 (with Allow) for a wrong method. */
  function matchRoute(exchange: Exchange, path: string): Route {
    const { req } = exchange
    const match = router.match(req.method ?? 'GET', path)
    if (match.kind === 'none') throw new ApiError('not_found', `no endpoint at ${path.slice(0, 200)}`)
    if (match.kind === 'method') {
      throw new ApiError('method_not_allowed', `${req.method} is not allowed here; allowed: ${match.allow}`, {
        headers: { allow: match.allow },
      })
    }
    exchange.params = match.params
    return match.route
  }

  /**
   * Runs `steps` from `from` on: synchronously as long as each step is, and on from where a
   * step's promise resolves. A step that throws or rejects ends the request with its error.
   */
  function proceed(exchange: Exchange, steps: readonly Step[], from: number): void {
    try {
      for (let i = from; i < steps.length; i++) {
        const pending = (steps[i] as Step)(exchange)
        if (pending !== undefined) {
          pending.then(
            () => proceed(exchange, steps, i + 1),
            (error: unknown) => fail(exchange, error),
          )
          return
        }
      }
    } catch (error) {
      fail(exchange, error)
    }
  }

  /** Counts a keyless request against its client IP's bucket (export, MCP). */
  function limitClient(exchange: Exchange): Promise<void> {
    const bucket = exchange.route?.bucket === 'mcp' ? 'mcp' : 'export'
    const ip = clientIp(exchange.req, deps.trustProxy)
    return limits.count(bucket, ip, deps.ipRateLimits[bucket], (limit) => {
      pushRateLimitHeaders(exchange.headers, limit)
      if (!limit.allowed) throw rateLimited(limit, ' per client')
    })
  }

  /** A 401 counts as a failed authentication of the client IP; any other error passes as it is. */
  function countFailure(error: unknown, ip: string): never | Promise<never> {
    if (!(error instanceof ApiError && error.code === 'unauthorized')) throw error
    return deps.authFailures.countFailure('auth-failures', ip, deps.authFailureLimit).then(() => {
      throw error
    })
  }

  /**
   * The key of a keyed request, synchronously when it is cached. A client IP past its
   * failed-authentication limit gets 429 before its key is even parsed; a 401 counts as a failure.
   */
  function authenticate(exchange: Exchange): void | Promise<void> {
    const ip = clientIp(exchange.req, deps.trustProxy)
    const blocked = deps.authFailures.blockedFor('auth-failures', ip)
    if (blocked > 0) {
      throw new ApiError(
        'rate_limited',
        `too many failed authentications from this client (${deps.authFailureLimit} per minute); retry in ${blocked} s`,
        { retryAfter: blocked },
      )
    }
    let found: KeyRecord | Promise<KeyRecord>
    try {
      found = keys.authenticate(presentedKey(exchange.req))
    } catch (error) {
      return countFailure(error, ip)
    }
    if (!(found instanceof Promise)) {
      exchange.key = found
      return
    }
    return found.then(
      (key) => {
        exchange.key = key
      },
      (error: unknown) => countFailure(error, ip),
    )
  }

  /** Counts a keyed request against its key's limit. */
  function limitKey(exchange: Exchange): Promise<void> {
    const key = exchange.key as KeyRecord
    return limits.count('api', key.id, key.limit ?? deps.defaultRateLimit, (limit) => {
      pushRateLimitHeaders(exchange.headers, limit)
      if (!limit.allowed) throw rateLimited(limit, '')
    })
  }

  /** Decodes the path parameters and validates the query (and the body, read first) into the exchange. */
  function readParameters(exchange: Exchange): void | Promise<void> {
    const route = exchange.route as Route
    if (route.pathParams !== undefined) exchange.params = decodeParams(exchange.params)
    if (route.validateQuery !== undefined) {
      const url = exchange.req.url ?? ''
      const mark = url.indexOf('?')
      exchange.query = readQuery(route, route.validateQuery, mark < 0 ? '' : url.slice(mark + 1))
    }
    const validateBody = route.validateBody
    if (validateBody === undefined) return
    return readJsonBody(exchange.req, route.maxBody).then((body) => {
      exchange.body = validateBody(body)
    })
  }

  // Validated queries by route and query string: clients (load tests above all) repeat the same
  // URLs, and a query's parameters are a function of its text. Only valid queries are kept,
  // frozen, as handlers share them; a full cache starts over.
  const queries = new Map<Route, Map<string, Record<string, unknown>>>()
  const QUERY_CACHE_SIZE = 1024

  function readQuery(route: Route, validate: Validator, search: string): Record<string, unknown> {
    let cache = queries.get(route)
    if (cache === undefined) queries.set(route, (cache = new Map<string, Record<string, unknown>>()))
    let query = cache.get(search)
    if (query === undefined) {
      query = Object.freeze(validate(parseQuery(search)))
      if (cache.size >= QUERY_CACHE_SIZE) cache.clear()
      cache.set(search, query)
    }
    return query
  }

  /** Runs the handler and writes its reply (unless it wrote the response itself). */
  function respond(exchange: Exchange): void | Promise<void> {
    const handled = (exchange.route as Route).handle(exchange)
    if (handled instanceof Promise) return handled.then((reply) => write(exchange, reply))
    write(exchange, handled)
  }

  function write(exchange: Exchange, reply: Reply): void {
    if (reply !== 'sent') {
      const { headers } = exchange
      appendHeaders(headers, reply.headers)
      const body = reply.bytes ?? JSON.stringify(reply.json)
      if (body.length > LARGE_BODY) exchange.guardIdle()
      sendBody(exchange.response, reply.status ?? 200, body, headers)
    }
    logWhenDone(exchange)
  }

  const STEPS: Record<Access, readonly Step[]> = {
    public: [readParameters, respond],
    key: [authenticate, limitKey, readParameters, respond],
    ip: [limitClient, readParameters, respond],
  }

  /** Logs the response now if it is over (sent or cut off), else when its connection closes. */
  function logWhenDone(exchange: Exchange): void {
    const res = exchange.response
    if (res.destroyed || (res.writableEnded && res.writableLength === 0))
      log(exchange, res.writableEnded && !res.destroyed)
    else res.once('close', () => log(exchange, res.writableFinished))
  }

  function log(exchange: Exchange, completed: boolean): void {
    access.write({
      req: exchange.id,
      method: exchange.req.method ?? '',
      route: exchange.route?.path ?? 'unmatched',
      status: exchange.response.statusCode,
      ms: Math.round((performance.now() - exchange.started) * 100) / 100,
      key: exchange.key?.id,
      completed,
    })
  }

  function fail(exchange: Exchange, error: unknown): void {
    const apiError = toHttpError(error)
    if (apiError.code === 'internal_error' || (apiError.code === 'service_unavailable' && apiError.cause !== undefined))
      logger.error(
        { err: apiError.cause, req: exchange.id, route: exchange.route?.path ?? 'unmatched', code: apiError.code },
        'request failed',
      )
    sendError(exchange.response, apiError, exchange.headers)
    logWhenDone(exchange)
  }

  /**
   * One request: route, then its access's steps (limits and key, parameters, handler and
   * reply), synchronously up to the first step that has to wait.
   */
  function handle(req: IncomingMessage, res: ServerResponse): void {
    const exchange = new Exchange(req, res, requestId(req), timeouts.socketTimeout)
    try {
      const url = req.url ?? '/'
      const mark = url.indexOf('?')
      let path = mark < 0 ? url : url.slice(0, mark)
      if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1)
      const route = matchRoute(exchange, path)
      exchange.route = route
      proceed(exchange, STEPS[route.access], 0)
    } catch (error) {
      fail(exchange, error)
    }
  }

  const server = createServer(timeouts, handle)
  server.keepAliveTimeout = timeouts.keepAliveTimeout
  return { server, routes, flushLogs: () => access.flush() }
}
