// What a validation batch is, for the thread that cuts the input and the one that validates
// it: the options every batch of a validation shares, the output formats, the checks an
// invalid row can fail, the counts a batch returns (sealed after its rows), and how a CSV
// record's fields are read. Imports nothing heavy: the command line and the server's stream
// load it without the IBAN tables, which only the worker threads need.
import type { ByteWriter } from './byte-writer.ts'

const NEWLINE = 10
const CARRIAGE_RETURN = 13
const QUOTE = 34

/** Output formats of a validation: text (one line per IBAN with its verdict), ndjson or csv. */
export const VALIDATE_FORMATS = ['text', 'ndjson', 'csv'] as const
export type ValidateFormat = (typeof VALIDATE_FORMATS)[number]

/** How the input holds its IBANs: one per line, one `{"iban": …}` object per line, or a CSV column. */
export type InputKind = 'lines' | 'ndjson' | 'csv'

/**
 * The check an invalid row failed first, in this order: `input` (no IBAN candidate: empty,
 * characters other than letters, digits and spaces, more than 64 of them, an over-long
 * record, a missing column or `iban` field), then as `ibanmint validate` explains them:
 * country, length, format, mod97, national.
 */
export const FAILED_CHECKS = ['input', 'country', 'length', 'format', 'mod97', 'national'] as const
export type FailedCheck = (typeof FAILED_CHECKS)[number]

/** The longest record (line, CSV row) read: a longer one is a row that failed `input`. */
export const MAX_RECORD_BYTES = 64 * 1024

/** What every batch of one validation shares. */
export interface ValidateOptions {
  input: InputKind
  /** The CSV column holding the IBAN (0-based). */
  column: number
  /** The CSV field separator (a character code: `,` or `;` or a tab). */
  delimiter: number
  format: ValidateFormat
  /** Write only the rows that are not valid (the counts still count every row). */
  invalidOnly: boolean
}

/** One batch: whole records, as bytes, and where they start in the input. */
export interface ValidateBatch extends ValidateOptions {
  /** Shared memory (the thread that cut it keeps it for the next batch once this one is done). */
  bytes: Uint8Array
  /** The input line (1-based) of the batch's first byte. */
  firstLine: number
  /** Records that hold no row (longer than MAX_RECORD_BYTES, a quote never closed): they arrive empty. */
  damaged: readonly { line: number; reason: string }[]
  /** The batch opens with the CSV header record: read past it, not a row. */
  skipHeader: boolean
  /** Where the sealed rows go: a buffer transferred to the worker thread with the batch and back with them. */
  slot?: ArrayBuffer
}

/**
 * A batch's counts: rows, valid rows, then the invalid rows by FAILED_CHECKS (in that order).
 * Blank lines are no rows.
 */
export type BatchCounts = number[]

export const COUNT_ROWS = 0
export const COUNT_VALID = 1
export const COUNT_FAILED = 2

/** The columns of csv output: the line, the ValidateResult's fields flattened, then `failed` and `reason`. */
export const VALIDATE_CSV_COLUMNS = [
  'line',
  'iban',
  'formatted',
  'valid',
  'failed',
  'reason',
  'country_code',
  'country_supported',
  'check_digits',
  'bban',
  'length',
  'expected_length',
  'check_mod97',
  'check_length',
  'check_format',
  'check_national',
  'check_bank_code',
  'national_check',
  'bban_bank',
  'bban_branch',
  'bban_account',
  'bban_national_check',
  'bban_account_type',
  'bban_other',
  'bank_name',
  'bic',
  'sepa',
] as const

/**
 * The field `column` of the CSV record at `from` in `text`, where the record ends (at its
 * newline, or the text's end) and how many newlines its quoted fields hold. RFC 4180: fields
 * in double quotes may hold the separator, newlines and doubled quotes.
 */
export function csvFieldAt(
  text: string,
  from: number,
  column: number,
  delimiter: number,
): { field: string | undefined; end: number; newlines: number } {
  let at = from
  let index = 0
  let field: string | undefined
  let newlines = 0
  for (;;) {
    let value: string
    if (text.charCodeAt(at) === QUOTE) {
      let piece = ''
      let start = at + 1
      for (;;) {
        const close = text.indexOf('"', start)
        if (close < 0) {
          piece += text.slice(start)
          at = text.length
          break
        }
        piece += text.slice(start, close)
        if (text.charCodeAt(close + 1) === QUOTE) {
          piece += '"'
          start = close + 2
        } else {
          at = close + 1
          break
        }
      }
      for (let n = piece.indexOf('\n'); n >= 0; n = piece.indexOf('\n', n + 1)) newlines++
      // Anything between the closing quote and the separator belongs to the field, as most readers take it.
      let stop = at
      while (stop < text.length && text.charCodeAt(stop) !== delimiter && text.charCodeAt(stop) !== NEWLINE) stop++
      value = piece + text.slice(at, stop)
      at = stop
    } else {
      let stop = at
      while (stop < text.length && text.charCodeAt(stop) !== delimiter && text.charCodeAt(stop) !== NEWLINE) stop++
      value = text.slice(at, stop)
      at = stop
    }
    if (index === column) field = value
    const code = text.charCodeAt(at)
    if (code === delimiter) {
      at++
      index++
      continue
    }
    // A newline or the end: the record ends here.
    if (field !== undefined && field.length > 0 && field.charCodeAt(field.length - 1) === CARRIAGE_RETURN)
      field = field.slice(0, -1)
    return { field, end: at, newlines }
  }
}

/** The fields of one CSV record (a header), for the stream to find a column by its name. */
export function csvHeaderFields(text: string, delimiter: number): string[] {
  const fields: string[] = []
  for (let column = 0; ; column++) {
    const { field } = csvFieldAt(text, 0, column, delimiter)
    if (field === undefined) return fields
    fields.push(field)
  }
}

/** Bytes of a batch's rows with its counts sealed after them (see sealInto). */
export function sealedSize(out: ByteWriter, counts: BatchCounts): number {
  return out.length + counts.length * 4
}

/**
 * Writes the batch's rows into `target`, then its counts as little-endian 32-bit integers
 * (sealedSize bytes in all): one buffer crosses the thread boundary, openCounts takes it apart.
 */
export function sealInto(target: Uint8Array, out: ByteWriter, counts: BatchCounts): void {
  const rows = out.length
  target.set(out.view())
  const view = new DataView(target.buffer, target.byteOffset, target.byteLength)
  for (let i = 0; i < counts.length; i++) view.setUint32(rows + i * 4, counts[i] as number, true)
}

/** The rows and counts of a sealed batch. */
export function openCounts(sealed: Uint8Array): { rows: Uint8Array; counts: BatchCounts } {
  const size = COUNT_FAILED + FAILED_CHECKS.length
  const rows = sealed.length - size * 4
  const view = new DataView(sealed.buffer, sealed.byteOffset, sealed.byteLength)
  const counts: BatchCounts = []
  for (let i = 0; i < size; i++) counts.push(view.getUint32(rows + i * 4, true))
  return { rows: sealed.subarray(0, rows), counts }
}

/** The csv output's header line. */
export const VALIDATE_CSV_HEADER = `${VALIDATE_CSV_COLUMNS.join(',')}\n`
