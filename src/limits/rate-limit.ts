// Rate limits with rate-limiter-flexible: in memory by default, on Redis when configured (the
// limit then holds across instances). On Redis, each limiter has a memory insurance limiter
// and the client fails fast, so an outage degrades to per-instance limits instead of stalling
// or erroring. Only this module knows that the library rejects with a result object when a
// subject is over its limit and with an Error when the store fails.
import type { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
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
}

export class RateLimits {
  readonly #redis: Redis | undefined
  readonly #prefix: string
  readonly #limiters = new Map<string, RateLimiterAbstract>()
  /** The memory insurance of each Redis limiter, used directly while the store is degraded. */
  readonly #insurance = new Map<string, RateLimiterAbstract>()
  readonly #onStoreError: (error: unknown) => void
  readonly #health: StoreHealth

  constructor(options: RateLimitsOptions = {}) {
    this.#redis = options.redis
    this.#prefix = options.prefix ?? 'ibanmint:rl'
    this.#onStoreError = options.onStoreError ?? (() => {})
    this.#health = options.health ?? new StoreHealth()
  }

  get backend(): 'redis' | 'memory' {
    return this.#redis === undefined ? 'memory' : 'redis'
  }

  // One limiter per bucket and limit: the limit is part of the key prefix, so a key whose
  // limit changes starts a fresh window instead of inheriting counts kept for another limit.
  #limiter(bucket: string, perMinute: number): RateLimiterAbstract {
    const name = `${bucket}:${perMinute}`
    let limiter = this.#limiters.get(name)
    if (limiter === undefined) {
      const options = { keyPrefix: `${this.#prefix}:${name}`, points: perMinute, duration: WINDOW_SECONDS }
      if (this.#redis === undefined) limiter = new RateLimiterMemory(options)
      else {
        const insurance = new RateLimiterMemory(options)
        this.#insurance.set(name, insurance)
        limiter = new RateLimiterRedis({
          ...options,
          storeClient: this.#redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: insurance,
        })
      }
      this.#limiters.set(name, limiter)
    }
    return limiter
  }

  /** Counts one request of `subject` in `bucket` against `perMinute`. Never throws. */
  async consume(bucket: string, subject: string, perMinute: number): Promise<LimitResult> {
    try {
      let limiter = this.#limiter(bucket, perMinute)
      if (this.#redis !== undefined && this.#health.degraded())
        limiter = this.#insurance.get(`${bucket}:${perMinute}`) ?? limiter
      const started = performance.now()
      const result = await limiter.consume(subject)
      // The library answers from its insurance without telling; a slow answer means Redis failed.
      if (this.#redis !== undefined && performance.now() - started >= REDIS_COMMAND_TIMEOUT_MS)
        this.#health.markFailed()
      return toResult(true, perMinute, result)
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return toResult(false, perMinute, rejection)
      // Without insurance this would be a store failure; a store failure is never a 429.
      this.#health.markFailed()
      this.#onStoreError(rejection)
      return { allowed: true, limit: perMinute, remaining: perMinute, reset: WINDOW_SECONDS }
    }
  }

  /** Whether `subject` has used up `perMinute` in `bucket`, without counting a request. Never throws. */
  async peek(bucket: string, subject: string, perMinute: number): Promise<Peek> {
    try {
      const result = await this.#limiter(bucket, perMinute).get(subject)
      if (result === null) return { over: false, reset: WINDOW_SECONDS }
      return { over: result.consumedPoints >= perMinute, reset: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) }
    } catch (error) {
      this.#onStoreError(error)
      return { over: false, reset: WINDOW_SECONDS }
    }
  }
}

export interface Peek {
  /** Over the limit already: the next request would be refused. */
  over: boolean
  /** Seconds until the window resets. */
  reset: number
}

function toResult(allowed: boolean, limit: number, result: RateLimiterRes): LimitResult {
  return {
    allowed,
    limit,
    remaining: Math.max(0, result.remainingPoints),
    reset: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
  }
}
