// Starts the service from a Config (it reads no environment itself): connects Redis when
// configured, builds the key store, limits, pool, route table and HTTP app, and listens.
// `close()` shuts it down gracefully; the command line calls it on SIGTERM and SIGINT.
import cluster from 'node:cluster'
import type { AddressInfo, ListenOptions } from 'node:net'
import type { Redis } from 'ioredis'
import { pino, type Logger } from 'pino'
import { withListeningPort, type Config } from './config.ts'
import { ApiError } from './core/errors.ts'
import { accessLogger } from './http/access-log.ts'
import { HttpMetrics } from './http/metrics.ts'
import { serviceRoutes } from './http/routes.ts'
import { createApp, SERVER_TIMEOUTS, type App } from './http/server.ts'
import { CACHE_TTL_MS, KeyAuthenticator } from './keys/authenticator.ts'
import { FileKeyStore } from './keys/file-store.ts'
import { RedisKeyStore } from './keys/redis-store.ts'
import type { KeyStore } from './keys/store.ts'
import { RateLimits } from './limits/rate-limit.ts'
import { DEGRADED_MS, StoreHealth } from './limits/store-health.ts'
import { lazyMcpEndpoint } from './mcp/lazy.ts'
import { scrapeSource } from './metrics/cluster.ts'
import { Registry } from './metrics/registry.ts'
import { registerServiceMetrics } from './metrics/service.ts'
import { buildWebAssets } from './web/page.ts'
import { GenerationPool } from './pool/pool.ts'
import { connectRedis, waitForRedis } from './redis.ts'
import { VERSION } from './version.ts'

export interface Service {
  app: App
  pool: GenerationPool
  url: string
  /** The base of the service's links: PUBLIC_URL, else the address it listens on. */
  publicUrl: string
  redis: Redis | undefined
  keyStore: KeyStore
  /** Stops accepting, finishes in-flight responses (up to the shutdown timeout), closes Redis. */
  close(): Promise<void>
}

export interface StartOptions {
  logger?: Logger
  /** The pool's worker module (tests use a fault-injecting one); not configurable from the environment. */
  workerModule?: string
  /** Server timeouts (tests shorten them); defaults: SERVER_TIMEOUTS. */
  timeouts?: Partial<typeof SERVER_TIMEOUTS>
}

/**
 * How a server process listens. A process of a clustered server on Linux binds the port itself
 * with SO_REUSEPORT and the kernel shares the connections out among the processes. node:cluster's
 * own way, where the primary accepts every connection and passes it to a process, loses the
 * connections in passing when that process dies: the primary keeps them open, and their clients
 * wait for an answer that never comes. Elsewhere, and on a Node without the option (before
 * 22.12 and 23.1), the primary shares them out, as node:cluster does by default.
 */
export function listenOptions(
  config: Pick<Config, 'host' | 'port'>,
  clustered = cluster.isWorker,
  platform = process.platform,
  version = process.versions.node,
): ListenOptions {
  const own = clustered && platform === 'linux' && hasReusePort(version)
  return { host: config.host, port: config.port, ...(own ? { exclusive: true, reusePort: true } : {}) }
}

/** Whether this Node release listens with SO_REUSEPORT (`reusePort`: 22.12, 23.1 and later). */
function hasReusePort(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number)
  return major >= 24 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12)
}

/** The key store the configuration selects: Redis when REDIS_URL is set, else the key file. */
export function openKeyStore(config: Config, redis: Redis | undefined): KeyStore {
  return redis === undefined ? new FileKeyStore(config.keysFile) : new RedisKeyStore(redis)
}

// Asynchronous writes to stdout; access lines arrive in batches within 25 ms (access-log.ts), so
// a line is written at once, not when some buffer happens to fill.
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'ibanmint' } }, pino.destination({ sync: false }))
}

export async function startService(config: Config, options: StartOptions = {}): Promise<Service> {
  const logger = options.logger ?? createLogger(config.logLevel)
  const redis = config.redisUrl === undefined ? undefined : await connectRedis(config.redisUrl)
  if (redis !== undefined) {
    redis.on('error', (error: Error) => logger.warn({ err: error.message }, 'redis error'))
    // A Redis that is down at start does not stop the service: limits run on the memory
    // insurance, /readyz answers 503, and the client keeps reconnecting.
    await waitForRedis(redis).catch((error: Error) =>
      logger.warn({ err: error.message }, 'Redis is not reachable at start; serving on memory limits until it is'),
    )
  }
  const keyStore = openKeyStore(config, redis)
  // Limits then hold per instance, not across instances: worth a line, once per spell.
  const health = new StoreHealth(() =>
    logger.warn(`Redis failed or was slow; limits and keys decided in this instance for ${DEGRADED_MS} ms`),
  )
  // In a clustered server without Redis, limits are counted by the primary process.
  const clustered = cluster.isWorker && redis === undefined
  const limits = new RateLimits({
    redis,
    health,
    cluster: clustered,
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
  const pool = new GenerationPool({
    threads: config.poolThreads,
    maxQueue: config.poolMaxQueue,
    ...(options.workerModule === undefined ? {} : { filename: options.workerModule }),
  })
  // Metrics: the HTTP pipeline's, the pool's, the store's and the process's, in one registry.
  const registry = new Registry()
  const httpMetrics = new HttpMetrics(registry)
  const stopSampling = registerServiceMetrics(registry, { pool, redis, health, version: VERSION })
  const scrapes = scrapeSource(() => registry.snapshot())
  const mcpRows = httpMetrics.rowsOf('/mcp')
  const mcp = lazyMcpEndpoint({
    pool,
    countRows: (kind, rows) => (mcpRows[kind].value += rows),
    onInternalError: (error, tool) => logger.error({ err: error, tool }, 'mcp tool failed'),
    onProtocolError: (error) => logger.debug({ err: error.message }, 'mcp request rejected'),
  })
  const web = await buildWebAssets(undefined, (error) =>
    logger.warn({ err: String(error) }, 'the web page script could not be bundled; the page shows a notice'),
  )
  // The routes are made once the server listens: their links name the port it got (PORT=0).
  let site = config
  const routes = (port: number) => {
    site = withListeningPort(config, port)
    return serviceRoutes({
      publicUrl: site.publicUrl,
      ready,
      pool,
      poolInlineMax: config.poolInlineMax,
      bulkMaxCount: config.bulkMaxCount,
      validateMaxRows: config.validateMaxRows,
      mcp: { mcp, publicUrl: site.publicUrl, allowedOrigins: site.mcpAllowedOrigins },
      web,
      metrics: scrapes.gather,
    })
  }
  const app = createApp(
    routes,
    {
      keys: new KeyAuthenticator(keyStore, CACHE_TTL_MS, health),
      limits,
      defaultRateLimit: config.defaultRateLimit,
      ipRateLimits: { export: config.exportRateLimit, mcp: config.mcpRateLimit },
      authFailureLimit: config.authFailureLimit,
      authFailures: new RateLimits({ cluster: clustered }),
      trustProxy: config.trustProxy,
      access: accessLogger(logger),
      metrics: httpMetrics,
      logger,
    },
    { requestTimeout: config.requestTimeout, ...options.timeouts },
  )
  await new Promise<void>((resolve, reject) => {
    app.server.once('error', reject)
    app.server.listen(listenOptions(config), () => {
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
      stopSampling()
      scrapes.close()
      await pool.close()
      await keyStore.close()
      if (redis !== undefined) await redis.quit().catch(() => redis.disconnect())
      app.flushLogs()
      logger.flush()
    })()
    return closing
  }
  return { app, pool, url: `http://${host}:${address.port}`, publicUrl: site.publicUrl, redis, keyStore, close }
}
