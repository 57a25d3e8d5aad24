// One stream's batches on the worker pool, written in order: the window that generation
// streams (pool.ts) and validation streams (validate-stream.ts) share. Up to `lease.window`
// batches are in flight; each batch's bytes are written in the source's order as soon as it
// and those before it are done, and the window waits for 'drain' when the sink is full. The
// stream was admitted once (its lease): its batches wait for a thread, never refused. Results
// come back in shared memory slots, reused once the sink has written them, so a stream of any
// length allocates at most window + 2 slots and leaves the main thread no garbage per batch;
// a result that does not fit (or finds no free slot) is transferred instead.
import { once } from 'node:events'
import type { SharedBuffers } from '../formats/shared-buffers.ts'

/** A task whose result may come back in a shared memory slot. */
export interface WindowTask {
  slot?: SharedArrayBuffer
}

/** A stream's admission to the pool: how many of its batches may be in flight, and how they run. */
export interface WindowLease<T extends WindowTask> {
  readonly window: number
  /** Runs one batch: its bytes, or their length when they were copied into `task.slot`. */
  run(task: T, signal?: AbortSignal): Promise<Uint8Array | number>
}

/** Where a stream's tasks come from, and what of each result is written. */
export interface WindowSource<T extends WindowTask> {
  /** The next task, when one is ready now. */
  take(): T | undefined
  /** Waits for more input (validation reads its source); false when there is no more. */
  more(): Promise<boolean>
  /** The bytes to write of a finished task's result (validation takes its counts off them). */
  written(task: T, result: Uint8Array): Uint8Array
}

/** Where a stream writes: a Node writable (an HTTP response, a file, stdout). */
export interface ChunkSink {
  /** Writes a chunk; `done` runs once the sink no longer needs the chunk's memory. */
  write(chunk: Uint8Array, done?: (error?: Error | null) => void): boolean
  once(event: 'drain' | 'close', listener: () => void): unknown
  off?(event: 'drain' | 'close', listener: () => void): unknown
  readonly destroyed?: boolean
}

export interface WindowOptions {
  /** Bytes of a result slot; 0: results are transferred (short streams, where slots do not pay). */
  slotBytes: number
  /** Where slots come from and go back to. */
  buffers: SharedBuffers
  /**
   * Pass the signal to the batches (generation: a reader that leaves cancels them); without it,
   * batches under way finish (a validation batch takes a millisecond or two, and aborting one
   * would replace its worker thread).
   */
  cancelRunning: boolean
}

/** The error of an aborted task or wait. */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || (error as { code?: string }).code === 'ABORT_ERR')
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

interface Pending<T> {
  task: T
  slot: SharedArrayBuffer | undefined
  result: Promise<Uint8Array | number>
}

/**
 * Runs the source's tasks on `lease` and writes their results to `sink` in order. Resolves when
 * everything was written, or quietly when `signal` aborts (the reader left); rejects when a
 * batch or the source fails.
 */
export async function writeInOrder<T extends WindowTask>(
  lease: WindowLease<T>,
  source: WindowSource<T>,
  sink: ChunkSink,
  signal: AbortSignal,
  options: WindowOptions,
): Promise<void> {
  const { buffers, slotBytes } = options
  const free: SharedArrayBuffer[] = []
  let slotsMade = 0
  // Slots written after the stream returned (the sink still held them) go back to `buffers`.
  let finished = false
  const release = (slot: SharedArrayBuffer): void => {
    if (finished) buffers.give(slot)
    else free.push(slot)
  }
  const takeSlot = (): SharedArrayBuffer | undefined => {
    if (slotBytes === 0) return undefined
    const slot = free.pop()
    if (slot !== undefined || slotsMade >= lease.window + 2) return slot
    slotsMade++
    return buffers.take(slotBytes)
  }
  const pending: Pending<T>[] = []
  let exhausted = false
  const submit = (task: T): void => {
    const slot = takeSlot()
    if (slot !== undefined) task.slot = slot
    const result = lease.run(task, options.cancelRunning ? signal : undefined)
    result.catch(() => {}) // observed below, in order; never an unhandled rejection
    pending.push({ task, slot, result })
  }
  /** Fills the window with ready tasks; with `wait`, reads more input until it is full or the input ends. */
  const fill = async (wait: boolean): Promise<void> => {
    while (pending.length < lease.window && !signal.aborted) {
      const task = source.take()
      if (task !== undefined) submit(task)
      else if (!wait || exhausted) return
      else exhausted = !(await source.more())
    }
  }
  try {
    await fill(true)
    for (let next = pending.shift(); next !== undefined && !signal.aborted; next = pending.shift()) {
      const output = await next.result
      if (signal.aborted) return
      const { slot } = next
      let bytes: Uint8Array
      let done: (() => void) | undefined
      if (typeof output === 'number') {
        bytes = new Uint8Array(slot as SharedArrayBuffer, 0, output)
        done = () => release(slot as SharedArrayBuffer)
      } else {
        bytes = output
        if (slot !== undefined) free.push(slot)
      }
      const chunk = source.written(next.task, bytes)
      // The next batches start before this one is written (ready tasks only: no input is awaited here).
      await fill(false)
      if (chunk.length === 0) done?.()
      else if (!sink.write(chunk, done)) await drained(sink, signal)
      await fill(true)
    }
  } catch (error) {
    // A reader that left: its batches or its input failed with it.
    if (signal.aborted || isAbort(error)) return
    throw error
  } finally {
    finished = true
    for (const slot of free.splice(0)) buffers.give(slot)
  }
}
