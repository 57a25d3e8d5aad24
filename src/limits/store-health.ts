// Whether the shared store (Redis) failed a moment ago. After a failure — an error or a command
// timeout — the limiter and the key cache stop asking the store for DEGRADED_MS and decide
// locally (memory insurance, cached keys); then the next request probes the store again. So a
// hung Redis costs one command timeout per second, not one per request.
export const DEGRADED_MS = 1_000

export class StoreHealth {
  #failedAt = -Infinity
  /** Failures since start (metrics). */
  failures = 0
  readonly #onDegraded: (cause: unknown) => void

  /**
   * `onDegraded` runs when a failure ends a healthy spell (not on every failure while degraded),
   * with the failure's cause when one was given.
   */
  constructor(onDegraded: (cause: unknown) => void = () => {}) {
    this.#onDegraded = onDegraded
  }

  markFailed(now = performance.now(), cause?: unknown): void {
    const healthy = !this.degraded(now)
    this.failures++
    this.#failedAt = now
    if (healthy) this.#onDegraded(cause)
  }

  /** True while the last failure is recent: skip the store. */
  degraded(now = performance.now()): boolean {
    return now - this.#failedAt < DEGRADED_MS
  }
}
