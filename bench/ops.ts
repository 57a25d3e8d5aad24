// What an operator's view costs the keyed route: the metrics counted per request and the access
// log's path, client address, bytes and error code, measured as this build against a baseline
// build without them (--baseline DIR: another checkout of ibanmint, built), in pairs within one
// run. Three figures, each a ratio of pairs:
//   - requests per second (autocannon, 50 connections, after a warm-up), and
//   - CPU time per request, each server pinned to core 1 and autocannon to core 0 (taskset), read
//     from /proc/<pid>/stat around a fixed number of requests (see bench/cost.ts): ROUNDS pairs of
//     servers in their own processes, which goes first alternating;
//   - CPU time per request of the request listener alone: both builds started in this process and
//     called as node:http calls them (bench/listener.ts: no sockets, no kernel, no load generator),
//     in alternating batches of 2,000 requests, so that both halves of a pair meet the same load
//     from the rest of the machine. An A/A run (--build a copy of the baseline) shows the method's
//     own spread: medians of 400 pairs within ±4% on a busy 2-core machine.
// Every server writes its access log (to a file, the in-process ones to /dev/null), as in production.
// Usage: node --import tsx bench/ops.ts --baseline DIR [--rounds N] [--pairs N] [--path PATH] [--build DIR]
//   e.g. git worktree add /tmp/ibanmint-main main && (cd /tmp/ibanmint-main && npm ci && npm run build)
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { pino } from 'pino'
import { cannon, cpuOf, createKeys, pin, startServer, summarize, type Server } from './lib.ts'
import { responseClassOf, run, type Listener, type ResponseClass } from './listener.ts'
import { machine } from './sections.ts'

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}

const BASELINE = option('--baseline')
if (BASELINE === undefined || !existsSync(join(BASELINE, 'dist'))) {
  process.stderr.write('usage: node --import tsx bench/ops.ts --baseline DIR (a built checkout) [--rounds N]\n')
  process.exit(2)
}
const ROUNDS = Number(option('--rounds') ?? 5)
const PATH = option('--path') ?? '/api/v1/generate/DE?count=1'
const SECONDS = 5
const REQUESTS = 60_000
const BATCHES = Number(option('--pairs') ?? 400)
const BATCH_REQUESTS = 2_000
/** The build measured against the baseline: this checkout, or another (an A/A check of the method). */
const BUILD = option('--build') ?? join(import.meta.dirname, '..')

interface Figures {
  rps: number
  cpu: number
}

/** A build's service started in this process: its keyed route's listener and response class. */
async function inProcess(
  dir: string,
): Promise<{ listener: Listener; Response: ResponseClass; key: string; close: () => Promise<void> }> {
  const { readConfig } = (await import(join(dir, 'dist', 'src', 'config.js'))) as typeof import('../dist/src/config.js')
  const { startService } = (await import(join(dir, 'dist', 'src', 'main.js'))) as typeof import('../dist/src/main.js')
  const keys = mkdtempSync(join(tmpdir(), 'ibanmint-ops-keys-'))
  const env = {
    ...process.env,
    PORT: '0',
    KEYS_FILE: join(keys, 'keys.json'),
    RATE_LIMIT: '1000000000',
    POOL_THREADS: '1',
  }
  const { key } = await createKeys(env, {})
  const logger = pino(
    { level: 'info', base: { service: 'ibanmint' } },
    pino.destination({ dest: '/dev/null', sync: false }),
  )
  const service = await startService(readConfig(env), { logger })
  return {
    listener: service.app.server.listeners('request')[0] as Listener,
    Response: responseClassOf(service.app.server),
    key,
    close: async () => {
      await service.close()
      rmSync(keys, { recursive: true, force: true })
    },
  }
}

/**
 * Both builds in this process, their listeners called in alternation, BATCHES times each:
 * CPU µs per request of each batch. A pair of batches runs within a few tenths of a second, so
 * both meet the same load from the rest of the machine.
 */
async function alternated(): Promise<{ baseline: number[]; ours: number[] }> {
  const builds = [await inProcess(BASELINE as string), await inProcess(BUILD)]
  for (const build of builds) await run(build.listener, PATH, build.key, 50_000, build.Response) // warm-up
  const costs: [number[], number[]] = [[], []]
  for (let batch = 0; batch < BATCHES; batch++) {
    for (const index of batch % 2 === 0 ? [0, 1] : [1, 0]) {
      const build = builds[index] as (typeof builds)[number]
      const before = process.cpuUsage()
      await run(build.listener, PATH, build.key, BATCH_REQUESTS, build.Response)
      const used = process.cpuUsage(before)
      costs[index]?.push((used.user + used.system) / BATCH_REQUESTS)
    }
  }
  for (const build of builds) await build.close()
  return { baseline: costs[0], ours: costs[1] }
}

async function measure(server: Server): Promise<Figures> {
  const load = { url: server.url + PATH, headers: { 'x-api-key': server.key } }
  const run = await cannon(PATH, load, SECONDS, 2)
  pin(server.child.pid as number, 1)
  const before = cpuOf(server.child.pid as number)
  const result = await autocannon({ ...load, connections: 50, amount: REQUESTS })
  const after = cpuOf(server.child.pid as number)
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`)
  const cpu = (after.user + after.system - before.user - before.system) / result.requests.total
  return { rps: run.rps, cpu }
}

// The load generator stays on core 0; a server gets both cores for its req/s, then core 1 alone.
pin(process.pid, 0)
const logs = mkdtempSync(join(tmpdir(), 'ibanmint-ops-'))
const kinds = [
  { name: 'baseline', bin: join(BASELINE, 'bin', 'ibanmint.js') },
  { name: 'this build', bin: option('--build') === undefined ? undefined : join(BUILD, 'bin', 'ibanmint.js') },
] as const
const figures = new Map<string, Figures[]>(kinds.map((kind) => [kind.name, []]))
const pairs: Figures[] = []
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? kinds : [...kinds].reverse()
  const pair = new Map<string, Figures>()
  for (const kind of order) {
    const server = await startServer(
      { LOG_LEVEL: 'info' },
      { log: join(logs, `${round}-${kind.name}.log`), ...(kind.bin === undefined ? {} : { bin: kind.bin }) },
    )
    const measured = await measure(server)
    await server.stop()
    pair.set(kind.name, measured)
    figures.get(kind.name)?.push(measured)
    process.stderr.write(
      `round ${round + 1} ${kind.name}: ${Math.round(measured.rps)} req/s, ${measured.cpu.toFixed(1)} µs CPU\n`,
    )
  }
  const base = pair.get('baseline') as Figures
  const ours = pair.get('this build') as Figures
  pairs.push({ rps: ours.rps / base.rps, cpu: ours.cpu / base.cpu })
}
rmSync(logs, { recursive: true, force: true })
const listeners = await alternated()
const listenerRatios = summarize(listeners.ours.map((cost, i) => cost / (listeners.baseline[i] as number)))

const of = (name: string, figure: keyof Figures) => summarize((figures.get(name) ?? []).map((f) => f[figure]))
const ratio = (figure: keyof Figures) =>
  `${pairs.map((p) => p[figure].toFixed(3)).join(', ')} (median ${summarize(pairs.map((p) => p[figure])).median.toFixed(3)})`
const n = (value: number) => Math.round(value).toLocaleString('en')
process.stdout.write(
  [
    `## Metrics and access log: cost on the keyed route (${PATH})`,
    '',
    `${machine()}; ${ROUNDS} rounds, each a pair (baseline ${BASELINE}, this build), the order alternating; ${SECONDS} s of 50 connections per req/s figure, ${REQUESTS.toLocaleString('en')} requests with the server pinned to one core per CPU figure.`,
    '',
    '| server | req/s (median) | range | CPU µs per request, pinned (median) | range | listener alone, CPU µs per request (median) | range |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...kinds.map(({ name }) => {
      const [rps, cpu] = [of(name, 'rps'), of(name, 'cpu')]
      const listener = summarize(name === 'baseline' ? listeners.baseline : listeners.ours)
      return `| ${name} | ${n(rps.median)} | ${n(rps.min)}–${n(rps.max)} | ${cpu.median.toFixed(1)} | ${cpu.min.toFixed(1)}–${cpu.max.toFixed(1)} | ${listener.median.toFixed(2)} | ${listener.min.toFixed(2)}–${listener.max.toFixed(2)} |`
    }),
    '',
    'Pairs, this build ÷ baseline:',
    `- req/s: ${ratio('rps')}`,
    `- CPU per request, pinned: ${ratio('cpu')}`,
    `- CPU per request, listener alone (${BATCHES} pairs of ${BATCH_REQUESTS.toLocaleString('en')} requests in one process, alternating): median ${listenerRatios.median.toFixed(3)}, range ${listenerRatios.min.toFixed(3)}–${listenerRatios.max.toFixed(3)}`,
    '',
  ].join('\n'),
)
