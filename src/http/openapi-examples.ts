// The OpenAPI document's examples, made by the code itself when the document is built: a
// generated IBAN is what the generator gives for that seed, a validation what the validator
// says, an error message what the route answers. Each example is a call: the request that gets
// the answer from a server, and the answer. The document shows the answers (and the bodies of
// the requests); the tests make every call against a listening server and compare, so an
// example cannot drift from what the service does.
//
// Success examples are listed by operationId below: those the code makes from its data in
// codeCalls (made once by the build), those of the service's own documents and pages in
// serviceCalls. Error examples follow from the errors a route can answer (errorsOf): one per
// code, its message the one the code answers with, and the request that provokes it where one
// does without a failing dependency; an operation may add its own (ERROR_CALLS). A new error
// code needs an entry in ERROR_EXAMPLES (the type asks for it); a new route, its success calls
// (a test asks for them); a new cause of an existing code, an entry in ERROR_CALLS.
import { BUILD_OUTPUTS, readBuilt } from '../build-outputs.ts'
import { ERROR_CODES, ERRORS, errorBody, type ErrorCode } from '../core/errors.ts'
import {
  bankList,
  build,
  countryDetail,
  countryList,
  generate,
  lookupBic,
  requireCountry,
  validate,
  validateBatch,
  type GenerateRequest,
} from '../core/operations.ts'
import type { Schema } from '../core/schemas.ts'
import { ByteWriter } from '../formats/byte-writer.ts'
import { fileTypeOf, FORMATS, renderBatch, type FormatName } from '../formats/render.ts'
import { FAILED_CHECKS, VALIDATE_CSV_HEADER, type ValidateFormat } from '../formats/validate-batch.ts'
import { validateBatchInto } from '../formats/validate-rows.ts'
import { unauthorized } from '../keys/authenticator.ts'
import { poolBusyMessage } from '../pool/pool.ts'
import { MAX_JSON_BODY } from './body.ts'
import { REQUESTS } from './metrics.ts'
import { SERVER_CARD_MEDIA_TYPE } from '../mcp/card.ts'
import { MAX_MCP_BODY } from './mcp.ts'
import { OPERATION_SHAPES } from './openapi-schemas.ts'
import type { RouteInfo } from './route.ts'

/** A request, as a client sends it. */
export interface ExampleRequest {
  /** The path with its query. */
  path: string
  headers?: Readonly<Record<string, string>>
  /** The body: its media type and its text, exactly as sent. */
  body?: { type: string; text: string }
  /** Sent without an API key (a keyed route's request carries one otherwise). */
  anonymous?: boolean
}

/** An example: the request that gets an answer, and the answer. */
export interface ExampleCall {
  /** Its name in the document's `examples` maps; unique among an answer's examples. */
  name: string
  summary: string
  /** Absent where no request gets the answer without a failing dependency (503, 500). */
  request?: ExampleRequest
  status: number
  /** The answer's media type. */
  type: string
  /** The answer's body: a JSON value for a JSON media type, else its text. */
  value: unknown
  /** The answer is longer: lists cut short, fields left out, only the text's beginning. */
  excerpt?: boolean
  /** The request's body is not one to show (an oversized or broken body, or a repeat of another example's). */
  hideRequest?: boolean
}

/** What the examples are made from, beside the code: the service's own documents and pages. */
export interface ExampleSources {
  publicUrl: string
  index: Record<string, unknown>
  serverCard: Record<string, unknown>
  catalog: Record<string, unknown>
  /** The web page, and its assets (the first of each type is shown). */
  webPage: Buffer
  webAssets: Iterable<{ name: string; type: string; body: Buffer }>
  /** /favicon.ico. */
  favicon: Buffer
  /** The reference page, and its assets. */
  referencePage: Buffer
  referenceAssets: Iterable<{ name: string; type: string; body: Buffer }>
}

const JSON_TYPE = 'application/json'
const SEED = 'example'
const IBAN = 'DE89370400440532013000'
const IBAN_WRONG_CHECK = 'DE89370400440532013001'
const GB_IBAN = 'GB82WEST12345698765432'
const BIC = 'COBADEFFXXX'
const BAD_JSON = '{"country": "DE",'
const FOREIGN_ORIGIN = 'https://elsewhere.example'
const MCP_ACCEPT = { accept: 'application/json, text/event-stream' }

/** A JSON body. */
function jsonBody(value: unknown): { type: string; text: string } {
  return { type: JSON_TYPE, text: JSON.stringify(value) }
}

/** Lists cut to `n` items, for excerpts. */
function firstOf<T>(list: readonly T[], n: number): T[] {
  return list.slice(0, n)
}

/** The first `lines` lines of a text, each with its newline. */
function firstLines(text: Buffer, lines: number): string {
  // The first 4 KB hold them (a whole script or registry would be read for nothing).
  return text
    .subarray(0, 4096)
    .toString()
    .split('\n')
    .slice(0, lines)
    .map((line) => `${line}\n`)
    .join('')
}

function generated(country: string, count: number, realistic: boolean): Record<string, unknown> {
  const request: GenerateRequest = {
    country: requireCountry(country),
    territory: undefined,
    count,
    realistic,
    seed: SEED,
    bank: undefined,
    invalid: undefined,
  }
  return generate(request) as unknown as Record<string, unknown>
}

function json(value: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>
}

/** A streamed validation's answer to `text` (one IBAN per line), as the stream writes it. */
function streamAnswer(text: string, format: ValidateFormat): string {
  const out = new ByteWriter()
  const counts = validateBatchInto(
    {
      input: 'lines',
      column: 0,
      delimiter: 44,
      format,
      invalidOnly: false,
      bytes: new TextEncoder().encode(text),
      firstLine: 1,
      damaged: [],
      skipHeader: false,
    },
    out,
  )
  const rows = new TextDecoder().decode(out.view())
  const [total = 0, valid = 0] = counts
  const failed = Object.fromEntries(FAILED_CHECKS.map((check, i) => [check, counts[2 + i] ?? 0]))
  const summary = JSON.stringify({ rows: total, valid, invalid: total - valid, failed, seconds: 0.001, complete: true })
  const head = format === 'csv' ? VALIDATE_CSV_HEADER : ''
  return `${head}${rows}${format === 'ndjson' ? `{"summary":${summary}}` : `# summary ${summary}`}\n`
}

function download(countries: string[], format: FormatName): string {
  const bytes = renderBatch({
    countries,
    realistic: true,
    seed: SEED,
    start: 0,
    count: 2,
    format,
    first: true,
    last: true,
  })
  return new TextDecoder().decode(bytes)
}

function downloadCalls(base: string, countries: string[]): ExampleCall[] {
  return FORMATS.map((format) => {
    const text = download(countries, format)
    const type = fileTypeOf(format).contentType.split(';')[0] as string
    return {
      name: format,
      summary: `${format}: ${fileTypeOf(format).summary}`,
      request: { path: `${base}/${countries.join(',')}?format=${format}&count=2&seed=${SEED}` },
      status: 200,
      type,
      value: type === JSON_TYPE || type.endsWith('+json') ? (JSON.parse(text) as unknown) : text,
    }
  })
}

/** One example per media type of a route that serves files: the first file of each. */
function fileCalls(
  prefix: string,
  files: Iterable<{ name: string; type: string; body: Buffer }>,
  lines: number,
): ExampleCall[] {
  const calls: ExampleCall[] = []
  for (const file of files) {
    const type = file.type.split(';')[0] as string
    if (calls.some((call) => call.type === type)) continue
    calls.push({
      name: file.name.replace(/[^\w-]/g, '_'),
      summary: `The beginning of ${file.name}`,
      request: { path: `${prefix}${file.name}` },
      status: 200,
      type,
      value: firstLines(file.body, lines).slice(0, 400),
      excerpt: true,
    })
  }
  return calls
}

/** A page of the guide (src/web/guide.ts): every page begins alike. */
function guideCall(name: string, summary: string, path: string): ExampleCall {
  const value = '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
  return { name, summary, request: { path }, status: 200, type: 'text/html', value, excerpt: true }
}

const STREAM_TEXT = `${IBAN}\n${GB_IBAN}\n${IBAN_WRONG_CHECK}\n`

/**
 * The examples the code makes from its own data: generated, validated, built and looked up,
 * the files and streams, the MCP tool's answer. They need the data's tables and indexes (the
 * first BIC lookup indexes every registry), 1.2 s cold; so the build makes them once
 * (scripts/docs-bundle.mjs writes dist/openapi-examples.json) and a built service reads them.
 */
export function codeCalls(): Record<string, ExampleCall[]> {
  const countries = countryList()
  const detail = (code: string) => {
    const value = json(countryDetail(code)) as { country: { banks: unknown[] } }
    value.country.banks = firstOf(value.country.banks, 2)
    return value
  }
  const bic = json(lookupBic(BIC, false)) as { banks: unknown[] }
  bic.banks = firstOf(bic.banks, 2)
  const mcpResult = validate(IBAN)
  const ndjsonAnswer = streamAnswer(STREAM_TEXT, 'ndjson')
  const buildBody = { country: 'DE', bank: '37040044', account: '0532013000' }
  return {
    listCountries: [
      {
        name: 'countries',
        summary: `Two of the ${countries.count} countries and one territory shown`,
        request: { path: '/api/v1/countries' },
        status: 200,
        type: JSON_TYPE,
        value: {
          ...json(countries),
          countries: firstOf(countries.countries, 2),
          territories: firstOf(countries.territories, 1),
        },
        excerpt: true,
      },
    ],
    getCountry: [
      {
        name: 'DE',
        summary: 'Germany (two of its banks shown)',
        request: { path: '/api/v1/countries/DE' },
        status: 200,
        type: JSON_TYPE,
        value: detail('DE'),
        excerpt: true,
      },
      {
        name: 'territory',
        summary: 'A territory (French Guiana) gives the country whose IBANs it uses',
        request: { path: '/api/v1/countries/GF' },
        status: 200,
        type: JSON_TYPE,
        value: detail('GF'),
        excerpt: true,
      },
    ],
    listCountryBanks: [
      {
        name: 'DE',
        summary: 'The first three German banks',
        request: { path: '/api/v1/countries/DE/banks?limit=3' },
        status: 200,
        type: JSON_TYPE,
        value: json(bankList('DE', 0, 3)),
      },
    ],
    generateIbans: [
      {
        name: 'realistic',
        summary: 'Two realistic German IBANs (seeded: the same on every machine)',
        request: { path: `/api/v1/generate/DE?count=2&seed=${SEED}` },
        status: 200,
        type: JSON_TYPE,
        value: generated('DE', 2, true),
      },
      {
        name: 'random',
        summary: 'Two fully random Norwegian IBANs',
        request: { path: `/api/v1/generate/NO?count=2&realistic=false&seed=${SEED}` },
        status: 200,
        type: JSON_TYPE,
        value: generated('NO', 2, false),
      },
    ],
    generateIbansFromBody: [
      {
        name: 'FR',
        summary: 'Two realistic French IBANs, RIB key included',
        request: { path: '/api/v1/generate', body: jsonBody({ country: 'FR', count: 2, seed: SEED }) },
        status: 200,
        type: JSON_TYPE,
        value: generated('FR', 2, true),
      },
    ],
    validateIban: [
      {
        name: 'valid',
        summary: 'A valid German IBAN, its account checked by its bank’s method',
        request: { path: `/api/v1/validate/${IBAN}` },
        status: 200,
        type: JSON_TYPE,
        value: json(validate(IBAN, 'iban', false)),
      },
      {
        name: 'invalid',
        summary: 'One digit off: MOD-97 fails',
        request: { path: `/api/v1/validate/${IBAN_WRONG_CHECK}` },
        status: 200,
        type: JSON_TYPE,
        value: json(validate(IBAN_WRONG_CHECK, 'iban', false)),
      },
    ],
    validateIbanFromBody: [
      {
        name: 'GB',
        summary: 'A British IBAN in its print form',
        request: { path: '/api/v1/validate', body: jsonBody({ iban: 'GB82 WEST 1234 5698 7654 32' }) },
        status: 200,
        type: JSON_TYPE,
        value: json(validate('GB82 WEST 1234 5698 7654 32')),
      },
    ],
    validateIbanBatch: [
      {
        name: 'batch',
        summary: 'Two IBANs, one valid',
        request: { path: '/api/v1/validate/batch', body: jsonBody({ ibans: [IBAN, IBAN_WRONG_CHECK] }) },
        status: 200,
        type: JSON_TYPE,
        value: json(validateBatch([IBAN, IBAN_WRONG_CHECK])),
      },
    ],
    validateIbanStream: [
      {
        name: 'ndjson',
        summary: 'One IBAN per line in, a JSON row per IBAN and the summary out (the default)',
        request: { path: '/api/v1/validate/stream', body: { type: 'text/plain', text: STREAM_TEXT } },
        status: 200,
        type: 'application/x-ndjson',
        value: ndjsonAnswer,
      },
      {
        name: 'csv',
        summary: '`format=csv`: a CSV row per IBAN, then the summary',
        request: { path: '/api/v1/validate/stream?format=csv', body: { type: 'text/plain', text: STREAM_TEXT } },
        status: 200,
        type: 'text/csv',
        value: streamAnswer(STREAM_TEXT, 'csv'),
        hideRequest: true,
      },
      {
        name: 'text',
        summary: '`format=text`: each IBAN’s print form and its verdict, then the summary',
        request: { path: '/api/v1/validate/stream?format=text', body: { type: 'text/plain', text: STREAM_TEXT } },
        status: 200,
        type: 'text/plain',
        value: streamAnswer(STREAM_TEXT, 'text'),
        hideRequest: true,
      },
      {
        name: 'ndjson_in',
        summary: 'NDJSON in: one `{"iban": …}` per line',
        request: {
          path: '/api/v1/validate/stream',
          body: { type: 'application/x-ndjson', text: STREAM_TEXT.replace(/(\w+)\n/g, '{"iban": "$1"}\n') },
        },
        status: 200,
        type: 'application/x-ndjson',
        value: ndjsonAnswer,
      },
      {
        name: 'csv_in',
        summary: 'CSV in: the IBANs in the second column, no header line (`column=2`)',
        request: {
          path: '/api/v1/validate/stream?column=2',
          body: {
            type: 'text/csv',
            text: STREAM_TEXT.replace(/(\w+)\n/g, (_, iban: string, at: number) => `${at},${iban}\n`),
          },
        },
        status: 200,
        type: 'application/x-ndjson',
        value: ndjsonAnswer,
      },
    ],
    buildIban: [
      {
        name: 'DE',
        summary: 'A German IBAN from its bank code and account number',
        request: { path: '/api/v1/iban', body: jsonBody(buildBody) },
        status: 200,
        type: JSON_TYPE,
        value: json(build(buildBody)),
      },
    ],
    lookupBic: [
      {
        name: 'COBADEFFXXX',
        summary: 'A primary office’s BIC (two of its registered banks shown)',
        request: { path: `/api/v1/bic/${BIC}` },
        status: 200,
        type: JSON_TYPE,
        value: bic,
        excerpt: true,
      },
    ],
    streamBulkIbans: downloadCalls('/api/v1/bulk', ['DE', 'FR']),
    exportIbans: downloadCalls('/export', ['DE']),
    callMcp: [
      {
        name: 'tools_call',
        summary: 'tools/call validate_iban',
        request: {
          path: '/mcp',
          headers: MCP_ACCEPT,
          body: jsonBody({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'validate_iban', arguments: { iban: IBAN } },
          }),
        },
        status: 200,
        type: JSON_TYPE,
        value: {
          jsonrpc: '2.0',
          id: 1,
          result: { content: [{ type: 'text', text: JSON.stringify(mcpResult) }], structuredContent: json(mcpResult) },
        },
      },
    ],
  }
}

/** The examples of what the service itself serves: its index, documents, pages and probes. */
function serviceCalls(sources: ExampleSources): Record<string, ExampleCall[]> {
  const index = { ...sources.index, endpoints: firstOf(sources.index['endpoints'] as unknown[], 3) }
  return {
    getServiceIndex: [
      {
        name: 'index',
        summary: 'The service index (three of its endpoints shown)',
        request: { path: '/api/v1' },
        status: 200,
        type: JSON_TYPE,
        value: index,
        excerpt: true,
      },
    ],
    getOpenApiDocument: [
      {
        name: 'document',
        summary: 'The document’s head (paths left out)',
        request: { path: '/api/v1/openapi.json' },
        status: 200,
        type: JSON_TYPE,
        value: {
          openapi: '3.1.0',
          info: { title: 'ibanmint API', version: '1.1.0' },
          servers: [{ url: sources.publicUrl }],
          paths: {},
        },
        excerpt: true,
      },
    ],
    getApiReference: [
      {
        name: 'page',
        summary: 'The page’s beginning',
        request: { path: '/docs' },
        status: 200,
        type: 'text/html',
        value: firstLines(sources.referencePage, 4),
        excerpt: true,
      },
    ],
    getApiReferenceAsset: fileCalls('/docs/assets/', sources.referenceAssets, 1),
    getMcpServerCard: cardCalls('/.well-known/mcp/server-card.json', sources.serverCard),
    getMcpServerCardAlias: cardCalls('/mcp/server-card', sources.serverCard),
    getMcpCatalog: [
      {
        name: 'catalog',
        summary: 'The MCP catalog',
        request: { path: '/.well-known/mcp/catalog.json' },
        status: 200,
        type: JSON_TYPE,
        value: json(sources.catalog),
      },
    ],
    getFavicon: fileCalls('/', [{ name: 'favicon.ico', type: 'image/x-icon', body: sources.favicon }], 1),
    getWebPage: [
      {
        name: 'page',
        summary: 'The page’s beginning',
        request: { path: '/' },
        status: 200,
        type: 'text/html',
        value: firstLines(sources.webPage, 4),
        excerpt: true,
      },
    ],
    getWebAsset: fileCalls('/assets/', sources.webAssets, 1),
    getGuide: [guideCall('readme', 'The README as a web page: its beginning', '/guide')],
    getGuidePage: [guideCall('web_page', 'docs/web-page.md as a web page: its beginning', '/guide/web-page')],
    getReadme: [
      {
        name: 'readme',
        summary: 'The README’s first line',
        request: { path: '/README.md' },
        status: 200,
        type: 'text/markdown',
        value: '# ibanmint\n',
        excerpt: true,
      },
    ],
    getMetrics: [
      {
        name: 'metrics',
        summary: 'The answer’s beginning: the first family’s HELP and TYPE lines, then its series',
        request: { path: '/metrics' },
        status: 200,
        type: 'text/plain',
        value: `# HELP ${REQUESTS.name} ${REQUESTS.help}\n# TYPE ${REQUESTS.name} ${REQUESTS.type}\n`,
        excerpt: true,
      },
    ],
    checkLiveness: [probeCall('/healthz', 'ok')],
    checkReadiness: [probeCall('/readyz', 'ready')],
  }
}

let codeMade: Record<string, ExampleCall[]> | undefined

/** The code's examples: as the build wrote them, else made now (from the sources), once per process. */
function loadCodeCalls(): Record<string, ExampleCall[]> {
  const built = readBuilt(BUILD_OUTPUTS.examples)
  codeMade ??= built === undefined ? codeCalls() : (JSON.parse(built.toString()) as Record<string, ExampleCall[]>)
  return codeMade
}

/** The success examples of every operation, by operationId. */
export function successCalls(sources: ExampleSources): Record<string, ExampleCall[]> {
  return { ...loadCodeCalls(), ...serviceCalls(sources) }
}

/** The card in its own media type, and as application/json to a client that asks for that alone. */
function cardCalls(path: string, card: Record<string, unknown>): ExampleCall[] {
  return [
    {
      name: 'card',
      summary: 'The server card',
      request: { path },
      status: 200,
      type: SERVER_CARD_MEDIA_TYPE,
      value: json(card),
    },
    {
      name: 'card_json',
      summary: 'The server card, to a client that accepts application/json only',
      request: { path, headers: { accept: JSON_TYPE } },
      status: 200,
      type: JSON_TYPE,
      value: json(card),
    },
  ]
}

function probeCall(path: string, status: string): ExampleCall {
  return { name: status, summary: `“${status}”`, request: { path }, status: 200, type: JSON_TYPE, value: { status } }
}

// ------------------------------------------------------------------------- errors

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

/** The route reads a JSON body: one the pipeline validates, or one its handler reads as JSON (unless it takes other media types). */
export function hasJsonBody(route: RouteInfo): boolean {
  return (
    route.body !== undefined ||
    (route.requestBody !== undefined && OPERATION_SHAPES[route.operationId]?.bodyTypes === undefined)
  )
}

/** What JSON.parse says about the example's broken body, as the server reports it. */
function invalidJsonMessage(): string {
  try {
    JSON.parse(BAD_JSON)
    return ''
  } catch (error) {
    return `the request body is not valid JSON: ${(error as Error).message.slice(0, 120)}`
  }
}

const IP_LIMITS: Readonly<Record<string, number>> = { export: 30, mcp: 120 }
const KEY_LIMIT = 60
const AUTH_FAILURE_LIMIT = 30
const RETRY = 42

function errorCall(code: ErrorCode, message: string, request?: ExampleRequest, name: string = code): ExampleCall {
  return {
    name,
    summary: ERRORS[code].description,
    ...(request === undefined ? {} : { request }),
    status: ERRORS[code].status,
    type: JSON_TYPE,
    value: errorBody(code, message),
  }
}

/** The message of a parameter or body that breaks its schema, and a request that breaks it where one is plain. */
function invalidRequest(route: RouteInfo, success: ExampleRequest | undefined): ExampleCall {
  const query = Object.entries(route.query ?? {})
  const bounded = query.find(([, schema]) => schema['type'] === 'integer' && typeof schema['minimum'] === 'number')
  if (bounded !== undefined && success !== undefined) {
    const [name, schema] = bounded
    const url = new URL(success.path, 'http://example')
    url.searchParams.set(name, String((schema['minimum'] as number) - 1))
    const request = { ...success, path: `${url.pathname}${url.search}` }
    return errorCall('invalid_request', schema['x-message'] as string, request)
  }
  const body = route.body
  const required = (body?.['required'] as string[] | undefined) ?? []
  if (body !== undefined && required.length > 0 && success?.body !== undefined) {
    const request = { ...success, body: jsonBody({}) }
    return errorCall('invalid_request', `${required[0]} is required`, request)
  }
  const named = [...Object.values(route.pathParams ?? {}), ...query.map(([, schema]) => schema)].find(
    (schema: Schema) => typeof schema['x-message'] === 'string',
  )
  return errorCall('invalid_request', (named?.['x-message'] as string | undefined) ?? 'the request is invalid')
}

/** The message of the error `fails` throws. */
function messageOf(fails: () => unknown): string {
  try {
    fails()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the example was to fail')
}

const UNKNOWN_COUNTRY = messageOf(() => requireCountry('XX'))

/** Errors an operation answers in its own words, or that need a request of their own, by operationId. */
const ERROR_CALLS: Readonly<Record<string, readonly ExampleCall[]>> = {
  getCountry: [errorCall('not_found', UNKNOWN_COUNTRY, { path: '/api/v1/countries/XX' })],
  listCountryBanks: [errorCall('not_found', UNKNOWN_COUNTRY, { path: '/api/v1/countries/XX/banks' })],
  generateIbans: [errorCall('not_found', UNKNOWN_COUNTRY, { path: '/api/v1/generate/XX' })],
  generateIbansFromBody: [
    errorCall('not_found', UNKNOWN_COUNTRY, { path: '/api/v1/generate', body: jsonBody({ country: 'XX' }) }),
  ],
  buildIban: [
    errorCall(
      'not_found',
      messageOf(() => build({ country: 'XX', bank: '1', account: '1' })),
      {
        path: '/api/v1/iban',
        body: jsonBody({ country: 'XX', bank: '1', account: '1' }),
      },
    ),
  ],
  streamBulkIbans: [errorCall('not_found', UNKNOWN_COUNTRY, { path: '/api/v1/bulk/DE,XX' })],
  exportIbans: [errorCall('not_found', UNKNOWN_COUNTRY, { path: '/export/XX' })],
  validateIban: [
    errorCall(
      'invalid_request',
      messageOf(() => validate('DE89-3704', 'iban', false)),
      {
        path: '/api/v1/validate/DE89-3704',
      },
    ),
  ],
  lookupBic: [
    errorCall(
      'invalid_request',
      messageOf(() => lookupBic('COBA-DEFF', false)),
      { path: '/api/v1/bic/COBA-DEFF' },
    ),
  ],
  validateIbanStream: [
    errorCall(
      'unsupported_media_type',
      'the body must be text/plain (one IBAN per line), application/x-ndjson ({"iban": …} per line) or text/csv (with column)',
      { path: '/api/v1/validate/stream', body: jsonBody({ iban: IBAN }) },
    ),
    errorCall('invalid_request', 'column is required for a text/csv body (a header name or a number)', {
      path: '/api/v1/validate/stream',
      body: { type: 'text/csv', text: `iban\n${IBAN}\n` },
    }),
  ],
  callMcp: [
    errorCall('invalid_json', invalidJsonMessage(), {
      path: '/mcp',
      headers: MCP_ACCEPT,
      body: { type: JSON_TYPE, text: BAD_JSON },
    }),
    errorCall('batch_not_supported', 'send one JSON-RPC message per request; batches (arrays) are not supported', {
      path: '/mcp',
      headers: MCP_ACCEPT,
      body: jsonBody([]),
    }),
    errorCall('forbidden', `origin "${FOREIGN_ORIGIN}" may not call this MCP server`, {
      path: '/mcp',
      headers: { ...MCP_ACCEPT, origin: FOREIGN_ORIGIN },
      body: jsonBody({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    }),
    errorCall('payload_too_large', `the request body must be at most ${MAX_MCP_BODY / 1024} KiB`, {
      path: '/mcp',
      headers: MCP_ACCEPT,
      body: jsonBody({ jsonrpc: '2.0', id: 1, method: 'x'.repeat(MAX_MCP_BODY) }),
    }),
    jsonRpcError(400, 'invalid_message', 'Not a JSON-RPC message', { jsonrpc: '2.0', id: 2 }, MCP_ACCEPT, {
      code: -32600,
      message: 'Bad Request: the request body is not a valid JSON-RPC message',
    }),
    jsonRpcError(
      404,
      'unknown_method',
      'A 2026-07-28 request for a method the server does not have',
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'resources/list',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      },
      { ...MCP_ACCEPT, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'resources/list' },
      { code: -32601, message: 'Method not found' },
    ),
    jsonRpcError(
      406,
      'not_acceptable',
      'Accept does not list both application/json and text/event-stream',
      { jsonrpc: '2.0', id: 4, method: 'tools/list' },
      { accept: 'application/json' },
      { code: -32000, message: 'Not Acceptable: Client must accept both application/json and text/event-stream' },
    ),
  ],
  preflightMcp: [
    errorCall('forbidden', `origin "${FOREIGN_ORIGIN}" may not call this MCP server`, {
      path: '/mcp',
      headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': 'POST' },
    }),
  ],
  getWebAsset: [errorCall('not_found', 'no asset "app-0.js"', { path: '/assets/app-0.js' })],
  getApiReferenceAsset: [errorCall('not_found', 'no asset "redoc-0.js"', { path: '/docs/assets/redoc-0.js' })],
  getReadme: [errorCall('not_found', 'the README is not installed with this copy')],
  getGuide: [errorCall('not_found', 'the guide is not installed with this copy')],
  getGuidePage: [errorCall('not_found', 'no page "nope" in the guide', { path: '/guide/nope' })],
  checkReadiness: [errorCall('service_unavailable', 'Redis is not reachable')],
}

function jsonRpcError(
  status: number,
  name: string,
  summary: string,
  message: unknown,
  headers: Record<string, string>,
  error: { code: number; message: string },
): ExampleCall {
  const id = (message as { id: number }).id
  return {
    name,
    summary,
    request: { path: '/mcp', headers, body: jsonBody(message) },
    status,
    type: JSON_TYPE,
    // A message refused before it is read (400, 406) is answered without its id.
    value: { jsonrpc: '2.0', error, id: status === 404 ? id : null },
  }
}

/** Every error example of a route: its own (ERROR_CALLS), then one per code it answers that they leave out. */
export function errorCalls(route: RouteInfo, successes: readonly ExampleCall[]): ExampleCall[] {
  const own = ERROR_CALLS[route.operationId] ?? []
  const success = successes.find((call) => call.request !== undefined)?.request
  const calls = [...own]
  for (const code of errorsOf(route)) {
    if (own.some((call) => call.name === code)) continue
    calls.push(...ERROR_EXAMPLES[code](route, success))
  }
  return calls
}

type ErrorExamples = (route: RouteInfo, success: ExampleRequest | undefined) => ExampleCall[]

/** For each code, its examples on any route: the message it answers with, and a request that provokes it where one does. */
const ERROR_EXAMPLES: { readonly [C in ErrorCode]: ErrorExamples } = {
  invalid_json: (_route, success) => [
    errorCall(
      'invalid_json',
      invalidJsonMessage(),
      success === undefined ? undefined : { ...success, body: { type: JSON_TYPE, text: BAD_JSON } },
    ),
  ],
  batch_not_supported: () => [
    errorCall('batch_not_supported', 'send one JSON-RPC message per request; batches (arrays) are not supported'),
  ],
  unauthorized: (_route, success) => [
    errorCall(
      'unauthorized',
      unauthorized().message,
      success === undefined ? undefined : { ...success, anonymous: true },
    ),
  ],
  forbidden: () => [errorCall('forbidden', `origin "${FOREIGN_ORIGIN}" may not call this MCP server`)],
  not_found: () => [errorCall('not_found', UNKNOWN_COUNTRY)],
  method_not_allowed: () => [],
  request_timeout: () => [
    errorCall(
      'request_timeout',
      'the request body did not arrive in time: the server waited 30 s for it in all (REQUEST_TIMEOUT_MS)',
    ),
  ],
  payload_too_large: (route, success) => {
    const limit = route.maxBody ?? MAX_JSON_BODY
    const oversized = { ...success, body: jsonBody({ ibans: ['x'.repeat(limit)] }) }
    return [
      errorCall(
        'payload_too_large',
        `the request body must be at most ${limit / 1024} KiB`,
        success === undefined ? undefined : (oversized as ExampleRequest),
      ),
    ]
  },
  unsupported_media_type: (_route, success) => [
    errorCall(
      'unsupported_media_type',
      'the request body must be JSON (Content-Type: application/json)',
      success?.body === undefined ? undefined : { ...success, body: { type: 'text/plain', text: success.body.text } },
    ),
  ],
  invalid_request: (route, success) => [invalidRequest(route, success)],
  rate_limited: (route) =>
    typeof route.access === 'object'
      ? [
          errorCall(
            'rate_limited',
            `rate limit of ${IP_LIMITS[route.access.ip]} requests per minute per client exceeded; retry in ${RETRY} s`,
          ),
        ]
      : [
          errorCall('rate_limited', `rate limit of ${KEY_LIMIT} requests per minute exceeded; retry in ${RETRY} s`),
          errorCall(
            'rate_limited',
            `too many failed authentications from this client (${AUTH_FAILURE_LIMIT} per minute); retry in ${RETRY} s`,
            undefined,
            'auth_failures',
          ),
        ],
  internal_error: () => [errorCall('internal_error', 'internal error')],
  service_unavailable: (route) => [
    ...(route.access === 'key'
      ? [errorCall('service_unavailable', 'the key store is unavailable, retry shortly', undefined, 'key_store')]
      : []),
    ...((route.errors ?? []).includes('service_unavailable')
      ? [errorCall('service_unavailable', poolBusyMessage(2, 256), undefined, 'busy')]
      : []),
  ],
}
