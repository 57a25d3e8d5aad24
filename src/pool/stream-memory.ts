// The memory streams hold outside the JavaScript heap, counted against one budget per process
// (STREAM_MEMORY_MB): the slots their batches' results come back in, their input batches, a
// compressor's state. A stream is admitted with its share reserved, or refused before anything
// of it is sent (503); what was admitted never passes the budget. Slots and input batches come
// from stores that hand them from stream to stream, and that let them all go once no stream has
// been open for a moment, so that resident memory falls back to its idle level.
import { UnavailableError } from '../core/errors.ts'
import { SharedBuffers } from '../formats/shared-buffers.ts'
import { SlotStore } from './slots.ts'

/** The streams under way hold the budget: a new one is refused at once (retry after a second). */
export class MemoryBudgetError extends UnavailableError {
  constructor(message: string) {
    super(message, 1)
    this.name = 'MemoryBudgetError'
  }
}

const MB = 1 << 20
const megabytes = (bytes: number) => (bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)

/** What a refusal says: the budget, its variable, what holds it and what the stream needed. */
export function memoryBudgetMessage(budget: number, reserved: number, streams: number, need: number): string {
  const holders = streams === 1 ? '1 stream under way holds' : `${streams} streams under way hold`
  return `the memory for streams is taken: ${holders} ${megabytes(reserved)} MB of the ${megabytes(budget)} MB budget (STREAM_MEMORY_MB), and this one needs ${megabytes(need)} MB; retry shortly`
}

/** A stream's share of the budget, held until it is closed. */
export interface MemoryReservation {
  /** Bytes granted: between the least and the most asked for. */
  readonly bytes: number
  /** Gives the bytes back (once; later calls do nothing). */
  close(): void
}

export interface StreamMemoryOptions {
  /** Bytes all streams may hold at once (default: no bound). */
  budget?: number
  /** Milliseconds without an open stream after which the kept slots and buffers are let go (default 2,000). */
  idleMs?: number
}

/** Input batches kept between streams; each one given back while no stream is open restarts the idle wait. */
class KeptBuffers extends SharedBuffers {
  readonly #given: () => void

  constructor(given: () => void) {
    super(Infinity)
    this.#given = given
  }

  override give(buffer: SharedArrayBuffer): void {
    super.give(buffer)
    this.#given()
  }
}

/** Slots kept between streams; likewise. */
class KeptSlots extends SlotStore {
  readonly #given: () => void

  constructor(given: () => void) {
    super()
    this.#given = given
  }

  override give(slot: ArrayBuffer): void {
    super.give(slot)
    this.#given()
  }
}

export class StreamMemory {
  readonly budget: number
  /** Result slots kept between streams: with the buffers, never more than the budget leaves unreserved. */
  readonly slots: SlotStore
  /** Shared input batches (validation) kept between streams. */
  readonly buffers: SharedBuffers
  readonly #idleMs: number
  #reserved = 0
  #open = 0
  #refused = 0
  #idle: NodeJS.Timeout | undefined

  constructor(options: StreamMemoryOptions = {}) {
    this.budget = options.budget ?? Infinity
    this.#idleMs = options.idleMs ?? 2_000
    this.slots = new KeptSlots(() => this.#waitIdle())
    this.buffers = new KeptBuffers(() => this.#waitIdle())
    this.#limitKept()
  }

  /** Bytes reserved by the streams under way. */
  get reserved(): number {
    return this.#reserved
  }

  /** Streams holding a reservation. */
  get open(): number {
    return this.#open
  }

  /** Streams refused because the budget was taken. */
  get refused(): number {
    return this.#refused
  }

  /**
   * Reserves `most` bytes while the budget stays at least half free with them, else `least`;
   * throws MemoryBudgetError when less than `least` is left. (A stream that took all that is
   * left would starve the next ones: the second half is shared out at the least each needs.)
   */
  reserve(least: number, most: number = least): MemoryReservation {
    const left = this.budget - this.#reserved
    if (least > left) {
      this.#refused++
      throw new MemoryBudgetError(memoryBudgetMessage(this.budget, this.#reserved, this.#open, least))
    }
    const bytes = most > least && this.#reserved + most <= this.budget / 2 ? most : least
    this.#reserved += bytes
    this.#open++
    clearTimeout(this.#idle)
    this.#idle = undefined
    this.#limitKept()
    let closed = false
    return {
      bytes,
      close: () => {
        if (closed) return
        closed = true
        this.#reserved -= bytes
        this.#open--
        this.#limitKept()
        this.#waitIdle()
      },
    }
  }

  /** Kept slots and buffers, with what is reserved, stay within the budget. */
  #limitKept(): void {
    const left = this.budget - this.#reserved
    this.slots.limitTo(left)
    this.buffers.limitTo(left - this.slots.keptBytes)
  }

  /** With no stream open, lets the kept slots and buffers go once none has been given back for a moment. */
  #waitIdle(): void {
    if (this.#open > 0) return
    clearTimeout(this.#idle)
    this.#idle = setTimeout(() => {
      this.#idle = undefined
      if (this.#open === 0) this.release()
    }, this.#idleMs)
    this.#idle.unref()
  }

  /**
   * Lets the kept slots and buffers go now: the slots' memory is returned at once, the shared
   * input batches' once every thread's collector has let go of them.
   */
  release(): void {
    clearTimeout(this.#idle)
    this.slots.release()
    this.buffers.clear()
  }
}
