// Starts the service: reads nothing by itself; connects Redis when configured, builds the
// key store, limiter and HTTP app, listens, and shuts down gracefully on SIGTERM/SIGINT.
import type { AddressInfo } from 'node:net'
import type { Redis } from 'ioredis'
import { pino, type Logger } from 'pino'
import type { Config } from './config.ts'
import { ApiError } from './core/errors.ts'
import { createApp, type App } from './http/server.ts'
import { KeyAuthenticator } from './keys/authenticator.ts'
import { FileKeyStore } from './keys/file-store.ts'
import { RedisKeyStore } from './keys/redis-store.ts'
import type { KeyStore } from './keys/store.ts'
import { RateLimits } from './limits/rate-limit.ts'
import { createMcpEndpoint } from './mcp/server.ts'
import { GenerationPool } from './pool/pool.ts'
import { connectRedis, waitForRedis } from './redis.ts'

export interface Service {
  app: App
  pool: GenerationPool
  url: string
  redis: Redis | undefined
  keyStore: KeyStore
  /** Stops accepting, finishes in-flight responses (up to the shutdown timeout), closes Redis. */
  close(): Promise<void>
}

export interface StartOptions {
  logger?: Logger
}

/** The key store the configuration selects: Redis when REDIS_URL is set, else the key file. */
export function openKeyStore(config: Config, redis: Redis | undefined): KeyStore {
  return redis === undefined ? new FileKeyStore(config.keysFile) : new RedisKeyStore(redis)
}

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'ibanmint' } }, pino.destination({ sync: false, minLength: 4096 }))
}

export async function startService(config: Config, options: StartOptions = {}): Promise<Service> {
  const logger = options.logger ?? createLogger(config.logLevel)
  const redis = config.redisUrl === undefined ? undefined : connectRedis(config.redisUrl)
  if (redis !== undefined) {
    redis.on('error', (error: Error) => logger.warn({ err: error.message }, 'redis error'))
    await waitForRedis(redis)
  }
  const keyStore = openKeyStore(config, redis)
  const limits = new RateLimits({
    redis,
    onStoreError: (error) => logger.warn({ err: String(error) }, 'rate limit store failed; memory insurance used'),
  })
  const ready = async () => {
    if (redis === undefined) return
    try {
      await redis.ping()
    } catch (error) {
      throw new ApiError('service_unavailable', 'Redis is not reachable', { retryAfter: 1, cause: error })
    }
  }
  const pool = new GenerationPool({ threads: config.poolThreads, maxQueue: config.poolMaxQueue })
  const mcp = createMcpEndpoint({
    pool,
    onInternalError: (error, tool) => logger.error({ err: error, tool }, 'mcp tool failed'),
    onProtocolError: (error) => logger.debug({ err: error.message }, 'mcp request rejected'),
  })
  const app = createApp({
    publicUrl: config.publicUrl,
    keys: new KeyAuthenticator(keyStore),
    limits,
    pool,
    defaultRateLimit: config.defaultRateLimit,
    ipRateLimits: { export: config.exportRateLimit, mcp: config.mcpRateLimit },
    trustProxy: config.trustProxy,
    poolInlineMax: config.poolInlineMax,
    bulkMaxCount: config.bulkMaxCount,
    mcp,
    mcpAllowedOrigins: config.mcpAllowedOrigins,
    logger,
    ready,
  })
  await new Promise<void>((resolve, reject) => {
    app.server.once('error', reject)
    app.server.listen(config.port, config.host, () => {
      app.server.off('error', reject)
      resolve()
    })
  })
  const address = app.server.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= (async () => {
      const done = new Promise<void>((resolve) => app.server.close(() => resolve()))
      app.server.closeIdleConnections()
      const timer = setTimeout(() => app.server.closeAllConnections(), config.shutdownTimeout)
      await done
      clearTimeout(timer)
      await mcp.close()
      await pool.close()
      await keyStore.close()
      if (redis !== undefined) await redis.quit().catch(() => redis.disconnect())
      logger.flush()
    })()
    return closing
  }
  return { app, pool, url: `http://${host}:${address.port}`, redis, keyStore, close }
}
