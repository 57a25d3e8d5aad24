// Payment files as every adapter asks for them (GET /api/v1/bulk and /export with a payment
// format, `ibanmint generate -f pain.001`, the MCP tool generate_payment_file): the options'
// parameters, their schemas, and the file's options checked and resolved once, in the thread
// that takes the request, so that every batch of a stream (seed and dates fixed) makes part of
// one file. Row options mean nothing to a payment file, and payment options nothing to rows:
// either given where it does not apply is a 422 naming it.
import { DatasetError, PAYMENT_DEFECTS, type PaymentDefect, type ResolvedPaymentOptions } from '@ibanmint/iban'
import { PARTY_COUNTRIES, randomSeed, resolvePaymentOptions, type DatasetOptions } from '@ibanmint/iban/internal'
import { MESSAGE_OF_FORMAT } from '../formats/payment-formats.ts'
import { PAYMENT_FORMATS, type PaymentFormat } from '../formats/format-names.ts'
import { ApiError } from './errors.ts'
import { requireDataset } from './operations.ts'
import { flagOf, flagSchema } from './flags.ts'

/** The messages `message` names (what pain.002 and camt.053 answer), as the formats name them. */
export const PAYMENT_MESSAGE_FORMATS = ['pain.001', 'pain.001.001.03', 'pain.008', 'pain.008.001.02'] as const
type MessageFormat = (typeof PAYMENT_MESSAGE_FORMATS)[number]

const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
const AMOUNT = '(?:0|[1-9][0-9]{0,8})(?:\\.[0-9]{1,2})?'
const AMOUNTS_PATTERN = `^${AMOUNT}-${AMOUNT}$`

/** The payment files' parameters, each with its schema: none has a default in the schema, so a given one is known. */
export const PAYMENT_PARAMETERS = {
  message: {
    type: 'string',
    enum: PAYMENT_MESSAGE_FORMATS,
    description:
      'pain.002 and camt.053: the customer’s message they answer (default pain.001): the same parameters with that format give the file they answer.',
    'x-message': `message must be one of ${PAYMENT_MESSAGE_FORMATS.join(', ')}`,
  },
  batch_size: {
    type: 'string',
    pattern: '^(?:all|[1-9][0-9]{0,8})$',
    description: 'Payment formats: transactions per PmtInf block (default 500), or `all` for one block.',
    'x-message': 'batch_size must be a positive integer or all',
  },
  amounts: {
    type: 'string',
    pattern: AMOUNTS_PATTERN,
    description:
      'Payment formats: the range of the amounts in euros, `MIN-MAX` (e.g. `10-5000`; default 0.01 to 999999999.99 with a median of 80: many small, few large).',
    'x-message': 'amounts must be a range of euro amounts MIN-MAX with at most two decimals, such as 10-5000',
  },
  amount_distribution: {
    type: 'string',
    enum: ['log-normal', 'uniform'],
    description:
      'Payment formats: `log-normal` (default; with `amounts`, its median is the geometric mean of the range) or `uniform`.',
    'x-message': 'amount_distribution must be one of log-normal, uniform',
  },
  instant: flagSchema('instant', 'pain.001: SEPA Instant Credit Transfers (SCT Inst, LclInstrm INST); default false.'),
  scheme: {
    type: 'string',
    enum: ['CORE', 'B2B'],
    description: 'pain.008: the direct debit scheme, CORE (default) or B2B.',
    'x-message': 'scheme must be one of CORE, B2B',
  },
  sequence_type: {
    type: 'string',
    enum: ['FRST', 'RCUR', 'OOFF', 'FNAL'],
    description: 'pain.008: the sequence type of every collection (default RCUR).',
    'x-message': 'sequence_type must be one of FRST, RCUR, OOFF, FNAL',
  },
  address: {
    type: 'string',
    enum: ['structured', 'hybrid', 'unstructured', 'none'],
    description:
      'Payment formats: the counterparties’ addresses, `structured` (default), `hybrid` (town and country structured, the street in AdrLine), `unstructured` (AdrLine only: every transaction rejected, RR03 / RR02) or `none`.',
    'x-message': 'address must be one of structured, hybrid, unstructured, none',
  },
  defects: {
    type: 'string',
    pattern: '^[A-Z0-9]{4}(?:,[A-Z0-9]{4}){0,31}$',
    description: `Payment formats: reason codes of the defects to put into the file, comma-separated: ${PAYMENT_DEFECTS.join(', ')} (docs/payment-files.md says what each breaks).`,
    'x-message': `defects must be reason codes separated by commas, of ${PAYMENT_DEFECTS.join(', ')}`,
  },
  defect_share: {
    type: 'string',
    pattern: '^(?:0(?:\\.[0-9]{1,6})?|1(?:\\.0{1,6})?|\\.[0-9]{1,6})$',
    description:
      'Payment formats: the share of transactions that carry one of the transaction defects, 0 to 1 (default 0.01 when one is named).',
    'x-message': 'defect_share must be a number from 0 to 1',
  },
  execution_date: {
    type: 'string',
    pattern: DATE_PATTERN,
    description:
      'Payment formats: the requested execution date (pain.001) or collection date (pain.008), YYYY-MM-DD (default: the next business day after `date`; direct debits two).',
    'x-message': 'execution_date must be a date written YYYY-MM-DD',
  },
  date: {
    type: 'string',
    pattern: DATE_PATTERN,
    description:
      'Payment formats: the day the file is made, YYYY-MM-DD (default today, UTC): with a seed, give it too for the same file on another day.',
    'x-message': 'date must be a date written YYYY-MM-DD',
  },
} as const

export type PaymentParameter = keyof typeof PAYMENT_PARAMETERS
export const PAYMENT_PARAMETER_NAMES = Object.keys(PAYMENT_PARAMETERS) as PaymentParameter[]

/** The payment parameters as given: text, as query strings and command lines carry them. */
export type PaymentQuery = Partial<Record<PaymentParameter, string | undefined>>

/** The library's names of options, as the parameters name them. */
const PARAMETER_OF_OPTION: Record<string, string> = {
  batchSize: 'batch_size',
  executionDate: 'execution_date',
  defectShare: 'defect_share',
  sequenceType: 'sequence_type',
  'amounts.min': 'amounts',
  'amounts.max': 'amounts',
  'amounts.median': 'amounts',
  'amounts.distribution': 'amount_distribution',
  countries: 'country',
}

function invalid(message: string): ApiError {
  return new ApiError('invalid_request', message)
}

/** A library error as the 422 naming the parameter (`executionDate must …` → `execution_date must …`). */
function asParameterError(error: unknown): unknown {
  if (!(error instanceof DatasetError)) return error
  const message = error.message.replace(/^[\w.]+/, (name) => PARAMETER_OF_OPTION[name] ?? name)
  return invalid(message)
}

/** What a payment file of `format` needs besides its parameters: its rows and counterparties. */
export interface PaymentRows {
  countries: readonly string[]
  count: number
  offset: number
  seed: string | undefined
}

/**
 * The resolved options of the payment file a request asks for, checked: counterparties' countries
 * and the dataset's capacity (422 naming count), each parameter (422 naming it), and those that
 * apply to one kind of message only. Dates and seed are fixed here, once per request.
 */
export function resolvePaymentRequest(
  format: PaymentFormat,
  rows: PaymentRows,
  query: PaymentQuery,
): ResolvedPaymentOptions {
  const own = MESSAGE_OF_FORMAT[format]
  if (own !== undefined && query.message !== undefined)
    throw invalid(`message applies to pain.002 and camt.053 (the message they answer); ${format} is its own message`)
  const message = own ?? MESSAGE_OF_FORMAT[(query.message ?? 'pain.001') as MessageFormat] ?? 'pain.001.001.09'
  const debit = message.startsWith('pain.008')
  if (debit && query.instant !== undefined) throw invalid('instant applies to credit transfers (pain.001) only')
  for (const name of ['scheme', 'sequence_type'] as const)
    if (!debit && query[name] !== undefined) throw invalid(`${name} applies to direct debits (pain.008) only`)
  const defects = query.defects?.split(',') ?? []
  const unknown = defects.find((code) => !(PAYMENT_DEFECTS as readonly string[]).includes(code))
  if (unknown !== undefined) throw invalid(`defects: ${unknown} is not one of ${PAYMENT_DEFECTS.join(', ')}`)
  const [min, max] = query.amounts?.split('-').map(Number) ?? []
  if (min !== undefined && max !== undefined && min > max)
    throw invalid(`amounts: MIN must not exceed MAX (got ${query.amounts})`)
  const batch = query.batch_size
  try {
    const resolved = resolvePaymentOptions({
      message,
      countries: rows.countries,
      count: rows.count,
      offset: rows.offset,
      ...(rows.seed === undefined ? {} : { seed: rows.seed }),
      ...(batch === undefined ? {} : { batchSize: batch === 'all' ? 'all' : Number(batch) }),
      amounts: {
        ...(min === undefined ? {} : { min, max }),
        ...(query.amount_distribution === undefined
          ? {}
          : { distribution: query.amount_distribution as 'log-normal' | 'uniform' }),
      },
      ...(query.date === undefined ? {} : { date: query.date }),
      ...(query.execution_date === undefined ? {} : { executionDate: query.execution_date }),
      instant: flagOf(query.instant, false),
      ...(query.scheme === undefined ? {} : { scheme: query.scheme as 'CORE' | 'B2B' }),
      ...(query.sequence_type === undefined
        ? {}
        : { sequenceType: query.sequence_type as 'FRST' | 'RCUR' | 'OOFF' | 'FNAL' }),
      ...(query.address === undefined
        ? {}
        : { address: query.address as 'structured' | 'hybrid' | 'unstructured' | 'none' }),
      defects: defects as PaymentDefect[],
      ...(query.defect_share === undefined ? {} : { defectShare: Number(query.defect_share) }),
    })
    // The counterparties' accounts are the realistic rows of the seeded dataset: it must hold them.
    requireDataset({ countries: resolved.countries, realistic: true, seed: resolved.seed }, rows.count, rows.offset)
    return resolved
  } catch (error) {
    throw asParameterError(error)
  }
}

/** The payment parameters a request gave (a row format takes none of them). */
function givenPaymentParameters(query: PaymentQuery): PaymentParameter[] {
  return PAYMENT_PARAMETER_NAMES.filter((name) => query[name] !== undefined)
}

/** The 422 of payment parameters given with a row format. */
export function refusePaymentParameters(format: string, query: PaymentQuery): void {
  const given = givenPaymentParameters(query)
  if (given.length > 0)
    throw invalid(`${given[0]} applies to payment formats (${PAYMENT_FORMATS.join(', ')}), not to ${format}`)
}

/** The row options of a request: those of its dataset. */
type RowOptions = Pick<DatasetOptions, 'realistic' | 'bank' | 'invalid' | 'invalidShare' | 'bankMix' | 'qrIban'>

/** The 422 of a row option given with a payment format: its counterparties are realistic rows of the seeded dataset. */
export function refuseRowOptions(format: string, options: RowOptions): void {
  const given = [
    ['realistic', options.realistic === false],
    ['bank', options.bank !== undefined],
    ['invalid', options.invalid !== undefined],
    ['invalid_share', options.invalidShare !== undefined],
    ['bank_mix', options.bankMix !== undefined && options.bankMix !== 'weighted'],
    ['qr_iban', options.qrIban === true],
  ] as const
  const found = given.find(([, isGiven]) => isGiven)
  if (found !== undefined)
    throw invalid(
      `${found[0]} cannot go with ${format}: its transactions are realistic rows of the seeded dataset (a payment file's negative data is defects)`,
    )
}

/** `columns`: opt-in columns of the row formats. */
export const columnsParamSchema = {
  type: 'string',
  enum: ['parties'],
  description: `csv, json, ndjson, sql: \`parties\` adds the columns holder_name, street, building_number, postcode, town, amount and end_to_end_id after the others: row i as transaction i of the payment file with the same seed and countries (default amounts) holds it. Realistic rows without bank, invalid, bank_mix or qr_iban, of counterparty countries (${PARTY_COUNTRIES.join(' ')}).`,
  'x-message': 'columns must be parties',
} as const

/**
 * The dataset of rows with party columns: those are the seed's payment file's, so an unseeded
 * request draws one seed for all its batches.
 */
export function withPartySeed<D extends DatasetOptions>(dataset: D, parties: boolean): D {
  return parties && dataset.seed === undefined ? { ...dataset, seed: randomSeed() } : dataset
}

/**
 * Whether rows get the party columns (`columns=parties`), checked: a row format other than txt,
 * rows the payment file's transactions are (realistic, no bank, invalid, bank_mix or qr_iban), and
 * counterparty countries.
 */
export function requireParties(format: string, columns: string | undefined, rows: DatasetOptions): boolean {
  if (columns === undefined) return false
  if (!['csv', 'json', 'ndjson', 'sql'].includes(format))
    throw invalid(`columns=${columns} applies to csv, json, ndjson and sql, not to ${format}`)
  try {
    refuseRowOptions(`columns=${columns}`, rows)
    resolvePaymentOptions({ countries: rows.countries, count: 1 })
  } catch (error) {
    throw asParameterError(error)
  }
  return true
}
