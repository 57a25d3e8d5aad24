// The OpenAPI 3.1 document and the service index, both generated from the route table and
// the same JSON Schemas ajv validates with.
import { ERROR_CODES, ERRORS, type ErrorCode } from '../core/errors.ts'
import { REGISTRY } from '../core/operations.ts'
import { errorSchema, publishedSchema as publish } from '../core/schemas.ts'
import { COUNTRIES } from '../iban/index.ts'
import type { RouteInfo } from './route.ts'

export const OPENAPI_VERSION = '1.2.0'
export const SERVICE_NAME = 'ibanmint'
export const DISCLAIMER =
  'Generated IBANs are test data: no bank issued them. Use them for testing, QA and education, never for payments.'

/**
 * The errors a route can answer: those of the pipeline, which follow from how the route is
 * declared (access, parameters, body), and those its handler declares in `errors`.
 */
export function errorsOf(route: RouteInfo): ErrorCode[] {
  const codes = new Set<ErrorCode>(['method_not_allowed', 'internal_error'])
  if (route.access === 'key')
    for (const code of ['unauthorized', 'rate_limited', 'service_unavailable'] as const) codes.add(code)
  if (route.access === 'ip') codes.add('rate_limited')
  if (route.query !== undefined) codes.add('invalid_request')
  if (route.body !== undefined || route.requestBody !== undefined) {
    for (const code of ['invalid_json', 'request_timeout', 'payload_too_large', 'unsupported_media_type'] as const)
      codes.add(code)
  }
  if (route.body !== undefined) codes.add('invalid_request')
  for (const code of route.errors ?? []) codes.add(code)
  return ERROR_CODES.filter((code) => codes.has(code))
}

/** The route's error responses by status: the descriptions of every code with that status. */
function errorResponsesOf(route: RouteInfo): Map<number, string> {
  const byStatus = new Map<number, string>()
  for (const code of errorsOf(route)) {
    const { status, description } = ERRORS[code]
    byStatus.set(status, byStatus.has(status) ? `${byStatus.get(status)} ${description}` : description)
  }
  return byStatus
}

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
}

function operationOf(route: RouteInfo): Record<string, unknown> {
  const parameters: unknown[] = []
  for (const [name, schema] of Object.entries(route.pathParams ?? {})) {
    parameters.push({ name, in: 'path', required: true, schema: publish(schema), description: schema['description'] })
  }
  for (const [name, schema] of Object.entries(route.query ?? {})) {
    parameters.push({ name, in: 'query', required: false, schema: publish(schema), description: schema['description'] })
  }
  const responses: Record<string, unknown> = {}
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] = {
      description: response.description,
      ...(route.access === 'public' ? {} : { headers: RATE_LIMIT_HEADERS }),
      content:
        status === '204' || status === '304'
          ? undefined
          : response.contentTypes === undefined
            ? { 'application/json': { schema: response.schema === undefined ? {} : publish(response.schema) } }
            : Object.fromEntries(
                response.contentTypes.map((type) => [
                  type,
                  {
                    schema:
                      type === 'application/json' && response.schema !== undefined
                        ? publish(response.schema)
                        : { type: 'string' },
                  },
                ]),
              ),
    }
  }
  for (const [status, description] of errorResponsesOf(route)) {
    const own = route.responses[status]
    const error = { $ref: '#/components/schemas/Error' }
    responses[String(status)] = {
      description: own === undefined ? description : `${description} ${own.description}`,
      content: {
        'application/json': { schema: own?.schema === undefined ? error : { oneOf: [error, publish(own.schema)] } },
      },
    }
  }
  const operation: Record<string, unknown> = {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    security: route.access === 'key' ? [{ ApiKey: [] }, { Bearer: [] }] : [],
    parameters,
    responses,
  }
  if (route.description !== undefined) operation['description'] = route.description
  if (route.body !== undefined) {
    operation['requestBody'] = { required: true, content: { 'application/json': { schema: publish(route.body) } } }
  } else if (route.requestBody !== undefined) {
    operation['requestBody'] = {
      required: true,
      description: route.requestBody.description,
      content: { 'application/json': { schema: route.requestBody.schema } },
    }
  }
  return operation
}

/** OpenAPI 3.1 for every route of the table, with absolute server URL `publicUrl`. */
export function buildOpenApi(routes: readonly RouteInfo[], publicUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const item = paths[route.path] ?? {}
    item[route.method.toLowerCase()] = operationOf(route)
    paths[route.path] = item
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ibanmint API',
      version: OPENAPI_VERSION,
      summary: `Test IBANs for ${COUNTRIES.length} countries with correct national check digits.`,
      description: `${DISCLAIMER} Every keyed response carries RateLimit headers (draft-ietf-httpapi-ratelimit-headers-07); errors use one body, \`{ "error": { "code", "message" } }\`.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: publicUrl }],
    paths,
    components: {
      schemas: { Error: publish(errorSchema) },
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        Bearer: { type: 'http', scheme: 'bearer', description: 'The same API key as a bearer token.' },
      },
      headers: {
        'RateLimit-Limit': { description: 'Requests allowed per window.', schema: { type: 'integer' } },
        'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
        'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
        'RateLimit-Policy': {
          description: 'The policy, e.g. `60;w=60` (60 requests per 60 seconds).',
          schema: { type: 'string' },
        },
      },
    },
  }
}

/** The service index, with the endpoint list from the same table. */
export function buildIndex(routes: readonly RouteInfo[], publicUrl: string): Record<string, unknown> {
  return {
    name: SERVICE_NAME,
    version: 'v1',
    description: `Test IBANs for ${COUNTRIES.length} countries with correct national check digits, and IBAN validation.`,
    registry: REGISTRY,
    documentation: `${publicUrl}/api/v1/openapi.json`,
    authentication: { type: 'api_key', header: 'X-API-Key', alternatives: ['Authorization: Bearer <key>'] },
    disclaimer: DISCLAIMER,
    endpoints: routes.map((route) => ({
      method: route.method,
      path: route.path,
      access: route.access,
      summary: route.summary,
    })),
  }
}
