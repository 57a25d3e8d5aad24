// What a payment file stands for (message, counterparties' countries, seed, slice, blocks,
// amounts, dates, scheme, addresses, defects) and the one place that checks it and fills in the
// defaults. The resolved options are plain data: a worker given them makes the same bytes.
import { DatasetError, randomSeed } from '../dataset.ts'
import { PARTY_COUNTRIES } from '../parties/party.ts'
import { resolveCountry } from '../registry.ts'

/** The payment messages a file can be: SEPA credit transfers and direct debits, 2019 and 2009 versions. */
export const PAYMENT_MESSAGES = ['pain.001.001.09', 'pain.001.001.03', 'pain.008.001.08', 'pain.008.001.02'] as const
/** One of PAYMENT_MESSAGES. */
export type PaymentMessageName = (typeof PAYMENT_MESSAGES)[number]

/** True for the 2019 versions (pain.001.001.09, pain.008.001.08), whose answers are pain.002.001.10 and camt.053.001.08. */
export function isV2019(message: string): boolean {
  return message.endsWith('.09') || message.endsWith('.08')
}

/**
 * The defects a file can carry, by the ISO reason code a bank answers with. Per transaction:
 * AC01 IBAN check digits wrong, RC01 BIC of no country, AM01 amount zero, AM02 amount above the
 * SEPA maximum, AM03 currency not EUR, AM04 insufficient funds (the file is right: the bank
 * refuses), AM05 duplicate of the previous transaction, DU04 EndToEndId of the previous
 * transaction, FF01 a name over 70 characters or outside the SEPA set, BE20 a name over 70
 * characters, RR10 a name outside the SEPA set, RR03 (pain.001) / RR02 (pain.008) an address
 * only in AdrLine, and for pain.008 BE05 creditor identifier check digits wrong, MD01 no mandate.
 * Per file: AM16 / AM19 the group header's CtrlSum / NbOfTxs wrong, AM17 / AM20 those of the
 * first PmtInf block.
 */
export const PAYMENT_DEFECTS = [
  'AC01',
  'RC01',
  'AM01',
  'AM02',
  'AM03',
  'AM04',
  'AM05',
  'DU04',
  'FF01',
  'BE20',
  'RR10',
  'RR02',
  'RR03',
  'BE05',
  'MD01',
  'AM16',
  'AM17',
  'AM19',
  'AM20',
] as const
/** One of PAYMENT_DEFECTS. */
export type PaymentDefect = (typeof PAYMENT_DEFECTS)[number]

/** The defects that concern the whole file or its first block rather than transactions. */
export const FILE_DEFECTS: readonly PaymentDefect[] = ['AM16', 'AM17', 'AM19', 'AM20']

/** How amounts are drawn, in euros: log-normal (many small, few large) or uniform, within [min, max]. */
export interface AmountOptions {
  /** Smallest amount (default 0.01). */
  min?: number | undefined
  /** Largest amount (default 999,999,999.99, SEPA's maximum). */
  max?: number | undefined
  /** `log-normal` (default) or `uniform`. */
  distribution?: 'log-normal' | 'uniform' | undefined
  /** Log-normal only: the median amount (default 80, or the geometric mean of min and max when both are given). */
  median?: number | undefined
  /** Log-normal only: the spread, the standard deviation of the amounts' logarithm (default 1.3). */
  spread?: number | undefined
}

/** The options of a payment file (PaymentFile, paymentFileChunks, transactionAt). */
export interface PaymentFileOptions {
  /** The message: `pain.001.001.09` (default), `pain.001.001.03`, `pain.008.001.08` or `pain.008.001.02`. */
  message?: PaymentMessageName | undefined
  /** The counterparties' countries (default ['DE']): creditors of transfers, debtors of direct debits. */
  countries?: readonly string[] | undefined
  /** Reproducible files: a string or a non-negative integer (default: a random one). */
  seed?: string | number | undefined
  /** The dataset row of the first transaction (default 0): slices of one large file. */
  offset?: number | undefined
  /** How many transactions (required). */
  count: number
  /** Transactions per PmtInf block (default 500), or `'all'` for one block. */
  batchSize?: number | 'all' | undefined
  /** How amounts are drawn. */
  amounts?: AmountOptions | undefined
  /** The day the file is made, YYYY-MM-DD (default: today, UTC). */
  date?: string | undefined
  /** Requested execution or collection date (default: the next business day; direct debits: two). */
  executionDate?: string | undefined
  /** SCT Inst (pain.001 only): LclInstrm INST. */
  instant?: boolean | undefined
  /** Direct debits: `CORE` (default) or `B2B`. */
  scheme?: 'CORE' | 'B2B' | undefined
  /** Direct debits: the sequence type of every collection (default `RCUR`). */
  sequenceType?: 'FRST' | 'RCUR' | 'OOFF' | 'FNAL' | undefined
  /** Counterparties' addresses: `structured` (default), `hybrid`, `unstructured` (every transaction a defect from 15 November 2026) or `none`. */
  address?: 'structured' | 'hybrid' | 'unstructured' | 'none' | undefined
  /** Defects to put into the file (PAYMENT_DEFECTS); transaction defects go to a share of the rows. */
  defects?: readonly PaymentDefect[] | undefined
  /** The share of transactions that carry one of the transaction defects, 0 to 1 (default 0.01 when any is named). */
  defectShare?: number | undefined
  /** The initiating party (default: a firm of the first country, its account and bank drawn from the seed). */
  initiator?: InitiatorOptions | undefined
}

/** The initiating party: the debtor of transfers, the creditor of direct debits. */
export interface InitiatorOptions {
  name?: string | undefined
  iban?: string | undefined
  bic?: string | undefined
  /** Direct debits: the SEPA creditor identifier. */
  creditorId?: string | undefined
}

/** AmountOptions completed. */
export interface ResolvedAmounts {
  readonly min: number
  readonly max: number
  readonly distribution: 'log-normal' | 'uniform'
  readonly median: number
  readonly spread: number
}

/** Everything fixed: what workers are given to make their part of the same file. */
export interface ResolvedPaymentOptions {
  readonly message: PaymentMessageName
  readonly countries: readonly string[]
  readonly seed: string
  readonly offset: number
  readonly count: number
  readonly batchSize: number
  readonly amounts: ResolvedAmounts
  readonly date: string
  readonly executionDate: string
  readonly instant: boolean
  readonly scheme: 'CORE' | 'B2B'
  readonly sequenceType: 'FRST' | 'RCUR' | 'OOFF' | 'FNAL'
  readonly address: 'structured' | 'hybrid' | 'unstructured' | 'none'
  readonly defects: readonly PaymentDefect[]
  readonly defectShare: number
  readonly initiator: InitiatorOptions
}

const MAX_CENTS = 99_999_999_999
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function fail(parameter: string, message: string): never {
  throw new DatasetError(parameter, message)
}

function requireDate(name: string, value: string): string {
  const match = DATE.exec(value)
  const date = match === null ? undefined : new Date(`${value}T00:00:00Z`)
  if (date === undefined || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    fail(name, `${name} must be a date written YYYY-MM-DD`)
  }
  return value
}

/** `date` plus `days` business days (Saturdays and Sundays skipped). */
export function businessDaysAfter(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`)
  for (let left = days; left > 0;) {
    day.setUTCDate(day.getUTCDate() + 1)
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) left--
  }
  return day.toISOString().slice(0, 10)
}

function resolveAmounts(amounts: AmountOptions | undefined): ResolvedAmounts {
  const min = amounts?.min ?? 0.01
  const max = amounts?.max ?? MAX_CENTS / 100
  for (const [name, value] of [
    ['amounts.min', min],
    ['amounts.max', max],
  ] as const) {
    if (!(
      typeof value === 'number' &&
      value >= 0.01 &&
      value <= MAX_CENTS / 100 &&
      Math.round(value * 100) === value * 100
    ))
      fail(name, `${name} must be an amount from 0.01 to 999999999.99 with at most two decimals`)
  }
  if (min > max) fail('amounts', 'amounts.min must not exceed amounts.max')
  const distribution = amounts?.distribution ?? 'log-normal'
  if (distribution !== 'log-normal' && distribution !== 'uniform')
    fail('amounts.distribution', 'amounts.distribution must be log-normal or uniform')
  const median =
    amounts?.median ?? (amounts?.min !== undefined && amounts.max !== undefined ? Math.sqrt(min * max) : 80)
  if (!(typeof median === 'number' && median > 0 && median <= MAX_CENTS / 100))
    fail('amounts.median', 'amounts.median must be a positive amount')
  const spread = amounts?.spread ?? 1.3
  if (!(typeof spread === 'number' && spread >= 0 && spread <= 5))
    fail('amounts.spread', 'amounts.spread must be a number from 0 to 5')
  return { min, max, distribution, median, spread }
}

function resolveCountries(countries: readonly string[] | undefined): string[] {
  const list = countries ?? ['DE']
  if (!Array.isArray(list) || list.length === 0) fail('countries', 'countries: at least one country is needed')
  return [
    ...new Set(
      list.map((code) => {
        const spec = typeof code === 'string' ? resolveCountry(code) : undefined
        if (spec === undefined || !PARTY_COUNTRIES.includes(spec.code)) {
          fail('countries', `countries: payment files have counterparties in ${PARTY_COUNTRIES.join(', ')}`)
        }
        return spec.code
      }),
    ),
  ]
}

function resolveDefects(options: PaymentFileOptions, debit: boolean): [PaymentDefect[], number] {
  const defects = [...new Set(options.defects ?? [])]
  for (const defect of defects) {
    if (!(PAYMENT_DEFECTS as readonly string[]).includes(defect))
      fail('defects', `defects must be codes of ${PAYMENT_DEFECTS.join(', ')}`)
    if (!debit && (defect === 'BE05' || defect === 'MD01' || defect === 'RR02'))
      fail('defects', `defects: ${defect} applies to direct debits (pain.008) only`)
    if (debit && defect === 'RR03')
      fail('defects', 'defects: RR03 applies to credit transfers (pain.001); pain.008 uses RR02')
  }
  const perTransaction = defects.some((defect) => !FILE_DEFECTS.includes(defect))
  const share = options.defectShare ?? (perTransaction ? 0.01 : 0)
  if (!(typeof share === 'number' && share >= 0 && share <= 1))
    fail('defectShare', 'defectShare must be a number from 0 to 1')
  return [defects, share]
}

/** The options checked and completed; throws DatasetError naming the option at fault. */
export function resolvePaymentOptions(options: PaymentFileOptions): ResolvedPaymentOptions {
  const message = options.message ?? 'pain.001.001.09'
  if (!PAYMENT_MESSAGES.includes(message)) fail('message', `message must be one of ${PAYMENT_MESSAGES.join(', ')}`)
  const debit = message.startsWith('pain.008')
  const count = options.count
  if (!(typeof count === 'number' && Number.isSafeInteger(count) && count >= 1))
    fail('count', 'count must be a positive integer')
  const offset = options.offset ?? 0
  if (!(typeof offset === 'number' && Number.isSafeInteger(offset) && offset >= 0))
    fail('offset', 'offset must be a non-negative integer')
  const batch = options.batchSize ?? 500
  if (batch !== 'all' && !(typeof batch === 'number' && Number.isSafeInteger(batch) && batch >= 1))
    fail('batchSize', "batchSize must be a positive integer or 'all'")
  const seed = options.seed === undefined ? randomSeed() : options.seed
  if (!(typeof seed === 'string' || (typeof seed === 'number' && Number.isSafeInteger(seed) && seed >= 0)))
    fail('seed', 'seed must be a string or a non-negative integer')
  const date = requireDate('date', options.date ?? new Date().toISOString().slice(0, 10))
  const executionDate = requireDate('executionDate', options.executionDate ?? businessDaysAfter(date, debit ? 2 : 1))
  if (options.instant === true && debit) fail('instant', 'instant applies to credit transfers (pain.001) only')
  const scheme = options.scheme ?? 'CORE'
  if (scheme !== 'CORE' && scheme !== 'B2B') fail('scheme', 'scheme must be CORE or B2B')
  const sequenceType = options.sequenceType ?? 'RCUR'
  if (!['FRST', 'RCUR', 'OOFF', 'FNAL'].includes(sequenceType))
    fail('sequenceType', 'sequenceType must be FRST, RCUR, OOFF or FNAL')
  const address = options.address ?? 'structured'
  if (!['structured', 'hybrid', 'unstructured', 'none'].includes(address))
    fail('address', 'address must be structured, hybrid, unstructured or none')
  const [defects, defectShare] = resolveDefects(options, debit)
  return {
    message,
    countries: resolveCountries(options.countries),
    seed: String(seed),
    offset,
    count,
    batchSize: batch === 'all' ? count : batch,
    amounts: resolveAmounts(options.amounts),
    date,
    executionDate,
    instant: options.instant === true,
    scheme,
    sequenceType,
    address,
    defects,
    defectShare,
    initiator: { ...options.initiator },
  }
}
