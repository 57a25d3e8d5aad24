// The service's own gauges and counters besides the HTTP ones: the worker pool, the shared
// store's health (Redis) and the process. They are read from the parts main.ts assembled, when
// scraped; none of them is counted per request.
import type { Redis } from 'ioredis'
import type { StoreHealth } from '../limits/store-health.ts'
import type { WorkPool } from '../pool/pool.ts'
import { registerProcessMetrics } from './process.ts'
import type { Registry } from './registry.ts'

export interface ServiceParts {
  pool: WorkPool
  /** The Redis client when REDIS_URL is set. */
  redis: Redis | undefined
  health: StoreHealth
  version: string
}

/** Registers the pool, store and process metrics; returns what stops their sampling. */
export function registerServiceMetrics(registry: Registry, parts: ServiceParts): () => void {
  const { pool, redis, health } = parts
  registry.collected(
    'gauge',
    'ibanmint_processes',
    'Server processes whose metrics this answer adds up (1, or N under serve --workers N).',
    () => 1,
  )
  registry.collected('gauge', 'ibanmint_pool_threads', 'Worker threads of the generation pool.', () => pool.threads)
  registry.collected(
    'gauge',
    'ibanmint_pool_busy_threads',
    'Worker threads running a batch now; divided by ibanmint_pool_threads, the pool’s utilisation.',
    () => pool.busyThreads,
  )
  registry.collected('gauge', 'ibanmint_pool_queue_length', 'Batches waiting for a worker thread.', () => pool.queued)
  registry.collected(
    'gauge',
    'ibanmint_pool_queue_limit',
    'Batches that may wait for a thread (POOL_MAX_QUEUE); with the threads, the pool’s places.',
    () => pool.maxQueue,
  )
  registry.collected(
    'gauge',
    'ibanmint_pool_places',
    'Places of the pool for batches running or waiting (threads + POOL_MAX_QUEUE).',
    () => pool.places,
  )
  registry.collected(
    'gauge',
    'ibanmint_pool_places_taken',
    'Places held now by open streams (a window each, until they end) and single batches; at ibanmint_pool_places new work gets 503.',
    () => pool.placesTaken,
  )
  registry.collected(
    'counter',
    'ibanmint_pool_batches_total',
    'Batches the pool finished (generation and validation).',
    () => pool.completed,
  )
  registry.collected(
    'counter',
    'ibanmint_pool_busy_seconds_total',
    'Time worker threads spent running batches; its rate over ibanmint_pool_threads is the utilisation.',
    () => pool.busySeconds,
  )
  registry.collected(
    'counter',
    'ibanmint_pool_refusals_total',
    'Streams and single batches refused because every place of the pool was taken (the request got 503).',
    () => pool.refused,
  )
  registry.collected(
    'gauge',
    'ibanmint_store_degraded',
    '1 while limits and keys are decided in this process after a failure of the shared store (Redis), else 0.',
    () => (health.degraded() ? 1 : 0),
    { merge: 'max' },
  )
  registry.collected(
    'counter',
    'ibanmint_store_failures_total',
    'Failures or slow answers of the shared store (Redis) met by limits and keys.',
    () => health.failures,
  )
  if (redis !== undefined) {
    // One PING per scrape: the first family sends it, the second reads its answer.
    let answered: Promise<number | undefined> = Promise.resolve(undefined)
    registry.collected(
      'gauge',
      'ibanmint_redis_up',
      '1 when Redis answered a PING during this scrape, else 0.',
      async () => ((await (answered = ping(redis))) === undefined ? 0 : 1),
      { merge: 'min' },
    )
    registry.collected(
      'gauge',
      'ibanmint_redis_ping_seconds',
      'How long Redis took to answer a PING during this scrape (absent when it did not).',
      async () => {
        const seconds = await answered
        if (seconds === undefined) throw new Error('no answer')
        return seconds
      },
      { merge: 'max' },
    )
  }
  return registerProcessMetrics(registry, parts.version)
}

/** Seconds a PING took, or undefined when Redis did not answer (the client's command timeout). */
async function ping(redis: Redis): Promise<number | undefined> {
  const started = performance.now()
  try {
    await redis.ping()
    return (performance.now() - started) / 1000
  } catch {
    return undefined
  }
}
