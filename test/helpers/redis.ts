// A real redis-server for the tests, on a free port (or a given one), stopped after. Without
// persistence by default; with `appendonlyDir` it keeps an append-only file there, as
// compose.yaml runs it, so that a restart on the same directory finds its data again.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import type { TestContext } from 'node:test'
import { Redis } from 'ioredis'

type Hooks = TestContext | { after(fn: () => unknown): void }

interface RedisOptions {
  /** The port to listen on; default a free one. */
  port?: number
  /** Append-only persistence (fsync every second) in this directory; default none. */
  appendonlyDir?: string
}

export interface RedisServer {
  url: string
  port: number
  process: ChildProcess
  /** A plain client for assertions and fault injection (CLIENT PAUSE, FLUSHALL). */
  client(): Redis
  stop(): Promise<void>
  /**
   * Kills the server (SIGKILL: a crash, no chance to save on the way out) and starts it again on
   * the same port and directory; the new one is stopped with the same test context.
   */
  restart(): Promise<RedisServer>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function waitUntilReady(url: string, deadline: number): Promise<void> {
  for (;;) {
    const probe = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    })
    probe.on('error', () => {})
    try {
      await probe.connect()
      await probe.ping()
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    } finally {
      probe.disconnect()
    }
  }
}

function persistenceArguments(appendonlyDir: string | undefined): string[] {
  // No RDB snapshots either way: what survives a restart is the append-only file or nothing.
  if (appendonlyDir === undefined) return ['--save', '', '--appendonly', 'no']
  return ['--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--dir', appendonlyDir]
}

/** Starts redis-server; with a test context it is stopped when the test (or suite) ends. */
export async function startRedis(t?: Hooks, portOrOptions?: number | RedisOptions): Promise<RedisServer> {
  const options = typeof portOrOptions === 'number' ? { port: portOrOptions } : (portOrOptions ?? {})
  const chosen = options.port ?? (await freePort())
  const child = spawn(
    'redis-server',
    ['--port', String(chosen), '--bind', '127.0.0.1', ...persistenceArguments(options.appendonlyDir)],
    { stdio: 'ignore' },
  )
  const url = `redis://127.0.0.1:${chosen}`
  await waitUntilReady(url, Date.now() + 10_000)
  const clients: Redis[] = []
  const server: RedisServer = {
    url,
    port: chosen,
    process: child,
    client() {
      const client = new Redis(url)
      client.on('error', () => {})
      clients.push(client)
      return client
    },
    async stop() {
      for (const client of clients) client.disconnect()
      if (child.exitCode !== null || child.signalCode !== null) return
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGKILL')
      })
    },
    async restart() {
      await server.stop()
      return startRedis(t, { ...options, port: chosen })
    },
  }
  t?.after(() => server.stop())
  return server
}
