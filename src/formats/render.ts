// Serializers csv | json | ndjson | sql | txt: mint a slice of a dataset's rows and write it as
// bytes in one pass. Pure and chunked: a batch knows whether it opens or closes the document,
// so batches rendered apart (in worker threads) concatenate into one valid file. IBAN values
// are made of 0-9 and A-Z and need no escaping; bank names are escaped once per bank.
import {
  Dataset,
  MAX_IBAN_LENGTH,
  findCountry,
  type BankRow,
  type DatasetOptions,
  type InvalidCheck,
  type MintPlan,
} from '../iban/index.ts'
import { ByteWriter } from './byte-writer.ts'
import { columnsFor, partColumnsFor, type Column } from './columns.ts'

export const FORMATS = ['csv', 'json', 'ndjson', 'sql', 'txt'] as const
export type FormatName = (typeof FORMATS)[number]
/** What a batch can be rendered as: a file format, or `records`, the JSON array of Iban
 * records exactly as JSON.stringify writes them, for the API's generate results. */
export type RenderFormat = FormatName | 'records'

/** Which rows of which dataset: everything a worker needs to render a batch on its own. */
export interface BatchOptions {
  /** Country codes (supported); rows are spread evenly across them. */
  countries: readonly string[]
  realistic: boolean
  /** The dataset's seed; without one, a random key (then only one batch can make a document). */
  seed: string | undefined
  bank?: string | undefined
  invalid?: InvalidCheck | undefined
  /** Row index of the batch's first row in the dataset. */
  start: number
  count: number
  format: RenderFormat
  /** This batch opens the document (CSV header, JSON "["). */
  first: boolean
  /** This batch closes the document (JSON "]"). */
  last: boolean
}

/**
 * What the rows of one plan write after their IBAN and parts: one tail per bank (and, last, the
 * tail of a row without a bank), each a view into one buffer. With thousands of banks, one
 * buffer keeps the tails together in memory, rather than one small allocation each, scattered;
 * the views let a row copy its tail with TypedArray#set (a memory copy).
 */
interface PackedTails {
  readonly bytes: Uint8Array
  readonly at: Int32Array
  readonly views: readonly Uint8Array[]
}

/** Per-plan layout: for each part column, the IBAN byte ranges that fill it; the tails per format. */
interface RowLayout {
  readonly parts: readonly (readonly (readonly [number, number])[])[]
  readonly csv: PackedTails
  readonly json: PackedTails
  readonly sql: PackedTails
  /** `,"bank":{…}` or empty, then `}`, per bank and last without one (record templates key on them). */
  readonly records: readonly Uint8Array[]
}

/** The tail index of the dataset's last minted row: its bank's, or (last) none when negative data changed the code. */
function tailIndex(row: RowLayout, dataset: Dataset): number {
  return dataset.bankKept ? dataset.variantIndex : row.records.length - 1
}

const UTF8 = new TextEncoder()

function csvText(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

function sqlText(text: string | undefined): string {
  return text === undefined ? 'NULL' : `'${text.replace(/'/g, "''")}'`
}

function pack(texts: readonly string[]): PackedTails {
  const encoded = texts.map((text) => UTF8.encode(text))
  const at = new Int32Array(encoded.length + 1)
  encoded.forEach((bytes, i) => (at[i + 1] = (at[i] as number) + bytes.length))
  const bytes = new Uint8Array(at[encoded.length] as number)
  encoded.forEach((part, i) => bytes.set(part, at[i]))
  const views = encoded.map((_, i) => bytes.subarray(at[i], at[i + 1]))
  return { bytes, at, views }
}

/** The tails of a plan's banks, and last those of a row without a bank. */
function tailsOf(banks: readonly (BankRow | undefined)[], sepa: boolean): Omit<RowLayout, 'parts'> {
  const all = [...banks, undefined]
  return {
    csv: pack(all.map((bank) => `,${csvText(bank?.name ?? '')},${bank?.bic ?? ''},${sepa}\n`)),
    json: pack(
      all.map(
        (bank) =>
          `,"bank_name":${JSON.stringify(bank?.name ?? null)},"bic":${JSON.stringify(bank?.bic ?? null)},"sepa":${sepa}}`,
      ),
    ),
    sql: pack(all.map((bank) => `,${sqlText(bank?.name)},${sqlText(bank?.bic)},${sepa ? 'TRUE' : 'FALSE'})`)),
    records: all.map((bank) =>
      UTF8.encode(
        bank === undefined
          ? '}'
          : `,"bank":${JSON.stringify({ code: bank.code, name: bank.name, bic: bank.bic ?? null })}}`,
      ),
    ),
  }
}

/** Row layouts by plan, then by the document's part columns; the tails by plan. */
const rowLayouts = new WeakMap<MintPlan, Map<string, RowLayout>>()
const planTails = new WeakMap<MintPlan, Omit<RowLayout, 'parts'>>()

function rowLayoutOf(plan: MintPlan, partColumns: readonly string[]): RowLayout {
  let byColumns = rowLayouts.get(plan)
  if (byColumns === undefined) rowLayouts.set(plan, (byColumns = new Map<string, RowLayout>()))
  const key = partColumns.join(',')
  let layout = byColumns.get(key)
  if (layout === undefined) {
    const parts = partColumns.map((column) =>
      plan.spec.segments
        .filter((s) => s.name === column)
        .map((s): [number, number] => [4 + s.offset, 4 + s.offset + s.length]),
    )
    let tails = planTails.get(plan)
    if (tails === undefined) planTails.set(plan, (tails = tailsOf(plan.banks, plan.spec.sepa)))
    layout = { parts, ...tails }
    byColumns.set(key, layout)
  }
  return layout
}

/** The columns a document for these countries has (csv header, json keys). */
export function columnsOf(countries: readonly string[]): readonly Column[] {
  return columnsFor(
    countries.map((code) => {
      const spec = findCountry(code)
      if (spec === undefined) throw new RangeError(`country "${code}" is not supported`)
      return spec
    }),
  )
}

const COMMA = 44
const NEWLINE = 10
const QUOTE = 34
const SPACE = 32
const OPEN_BRACKET = 91
const CLOSE_BRACKET = 93

function writeFormatted(writer: ByteWriter, iban: Uint8Array, length: number): void {
  for (let i = 0; i < length; i++) {
    if (i > 0 && i % 4 === 0) writer.byte(SPACE)
    writer.byte(iban[i] as number)
  }
}

// The CSV row is the bulk hot path (millions of rows): written with local cursor and buffer
// rather than through ByteWriter's methods, 20% faster on DE (bench/domain.ts, csv rows).
function writeCsvRow(writer: ByteWriter, iban: Uint8Array, length: number, row: RowLayout, tail: number): void {
  const out = writer.bytes
  let at = writer.length
  // The IBAN and its print form in one pass: the print form starts after the IBAN and a comma.
  let printed = at + length + 1
  for (let i = 0; i < length; i++) {
    const char = iban[i] as number
    out[at + i] = char
    if (i > 0 && (i & 3) === 0) out[printed++] = SPACE
    out[printed++] = char
  }
  out[at + length] = COMMA
  at = printed
  out[at++] = COMMA
  out[at++] = iban[0] as number
  out[at++] = iban[1] as number
  out[at++] = COMMA
  out[at++] = iban[2] as number
  out[at++] = iban[3] as number
  const parts = row.parts
  for (let p = 0; p < parts.length; p++) {
    out[at++] = COMMA
    const ranges = parts[p] as readonly (readonly [number, number])[]
    for (let r = 0; r < ranges.length; r++) {
      const range = ranges[r] as readonly [number, number]
      for (let i = range[0]; i < range[1]; i++) out[at++] = iban[i] as number
    }
  }
  const bytes = row.csv.views[tail] as Uint8Array
  out.set(bytes, at)
  writer.length = at + bytes.length
}

function writeJsonObject(
  writer: ByteWriter,
  iban: Uint8Array,
  length: number,
  row: RowLayout,
  keys: readonly string[],
  tail: number,
): void {
  writer.ascii('{"iban":"')
  writer.copy(iban, 0, length)
  writer.ascii('","iban_print":"')
  writeFormatted(writer, iban, length)
  writer.ascii('","country":"')
  writer.copy(iban, 0, 2)
  writer.ascii('","check_digits":"')
  writer.copy(iban, 2, 4)
  writer.byte(QUOTE)
  for (let k = 0; k < row.parts.length; k++) {
    const ranges = row.parts[k] as readonly (readonly [number, number])[]
    writer.ascii(keys[k] as string)
    if (ranges.length === 0) {
      writer.ascii('null')
      continue
    }
    writer.byte(QUOTE)
    for (const [from, to] of ranges) writer.copy(iban, from, to)
    writer.byte(QUOTE)
  }
  writer.copy(row.json.bytes, row.json.at[tail] as number, row.json.at[tail + 1] as number)
}

/** SQL: the table every document fills, and how many rows one INSERT carries. */
export const SQL_TABLE = 'ibans'
export const SQL_ROWS_PER_INSERT = 500

const SQL_TYPES: Record<string, string> = {
  iban: 'VARCHAR(35) NOT NULL',
  iban_print: 'VARCHAR(44) NOT NULL',
  country: 'CHAR(2) NOT NULL',
  check_digits: 'CHAR(2) NOT NULL',
  bank_name: 'VARCHAR(200)',
  bic: 'VARCHAR(11)',
  sepa: 'BOOLEAN NOT NULL',
}

function sqlHeader(columns: readonly Column[]): string {
  const definitions = columns.map((column) => `  ${column} ${SQL_TYPES[column] ?? 'VARCHAR(34)'}`)
  return `BEGIN;\nCREATE TABLE IF NOT EXISTS ${SQL_TABLE} (\n${definitions.join(',\n')}\n);\n`
}

function writeSqlRow(writer: ByteWriter, iban: Uint8Array, length: number, row: RowLayout, tail: number): void {
  writer.ascii("('")
  writer.copy(iban, 0, length)
  writer.ascii("','")
  writeFormatted(writer, iban, length)
  writer.ascii("','")
  writer.copy(iban, 0, 2)
  writer.ascii("','")
  writer.copy(iban, 2, 4)
  writer.byte(39)
  for (const ranges of row.parts) {
    if (ranges.length === 0) {
      writer.ascii(',NULL')
      continue
    }
    writer.ascii(",'")
    for (const [from, to] of ranges) writer.copy(iban, from, to)
    writer.byte(39)
  }
  writer.copy(row.sql.bytes, row.sql.at[tail] as number, row.sql.at[tail + 1] as number)
}

// An Iban record is the same bytes for every row of one bank and IBAN length but for the IBAN's
// own characters: it is written as a kept template with those characters filled in.
interface RecordTemplate {
  readonly bytes: Uint8Array
  readonly formattedAt: number
  readonly countryAt: number
  readonly bbanAt: number
}

const IBAN_AT = '{"iban":"'.length
const recordTemplates = new WeakMap<Uint8Array, Map<number, RecordTemplate>>()

function recordTemplate(length: number, valid: boolean, tail: Uint8Array): RecordTemplate {
  let byShape = recordTemplates.get(tail)
  if (byShape === undefined) recordTemplates.set(tail, (byShape = new Map<number, RecordTemplate>()))
  const shape = length * 2 + (valid ? 1 : 0)
  let template = byShape.get(shape)
  if (template === undefined) {
    const iban = '_'.repeat(length)
    const formatted = iban.replace(/(.{4})(?=.)/g, '$1 ')
    const head = `{"iban":"${iban}","formatted":"`
    const country = `${head}${formatted}","country":"`
    const bban = `${country}__","check_digits":"__","bban":"`
    const text = `${bban}${iban.slice(4)}","length":${length},"valid":${valid}`
    const bytes = new Uint8Array(text.length + tail.length)
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i)
    bytes.set(tail, text.length)
    template = { bytes, formattedAt: head.length, countryAt: country.length, bbanAt: bban.length }
    byShape.set(shape, template)
  }
  return template
}

function writeRecord(writer: ByteWriter, iban: Uint8Array, length: number, valid: boolean, tail: Uint8Array): void {
  const { bytes, formattedAt, countryAt, bbanAt } = recordTemplate(length, valid, tail)
  const out = writer.bytes
  const at = writer.length
  out.set(bytes, at)
  for (let i = 0; i < length; i++) {
    const char = iban[i] as number
    out[at + IBAN_AT + i] = char
    out[at + formattedAt + i + (i >> 2)] = char
  }
  out[at + countryAt] = iban[0] as number
  out[at + countryAt + 1] = iban[1] as number
  const checkAt = countryAt + '__","check_digits":"'.length
  out[at + checkAt] = iban[2] as number
  out[at + checkAt + 1] = iban[3] as number
  for (let i = 4; i < length; i++) out[at + bbanAt + i - 4] = iban[i] as number
  writer.length = at + bytes.length
}

/**
 * Rows offset … offset + count − 1 of a dataset as the JSON array of their Iban records, byte
 * for byte what JSON.stringify writes for recordsOf(dataset, offset, count), into `writer`
 * after what it holds.
 */
export function renderRecordsInto(dataset: Dataset, offset: number, count: number, writer: ByteWriter): void {
  const valid = dataset.invalid === undefined
  writer.reserve(1)
  writer.byte(OPEN_BRACKET)
  for (let i = 0; i < count; i++) {
    dataset.mint(offset + i, SCRATCH)
    const row = rowLayoutOf(dataset.plan, NO_PARTS)
    writer.reserve(MAX_ROW_BYTES)
    if (i > 0) writer.byte(COMMA)
    writeRecord(writer, SCRATCH, dataset.length, valid, row.records[tailIndex(row, dataset)] as Uint8Array)
  }
  writer.byte(CLOSE_BRACKET)
}

const SCRATCH = new Uint8Array(MAX_IBAN_LENGTH)
const NO_PARTS: readonly string[] = []

/** Upper bound of one row's bytes in any format (bank names included). */
const MAX_ROW_BYTES = 1024

/** The dataset options of a batch. */
export function datasetOptionsOf(options: BatchOptions): DatasetOptions {
  return {
    countries: options.countries,
    realistic: options.realistic,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.bank === undefined ? {} : { bank: options.bank }),
    ...(options.invalid === undefined ? {} : { invalid: options.invalid }),
  }
}

/** Renders a batch and returns a copy of its bytes (safe to transfer to another thread). */
export function renderBatch(options: BatchOptions, writer = new ByteWriter()): Uint8Array {
  renderBatchInto(options, writer)
  return writer.view().slice()
}

interface Prepared {
  readonly dataset: Dataset
  readonly columns: readonly Column[]
  readonly partKeys: readonly string[]
  readonly rows: readonly RowLayout[]
}

/** The dataset and layout of the batches of one request, kept while its batches come. */
let prepared: { key: string; value: Prepared } | undefined

function prepare(options: BatchOptions): Prepared {
  const key = JSON.stringify([options.countries, options.realistic, options.seed, options.bank, options.invalid])
  // An unseeded request's batches each draw a key of their own: only seeded ones are reused.
  if (options.seed !== undefined && prepared?.key === key) return prepared.value
  const dataset = new Dataset(datasetOptionsOf(options))
  const specs = dataset.plans.map((plan) => plan.spec)
  const partColumns = partColumnsFor(specs)
  const value = {
    dataset,
    columns: columnsFor(specs),
    partKeys: partColumns.map((c) => `,"${c}":`),
    rows: dataset.plans.map((plan) => rowLayoutOf(plan, partColumns)),
  }
  prepared = { key, value }
  return value
}

/** Renders a batch into `writer` (its bytes are then `writer.view()`, valid until the next use). */
export function renderBatchInto(options: BatchOptions, writer: ByteWriter): void {
  const { format, count, start } = options
  const { dataset, columns, partKeys, rows } = prepare(options)
  const valid = options.invalid === undefined
  const iban = new Uint8Array(MAX_IBAN_LENGTH)
  writer.length = 0
  if (options.first && format === 'csv') writer.ascii(columns.join(',') + '\n')
  if (options.first && format === 'json') writer.ascii('[\n')
  if (options.first && format === 'records') writer.byte(OPEN_BRACKET)
  if (options.first && format === 'sql') writer.ascii(sqlHeader(columns))
  const insert = `INSERT INTO ${SQL_TABLE} (${columns.join(', ')}) VALUES\n`
  for (let i = 0; i < count; i++) {
    dataset.mint(start + i, iban)
    const row = rows[dataset.planIndex] as RowLayout
    const tail = tailIndex(row, dataset)
    const length = dataset.length
    writer.reserve(MAX_ROW_BYTES)
    switch (format) {
      case 'csv':
        writeCsvRow(writer, iban, length, row, tail)
        break
      case 'json':
        if (i > 0 || !options.first) writer.ascii(',\n')
        writeJsonObject(writer, iban, length, row, partKeys, tail)
        break
      case 'ndjson':
        writeJsonObject(writer, iban, length, row, partKeys, tail)
        writer.byte(NEWLINE)
        break
      case 'sql':
        // Each batch opens its own INSERTs, so batches rendered apart still concatenate.
        writer.ascii(i % SQL_ROWS_PER_INSERT === 0 ? insert : ',\n')
        writeSqlRow(writer, iban, length, row, tail)
        if (i % SQL_ROWS_PER_INSERT === SQL_ROWS_PER_INSERT - 1 || i === count - 1) writer.ascii(';\n')
        break
      case 'txt':
        writer.copy(iban, 0, length)
        writer.byte(NEWLINE)
        break
      case 'records':
        if (i > 0 || !options.first) writer.byte(COMMA)
        writeRecord(writer, iban, length, valid, row.records[tail] as Uint8Array)
        break
    }
  }
  if (options.last && format === 'json') writer.ascii('\n]\n')
  if (options.last && format === 'sql') writer.ascii('COMMIT;\n')
  if (options.last && format === 'records') writer.byte(CLOSE_BRACKET)
}
