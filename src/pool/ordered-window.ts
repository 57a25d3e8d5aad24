// One stream's batches on the worker pool, written in order: the window that generation
// streams (pool.ts) and validation streams (validate-stream.ts) share. Up to `lease.window`
// batches are in flight; each batch's bytes are written in the source's order as soon as it
// and those before it are done, and the window waits for 'drain' when the sink is full. The
// stream was admitted once (its lease): its batches wait for a thread, never refused. Results
// come back in slots (slots.ts), as many as the lease reserved, each going to the worker thread
// with its batch and back with the result, and reused once the sink has written it: a batch
// waits for a slot rather than allocate, so that a stream of any length holds the memory it was
// admitted with and leaves the main thread no garbage per batch. A reader that leaves stops the
// stream: its batches not yet started are skipped (a flag they share with the worker thread),
// and each slot goes back to the store when its batch has come back.
import { once } from 'node:events'
import type { SlotStore } from './slots.ts'

/** A task whose result may come back in a slot. */
export interface WindowTask {
  /** The slot the result is written into (transferred to the worker thread and back). */
  slot?: ArrayBuffer
  /** Set (to 1) once the stream has stopped: a batch that has not started is skipped. */
  stop?: Int32Array
}

/** A stream's admission to the pool: how many of its batches may be in flight, and how they run. */
export interface WindowLease<T extends WindowTask> {
  readonly window: number
  /** Result slots the stream may hold (0: results come back in buffers of their own). */
  readonly slots: number
  /** Bytes of each slot. */
  readonly slotBytes: number
  /** Where slots come from and go back to. */
  readonly store: SlotStore
  /** Runs one batch: its bytes (in its slot when it had one). */
  run(task: T): Promise<Uint8Array>
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

/**
 * A stream's result slots: up to `lease.slots`, taken from the store as needed, kept by the
 * stream while it runs and given back to the store once it has finished with them.
 */
class Slots {
  readonly #free: ArrayBuffer[] = []
  readonly #most: number
  readonly #bytes: number
  readonly #store: SlotStore
  #made = 0
  #finished = false
  #wake: (() => void) | undefined

  constructor(lease: WindowLease<WindowTask>) {
    this.#most = lease.slots
    this.#bytes = lease.slotBytes
    this.#store = lease.store
  }

  /** Whether a task may be submitted now: a slot is free (or results are transferred). */
  get free(): boolean {
    return this.#most === 0 || this.#free.length > 0 || this.#made < this.#most
  }

  /** A free slot, or undefined when results come back in buffers of their own (check `free` first). */
  take(): ArrayBuffer | undefined {
    if (this.#most === 0) return undefined
    const slot = this.#free.pop()
    if (slot !== undefined) return slot
    this.#made++
    return this.#store.take(this.#bytes)
  }

  /** Gives a slot back: to the stream while it runs, to the store once it has finished. */
  give(slot: ArrayBuffer): void {
    if (this.#finished) {
      this.#store.give(slot)
      return
    }
    this.#free.push(slot)
    this.#wake?.()
  }

  /** Resolves once a slot is given back (the sink wrote one), or the signal aborts. */
  async returned(signal: AbortSignal): Promise<void> {
    if (this.free || signal.aborted) return
    let wake = () => {}
    const returned = new Promise<void>((resolve) => (wake = resolve))
    this.#wake = wake
    signal.addEventListener('abort', wake, { once: true })
    try {
      await returned
    } finally {
      this.#wake = undefined
      signal.removeEventListener('abort', wake)
    }
  }

  /** A slot that did not come back (its batch outgrew it and was sent in a buffer of its own): another may be made. */
  lost(): void {
    this.#made--
  }

  /** The stream is done: its free slots go back to the store, and so will the rest as they come back. */
  finish(): void {
    this.#finished = true
    for (const slot of this.#free.splice(0)) this.#store.give(slot)
  }
}

interface Pending<T> {
  task: T
  result: Promise<Uint8Array>
}

/** The slot a result came back in: its buffer, when that is resizable (a buffer of its own is not). */
function slotOf(result: Uint8Array): ArrayBuffer | undefined {
  const { buffer } = result
  return buffer instanceof ArrayBuffer && buffer.resizable ? buffer : undefined
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
): Promise<void> {
  const slots = new Slots(lease)
  const stop = new Int32Array(new SharedArrayBuffer(4))
  const pending: Pending<T>[] = []
  /** A task taken from the source that waits for a slot. */
  let held: T | undefined
  let exhausted = false
  const submit = (task: T): void => {
    const slot = slots.take()
    if (slot !== undefined) task.slot = slot
    task.stop = stop
    const result = lease.run(task)
    result.catch(() => {}) // observed below, in order; never an unhandled rejection
    pending.push({ task, result })
  }
  /**
   * Fills the window with ready tasks; with `wait`, reads more input until it is full or the
   * input ends, and waits for a slot when none is free and nothing is in flight.
   */
  const fill = async (wait: boolean): Promise<void> => {
    while (pending.length < lease.window && !signal.aborted) {
      const task = held ?? source.take()
      held = undefined
      if (task === undefined) {
        if (!wait || exhausted) return
        exhausted = !(await source.more())
      } else if (slots.free) submit(task)
      else {
        held = task
        if (!wait || pending.length > 0) return
        await slots.returned(signal)
      }
    }
  }
  let next: Pending<T> | undefined
  try {
    await fill(true)
    for (next = pending.shift(); next !== undefined && !signal.aborted; next = pending.shift()) {
      const output = await next.result
      const slot = slotOf(output)
      const { task } = next
      next = undefined
      if (slot === undefined && task.slot !== undefined) slots.lost()
      if (signal.aborted) {
        if (slot !== undefined) slots.give(slot)
        return
      }
      const chunk = source.written(task, output)
      const done = slot === undefined ? undefined : () => slots.give(slot)
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
    // Batches not yet started are skipped; the others come back with their slots.
    Atomics.store(stop, 0, 1)
    slots.finish()
    for (const entry of next === undefined ? pending : [next, ...pending])
      entry.result.then(
        (output) => {
          const slot = slotOf(output)
          if (slot !== undefined) slots.give(slot)
        },
        () => {},
      )
  }
}
