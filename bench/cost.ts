// CPU time per request of a server, the figure behind the keyed route's speed: the server is
// pinned to one core and autocannon to the other (taskset), so that the two stop trading
// places, and the server's user and system time (/proc/<pid>/stat) is read around a fixed
// number of requests after a warm-up. Request rates on a shared 2-core machine swing by half
// from run to run; this figure moves by a few microseconds. ibanmint is measured next to the
// peers of bench/peers.ts; every server writes its access log to a file.
// Usage: npm run bench:cost [-- --rounds N]   (Linux with taskset and at least 2 cores)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { cpuOf, pin, startPeer, startServer, summarize, type Server, type StartOptions } from './lib.ts'

const argument = process.argv.indexOf('--rounds')
const ROUNDS = argument > 0 ? Number(process.argv[argument + 1]) : 3
const REQUESTS = 100_000

interface Cost {
  total: number
  user: number
  system: number
}

async function costOf(server: Server, path: string): Promise<Cost> {
  const pid = server.child.pid as number
  pin(pid, 1)
  const load = { url: server.url + path, headers: { 'x-api-key': server.key }, connections: 50 }
  await autocannon({ ...load, duration: 6 })
  const before = cpuOf(pid)
  const result = await autocannon({ ...load, amount: REQUESTS })
  const after = cpuOf(pid)
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  const n = result.requests.total
  const user = (after.user - before.user) / n
  const system = (after.system - before.system) / n
  return { total: user + system, user, system }
}

const GENERATE = '/api/v1/generate/DE?count=1'
const CASES: [string, (options: StartOptions) => Promise<Server>, string][] = [
  ['whole-job plain node:http peer (bench/peers/plain.ts)', (options) => startPeer('plain', {}, options), GENERATE],
  ['Fastify 5 peer (bench/peers/fastify.ts)', (options) => startPeer('fastify', {}, options), GENERATE],
  ['ibanmint GET /healthz', (options) => startServer({}, options), '/healthz'],
  ['ibanmint keyed GET /api/v1/generate/DE?count=1', (options) => startServer({}, options), GENERATE],
]

pin(process.pid, 0)
const logs = mkdtempSync(join(tmpdir(), 'ibanmint-cost-logs-'))
const figures = new Map<string, Cost[]>()
for (let round = 1; round <= ROUNDS; round++) {
  for (const [name, start, path] of CASES) {
    const log = join(logs, 'access.log')
    const server = await start({ log })
    const cost = await costOf(server, path)
    await server.stop()
    rmSync(log)
    figures.set(name, [...(figures.get(name) ?? []), cost])
    console.error(
      `${name.padEnd(48)} ${cost.total.toFixed(1)} µs (user ${cost.user.toFixed(1)}, system ${cost.system.toFixed(1)})`,
    )
  }
}
rmSync(logs, { recursive: true, force: true })
console.log('| server and route | CPU µs per request (median) | range | user | system |')
console.log('|---|---:|---:|---:|---:|')
for (const [name, costs] of figures) {
  const total = summarize(costs.map((c) => c.total))
  const user = summarize(costs.map((c) => c.user)).median
  const system = summarize(costs.map((c) => c.system)).median
  console.log(
    `| ${name} | ${total.median.toFixed(1)} | ${total.min.toFixed(1)}–${total.max.toFixed(1)} | ${user.toFixed(1)} | ${system.toFixed(1)} |`,
  )
}
