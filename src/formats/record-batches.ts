// Cuts a byte stream (a file, standard input, a request body) into batches of whole records
// for validation in worker threads: lines, or CSV records, whose quoted fields may hold
// newlines (a double quote opens a quoted field only at a field's start, as the worker reads
// fields: validate-batch.ts csvFieldAt). It counts lines, so each batch knows the line it
// starts at, and it copies bytes in runs of records rather than record by record. A damaged
// record (longer than the limit; or at the end, a quoted field never closed) is kept as an
// empty line and noted with its line and why (the worker reports it as a row that is no IBAN):
// every byte of the input is in some row. What follows an over-long record is read on, never
// held: memory stays bounded by the batch size however long the input or its lines.
import { groupThousands } from '@ibanmint/iban/internal'
import { MAX_RECORD_BYTES } from './validate-batch.ts'
import { SharedBuffers } from './shared-buffers.ts'

/** A record that holds no row of its own: the line it starts at, and why. */
export interface DamagedRecord {
  line: number
  reason: string
}

/** Whole records as bytes, the line (1-based) the first starts at, and the damaged ones (empty lines there). */
export interface RecordBatch {
  bytes: Uint8Array
  firstLine: number
  damaged: DamagedRecord[]
}

export interface RecordBatcherOptions {
  /** CSV: a newline inside double quotes does not end a record. */
  quotes: boolean
  /** CSV: the field separator's code (default `,`): a quote opens a field only after one. */
  delimiter?: number
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

/** Where a CSV record's reading is: a field's start, an unquoted field, a quoted one, a quote in one. */
const FIELD_START = 0
const UNQUOTED = 1
const QUOTED = 2
const QUOTE_IN_QUOTED = 3

export class RecordBatcher {
  readonly #quotes: boolean
  readonly #delimiter: number
  readonly #batchBytes: number
  readonly #maxRecord: number
  readonly #maxRecords: number
  #bytes: Uint8Array
  #length = 0
  #firstLine = 1
  #damaged: DamagedRecord[] = []
  /** The line the record under way starts at. */
  #line = 1
  #records = 0
  /** The start of a record that continues in the next chunk. */
  readonly #carry: Uint8Array
  #carryLength = 0
  /** Inside a record longer than the limit: its bytes are dropped up to its end. */
  #skipping = false
  /** Where the CSV record under way is (FIELD_START …). */
  #state = FIELD_START
  #unterminated = false
  /** The input's last byte so far. */
  #lastByte = -1
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
    this.#delimiter = options.delimiter ?? 44
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

  /** The input ended inside a quoted field: its last record is damaged (a row says so). */
  get unterminated(): boolean {
    return this.#unterminated
  }

  /** Shared memory, so that a worker thread reads a batch where it is; recycled ones first. */
  #newBuffer(): Uint8Array {
    return new Uint8Array(this.#buffers.take(this.#batchBytes + this.#maxRecord + 2))
  }

  /** A batch that is done with: its memory holds a later one. */
  recycle(batch: Pick<RecordBatch, 'bytes'>): void {
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
    if (this.#carryLength > 0 || this.#skipping || this.#state === QUOTED) {
      if (this.#records >= this.#maxRecords) this.#exceeded = true
      else if (this.#state === QUOTED) {
        // A quoted field never closed: everything from its record's start is that record.
        this.#unterminated = true
        this.#markDamaged(this.#unterminatedReason())
      } else if (this.#skipping) this.#markDamaged(this.#overlongReason())
      else {
        this.#bytes.set(this.#carry.subarray(0, this.#carryLength), this.#length)
        this.#length += this.#carryLength
      }
      if (!this.#exceeded) {
        this.#carryLength = 0
        this.#skipping = false
        this.#advance()
      }
    }
    this.#flushInto(batches)
    return batches
  }

  /** The record under way stands as an empty line, noted with why. */
  #markDamaged(reason: string): void {
    this.#bytes[this.#length++] = NEWLINE
    this.#damaged.push({ line: this.#line, reason })
  }

  #overlongReason(): string {
    const what = this.#quotes ? 'record' : 'line'
    const last = this.#line + this.#quotedNewlines
    const lines = last > this.#line ? ` (lines ${count(this.#line)} to ${count(last)})` : ''
    return `${what} longer than ${this.#maxRecord} bytes${lines}`
  }

  #unterminatedReason(): string {
    // A newline that ends the input ends its last line: no line follows it.
    const last = Math.max(this.#line, this.#line + this.#quotedNewlines - (this.#lastByte === NEWLINE ? 1 : 0))
    return `a quoted field opened on line ${count(this.#line)} is never closed: lines ${count(this.#line)} to ${count(last)} (the end of the input) are one damaged record`
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
    if (chunk.length > 0) this.#lastByte = chunk[chunk.length - 1] as number
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
        this.#markDamaged(this.#overlongReason())
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
    const quoted = this.#state === QUOTED || this.#state === QUOTE_IN_QUOTED
    if (!quoted && (this.#nextQuote < 0 || (newline >= 0 && newline < this.#nextQuote))) {
      if (newline >= 0) this.#state = FIELD_START
      else if (chunk.length > from) this.#state = this.#stateAfter(chunk[chunk.length - 1] as number)
      return newline
    }
    // Quotes before the newline: byte by byte, as csvFieldAt reads fields (a quote opens a
    // quoted field only at a field's start; two in one are one quote).
    let state = this.#state
    const delimiter = this.#delimiter
    for (let i = from; i < chunk.length; i++) {
      const byte = chunk[i] as number
      if (state === QUOTED) {
        if (byte === QUOTE) state = QUOTE_IN_QUOTED
        else if (byte === NEWLINE) this.#quotedNewlines++
        continue
      }
      if (byte === NEWLINE) {
        this.#state = FIELD_START
        this.#nextQuote = chunk.indexOf(QUOTE, i + 1)
        return i
      }
      if (state === QUOTE_IN_QUOTED) state = byte === QUOTE ? QUOTED : byte === delimiter ? FIELD_START : UNQUOTED
      else if (byte === delimiter) state = FIELD_START
      else if (state === FIELD_START) state = byte === QUOTE ? QUOTED : UNQUOTED
    }
    this.#state = state
    return -1
  }

  /** The state after an unquoted run of bytes that ends with `byte` (no quote, no newline in it). */
  #stateAfter(byte: number): number {
    return byte === this.#delimiter ? FIELD_START : UNQUOTED
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
    batches.push({ bytes: this.#bytes.subarray(0, this.#length), firstLine: this.#firstLine, damaged: this.#damaged })
    this.#bytes = this.#newBuffer()
    this.#length = 0
    this.#firstLine = this.#line
    this.#damaged = []
  }
}

/** A count with thousands separators: the domain's groupThousands, by the name the command line reads. */
export const count = groupThousands

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(a.length + b.length)
  bytes.set(a)
  bytes.set(b, a.length)
  return bytes
}
