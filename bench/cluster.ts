// One process against two (serve --workers 2): keyed GET /api/v1/generate/DE?count=1 with memory
// limits, measured in the same run, alternating. The load generator (autocannon, in this process)
// shares the machine's 2 cores with the server processes, so two processes cannot double the
// figure here: the comparison shows what the cluster costs or gains on this machine.
import { cannon, startServer, summarize, type Run } from './lib.ts'
import { machine, saveSection } from './sections.ts'

const QUICK = process.argv.includes('--quick')
const ROUNDS = QUICK ? 1 : 3
const SECONDS = QUICK ? 2 : 5
const PATH = '/api/v1/generate/DE?count=1'

const single = await startServer()
const pair = await startServer({ WORKERS: '2' })
const runs: Record<'one' | 'two', Run[]> = { one: [], two: [] }
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, server] of [
    ['one', single],
    ['two', pair],
  ] as const) {
    const url = server.url + PATH
    runs[name].push(await cannon(`${name} process(es)`, { url, headers: { 'x-api-key': server.key } }, SECONDS))
  }
}
await single.stop()
await pair.stop()

const one = summarize(runs.one.map((r) => r.rps))
const two = summarize(runs.two.map((r) => r.rps))
const p99 = (list: Run[]) => summarize(list.map((r) => r.p99)).median
const n = (value: number) => Math.round(value).toLocaleString('en')
const section = [
  '## Cluster',
  '',
  `Method: keyed \`GET ${PATH}\`, memory limits (counted by the primary process when there are two), autocannon with 50 connections, ${SECONDS} s per run, ${ROUNDS} round(s), alternating. The load generator shares the 2 cores with the servers.`,
  '',
  '| server | req/s (median) | range | p99 ms |',
  '|---|---:|---:|---:|',
  `| one process (WORKERS=1) | ${n(one.median)} | ${n(one.min)}–${n(one.max)} | ${p99(runs.one)} |`,
  `| two processes (WORKERS=2) | ${n(two.median)} | ${n(two.min)}–${n(two.max)} | ${p99(runs.two)} |`,
  '',
  `Two processes / one: ${(two.median / one.median).toFixed(2)}×.`,
].join('\n')
if (!QUICK) saveSection('cluster', section)
process.stdout.write(`${machine()}\n\n${section}\n`)
