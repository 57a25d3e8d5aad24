// Result slots: the buffers a stream's batches come back in. A slot is a resizable ArrayBuffer,
// transferred to the worker thread with its batch and back with the result, never copied and
// never shared: no other thread keeps a handle on it, so its memory goes back to the system the
// moment it is resized to nothing (V8 decommits the pages), with no collector and no C allocator
// in between. Slots kept between streams are let go that way once no stream needs them.
// (Shared buffers, the design before, came from the C allocator, whose heap does not shrink, and
// stayed resident until every thread's collector had let go of them: eight downloads at a time
// left a server 150 MB above its idle size, a hundred 1.2 GB.)

/** The most a slot may grow to: address space reserved, not memory (a 10,000-row batch is under 10 MB). */
export const SLOT_MAX_BYTES = 16 << 20

export class SlotStore {
  readonly #free: ArrayBuffer[] = []
  #bytes = 0
  #limit = Infinity
  #made = 0

  /**
   * A slot of `bytes` bytes, SLOT_MAX_BYTES at most (a batch larger than its slot comes back in a
   * buffer of its own): a kept one resized (its pages are committed as they are written), else a
   * new one.
   */
  take(bytes: number): ArrayBuffer {
    const size = Math.min(bytes, SLOT_MAX_BYTES)
    const slot = this.#free.pop()
    if (slot === undefined) {
      this.#made++
      return new ArrayBuffer(size, { maxByteLength: SLOT_MAX_BYTES })
    }
    this.#bytes -= slot.byteLength
    if (slot.byteLength !== size) slot.resize(size)
    return slot
  }

  /** Gives back a slot that nothing uses any more: kept, or emptied at once when the limit is reached. */
  give(slot: ArrayBuffer): void {
    // A detached buffer (sent away) has no maxByteLength left; Node 20 has no `detached`.
    if (!slot.resizable || slot.maxByteLength === 0) return
    if (this.#bytes + slot.byteLength > this.#limit) {
      slot.resize(0)
      return
    }
    this.#free.push(slot)
    this.#bytes += slot.byteLength
  }

  /** Keeps at most `limit` bytes from now on: the slots beyond it are emptied. */
  limitTo(limit: number): void {
    this.#limit = Math.max(0, limit)
    while (this.#bytes > this.#limit) {
      const slot = this.#free.pop() as ArrayBuffer
      this.#bytes -= slot.byteLength
      slot.resize(0)
    }
  }

  /** Empties and lets go of every kept slot: their memory is returned now. */
  release(): void {
    for (const slot of this.#free.splice(0)) slot.resize(0)
    this.#bytes = 0
  }

  /** Slots made since start: a store that keeps making them is not reusing them. */
  get made(): number {
    return this.#made
  }

  /** Slots kept. */
  get kept(): number {
    return this.#free.length
  }

  /** Bytes of the slots kept. */
  get keptBytes(): number {
    return this.#bytes
  }
}
