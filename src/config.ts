// Configuration from the environment, read once and typed. Every variable is documented in
// the README; a bad value stops startup with a message naming it.
import { join } from 'node:path'

export interface Config {
  host: string
  port: number
  /** Absolute base of links (documentation, server card), without a trailing slash. */
  publicUrl: string
  keysFile: string
  redisUrl: string | undefined
  /** Requests per minute for keys without their own limit. */
  defaultRateLimit: number
  logLevel: string
  /** Milliseconds to finish in-flight responses on SIGTERM before closing connections. */
  shutdownTimeout: number
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${text}"`)
  }
  return value
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
  return {
    host,
    port,
    publicUrl,
    keysFile: env['KEYS_FILE'] || join(process.cwd(), 'data', 'keys.json'),
    redisUrl,
    defaultRateLimit: integer(env, 'RATE_LIMIT', 60, 1, 1_000_000_000),
    logLevel: env['LOG_LEVEL'] || 'info',
    shutdownTimeout: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
  }
}
