// Validation of a stream of IBANs (a file, standard input, a request body): the input is cut
// into batches of whole records, a bounded number are validated at once on the worker pool
// (the ordered window generation streams use too), and their rows are written in input order
// with backpressure both ways: input is read only while the window has room, and output waits
// for 'drain'. Memory stays bounded whatever the input's length. An input that fits one batch
// is validated in this thread, without the pool; a larger one is admitted to the pool before
// anything is written, so a full pool is a refusal, never an answer cut short.
import { ByteWriter } from '../formats/byte-writer.ts'
import { BATCH_BYTES, InputEncodingError, RecordBatcher, type RecordBatch } from '../formats/record-batches.ts'
import {
  COUNT_ROWS,
  COUNT_VALID,
  FAILED_CHECKS,
  MAX_RECORD_BYTES,
  VALIDATE_CSV_HEADER,
  csvHeaderFields,
  openCounts,
  type BatchCounts,
  type FailedCheck,
  type InputKind,
  type ValidateBatch,
  type ValidateFormat,
} from '../formats/validate-batch.ts'
import { SharedBuffers } from '../formats/shared-buffers.ts'
import { runsInline } from './inline.ts'
import { drained, writeInOrder, type ChunkSink, type WindowSource } from './ordered-window.ts'
import type { WorkPool, StreamLease } from './pool.ts'

export interface ValidateStreamOptions {
  input: InputKind
  /** CSV: the IBAN column, by its header name or as a 1-based number. */
  column?: string | number | undefined
  /** CSV: the first record is a header (implied by a column name). */
  header?: boolean | undefined
  /** CSV: the field separator (default `,`). */
  delimiter?: string | undefined
  format: ValidateFormat
  invalidOnly?: boolean | undefined
  /** Records accepted (blank lines included); past them the stream stops with `exceeded`. */
  maxRecords?: number
}

/** What a validation found: rows, valid ones, invalid ones by the check they failed first. */
export interface ValidateSummary {
  rows: number
  valid: number
  invalid: number
  failed: Record<FailedCheck, number>
  /** Seconds from the first byte read to the last row written. */
  seconds: number
  /** The input held more records than maxRecords: only those were validated. */
  exceeded: boolean
  /**
   * Every record of the input was read as a row: false when it held more than maxRecords, or
   * ended inside a quoted CSV field (whose row says from which line).
   */
  complete: boolean
}

/** The input cannot be validated at all (a column that is not there, UTF-16): nothing was written. */
export class ValidateInputError extends Error {}

/** Where the batches run: the worker pool (made on first use), how many at once, how large. */
export interface ValidateRunner {
  pool(): WorkPool
  /** Batches in flight on the pool (default: the pool's stream window). */
  window?: number
  /**
   * Input bytes of a batch (default BATCH_BYTES: small batches keep a shared server's memory
   * low and its requests interleaved; a command that has the machine to itself may take
   * larger text batches, TEXT_BATCH_BYTES, and pass fewer of them).
   */
  batchBytes?: number
  /** Shared memory kept across streams (a server's); default: the stream's own. */
  buffers?: SharedBuffers
  /** Bytes the caller holds for the stream besides its batches (a compressor), for its admission. */
  otherBytes?: number
}

const HEADER_LOOKUP_BYTES = 64 * 1024
/**
 * The least bytes of one slot, a batch's rows: those of a 32 KiB batch (text: ~40 KB; ndjson and
 * csv ~0.6 MB); larger batches get larger slots. Rows that do not fit are transferred instead.
 */
const SLOT_BYTES = 1 << 20
/** Input batches besides those in flight: the one being filled and those one read completed. */
const INPUT_AHEAD = 4

/** The IBAN column's index (0-based) from its name in the header, or its 1-based number (parseColumn: 1 or more). */
function columnIndex(column: string | number | undefined, header: RecordBatch | undefined, delimiter: number): number {
  if (column === undefined) return 0
  if (typeof column === 'number') return column - 1
  const text = new TextDecoder().decode(header?.bytes.subarray(0, HEADER_LOOKUP_BYTES))
  const names = csvHeaderFields(text, delimiter).map((name) => name.trim())
  const wanted = column.trim().toLowerCase()
  const index = names.findIndex((name) => name.toLowerCase() === wanted)
  if (index < 0) {
    const listed = names.slice(0, 20).map((name) => JSON.stringify(name))
    throw new ValidateInputError(
      names.length === 0
        ? `column "${column}" not found: the input is empty`
        : `column "${column}" is not in the header (columns: ${listed.join(', ')}${names.length > 20 ? ', …' : ''})`,
    )
  }
  return index
}

function delimiterCode(delimiter: string | undefined): number {
  if (delimiter === undefined) return 44
  if (delimiter === '\\t' || delimiter === 'tab') return 9
  if (delimiter.length !== 1 || delimiter === '"' || delimiter === '\n' || delimiter === '\r')
    throw new ValidateInputError(`delimiter must be one character other than a quote or a newline, got "${delimiter}"`)
  return delimiter.charCodeAt(0)
}

/** The input cut into batches of whole records: each read() takes one chunk (or the end) into `ready`. */
class BatchReader {
  readonly ready: RecordBatch[] = []
  ended = false
  readonly #iterator: AsyncIterator<Uint8Array>
  readonly #batcher: RecordBatcher

  constructor(source: AsyncIterable<Uint8Array>, batcher: RecordBatcher) {
    this.#iterator = source[Symbol.asyncIterator]()
    this.#batcher = batcher
  }

  async read(): Promise<void> {
    const next = await this.#iterator.next()
    const batcher = this.#batcher
    try {
      if (next.done === true || batcher.exceeded) {
        this.ended = true
        this.ready.push(...batcher.end())
      } else this.ready.push(...batcher.push(next.value))
    } catch (error) {
      if (error instanceof InputEncodingError) throw new ValidateInputError(error.message)
      throw error
    }
    if (batcher.exceeded) this.ended = true
  }

  /** Stops reading the source, unless it ended (a request body is then released). */
  async stop(): Promise<void> {
    if (!this.ended) await this.#iterator.return?.()
  }
}

/**
 * The task of each batch, in order: what every batch shares (the IBAN column, found in the
 * header that `first` begins with), and the header row skipped in the first one.
 */
function tasksOf(
  options: ValidateStreamOptions,
  first: RecordBatch | undefined,
  delimiter: number,
  header: boolean,
): (batch: RecordBatch) => ValidateBatch {
  const shared: Omit<ValidateBatch, 'bytes' | 'firstLine' | 'damaged' | 'skipHeader'> = {
    input: options.input,
    column: options.input === 'csv' ? columnIndex(options.column, first, delimiter) : 0,
    delimiter,
    format: options.format,
    invalidOnly: options.invalidOnly === true,
  }
  let opening = true
  return (batch) => {
    const task = { ...shared, ...batch, skipHeader: opening && header }
    opening = false
    return task
  }
}

function writeCsvHeader(format: ValidateFormat, sink: ChunkSink): void {
  if (format === 'csv') sink.write(new TextEncoder().encode(VALIDATE_CSV_HEADER))
}

/** Small input, one batch at most: validated in this thread; a pool would cost more to start than the work. */
async function validateHere(
  task: ValidateBatch | undefined,
  format: ValidateFormat,
  sink: ChunkSink,
  signal: AbortSignal,
): Promise<BatchCounts | undefined> {
  writeCsvHeader(format, sink)
  if (task === undefined) return undefined
  // Loaded here: the IBAN tables are needed in this thread only for such small inputs.
  const { validateBatchInto } = await import('../formats/verdict-rows.ts')
  const out = new ByteWriter(64 * 1024)
  const counts = validateBatchInto(task, out)
  if (!sink.write(out.view())) await drained(sink, signal)
  return counts
}

/** The input's batches as the window takes them: read while it has room; each one's counts to `count`. */
function batchSource(
  input: BatchReader,
  batcher: RecordBatcher,
  taskOf: (batch: RecordBatch) => ValidateBatch,
  count: (counts: BatchCounts) => void,
): WindowSource<ValidateBatch> {
  return {
    take: () => {
      const batch = input.ready.shift()
      return batch === undefined ? undefined : taskOf(batch)
    },
    more: async () => {
      if (!input.ended) await input.read()
      return !input.ended
    },
    written: (task, sealed) => {
      batcher.recycle(task)
      const { rows, counts } = openCounts(sealed)
      count(counts)
      return rows
    },
  }
}

/**
 * Validates the IBANs of `source` and writes one row each to `sink` in input order (the csv
 * header first). Resolves with the summary once everything was written; when `signal` aborts
 * (the reader left), stops reading and writing and resolves with what was counted. Throws
 * before writing anything ValidateInputError when the input cannot be read as asked, and
 * PoolBusyError when it needs the pool and the pool has no place for it.
 */
export async function validateStream(
  source: AsyncIterable<Uint8Array>,
  options: ValidateStreamOptions,
  sink: ChunkSink,
  signal: AbortSignal,
  runner: ValidateRunner,
  onRows?: (rows: number) => void,
): Promise<ValidateSummary> {
  const started = performance.now()
  const delimiter = delimiterCode(options.delimiter)
  const header = options.input === 'csv' && (options.header === true || typeof options.column === 'string')
  const buffers = runner.buffers ?? new SharedBuffers()
  const batchBytes = runner.batchBytes ?? BATCH_BYTES
  // Larger batches, larger slots: text rows are about as long as their input, the others up to 20 times.
  const slotBytes = Math.max(SLOT_BYTES, batchBytes * (options.format === 'text' ? 2 : 24))
  const batcher = new RecordBatcher({
    buffers,
    quotes: options.input === 'csv',
    delimiter,
    batchBytes,
    ...(options.maxRecords === undefined ? {} : { maxRecords: options.maxRecords + (header ? 1 : 0) }),
  })
  const input = new BatchReader(source, batcher)
  const totals: BatchCounts = new Array<number>(2 + FAILED_CHECKS.length).fill(0)
  const summary = () => summaryOf(totals, started, batcher.exceeded, batcher.unterminated)
  const count = (counts: BatchCounts): void => {
    add(totals, counts)
    onRows?.(totals[COUNT_ROWS] as number)
  }
  let lease: StreamLease | undefined
  try {
    // The first batch: where the header is, and whether one batch holds the whole input.
    while (input.ready.length === 0 && !input.ended) await input.read()
    if (signal.aborted) return summary()
    const taskOf = tasksOf(options, input.ready[0], delimiter, header)
    const { ready } = input
    if (input.ended && ready.length <= 1 && runsInline({ bytes: ready[0]?.bytes.length ?? 0 })) {
      const batch = ready.shift()
      const counts = await validateHere(batch === undefined ? undefined : taskOf(batch), options.format, sink, signal)
      if (counts !== undefined) count(counts)
      return summary()
    }
    // Admitted before anything is written: a full pool (PoolBusyError) or a budget that has too
    // little left for its slots, its input batches (those in flight and a few read ahead) and
    // the caller's part (MemoryBudgetError) refuse the stream whole.
    const pool = runner.pool()
    const window = runner.window ?? pool.streamWindow
    const inputBytes = (window + INPUT_AHEAD) * (batchBytes + MAX_RECORD_BYTES + 2)
    lease = pool.openStream('validate', undefined, window, {
      slotBytes,
      otherBytes: inputBytes + (runner.otherBytes ?? 0),
    })
    writeCsvHeader(options.format, sink)
    await writeInOrder<ValidateBatch>(lease, batchSource(input, batcher, taskOf, count), sink, signal)
    return summary()
  } catch (error) {
    // A reader that left: its request body or the batches under way failed with it.
    if (signal.aborted) return summary()
    throw error
  } finally {
    lease?.close()
    // A reader that left, or an error: stop reading the source (a request body is released).
    await input.stop()
  }
}

function add(totals: BatchCounts, counts: BatchCounts): void {
  for (let i = 0; i < totals.length; i++) totals[i] = (totals[i] as number) + (counts[i] as number)
}

function summaryOf(totals: BatchCounts, started: number, exceeded: boolean, unterminated: boolean): ValidateSummary {
  const rows = totals[COUNT_ROWS] as number
  const valid = totals[COUNT_VALID] as number
  const failed = Object.fromEntries(FAILED_CHECKS.map((check, i) => [check, totals[2 + i] as number])) as Record<
    FailedCheck,
    number
  >
  return {
    rows,
    valid,
    invalid: rows - valid,
    failed,
    seconds: (performance.now() - started) / 1000,
    exceeded,
    complete: !exceeded && !unterminated,
  }
}
