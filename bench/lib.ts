// Shared parts of the HTTP benchmarks: servers in their own processes (ibanmint on its CLI, the
// bare node:http baseline), autocannon runs that fail on any non-2xx or error, peak RSS, and
// median/range summaries.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { listening } from '../test/helpers/process.ts'
import { freePort } from '../test/helpers/redis.ts'

const BIN = join(import.meta.dirname, '..', 'bin', 'ibanmint.js')
const HELLO = join(import.meta.dirname, 'hello.ts')
const BARE_MCP = join(import.meta.dirname, 'mcp-bare.ts')
const PLAIN = join(import.meta.dirname, 'plain.ts')
/** The key the plain baseline accepts. */
export const PLAIN_KEY = 'plain-key'

export interface Server {
  url: string
  child: ChildProcess
  key: string
  stop(): Promise<void>
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  await new Promise((resolve) => {
    child.once('exit', resolve)
    child.kill('SIGTERM')
  })
}

/** ibanmint on a free port with a key whose limit never interferes. */
export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-bench-'))
  const base = {
    ...process.env,
    KEYS_FILE: join(dir, 'keys.json'),
    RATE_LIMIT: '1000000000',
    EXPORT_RATE_LIMIT: '1000000000',
    MCP_RATE_LIMIT: '1000000000',
    ...env,
  }
  const created = spawnSync(process.execPath, [BIN, 'keys', 'create', '--name', 'bench'], {
    env: base,
    encoding: 'utf8',
  })
  if (created.status !== 0) throw new Error(created.stderr)
  const port = await freePort()
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { ...base, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  await listening(child)
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    key: created.stdout.trim(),
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

/** The plain keyed handler (bench/plain.ts): key lookup, memory limiter, one IBAN as JSON. */
export async function startPlain(): Promise<Server> {
  const server = await startScript(PLAIN)
  return { ...server, key: PLAIN_KEY }
}

/** The official MCP SDK alone on node:http (bench/mcp-bare.ts): the ceiling of any SDK-based server. */
export function startBareMcp(): Promise<Server> {
  return startScript(BARE_MCP)
}

async function startScript(script: string): Promise<Server> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  await listening(child)
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
}

/** autocannon with 50 connections after a warm-up (1 s, or `warmup`); any non-2xx or error throws. */
export async function cannon(name: string, load: Load, seconds: number, warmup = 1): Promise<Run> {
  const options = { method: 'GET' as const, ...load, connections: 50 }
  await autocannon({ ...options, connections: 10, duration: warmup })
  const result = await autocannon({ ...options, duration: seconds })
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`)
  const run = { rps: result.requests.average, p99: result.latency.p99, mbps: result.throughput.average / 1e6 }
  console.error(`${name.padEnd(56)} ${String(Math.round(run.rps)).padStart(6)} req/s  p99 ${run.p99} ms`)
  return run
}

/** Peak resident set size of a process so far (Linux VmHWM), in MB. */
export function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
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
