// Configuration from the environment, read once and typed. Every variable is documented in
// the README; a bad value stops startup with a message naming it.
import { usableCores } from './cpu-quota.ts'
import { isDigits } from './core/digits.ts'
import { keysFileLocation } from './keys/location.ts'
import { DEFAULT_STREAMS_PER_KEY } from './limits/streams.ts'

export interface Config {
  host: string
  port: number
  /** Absolute base of links (documentation, server card), without a trailing slash. */
  publicUrl: string
  /** The key file (absolute): KEYS_FILE, else the user's data directory (keys/location.ts). */
  keysFile: string
  /** Why the key file is the former default ./data/keys.json, and how to move it; else undefined. */
  keysFileNotice: string | undefined
  redisUrl: string | undefined
  /** Requests per minute for keys without their own limit. */
  defaultRateLimit: number
  logLevel: string
  /** Milliseconds to finish in-flight responses on SIGTERM before closing connections. */
  shutdownTimeout: number
  /** Keyless downloads (/export) per minute per client IP. */
  exportRateLimit: number
  /** Keyless MCP requests per minute per client IP. */
  mcpRateLimit: number
  /** Failed authentications per minute per client IP before keyed requests from it get 429. */
  authFailureLimit: number
  /** Browser origins allowed to call /mcp (lower case); `*` allows any. */
  mcpAllowedOrigins: string[]
  /** How many proxies in front of the service may be believed in X-Forwarded-For. */
  trustProxy: number
  /** Largest count of one bulk request. */
  bulkMaxCount: number
  /** The most lines one streamed validation body may hold. */
  validateMaxRows: number
  /** Streams (downloads, streamed validations) one key may have open at once, per process. */
  streamsPerKey: number
  /** Milliseconds within which a request, its body included, must have arrived. */
  requestTimeout: number
  /** HTTP processes (node:cluster) serving on one port: WORKERS, a number or `auto` (one per usable core). */
  workers: number
  /** How those processes share the port (WORKERS_LISTEN, resolved for this platform and Node). */
  portSharing: PortSharing
  /** Worker threads of the worker pool (per process). */
  poolThreads: number
  /** Batches that may wait for a worker before new work gets 503. */
  poolMaxQueue: number
  /** JSON generate requests up to this count are served inline, larger ones by the pool. */
  poolInlineMax: number
  /** Bytes the streams under way may hold at once, per process (STREAM_MEMORY_MB). */
  streamMemory: number
}

export class ConfigError extends Error {}

/** Defaults the documentation quotes (the OpenAPI document's introduction and examples read them here). */
export const DEFAULT_LIMITS = {
  defaultRateLimit: 60,
  exportRateLimit: 30,
  mcpRateLimit: 120,
  authFailureLimit: 30,
  requestTimeout: 30_000,
  poolMaxQueue: 256,
} as const satisfies Partial<Config>

// Measured in bench/http.ts (bench/RESULTS.md): inline serves about 2× the requests of the pool
// at counts 1 and 10 with a third of the p99; at 100 throughput is within ~10% and the pool's
// p99 is higher. So JSON generate requests (count ≤ 100) are served inline by default.
export const DEFAULT_POOL_INLINE_MAX = 100

/**
 * Megabytes the streams under way may hold at once (STREAM_MEMORY_MB): their result slots,
 * input batches and compressors. An idle process with two generation threads is about 150 MB
 * resident; with this on top, and room for the threads' heaps and the JSON requests, a replica
 * of compose.yaml (384 MB) is never near its limit (test/reliability/memory.test.ts measures it).
 */
export const DEFAULT_STREAM_MEMORY_MB = 128

/** TRUST_PROXY: unset/false/0 → 0; true → 1; an integer → that many proxies. */
function trustProxy(text: string | undefined): number {
  if (text === undefined || text === '' || text === 'false') return 0
  if (text === 'true') return 1
  if (!/^\d{1,2}$/.test(text))
    throw new ConfigError(`TRUST_PROXY must be true, false or a number of proxies, got "${text}"`)
  return Number(text)
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!isDigits(text) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${text}"`)
  }
  return value
}

/** WORKERS: 1 by default; `auto` for one process per core; else 1 to 64. */
function workers(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return 1
  if (text.trim() === 'auto') return usableCores()
  const value = Number(text)
  if (!isDigits(text.trim()) || value < 1 || value > 64) {
    throw new ConfigError('WORKERS must be auto or an integer between 1 and 64')
  }
  return value
}

/**
 * How the processes of `serve --workers` share one port:
 * - `reuseport`: each process binds the port itself with SO_REUSEPORT and the kernel shares the
 *   connections out (Linux, Node 22.12, 23.1 and later). Even shares; the primary holds no socket.
 * - `shared`: the primary binds the port and hands the listening socket to every process, which
 *   accepts from it itself (node:cluster's SCHED_NONE). Works on every platform and Node line;
 *   the kernel wakes whichever process is waiting, so shares are less even.
 * Both leave nothing in passing: a connection is accepted by the process that serves it, so when
 * a process dies its connections fail at once (the client sees a reset and can retry) and those
 * not yet accepted wait in the socket's backlog for the others. node:cluster's default, where the
 * primary accepts every connection and passes it on, kept the ones in passing to a dying process
 * open in the primary for ever: their clients waited for an answer that never came.
 */
export type PortSharing = 'reuseport' | 'shared'

/** Whether this Node release listens with SO_REUSEPORT (`reusePort`: 22.12, 23.1 and later) on this platform. */
export function hasReusePort(platform: string = process.platform, version: string = process.versions.node): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number)
  return platform === 'linux' && (major >= 24 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12))
}

/** WORKERS_LISTEN: auto (reuseport where this platform and Node have it, else shared), reuseport or shared. */
export function portSharing(
  text: string | undefined,
  platform: string = process.platform,
  version: string = process.versions.node,
): PortSharing {
  const setting = text === undefined || text.trim() === '' ? 'auto' : text.trim()
  const reusePort = hasReusePort(platform, version)
  switch (setting) {
    case 'auto':
      return reusePort ? 'reuseport' : 'shared'
    case 'shared':
      return 'shared'
    case 'reuseport':
      if (!reusePort)
        throw new ConfigError(
          `WORKERS_LISTEN=reuseport needs Linux and Node 22.12, 23.1 or later (this is ${platform}, Node ${version}); use auto or shared`,
        )
      return 'reuseport'
    default:
      throw new ConfigError(`WORKERS_LISTEN must be auto, reuseport or shared, got "${setting}"`)
  }
}

/** MCP_ALLOWED_ORIGINS: a comma-separated list of origins, or `*`; default: PUBLIC_URL's origin. */
function allowedOrigins(text: string | undefined, publicUrl: string): string[] {
  if (text === undefined || text.trim() === '') return [new URL(publicUrl).origin]
  const origins = text
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
  for (const origin of origins) {
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new ConfigError(
        `MCP_ALLOWED_ORIGINS must list origins such as https://app.example.com (or *), got "${origin}"`,
      )
    }
  }
  return origins
}

/**
 * The configuration of a server that listens on `port`. With PORT=0 (any free port) and no
 * PUBLIC_URL, the public URL was made with port 0: it, and the MCP origin made from it, now name
 * the port the server got. Any other configuration is returned as it is.
 */
export function withListeningPort(config: Config, port: number): Config {
  const url = new URL(config.publicUrl)
  if (config.port !== 0 || url.port !== '0') return config
  const before = url.origin
  url.port = String(port)
  return {
    ...config,
    publicUrl: url.href.replace(/\/+$/, ''),
    mcpAllowedOrigins: config.mcpAllowedOrigins.map((origin) => (origin === before ? url.origin : origin)),
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env['HOST'] || '127.0.0.1'
  const port = integer(env, 'PORT', 8080, 0, 65535)
  const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host
  const publicUrl = (env['PUBLIC_URL'] || `http://${shownHost}:${port}`).replace(/\/+$/, '')
  if (!/^https?:\/\/[^/]+/.test(publicUrl))
    throw new ConfigError(`PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`)
  const redisUrl = env['REDIS_URL'] || undefined
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError(`REDIS_URL must start with redis:// or rediss://`)
  }
  const keys = keysFileLocation(env)
  return {
    host,
    port,
    publicUrl,
    keysFile: keys.path,
    keysFileNotice: keys.notice,
    redisUrl,
    defaultRateLimit: integer(env, 'RATE_LIMIT', DEFAULT_LIMITS.defaultRateLimit, 1, 1_000_000_000),
    logLevel: env['LOG_LEVEL'] || 'info',
    shutdownTimeout: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    exportRateLimit: integer(env, 'EXPORT_RATE_LIMIT', DEFAULT_LIMITS.exportRateLimit, 1, 1_000_000_000),
    mcpRateLimit: integer(env, 'MCP_RATE_LIMIT', DEFAULT_LIMITS.mcpRateLimit, 1, 1_000_000_000),
    mcpAllowedOrigins: allowedOrigins(env['MCP_ALLOWED_ORIGINS'], publicUrl),
    authFailureLimit: integer(env, 'AUTH_FAILURE_LIMIT', DEFAULT_LIMITS.authFailureLimit, 1, 1_000_000_000),
    trustProxy: trustProxy(env['TRUST_PROXY']),
    bulkMaxCount: integer(env, 'BULK_MAX_COUNT', 10_000_000, 1, 1_000_000_000),
    validateMaxRows: integer(env, 'VALIDATE_MAX_ROWS', 10_000_000, 1, 1_000_000_000),
    streamsPerKey: integer(env, 'STREAMS_PER_KEY', DEFAULT_STREAMS_PER_KEY, 1, 100_000),
    requestTimeout: integer(env, 'REQUEST_TIMEOUT_MS', DEFAULT_LIMITS.requestTimeout, 1_000, 3_600_000),
    workers: workers(env['WORKERS']),
    portSharing: portSharing(env['WORKERS_LISTEN']),
    // One thread per core this process may use: a container's CPU limit counts (cpu-quota.ts).
    poolThreads: integer(env, 'POOL_THREADS', usableCores(), 1, 256),
    poolMaxQueue: integer(env, 'POOL_MAX_QUEUE', DEFAULT_LIMITS.poolMaxQueue, 1, 1_000_000),
    poolInlineMax: integer(env, 'POOL_INLINE_MAX', DEFAULT_POOL_INLINE_MAX, 0, 100),
    streamMemory: integer(env, 'STREAM_MEMORY_MB', DEFAULT_STREAM_MEMORY_MB, 16, 1_048_576) * 2 ** 20,
  }
}
