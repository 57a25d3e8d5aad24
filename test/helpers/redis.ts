// A real redis-server for the tests, on a free port, with no persistence; stopped after.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import type { TestContext } from 'node:test'
import { Redis } from 'ioredis'

export interface RedisServer {
  url: string
  port: number
  process: ChildProcess
  /** A plain client for assertions and fault injection (CLIENT PAUSE, FLUSHALL). */
  client(): Redis
  stop(): Promise<void>
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

/** Starts redis-server; with a test context it is stopped when the test (or suite) ends. */
export async function startRedis(
  t?: TestContext | { after(fn: () => unknown): void },
  port?: number,
): Promise<RedisServer> {
  const chosen = port ?? (await freePort())
  const child = spawn(
    'redis-server',
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
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
  }
  t?.after(() => server.stop())
  return server
}
