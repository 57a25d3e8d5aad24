// One process against two (serve --workers 2), in each way of sharing the port this Node line has
// (WORKERS_LISTEN reuseport and shared): keyed GET /api/v1/generate/DE?count=1 with memory
// limits, measured in the same run, alternating. The load generator (autocannon, in this process)
// shares the machine's 2 cores with the server processes, so two processes cannot double the
// figure here: the comparison shows what the cluster costs or gains on this machine.
import { hasReusePort, type PortSharing } from '../src/config.ts'
import { cannon, startServer, summarize, type Run } from './lib.ts'
import { machine, saveSection } from './sections.ts'

const QUICK = process.argv.includes('--quick')
const ROUNDS = QUICK ? 1 : 3
const SECONDS = QUICK ? 2 : 5
const PATH = '/api/v1/generate/DE?count=1'

const sharings: PortSharing[] = hasReusePort() ? ['reuseport', 'shared'] : ['shared']
const servers = [
  { name: 'one process (WORKERS=1)', server: await startServer() },
  ...(await Promise.all(
    sharings.map(async (sharing) => ({
      name: `two processes (WORKERS=2, WORKERS_LISTEN=${sharing})`,
      server: await startServer({ WORKERS: '2', WORKERS_LISTEN: sharing }),
    })),
  )),
]
const runs = new Map<string, Run[]>(servers.map(({ name }) => [name, []]))
for (let round = 0; round < ROUNDS; round++) {
  for (const { name, server } of servers) {
    const url = server.url + PATH
    runs.get(name)?.push(await cannon(name, { url, headers: { 'x-api-key': server.key } }, SECONDS))
  }
}
for (const { server } of servers) await server.stop()

const p99 = (list: Run[]) => summarize(list.map((r) => r.p99)).median
const n = (value: number) => Math.round(value).toLocaleString('en')
const rows = servers.map(({ name }) => {
  const list = runs.get(name) ?? []
  return { name, rps: summarize(list.map((r) => r.rps)), p99: p99(list) }
})
const one = rows[0]?.rps.median ?? 1
const section = [
  '## Cluster',
  '',
  `Method: keyed \`GET ${PATH}\`, memory limits (counted by the primary process when there are two), autocannon with 50 connections, ${SECONDS} s per run, ${ROUNDS} round(s), alternating, Node ${process.versions.node}. The load generator shares the 2 cores with the servers.`,
  '',
  '| server | req/s (median) | range | p99 ms | / one process |',
  '|---|---:|---:|---:|---:|',
  ...rows.map(
    ({ name, rps, p99 }) =>
      `| ${name} | ${n(rps.median)} | ${n(rps.min)}–${n(rps.max)} | ${p99} | ${(rps.median / one).toFixed(2)}× |`,
  ),
].join('\n')
if (!QUICK) saveSection('cluster', section)
process.stdout.write(`${machine()}\n\n${section}\n`)
