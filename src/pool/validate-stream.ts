// Validation of a stream of IBANs (a file, standard input, a request body): the input is cut
// into batches of whole records, a bounded number are validated at once on the worker pool,
// and their rows are written in input order with backpressure both ways: input is read only
// while the window has room, and output waits for 'drain'. Memory stays bounded whatever the
// input's length. An input that fits one batch is validated in this thread, without the pool.
import { ByteWriter } from '../formats/byte-writer.ts'
import { BATCH_BYTES, InputEncodingError, RecordBatcher, type RecordBatch } from '../formats/record-batches.ts'
import {
  COUNT_ROWS,
  COUNT_VALID,
  FAILED_CHECKS,
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
import { drained, type ChunkSink, type GenerationPool } from './pool.ts'

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
}

/** The input cannot be validated at all (a column that is not there, UTF-16): nothing was written. */
export class ValidateInputError extends Error {}

/** Where the batches run: the worker pool (made on first use), how many at once, how large. */
export interface ValidateRunner {
  pool(): GenerationPool
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
}

const HEADER_LOOKUP_BYTES = 64 * 1024
/** The most input validated in the calling thread (about a thousand IBANs, a millisecond): more goes to the pool. */
const INLINE_BYTES = BATCH_BYTES
/**
 * The least bytes of one slot, a batch's rows: those of a 32 KiB batch (text: ~40 KB; ndjson and
 * csv ~0.6 MB); larger batches get larger slots. Rows that do not fit are transferred instead.
 */
const SLOT_BYTES = 1 << 20

/** The IBAN column's index (0-based) from its name in the header, or its 1-based number. */
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

/**
 * Validates the IBANs of `source` and writes one row each to `sink` in input order (the csv
 * header first). Resolves with the summary once everything was written; when `signal` aborts
 * (the reader left), stops reading and writing and resolves with what was counted. Throws
 * ValidateInputError before writing anything when the input cannot be read as asked.
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
    batchBytes,
    ...(options.maxRecords === undefined ? {} : { maxRecords: options.maxRecords + (header ? 1 : 0) }),
  })
  const totals: BatchCounts = new Array<number>(2 + FAILED_CHECKS.length).fill(0)
  const iterator = source[Symbol.asyncIterator]()
  const ready: RecordBatch[] = []
  let ended = false

  /** Reads one chunk of input (or its end) into ready batches. */
  const read = async (): Promise<void> => {
    const next = await iterator.next()
    try {
      if (next.done === true || batcher.exceeded) {
        ended = true
        ready.push(...batcher.end())
      } else ready.push(...batcher.push(next.value))
    } catch (error) {
      if (error instanceof InputEncodingError) throw new ValidateInputError(error.message)
      throw error
    }
    if (batcher.exceeded) ended = true
  }

  let pool: GenerationPool | undefined
  const pending: { batch: RecordBatch; slot: SharedArrayBuffer | undefined; result: Promise<Uint8Array | number> }[] =
    []
  // Shared memory for the batches' rows, reused once the sink has written them: a stream of any
  // length allocates at most window + 2 slots, and the threads leave no garbage per batch.
  const free: SharedArrayBuffer[] = []
  let slotsMade = 0
  // Slots written after the stream returned (the sink still held them) go back to `buffers`.
  let finished = false
  const release = (slot: SharedArrayBuffer): void => {
    if (finished) buffers.give(slot)
    else free.push(slot)
  }
  try {
    // The first batch: where the header is, and whether one batch holds the whole input.
    while (ready.length === 0 && !ended) await read()
    if (signal.aborted) return summaryOf(totals, started, batcher.exceeded)
    const shared: Omit<ValidateBatch, 'bytes' | 'firstLine' | 'overlong' | 'skipHeader'> = {
      input: options.input,
      column: options.input === 'csv' ? columnIndex(options.column, ready[0], delimiter) : 0,
      delimiter,
      format: options.format,
      invalidOnly: options.invalidOnly === true,
    }
    if (shared.column < 0) throw new ValidateInputError('column must be 1 or more')
    if (options.format === 'csv') sink.write(new TextEncoder().encode(VALIDATE_CSV_HEADER))
    let first = true
    const taskOf = (batch: RecordBatch): ValidateBatch => {
      const task = { ...shared, ...batch, skipHeader: first && header }
      first = false
      return task
    }
    if (ended && ready.length <= 1 && (ready[0]?.bytes.length ?? 0) <= INLINE_BYTES) {
      // Small input: validated here; a pool would cost more to start than the work.
      const batch = ready.shift()
      if (batch !== undefined) {
        // Loaded here: the IBAN tables are needed in this thread only for such small inputs.
        const { validateBatchInto } = await import('../formats/validate-rows.ts')
        const out = new ByteWriter(64 * 1024)
        const counts = validateBatchInto(taskOf(batch), out)
        add(totals, counts)
        onRows?.(totals[COUNT_ROWS] as number)
        if (!sink.write(out.view())) await drained(sink, signal)
      }
      return summaryOf(totals, started, batcher.exceeded)
    }
    pool = runner.pool()
    const window = runner.window ?? pool.streamWindow
    const takeSlot = (): SharedArrayBuffer | undefined => {
      const slot = free.pop()
      if (slot !== undefined || slotsMade >= window + 2) return slot
      slotsMade++
      return buffers.take(slotBytes)
    }
    for (;;) {
      while (pending.length < window) {
        const batch = ready.shift()
        if (batch !== undefined) {
          const slot = takeSlot()
          const task = taskOf(batch)
          if (slot !== undefined) task.slot = slot
          // No signal: a batch takes a millisecond or two, so one under way is left to finish when
          // the reader leaves (aborting it would replace its worker thread).
          const result = pool.validate(task)
          result.catch(() => {}) // observed below, in order
          pending.push({ batch, slot, result })
        } else if (ended) break
        else await read()
        if (signal.aborted) return summaryOf(totals, started, batcher.exceeded)
      }
      const next = pending.shift()
      if (next === undefined) break
      const output = await next.result
      if (signal.aborted) break
      batcher.recycle(next.batch)
      const { slot } = next
      const sealed = typeof output === 'number' ? new Uint8Array(slot as SharedArrayBuffer, 0, output) : output
      if (typeof output !== 'number' && slot !== undefined) free.push(slot)
      const { rows, counts } = openCounts(sealed)
      add(totals, counts)
      onRows?.(totals[COUNT_ROWS] as number)
      const done = typeof output === 'number' ? () => release(slot as SharedArrayBuffer) : undefined
      if (rows.length === 0) done?.()
      else if (!sink.write(rows, done)) await drained(sink, signal)
      if (signal.aborted) break
    }
    return summaryOf(totals, started, batcher.exceeded)
  } catch (error) {
    // A reader that left: its request body or the batches under way failed with it.
    if (signal.aborted) return summaryOf(totals, started, batcher.exceeded)
    throw error
  } finally {
    // The slots free now go back (not those of batches still running after the reader left).
    finished = true
    for (const slot of free.splice(0)) buffers.give(slot)
    // A reader that left, or an error: stop reading the source (a request body is released).
    if (!ended) await iterator.return?.()
  }
}

function add(totals: BatchCounts, counts: BatchCounts): void {
  for (let i = 0; i < totals.length; i++) totals[i] = (totals[i] as number) + (counts[i] as number)
}

function summaryOf(totals: BatchCounts, started: number, exceeded: boolean): ValidateSummary {
  const rows = totals[COUNT_ROWS] as number
  const valid = totals[COUNT_VALID] as number
  const failed = Object.fromEntries(FAILED_CHECKS.map((check, i) => [check, totals[2 + i] as number])) as Record<
    FailedCheck,
    number
  >
  return { rows, valid, invalid: rows - valid, failed, seconds: (performance.now() - started) / 1000, exceeded }
}
