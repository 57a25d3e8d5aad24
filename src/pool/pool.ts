// The Piscina worker pool and the ordered stream on top of it: a request is cut into batches,
// a bounded number run at once, and chunks are written in order with backpressure. A client
// that goes away aborts the signal, which cancels queued and running batches. A full queue
// rejects at once (503 with Retry-After), never hangs.
import { once } from 'node:events'
import { execFileSync } from 'node:child_process'
import { mkdirSync, renameSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { threadId } from 'node:worker_threads'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Piscina } from 'piscina'
import { UnavailableError } from '../core/errors.ts'
import { batchesOf, BATCH_ROWS } from '../formats/batches.ts'
import type { RenderFormat } from '../formats/render.ts'
import { randomSeed, type InvalidCheck } from '../iban/index.ts'
import type { BatchTask } from '../../workers/tasks.ts'
import type { ValidateBatch } from '../formats/validate-batch.ts'
import { SharedBuffers } from '../formats/shared-buffers.ts'

/** The pool's queue is full: new work is refused at once (retry after `retryAfter` seconds). */
export class PoolBusyError extends UnavailableError {
  constructor() {
    super('the generator is busy; retry shortly', 1)
    this.name = 'PoolBusyError'
  }
}

/** A worker failed (crashed, ran out of memory) during a batch; Piscina replaces it. */
export class GenerationFailedError extends UnavailableError {
  constructor(cause: unknown) {
    super('generation failed; retry', 1, { cause })
    this.name = 'GenerationFailedError'
  }
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
  countries: string[]
  count: number
  /** Row index of the first row (default 0). */
  offset?: number
  realistic: boolean
  /** Without a seed, the stream draws one random key for all its batches. */
  seed: string | undefined
  bank?: string | undefined
  invalid?: InvalidCheck | undefined
  format: RenderFormat
}

/** Where a stream writes: a Node writable (an HTTP response, a file, stdout). */
export interface ChunkSink {
  /** Writes a chunk; `done` runs once the sink no longer needs the chunk's memory. */
  write(chunk: Uint8Array, done?: (error?: Error | null) => void): boolean
  once(event: 'drain' | 'close', listener: () => void): unknown
  off?(event: 'drain' | 'close', listener: () => void): unknown
  readonly destroyed?: boolean
}

const require = createRequire(import.meta.url)
/** Running the built JavaScript (dist/): the worker module was bundled by the build. */
const BUILT = import.meta.url.endsWith('.js')
const BUILT_WORKER = fileURLToPath(new URL('../../workers/tasks.js', import.meta.url))
const TASK_SOURCE = fileURLToPath(new URL('../../workers/tasks.ts', import.meta.url))
const LOADER_WORKER = fileURLToPath(new URL('../../workers/tasks-worker.mjs', import.meta.url))
const BUNDLE_DIR = fileURLToPath(new URL('../../node_modules/.cache/ibanmint/', import.meta.url))

/**
 * The worker module as one plain-JS file. The build (scripts/build.mjs) makes it; running
 * from the TypeScript sources (development, tests), it is bundled here with esbuild (a
 * development dependency) from workers/tasks.ts. A worker that loads it needs no
 * TypeScript loader: 45 MB less resident memory for two threads and faster starts. Falls back
 * to the loader shim when the bundle cannot be written (a read-only checkout).
 */
function workerModule(): string {
  if (BUILT) return BUILT_WORKER
  try {
    mkdirSync(BUNDLE_DIR, { recursive: true })
    const target = join(BUNDLE_DIR, 'tasks-worker.mjs')
    const temporary = `${target}.${process.pid}.${threadId}.tmp`
    // Bundled in a short-lived child process: esbuild's synchronous API keeps a helper thread
    // (and its heap) alive in the calling process, and hangs beside tsx's loader.
    const options = {
      entryPoints: [TASK_SOURCE],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      outfile: temporary,
      external: ['piscina'],
      logLevel: 'silent',
    }
    const script = `require(${JSON.stringify(require.resolve('esbuild'))}).buildSync(${JSON.stringify(options)})`
    execFileSync(process.execPath, ['-e', script], { stdio: 'ignore', timeout: 30_000 })
    renameSync(temporary, target)
    return target
  } catch {
    return LOADER_WORKER
  }
}

/**
 * Bytes of one stream slot: a 10,000-row batch of realistic DE csv (bank names included) is
 * about 1.1 MB, of json 1.9 MB; larger batches are transferred.
 */
const SLOT_BYTES = 2 << 20
/** Streams of more batches than this use slots. */
const SLOTS_FROM_BATCHES = 4

/** The error of an aborted task or wait. */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || (error as { code?: string }).code === 'ABORT_ERR')
}

export class GenerationPool {
  readonly #piscina: Piscina<BatchTask | ValidateBatch, Uint8Array | number>
  readonly threads: number
  readonly maxQueue: number
  /** Batches submitted and not yet settled (running or waiting). */
  #outstanding = 0
  /** Batches refused because the queue was full. */
  #refused = 0
  /** Shared memory of validation streams, kept from one stream for the next. */
  readonly buffers = new SharedBuffers()

  constructor(options: PoolOptions = {}) {
    this.threads = options.threads ?? Math.max(1, availableParallelism())
    this.maxQueue = options.maxQueue ?? 256
    // Admission is counted here (running + waiting ≤ threads + maxQueue) rather than left to
    // Piscina's maxQueue, which does not count tasks handed to workers that are still starting.
    this.#piscina = new Piscina<BatchTask | ValidateBatch, Uint8Array | number>({
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

  /** Batches refused since start because the queue was full. */
  get refused(): number {
    return this.#refused
  }

  /** How many batches may be in flight for one stream: enough to keep every thread busy. */
  get streamWindow(): number {
    return this.threads * 2
  }

  /** Runs one batch; a full queue rejects with PoolBusyError, an abort with AbortError. */
  async run(task: Omit<BatchTask, 'slot'>, signal?: AbortSignal): Promise<Uint8Array> {
    return (await this.#run(task, signal)) as Uint8Array
  }

  /**
   * Validates one batch of records (its bytes are shared memory); the result is the rows with
   * the counts sealed after them (see openCounts): in `batch.slot` when they fit (their size
   * comes back), else transferred.
   */
  async validate(batch: ValidateBatch): Promise<Uint8Array | number> {
    return this.#run(batch, undefined, { name: 'validateBatch' })
  }

  async #run(
    task: BatchTask | ValidateBatch,
    signal?: AbortSignal,
    options: { name?: string } = {},
  ): Promise<Uint8Array | number> {
    if (this.#outstanding >= this.threads + this.maxQueue) {
      this.#refused++
      throw new PoolBusyError()
    }
    this.#outstanding++
    try {
      return await this.#piscina.run(task, signal === undefined ? options : { ...options, signal })
    } catch (error) {
      if (isAbort(error)) throw error
      // A worker that failed (crashed, ran out of memory) is replaced by Piscina; the request
      // that met it gets a retryable 503, and the cause goes to the log as an internal error.
      throw new GenerationFailedError(error)
    } finally {
      this.#outstanding--
    }
  }

  /**
   * Streams `request` into `sink` in order, at most `streamWindow` batches in flight, waiting
   * for 'drain' when the sink is full. Resolves when everything was written; stops quietly
   * when `signal` aborts (the client left). `onChunk` sees every chunk written (progress).
   */
  async stream(
    request: StreamRequest,
    sink: ChunkSink,
    signal: AbortSignal,
    onChunk?: (rows: number, bytes: number) => void,
  ): Promise<void> {
    const batches = batchesOf(request.count, request.offset ?? 0, BATCH_ROWS)
    // Every batch of one stream mints from the same dataset, so they share its key.
    const seed = request.seed ?? randomSeed()
    // Shared memory slots for the batches' bytes: a slot is reused once the sink has written
    // it, so a stream of any length allocates at most 2 × streamWindow slots and leaves the
    // main thread no per-batch garbage. A batch that does not fit (or finds no free slot) is
    // transferred instead.
    const free: SharedArrayBuffer[] = []
    // Short streams (a few batches) transfer their bytes: slots pay off only over many batches.
    let slotsMade = request.count > BATCH_ROWS * SLOTS_FROM_BATCHES ? 0 : Infinity
    const takeSlot = (): SharedArrayBuffer | undefined => {
      const slot = free.pop()
      if (slot !== undefined || slotsMade >= this.streamWindow * 2) return slot
      slotsMade++
      return new SharedArrayBuffer(SLOT_BYTES)
    }
    const pending: { rows: number; result: Promise<Uint8Array | number>; slot: SharedArrayBuffer | undefined }[] = []
    const schedule = (): boolean => {
      const next = batches.next()
      if (next.done === true) return false
      const batch = next.value
      const slot = takeSlot()
      const task: BatchTask = {
        countries: request.countries,
        realistic: request.realistic,
        seed,
        bank: request.bank,
        invalid: request.invalid,
        format: request.format,
        start: batch.start,
        count: batch.count,
        first: batch.first,
        last: batch.last,
        ...(slot === undefined ? {} : { slot }),
      }
      const result = this.#run(task, signal)
      result.catch(() => {}) // observed below, in order; never an unhandled rejection
      pending.push({ rows: batch.count, result, slot })
      return true
    }
    while (pending.length < this.streamWindow && schedule()) {
      // fill the window
    }
    try {
      while (pending.length > 0) {
        const { rows, result, slot } = pending.shift() as (typeof pending)[number]
        const output = await result
        if (signal.aborted) return
        let chunk: Uint8Array
        let done: (() => void) | undefined
        if (typeof output === 'number') {
          chunk = new Uint8Array(slot as SharedArrayBuffer, 0, output)
          done = () => free.push(slot as SharedArrayBuffer)
        } else {
          chunk = output
          if (slot !== undefined) free.push(slot)
        }
        schedule()
        onChunk?.(rows, chunk.length)
        if (!sink.write(chunk, done)) await drained(sink, signal)
      }
    } catch (error) {
      if (signal.aborted || isAbort(error)) return
      throw error
    }
  }

  async close(): Promise<void> {
    await this.#piscina.destroy()
  }
}

/** Waits for 'drain', or returns early when the signal aborts. */
export async function drained(sink: ChunkSink, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return
  const ac = new AbortController()
  const onAbort = () => ac.abort()
  signal.addEventListener('abort', onAbort, { once: true })
  try {
    await once(sink as unknown as NodeJS.EventEmitter, 'drain', { signal: ac.signal })
  } catch (error) {
    if (!isAbort(error)) throw error
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
}
