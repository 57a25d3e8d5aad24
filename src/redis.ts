// The Redis client, set to fail fast: no offline queue and a short command timeout, so that
// an outage makes commands fail at once (the limiter's insurance and the key cache take over)
// instead of queueing requests behind a dead connection. ioredis is loaded only when a Redis
// is configured: a server on its embedded defaults runs without it (about 20 MB less memory).
import type { Redis } from 'ioredis'

export const REDIS_COMMAND_TIMEOUT_MS = 250

export async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis')
  return new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // Reconnect quickly and keep trying: 50 ms, 100 ms, … up to 1 s between attempts.
    retryStrategy: (attempt) => Math.min(attempt * 50, 1_000),
  })
}

/** Resolves once the client is ready, or rejects after `timeoutMs`. */
export async function waitForRedis(redis: Redis, timeoutMs = 5_000): Promise<void> {
  if (redis.status === 'ready') return
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady)
      reject(new Error(`Redis did not become ready within ${timeoutMs} ms`))
    }, timeoutMs)
    const onReady = () => {
      clearTimeout(timer)
      resolve()
    }
    redis.once('ready', onReady)
  })
}
