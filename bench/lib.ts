// Shared parts of the HTTP benchmarks: servers in their own processes (ibanmint on its CLI, the
// bare node:http baseline, the peers of bench/peers.ts compiled to JavaScript), autocannon runs
// that fail on any non-2xx or error, peak RSS, and median/range summaries.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { build } from 'esbuild'
import { Redis } from 'ioredis'
import { FileKeyStore } from '../dist/src/keys/file-store.js'
import { mintKey } from '../dist/src/keys/key.js'
import { RedisKeyStore } from '../dist/src/keys/redis-store.js'
import { listening } from '../test/helpers/process.ts'
import { freePort } from '../test/helpers/redis.ts'

const BIN = join(import.meta.dirname, '..', 'bin', 'ibanmint.js')
const HELLO = join(import.meta.dirname, 'hello.ts')
const BARE_MCP = join(import.meta.dirname, 'mcp-bare.ts')
/** The limit of a server's `limitedKey`: low enough for a 429 within a few requests. */
export const LIMITED_KEY_LIMIT = 3
/** The limit of every other key: high enough never to answer 429 under load. */
const HIGH_LIMIT = '1000000000'

export interface Server {
  url: string
  child: ChildProcess
  key: string
  /** A key limited to LIMITED_KEY_LIMIT requests per minute, when asked for. */
  limitedKey?: string
  stop(): Promise<void>
}

export interface StartOptions {
  /** The file the server's access log goes to (ibanmint: its stdout); else it is discarded. */
  log?: string
  /** Also make a key limited to LIMITED_KEY_LIMIT requests per minute (Server.limitedKey). */
  limitedKey?: boolean
  /** ibanmint's bin to run (another build, for A/B pairs); default this checkout's. */
  bin?: string
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  await new Promise((resolve) => {
    child.once('exit', resolve)
    child.kill('SIGTERM')
  })
}

/**
 * The keys of a new server, minted and stored as `ibanmint keys create` does it (in this
 * process: a CLI run per key would be most of a server's start), in the store `env` selects
 * (KEYS_FILE, or Redis when REDIS_URL is set): one with the service default limit, and the
 * limited one if asked for.
 */
export async function createKeys(
  env: NodeJS.ProcessEnv,
  options: StartOptions,
): Promise<Pick<Server, 'key' | 'limitedKey'>> {
  const redisUrl = env['REDIS_URL']
  const redis = redisUrl === undefined ? undefined : new Redis(redisUrl)
  const store = redis === undefined ? new FileKeyStore(env['KEYS_FILE'] as string) : new RedisKeyStore(redis)
  const add = async (name: string, limit: number | null) => {
    const { key, record } = mintKey({ name, limit, expiresAt: null })
    await store.add(record)
    return key
  }
  try {
    const key = await add('bench', null)
    return options.limitedKey === true ? { key, limitedKey: await add('limited', LIMITED_KEY_LIMIT) } : { key }
  } finally {
    await store.close()
    redis?.disconnect()
  }
}

/** The stdout of a child: appended to the log file (so that it may be truncated while written), or discarded. */
function stdoutTo(log: string | undefined): number | 'ignore' {
  return log === undefined ? 'ignore' : openSync(log, 'a')
}

async function spawnServer(args: string[], env: NodeJS.ProcessEnv, log?: string): Promise<ChildProcess> {
  const stdout = stdoutTo(log)
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', stdout, 'pipe'] })
  if (typeof stdout === 'number') closeSync(stdout)
  await listening(child)
  return child
}

/** ibanmint on a free port with a key whose limit never interferes. */
export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-bench-'))
  const base = {
    ...process.env,
    KEYS_FILE: join(dir, 'keys.json'),
    RATE_LIMIT: HIGH_LIMIT,
    EXPORT_RATE_LIMIT: HIGH_LIMIT,
    MCP_RATE_LIMIT: HIGH_LIMIT,
    ...env,
  }
  const keys = await createKeys(base, options)
  const port = await freePort()
  const child = await spawnServer([options.bin ?? BIN, 'serve'], { ...base, PORT: String(port) }, options.log)
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    ...keys,
    async stop() {
      await stopChild(child)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

let compiling: Promise<string> | undefined

/**
 * A folder of the peers compiled to JavaScript (under bench/.out: peer-server.js, and
 * peers/plain.js, fastify.js, keys.js and shared.js for bench/pipeline.ts), made once per
 * process and removed when it exits. ibanmint runs compiled by tsc; a peer run through tsx would
 * pay for what tsx adds for debugging (esbuild's keepNames wraps every function made, on every
 * request, in a call that names it). Packages stay imports, resolved from node_modules as
 * ibanmint's are.
 */
export function compiledPeers(): Promise<string> {
  if (compiling !== undefined) return compiling
  const out = join(import.meta.dirname, '.out')
  mkdirSync(out, { recursive: true })
  const dir = mkdtempSync(join(out, 'peers-'))
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  compiling = build({
    entryPoints: ['peer-server.ts', 'peers/plain.ts', 'peers/fastify.ts', 'peers/keys.ts', 'peers/shared.ts'].map(
      (file) => join(import.meta.dirname, file),
    ),
    outdir: dir,
    outbase: import.meta.dirname,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    external: ['@ibanmint/iban'],
    logLevel: 'warning',
  }).then(() => dir)
  return compiling
}

/**
 * A peer of bench/peers.ts (bench/peer-server.ts, compiled) on a free port: its keys in an ibanmint key
 * file (also in Redis mode, where only its limits are on Redis), its access log to `options.log`.
 */
export async function startPeer(
  kind: 'plain' | 'fastify' | 'writer',
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-peer-'))
  const { REDIS_URL: _redis, ...withoutRedis } = process.env
  const keysFile = join(dir, 'keys.json')
  const keys = await createKeys({ ...withoutRedis, KEYS_FILE: keysFile }, options)
  const port = await freePort()
  const peerServer = join(await compiledPeers(), 'peer-server.js')
  const child = await spawnServer([peerServer, kind], {
    ...withoutRedis,
    KEYS_FILE: keysFile,
    RATE_LIMIT: HIGH_LIMIT,
    LOG_FILE: options.log ?? '/dev/null',
    ...env,
    PORT: String(port),
  })
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    ...keys,
    async stop() {
      await stopChild(child)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The bare node:http baseline (bench/hello.ts). */
export function startHello(): Promise<Server> {
  return startScript(HELLO)
}

/** The official MCP SDK alone on node:http (bench/mcp-bare.ts): the ceiling of any SDK-based server. */
export function startBareMcp(): Promise<Server> {
  return startScript(BARE_MCP)
}

async function startScript(script: string): Promise<Server> {
  const port = await freePort()
  const child = await spawnServer(['--import', 'tsx', script], { ...process.env, PORT: String(port) })
  return { url: `http://127.0.0.1:${port}`, child, key: '', stop: () => stopChild(child) }
}

export interface Load {
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
}

export interface Run {
  rps: number
  p99: number
  mbps: number
  /** Requests answered in the measured part of the run (the warm-up left out). */
  requests: number
}

/** autocannon with 50 connections after a warm-up (1 s, or `warmup`); any non-2xx or error throws. */
export async function cannon(name: string, load: Load, seconds: number, warmup = 1): Promise<Run> {
  const options = { method: 'GET' as const, ...load, connections: 50 }
  await autocannon({ ...options, connections: 10, duration: warmup })
  const result = await autocannon({ ...options, duration: seconds })
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`)
  const run = {
    rps: result.requests.average,
    p99: result.latency.p99,
    mbps: result.throughput.average / 1e6,
    requests: result.requests.total,
  }
  console.error(`${name.padEnd(56)} ${String(Math.round(run.rps)).padStart(6)} req/s  p99 ${run.p99} ms`)
  return run
}

/** Peak resident set size of a process so far (Linux VmHWM), in MB. */
export function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
}

/** user and system CPU time of a process so far, in µs (Linux /proc). */
export function cpuOf(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  const tick = 1e6 / 100 // USER_HZ
  return { user: Number(fields[11]) * tick, system: Number(fields[12]) * tick }
}

/** Pins a process and its threads to one core (taskset). */
export function pin(pid: number, core: number): void {
  const pinned = spawnSync('taskset', ['-a', '-cp', String(core), String(pid)], { encoding: 'utf8' })
  if (pinned.status !== 0) throw new Error(`taskset: ${pinned.stderr}`)
}

export interface Summary {
  median: number
  min: number
  max: number
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b)
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 }
}
