// Cuts a byte stream (a file, standard input, a request body) into batches of whole records
// for validation in worker threads: lines, or CSV records, whose quoted fields may hold
// newlines. It counts lines, so each batch knows the line it starts at, and it copies bytes in
// runs of records rather than record by record. A record longer than the limit is kept as an
// empty line and its line number noted (the worker reports it as a row that is no IBAN); what
// follows it is read on, never held: memory stays bounded by the batch size however long the
// input or its lines.
import { MAX_RECORD_BYTES } from './validate-batch.ts'
import { SharedBuffers } from './shared-buffers.ts'

/** Whole records as bytes, the line (1-based) the first starts at, and the over-long ones. */
export interface RecordBatch {
  bytes: Uint8Array
  firstLine: number
  overlong: number[]
}

export interface RecordBatcherOptions {
  /** CSV: a newline inside double quotes does not end a record. */
  quotes: boolean
  /** Bytes at which a batch is cut (at the next record end). */
  batchBytes?: number
  /** The longest record kept (default MAX_RECORD_BYTES). */
  maxRecord?: number
  /** Records (blank ones included) accepted; past them `exceeded` turns true and input is ignored. */
  maxRecords?: number
  /** Where batches' memory comes from and goes back to (default: this batcher's own). */
  buffers?: SharedBuffers
}

/** The input cannot be read as text of records (it is UTF-16). */
export class InputEncodingError extends Error {}

/**
 * Input bytes of a batch: 32 KiB (about a thousand IBANs), or for text output 512 KiB where
 * fewer, larger batches are worth their memory (the command line): text rows are about as long
 * as their input lines, so these still fit a stream slot (1 MiB); ndjson and csv rows are 15
 * to 20 times longer.
 */
export const BATCH_BYTES = 32 * 1024
export const TEXT_BATCH_BYTES = 512 * 1024

const NEWLINE = 10
const QUOTE = 34

export class RecordBatcher {
  readonly #quotes: boolean
  readonly #batchBytes: number
  readonly #maxRecord: number
  readonly #maxRecords: number
  #bytes: Uint8Array
  #length = 0
  #firstLine = 1
  #overlong: number[] = []
  /** The line the record under way starts at. */
  #line = 1
  #records = 0
  /** The start of a record that continues in the next chunk. */
  readonly #carry: Uint8Array
  #carryLength = 0
  /** Inside a record longer than the limit: its bytes are dropped up to its end. */
  #skipping = false
  #inQuote = false
  /** Newlines inside quotes in the record under way. */
  #quotedNewlines = 0
  /** The next double quote in the chunk being read (−1: none). */
  #nextQuote = -1
  /** The first bytes, until there are three to look for a byte order mark in. */
  #head: Uint8Array | undefined = new Uint8Array(0)
  #exceeded = false
  readonly #buffers: SharedBuffers

  constructor(options: RecordBatcherOptions) {
    this.#buffers = options.buffers ?? new SharedBuffers(8)
    this.#quotes = options.quotes
    this.#batchBytes = options.batchBytes ?? BATCH_BYTES
    this.#maxRecord = options.maxRecord ?? MAX_RECORD_BYTES
    this.#maxRecords = options.maxRecords ?? Infinity
    this.#bytes = this.#newBuffer()
    this.#carry = new Uint8Array(this.#maxRecord + 1)
  }

  /** More records came than maxRecords allows; the rest of the input is ignored. */
  get exceeded(): boolean {
    return this.#exceeded
  }

  /** Shared memory, so that a worker thread reads a batch where it is; recycled ones first. */
  #newBuffer(): Uint8Array {
    return new Uint8Array(this.#buffers.take(this.#batchBytes + this.#maxRecord + 2))
  }

  /** A batch that is done with: its memory holds a later one. */
  recycle(batch: RecordBatch): void {
    if (batch.bytes.buffer instanceof SharedArrayBuffer) this.#buffers.give(batch.bytes.buffer)
  }

  /** Reads a chunk; returns the batches it completed. */
  push(input: Uint8Array): RecordBatch[] {
    const batches: RecordBatch[] = []
    if (this.#exceeded) return batches
    const chunk = this.#afterHead(input, false)
    if (chunk !== undefined) this.#read(chunk, batches)
    return batches
  }

  /** The input ended: returns the last batches (a last record without a newline included). */
  end(): RecordBatch[] {
    const batches: RecordBatch[] = []
    if (this.#exceeded) return batches
    const chunk = this.#afterHead(new Uint8Array(0), true)
    if (chunk !== undefined && chunk.length > 0) this.#read(chunk, batches)
    if (this.#carryLength > 0 || this.#skipping) {
      if (this.#records >= this.#maxRecords) this.#exceeded = true
      else {
        this.#bytes.set(this.#carry.subarray(0, this.#carryLength), this.#length)
        this.#length += this.#carryLength
        if (this.#skipping) this.#overlong.push(this.#line)
        this.#carryLength = 0
        this.#skipping = false
        this.#records++
      }
    }
    this.#flushInto(batches)
    return batches
  }

  /** The chunk with a UTF-8 byte order mark taken off the input's start; undefined while too short to tell. */
  #afterHead(chunk: Uint8Array, ended: boolean): Uint8Array | undefined {
    const head = this.#head
    if (head === undefined) return chunk
    const bytes = head.length === 0 ? chunk : concat(head, chunk)
    if (bytes.length < 3 && !ended) {
      this.#head = bytes
      return undefined
    }
    this.#head = undefined
    if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
      throw new InputEncodingError('the input is UTF-16 (it opens with a UTF-16 byte order mark); save it as UTF-8')
    return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes
  }

  #read(chunk: Uint8Array, batches: RecordBatch[]): void {
    this.#nextQuote = this.#quotes ? chunk.indexOf(QUOTE) : -1
    let runStart = 0
    let recordStart = 0
    for (;;) {
      const end = this.#recordEnd(chunk, recordStart)
      if (end < 0) break
      if (this.#records >= this.#maxRecords) {
        this.#exceeded = true
        break
      }
      if (this.#skipping || this.#carryLength + end - recordStart > this.#maxRecord) {
        // Over-long: the batch so far, then an empty line in its place, and a new batch (a CSV
        // record's quoted newlines are not in the batch, so the next one starts at a known line).
        this.#copy(chunk, runStart, recordStart)
        this.#bytes[this.#length++] = NEWLINE
        this.#overlong.push(this.#line)
        this.#carryLength = 0
        this.#skipping = false
        runStart = end + 1
        this.#advance()
        this.#flushInto(batches)
      } else {
        if (this.#carryLength > 0) {
          // The record began in an earlier chunk (this is the chunk's first record, so the run starts here).
          this.#bytes.set(this.#carry.subarray(0, this.#carryLength), this.#length)
          this.#length += this.#carryLength
          this.#carryLength = 0
        }
        this.#advance()
      }
      recordStart = end + 1
      if (this.#length + (recordStart - runStart) >= this.#batchBytes) {
        this.#copy(chunk, runStart, recordStart)
        runStart = recordStart
        this.#flushInto(batches)
      }
    }
    this.#copy(chunk, runStart, recordStart)
    if (this.#exceeded) {
      this.#flushInto(batches)
      return
    }
    // The start of a record that ends in a later chunk.
    const rest = chunk.length - recordStart
    if (this.#skipping || rest === 0) return
    if (this.#carryLength + rest > this.#maxRecord) {
      this.#skipping = true
      this.#carryLength = 0
    } else {
      this.#carry.set(chunk.subarray(recordStart), this.#carryLength)
      this.#carryLength += rest
    }
  }

  /** A record ended: the next starts on the line after its last newline. */
  #advance(): void {
    this.#line += 1 + this.#quotedNewlines
    this.#quotedNewlines = 0
    this.#records++
  }

  /** The newline that ends the record under way, from `from` in `chunk`; −1 when it ends in a later chunk. */
  #recordEnd(chunk: Uint8Array, from: number): number {
    const newline = chunk.indexOf(NEWLINE, from)
    if (!this.#quotes) return newline
    if (!this.#inQuote && (this.#nextQuote < 0 || (newline >= 0 && newline < this.#nextQuote))) return newline
    // Quotes before the newline: byte by byte, tracking whether a newline is inside quotes.
    let inQuote = this.#inQuote
    for (let i = from; i < chunk.length; i++) {
      const byte = chunk[i]
      if (byte === QUOTE) inQuote = !inQuote
      else if (byte === NEWLINE) {
        if (!inQuote) {
          this.#inQuote = false
          this.#nextQuote = chunk.indexOf(QUOTE, i + 1)
          return i
        }
        this.#quotedNewlines++
      }
    }
    this.#inQuote = inQuote
    return -1
  }

  #copy(chunk: Uint8Array, from: number, to: number): void {
    if (to <= from) return
    this.#bytes.set(chunk.subarray(from, to), this.#length)
    this.#length += to - from
  }

  #flushInto(batches: RecordBatch[]): void {
    if (this.#length === 0) {
      this.#firstLine = this.#line
      return
    }
    batches.push({ bytes: this.#bytes.subarray(0, this.#length), firstLine: this.#firstLine, overlong: this.#overlong })
    this.#bytes = this.#newBuffer()
    this.#length = 0
    this.#firstLine = this.#line
    this.#overlong = []
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(a.length + b.length)
  bytes.set(a)
  bytes.set(b, a.length)
  return bytes
}
