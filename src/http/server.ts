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
import { sendBody, sendError, JSON_TYPE } from './respond.ts'
import { Router } from './router.ts'
import type { Context, Reply, Route } from './route.ts'
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
// A connection on which nothing moves for 60 s (a reader that stopped reading a download) is
// closed, which also cancels its remaining batches.
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

function setRateLimitHeaders(res: ServerResponse, result: LimitResult): void {
  res.setHeader('ratelimit-limit', result.limit)
  res.setHeader('ratelimit-remaining', result.remaining)
  res.setHeader('ratelimit-reset', result.reset)
  res.setHeader('ratelimit-policy', `${result.limit};w=60`)
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

/** A request's context; its abort signal is made on first use (most handlers answer at once). */
class RequestContext implements Context {
  readonly req: IncomingMessage
  readonly res: ServerResponse
  params: Record<string, string>
  query: Record<string, unknown> = EMPTY
  body: Record<string, unknown> = EMPTY
  key: KeyRecord | null = null
  #signal: AbortSignal | undefined = undefined

  constructor(req: IncomingMessage, res: ServerResponse, params: Record<string, string>) {
    this.req = req
    this.res = res
    this.params = params
  }

  get signal(): AbortSignal {
    this.#signal ??= abortOnClose(this.res)
    return this.#signal
  }
}

export interface App {
  server: Server
  routes: readonly Route[]
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>
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

  /** Finds the route of a request: 404 for an unknown path, 405 (with Allow) for a wrong method. */
  function matchRoute(req: IncomingMessage, path: string): { route: Route; params: Record<string, string> } {
    const match = router.match(req.method ?? 'GET', path)
    if (match.kind === 'none') throw new ApiError('not_found', `no endpoint at ${path.slice(0, 200)}`)
    if (match.kind === 'method') {
      throw new ApiError('method_not_allowed', `${req.method} is not allowed here; allowed: ${match.allow}`, {
        headers: { allow: match.allow },
      })
    }
    return { route: match.route, params: match.params }
  }

  /** Counts a keyless request against its client IP's bucket (export, MCP). */
  async function limitClient(req: IncomingMessage, res: ServerResponse, route: Route): Promise<void> {
    const bucket = route.bucket === 'mcp' ? 'mcp' : 'export'
    const limit = await limits.consume(bucket, clientIp(req, deps.trustProxy), deps.ipRateLimits[bucket])
    setRateLimitHeaders(res, limit)
    if (!limit.allowed) throw rateLimited(limit, ' per client')
  }

  /**
   * The key of a keyed request. A client IP past its failed-authentication limit gets 429 before
   * its key is even parsed; a 401 counts as a failure.
   */
  async function authenticate(req: IncomingMessage): Promise<KeyRecord> {
    const ip = clientIp(req, deps.trustProxy)
    const blocked = deps.authFailures.blockedFor('auth-failures', ip)
    if (blocked > 0) {
      throw new ApiError(
        'rate_limited',
        `too many failed authentications from this client (${deps.authFailureLimit} per minute); retry in ${blocked} s`,
        { retryAfter: blocked },
      )
    }
    try {
      const found = keys.authenticate(presentedKey(req))
      return found instanceof Promise ? await found : found
    } catch (error) {
      if (error instanceof ApiError && error.code === 'unauthorized')
        await deps.authFailures.countFailure('auth-failures', ip, deps.authFailureLimit)
      throw error
    }
  }

  /** Counts a keyed request against its key's limit. */
  async function limitKey(res: ServerResponse, key: KeyRecord): Promise<void> {
    const limit = await limits.consume('api', key.id, key.limit ?? deps.defaultRateLimit)
    setRateLimitHeaders(res, limit)
    if (!limit.allowed) throw rateLimited(limit, '')
  }

  /** Decodes the path parameters and validates the query and the body into the context. */
  async function readParameters(context: RequestContext, route: Route, search: string): Promise<void> {
    if (route.pathParams !== undefined) context.params = decodeParams(context.params)
    if (route.validateQuery !== undefined) context.query = route.validateQuery(parseQuery(search))
    if (route.validateBody !== undefined)
      context.body = route.validateBody(await readJsonBody(context.req, route.maxBody))
  }

  /** Writes a handler's reply (unless it wrote the response itself). */
  function write(res: ServerResponse, reply: Reply): void {
    if (reply === 'sent') return
    const status = reply.status ?? 200
    if (reply.bytes !== undefined) sendBody(res, status, reply.bytes, JSON_TYPE, reply.headers)
    else sendBody(res, status, JSON.stringify(reply.json), JSON_TYPE, reply.headers)
  }

  /** One request: route → limits and key → parameters → handler → reply. */
  async function run(req: IncomingMessage, res: ServerResponse, state: { route: string; key: string | undefined }) {
    const url = req.url ?? '/'
    const mark = url.indexOf('?')
    let path = mark < 0 ? url : url.slice(0, mark)
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1)
    const { route, params } = matchRoute(req, path)
    state.route = route.path
    const context = new RequestContext(req, res, params)
    if (route.access === 'ip') await limitClient(req, res, route)
    if (route.access === 'key') {
      const key = await authenticate(req)
      state.key = key.id
      context.key = key
      await limitKey(res, key)
    }
    await readParameters(context, route, mark < 0 ? '' : url.slice(mark + 1))
    // Handlers that answer at once return their reply itself: no promise to wait for.
    const handled = route.handle(context)
    write(res, handled instanceof Promise ? await handled : handled)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now()
    const state: { route: string; key: string | undefined } = { route: 'unmatched', key: undefined }
    const id = requestId(req)
    res.setHeader('x-request-id', id)
    res.once('close', () => {
      access({
        req: id,
        method: req.method ?? '',
        route: state.route,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 100) / 100,
        key: state.key,
        completed: res.writableFinished,
      })
    })
    try {
      await run(req, res, state)
    } catch (error) {
      const apiError = toHttpError(error)
      if (
        apiError.code === 'internal_error' ||
        (apiError.code === 'service_unavailable' && apiError.cause !== undefined)
      )
        logger.error({ err: apiError.cause, req: id, route: state.route, code: apiError.code }, 'request failed')
      sendError(res, apiError)
    }
  }

  const timeouts = { ...SERVER_TIMEOUTS, ...deps.timeouts }
  const server = createServer(timeouts, (req, res) => void handle(req, res))
  server.keepAliveTimeout = timeouts.keepAliveTimeout
  server.timeout = timeouts.socketTimeout
  return { server, routes, handle }
}
