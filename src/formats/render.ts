// The format table: every file format with its facts (how a file is served, its failure line, its
// fewest bytes a row) and how its documents are written: the row formats csv | json | ndjson | sql
// | txt here, the payment formats (pain.001 …) from payment-formats.ts; and records, the JSON array
// of Iban records of the API's generate results. Rows are minted and written as bytes in one pass.
// Pure and chunked: a batch knows whether it opens or closes the document, so batches rendered
// apart (in worker threads) concatenate into one valid document. IBAN values are made of 0-9 and
// A-Z and need no escaping; bank names are escaped once per bank. Labelled negative data adds
// the column `invalid` last (txt, one IBAN a line, has no columns).
import { csvCell } from './csv-cell.ts'
import { INVALID_CHECKS, findCountry, type BankRow } from '@ibanmint/iban'
import { Dataset, MAX_IBAN_LENGTH, bicOutsideSepa, type MintPlan } from '@ibanmint/iban/internal'
import { ByteWriter } from './byte-writer.ts'
import { INVALID_COLUMN, columnsFor, partColumnsFor, type Column } from './columns.ts'
import type { BatchOptions, FileType, FormatEntry } from './format-entry.ts'
import { type FormatName, type RenderFormat, type RowFormat } from './format-names.ts'
import { PartyCells, PARTY_COLUMNS, PARTY_SQL_TYPES } from './party-columns.ts'
import { PAYMENT_FORMAT_ENTRIES } from './payment-formats.ts'

/**
 * What the rows of one plan write in a document with these part columns. The tails (what a
 * row writes after its IBAN and parts: csv, json, sql; records, `,"bank":{…}}` or `}` without a
 * bank, the end of an Iban record) come one per bank and, last, one for a row without a bank;
 * each format's are views into one buffer: with thousands of banks that keeps them together in
 * memory, rather than one small allocation each, and a row appends its tail with one memory copy.
 */
interface RowLayout {
  /** Per part column, the IBAN byte ranges that fill it (none: the country has no such part). */
  readonly parts: readonly (readonly (readonly [number, number])[])[]
  /** `,"bank":` and so on, per part column (json objects). */
  readonly partKeys: readonly string[]
  readonly tails: Tails
}

const UTF8 = new TextEncoder()

function sqlText(text: string | undefined): string {
  return text === undefined ? 'NULL' : `'${text.replace(/'/g, "''")}'`
}

/** The texts encoded into one buffer, as views. */
function pack(texts: readonly string[]): Uint8Array[] {
  const encoded = texts.map((text) => UTF8.encode(text))
  const bytes = new Uint8Array(encoded.reduce((total, part) => total + part.length, 0))
  let at = 0
  return encoded.map((part) => {
    bytes.set(part, at)
    at += part.length
    return bytes.subarray(at - part.length, at)
  })
}

/**
 * The tails of a plan's banks, and last those of a row without a bank, each format's made on
 * its first use (a document uses one, and a command starts by making its plans' tails). `sepa`
 * is per bank: the country's, unless the bank's BIC is of a place outside SEPA's scope.
 */
class Tails {
  /** How many tails each format has: one per bank, and the bankless row's (the last). */
  readonly count: number
  readonly #banks: readonly (BankRow | undefined)[]
  readonly #sepa: readonly boolean[]
  #csv: Uint8Array[] | undefined
  #json: Uint8Array[] | undefined
  #sql: Uint8Array[] | undefined
  #records: Uint8Array[] | undefined

  constructor(banks: readonly (BankRow | undefined)[], country: string, countrySepa: boolean) {
    this.#banks = [...banks, undefined]
    this.#sepa = this.#banks.map((bank) => countrySepa && bicOutsideSepa(country, bank?.bic) === undefined)
    this.count = this.#banks.length
  }

  #pack(text: (bank: BankRow | undefined, sepa: boolean) => string): Uint8Array[] {
    return pack(this.#banks.map((bank, i) => text(bank, this.#sepa[i] as boolean)))
  }

  get csv(): readonly Uint8Array[] {
    return (this.#csv ??= this.#pack((bank, sepa) => `,${csvCell(bank?.name ?? '')},${bank?.bic ?? ''},${sepa}\n`))
  }

  get json(): readonly Uint8Array[] {
    return (this.#json ??= this.#pack(
      (bank, sepa) =>
        `,"bank_name":${JSON.stringify(bank?.name ?? null)},"bic":${JSON.stringify(bank?.bic ?? null)},"sepa":${sepa}}`,
    ))
  }

  get sql(): readonly Uint8Array[] {
    return (this.#sql ??= this.#pack(
      (bank, sepa) => `,${sqlText(bank?.name)},${sqlText(bank?.bic)},${sepa ? 'TRUE' : 'FALSE'})`,
    ))
  }

  get records(): readonly Uint8Array[] {
    return (this.#records ??= this.#pack((bank) =>
      bank === undefined
        ? '}'
        : `,"bank":${JSON.stringify({ code: bank.code, name: bank.name, bic: bank.bic ?? null })}}`,
    ))
  }
}

/** Row layouts by plan, then by the document's part columns; the tails by plan. */
const rowLayouts = new WeakMap<MintPlan, Map<string, RowLayout>>()
const planTails = new WeakMap<MintPlan, Tails>()

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
    if (tails === undefined) planTails.set(plan, (tails = new Tails(plan.banks, plan.spec.code, plan.spec.sepa)))
    layout = { parts, partKeys: partColumns.map((c) => `,"${c}":`), tails }
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
const APOSTROPHE = 39
const SPACE = 32

/** Where rows are minted. */
const ROW = new Uint8Array(MAX_IBAN_LENGTH)

/**
 * The rows of one batch, minted one at a time into the row buffer: a format's `rows` writes
 * each row as next() makes it.
 */
class RowCursor {
  /** The row's IBAN, in bytes [0, length). */
  readonly iban = ROW
  length = 0
  layout: RowLayout
  /** Which of the layout's tails ends the row: its bank's, or (last) none. */
  tail = 0
  /** The row's index in the batch: −1 before the first call of next(). */
  index = -1
  /** The row's index in the dataset. */
  row = -1
  readonly count: number
  /** sql: how many rows of its INSERT statement precede the batch's first row. */
  readonly insertPhase: number
  readonly columns: readonly string[]
  /** The party columns' source, when the document has them. */
  readonly parties: PartyCells | undefined
  /** The row is a valid IBAN. */
  valid = true
  /** Rows carry the `invalid` column; `label` indexes LABELS (0: valid, 1 + i: INVALID_CHECKS[i]). */
  readonly labelled: boolean
  label = 0
  readonly #dataset: Dataset
  readonly #layouts: readonly RowLayout[]
  readonly #start: number
  /** What precedes the first row: the format's separator when the batch does not open the document. */
  readonly #lead: string
  readonly #separator: string

  constructor(prepared: Prepared, start: number, count: number, first: boolean, separator: string, origin = start) {
    this.#dataset = prepared.dataset
    this.#layouts = prepared.layouts
    this.layout = prepared.layouts[0] as RowLayout
    this.columns = prepared.columns
    this.parties = prepared.parties
    this.labelled = prepared.dataset.labelled
    this.#start = start
    this.count = count
    this.insertPhase = (((start - origin) % SQL_ROWS_PER_INSERT) + SQL_ROWS_PER_INSERT) % SQL_ROWS_PER_INSERT
    this.#lead = first ? '' : separator
    this.#separator = separator
  }

  /** Mints the next row and writes the separator before it; false when the batch is done. */
  next(writer: ByteWriter): boolean {
    const index = this.index + 1
    if (index === this.count) return false
    const dataset = this.#dataset
    this.row = this.#start + index
    dataset.mint(this.row, ROW)
    const layout = this.#layouts[dataset.planIndex] as RowLayout
    this.index = index
    this.layout = layout
    // A row whose bank code negative data changed carries no bank.
    this.tail = dataset.bankKept ? dataset.bankIndex : layout.tails.count - 1
    this.length = dataset.ibanLength
    const invalid = dataset.invalid
    this.valid = invalid === undefined
    if (this.labelled) this.label = invalid === undefined ? 0 : 1 + INVALID_CHECKS.indexOf(invalid)
    const separator = index === 0 ? this.#lead : this.#separator
    if (separator !== '') writer.ascii(separator)
    return true
  }
}

/**
 * The `invalid` column's last bytes, by row label (0: a valid row, 1 + i: INVALID_CHECKS[i]):
 * each replaces the row tail's last byte (csv's newline, json's brace, sql's parenthesis).
 */
const LABELS = {
  csv: pack(['', ...INVALID_CHECKS].map((check) => `,${check}\n`)),
  json: pack(['null', ...INVALID_CHECKS.map((check) => `"${check}"`)].map((value) => `,"${INVALID_COLUMN}":${value}}`)),
  sql: pack(['NULL', ...INVALID_CHECKS.map((check) => `'${check}'`)].map((value) => `,${value})`)),
  // An Iban record's `invalid` comes after `valid`, before its bank.
  records: pack(
    ['null', ...INVALID_CHECKS.map((check) => `"${check}"`)].map((value) => `,"${INVALID_COLUMN}":${value}`),
  ),
} as const

/** Appends a row's tail; labelled, the label's bytes in place of the tail's last byte (no view made per row). */
function appendTail(writer: ByteWriter, tail: Uint8Array, row: RowCursor, labels: readonly Uint8Array[]): void {
  writer.append(tail)
  if (!row.labelled) return
  writer.unwrite(1)
  writer.append(labels[row.label] as Uint8Array)
}

/** Upper bound of one CSV row's bytes (the longest bank name is 213 bytes). */
const MAX_ROW_BYTES = 1024

// The CSV row is the bulk hot path (millions of rows): encoded through one local cursor. A
// writer method per field, or one gather through a per-plan byte map, were 10 to 20% slower.
function encodeCsvRow(out: Uint8Array, at: number, row: RowCursor): number {
  const { iban, length, layout } = row
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
  const parts = layout.parts
  for (let p = 0; p < parts.length; p++) {
    out[at++] = COMMA
    const ranges = parts[p] as readonly (readonly [number, number])[]
    for (let r = 0; r < ranges.length; r++) {
      const range = ranges[r] as readonly [number, number]
      for (let i = range[0]; i < range[1]; i++) out[at++] = iban[i] as number
    }
  }
  const tail = layout.tails.csv[row.tail] as Uint8Array
  out.set(tail, at)
  if (!row.labelled) return at + tail.length
  // The label takes the place of the tail's newline, and ends the row with its own.
  const label = LABELS.csv[row.label] as Uint8Array
  out.set(label, at + tail.length - 1)
  return at + tail.length - 1 + label.length
}

function writeJsonObject(writer: ByteWriter, row: RowCursor): void {
  const { iban, length, layout } = row
  writer.ascii('{"iban":"')
  writer.copy(iban, 0, length)
  writer.ascii('","iban_print":"')
  writer.grouped(iban, length)
  writer.ascii('","country":"')
  writer.copy(iban, 0, 2)
  writer.ascii('","check_digits":"')
  writer.copy(iban, 2, 4)
  writer.byte(QUOTE)
  for (let k = 0; k < layout.parts.length; k++) {
    const ranges = layout.parts[k] as readonly (readonly [number, number])[]
    writer.ascii(layout.partKeys[k] as string)
    if (ranges.length === 0) {
      writer.ascii('null')
      continue
    }
    writer.byte(QUOTE)
    for (const [from, to] of ranges) writer.copy(iban, from, to)
    writer.byte(QUOTE)
  }
  appendTail(writer, layout.tails.json[row.tail] as Uint8Array, row, LABELS.json)
}

/** SQL: the table every document fills, and how many rows one INSERT carries. */
export const SQL_TABLE = 'ibans'
export const SQL_ROWS_PER_INSERT = 500

const SQL_TYPES: Record<string, string> = {
  ...PARTY_SQL_TYPES,
  iban: 'VARCHAR(35) NOT NULL',
  iban_print: 'VARCHAR(44) NOT NULL',
  country: 'CHAR(2) NOT NULL',
  check_digits: 'CHAR(2) NOT NULL',
  bank_name: 'VARCHAR(200)',
  bic: 'VARCHAR(11)',
  sepa: 'BOOLEAN NOT NULL',
  [INVALID_COLUMN]: 'VARCHAR(8)',
}

function sqlHeader(columns: readonly string[]): string {
  const definitions = columns.map((column) => `  ${column} ${SQL_TYPES[column] ?? 'VARCHAR(34)'}`)
  return `BEGIN;\nCREATE TABLE IF NOT EXISTS ${SQL_TABLE} (\n${definitions.join(',\n')}\n);\n`
}

function writeSqlRow(writer: ByteWriter, row: RowCursor): void {
  const { iban, length, layout } = row
  writer.ascii("('")
  writer.copy(iban, 0, length)
  writer.ascii("','")
  writer.grouped(iban, length)
  writer.ascii("','")
  writer.copy(iban, 0, 2)
  writer.ascii("','")
  writer.copy(iban, 2, 4)
  writer.byte(APOSTROPHE)
  for (const ranges of layout.parts) {
    if (ranges.length === 0) {
      writer.ascii(',NULL')
      continue
    }
    writer.ascii(",'")
    for (const [from, to] of ranges) writer.copy(iban, from, to)
    writer.byte(APOSTROPHE)
  }
  appendTail(writer, layout.tails.sql[row.tail] as Uint8Array, row, LABELS.sql)
}

// An Iban record is the same bytes for every row of one IBAN length and validity but for the
// IBAN's own characters, then its bank: it is written as a kept template with those characters
// filled in, then the bank's tail.
interface RecordHead {
  readonly template: Uint8Array
  /** Pairs (offset in the template, index in the IBAN). */
  readonly holes: Uint16Array
}

/** Record heads by IBAN length × 2 + validity. */
const recordHeads: RecordHead[] = []

function recordHeadOf(length: number, valid: boolean): RecordHead {
  const shape = length * 2 + (valid ? 1 : 0)
  let head = recordHeads[shape]
  if (head === undefined) {
    const iban = '_'.repeat(length)
    const formatted = iban.replace(/(.{4})(?=.)/g, '$1 ')
    const ibanAt = '{"iban":"'.length
    const formattedAt = `{"iban":"${iban}","formatted":"`.length
    const countryAt = formattedAt + `${formatted}","country":"`.length
    const checkAt = countryAt + '__","check_digits":"'.length
    const bbanAt = checkAt + '__","bban":"'.length
    const text = `{"iban":"${iban}","formatted":"${formatted}","country":"__","check_digits":"__","bban":"${iban.slice(4)}","length":${length},"valid":${valid}`
    const holes: number[] = []
    for (let i = 0; i < length; i++) holes.push(ibanAt + i, i, formattedAt + i + (i >> 2), i)
    holes.push(countryAt, 0, countryAt + 1, 1, checkAt, 2, checkAt + 1, 3)
    for (let i = 4; i < length; i++) holes.push(bbanAt + i - 4, i)
    head = { template: UTF8.encode(text), holes: Uint16Array.from(holes) }
    recordHeads[shape] = head
  }
  return head
}

function writeRecord(writer: ByteWriter, row: RowCursor): void {
  const head = recordHeadOf(row.length, row.valid)
  writer.fill(head.template, row.iban, head.holes)
  if (row.labelled) writer.append(LABELS.records[row.label] as Uint8Array)
  writer.append(row.layout.tails.records[row.tail] as Uint8Array)
}

/** How a document is written: what opens it, its rows, what closes it. */
interface FormatWriter {
  /** What the batch that opens the document writes before its rows (`header`: csv's header row). */
  open(columns: readonly string[], header: boolean): string
  /** What comes between two rows, also where one batch ends and the next begins. */
  readonly separator: string
  /** Writes the batch's rows, each as `rows.next` mints it. */
  rows(rows: RowCursor, writer: ByteWriter): void
  /** What the batch that closes the document writes after its rows. */
  readonly close: string
}

const NOTHING = (): string => ''

/** How the row formats write their rows, and their facts. */
const ROW_WRITERS: { readonly [F in RowFormat]: FormatWriter & Omit<FileType, 'kind'> } = {
  csv: {
    contentType: 'text/csv; charset=utf-8',
    extension: 'csv',
    summary: 'header row, one column per BBAN part',
    minRowBytes: 60,
    maxRowBytes: 240,
    failure: 'hash',
    open: (columns, header) => (header ? `${columns.join(',')}\n` : ''),
    separator: '',
    rows(rows, writer) {
      while (rows.next(writer)) {
        writer.encode(MAX_ROW_BYTES, encodeCsvRow, rows)
        rows.parties?.write(writer, rows.row, 'csv')
      }
    },
    close: '',
  },
  json: {
    contentType: 'application/json; charset=utf-8',
    extension: 'json',
    summary: 'array of objects',
    minRowBytes: 100,
    maxRowBytes: 350,
    failure: 'json',
    open: () => '[\n',
    separator: ',\n',
    rows(rows, writer) {
      while (rows.next(writer)) {
        writeJsonObject(writer, rows)
        rows.parties?.write(writer, rows.row, 'json')
      }
    },
    close: '\n]\n',
  },
  ndjson: {
    contentType: 'application/x-ndjson; charset=utf-8',
    extension: 'ndjson',
    summary: 'one object per line',
    minRowBytes: 100,
    maxRowBytes: 350,
    failure: 'json',
    open: NOTHING,
    separator: '',
    rows(rows, writer) {
      while (rows.next(writer)) {
        writeJsonObject(writer, rows)
        rows.parties?.write(writer, rows.row, 'json')
        writer.byte(NEWLINE)
      }
    },
    close: '',
  },
  sql: {
    contentType: 'application/sql; charset=utf-8',
    extension: 'sql',
    summary: `CREATE TABLE IF NOT EXISTS ${SQL_TABLE} + INSERTs in a transaction`,
    minRowBytes: 80,
    maxRowBytes: 260,
    failure: 'sql',
    open: sqlHeader,
    separator: '',
    rows(rows, writer) {
      const insert = `INSERT INTO ${SQL_TABLE} (${rows.columns.join(', ')}) VALUES\n`
      while (rows.next(writer)) {
        // Each batch opens its own INSERTs and ends its last one, so batches rendered apart
        // still concatenate into one valid script (cut every SQL_ROWS_PER_INSERT rows, as the
        // pool's batches are, into the very bytes of one batch). A slice's batches count
        // from the whole dataset's first row: only its first and last INSERT are cut short.
        const i = rows.index
        const at = (i + rows.insertPhase) % SQL_ROWS_PER_INSERT
        writer.ascii(i === 0 || at === 0 ? insert : ',\n')
        writeSqlRow(writer, rows)
        rows.parties?.write(writer, rows.row, 'sql')
        if (at === SQL_ROWS_PER_INSERT - 1 || i === rows.count - 1) writer.ascii(';\n')
      }
    },
    close: 'COMMIT;\n',
  },
  txt: {
    contentType: 'text/plain; charset=utf-8',
    extension: 'txt',
    summary: 'one IBAN per line',
    minRowBytes: 16,
    maxRowBytes: 36,
    failure: 'hash',
    open: NOTHING,
    separator: '',
    rows(rows, writer) {
      while (rows.next(writer)) {
        writer.copy(rows.iban, 0, rows.length)
        writer.byte(NEWLINE)
      }
    },
    close: '',
  },
}

/** How records are written: the JSON array of the API's generate results (not a file format). */
const RECORDS_WRITER: FormatWriter = {
  open: () => '[',
  separator: ',',
  rows(rows, writer) {
    while (rows.next(writer)) writeRecord(writer, rows)
  },
  close: ']',
}

/** A dataset made ready to render: its document's columns and each plan's row layout. */
class Prepared {
  readonly dataset: Dataset
  readonly columns: readonly string[]
  readonly layouts: readonly RowLayout[]
  readonly parties: PartyCells | undefined

  constructor(dataset: Dataset, parties?: PartyCells) {
    const specs = dataset.plans.map((plan) => plan.spec)
    const partColumns = partColumnsFor(specs)
    this.dataset = dataset
    // Labelled negative data and party columns never meet: the party columns take valid rows only.
    const columns: string[] = dataset.labelled ? [...columnsFor(specs), INVALID_COLUMN] : columnsFor(specs)
    this.columns = parties === undefined ? columns : [...columns, ...PARTY_COLUMNS]
    this.layouts = dataset.plans.map((plan) => rowLayoutOf(plan, partColumns))
    this.parties = parties
  }

  /**
   * Writes rows start … start + count − 1 as Iban records, opening and closing the array as told
   * (the row formats write through their entries of the format table).
   */
  renderRecords(writer: ByteWriter, start: number, count: number, first: boolean, last: boolean): void {
    if (first) writer.ascii(RECORDS_WRITER.open(this.columns, true))
    RECORDS_WRITER.rows(new RowCursor(this, start, count, first, RECORDS_WRITER.separator, start), writer)
    if (last) writer.ascii(RECORDS_WRITER.close)
  }
}

const preparedDatasets = new WeakMap<Dataset, Prepared>()

/**
 * Rows offset … offset + count − 1 of a dataset as the JSON array of their Iban records, byte
 * for byte what JSON.stringify writes for recordsOf(dataset, offset, count): a view of
 * `writer`, which is cleared first (valid until its next use).
 */
export function renderRecords(dataset: Dataset, offset: number, count: number, writer: ByteWriter): Uint8Array {
  let prepared = preparedDatasets.get(dataset)
  if (prepared === undefined) preparedDatasets.set(dataset, (prepared = new Prepared(dataset)))
  writer.clear()
  prepared.renderRecords(writer, offset, count, true, true)
  return writer.view()
}

/** The prepared dataset of a request, kept while its batches come. */
let lastPrepared: { key: string; value: Prepared } | undefined

function prepare(options: BatchOptions): Prepared {
  const { dataset } = options
  const key = JSON.stringify([dataset, options.parties])
  // An unseeded request's batches each draw a key of their own: only seeded ones are reused.
  if (dataset.seed !== undefined && lastPrepared?.key === key) return lastPrepared.value
  // Party columns are of the seed's payment file: the adapters give such a request a seed.
  const parties =
    options.parties === true && dataset.seed !== undefined
      ? new PartyCells(dataset.countries, String(dataset.seed))
      : undefined
  const value = new Prepared(new Dataset(dataset), parties)
  lastPrepared = { key, value }
  return value
}

/** A row format's entry of the table: its writer over the prepared dataset, with its facts. */
function rowFormat(format: RowFormat): FormatEntry<Prepared> {
  const entry = ROW_WRITERS[format]
  const { contentType, extension, summary, minRowBytes, maxRowBytes, failure, separator, close } = entry
  return {
    ...{ contentType, extension, summary, minRowBytes, maxRowBytes, failure },
    kind: 'rows',
    source: prepare,
    open: (prepared, _rows, header, writer) => writer.ascii(entry.open(prepared.columns, header)),
    rows: (prepared, { start, count, first, origin }, writer) =>
      entry.rows(new RowCursor(prepared, start, count, first, separator, origin), writer),
    close: (_prepared, writer) => writer.ascii(close),
  }
}

/**
 * The format table: every file format, its facts and its writer. A format added to FORMATS
 * needs its entry here (the type asks for it).
 */
const FILE_FORMATS: { readonly [F in FormatName]: FileType } & {
  readonly [F in RowFormat]: FormatEntry<Prepared>
} & typeof PAYMENT_FORMAT_ENTRIES = {
  csv: rowFormat('csv'),
  json: rowFormat('json'),
  ndjson: rowFormat('ndjson'),
  sql: rowFormat('sql'),
  txt: rowFormat('txt'),
  ...PAYMENT_FORMAT_ENTRIES,
}

/** How a file of this format is served: content type, extension, fewest bytes a row, failure line. */
export function fileTypeOf(format: FormatName): FileType {
  return FILE_FORMATS[format]
}

/** The most bytes of an Iban record (records are not a file: their one fact is here). */
const MAX_RECORD_BYTES = 420
/** The most bytes the party columns add to a row (names of 70 characters, escaped). */
const MAX_PARTY_BYTES = 260

/** The most bytes a row of a format takes (see FileType.maxRowBytes); `parties`: with the party columns. */
export function maxRowBytesOf(format: RenderFormat, parties = false): number {
  return (format === 'records' ? MAX_RECORD_BYTES : FILE_FORMATS[format].maxRowBytes) + (parties ? MAX_PARTY_BYTES : 0)
}

/** Writes a batch through a format's entry: the document's opening, the batch's rows, its closing. */
function renderEntry<S>(entry: FormatEntry<S>, options: BatchOptions, writer: ByteWriter): void {
  const { count, first, last, header } = options
  const source = entry.source(options)
  if (first) entry.open(source, options.documentRows ?? count, header ?? true, writer)
  entry.rows(source, options, writer)
  if (last) entry.close(source, writer)
}

/** Renders a batch into `writer`, which is cleared first (its bytes are then `writer.view()`). */
export function renderBatchInto(options: BatchOptions, writer: ByteWriter): void {
  writer.clear()
  const { format } = options
  if (format === 'records') {
    prepare(options).renderRecords(writer, options.start, options.count, options.first, options.last)
    return
  }
  // The table's entries read different sources (a prepared dataset, a payment file), each only the
  // one its own `source` makes: one call serves them all, the source's type left unnamed.
  renderEntry<unknown>(FILE_FORMATS[format], options, writer)
}

/** Renders a batch and returns a copy of its bytes (safe to transfer to another thread). */
export function renderBatch(options: BatchOptions, writer = new ByteWriter()): Uint8Array {
  renderBatchInto(options, writer)
  return writer.view().slice()
}
