// The OpenAPI 3.1 document, generated from the route table: each route's operation from what
// the route says of itself (its access, parameters, bodies, answers with their headers and
// schema names, examples: RouteInfo) and from the runtime's own decisions (what the pipeline
// adds to every keyed answer, what compression.ts compresses, which errors the pipeline
// answers: error-examples.ts). It publishes the same JSON Schemas ajv validates with, each body
// under a name (openapi-schemas.ts); /docs renders it.
import { DEFAULT_LIMITS } from '../config.ts'
import { ERRORS, ERROR_CODES } from '../core/errors.ts'
import { NAMED_SCHEMAS, type Schema } from '../core/schemas.ts'
import { COUNTRIES } from '@ibanmint/iban'
import { VERSION } from '../version.ts'
import { isCompressibleAs } from './compression.ts'
import { downloadRowSchema } from './downloads.ts'
import { errorExamples } from './error-examples.ts'
import { JSON_TYPE, type ExampleCall } from './example.ts'
import { ndjsonOf, SchemaComponents } from './openapi-schemas.ts'
import { REFERENCE_PATH } from './reference.ts'
import type { DocumentedHeader, ResponseSpec, RouteInfo } from './route.ts'
import { DISCLAIMER } from './service-index.ts'
import {
  validateStreamInputRowSchema,
  validateStreamLineSchema,
  validateStreamRowSchema,
  validateStreamSummarySchema,
} from './validate-stream-schemas.ts'

/** The document's version, which the interface specification fixes; our additions are described inside it. */
export const OPENAPI_VERSION = '1.1.0'

/** JSON, or a JSON-based media type (`+json`, such as the MCP server card's). */
const isJsonType = (type: string | undefined): boolean => type === JSON_TYPE || (type?.endsWith('+json') ?? false)
const NDJSON = 'application/x-ndjson'

/** The tags in the order the reference shows them, and what each holds. */
const TAGS: readonly { name: string; description: string }[] = [
  { name: 'service', description: 'The service index, this document and its reference page. No key needed.' },
  { name: 'countries', description: 'The supported countries, the format of their IBANs, and their banks.' },
  {
    name: 'generate',
    description:
      'Test IBANs: generated (realistic or fully random, seeded for reproducible output, valid or failing exactly one check) or built from a bank code and an account number.',
  },
  { name: 'validate', description: 'IBAN validation (one, a batch, or a stream of millions) and BIC lookup.' },
  {
    name: 'export',
    description:
      'Files of test IBANs in csv, json, ndjson, sql or txt: the keyless export (up to 100 rows) and the keyed bulk stream (millions of rows).',
  },
  { name: 'mcp', description: 'The MCP tool server for AI assistants (keyless) and its discovery card.' },
  { name: 'web', description: 'The web page, which generates and validates in the browser, and its files.' },
  { name: 'operations', description: 'Liveness and readiness probes for orchestrators, and metrics for Prometheus.' },
]

const TAG_GROUPS: readonly { name: string; tags: readonly string[] }[] = [
  { name: 'API', tags: ['service', 'countries', 'generate', 'validate'] },
  { name: 'Files and MCP', tags: ['export', 'mcp'] },
  { name: 'Site and operations', tags: ['web', 'operations'] },
]

/** The headers the pipeline and compression add, beside those a route names (DocumentedHeader). */
type PipelineHeader =
  | 'RateLimit-Limit'
  | 'RateLimit-Remaining'
  | 'RateLimit-Reset'
  | 'RateLimit-Policy'
  | 'Retry-After'
  | 'WWW-Authenticate'
  | 'Content-Encoding'
  | 'Vary'

/** Every header the document describes (components.headers): a route cannot name one it does not describe. */
const HEADERS: Readonly<
  Record<PipelineHeader | DocumentedHeader, { description: string; schema: Schema; example?: string }>
> = {
  'RateLimit-Limit': { description: 'Requests allowed per window.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
  'RateLimit-Policy': {
    description: 'The policy, e.g. `60;w=60` (60 requests per 60 seconds).',
    schema: { type: 'string' },
  },
  'Retry-After': { description: 'Seconds after which a retry may succeed.', schema: { type: 'integer' } },
  'WWW-Authenticate': {
    description: 'The schemes the API takes: `ApiKey header="X-API-Key", Bearer realm="ibanmint"`.',
    schema: { type: 'string' },
  },
  'Content-Disposition': {
    description: 'An attachment with its file name, e.g. `attachment; filename="ibans-de-10.csv"`.',
    schema: { type: 'string' },
  },
  ETag: { description: 'The body’s version: send it back in If-None-Match to get 304.', schema: { type: 'string' } },
  'Content-Encoding': {
    description:
      'How the body is compressed, when it is: `br` or `gzip`, as the request’s Accept-Encoding asked (absent: as it is).',
    schema: { type: 'string', enum: ['br', 'gzip'] },
    example: 'gzip',
  },
  Vary: {
    description:
      'What the answer depends on besides its URL: `x-api-key, authorization` on every answer of an operation that takes a key (it belongs to the key that asked), `accept-encoding` where the body may be compressed; both where both apply.',
    schema: { type: 'string' },
    example: 'x-api-key, authorization, accept-encoding',
  },
  Location: { description: 'Where the resource is.', schema: { type: 'string' } },
}

const RATE_LIMIT_HEADERS: readonly PipelineHeader[] = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
]
const COMPRESSION_HEADERS: readonly PipelineHeader[] = ['Content-Encoding', 'Vary']

/** The headers of an answer: references to the components by name (each once), then `Cache-Control` when given. */
function headersOf(
  names: readonly (PipelineHeader | DocumentedHeader)[],
  cacheControl?: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const headers: Record<string, unknown> = {}
  for (const name of names) headers[name] = { $ref: `#/components/headers/${name}` }
  if (cacheControl !== undefined) headers['Cache-Control'] = cacheControl
  return Object.keys(headers).length === 0 ? undefined : headers
}

/**
 * The Cache-Control of an operation's answers of `status`, with the values it takes: an error's
 * is `no-store`; a success's the route's own (RouteInfo.cacheControl), a keyed route's by
 * default `no-store` (the pipeline's); undefined where the route does not say.
 */
function cacheControlOf(route: RouteInfo, status: number): Record<string, unknown> | undefined {
  const keyed = route.access === 'key'
  const values = status >= 400 ? ['no-store'] : (route.cacheControl ?? (keyed ? ['no-store'] : undefined))
  if (values === undefined) return undefined
  const description = keyed
    ? 'How caches may keep the answer: never `public`, as it belongs to the key that asked (`X-API-Key` is no `Authorization` to a shared cache); `no-store`, or `private` with a lifetime where the bytes are a function of the URL (a seeded file).'
    : 'How caches may keep the answer.'
  return { description, schema: { type: 'string', enum: [...values] }, example: values[0] }
}

/** A status whose answer has no body to describe. */
function isBodiless(status: number): boolean {
  return status === 202 || status === 204 || status === 304 || (status >= 300 && status < 400)
}

/** Request bodies longer than this (the oversized ones of 413 examples) are left out of `x-request`. */
const SHOWN_BODY = 2048

/**
 * The request that gets an answer, as the example's `x-request` (ibanmint extension): method,
 * path with query, headers and body, and `key: false` for a keyed operation's request sent
 * without one. Its description says it in a line a person can replay.
 */
function requestOf(method: string, call: ExampleCall): Record<string, unknown> {
  const request = call.request
  if (request === undefined) return {}
  const body = request.body
  const shown = body !== undefined && body.text.length <= SHOWN_BODY
  const xRequest = {
    method,
    path: request.path,
    ...(request.headers === undefined ? {} : { headers: request.headers }),
    ...(shown ? { body } : {}),
    ...(request.anonymous === true ? { key: false } : {}),
  }
  if (body !== undefined && !shown)
    return { description: `\`${method} ${request.path}\` with a ${body.text.length}-byte ${body.type} body` }
  const sent = body === undefined ? '' : ` with a ${body.type} body`
  return {
    description: `\`${method} ${request.path}\`${sent}${request.anonymous === true ? ', without a key' : ''}`,
    'x-request': xRequest,
  }
}

/**
 * An `examples` map: each call's answer (or, with `request`, the body it sends) under its name.
 * An answer cut short (lists, a text's beginning) says so in `x-excerpt` (ibanmint extension).
 */
function examplesOf(
  method: string,
  calls: readonly ExampleCall[],
  request = false,
): Record<string, unknown> | undefined {
  if (calls.length === 0) return undefined
  const examples: Record<string, unknown> = {}
  for (const call of calls) {
    const body = call.request?.body
    if (request) {
      const value: unknown = isJsonType(body?.type) ? (JSON.parse(body?.text ?? '') as unknown) : body?.text
      examples[call.name] = { summary: call.summary, value }
    } else {
      const excerpt = call.excerpt === true ? { 'x-excerpt': true } : {}
      examples[call.name] = { summary: call.summary, ...requestOf(method, call), ...excerpt, value: call.value }
    }
  }
  return examples
}

/** A route's body schema, under the name the route gives it (else recognised by its shape, or inline). */
function schemaNamed(components: SchemaComponents, schema: Schema, name: string | undefined): Schema {
  return name === undefined ? components.publish(schema) : components.named(name, schema)
}

/** The request body: the JSON one the pipeline validates, or the one its handler reads (JSON, or of other media types). */
function requestBodyOf(route: RouteInfo, components: SchemaComponents, calls: readonly ExampleCall[]): unknown {
  const shown = calls.filter((call) => call.request?.body !== undefined && call.status < 300 && !call.hideRequest)
  const content = (type: string, schema: Schema) => {
    const examples = examplesOf(
      route.method,
      shown.filter((call) => call.request?.body?.type === type),
      true,
    )
    return { schema, ...(examples === undefined ? {} : { examples }) }
  }
  if (route.body !== undefined) {
    const schema = schemaNamed(components, route.body, route.bodyName)
    return { required: true, content: { [JSON_TYPE]: content(JSON_TYPE, schema) } }
  }
  const body = route.requestBody
  if (body === undefined) return undefined
  if ('types' in body) {
    const types = Object.entries(body.types)
    return {
      required: true,
      description: body.description,
      content: Object.fromEntries(types.map(([type, schema]) => [type, content(type, components.publish(schema))])),
    }
  }
  const schema = schemaNamed(components, body.schema, body.schemaName)
  return { required: true, description: body.description, content: { [JSON_TYPE]: content(JSON_TYPE, schema) } }
}

/** The schema of an answer's body of one media type. */
function responseSchemaOf(response: ResponseSpec | undefined, type: string, components: SchemaComponents): Schema {
  const media = response?.media?.[type]
  if (media !== undefined) {
    const schema = components.publish(media)
    return type === NDJSON ? ndjsonOf(schema) : schema
  }
  const declared = response?.schema
  if (isJsonType(type)) return declared === undefined ? {} : schemaNamed(components, declared, response?.schemaName)
  // NDJSON: one value per line, of the shape of the JSON array's items.
  if (type === NDJSON && declared?.['type'] === 'array')
    return ndjsonOf(components.publish(declared['items'] as Schema))
  return { type: 'string', contentMediaType: type }
}

/**
 * Whether a success of the route may come compressed: the media types it declares pass the
 * test compression.ts makes of each answer, at its longest, unless it is sent as another
 * program made it. (Error bodies are never compressed: respond.ts sendError.)
 */
function mayBeCompressed(response: ResponseSpec, status: number): boolean {
  if (status >= 300 || isBodiless(status) || response.verbatim === true) return false
  return (response.contentTypes ?? [JSON_TYPE]).some((type) => isCompressibleAs(type, response.maxBytes))
}

/** The operation's path and query parameters. */
function parametersOf(route: RouteInfo, components: SchemaComponents): unknown[] {
  const parameter = (name: string, place: 'path' | 'query', schema: Schema) => ({
    name,
    in: place,
    required: place === 'path',
    schema: components.publish(schema),
    description: schema['description'],
  })
  return [
    ...Object.entries(route.pathParams ?? {}).map(([name, schema]) => parameter(name, 'path', schema)),
    ...Object.entries(route.query ?? {}).map(([name, schema]) => parameter(name, 'query', schema)),
  ]
}

/** The answers the route declares, each with its headers, media types, schemas and examples. */
function declaredResponsesOf(
  route: RouteInfo,
  components: SchemaComponents,
  examples: readonly ExampleCall[],
): Record<string, unknown> {
  const responses: Record<string, unknown> = {}
  for (const [key, response] of Object.entries(route.responses)) {
    const status = Number(key)
    const headers: (PipelineHeader | DocumentedHeader)[] = [
      ...(route.access !== 'public' && status < 300 ? RATE_LIMIT_HEADERS : []),
      ...(response.headers ?? []),
      ...(mayBeCompressed(response, status) ? COMPRESSION_HEADERS : []),
      ...(route.access === 'key' ? (['Vary'] as const) : []),
    ]
    const types = isBodiless(status) ? [] : (response.contentTypes ?? [JSON_TYPE])
    const content = Object.fromEntries(
      types.map((type) => {
        const shown = examplesOf(
          route.method,
          examples.filter((call) => call.status === status && call.type === type),
        )
        return [
          type,
          { schema: responseSchemaOf(response, type, components), ...(shown === undefined ? {} : { examples: shown }) },
        ]
      }),
    )
    const described = headersOf([...new Set(headers)], cacheControlOf(route, status))
    responses[key] = {
      description: response.description,
      ...(described === undefined ? {} : { headers: described }),
      ...(types.length === 0 ? {} : { content }),
    }
  }
  return responses
}

/** The error answers of the route, one per status its errors have: the codes of each, their headers and examples. */
function errorResponsesOf(
  route: RouteInfo,
  components: SchemaComponents,
  errors: readonly ExampleCall[],
): Record<string, unknown> {
  const responses: Record<string, unknown> = {}
  const error = components.ref('Error')
  for (const status of [...new Set(errors.map((call) => call.status))].sort()) {
    const codes = ERROR_CODES.filter(
      (code) =>
        ERRORS[code].status === status &&
        errors.some((call) => (call.value as { error?: { code: string } }).error?.code === code),
    )
    const description = codes.map((code) => ERRORS[code].description).join(' ')
    const own = route.responses[status]
    const headers: PipelineHeader[] = [
      ...(status === 429 ? [...RATE_LIMIT_HEADERS, 'Retry-After' as const] : []),
      ...(status === 503 ? (['Retry-After'] as const) : []),
      ...(status === 401 ? (['WWW-Authenticate'] as const) : []),
      ...(route.access === 'key' ? (['Vary'] as const) : []),
    ]
    const shown = examplesOf(
      route.method,
      errors.filter((call) => call.status === status),
    )
    responses[String(status)] = {
      description: own === undefined ? description : `${description} ${own.description}`,
      headers: headersOf(headers, cacheControlOf(route, status)),
      content: {
        [JSON_TYPE]: {
          schema: own?.schema === undefined ? error : { oneOf: [error, responseSchemaOf(own, JSON_TYPE, components)] },
          ...(shown === undefined ? {} : { examples: shown }),
        },
      },
    }
  }
  return responses
}

/** A route's operation: its own examples (successes, and errors in its own words) and the errors that follow from it. */
function operationOf(route: RouteInfo, components: SchemaComponents): Record<string, unknown> {
  const own = route.examples?.() ?? []
  const successes = own.filter((call) => call.status < 400)
  const success = successes.find((call) => call.request !== undefined)?.request
  const errors = errorExamples(
    route,
    own.filter((call) => call.status >= 400),
    success,
  )
  const operation: Record<string, unknown> = {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    security: route.access === 'key' ? [{ ApiKey: [] }, { Bearer: [] }] : [],
    parameters: parametersOf(route, components),
    responses: {
      ...declaredResponsesOf(route, components, [...successes, ...errors]),
      ...errorResponsesOf(route, components, errors),
    },
  }
  if (route.description !== undefined) operation['description'] = route.description
  const body = requestBodyOf(route, components, successes)
  if (body !== undefined) operation['requestBody'] = body
  return operation
}

/** The components every document starts with: the shared wire shapes, and the shapes inside bodies that it names too. */
function newComponents(): SchemaComponents {
  const components = new SchemaComponents(NAMED_SCHEMAS)
  components.name('DownloadRow', downloadRowSchema)
  components.name('ValidateStreamRow', validateStreamRowSchema)
  components.name('ValidateStreamInputRow', validateStreamInputRowSchema)
  components.name('ValidateStreamSummary', validateStreamSummarySchema)
  components.name('ValidateStreamLine', validateStreamLineSchema)
  return components
}

/** The OpenAPI document itself, as far as a client reads it. */
export const openApiDocumentSchema: Schema = {
  type: 'object',
  description: 'An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0).',
  required: ['openapi', 'info', 'paths'],
  properties: {
    openapi: { type: 'string', pattern: '^3\\.1\\.\\d+$' },
    info: {
      type: 'object',
      required: ['title', 'version'],
      properties: { title: { type: 'string' }, version: { type: 'string' } },
    },
    servers: {
      type: 'array',
      items: { type: 'object', required: ['url'], properties: { url: { type: 'string', format: 'uri' } } },
    },
    paths: { type: 'object' },
    components: { type: 'object' },
  },
}

/** The introduction: what the service is, its versions, authentication, limits, errors and clients. */
function descriptionOf(publicUrl: string): string {
  const errorRows = ERROR_CODES.map(
    (code) => `| ${ERRORS[code].status} | \`${code}\` | ${ERRORS[code].description.replace(/ \(`\w+`\)/, '')} |`,
  )
  return `**${DISCLAIMER}**

## Versions

This is version ${OPENAPI_VERSION} of the API description, the version the interface specification fixes; the API itself is \`v1\`, in every path. What goes beyond that specification is marked *ibanmint extension* and changes nothing it defines. The service answering here is ibanmint ${VERSION} (\`info.x-implementation-version\`).

## Authentication

Every operation under \`/api/v1\` needs an API key, except the index, this document and its reference page: send it as \`X-API-Key: <key>\` or \`Authorization: Bearer <key>\`. The operator issues keys (\`ibanmint keys create --name <who>\`). The file export (\`/export\`) and the MCP server (\`/mcp\`) need no key and are limited per client IP.

## Rate limits

Per key, ${DEFAULT_LIMITS.defaultRateLimit} requests per minute by default (a key may have its own limit); per client IP, ${DEFAULT_LIMITS.exportRateLimit} exports and ${DEFAULT_LIMITS.mcpRateLimit} MCP requests per minute by default. Every limited answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` and \`RateLimit-Policy\` (draft-ietf-httpapi-ratelimit-headers-07); a 429 adds \`Retry-After\`. A bulk download or a streamed validation counts once, however many rows.

## Query parameters

One rule on every operation: a query parameter the operation does not list is ignored, however often it is given (a cache-buster \`_=…\`, \`utm_source\`), except a name one edit from one it lists (a letter added, left out or changed, or two neighbours swapped: \`cuont\`, \`Count\`), which is a 422 \`invalid_request\` naming the one meant: \`unknown query parameter "cuont": did you mean "count"?\`. A listed parameter given twice is a 422.

## Compression

Answers are compressed when the request's \`Accept-Encoding\` asks for it (its q-values read; \`br\` where \`br\` and \`gzip\` are equally welcome): JSON bodies of 1,400 bytes or more, downloads and streamed validations (compressed as they stream), the pages and their files. They then carry \`Content-Encoding\`, and \`Vary: accept-encoding\`. Error bodies and small bodies go as they are.

## Caching

Every answer of an operation that takes a key carries \`Vary: x-api-key, authorization\` and \`Cache-Control: no-store\`, or \`private, max-age=86400\` for a seeded bulk file (its bytes are a function of its URL): never \`public\`, as it belongs to the key that asked and \`X-API-Key\` is no \`Authorization\` to a shared cache. Only the keyless file export (seeded: \`public, max-age=86400\`), the index, this document, the pages and their files may be kept by shared caches. Errors are \`no-store\`.

## Errors

Every error has one body, \`{ "error": { "code", "message" } }\`: the \`code\` is permanent (key on it), the \`message\` names the parameter or the problem. Each operation lists the errors it can answer, with an example of each.

| Status | Code | When |
|---|---|---|
${errorRows.join('\n')}

## Clients

Every body is a named schema (\`Iban\`, \`GenerateResult\`, \`ValidateResult\`, \`BicResult\`, \`Error\`, …) and every answer has an example made by the service itself. A typed client is one command away, e.g. \`npx openapi-typescript ${publicUrl}/api/v1/openapi.json -o ibanmint-api.ts\`, used with \`openapi-fetch\`; any OpenAPI 3.1 generator works the same way.`
}

/** OpenAPI 3.1 for every route of the table, served at `publicUrl`. */
export function buildOpenApi(routes: readonly RouteInfo[], publicUrl: string): Record<string, unknown> {
  const components = newComponents()
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const item = paths[route.path] ?? {}
    item[route.method.toLowerCase()] = operationOf(route, components)
    paths[route.path] = item
  }
  const used = [...new Set(routes.map((route) => route.tag))]
  const known = TAGS.filter((tag) => used.includes(tag.name))
  const unknown = used.filter((name) => !TAGS.some((tag) => tag.name === name))
  const groups = TAG_GROUPS.map((group, i) => ({
    name: group.name,
    tags: [...group.tags.filter((tag) => used.includes(tag)), ...(i === TAG_GROUPS.length - 1 ? unknown : [])],
  })).filter((group) => group.tags.length > 0)
  return {
    openapi: '3.1.0',
    info: {
      title: 'ibanmint API',
      version: OPENAPI_VERSION,
      'x-implementation-version': VERSION,
      summary: `Test IBANs for ${COUNTRIES.length} countries with correct national check digits, and IBAN and BIC validation.`,
      description: descriptionOf(publicUrl),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    externalDocs: {
      description: 'The API reference: this document, for people to read',
      url: `${publicUrl}${REFERENCE_PATH}`,
    },
    servers: [{ url: publicUrl }],
    tags: [...known, ...unknown.map((name) => ({ name }))],
    'x-tagGroups': groups,
    paths,
    components: {
      schemas: components.components(),
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key issued by the operator.' },
        Bearer: { type: 'http', scheme: 'bearer', description: 'The same API key as a bearer token.' },
      },
      headers: HEADERS,
    },
  }
}
