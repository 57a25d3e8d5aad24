// The one route table: method, path, who may call, rate-limit bucket, parameter schemas,
// responses and handler. The router, the service index's endpoint list, the OpenAPI document
// and request validation (ajv) are all derived from it; there is no second list.
import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  build,
  countryDetail,
  countryList,
  generate,
  type GenerateRequest,
  requireCountry,
  toRealistic,
  toSeed,
  validate,
  validateBatch,
} from '../core/operations.ts'
import {
  MAX_BATCH,
  MAX_COUNT,
  bankParamSchema,
  countSchema,
  countryDetailSchema,
  countryListSchema,
  countrySchema,
  generateResultSchema,
  ibanInputSchema,
  ibanSchema,
  invalidParamSchema,
  realisticBodySchema,
  realisticQuerySchema,
  seedBodySchema,
  seedQuerySchema,
  validateBatchResultSchema,
  validateResultSchema,
  type Schema,
} from '../core/schemas.ts'
import { COUNTRIES, type InvalidCheck } from '../iban/index.ts'
import type { KeyRecord } from '../keys/key.ts'
import { generateOnPool } from '../pool/generate-result.ts'
import type { GenerationPool } from '../pool/pool.ts'
import { exportSpec, bulkSpec } from './downloads.ts'
import { webRouteSpecs, type WebAssets } from '../web/page.ts'
import { mcpRouteSpecs, type McpRouteDeps } from './mcp.ts'
import { compileValidator, type Validator } from '../core/validation.ts'

/** Who may call a route: anyone, API key holders, or anyone limited per client IP. */
export type Access = 'public' | 'key' | 'ip'

export interface Context {
  req: IncomingMessage
  res: ServerResponse
  params: Record<string, string>
  query: Record<string, unknown>
  body: Record<string, unknown>
  key: KeyRecord | null
  /** Aborts when the client goes away before the response is complete. */
  signal: AbortSignal
}

/** A handler's answer: a JSON value or prebuilt bytes; or 'sent' when it wrote the response itself. */
export type Reply = { status?: number; json?: unknown; bytes?: Buffer; headers?: Record<string, string> } | 'sent'

export interface ResponseSpec {
  description: string
  /** JSON body schema; or, for files, the media types the response may have. */
  schema?: Schema
  contentTypes?: string[]
}

export interface RouteSpec {
  method: 'GET' | 'POST' | 'OPTIONS'
  path: string
  access: Access
  /** Rate-limit bucket: keyed routes count against the key; 'ip' routes against the client IP. */
  bucket?: 'api' | 'export' | 'mcp'
  summary: string
  description?: string
  tag: string
  pathParams?: Record<string, Schema>
  query?: Record<string, Schema>
  body?: Schema
  /** A body the handler reads itself (documented only; not validated by the pipeline). */
  requestBody?: { description: string; schema: Schema }
  /** Body size cap in bytes (default 16 KiB). */
  maxBody?: number
  responses: Record<number, ResponseSpec>
  handle(context: Context): Reply | Promise<Reply>
}

export interface Route extends RouteSpec {
  validateQuery: Validator | undefined
  validateBody: Validator | undefined
}

/** What handlers need beyond the request: prebuilt documents, probes, the pool and limits. */
export interface RouteDeps {
  /** Bodies built once from the finished table (index, OpenAPI). */
  documents: { index: () => Buffer; openapi: () => Buffer }
  /** Resolves when every configured dependency (Redis) answers. */
  ready: () => Promise<void>
  pool: GenerationPool
  /** JSON generate requests up to this count are served inline (measured threshold). */
  poolInlineMax: number
  bulkMaxCount: number
  /** The MCP endpoint and its origin allow-list. */
  mcp: McpRouteDeps
  /** The web page and its assets, built at start. */
  web: WebAssets
}

const HEALTHY = Buffer.from('{"status":"ok"}')
const READY = Buffer.from('{"status":"ready"}')
const COUNTRY_LIST_BODY = Buffer.from(JSON.stringify(countryList()))
const COUNTRY_BODIES = new Map(
  countryList().countries.map((c) => [c.code, Buffer.from(JSON.stringify(countryDetail(requireCountry(c.code))))]),
)

const generateQuery = {
  count: countSchema(MAX_COUNT, 1),
  realistic: realisticQuerySchema,
  seed: seedQuerySchema,
  bank: bankParamSchema,
  invalid: invalidParamSchema,
}

const partSchema = (name: string, example: string): Schema => ({
  type: 'string',
  minLength: 1,
  maxLength: 40,
  description: `The ${name} part, as validation reports it in \`bban_parts\`.`,
  examples: [example],
  'x-message': `${name} must be a string of 1 to 40 characters`,
})

const buildBody: Schema = {
  type: 'object',
  required: ['country'],
  additionalProperties: false,
  properties: {
    country: countrySchema,
    bank: partSchema('bank', '37040044'),
    branch: partSchema('branch (or sort code)', '01005'),
    account: {
      ...partSchema('account', '0532013000'),
      description:
        'The account number without national check digits (as `bban_parts.account` reports it); a shorter number of digits is zero-padded on the left.',
    },
    account_type: partSchema('account type', '00'),
    other: partSchema('other (holder id, currency, ...)', '0101701234'),
  },
  'x-message': 'the request body must be a JSON object',
}

const generateBody: Schema = {
  type: 'object',
  required: ['country'],
  additionalProperties: false,
  properties: {
    country: countrySchema,
    count: countSchema(MAX_COUNT, 1),
    realistic: realisticBodySchema,
    seed: seedBodySchema,
    bank: bankParamSchema,
    invalid: invalidParamSchema,
  },
  'x-message': 'the request body must be a JSON object',
}

/** The route table; handlers close over `deps`. */
export function routeSpecs(deps: RouteDeps): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/api/v1',
      access: 'public',
      summary: 'Service index: name, version, documentation, authentication and endpoints',
      tag: 'service',
      responses: { 200: { description: 'The service index (spec §2.7).' } },
      handle: () => ({ bytes: deps.documents.index() }),
    },
    {
      method: 'GET',
      path: '/api/v1/openapi.json',
      access: 'public',
      summary: 'This OpenAPI 3.1 document',
      tag: 'service',
      responses: { 200: { description: 'OpenAPI 3.1 description of the REST API.' } },
      handle: () => ({ bytes: deps.documents.openapi(), headers: { 'access-control-allow-origin': '*' } }),
    },
    {
      method: 'GET',
      path: '/api/v1/countries',
      access: 'key',
      bucket: 'api',
      summary: `List the ${COUNTRIES.length} supported countries with their IBAN formats`,
      tag: 'countries',
      responses: { 200: { description: 'CountryList (spec §2.6).', schema: countryListSchema } },
      handle: () => ({ bytes: COUNTRY_LIST_BODY }),
    },
    {
      method: 'GET',
      path: '/api/v1/countries/{code}',
      access: 'key',
      bucket: 'api',
      summary: 'One country with its IBAN format, real banks and capacity',
      description:
        'The code is case-insensitive. Returns every Country field (the spec names a subset), plus the national check, the real banks realistic mode uses (`bank=` picks one) and how many distinct IBANs one dataset holds per mode (`capacity`).',
      tag: 'countries',
      pathParams: { code: countrySchema },
      responses: { 200: { description: '`{ country: Country }` (spec §4.4).', schema: countryDetailSchema } },
      handle: ({ params }) => ({ bytes: COUNTRY_BODIES.get(requireCountry(params['code'] as string).code) as Buffer }),
    },
    {
      method: 'GET',
      path: '/api/v1/generate/{country}',
      access: 'key',
      bucket: 'api',
      summary: 'Generate 1 to 100 test IBANs for a country',
      description:
        'National check digits are correct in both modes, and the IBANs of one response are distinct. `seed` (ibanmint extension) makes the output reproducible: the same seed, country, count and mode give the same IBANs on every machine. `bank` restricts realistic rows to one real bank; `invalid` gives negative test data. Realistic IBANs of a known bank carry `bank` (code, name, BIC).',
      tag: 'generate',
      pathParams: { country: countrySchema },
      query: generateQuery,
      responses: { 200: { description: 'GenerateResult (spec §2.4).', schema: generateResultSchema } },
      handle: (context) => generateReply(deps, toGenerateRequest(context.params['country'], context.query), context),
    },
    {
      method: 'POST',
      path: '/api/v1/generate',
      access: 'key',
      bucket: 'api',
      summary: 'Generate 1 to 100 test IBANs for a country (JSON body)',
      description: 'Unknown body fields are rejected (422) so that a misspelled field never goes unnoticed.',
      tag: 'generate',
      body: generateBody,
      responses: { 200: { description: 'GenerateResult (spec §2.4).', schema: generateResultSchema } },
      handle: (context) => generateReply(deps, toGenerateRequest(context.body['country'], context.body), context),
    },
    {
      method: 'GET',
      path: '/api/v1/validate/{iban}',
      access: 'key',
      bucket: 'api',
      summary: 'Validate an IBAN given in the path',
      description:
        'Letters and digits only (lower case is accepted). A malformed or unsupported IBAN is a result with `valid: false` and every check; only a candidate with other characters is rejected (422).',
      tag: 'validate',
      pathParams: { iban: { ...ibanInputSchema, pattern: '^[0-9A-Za-z]+$' } },
      responses: { 200: { description: 'ValidateResult (spec §2.5).', schema: validateResultSchema } },
      handle: ({ params }) => ({ json: validate(params['iban'], 'iban', false) }),
    },
    {
      method: 'POST',
      path: '/api/v1/validate',
      access: 'key',
      bucket: 'api',
      summary: 'Validate an IBAN given in a JSON body',
      description: 'Whitespace inside `iban` is removed. Returns the full ValidateResult, as the path form does.',
      tag: 'validate',
      body: {
        type: 'object',
        required: ['iban'],
        additionalProperties: false,
        properties: { iban: ibanInputSchema },
        'x-message': 'the request body must be a JSON object',
      },
      responses: { 200: { description: 'ValidateResult (spec §2.5).', schema: validateResultSchema } },
      handle: ({ body }) => ({ json: validate(body['iban']) }),
    },
    {
      method: 'POST',
      path: '/api/v1/validate/batch',
      access: 'key',
      bucket: 'api',
      summary: `Validate up to ${MAX_BATCH.toLocaleString('en')} IBANs in one request (ibanmint extension)`,
      description:
        'One result per item, in order. The request counts once against the rate limit. An item that is not a string of letters and digits fails the whole request (422 naming `ibans[i]`). The body may be up to 64 KiB.',
      tag: 'validate',
      maxBody: 64 * 1024,
      body: {
        type: 'object',
        required: ['ibans'],
        additionalProperties: false,
        properties: {
          ibans: {
            type: 'array',
            minItems: 1,
            maxItems: MAX_BATCH,
            items: { type: 'string' },
            'x-message': `ibans must be an array of 1 to ${MAX_BATCH.toLocaleString('en')} strings`,
          },
        },
        'x-message': 'the request body must be a JSON object',
      },
      responses: { 200: { description: 'One ValidateResult per item.', schema: validateBatchResultSchema } },
      handle: ({ body }) => ({ json: validateBatch(body['ibans'] as unknown[]) }),
    },
    {
      method: 'POST',
      path: '/api/v1/iban',
      access: 'key',
      bucket: 'api',
      summary: 'Build an IBAN from bank, branch and account (ibanmint extension)',
      description:
        'Computes the national check digits (where the country has them) and the IBAN check digits. Parts are those validation reports in `bban_parts`, without national check digits; a part the country does not have, a missing part, a wrong length or character gets 422 naming the field. E.g. DE, bank 37040044, account 0532013000 gives DE89370400440532013000.',
      tag: 'generate',
      body: buildBody,
      responses: { 200: { description: 'The Iban record.', schema: ibanSchema } },
      handle: ({ body }) => ({ json: build(body as { country: string }) }),
    },
    bulkSpec(deps),
    exportSpec(deps),
    ...mcpRouteSpecs(deps.mcp),
    ...webRouteSpecs(deps.web),
    {
      method: 'GET',
      path: '/healthz',
      access: 'public',
      summary: 'Liveness: the process serves requests',
      tag: 'operations',
      responses: { 200: { description: '`{ "status": "ok" }`' } },
      handle: () => ({ bytes: HEALTHY }),
    },
    {
      method: 'GET',
      path: '/readyz',
      access: 'public',
      summary: 'Readiness: every configured dependency (Redis) answers',
      tag: 'operations',
      responses: { 200: { description: '`{ "status": "ready" }`' } },
      handle: async () => {
        await deps.ready()
        return { bytes: READY }
      },
    },
  ]
}

/** A GenerateRequest from a validated query or body (they share field names). */
function toGenerateRequest(country: unknown, fields: Record<string, unknown>): GenerateRequest {
  return {
    country: requireCountry(country as string),
    count: fields['count'] as number,
    realistic: toRealistic(fields['realistic']),
    seed: toSeed(fields['seed']),
    bank: fields['bank'] as string | undefined,
    invalid: fields['invalid'] as InvalidCheck | undefined,
  }
}

/** A GenerateResult: inline up to the measured threshold, else rendered by the pool. */
async function generateReply(deps: RouteDeps, request: GenerateRequest, context: Context): Promise<Reply> {
  if (request.count <= deps.poolInlineMax) return { json: generate(request) }
  return { bytes: await generateOnPool(deps.pool, request, context.signal) }
}

function objectSchema(properties: Record<string, Schema>): Schema {
  return { type: 'object', properties }
}

/** Compiles the table: validators built once from each route's schemas. */
export function compileRoutes(specs: readonly RouteSpec[]): Route[] {
  return specs.map((spec) => ({
    ...spec,
    validateQuery: spec.query === undefined ? undefined : compileValidator(objectSchema(spec.query), 'query'),
    validateBody: spec.body === undefined ? undefined : compileValidator(spec.body, 'body'),
  }))
}
