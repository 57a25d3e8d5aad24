// The Piscina worker pool: single batches (a JSON answer, an MCP call) and streams of batches
// (downloads, validations), written in order by the window they share (ordered-window.ts). A
// client that goes away aborts the signal, which cancels queued and running batches. The pool
// has threads + maxQueue places for batches running or waiting: a stream is admitted once, for
// a window of places it keeps until it ends (its batches then wait for a thread, never refused
// mid-way), and a single batch takes one place. When none is left, the work is refused at once
// (503 with Retry-After, before anything is sent), never left hanging.
import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import { workerModule } from '../build-outputs.ts'
import { UnavailableError } from '../core/errors.ts'
import { batchesOf, BATCH_ROWS } from '../formats/batches.ts'
import type { RenderFormat } from '../formats/render.ts'
import { randomSeed, type DatasetOptions } from '@ibanmint/iban/internal'
import type { BatchTask } from '../../workers/tasks.ts'
import type { ValidateBatch } from '../formats/validate-batch.ts'
import { SharedBuffers } from '../formats/shared-buffers.ts'
import { isAbort, writeInOrder, type ChunkSink, type WindowLease, type WindowSource } from './ordered-window.ts'

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

/** A stream's admission: its window of places, kept until it ends (see WorkPool.openStream). */
export interface StreamLease extends WindowLease<PoolTask> {
  /** Gives the places back once the stream's batches under way have settled. */
  close(): void
}

export interface PoolOptions {
  /** Worker threads (default: the machine's available parallelism). */
  threads?: number
  /** Batches waiting for a thread before new work is refused (default 256). */
  maxQueue?: number
  /** The worker module (tests substitute a fault-injecting one). */
  filename?: string
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
}

/**
 * Bytes of one stream slot: a 10,000-row batch of realistic DE csv (bank names included) is
 * about 1.1 MB, of json 1.9 MB; larger batches are transferred.
 */
const SLOT_BYTES = 2 << 20
/** Streams of more batches than this use slots. */
const SLOTS_FROM_BATCHES = 4

export class WorkPool {
  readonly #piscina: Piscina<PoolTask, Uint8Array | number>
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
  /** Shared memory of streams (inputs and results), kept from one stream for the next. */
  readonly buffers = new SharedBuffers()

  constructor(options: PoolOptions = {}) {
    this.threads = options.threads ?? Math.max(1, availableParallelism())
    this.maxQueue = options.maxQueue ?? 256
    // Admission is counted here (places: threads + maxQueue) rather than left to Piscina's
    // maxQueue, which does not count tasks handed to workers that are still starting.
    this.#piscina = new Piscina<PoolTask, Uint8Array | number>({
      filename: options.filename ?? workerModule(),
      minThreads: this.threads,
      maxThreads: this.threads,
      // Workers are kept: starting one (loader + modules) costs ~100 ms.
      idleTimeout: 60_000,
      // Small heaps: a worker holds one batch (under 1 MB) at a time.
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 },
    })
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
      return (await this.#submit(task, signal)) as Uint8Array
    } finally {
      this.#single--
    }
  }

  /**
   * Admits a stream of `batches` batches (or of unknown length) that generate or validate: it
   * holds up to `window` places (fewer when fewer are free) until it is closed, and its batches
   * wait for a thread instead of being refused. Throws PoolBusyError when no place is free:
   * before anything of the stream was sent.
   */
  openStream(kind: 'generate' | 'validate', batches = Infinity, window = this.streamWindow): StreamLease {
    const size = Math.min(window, batches, this.places - this.#reserved - this.#single)
    if (size < 1) throw this.#busy()
    this.#reserved += size
    const name = kind === 'validate' ? 'validateBatch' : undefined
    const failed = kind === 'validate' ? VALIDATION_FAILED : undefined
    let running = 0
    let closed = false
    const release = () => {
      if (closed && running === 0) {
        this.#reserved -= size
        running = -1 // released once
      }
    }
    return {
      window: size,
      run: async (batch, signal) => {
        running++
        try {
          return await this.#submit(batch, signal, name, failed)
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

  async #submit(
    task: PoolTask,
    signal: AbortSignal | undefined,
    name?: string,
    failed?: string,
  ): Promise<Uint8Array | number> {
    this.#outstanding++
    try {
      const options = name === undefined ? {} : { name }
      return await this.#piscina.run(task, signal === undefined ? options : { ...options, signal })
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
   * caller before it sent anything; else admitted here, which may throw PoolBusyError), which
   * it closes. Resolves when everything was written; stops quietly when `signal` aborts (the
   * client left). `onChunk` sees every chunk written (progress).
   */
  async stream(
    request: StreamRequest,
    sink: ChunkSink,
    signal: AbortSignal,
    options: { lease?: StreamLease; onChunk?: (rows: number, bytes: number) => void } = {},
  ): Promise<void> {
    const lease = options.lease ?? this.openStream('generate', batchCount(request))
    try {
      await writeInOrder(lease, generationSource(request, options.onChunk), sink, signal, {
        // Short streams (a few batches) transfer their bytes: slots pay off only over many batches.
        slotBytes: request.count > BATCH_ROWS * SLOTS_FROM_BATCHES ? SLOT_BYTES : 0,
        buffers: this.buffers,
        cancelRunning: true,
      })
    } finally {
      lease.close()
    }
  }

  async close(): Promise<void> {
    await this.#piscina.destroy()
  }
}

const VALIDATION_FAILED = 'validation failed: a worker thread crashed or ran out of memory; retry'

/** How many batches a stream request makes. */
export function batchCount(request: Pick<StreamRequest, 'count'>): number {
  return Math.ceil(request.count / BATCH_ROWS)
}

/** The batches of a generation stream, in order. */
function generationSource(
  request: StreamRequest,
  onChunk: ((rows: number, bytes: number) => void) | undefined,
): WindowSource<BatchTask> {
  const batches = batchesOf(request.count, request.offset ?? 0, BATCH_ROWS)
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
        start: batch.start,
        count: batch.count,
        first: batch.first,
        last: batch.last,
      }
    },
    more: async () => false,
    written(task, bytes) {
      onChunk?.(task.count, bytes.length)
      return bytes
    },
  }
}
