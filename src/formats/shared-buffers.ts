// Shared memory kept for reuse: the buffers a validation stream hands to worker threads (its
// input batches, its rows' slots) go back here when the stream is done with them, and the next
// stream takes them again. A buffer that a worker thread has seen is freed only once both
// threads' collectors let it go, which in a long-lived server can be many streams later: kept
// here, a server's shared memory stays that of the streams running at once.

export class SharedBuffers {
  readonly #free = new Map<number, SharedArrayBuffer[]>()
  readonly #keep: number

  /** `keep`: the most buffers of one size kept (more are left to the collector). */
  constructor(keep = 16) {
    this.#keep = keep
  }

  /** A buffer of `size` bytes: a kept one, else a new one (its contents are not cleared). */
  take(size: number): SharedArrayBuffer {
    return this.#free.get(size)?.pop() ?? new SharedArrayBuffer(size)
  }

  /** Gives back a buffer that nothing uses any more. */
  give(buffer: SharedArrayBuffer): void {
    let free = this.#free.get(buffer.byteLength)
    if (free === undefined) this.#free.set(buffer.byteLength, (free = []))
    if (free.length < this.#keep) free.push(buffer)
  }

  /** Buffers kept, of every size. */
  get kept(): number {
    let count = 0
    for (const free of this.#free.values()) count += free.length
    return count
  }
}
