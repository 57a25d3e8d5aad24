// The error examples of a route, which follow from how it is declared: the errors of the
// pipeline (by its access, its parameters, its body) and those its handler declares
// (RouteInfo.errors), one example per code, its message the one the code answers with, and the
// request that provokes it where one does without a failing dependency. A route's own examples
// (RouteInfo.examples) may show an error in its own words or with a request of its own; a code
// they show is not shown again. A new error code needs an entry in ERROR_EXAMPLES: its type asks.
import { DEFAULT_LIMITS } from '../config.ts'
import { ERROR_CODES, ERRORS, errorBody, type ErrorCode } from '../core/errors.ts'
import { requireCountry } from '../core/operations.ts'
import type { Schema } from '../core/schemas.ts'
import { unauthorized } from '../keys/authenticator.ts'
import { poolBusyMessage } from '../pool/pool.ts'
import { MAX_JSON_BODY } from './body.ts'
import { BAD_JSON, FOREIGN_ORIGIN, JSON_TYPE, jsonBody, type ExampleCall, type ExampleRequest } from './example.ts'
import type { RouteInfo } from './route.ts'

/**
 * The errors a route can answer: those of the pipeline, which follow from how the route is
 * declared (access, parameters, a JSON body), and those its handler declares in `errors`. A
 * wrong method is no answer of an operation (it is no request for one): it is described once,
 * in the document's introduction.
 */
export function errorsOf(route: RouteInfo): ErrorCode[] {
  const codes = new Set<ErrorCode>(['internal_error'])
  if (route.access === 'key')
    for (const code of ['unauthorized', 'rate_limited', 'service_unavailable'] as const) codes.add(code)
  if (typeof route.access === 'object') codes.add('rate_limited')
  if (route.query !== undefined) codes.add('invalid_request')
  if (hasJsonBody(route)) {
    for (const code of ['invalid_json', 'payload_too_large', 'unsupported_media_type'] as const) codes.add(code)
  }
  // A body is read within REQUEST_TIMEOUT_MS of the server waiting for it.
  if (route.body !== undefined || route.requestBody !== undefined) codes.add('request_timeout')
  if (route.body !== undefined) codes.add('invalid_request')
  for (const code of route.errors ?? []) codes.add(code)
  codes.delete('method_not_allowed')
  return ERROR_CODES.filter((code) => codes.has(code))
}

/** The route reads a JSON body: one the pipeline validates, or one its handler reads as JSON (not one of other media types). */
function hasJsonBody(route: RouteInfo): boolean {
  return route.body !== undefined || (route.requestBody !== undefined && !('types' in route.requestBody))
}

/** Every error example of a route: its own (`own`), then one per code it answers that they leave out. */
export function errorExamples(
  route: RouteInfo,
  own: readonly ExampleCall[],
  success: ExampleRequest | undefined,
): ExampleCall[] {
  const calls = [...own]
  for (const code of errorsOf(route)) {
    if (own.some((call) => call.name === code)) continue
    calls.push(...ERROR_EXAMPLES[code](route, success))
  }
  return calls
}

/** An example of the error `code` with `message`, named after the code unless `name` says otherwise. */
export function errorExample(
  code: ErrorCode,
  message: string,
  request?: ExampleRequest,
  name: string = code,
): ExampleCall {
  return {
    name,
    summary: ERRORS[code].description,
    ...(request === undefined ? {} : { request }),
    status: ERRORS[code].status,
    type: JSON_TYPE,
    value: errorBody(code, message),
  }
}

/** The message of the error `fails` throws. */
export function messageOf(fails: () => unknown): string {
  try {
    fails()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the example was to fail')
}

/** What the service answers for a country code it does not know (XX). */
export function unknownCountry(): string {
  return messageOf(() => requireCountry('XX'))
}

/** What JSON.parse says about the examples' broken body, as the server reports it. */
export function invalidJsonMessage(): string {
  return `the request body is not valid JSON: ${messageOf(() => JSON.parse(BAD_JSON)).slice(0, 120)}`
}

/** What a foreign origin is told by the MCP endpoint. */
export const FORBIDDEN_ORIGIN = `origin "${FOREIGN_ORIGIN}" may not call this MCP server`

/** Seconds a 429 example asks the client to wait. */
const RETRY = 42

/** The message of a parameter or body that breaks its schema, and a request that breaks it where one is plain. */
function invalidRequest(route: RouteInfo, success: ExampleRequest | undefined): ExampleCall {
  const query = Object.entries(route.query ?? {})
  const bounded = query.find(([, schema]) => schema['type'] === 'integer' && typeof schema['minimum'] === 'number')
  if (bounded !== undefined && success !== undefined) {
    const [name, schema] = bounded
    const url = new URL(success.path, 'http://example')
    url.searchParams.set(name, String((schema['minimum'] as number) - 1))
    const request = { ...success, path: `${url.pathname}${url.search}` }
    return errorExample('invalid_request', schema['x-message'] as string, request)
  }
  const body = route.body
  const required = (body?.['required'] as string[] | undefined) ?? []
  if (body !== undefined && required.length > 0 && success?.body !== undefined) {
    const request = { ...success, body: jsonBody({}) }
    return errorExample('invalid_request', `${required[0]} is required`, request)
  }
  const named = [...Object.values(route.pathParams ?? {}), ...query.map(([, schema]) => schema)].find(
    (schema: Schema) => typeof schema['x-message'] === 'string',
  )
  return errorExample('invalid_request', (named?.['x-message'] as string | undefined) ?? 'the request is invalid')
}

/** The 429s of a route: its client IP's limit, or its key's and the failed authentications'. */
function rateLimited(route: RouteInfo): ExampleCall[] {
  if (typeof route.access === 'object') {
    const limit = route.access.ip === 'mcp' ? DEFAULT_LIMITS.mcpRateLimit : DEFAULT_LIMITS.exportRateLimit
    return [
      errorExample(
        'rate_limited',
        `rate limit of ${limit} requests per minute per client exceeded; retry in ${RETRY} s`,
      ),
    ]
  }
  return [
    errorExample(
      'rate_limited',
      `rate limit of ${DEFAULT_LIMITS.defaultRateLimit} requests per minute exceeded; retry in ${RETRY} s`,
    ),
    errorExample(
      'rate_limited',
      `too many failed authentications from this client (${DEFAULT_LIMITS.authFailureLimit} per minute); retry in ${RETRY} s`,
      undefined,
      'auth_failures',
    ),
  ]
}

type ErrorExamples = (route: RouteInfo, success: ExampleRequest | undefined) => ExampleCall[]

/** For each code, its examples on any route: the message it answers with, and a request that provokes it where one does. */
const ERROR_EXAMPLES: { readonly [C in ErrorCode]: ErrorExamples } = {
  invalid_json: (_route, success) => [
    errorExample(
      'invalid_json',
      invalidJsonMessage(),
      success === undefined ? undefined : { ...success, body: { type: JSON_TYPE, text: BAD_JSON } },
    ),
  ],
  batch_not_supported: () => [
    errorExample('batch_not_supported', 'send one JSON-RPC message per request; batches (arrays) are not supported'),
  ],
  unauthorized: (_route, success) => [
    errorExample(
      'unauthorized',
      unauthorized().message,
      success === undefined ? undefined : { ...success, anonymous: true },
    ),
  ],
  forbidden: () => [errorExample('forbidden', FORBIDDEN_ORIGIN)],
  not_found: () => [errorExample('not_found', unknownCountry())],
  method_not_allowed: () => [],
  request_timeout: () => [
    errorExample(
      'request_timeout',
      `the request body did not arrive in time: the server waited ${DEFAULT_LIMITS.requestTimeout / 1000} s for it in all (REQUEST_TIMEOUT_MS)`,
    ),
  ],
  payload_too_large: (route, success) => {
    const limit = route.maxBody ?? MAX_JSON_BODY
    const oversized = { ...success, body: jsonBody({ ibans: ['x'.repeat(limit)] }) }
    return [
      errorExample(
        'payload_too_large',
        `the request body must be at most ${limit / 1024} KiB`,
        success === undefined ? undefined : (oversized as ExampleRequest),
      ),
    ]
  },
  unsupported_media_type: (_route, success) => [
    errorExample(
      'unsupported_media_type',
      'the request body must be JSON (Content-Type: application/json)',
      success?.body === undefined ? undefined : { ...success, body: { type: 'text/plain', text: success.body.text } },
    ),
  ],
  invalid_request: (route, success) => [invalidRequest(route, success)],
  rate_limited: (route) => rateLimited(route),
  internal_error: () => [errorExample('internal_error', 'internal error')],
  service_unavailable: (route) => [
    ...(route.access === 'key'
      ? [errorExample('service_unavailable', 'the key store is unavailable, retry shortly', undefined, 'key_store')]
      : []),
    ...((route.errors ?? []).includes('service_unavailable')
      ? [errorExample('service_unavailable', poolBusyMessage(2, DEFAULT_LIMITS.poolMaxQueue), undefined, 'busy')]
      : []),
  ],
}
