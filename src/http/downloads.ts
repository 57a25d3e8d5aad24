// File downloads streamed from the worker pool: the keyless export (/export/{country}) at the site
// root, and the keyed bulk endpoint (our extension) for load-test fixtures of millions of rows.
import { ApiError, toApiError } from '../core/errors.ts'
import { datasetOf, requireCountries, requireCountry, requireDataset } from '../core/operations.ts'
import {
  PAYMENT_PARAMETERS,
  PAYMENT_PARAMETER_NAMES,
  columnsParamSchema,
  refusePaymentParameters,
  requireParties,
  refuseRowOptions,
  resolvePaymentRequest,
  withPartySeed,
} from '../core/payment-request.ts'
import {
  bankMixParamSchema,
  bankParamSchema,
  countSchema,
  countrySchema,
  invalidParamSchema,
  invalidShareParamSchema,
  objectOf,
  offsetSchema,
  type ParamsOf,
  qrIbanQuerySchema,
  realisticQuerySchema,
  seedQuerySchema,
  sliceParamSchema,
  type Schema,
} from '../core/schemas.ts'
import { fileNameOf } from '../core/file-name.ts'
import { flagOf, flagSchema } from '../core/flags.ts'
import { parseSlice, partRows, refuseSlicedPayment, requireSeedForSlice, type Slice } from '../core/slices.ts'
import { INVALID_CHECKS } from '@ibanmint/iban'
import { FORMATS, isPaymentFormat, PAYMENT_FORMATS, type FormatName } from '../formats/format-names.ts'
import { fileTypeOf } from '../formats/render.ts'
import type { StreamLimits } from '../limits/streams.ts'
import type { WorkPool, StreamLease, StreamRequest } from '../pool/pool.ts'
import { streamedBody, streamedCoding } from './compression.ts'
import { downloadExamples } from './data-examples.ts'
import type { Context } from './exchange.ts'
import { cutDownload, holdKeyStream } from './stream-reply.ts'
import { route, type Reply, type Route, type RouteInfo } from './route.ts'
import { groupThousands } from '@ibanmint/iban/internal'

const FORMAT_LIST = FORMATS.map((format) => `${format} (${fileTypeOf(format).summary})`)

const formatSchema = {
  type: 'string',
  enum: FORMATS,
  default: 'csv',
  description: `${FORMAT_LIST.slice(0, -1).join(', ')} or ${FORMAT_LIST.at(-1)}.`,
  'x-message': `format must be one of ${FORMATS.join(', ')}`,
} as const

const headerSchema = flagSchema(
  'header',
  'csv: 0 or false leaves out the header row (a file for tools that read rows from the first line, such as JMeter’s CSV Data Set). Only csv has a header row: other formats refuse 0 and false.',
  'true',
)

/** A download's rows and format, and, for a slice, which part of which count it is (its file name). */
type DownloadRequest = StreamRequest & { format: FormatName; slice?: { slice: Slice; count: number } | undefined }

/**
 * One row of a json, ndjson or csv download: the IBAN fields, one field per BBAN part, then
 * the bank's name and BIC and the country's SEPA flag.
 */
export const downloadRowSchema: Schema = {
  type: 'object',
  required: ['iban', 'iban_print', 'country', 'check_digits', 'bank_name', 'bic', 'sepa'],
  properties: {
    iban: { type: 'string' },
    iban_print: { type: 'string' },
    country: { type: 'string' },
    check_digits: { type: 'string' },
    bank_name: {
      type: ['string', 'null'],
      description: 'The real bank’s name (realistic mode, curated banks); null (csv: empty) otherwise.',
    },
    bic: { type: ['string', 'null'], description: 'The real bank’s BIC; null (csv: empty) when unknown or random.' },
    sepa: { type: 'boolean', description: 'The country is in SEPA (csv: true or false).' },
    invalid: {
      type: ['string', 'null'],
      enum: [...INVALID_CHECKS, null],
      description:
        'With a list of checks in `invalid` or with `invalid_share` (last column): the check the row fails, null (csv: empty) when it is valid; absent otherwise.',
    },
  },
  additionalProperties: {
    type: ['string', 'null'],
    description: 'bank, branch, account, national_check, account_type, other',
  },
}

function downloadResponses(description: string): RouteInfo['responses'] {
  const types = FORMATS.map((format) => fileTypeOf(format).contentType.split(';')[0] as string)
  const schema = { type: 'array', items: downloadRowSchema }
  return { 200: { description, contentTypes: types, schema, headers: ['Content-Disposition'] } }
}

/** What downloads need: the pool, the largest bulk count, and the streams each key may have open. */
export interface DownloadDeps {
  pool: WorkPool
  bulkMaxCount: number
  streams: StreamLimits
}

/**
 * Streams the request's rows (their dataset checked by streamRequestOf) from the pool into the
 * response, once the key has a stream place (429) and the pool has admitted the stream, places
 * and memory (503): all before the 200. A failure after it (a worker lost) ends the file with a line naming it
 * and cuts the connection.
 */
async function streamDownload(
  deps: Pick<DownloadDeps, 'pool' | 'streams'>,
  context: Context,
  request: DownloadRequest,
): Promise<Reply> {
  const res = context.takeResponse()
  const head = context.req.method === 'HEAD'
  const expectedBytes = request.count * fileTypeOf(request.format).minRowBytes
  const coding = streamedCoding(context.req, { expectedBytes })
  let lease: StreamLease | undefined
  if (!head) {
    holdKeyStream(deps.streams, context, res)
    // Its compressor's memory is the stream's too.
    lease = deps.pool.openGeneration(request, coding.memoryBytes)
  }
  const signal = context.signal()
  res.statusCode = 200
  res.setHeader('content-type', fileTypeOf(request.format).contentType)
  res.setHeader(
    'content-disposition',
    `attachment; filename="${fileNameOf(request.dataset.countries, request.slice?.count ?? request.count, request.format, request.slice?.slice)}"`,
  )
  res.setHeader('cache-control', cacheControlOf(request.dataset.seed !== undefined, context.key !== null))
  res.setHeader('x-content-type-options', 'nosniff')
  // Compressed as the client accepts; its headers go out with the first bytes (compression.ts).
  const body = streamedBody(res, coding)
  if (lease === undefined) {
    body.end()
    return 'sent'
  }
  try {
    await deps.pool.stream(request, body, signal, {
      lease,
      onChunk: (rows) => context.countRows('generated', rows),
    })
  } catch (error) {
    if (signal.aborted) return 'sent'
    if (!res.headersSent) {
      // The first batch failed: the error body replaces the file.
      // (Its content-type and cache-control replace the file's: sendBody writes both.)
      for (const name of ['content-disposition', 'vary']) res.removeHeader(name)
      throw error
    }
    await cutDownload(res, body, fileTypeOf(request.format).failure, toApiError(error))
    throw error
  }
  if (!signal.aborted) body.end()
  return 'sent'
}

/** The Cache-Control of each download route's files: unseeded, and seeded. */
const CACHE_CONTROL = {
  // Seeded rows are a function of the URL: keyless, any cache may keep them; keyed, only the
  // client's own (Vary names the key headers: a shared cache must not hand them to others).
  export: ['no-store', 'public, max-age=86400'],
  bulk: ['no-store', 'private, max-age=86400'],
} as const

function cacheControlOf(seeded: boolean, keyed: boolean): string {
  return CACHE_CONTROL[keyed ? 'bulk' : 'export'][seeded ? 1 : 0]
}

function downloadFields(max: number, fallback: number) {
  return {
    format: formatSchema,
    count: countSchema(max, fallback),
    offset: offsetSchema(Number.MAX_SAFE_INTEGER),
    realistic: realisticQuerySchema,
    seed: seedQuerySchema,
    bank: bankParamSchema,
    invalid: invalidParamSchema,
    invalid_share: invalidShareParamSchema,
    header: headerSchema,
    bank_mix: bankMixParamSchema,
    qr_iban: qrIbanQuerySchema,
    columns: columnsParamSchema,
    ...PAYMENT_PARAMETERS,
  } as const
}

function downloadQuery(max: number, fallback: number) {
  return objectOf(downloadFields(max, fallback))
}

/** Bulk's query: the download's, and `slice` (a part of a large dataset; the export's 100 rows need none). */
function bulkQuery(max: number, fallback: number) {
  return objectOf({ ...downloadFields(max, fallback), slice: sliceParamSchema })
}

type DownloadQuery = ParamsOf<ReturnType<typeof downloadQuery>> & { slice?: string | undefined }

/**
 * The stream request of a validated download query, its dataset checked against the rows asked
 * for (once: a payment file's counterparties with its options). With `slice=k/n`, the rows are
 * part k of the seeded dataset of `count` rows from `offset` (src/core/slices.ts), the whole of
 * which is checked, so that every part of a dataset too large is refused alike.
 */
function streamRequestOf(countries: string[], query: DownloadQuery): DownloadRequest {
  const header = flagOf(query.header, true)
  if (!header && query.format !== 'csv') {
    throw new ApiError('invalid_request', `header=${query.header} needs format=csv: only csv has a header row`)
  }
  const slice = query.slice === undefined ? undefined : parseSlice(query.slice)
  if (slice !== undefined) refuseSlicedPayment(query.format)
  const dataset = datasetOf(countries, query)
  const rows = {
    ...partRows(query.count, query.offset, slice),
    format: query.format,
    header,
    slice: slice === undefined ? undefined : { slice, count: query.count },
  }
  if (isPaymentFormat(query.format)) {
    requireParties(query.format, query.columns, { countries, realistic: true })
    refuseRowOptions(query.format, dataset)
    const seed = dataset.seed
    const payment = resolvePaymentRequest(
      query.format,
      { countries, count: rows.count, offset: rows.offset, seed },
      query,
    )
    return { ...rows, dataset: { countries, realistic: true, seed }, payment }
  }
  refusePaymentParameters(query.format, query)
  const parties = requireParties(query.format, query.columns, dataset)
  const request: DownloadRequest = { ...rows, dataset: withPartySeed(dataset, parties), parties }
  if (slice !== undefined) requireSeedForSlice(dataset.seed)
  requireDataset(request.dataset, query.count, query.offset)
  return request
}

/** GET /export/{country}: keyless, EXPORT_RATE_LIMIT (30) downloads per minute per client IP. */
export function exportRoute(deps: Pick<DownloadDeps, 'pool' | 'streams'>): Route {
  return route({
    method: 'GET',
    path: '/export/{country}',
    operationId: 'exportIbans',
    access: { ip: 'export' },
    summary: 'Download 1 to 100 test IBANs as a file (no key; limited per client IP)',
    description: `csv (default), json, ndjson, sql or txt, with one column or field per BBAN part of the country, then bank_name, bic and sepa. Rows are distinct. The file name is \`ibans-<country>-<count>.<format>\`. The payment formats (${PAYMENT_FORMATS.join(', ')}) make a SEPA payment file of the rows as transactions (\`<format>-<country>-<count>.xml\`), with the options ${PAYMENT_PARAMETER_NAMES.slice(0, -1).join(', ')} and ${PAYMENT_PARAMETER_NAMES.at(-1)}.`,
    tag: 'export',
    pathParams: { country: countrySchema },
    query: downloadQuery(100, 10),
    errors: ['not_found', 'service_unavailable'],
    responses: downloadResponses('The file, streamed.'),
    cacheControl: CACHE_CONTROL.export,
    examples: () => downloadExamples('/export', ['DE'], 'XX'),
    handle: ({ params, query }, context) =>
      streamDownload(deps, context, streamRequestOf([requireCountry(params.country).code], query)),
  })
}

/** GET /api/v1/bulk/{country}: keyed; up to BULK_MAX_COUNT rows, counted as one request. */
export function bulkRoute(deps: DownloadDeps): Route {
  return route({
    method: 'GET',
    path: '/api/v1/bulk/{country}',
    operationId: 'streamBulkIbans',
    access: 'key',
    summary: `Stream up to ${groupThousands(deps.bulkMaxCount)} test IBANs as a file (ibanmint extension)`,
    description:
      'For load-test fixtures. Every row is distinct (a count beyond the dataset’s capacity is a 422 before anything is streamed). `country` may be a comma-separated list (e.g. `DE,FR,IT`): rows are spread evenly across those countries and csv then has the union of their BBAN part columns (empty where a country has no such part; null in json and sql). Streams with constant memory; counts as one request against the key. With a seed, output is byte-identical on every run and machine, whatever the thread count, and `offset` cuts the same dataset into slices that can be made apart. `slice=k/n` (with `seed`) asks for part k of n of the `count` rows from `offset`, as the tasks of an array job ask for theirs: the parts differ by at most one row and, joined in order, are the unsliced file (each part a whole file, its own csv header or json array); the file name says which part (`ibans-de-100-part-2-of-4.csv`). The payment formats stream a SEPA payment file of the rows as transactions (pain.001 or pain.008 of up to the same count), or the bank’s status report (pain.002) or statement (camt.053) for the same parameters (they take no `slice`: a payment file is one message); `columns=parties` adds the transactions’ holder, address, amount and end-to-end id to csv, json, ndjson and sql rows.',
    tag: 'export',
    pathParams: {
      country: {
        type: 'string',
        description: 'One country code, or several separated by commas (case-insensitive).',
        examples: ['DE', 'DE,FR,IT'],
      },
    },
    query: bulkQuery(deps.bulkMaxCount, 10),
    errors: ['not_found', 'service_unavailable'],
    responses: downloadResponses('The file, streamed (chunked).'),
    cacheControl: CACHE_CONTROL.bulk,
    examples: () => downloadExamples('/api/v1/bulk', ['DE', 'FR'], 'DE,XX'),
    handle: ({ params, query }, context) => {
      return streamDownload(deps, context, streamRequestOf(requireCountries(params.country), query))
    },
  })
}
