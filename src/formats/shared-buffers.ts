// Shared memory kept for reuse: the buffers a validation stream hands to worker threads (its input
// batches) go back here when the stream is done with them, and the next stream takes them again,
// so that a busy server allocates none per stream. What is kept is bounded in count and in bytes,
// and let go by clear(): a buffer that a worker thread has seen is freed only once every thread's
// collector has let go of it (results come back in slots instead, which do not wait: slots.ts).

export class SharedBuffers {
  readonly #free = new Map<number, SharedArrayBuffer[]>()
  readonly #keep: number
  #limit: number
  #bytes = 0

  /**
   * `keep`: the most buffers of one size kept; `limit`: the most bytes kept in all (buffers given
   * back beyond either are left to the collector).
   */
  constructor(keep = 16, limit = Infinity) {
    this.#keep = keep
    this.#limit = limit
  }

  /** A buffer of `size` bytes: a kept one, else a new one (its contents are not cleared). */
  take(size: number): SharedArrayBuffer {
    const kept = this.#free.get(size)?.pop()
    if (kept === undefined) return new SharedArrayBuffer(size)
    this.#bytes -= size
    return kept
  }

  /** Gives back a buffer that nothing uses any more. */
  give(buffer: SharedArrayBuffer): void {
    if (this.#bytes + buffer.byteLength > this.#limit) return
    let free = this.#free.get(buffer.byteLength)
    if (free === undefined) this.#free.set(buffer.byteLength, (free = []))
    if (free.length >= this.#keep) return
    free.push(buffer)
    this.#bytes += buffer.byteLength
  }

  /** Keeps at most `limit` bytes from now on, letting go of kept buffers beyond it (the largest first). */
  limitTo(limit: number): void {
    this.#limit = Math.max(0, limit)
    if (this.#bytes <= this.#limit) return
    for (const size of [...this.#free.keys()].sort((a, b) => b - a)) {
      const free = this.#free.get(size) as SharedArrayBuffer[]
      while (free.length > 0 && this.#bytes > this.#limit) {
        free.pop()
        this.#bytes -= size
      }
      if (free.length === 0) this.#free.delete(size)
    }
  }

  /** Lets go of every kept buffer. */
  clear(): void {
    this.#free.clear()
    this.#bytes = 0
  }

  /** Buffers kept, of every size. */
  get kept(): number {
    let count = 0
    for (const free of this.#free.values()) count += free.length
    return count
  }
}
