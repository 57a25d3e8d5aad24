// CPU time per request of a server's own work, without the network: each server's request
// listener is called in this process with node:http's own IncomingMessage and ServerResponse
// on a socket that discards what it is given, 50 requests per event-loop turn. Sockets, the
// kernel and the load generator are left out, and with them most of the noise of a shared
// machine: what is left is routing, keys, limits, validation, the handler, the headers, the
// access log and Node's response writing, so changes of a few hundred nanoseconds show. Each
// response is of the class the server makes them of (node:http's ServerResponse option).
// Usage: npm run bench:pipeline [-- --rounds N]
//        node --import tsx bench/pipeline.ts --case 3 --dist DIR   (one case, ibanmint from another build)
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { compiledPeers, createKeys } from './lib.ts'
import { responseClassOf, run, type Listener, type ResponseClass } from './listener.ts'
import type { PeerOptions } from './peers/shared.ts'

const argument = process.argv.indexOf('--rounds')
const ROUNDS = argument > 0 ? Number(process.argv[argument + 1]) : 7
const REQUESTS = 100_000

/** µs of CPU (user and system, all threads) per request: the median and range of ROUNDS rounds. */
async function costOf(listener: Listener, path: string, key: string, Response: ResponseClass): Promise<number[]> {
  await run(listener, path, key, REQUESTS, Response) // warm-up
  const costs: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const before = process.cpuUsage()
    await run(listener, path, key, REQUESTS, Response)
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

const distArgument = process.argv.indexOf('--dist')
/** The ibanmint build measured: this checkout's, or another's (--dist DIR). */
const DIST =
  distArgument > 0 ? join(process.argv[distArgument + 1] as string, 'dist') : join(import.meta.dirname, '..', 'dist')

/** The request listener of a case's server, its response class, and a way to close it. */
async function listenerOf(
  server: (typeof CASES)[number]['server'],
  env: NodeJS.ProcessEnv,
): Promise<{ listener: Listener; Response: ResponseClass; close: () => Promise<void> }> {
  if (server === 'ibanmint') {
    const { readConfig } = (await import(join(DIST, 'src', 'config.js'))) as typeof import('../dist/src/config.js')
    const { startService } = (await import(join(DIST, 'src', 'main.js'))) as typeof import('../dist/src/main.js')
    const logger = pino({ level: 'info', base: { service: 'ibanmint' } }, pino.destination({ dest: LOG, sync: false }))
    const service = await startService(readConfig(env), { logger })
    return {
      listener: service.app.server.listeners('request')[0] as Listener,
      Response: responseClassOf(service.app.server),
      close: () => service.close(),
    }
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
    return { listener: plainPeer(options), Response: ServerResponse, close: async () => {} }
  }
  // Fastify's own listener on its node:http server, called as node:http would call it.
  const { fastifyPeer } = (await import(join(peers, 'peers', 'fastify.js'))) as typeof import('./peers/fastify.ts')
  const app = await fastifyPeer(options)
  return {
    listener: app.server.listeners('request')[0] as Listener,
    Response: responseClassOf(app.server),
    close: () => app.close(),
  }
}

/** Measures one case in this process and prints its costs as JSON. */
async function measure(index: number): Promise<void> {
  const { server, path } = CASES[index] as (typeof CASES)[number]
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-pipeline-'))
  const env = { ...process.env, PORT: '0', KEYS_FILE: join(dir, 'keys.json'), RATE_LIMIT: '1000000000' }
  const { key } = await createKeys(env, {})
  const { listener, Response, close } = await listenerOf(server, env)
  process.stdout.write(JSON.stringify(await costOf(listener, path, key, Response)))
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
