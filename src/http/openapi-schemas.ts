// The schemas of the OpenAPI document under their names. Generated clients name their types
// after components.schemas (openapi-typescript's `components['schemas']['Iban']`, a Java
// generator's `Iban` class); a shape without a name becomes `InlineResponse200_3`. So every
// body a route takes or gives is published as a named component and referred to by `$ref`:
// the shared wire shapes of core/schemas.ts by their names there, and the shapes a route
// declares for itself (or that only this document describes) by the names below, by
// operationId. A shape is recognised wherever it appears, as the same object or as a copy with
// a description of its own (the reference then carries that description beside it).
import {
  NAMED_SCHEMAS,
  errorSchema,
  publishedSchema,
  registrySchema,
  validateResultSchema,
  type Schema,
} from '../core/schemas.ts'
import { FAILED_CHECKS } from '../formats/validate-batch.ts'
import { downloadRowSchema } from './downloads.ts'
import { serverCardSchema } from '../mcp/card.ts'

const COMPONENT = '#/components/schemas/'

// Each object's text, once: a schema is matched at every level, and its parts again below it.
const CANONICAL = new WeakMap<object, string>()

/** A JSON value's text with every object's keys in order: equal for equal shapes. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  const known = CANONICAL.get(value)
  if (known !== undefined) return known
  let text: string
  if (Array.isArray(value)) text = `[${value.map(canonical).join(',')}]`
  else {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    text = `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`
  }
  CANONICAL.set(value, text)
  return text
}

/** What identifies a shape: everything but its own description. */
function shapeOf(schema: Record<string, unknown>): string {
  const { description: _description, ...rest } = schema
  return canonical(rest)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

// Keywords whose values are data, not schemas: never replaced by a reference.
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example', 'required'])

/** The named schemas of one document, and the schemas of its operations published with references to them. */
export class SchemaComponents {
  /** Name → the schema as published (plain JSON Schema, no references yet). */
  readonly #schemas = new Map<string, Schema>()
  /** Shape → name. */
  readonly #names = new Map<string, string>()

  constructor(named: Readonly<Record<string, Schema>> = {}) {
    for (const [name, schema] of Object.entries(named)) this.name(name, schema)
  }

  /** Gives a shape a name; naming the same shape again is a no-op, two shapes one name (or two names one shape) an error. */
  name(name: string, schema: Schema): void {
    const published = publishedSchema(schema)
    const shape = shapeOf(published)
    const known = this.#schemas.get(name)
    if (known !== undefined) {
      if (shapeOf(known) !== shape) throw new Error(`two different schemas are named ${name}`)
      return
    }
    const other = this.#names.get(shape)
    if (other !== undefined) throw new Error(`one schema is named both ${other} and ${name}`)
    this.#schemas.set(name, published)
    this.#names.set(shape, name)
  }

  /** A reference to a named schema (throws for an unknown name). */
  ref(name: string): Schema {
    if (!this.#schemas.has(name)) throw new Error(`no schema is named ${name}`)
    return { $ref: `${COMPONENT}${name}` }
  }

  /** Names `schema` and returns a reference to it. */
  named(name: string, schema: Schema): Schema {
    this.name(name, schema)
    return this.ref(name)
  }

  /** A schema as the document publishes it: `x-message` dropped, each named shape in it a reference. */
  publish(schema: Schema): Schema {
    return this.#withRefs(publishedSchema(schema), undefined) as Schema
  }

  /** components.schemas: every named schema, the named shapes inside it as references. */
  components(): Record<string, Schema> {
    const components: Record<string, Schema> = {}
    for (const [name, schema] of this.#schemas) components[name] = this.#withRefs(schema, name) as Schema
    return components
  }

  #withRefs(node: unknown, self: string | undefined): unknown {
    if (Array.isArray(node)) return node.map((item) => this.#withRefs(item, undefined))
    if (!isObject(node)) return node
    const name = this.#names.get(shapeOf(node))
    if (name !== undefined && name !== self) {
      const ref: Schema = { $ref: `${COMPONENT}${name}` }
      const description = node['description']
      const own = (this.#schemas.get(name) as Schema)['description']
      return description === undefined || description === own ? ref : { ...ref, description }
    }
    const copy: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(node)) {
      copy[key] = DATA_KEYWORDS.has(key) ? value : this.#withRefs(value, undefined)
    }
    return copy
  }
}

// ------------------------------------------------ shapes only this document describes

const absoluteUrl: Schema = { type: 'string', format: 'uri' }

/** The service index (GET /api/v1), as buildIndex makes it. */
export const serviceIndexSchema: Schema = {
  type: 'object',
  description: 'What the service is, where its documentation is, how to authenticate, and every endpoint.',
  required: ['name', 'version', 'documentation', 'authentication', 'endpoints'],
  properties: {
    name: { type: 'string', const: 'ibanmint' },
    version: { type: 'string', const: 'v1', description: 'The API version, as in the path.' },
    description: { type: 'string' },
    registry: registrySchema,
    documentation: { ...absoluteUrl, description: 'The API reference page (this service’s /docs).' },
    openapi: { ...absoluteUrl, description: 'The OpenAPI 3.1 document the reference page renders.' },
    authentication: {
      type: 'object',
      required: ['type', 'header'],
      properties: {
        type: { type: 'string', const: 'api_key' },
        header: { type: 'string', const: 'X-API-Key' },
        alternatives: { type: 'array', items: { type: 'string' } },
      },
    },
    disclaimer: { type: 'string' },
    endpoints: {
      type: 'array',
      items: {
        type: 'object',
        required: ['method', 'path', 'access', 'summary'],
        properties: {
          method: { type: 'string', enum: ['GET', 'POST', 'OPTIONS'] },
          path: { type: 'string' },
          access: {
            type: 'string',
            enum: ['public', 'key', 'ip'],
            description: 'public: no key; key: an API key; ip: no key, limited per client IP.',
          },
          summary: { type: 'string' },
        },
      },
    },
  },
}

/** The OpenAPI document itself, as far as a client reads it. */
const openApiDocumentSchema: Schema = {
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
    servers: { type: 'array', items: { type: 'object', required: ['url'], properties: { url: absoluteUrl } } },
    paths: { type: 'object' },
    components: { type: 'object' },
  },
}

const probeStatusSchema: Schema = {
  type: 'object',
  description: 'A probe’s answer: `ok` (alive) or `ready` (every configured dependency answers).',
  required: ['status'],
  additionalProperties: false,
  properties: { status: { type: 'string', enum: ['ok', 'ready'] } },
}

/** The MCP catalog (`/.well-known/mcp/catalog.json`): the site's MCP servers and their cards. */
const catalogSchema: Schema = {
  type: 'object',
  description: 'The MCP servers of this site and where their server cards are.',
  required: ['specVersion', 'entries'],
  properties: {
    specVersion: { type: 'string' },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['identifier', 'type', 'url'],
        properties: {
          identifier: { type: 'string' },
          displayName: { type: 'string' },
          type: { type: 'string', description: 'The media type of what `url` answers.' },
          url: absoluteUrl,
        },
      },
    },
  },
}

const jsonRpcRequestSchema: Schema = {
  type: 'object',
  description: 'One JSON-RPC 2.0 request (with `id`) or notification (without).',
  required: ['jsonrpc', 'method'],
  properties: {
    jsonrpc: { type: 'string', const: '2.0' },
    id: { type: ['string', 'integer'] },
    method: { type: 'string', description: 'e.g. initialize, tools/list, tools/call, server/discover' },
    params: { type: 'object' },
  },
}

const FAILED_DESCRIPTION =
  'The check the IBAN failed first (input: no IBAN at all; then country, length, format, mod97, national); null when valid.'

/** A row of a streamed validation (ndjson): the line number, the ValidateResult, and why it is not valid. */
const validateStreamRowSchema: Schema = {
  type: 'object',
  description:
    'The ValidateResult of one input line, with its line number and, when invalid, the check it failed first.',
  required: ['line', ...(validateResultSchema['required'] as string[]), 'failed', 'reason'],
  additionalProperties: false,
  properties: {
    line: {
      type: 'integer',
      minimum: 1,
      description: 'The input line (1-based; blank lines count, they are no rows).',
    },
    ...(validateResultSchema['properties'] as Record<string, Schema>),
    failed: { type: ['string', 'null'], enum: [...FAILED_CHECKS, null], description: FAILED_DESCRIPTION },
    reason: { type: ['string', 'null'], description: 'What is wrong, in words; null when valid.' },
  },
}

/** A line of a streamed validation that holds no IBAN candidate. */
const validateStreamInputRowSchema: Schema = {
  type: 'object',
  description:
    'An input line that holds no IBAN (binary data, other characters, more than 64 letters and digits, a missing column or `iban` field).',
  required: ['line', 'input', 'valid', 'failed', 'reason'],
  additionalProperties: false,
  properties: {
    line: { type: 'integer', minimum: 1 },
    input: { type: 'string', description: 'The line as read (cut short when long).' },
    valid: { type: 'boolean', const: false },
    failed: { type: 'string', const: 'input' },
    reason: { type: 'string' },
  },
}

/** The last line of a streamed validation. */
const validateStreamSummarySchema: Schema = {
  type: 'object',
  description: 'The last line: how many rows, how many valid, and the invalid ones by the check each failed first.',
  required: ['summary'],
  additionalProperties: false,
  properties: {
    summary: {
      type: 'object',
      required: ['rows', 'valid', 'invalid', 'failed', 'seconds', 'complete'],
      additionalProperties: false,
      properties: {
        rows: { type: 'integer', description: 'IBANs read (blank lines are no rows).' },
        valid: { type: 'integer' },
        invalid: { type: 'integer' },
        failed: {
          type: 'object',
          description: 'Invalid rows by the check each failed first.',
          propertyNames: { enum: [...FAILED_CHECKS] },
          additionalProperties: { type: 'integer' },
        },
        seconds: { type: 'number' },
        complete: {
          type: 'boolean',
          description:
            'false when the body held more than VALIDATE_MAX_ROWS lines; an error line (`payload_too_large`) precedes the summary then.',
        },
      },
    },
  },
}

/** Each line of a streamed validation's ndjson answer. */
const validateStreamLineSchema: Schema = {
  description:
    'Each line of the answer (NDJSON: one JSON value per line) is one of these: a row per input line, in input order; an error line if the answer had to stop early; the summary, last.',
  oneOf: [validateStreamRowSchema, validateStreamInputRowSchema, errorSchema, validateStreamSummarySchema],
}

const text: Schema = { type: 'string' }

/** The names and shapes this document gives an operation's bodies, beside the route's own schemas. */
export interface OperationShapes {
  /** The component name of the route's JSON request body; or a name and shape for a body the route only describes. */
  body?: string | readonly [string, Schema]
  /** A body the handler reads itself, in these media types (instead of application/json). */
  bodyTypes?: Readonly<Record<string, Schema>>
  /** By status: the component name of the route's JSON response, or a name and shape where it declares none. */
  responses?: Readonly<Record<number, string | readonly [string, Schema]>>
  /** By status and media type: the shape of a body of another media type (NDJSON: of each line), or the name of one. */
  media?: Readonly<Record<number, Readonly<Record<string, Schema | string>>>>
}

/** NDJSON: one JSON value per line, each of the shape `line` gives. */
export function ndjsonOf(line: Schema): Schema {
  return {
    type: 'string',
    description: 'NDJSON: one JSON value per line, each as `contentSchema` describes it.',
    contentMediaType: 'application/x-ndjson',
    contentSchema: line,
  }
}

const STREAM_BODY = {
  'text/plain': { ...text, description: 'One IBAN per line.' },
  'application/x-ndjson': {
    ...ndjsonOf({
      oneOf: [
        { type: 'object', required: ['iban'], properties: { iban: { type: 'string' } } },
        { type: 'string', description: 'The IBAN as a JSON string.' },
      ],
    }),
    description:
      'NDJSON: one `{"iban": "…"}` object (or JSON string) per line. Also taken as application/ndjson, application/jsonl and application/x-jsonlines.',
  },
  'text/csv': {
    ...text,
    description: 'CSV with the IBANs in the column `column` names.',
    contentMediaType: 'text/csv',
  },
}

/** By operationId. A route added without a JSON schema of its bodies needs an entry (a test asks for one). */
export const OPERATION_SHAPES: Readonly<Record<string, OperationShapes>> = {
  getServiceIndex: { responses: { 200: ['ServiceIndex', serviceIndexSchema] } },
  getOpenApiDocument: { responses: { 200: ['OpenApiDocument', openApiDocumentSchema] } },
  generateIbansFromBody: { body: 'GenerateRequest' },
  validateIbanFromBody: { body: 'ValidateRequest' },
  validateIbanBatch: { body: 'ValidateBatchRequest' },
  buildIban: { body: 'BuildIbanRequest' },
  validateIbanStream: {
    bodyTypes: STREAM_BODY,
    media: { 200: { 'application/x-ndjson': 'ValidateStreamLine' } },
  },
  callMcp: { body: ['JsonRpcRequest', jsonRpcRequestSchema], responses: { 200: 'JsonRpcResponse' } },
  getMcpServerCard: { responses: { 200: ['McpServerCard', serverCardSchema] } },
  getMcpServerCardAlias: { responses: { 200: ['McpServerCard', serverCardSchema] } },
  getMcpCatalog: { responses: { 200: ['McpCatalog', catalogSchema] } },
  checkLiveness: { responses: { 200: ['ProbeStatus', probeStatusSchema] } },
  checkReadiness: { responses: { 200: ['ProbeStatus', probeStatusSchema] } },
}

/** The components every document starts with: the shared wire shapes, and those named here for all operations. */
export function newComponents(): SchemaComponents {
  const components = new SchemaComponents(NAMED_SCHEMAS)
  components.name('DownloadRow', downloadRowSchema)
  components.name('ValidateStreamRow', validateStreamRowSchema)
  components.name('ValidateStreamInputRow', validateStreamInputRowSchema)
  components.name('ValidateStreamSummary', validateStreamSummarySchema)
  components.name('ValidateStreamLine', validateStreamLineSchema)
  return components
}
