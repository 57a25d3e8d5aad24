// The Piscina worker pool: single batches (a JSON answer, an MCP call) and streams of batches
// (downloads, validations), written in order by the window they share (ordered-window.ts). The
// pool has threads + maxQueue places for batches running or waiting: a stream is admitted once,
// for a window of places it keeps until it ends (its batches then wait for a thread, never
// refused mid-way), and a single batch takes one place. A stream also reserves its memory from
// the process's budget (stream-memory.ts): the slots its results come back in, and what the
// caller says it holds besides (a compressor). When no place or not enough memory is left, the
// work is refused at once (503 with Retry-After, before anything is sent), never left hanging.
// A client that goes away stops its stream: batches not yet started are skipped, the one running
// finishes (aborting it would cost its thread, which Piscina replaces).
import { availableParallelism } from 'node:os'
import type { Piscina } from 'piscina'
import { requireDependency, workerModule } from '../build-outputs.ts'
import { UnavailableError } from '../core/errors.ts'
import { batchesOf, batchTotal, BATCH_ROWS } from '../formats/batches.ts'
import type { RenderFormat } from '../formats/format-names.ts'
import type { ResolvedPaymentOptions } from '@ibanmint/iban'
import { randomSeed, type DatasetOptions } from '@ibanmint/iban/internal'
import type { BatchTask } from '../../workers/tasks.ts'
import type { ValidateBatch } from '../formats/validate-batch.ts'
import type { SharedBuffers } from '../formats/shared-buffers.ts'
import { BatchSizes } from './batch-bytes.ts'
import { isAbort, writeInOrder, type ChunkSink, type WindowLease, type WindowSource } from './ordered-window.ts'
import { StreamMemory, type MemoryReservation } from './stream-memory.ts'

/** Every place of the pool is taken: new work is refused at once (retry after `retryAfter` seconds). */
export class PoolBusyError extends UnavailableError {
  constructor(message: string) {
    super(message, 1)
    this.name = 'PoolBusyError'
  }
}

/** What a refusal says: the pool's size and what fills it. */
export function poolBusyMessage(threads: number, maxQueue: number): string {
  return `the worker pool is full: its ${threads + maxQueue} places (${threads} thread${threads === 1 ? '' : 's'} and a queue of ${maxQueue}, POOL_MAX_QUEUE) are taken by the streams and requests under way; retry shortly`
}

/** A worker failed (crashed, ran out of memory) during a batch; Piscina replaces it. */
export class WorkFailedError extends UnavailableError {
  constructor(cause: unknown, message = 'generation failed; retry') {
    super(message, 1, { cause })
    this.name = 'WorkFailedError'
  }
}

/** What a pool task is: a batch of rows to generate, or of records to validate. */
type PoolTask = BatchTask | ValidateBatch

/** A stream's admission: its window of places and its memory, kept until it ends (see WorkPool.openStream). */
export interface StreamLease extends WindowLease<PoolTask> {
  /** Gives the places and the memory back once the stream's batches under way have settled. */
  close(): void
}

/** The memory a stream holds: its result slots, and the rest (a compressor, input batches). */
export interface StreamNeeds {
  /** Bytes of one result slot; 0: results are transferred (not counted). */
  slotBytes: number
  /** Bytes the stream holds besides its slots. */
  otherBytes: number
}

const NO_NEEDS: StreamNeeds = Object.freeze({ slotBytes: 0, otherBytes: 0 })

export interface PoolOptions {
  /** Worker threads (default: the machine's available parallelism). */
  threads?: number
  /** Batches waiting for a thread before new work is refused (default 256). */
  maxQueue?: number
  /** The worker module (tests substitute a fault-injecting one). */
  filename?: string
  /** Bytes the streams under way may hold at once (STREAM_MEMORY_MB; default: no bound). */
  streamMemory?: number
}

/** A stream of rows offset … offset + count − 1 of one dataset, in one format. */
export interface StreamRequest {
  /** Which rows; without a seed, the stream draws one random key for all its batches. */
  dataset: DatasetOptions
  count: number
  /** Row index of the first row (default 0). */
  offset?: number
  format: RenderFormat
  /** csv: false leaves out the header row (default true). */
  header?: boolean | undefined
  /**
   * The first row of the unsliced stream this one is a part of (default: offset): batches, and
   * sql's INSERT statements with them, are cut on its grid, where the unsliced stream cuts them.
   */
  origin?: number | undefined
  /** csv, json, ndjson, sql: the party columns after the others. */
  parties?: boolean | undefined
  /** Payment formats: the file's resolved options (seed and dates fixed for every batch). */
  payment?: ResolvedPaymentOptions | undefined
}

export class WorkPool {
  readonly #piscina: Piscina<PoolTask, Uint8Array>
  readonly threads: number
  readonly maxQueue: number
  /** Batches submitted and not yet settled (running or waiting). */
  #outstanding = 0
  /** Places held by open streams. */
  #reserved = 0
  /** Single batches (not of a stream) submitted and not yet settled. */
  #single = 0
  /** Batches and streams refused because every place was taken. */
  #refused = 0
  /** Worker threads that ended while the pool was open (each one replaced by Piscina). */
  #threadsLost = 0
  #closing = false
  /** The memory of streams (their shared inputs and results, their compressors) and its budget. */
  readonly memory: StreamMemory
  /** The size of each generation stream's result slots. */
  readonly #batchSizes = new BatchSizes()

  constructor(options: PoolOptions = {}) {
    this.threads = options.threads ?? Math.max(1, availableParallelism())
    this.maxQueue = options.maxQueue ?? 256
    this.memory = new StreamMemory(options.streamMemory === undefined ? {} : { budget: options.streamMemory })
    // Admission is counted here (places: threads + maxQueue) rather than left to Piscina's
    // maxQueue, which does not count tasks handed to workers that are still starting.
    // Piscina loads with the first pool (its modules take about 40 ms of a process's start): a
    // command that makes every row on its own thread (`--threads 1`, small counts) never loads it.
    const { Piscina: Pool } = requireDependency('piscina') as typeof import('piscina')
    this.#piscina = new Pool<PoolTask, Uint8Array>({
      filename: options.filename ?? workerModule(),
      minThreads: this.threads,
      maxThreads: this.threads,
      // Workers are kept: starting one (loader + modules) costs ~100 ms.
      idleTimeout: 60_000,
      // Small heaps: a worker holds one batch (under 1 MB) at a time.
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 },
    })
    this.#piscina.on('workerDestroy', () => {
      if (!this.#closing) this.#threadsLost++
    })
  }

  /** Shared memory of streams (inputs and results), kept from one stream for the next. */
  get buffers(): SharedBuffers {
    return this.memory.buffers
  }

  /** Batches running or waiting. */
  get outstanding(): number {
    return this.#outstanding
  }

  /** Batches finished since start. */
  get completed(): number {
    return this.#piscina.completed
  }

  /** Batches waiting for a thread. */
  get queued(): number {
    return this.#piscina.queueSize
  }

  /** Threads running a batch now: the batches admitted that do not wait. */
  get busyThreads(): number {
    return Math.max(0, Math.min(this.threads, this.#outstanding - this.#piscina.queueSize))
  }

  /** Seconds the threads spent running batches since start (Piscina's run times: mean × count). */
  get busySeconds(): number {
    const completed = this.#piscina.completed
    return completed === 0 ? 0 : (this.#piscina.histogram.runTime.mean * completed) / 1000
  }

  /** Places taken now: those held by open streams and by single batches (see `places`). */
  get placesTaken(): number {
    return this.#reserved + this.#single
  }

  /** Streams and single batches refused since start because every place was taken. */
  get refused(): number {
    return this.#refused
  }

  /**
   * Worker threads lost since start (crashed, ran out of memory): each is replaced, at the cost
   * of a new thread's start. A stream whose reader leaves loses none (its batches are skipped).
   */
  get threadsLost(): number {
    return this.#threadsLost
  }

  /** How many batches may be in flight for one stream: enough to keep every thread busy. */
  get streamWindow(): number {
    return this.threads * 2
  }

  /** Places for batches running or waiting. */
  get places(): number {
    return this.threads + this.maxQueue
  }

  #busy(): PoolBusyError {
    this.#refused++
    return new PoolBusyError(poolBusyMessage(this.threads, this.maxQueue))
  }

  /** Runs one batch; a full pool rejects with PoolBusyError, an abort with AbortError. */
  async run(task: Omit<BatchTask, 'slot'>, signal?: AbortSignal): Promise<Uint8Array> {
    if (this.#reserved + this.#single >= this.places) throw this.#busy()
    this.#single++
    try {
      return await this.#submit(task, signal)
    } finally {
      this.#single--
    }
  }

  /**
   * Admits a stream of `batches` batches (or of unknown length) that generate or validate: it
   * holds up to `window` places (fewer when fewer are free) and the memory `needs` says, for a
   * window of result slots and one slot more for the batch being written (a smaller window when
   * the budget has less left, down to one batch), until it is closed; its batches wait for a
   * thread instead of being refused. Throws PoolBusyError when no place is free and
   * MemoryBudgetError when the budget has not even a window of one left: before anything of the
   * stream was sent.
   */
  openStream(
    kind: 'generate' | 'validate',
    batches = Infinity,
    window = this.streamWindow,
    needs: StreamNeeds = NO_NEEDS,
  ): StreamLease {
    let size = Math.min(window, batches, this.places - this.#reserved - this.#single)
    if (size < 1) throw this.#busy()
    const { slotBytes, otherBytes } = needs
    const slotsFor = (inFlight: number) => (slotBytes === 0 ? 0 : Math.min(inFlight + 1, batches))
    let memory: MemoryReservation | undefined
    if (slotBytes > 0 || otherBytes > 0) {
      // A wide window keeps every thread busy while fewer streams than threads run; once as many
      // run, one batch in flight each does, and the budget goes further.
      const most = this.memory.open < this.threads ? size : 1
      memory = this.memory.reserve(slotsFor(1) * slotBytes + otherBytes, slotsFor(most) * slotBytes + otherBytes)
      if (slotBytes > 0) size = Math.max(1, Math.min(size, Math.floor((memory.bytes - otherBytes) / slotBytes) - 1))
    }
    this.#reserved += size
    const name = kind === 'validate' ? 'validateBatch' : undefined
    const failed = kind === 'validate' ? VALIDATION_FAILED : undefined
    let running = 0
    let closed = false
    const release = () => {
      if (closed && running === 0) {
        this.#reserved -= size
        memory?.close()
        running = -1 // released once
      }
    }
    return {
      window: size,
      slots: slotsFor(size),
      slotBytes,
      store: this.memory.slots,
      run: async (batch) => {
        running++
        try {
          return await this.#submit(batch, undefined, name, failed)
        } finally {
          running--
          release()
        }
      },
      close: () => {
        closed = true
        release()
      },
    }
  }

  /**
   * Admits a generation stream (see openStream), its slots sized for `request`'s batches;
   * `otherBytes`: what the caller holds for it besides (its compressor).
   */
  openGeneration(request: StreamRequest, otherBytes = 0): StreamLease {
    const slotBytes = this.#batchSizes.slotBytes(request)
    return this.openStream('generate', batchCount(request), this.streamWindow, { slotBytes, otherBytes })
  }

  async #submit(task: PoolTask, signal: AbortSignal | undefined, name?: string, failed?: string): Promise<Uint8Array> {
    this.#outstanding++
    try {
      // A slot goes to the worker thread with the task (transferred, not copied) and comes back with the result.
      const options = {
        ...(name === undefined ? {} : { name }),
        ...(signal === undefined ? {} : { signal }),
        ...(task.slot === undefined ? {} : { transferList: [task.slot] }),
      }
      return await this.#piscina.run(task, options)
    } catch (error) {
      if (isAbort(error)) throw error
      // A worker that failed (crashed, ran out of memory) is replaced by Piscina; the request
      // that met it gets a retryable 503, and the cause goes to the log.
      throw new WorkFailedError(error, failed)
    } finally {
      this.#outstanding--
    }
  }

  /**
   * Streams `request` into `sink` in order (see ordered-window.ts), on `lease` (admitted by the
   * caller before it sent anything; else admitted here, which may throw PoolBusyError or
   * MemoryBudgetError), which it closes. Resolves when everything was written; stops quietly when
   * `signal` aborts (the client left). `onChunk` sees every chunk written (progress).
   */
  async stream(
    request: StreamRequest,
    sink: ChunkSink,
    signal: AbortSignal,
    options: { lease?: StreamLease; onChunk?: (rows: number, bytes: number) => void } = {},
  ): Promise<void> {
    const lease = options.lease ?? this.openGeneration(request)
    let largest = 0
    try {
      await writeInOrder(
        lease,
        generationSource(request, (rows, bytes) => {
          largest = Math.max(largest, bytes)
          options.onChunk?.(rows, bytes)
        }),
        sink,
        signal,
      )
    } finally {
      lease.close()
      this.#batchSizes.learn(request, largest)
    }
  }

  async close(): Promise<void> {
    this.#closing = true
    this.memory.release()
    await this.#piscina.destroy()
  }
}

const VALIDATION_FAILED = 'validation failed: a worker thread crashed or ran out of memory; retry'

/** How many batches a stream request makes. */
function batchCount(request: Pick<StreamRequest, 'count' | 'offset' | 'origin'>): number {
  return batchTotal(request.count, request.offset ?? 0, BATCH_ROWS, request.origin ?? request.offset ?? 0)
}

/** The batches of a generation stream, in order. */
function generationSource(
  request: StreamRequest,
  onChunk: (rows: number, bytes: number) => void,
): WindowSource<BatchTask> {
  const origin = request.origin ?? request.offset ?? 0
  const batches = batchesOf(request.count, request.offset ?? 0, BATCH_ROWS, origin)
  // Every batch of one stream mints from the same dataset, so they share its key.
  const dataset = request.dataset.seed === undefined ? { ...request.dataset, seed: randomSeed() } : request.dataset
  return {
    take() {
      const next = batches.next()
      if (next.done === true) return undefined
      const batch = next.value
      return {
        dataset,
        format: request.format,
        header: request.header,
        origin,
        parties: request.parties,
        payment: request.payment,
        documentRows: request.count,
        start: batch.start,
        count: batch.count,
        first: batch.first,
        last: batch.last,
      }
    },
    more: async () => false,
    written(task, bytes) {
      onChunk(task.count, bytes.length)
      return bytes
    },
  }
}
