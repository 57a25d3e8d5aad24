// CPU time per request of a server's own work, without the network: each server's request
// listener is called in this process with node:http's own IncomingMessage and ServerResponse
// on a socket that discards what it is given, 50 requests per event-loop turn. Sockets, the
// kernel and the load generator are left out, and with them most of the noise of a shared
// machine: what is left is routing, keys, limits, validation, the handler, the headers, the
// access log and Node's response writing, so changes of a few hundred nanoseconds show.
// Usage: npm run bench:pipeline [-- --rounds N]
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Duplex } from 'node:stream'
import { pino } from 'pino'
import { readConfig } from '../dist/src/config.js'
import { startService } from '../dist/src/main.js'
import { compiledPeers, createKeys } from './lib.ts'
import type { PeerOptions } from './peers/shared.ts'

type Listener = (req: IncomingMessage, res: ServerResponse) => void

const argument = process.argv.indexOf('--rounds')
const ROUNDS = argument > 0 ? Number(process.argv[argument + 1]) : 7
const REQUESTS = 100_000
const BATCH = 50

// Strings are handed on as they are, as a net.Socket does (a Duplex would encode each to a Buffer).
class Discard extends Duplex {
  constructor() {
    super({ decodeStrings: false })
  }

  override _read(): void {}
  override _write(_chunk: unknown, _encoding: BufferEncoding, done: () => void): void {
    done()
  }
  override _writev(_chunks: unknown, done: () => void): void {
    done()
  }
}

// One socket per request of a batch, as a keep-alive connection has one response at a time.
const sockets = Array.from({ length: BATCH }, () => {
  const socket = new Discard()
  Object.defineProperty(socket, 'remoteAddress', { value: '127.0.0.1' })
  return socket
})

function call(listener: Listener, socket: Discard, path: string, key: string): ServerResponse {
  const previous = (socket as unknown as { _httpMessage: ServerResponse | null })._httpMessage
  previous?.detachSocket(socket as never)
  const req = new IncomingMessage(socket as never)
  req.method = 'GET'
  req.url = path
  req.httpVersionMajor = 1
  req.httpVersionMinor = 1
  req.headers = { host: '127.0.0.1', 'x-api-key': key }
  req.complete = true
  req.push(null)
  const res = new ServerResponse(req)
  res.shouldKeepAlive = true
  res.assignSocket(socket as never)
  listener(req, res)
  return res
}

/** `requests` requests; throws unless the last batch was answered in full, each with a 200. */
async function run(listener: Listener, path: string, key: string, requests: number): Promise<void> {
  let last: ServerResponse[] = []
  for (let done = 0; done < requests; done += BATCH) {
    last = sockets.map((socket) => call(listener, socket, path, key))
    await new Promise((resolve) => setImmediate(resolve))
  }
  const failed = last.find((res) => res.statusCode !== 200 || !res.writableEnded)
  if (failed !== undefined) throw new Error(`${path}: answered ${failed.statusCode}, ended ${failed.writableEnded}`)
}

/** µs of CPU (user and system, all threads) per request: the median and range of ROUNDS rounds. */
async function costOf(listener: Listener, path: string, key: string): Promise<number[]> {
  await run(listener, path, key, REQUESTS) // warm-up
  const costs: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const before = process.cpuUsage()
    await run(listener, path, key, REQUESTS)
    const used = process.cpuUsage(before)
    costs.push((used.user + used.system) / REQUESTS)
  }
  return costs.sort((a, b) => a - b)
}

const GENERATE = '/api/v1/generate/DE?count=1'
const CASES = [
  { name: 'whole-job plain node:http peer (bench/peers/plain.ts)', server: 'plain', path: GENERATE },
  { name: 'Fastify 5 peer (bench/peers/fastify.ts)', server: 'fastify', path: GENERATE },
  { name: 'ibanmint GET /healthz', server: 'ibanmint', path: '/healthz' },
  { name: 'ibanmint keyed GET /api/v1/generate/DE?count=1', server: 'ibanmint', path: GENERATE },
] as const

// Every server logs each request to /dev/null: the access line is part of the cost, the disk is not.
const LOG = '/dev/null'

/** The request listener of a case's server, and a way to close it. */
async function listenerOf(
  server: (typeof CASES)[number]['server'],
  env: NodeJS.ProcessEnv,
): Promise<{ listener: Listener; close: () => Promise<void> }> {
  if (server === 'ibanmint') {
    const logger = pino({ level: 'info', base: { service: 'ibanmint' } }, pino.destination({ dest: LOG, sync: false }))
    const service = await startService(readConfig(env), { logger })
    return { listener: service.app.server.listeners('request')[0] as Listener, close: () => service.close() }
  }
  // The peers as bench/peers.ts runs them: compiled to JavaScript.
  const peers = await compiledPeers()
  const { KeyBook } = (await import(join(peers, 'peers', 'keys.js'))) as typeof import('./peers/keys.ts')
  const { accessLog } = (await import(join(peers, 'peers', 'shared.js'))) as typeof import('./peers/shared.ts')
  const options: PeerOptions = {
    keys: new KeyBook(env['KEYS_FILE'] as string, 1_000_000_000),
    redis: undefined,
    log: accessLog(LOG, `${server}-peer`).logger,
  }
  if (server === 'plain') {
    const { plainPeer } = (await import(join(peers, 'peers', 'plain.js'))) as typeof import('./peers/plain.ts')
    return { listener: plainPeer(options), close: async () => {} }
  }
  // Fastify's own listener on its node:http server, called as node:http would call it.
  const { fastifyPeer } = (await import(join(peers, 'peers', 'fastify.js'))) as typeof import('./peers/fastify.ts')
  const app = await fastifyPeer(options)
  return { listener: app.server.listeners('request')[0] as Listener, close: () => app.close() }
}

/** Measures one case in this process and prints its costs as JSON. */
async function measure(index: number): Promise<void> {
  const { server, path } = CASES[index] as (typeof CASES)[number]
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-pipeline-'))
  const env = { ...process.env, PORT: '0', KEYS_FILE: join(dir, 'keys.json'), RATE_LIMIT: '1000000000' }
  const { key } = await createKeys(env, {})
  const { listener, close } = await listenerOf(server, env)
  process.stdout.write(JSON.stringify(await costOf(listener, path, key)))
  await close()
  rmSync(dir, { recursive: true, force: true })
}

const only = process.argv.indexOf('--case')
if (only > 0) {
  await measure(Number(process.argv[only + 1]))
} else {
  // Each case in a process of its own, so that none runs on code compiled for another.
  console.log('| request listener and route | CPU µs per request (median) | range |')
  console.log('|---|---:|---:|')
  for (const [index, { name }] of CASES.entries()) {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, '--case', String(index), '--rounds', String(ROUNDS)],
      { encoding: 'utf8' },
    )
    if (child.status !== 0) throw new Error(child.stderr)
    const costs = JSON.parse(child.stdout) as number[]
    const median = costs[Math.floor(costs.length / 2)] as number
    console.log(
      `| ${name} | ${median.toFixed(2)} | ${(costs[0] as number).toFixed(2)}–${(costs.at(-1) as number).toFixed(2)} |`,
    )
  }
}
