// `ibanmint validate`: IBANs given as arguments, or a file (or standard input) of them, one per
// line or in a CSV column. Exit 0 only when every IBAN is valid.
import { createReadStream, statSync, type WriteStream } from 'node:fs'
import { ApiError } from '../core/errors.ts'
import { parseColumn } from '../core/csv-column.ts'
import { BATCH_BYTES, count, TEXT_BATCH_BYTES } from '../formats/record-batches.ts'
import { VALIDATE_FORMATS, type FailedCheck, type ValidateFormat } from '../formats/validate-batch.ts'
import { COMMAND_LIMITS, runsInline } from '../pool/inline.ts'
import { WorkPool } from '../pool/pool.ts'
import { validateStream, ValidateInputError, type ValidateSummary } from '../pool/validate-stream.ts'
import { progressReporter } from './progress.ts'
import { closeOutput, openOutput } from './output.ts'
import { parseCommand, threadsOption, UsageError, wrongArguments, type CommandSpec } from './usage.ts'

const HELP = `Usage: ibanmint validate <IBAN>... [--json]
       ibanmint validate --file FILE [options]

Checks each IBAN (spaces and lower case are fine; quote an IBAN that contains
spaces): MOD-97, length, format, country support and the national check digits
(for German IBANs the account by its bank's Bundesbank check method). Prints
one line per IBAN.

Options:
      --file FILE      read the IBANs from FILE ("-": standard input), one per
                       line; a UTF-8 byte order mark, CRLF line ends, spaces
                       and lower case are fine, and blank lines are skipped.
                       Large files are checked by a pool of worker threads, in
                       order, with constant memory.
      --column C       the input is CSV and the IBANs are in column C: a name
                       from the header line, or a number (1 is the first
                       column; add --header when the first line is a header)
      --header         the first line of the CSV input is a header, not a row
      --delimiter D    the CSV field separator (default ","; ";" or "tab" are
                       common)
  -f, --format F       text (default: the IBAN in groups of four, then valid
                       or invalid and why, and for an invalid one its input
                       line), ndjson (one JSON row per IBAN: line, the API's
                       ValidateResult fields, failed, reason) or csv (a
                       header, then one row per IBAN with those fields
                       flattened)
      --json           the same as --format ndjson
      --invalid-only   write only the rows that are not valid
  -o, --output FILE    write the rows to FILE instead of stdout (created or
                       replaced)
      --threads N      worker threads for files (default: one per core)
  -h, --help           show this help

With --file, a summary goes to stderr when the input is done: rows, valid,
invalid by the check each failed first (input: no IBAN at all; country,
length, format, mod97, national), and rows per second; on a terminal, a
progress line while it runs. A line that is no IBAN (binary data, more than 64
letters and digits, longer than 64 KiB, a CSV row without the column) is an
invalid row, reported with its line number.

Exit codes: 0 every IBAN is valid; 1 one is not; 2 bad usage or input that
cannot be read (one line on stderr); 130 interrupted (Ctrl-C).

Examples:
  $ ibanmint validate DE89370400440532013000 'DE89 3704 0044 0532 0130 01'
  DE89 3704 0044 0532 0130 00\tvalid
  DE89 3704 0044 0532 0130 01\tinvalid: MOD-97 check digits are wrong
  $ printf '%s\\n' DE89370400440532013000 GB82WEST12345698765433 |
      ibanmint validate --file -
  DE89 3704 0044 0532 0130 00\tvalid
  GB82 WEST 1234 5698 7654 33\tinvalid: MOD-97 check digits are wrong\tline 2
  # on stderr: 2 rows: 1 valid, 1 invalid (mod97 1) in 0.01 s
  # the invalid rows of a CSV file's "iban" column, as CSV:
  $ ibanmint validate --file customers.csv --column iban --invalid-only -f csv \\
      -o bad.csv
`

/** One line per IBAN argument, as `ibanmint validate` has always printed them. */
async function validateArguments(inputs: readonly string[], format: ValidateFormat): Promise<number> {
  const { validateIban } = await import('@ibanmint/iban')
  const { failureOf } = await import('../formats/verdict-rows.ts')
  let allValid = true
  for (const input of inputs) {
    const result = validateIban(input)
    allValid &&= result.valid
    if (format === 'ndjson') process.stdout.write(JSON.stringify(result) + '\n')
    else process.stdout.write(`${result.formatted}\t${result.valid ? 'valid' : 'invalid: ' + failureOf(result)[1]}\n`)
  }
  return allValid ? 0 : 1
}

function formatOf(values: Record<string, unknown>): ValidateFormat {
  const format = values['format'] as string | undefined
  if (values['json'] === true) {
    if (format !== undefined && format !== 'ndjson') throw new UsageError('--json and --format differ; give one')
    return 'ndjson'
  }
  if (format === undefined) return 'text'
  if (!(VALIDATE_FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format must be one of ${VALIDATE_FORMATS.join(', ')}`)
  return format as ValidateFormat
}

/** The --column value: a 1-based column number, or a header name. */
function columnOf(text: string | undefined): string | number | undefined {
  try {
    return text === undefined ? undefined : parseColumn(text)
  } catch (error) {
    throw error instanceof ApiError ? new UsageError(`--${error.message}`) : error
  }
}

/** `1,000 rows: 990 valid, 10 invalid (mod97 6, national 4) in 0.12 s (8,333 rows/s)`. */
export function summaryLine(summary: ValidateSummary): string {
  const failed = (Object.entries(summary.failed) as [FailedCheck, number][])
    .filter(([, n]) => n > 0)
    .map(([check, n]) => `${check} ${count(n)}`)
  const rate = summary.seconds >= 0.05 ? ` (${count(Math.round(summary.rows / summary.seconds))} rows/s)` : ''
  const invalid =
    failed.length === 0
      ? `${count(summary.invalid)} invalid`
      : `${count(summary.invalid)} invalid (${failed.join(', ')})`
  return `${count(summary.rows)} row${summary.rows === 1 ? '' : 's'}: ${count(summary.valid)} valid, ${invalid} in ${summary.seconds.toFixed(2)} s${rate}`
}

/** Opens the input: a file (checked to be one before anything is written), or standard input. */
function inputOf(file: string): { source: AsyncIterable<Uint8Array>; size: number | undefined; read: () => number } {
  let read = 0
  let stream: NodeJS.ReadableStream
  let size: number | undefined
  if (file === '-') stream = process.stdin
  else {
    let stats
    try {
      stats = statSync(file)
    } catch (error) {
      throw new UsageError(
        `cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
      )
    }
    if (stats.isDirectory()) throw new UsageError(`cannot read ${file}: it is a directory`)
    size = stats.isFile() ? stats.size : undefined
    stream = createReadStream(file, { highWaterMark: 256 * 1024 })
  }
  const counted = async function* (): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of stream as AsyncIterable<Uint8Array>) {
        read += chunk.length
        yield chunk
      }
    } catch (error) {
      throw new UsageError(`cannot read ${file === '-' ? 'standard input' : file}: ${(error as Error).message}`)
    }
  }
  return { source: counted(), size, read: () => read }
}

const SPEC: CommandSpec = {
  name: 'validate',
  usage: 'validate <IBAN>... | --file FILE [options]',
  options: {
    json: { type: 'boolean' },
    file: { type: 'string', value: 'FILE' },
    column: { type: 'string', value: 'C' },
    header: { type: 'boolean' },
    delimiter: { type: 'string', value: 'D' },
    format: { type: 'string', short: 'f', value: 'F' },
    'invalid-only': { type: 'boolean' },
    output: { type: 'string', short: 'o', value: 'FILE' },
    threads: { type: 'string', value: 'N' },
  },
  hints: { csv: '--format csv', ndjson: '--json', text: '--format text', input: '--file' },
}

export async function runValidate(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, SPEC)
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  const format = formatOf(values)
  const file = values.file as string | undefined
  if (file === undefined) {
    for (const option of ['column', 'header', 'delimiter', 'invalid-only', 'output', 'threads'])
      if (values[option] !== undefined) throw new UsageError(`--${option} needs --file`)
    if (positionals.length === 0)
      throw wrongArguments(SPEC, 'validate needs IBANs as arguments, or --file FILE (- for standard input)')
    if (format === 'csv') throw new UsageError('--format csv needs --file')
    return validateArguments(positionals, format)
  }
  if (positionals.length > 0)
    throw wrongArguments(SPEC, `unexpected argument "${positionals[0]}": give IBANs as arguments or --file, not both`)
  const column = columnOf(values.column as string | undefined)
  if (column === undefined && (values.header !== undefined || values.delimiter !== undefined))
    throw new UsageError(`--${values.header !== undefined ? 'header' : 'delimiter'} needs --column`)
  const threads = threadsOption(values.threads as string | undefined)
  const input = inputOf(file)
  const output = values.output as string | undefined
  const sink = output === undefined ? process.stdout : await openOutput(output)
  const size = input.size
  const progress = process.stderr.isTTY
    ? progressReporter(undefined, size === undefined || size === 0 ? undefined : () => input.read() / size)
    : undefined
  const newPool = () => new WorkPool(threads === undefined ? {} : { threads })
  // A file larger than one batch goes to the pool: its threads start now, while this one reads.
  let pool = size !== undefined && !runsInline({ bytes: size }, COMMAND_LIMITS) ? newPool() : undefined
  const controller = new AbortController()
  const stop = () => controller.abort()
  process.once('SIGINT', stop)
  let summary: ValidateSummary
  let shown = 0
  try {
    summary = await validateStream(
      input.source,
      {
        input: column === undefined ? 'lines' : 'csv',
        column,
        header: values.header === true,
        delimiter: values.delimiter as string | undefined,
        format,
        invalidOnly: values['invalid-only'] === true,
      },
      sink,
      controller.signal,
      {
        pool: () => (pool ??= newPool()),
        // This process has the machine to itself: fewer, larger batches.
        batchBytes: format === 'text' ? TEXT_BATCH_BYTES : 4 * BATCH_BYTES,
      },
      (rows) => {
        progress?.update(rows - shown)
        shown = rows
      },
    )
  } catch (error) {
    if (error instanceof ValidateInputError) throw new UsageError(error.message)
    throw error
  } finally {
    process.off('SIGINT', stop)
    await pool?.close()
  }
  if (controller.signal.aborted) {
    process.stderr.write('\nibanmint: interrupted\n')
    return 130
  }
  if (output !== undefined) await closeOutput(sink as WriteStream)
  progress?.done()
  process.stderr.write(`${summaryLine(summary)}\n`)
  // An input not read whole (it ended inside a quoted field) is not all valid either.
  return summary.invalid === 0 && summary.complete ? 0 : 1
}
