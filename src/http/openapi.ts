// The OpenAPI 3.1 document and the service index, both generated from the route table and
// the same JSON Schemas ajv validates with.
import { REGISTRY } from '../core/operations.ts'
import { errorSchema, publishedSchema as publish } from '../core/schemas.ts'
import { COUNTRIES } from '../iban/index.ts'
import type { RouteSpec } from './routes.ts'

export const OPENAPI_VERSION = '1.1.0'
export const SERVICE_NAME = 'ibanmint'
export const DISCLAIMER =
  'Generated IBANs are test data: no bank issued them. Use them for testing, QA and education, never for payments.'

const ERROR_RESPONSES: Record<number, string> = {
  400: 'Invalid JSON body (`invalid_json`), or a JSON-RPC batch sent to /mcp (`batch_not_supported`).',
  401: 'API key missing, invalid, revoked or expired (`unauthorized`).',
  403: 'The request’s Origin is not allowed to call the MCP server (`forbidden`).',
  404: 'Unknown country or endpoint (`not_found`).',
  406: 'The Accept header rules out every response type.',
  405: 'Method not allowed for this path (`method_not_allowed`); see the Allow header.',
  413: 'Request body too large (`payload_too_large`): 16 KiB; 64 KiB for batch validation and /mcp.',
  415: 'Request body is not JSON (`unsupported_media_type`).',
  422: 'Invalid parameter (`invalid_request`); the message names it and its rule.',
  429: 'Rate limit exceeded (`rate_limited`); see Retry-After.',
  500: 'Unexpected failure (`internal_error`), without internals.',
  503: 'A dependency is unavailable (`service_unavailable`); see Retry-After.',
}

function errorCodesOf(route: RouteSpec): number[] {
  const codes = [405, 500]
  if (route.access === 'key') codes.push(401, 429, 503)
  if (route.access === 'ip') codes.push(429)

  if (route.path.includes('{country}') || route.path.includes('{code}')) codes.push(404)
  if (route.path.includes('bulk') || route.path.startsWith('/export') || route.path.includes('generate'))
    codes.push(503)
  if (route.body !== undefined) {
    codes.push(400, 413, 415)
    if (JSON.stringify(route.body).includes('"country"')) codes.push(404)
  }
  if (route.query !== undefined || route.body !== undefined || route.path.includes('{iban}')) codes.push(422)
  if (route.path === '/readyz') codes.push(503)
  if (route.path === '/mcp') codes.push(...(route.method === 'POST' ? [400, 403, 404, 406, 413, 415] : [403]))
  return [...new Set(codes)].sort()
}

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
}

function operationOf(route: RouteSpec): Record<string, unknown> {
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
  for (const status of errorCodesOf(route)) {
    const own = route.responses[status]
    const error = { $ref: '#/components/schemas/Error' }
    responses[String(status)] = {
      description: own === undefined ? ERROR_RESPONSES[status] : `${ERROR_RESPONSES[status]} ${own.description}`,
      content: {
        'application/json': { schema: own?.schema === undefined ? error : { oneOf: [error, publish(own.schema)] } },
      },
    }
  }
  const operation: Record<string, unknown> = {
    operationId: `${route.method.toLowerCase()}${
      route.path
        .replace(/\/api\/v1/, '')
        .replace(/[{}]/g, '')
        .replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase()) || 'Index'
    }`,
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
export function buildOpenApi(routes: readonly RouteSpec[], publicUrl: string): Record<string, unknown> {
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

/** The service index (spec §2.7), with the endpoint list from the same table. */
export function buildIndex(routes: readonly RouteSpec[], publicUrl: string): Record<string, unknown> {
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
