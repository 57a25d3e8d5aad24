// A memo with a size bound: a Map that starts over when full. Its users cache values that are
// a function of their key (a validated query string, a limit's header texts, a bank's record),
// where a client may send unboundedly many distinct keys; starting over costs a few rebuilt
// entries, and unlike eviction by age or use it costs nothing per hit.
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>()
  readonly #capacity: number

  constructor(capacity: number) {
    this.#capacity = capacity
  }

  get(key: K): V | undefined {
    return this.#entries.get(key)
  }

  /** Keeps `value` under `key` (forgetting every entry first when full) and returns it. */
  set(key: K, value: V): V {
    if (this.#entries.size >= this.#capacity) this.#entries.clear()
    this.#entries.set(key, value)
    return value
  }

  delete(key: K): void {
    this.#entries.delete(key)
  }

  get size(): number {
    return this.#entries.size
  }
}
