// What a route is. A feature writes a RouteSpec: what the route is (method, path, access, the
// schemas of its path parameters, query and body) and everything said about it (its answers
// with their schemas and headers, the names the OpenAPI document gives its bodies, its
// examples), and a handler, whose inputs are typed from those same schemas. `route()` compiles
// it into a Route: the schemas become validators, and `run` validates a request's inputs and
// calls the handler with them. The router, the index and the OpenAPI document read a Route's
// description; the pipeline calls its `run` and sends its Reply. This module imports no
// feature, so features depend on it without cycles.
import type { FromSchema, JSONSchema } from 'json-schema-to-ts'
import type { ErrorCode } from '../core/errors.ts'
import { ApiError } from '../core/errors.ts'
import type { Schema } from '../core/schemas.ts'
import { compileValidator, unknownParameterError, type Validator } from '../core/validation.ts'
import { BoundedCache } from '../bounded-cache.ts'
import type { Access } from './access.ts'
import { readJsonBody } from './body.ts'
import type { ExampleCall } from './example.ts'
import type { Context, Exchange } from './exchange.ts'

/** Headers a handler adds to its answer, by lower-case name (they win over the pipeline's). */
type ReplyHeaders = Readonly<Record<string, string>>

/**
 * A handler's answer, which the pipeline sends: a JSON value, prebuilt bytes, or no body at all
 * (204, 304); or 'sent' when the handler wrote the response itself (a stream, the MCP SDK's
 * answer). An answer without one of these is no answer: the type refuses `{}`.
 */
export type Reply =
  | { readonly status?: number; readonly json: unknown; readonly headers?: ReplyHeaders }
  | { readonly status?: number; readonly bytes: Buffer; readonly headers?: ReplyHeaders }
  | { readonly status: 204 | 304; readonly headers?: ReplyHeaders }
  | 'sent'

/** Headers an answer may carry that the OpenAPI document describes by name (openapi.ts), beyond those of access, compression and caching. */
export type DocumentedHeader = 'Content-Disposition' | 'ETag' | 'Location'

/** One answer of a route, as the OpenAPI document describes it. */
export interface ResponseSpec {
  description: string
  /** Its JSON body's schema (a file's: an array of its rows, which NDJSON has one per line). */
  schema?: Schema
  /** The name the document gives `schema` (components.schemas) where the shared wire shapes (core/schemas.ts) do not name it. */
  schemaName?: string
  /** The media types it may have (default application/json). */
  contentTypes?: readonly string[]
  /** By media type, the shape of a body of another type than JSON (NDJSON: of each line), where `schema` does not give it. */
  media?: Readonly<Record<string, Schema>>
  /** Headers it carries, as its handler sets them. */
  headers?: readonly DocumentedHeader[]
  /** Its longest body in bytes, where that is fixed and short (a probe's): under MIN_COMPRESSED_BYTES, never compressed. */
  maxBytes?: number
  /** Sent as another program made it (the MCP SDK's answer), never compressed. */
  verbatim?: true
}

/** A body its handler reads itself (documented only; not validated by the pipeline): JSON of `schema`, or of the media types `types` lists. */
export type HandlerBody =
  | { description: string; schema: Schema; schemaName?: string }
  | { description: string; types: Readonly<Record<string, Schema>> }

/** A route as the router, the index and the OpenAPI document see it. */
export interface RouteInfo {
  method: 'GET' | 'POST' | 'OPTIONS'
  path: string
  /** Who may call it, which decides what its requests count against (access.ts). */
  access: Access
  /** The operation's name in the OpenAPI document, which generated clients name their functions after; unique. */
  operationId: string
  summary: string
  description?: string
  tag: string
  pathParams?: Readonly<Record<string, Schema>>
  /** The query's parameters (the properties of the query's object schema). */
  query?: Readonly<Record<string, Schema>>
  body?: Schema
  /** The name the OpenAPI document gives `body` where the shared wire shapes do not name it. */
  bodyName?: string
  requestBody?: HandlerBody
  /** Body size cap in bytes (default 16 KiB). */
  maxBody?: number
  /**
   * Errors the handler itself can answer (unknown country, generator busy, ...). Those of the
   * pipeline (authentication, limits, parameters, bodies, methods) follow from the other fields.
   */
  errors?: readonly ErrorCode[]
  responses: Readonly<Record<number, ResponseSpec>>
  /**
   * The Cache-Control values its answers below 400 carry, as its handler sets them (the OpenAPI
   * document lists them). A keyed route answers `no-store` unless it says otherwise (the
   * pipeline's default), and never `public`: its answers belong to the key that asked.
   */
  cacheControl?: readonly string[]
  /**
   * The calls that show it, made when the OpenAPI document is built (example.ts): its answers,
   * and the errors it answers in its own words or to a request of their own. The other errors'
   * examples follow from its declaration (error-examples.ts).
   */
  examples?: () => readonly ExampleCall[]
}

/** An object schema as core/schemas.ts `objectOf` makes them. */
type ObjectSchema = Schema & { readonly type: 'object'; readonly properties: Readonly<Record<string, Schema>> }

/** The value a schema validates to; no schema, no value. */
type Parsed<S> = S extends JSONSchema ? FromSchema<S> : Readonly<Record<string, never>>

/** A handler's inputs: path parameters decoded, query and body validated (defaults filled in). */
export interface Inputs<P, Q, B> {
  params: Readonly<Record<keyof P & string, string>>
  query: Parsed<Q>
  body: Parsed<B>
}

export interface RouteSpec<P, Q, B> extends Omit<RouteInfo, 'pathParams' | 'query' | 'body'> {
  pathParams?: P
  query?: Q
  body?: B
  handle: (inputs: NoInfer<Inputs<P, Q, B>>, context: Context) => Reply | Promise<Reply>
}

export interface Route extends RouteInfo {
  /** Decodes and validates the request's inputs (reading its body first, if it has one) and runs the handler. */
  run(exchange: Exchange): Reply | Promise<Reply>
}

const NOTHING: Readonly<Record<string, never>> = Object.freeze({})

/** Compiles a route: its schemas into validators, its handler behind them. */
export function route<
  const P extends Readonly<Record<string, Schema>> = Readonly<Record<string, never>>,
  const Q extends ObjectSchema | undefined = undefined,
  const B extends ObjectSchema | undefined = undefined,
>(spec: RouteSpec<P, Q, B>): Route {
  const { handle, pathParams, query, body, ...info } = spec
  // A shared cache (a CDN, a proxy) would hand a keyed answer to clients without the key:
  // X-API-Key is no Authorization to it (RFC 9111 §3.5), so nothing else tells it not to.
  if (info.access === 'key' && info.cacheControl?.some((value) => /\bpublic\b/i.test(value)))
    throw new Error(`${info.operationId}: a keyed route's answers may not be publicly cacheable`)
  const names = Object.keys(pathParams ?? {}) as (keyof P & string)[]
  const readQuery = queryReader<Parsed<Q>>(query)
  const validateBody: Validator<Parsed<B>> | undefined = body === undefined ? undefined : compileValidator(body, 'body')
  const maxBody = spec.maxBody
  return {
    ...info,
    ...(pathParams === undefined ? {} : { pathParams }),
    ...(query === undefined ? {} : { query: query.properties }),
    ...(body === undefined ? {} : { body }),
    run(exchange) {
      const params = decodeParams(names, exchange.rawParams)
      const parsed = readQuery(exchange.search())
      if (validateBody === undefined) return handle({ params, query: parsed, body: NOTHING as Parsed<B> }, exchange)
      return readJsonBody(exchange.req, maxBody).then((raw) =>
        handle({ params, query: parsed, body: validateBody(raw) }, exchange),
      )
    },
  }
}

// Validated queries by query string: clients (load tests above all) repeat the same URLs, and a
// query's value is a function of its text. Only valid ones are kept, frozen, as handlers share them.
const QUERY_CACHE_SIZE = 1024

/**
 * Validates a query string against the route's query schema. Parameters the route does not know
 * are ignored (a route without a query schema ignores its whole query), but for likely typos of
 * one it knows (parseQuery).
 */
function queryReader<T>(schema: ObjectSchema | undefined): (search: string) => T {
  if (schema === undefined) return () => NOTHING as T
  const validate = compileValidator<T>(schema, 'query')
  const known = Object.keys(schema.properties)
  const cache = new BoundedCache<string, T>(QUERY_CACHE_SIZE)
  return (search) => cache.get(search) ?? cache.set(search, Object.freeze(validate(parseQuery(search, known))))
}

/** The path parameters by name, percent-decoded (most have nothing to decode). */
function decodeParams<K extends string>(names: readonly K[], raw: Readonly<Record<string, string>>): Record<K, string> {
  const params = {} as Record<K, string>
  for (const name of names) {
    const value = raw[name] as string
    params[name] = value.includes('%') ? decodeParam(name, value) : value
  }
  return params
}

function decodeParam(name: string, value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    throw new ApiError('invalid_request', `${name} is not valid percent-encoded text`)
  }
}

/**
 * The query's parameters among `known`, the one rule of every route (docs/http-api.md): a known
 * one given twice is a 422; an unknown one is ignored, however often it is given, unless it is
 * one edit from a known one (`cuont`): then a 422 that names the one meant. Plain `name=value`
 * pairs need no decoding.
 */
export function parseQuery(search: string, known: readonly string[]): Record<string, unknown> {
  const query: Record<string, unknown> = {}
  if (search === '') return query
  for (const pair of search.split('&')) {
    if (pair === '') continue
    const equals = pair.indexOf('=')
    const name = decodeComponent(equals < 0 ? pair : pair.slice(0, equals))
    if (!known.includes(name)) {
      const typo = unknownParameterError(name, known)
      if (typo !== undefined) throw typo
      continue
    }
    if (Object.hasOwn(query, name)) throw new ApiError('invalid_request', `${name} must be given once`)
    query[name] = equals < 0 ? '' : decodeComponent(pair.slice(equals + 1))
  }
  return query
}

/** A query component as URLSearchParams decodes it ('+' is a space; a bad escape stays as it is). */
function decodeComponent(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text
  return new URLSearchParams(`a=${text}`).get('a') ?? ''
}
