// Streams open at once per API key (STREAMS_PER_KEY): a request rate limit counts a stream once
// however long it runs, so a key limited to one request a minute could still keep the pool busy
// with streams of ten million rows. Each key may have this many streams (downloads, streamed
// validations) open at once, in this process; one more is a 429 that names the limit, before
// anything is sent.
import { ApiError } from '../core/errors.ts'

/**
 * Streams one key may have open at once by default: room for a client's parallel jobs, while the
 * default pool on two cores (two threads, a queue of 256) holds about 64 streams at once: no key
 * takes more than an eighth of it.
 */
export const DEFAULT_STREAMS_PER_KEY = 8

/** Seconds a refused client is told to wait: streams last seconds to minutes. */
const RETRY_AFTER = 2

export class StreamLimits {
  readonly perKey: number
  readonly #open = new Map<string, number>()

  constructor(perKey = DEFAULT_STREAMS_PER_KEY) {
    this.perKey = perKey
  }

  /** Streams `key` has open. */
  openFor(key: string): number {
    return this.#open.get(key) ?? 0
  }

  /**
   * Counts a stream of `key` as open until the returned release runs (once; later calls do
   * nothing); throws 429 `rate_limited` when the key already has `perKey` open.
   */
  open(key: string): () => void {
    const open = this.openFor(key)
    if (open >= this.perKey) {
      throw new ApiError(
        'rate_limited',
        `this key already has ${open} stream${open === 1 ? '' : 's'} open, the most it may have at once (STREAMS_PER_KEY ${this.perKey}); retry when one has ended`,
        { retryAfter: RETRY_AFTER },
      )
    }
    this.#open.set(key, open + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const left = this.openFor(key) - 1
      if (left > 0) this.#open.set(key, left)
      else this.#open.delete(key)
    }
  }
}
