// Rate limits with rate-limiter-flexible: in memory by default, on Redis when configured (the
// limit then holds across instances). On Redis, each limiter has a memory insurance limiter
// and the client fails fast, so an outage degrades to per-instance limits instead of stalling
// or erroring. Only this module knows that the library rejects with a result object when a
// subject is over its limit and with an Error when the store fails.
import type { Redis } from 'ioredis'
import {
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import { BoundedCache } from '../bounded-cache.ts'
import { REDIS_COMMAND_TIMEOUT_MS } from '../redis.ts'
import { StoreHealth } from './store-health.ts'

/** Outcome of one request against its limit (window: one minute). */
export interface LimitResult {
  allowed: boolean
  limit: number
  remaining: number
  /** Seconds until the window resets. */
  reset: number
}

const WINDOW_SECONDS = 60

export interface RateLimitsOptions {
  redis?: Redis | undefined
  prefix?: string
  /** Called when the store fails and the insurance limiter decides. */
  onStoreError?: (error: unknown) => void
  /** Shared with the key cache: after a store failure, limits are decided in memory for a moment. */
  health?: StoreHealth
  /**
   * In a process of a clustered server without Redis: the counters live in the primary process
   * (rate-limiter-flexible's cluster limiter over IPC), so a limit holds across the processes.
   */
  cluster?: boolean
}

export class RateLimits {
  readonly #redis: Redis | undefined
  readonly #cluster: boolean
  readonly #prefix: string
  /** Limiters by bucket, then limit (the per-request lookup builds no string). */
  readonly #limiters = new Map<string, Map<number, RateLimiterAbstract>>()
  /** The memory insurance of each Redis limiter, used directly while the store is degraded. */
  readonly #insurance = new Map<string, RateLimiterAbstract>()
  readonly #onStoreError: (error: unknown) => void
  readonly #health: StoreHealth
  /** Subjects that used up a failure budget, until their window resets (countFailure). */
  readonly #blocked = new BoundedCache<string, number>(100_000)

  constructor(options: RateLimitsOptions = {}) {
    this.#redis = options.redis
    this.#cluster = options.cluster ?? false
    this.#prefix = options.prefix ?? 'ibanmint:rl'
    this.#onStoreError = options.onStoreError ?? (() => {})
    this.#health = options.health ?? new StoreHealth()
  }

  // One limiter per bucket and limit: the limit is part of the key prefix, so a key whose
  // limit changes starts a fresh window instead of inheriting counts kept for another limit.
  #limiter(bucket: string, perMinute: number): RateLimiterAbstract {
    let byLimit = this.#limiters.get(bucket)
    if (byLimit === undefined) this.#limiters.set(bucket, (byLimit = new Map<number, RateLimiterAbstract>()))
    let limiter = byLimit.get(perMinute)
    if (limiter === undefined) {
      const name = `${bucket}:${perMinute}`
      const options = { keyPrefix: `${this.#prefix}:${name}`, points: perMinute, duration: WINDOW_SECONDS }
      if (this.#redis === undefined) {
        limiter = this.#cluster
          ? new RateLimiterCluster({ ...options, timeoutMs: 3_000 })
          : new RateLimiterMemory(options)
      } else {
        const insurance = new RateLimiterMemory(options)
        this.#insurance.set(name, insurance)
        limiter = new RateLimiterRedis({
          ...options,
          storeClient: this.#redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: insurance,
        })
      }
      byLimit.set(perMinute, limiter)
    }
    return limiter
  }

  /** Counts one request of `subject` in `bucket` against `perMinute`. Never rejects. */
  consume(bucket: string, subject: string, perMinute: number): Promise<LimitResult> {
    return this.count(bucket, subject, perMinute, (result) => result)
  }

  /**
   * `consume`, with `next` applied to the result in the same continuation: one promise, the
   * library's, and one `then` on it, as this is on every keyed request's path. The promise
   * rejects only when `next` throws.
   */
  count<T>(bucket: string, subject: string, perMinute: number, next: (result: LimitResult) => T): Promise<T> {
    const redis = this.#redis !== undefined
    const started = redis ? performance.now() : 0
    let counted: Promise<RateLimiterRes>
    try {
      let limiter = this.#limiter(bucket, perMinute)
      if (redis && this.#health.degraded()) limiter = this.#insurance.get(`${bucket}:${perMinute}`) ?? limiter
      counted = limiter.consume(subject)
    } catch (error) {
      counted = Promise.reject(error instanceof Error ? error : new Error(String(error)))
    }
    return counted.then(
      (result) => {
        // The library answers from its insurance without telling; a slow answer means Redis failed.
        if (redis && performance.now() - started >= REDIS_COMMAND_TIMEOUT_MS) this.#health.markFailed()
        return next(toResult(true, perMinute, result))
      },
      (rejection: unknown) => {
        if (rejection instanceof RateLimiterRes) return next(toResult(false, perMinute, rejection))
        // Without insurance this would be a store failure; a store failure is never a 429.
        this.#health.markFailed()
        this.#onStoreError(rejection)
        return next({ allowed: true, limit: perMinute, remaining: perMinute, reset: WINDOW_SECONDS })
      },
    )
  }

  /**
   * Counts a failure of `subject` (e.g. a 401) against `perMinute` and remembers, in this
   * instance, a subject that used them all up, so that `blockedFor` can refuse its next
   * requests without a store round trip.
   */
  async countFailure(bucket: string, subject: string, perMinute: number): Promise<void> {
    const result = await this.consume(bucket, subject, perMinute)
    if (!result.allowed || result.remaining === 0) {
      this.#blocked.set(`${bucket}:${subject}`, Date.now() + result.reset * 1000)
    }
  }

  /** Seconds until `subject` may try again in `bucket`, or 0 when it is not blocked. Synchronous. */
  blockedFor(bucket: string, subject: string): number {
    if (this.#blocked.size === 0) return 0
    const key = `${bucket}:${subject}`
    const until = this.#blocked.get(key)
    if (until === undefined) return 0
    const left = until - Date.now()
    if (left > 0) return Math.ceil(left / 1000)
    this.#blocked.delete(key)
    return 0
  }
}

function toResult(allowed: boolean, limit: number, result: RateLimiterRes): LimitResult {
  return {
    allowed,
    limit,
    remaining: Math.max(0, result.remainingPoints),
    reset: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
  }
}
