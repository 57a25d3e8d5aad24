// generate_payment_file: a small payment file (pain.001, pain.008) or the bank's answer to it
// (pain.002, camt.053) as XML text, with the file's figures stated once, so that a model sees
// what the bank accepts and rejects without reading the XML. The same options, checks and bytes
// as GET /api/v1/bulk/{countries}?format=pain.001 (the options typed as JSON: instant a
// boolean, defects a list). The XML is rendered where generate_iban's rows are (src/pool/inline.ts:
// here when small, else by the worker pool, as the bulk download's batches are); the figures are
// the library's summary of the same file.
import { PAYMENT_DEFECTS, PaymentFile } from '@ibanmint/iban'
import { PARTY_COUNTRIES } from '@ibanmint/iban/internal'
import { ApiError } from '../core/errors.ts'
import { fileNameOf } from '../core/file-name.ts'
import { requireCountries, toSeed } from '../core/operations.ts'
import { PAYMENT_PARAMETERS, resolvePaymentRequest, type PaymentQuery } from '../core/payment-request.ts'
import { countSchema, objectOf, offsetSchema, seedBodySchema, type ParamsOf, type Schema } from '../core/schemas.ts'
import { PAYMENT_FORMATS } from '../formats/format-names.ts'
import { renderBatch } from '../formats/render.ts'
import { runsInline } from '../pool/inline.ts'
import type { ToolDeps } from './info.ts'

/** At most this many transactions: a pain.001 of 100 is about 50 KB of XML. */
const MAX_PAYMENT_TOOL_COUNT = 100

const { instant, defects, defect_share, batch_size, ...textParameters } = PAYMENT_PARAMETERS

export const paymentFileArguments = objectOf(
  {
    format: {
      type: 'string',
      enum: PAYMENT_FORMATS,
      default: 'pain.001',
      description:
        'pain.001 (SEPA credit transfers, pain.001.001.09; default), pain.001.001.03, pain.008 (direct debits, pain.008.001.08), pain.008.001.02; or the bank’s answer to the file the same arguments make: pain.002 (status report) or camt.053 (statement of the accepted transactions).',
      'x-message': `format must be one of ${PAYMENT_FORMATS.join(', ')}`,
    },
    countries: {
      type: 'array',
      minItems: 1,
      maxItems: PARTY_COUNTRIES.length,
      items: { type: 'string', minLength: 2, maxLength: 2 },
      default: ['DE'],
      description: `The counterparties’ countries (default ["DE"]): ${PARTY_COUNTRIES.join(', ')}.`,
      'x-message': `countries must be a list of 1 to ${PARTY_COUNTRIES.length} country codes`,
    },
    count: { ...countSchema(MAX_PAYMENT_TOOL_COUNT, 5), description: 'How many transactions, 1 to 100 (default 5).' },
    seed: seedBodySchema,
    offset: offsetSchema(Number.MAX_SAFE_INTEGER),
    ...textParameters,
    batch_size: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAYMENT_TOOL_COUNT,
      description: batch_size.description,
      'x-message': 'batch_size must be an integer between 1 and 100',
    },
    instant: { type: 'boolean', description: instant.description, 'x-message': 'instant must be a boolean' },
    defects: {
      type: 'array',
      items: {
        type: 'string',
        enum: PAYMENT_DEFECTS,
        'x-message': `defects must be a list of reason codes of ${PAYMENT_DEFECTS.join(', ')}`,
      },
      maxItems: PAYMENT_DEFECTS.length,
      description: defects.description.replace('comma-separated', 'a list'),
      'x-message': `defects must be a list of reason codes of ${PAYMENT_DEFECTS.join(', ')}`,
    },
    defect_share: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      description: defect_share.description,
      'x-message': 'defect_share must be a number from 0 to 1',
    },
  },
  {},
)

/** The tool's result: the file's figures, then the XML. */
export const paymentFileOutputSchema: Schema = {
  type: 'object',
  required: [
    'format',
    'message',
    'file_name',
    'seed',
    'transactions',
    'control_sum',
    'status',
    'accepted',
    'rejected',
    'xml',
  ],
  additionalProperties: false,
  properties: {
    format: { type: 'string', enum: [...PAYMENT_FORMATS] },
    message: { type: 'string', description: 'The XML’s message, e.g. pain.001.001.09 or pain.002.001.10.' },
    file_name: { type: 'string' },
    seed: { type: 'string', description: 'The seed that makes the file again (the one given, or the one drawn).' },
    date: { type: 'string', description: 'The day the file was made: pass it with the seed for the same bytes.' },
    transactions: { type: 'integer', description: 'Transactions in the customer’s file.' },
    control_sum: { type: 'string' },
    status: { type: 'string', enum: ['ACCP', 'PART', 'RJCT'], description: 'What the bank answers to the file.' },
    reason: {
      type: ['string', 'null'],
      description: 'The file-level reason code, when the file or a block is rejected.',
    },
    accepted: { type: 'integer' },
    rejected: { type: 'integer' },
    xml: { type: 'string', description: 'The document, UTF-8 XML valid against its ISO 20022 schema.' },
  },
}

/** The arguments as the query strings carry them, for the checks every adapter shares. */
function queryOf(args: ParamsOf<typeof paymentFileArguments>): PaymentQuery {
  const { format: _format, countries: _countries, count: _count, seed: _seed, offset: _offset, ...rest } = args
  const query: PaymentQuery = {}
  for (const [name, value] of Object.entries(rest))
    if (value !== undefined) query[name as keyof PaymentQuery] = Array.isArray(value) ? value.join(',') : String(value)
  return query
}

/** generate_payment_file's result for checked arguments. */
export async function paymentFileTool(
  deps: ToolDeps,
  args: ParamsOf<typeof paymentFileArguments>,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const countries = requireCountries(args.countries)
  const seed = toSeed(args.seed)
  if (seed === undefined && args.offset > 0)
    throw new ApiError('invalid_request', 'offset needs a seed: it is a row of the seeded dataset')
  const payment = resolvePaymentRequest(
    args.format,
    { countries, count: args.count, offset: args.offset, seed },
    queryOf(args),
  )
  const batch = {
    dataset: { countries, realistic: true, seed: payment.seed },
    payment,
    format: args.format,
    start: payment.offset,
    count: payment.count,
    documentRows: payment.count,
    first: true,
    last: true,
  }
  // Where generate_iban's rows are made, by the same decision: here when small, else on the pool.
  const bytes = runsInline({ rows: payment.count }, deps.inline)
    ? renderBatch(batch)
    : await deps.pool.run(batch, signal)
  deps.countRows?.('generated', payment.count)
  const summary = new PaymentFile(payment).summary()
  const message =
    args.format === 'pain.002' ? summary.statusReport : args.format === 'camt.053' ? summary.statement : summary.message
  return {
    format: args.format,
    message,
    file_name: fileNameOf(countries, payment.count, args.format),
    seed: payment.seed,
    date: payment.date,
    transactions: summary.transactions,
    control_sum: summary.controlSum,
    status: summary.status,
    reason: summary.reason,
    accepted: summary.accepted,
    rejected: summary.rejected,
    xml: Buffer.from(bytes).toString('utf8'),
  }
}
