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
import { KeyFileError } from './keys/file-store.ts'
import { openKeyStore } from './keys/open-store.ts'
import type { KeyStore } from './keys/store.ts'
import { RateLimits } from './limits/rate-limit.ts'
import { DEGRADED_MS, StoreHealth } from './limits/store-health.ts'
import { lazyMcpEndpoint } from './mcp/lazy.ts'
import { scrapeSource } from './metrics/cluster.ts'
import { Registry } from './metrics/registry.ts'
import { registerServiceMetrics } from './metrics/service.ts'
import { buildWebAssets } from './http/page.ts'
import { runningPoolLimits } from './pool/inline.ts'
import { WorkPool } from './pool/pool.ts'
import { connectRedis, waitForRedis } from './redis.ts'
import { VERSION } from './version.ts'

export interface Service {
  app: App
  pool: WorkPool
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
 * How a server process listens: a process of a clustered server with `reuseport` port sharing
 * binds the port itself (see PortSharing in config.ts); any other, like a single server, asks
 * for the port as usual (in a clustered process node:cluster's primary then answers with its
 * shared listening socket).
 */
export function listenOptions(
  config: Pick<Config, 'host' | 'port' | 'portSharing'>,
  clustered = cluster.isWorker,
): ListenOptions {
  const own = clustered && config.portSharing === 'reuseport'
  return { host: config.host, port: config.port, ...(own ? { exclusive: true, reusePort: true } : {}) }
}

// Asynchronous writes to stdout; access lines arrive in batches within 25 ms (access-log.ts), so
// a line is written at once, not when some buffer happens to fill.
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'ibanmint' } }, pino.destination({ sync: false }))
}

/** The stores: Redis (when configured), the key store, the limits, and whether they are ready. */
interface Stores {
  redis: Redis | undefined
  keyStore: KeyStore
  /** Health of the shared store (Redis), and of the keys' store (Redis, or the key file). */
  keyHealth: StoreHealth
  limits: RateLimits
  /** A process of a clustered server without Redis: the primary counts the limits. */
  clustered: boolean
  /** Resolves when the key store can be read (and with Redis, when it answers): /readyz. */
  ready: () => Promise<void>
  health: StoreHealth
}

/**
 * Connects Redis when configured and opens the key store and the limits. Neither a Redis that is
 * down nor an unreadable key file stops the start: both are logged and /readyz answers 503.
 */
async function openStores(config: Config, logger: Logger): Promise<Stores> {
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
  // Without Redis, the keys' store is the key file: its failures are its own, and named so.
  const keyHealth =
    redis === undefined
      ? new StoreHealth((cause) =>
          logger.warn(
            { store: keyStore.name, err: String(cause) },
            `${keyStore.name} cannot be read; keys not cached are refused (503) until it can`,
          ),
        )
      : health
  // In a clustered server without Redis, limits are counted by the primary process.
  const clustered = cluster.isWorker && redis === undefined
  const limits = new RateLimits({
    redis,
    health,
    cluster: clustered,
    onStoreError: (error) => logger.warn({ err: String(error) }, 'rate limit store failed; memory insurance used'),
  })
  const ready = async () => {
    try {
      await keyStore.check()
    } catch (error) {
      const message =
        error instanceof KeyFileError ? `the key file cannot be read: ${error.reason}` : 'Redis is not reachable'
      throw new ApiError('service_unavailable', message, { retryAfter: 1, cause: error })
    }
  }
  if (redis === undefined)
    await keyStore
      .check()
      .catch((error: unknown) =>
        logger.error(
          { store: keyStore.name, err: String(error) },
          `${keyStore.name} cannot be read at start; /readyz answers 503 and keys are refused until it can`,
        ),
      )
  return { redis, keyStore, keyHealth, limits, clustered, ready, health }
}

/** Listens as listenOptions says; resolves with the address once it does. */
function listen(app: App, config: Config): Promise<AddressInfo> {
  return new Promise<AddressInfo>((resolve, reject) => {
    app.server.once('error', reject)
    app.server.listen(listenOptions(config), () => {
      app.server.off('error', reject)
      resolve(app.server.address() as AddressInfo)
    })
  })
}

/**
 * The service's close(): stops accepting, lets in-flight responses finish (cutting the
 * connections left after `timeout` ms), then closes the rest with `release`. Runs once; later
 * calls get the same promise.
 */
function closerOf(app: App, timeout: number, release: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined
  return () => {
    closing ??= (async () => {
      const done = new Promise<void>((resolve) => app.server.close(() => resolve()))
      app.server.closeIdleConnections()
      const timer = setTimeout(() => app.server.closeAllConnections(), timeout)
      await done
      clearTimeout(timer)
      await release()
    })()
    return closing
  }
}

export async function startService(config: Config, options: StartOptions = {}): Promise<Service> {
  const logger = options.logger ?? createLogger(config.logLevel)
  const { redis, keyStore, keyHealth, limits, clustered, ready, health } = await openStores(config, logger)
  const pool = new WorkPool({
    threads: config.poolThreads,
    maxQueue: config.poolMaxQueue,
    streamMemory: config.streamMemory,
    ...(options.workerModule === undefined ? {} : { filename: options.workerModule }),
  })
  const inline = runningPoolLimits(config.poolInlineMax)
  // Metrics: the HTTP pipeline's, the pool's, the store's and the process's, in one registry.
  const registry = new Registry()
  const httpMetrics = new HttpMetrics(registry)
  const stopSampling = registerServiceMetrics(registry, { pool, redis, health, version: VERSION })
  const scrapes = scrapeSource(() => registry.snapshot())
  const mcpRows = httpMetrics.rowsOf('/mcp')
  const mcp = lazyMcpEndpoint({
    pool,
    inline,
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
      inline,
      bulkMaxCount: config.bulkMaxCount,
      validateMaxRows: config.validateMaxRows,
      streamsPerKey: config.streamsPerKey,
      mcp: { mcp, publicUrl: site.publicUrl, allowedOrigins: site.mcpAllowedOrigins },
      web,
      metrics: scrapes.gather,
    })
  }
  const app = createApp(
    routes,
    {
      keys: new KeyAuthenticator(keyStore, CACHE_TTL_MS, keyHealth),
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
  const address = await listen(app, config)
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const close = closerOf(app, config.shutdownTimeout, async () => {
    await mcp.close()
    stopSampling()
    scrapes.close()
    await pool.close()
    await keyStore.close()
    if (redis !== undefined) await redis.quit().catch(() => redis.disconnect())
    app.flushLogs()
    logger.flush()
  })
  return { app, pool, url: `http://${host}:${address.port}`, publicUrl: site.publicUrl, redis, keyStore, close }
}
