// HTTP benchmarks against real servers in their own processes: every endpoint with memory
// limits and with Redis limits (a redis-server started here), the MCP tool call next to its
// REST equivalent, a 10,000,000-row bulk download, and inline vs pool for JSON generate.
// A bare node:http hello-world is measured in the same rounds; every figure is also a ratio to it.
// Usage: npm run bench:http [-- --quick]   (needs curl and redis-server)
import { spawnSync } from 'node:child_process'
import { startRedis } from '../test/helpers/redis.ts'
import { batchesOf } from '../dist/src/formats/batches.js'
import { ByteWriter } from '../dist/src/formats/byte-writer.js'
import { renderBatch } from '../dist/src/formats/render.js'
import { generateIbans } from '../packages/iban/dist/index.js'
import {
  cannon,
  peakRss,
  startBareMcp,
  startHello,
  startServer,
  summarize,
  type Load,
  type Run,
  type Server,
  type Summary,
} from './lib.ts'
import { machine, saveSection } from './sections.ts'

const QUICK = process.argv.includes('--quick')
const ROUNDS = QUICK ? 1 : 3
const SECONDS = QUICK ? 1 : 5
const WARMUP = QUICK ? 0.5 : 1
const BULK_ROWS = QUICK ? 1_000_000 : 10_000_000

interface Scenario {
  name: string
  load(server: Server): Load
  quick?: boolean
}

const BATCH = JSON.stringify({ ibans: generateIbans('DE', 100).map((i) => i.iban) })
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

function mcpCall(era: 'modern' | 'legacy'): (server: Server) => Load {
  const params: Record<string, unknown> = { name: 'generate_iban', arguments: { country: 'DE' } }
  if (era === 'modern') {
    params['_meta'] = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    }
  }
  const headers: Record<string, string> =
    era === 'modern'
      ? {
          ...MCP_HEADERS,
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'generate_iban',
        }
      : { ...MCP_HEADERS, 'mcp-protocol-version': '2025-11-25' }
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params })
  return (server) => ({ url: `${server.url}/mcp`, method: 'POST', headers, body })
}

function keyed(path: string, extra: Partial<Load> = {}): (server: Server) => Load {
  return (server) => ({ url: server.url + path, headers: { 'x-api-key': server.key, ...extra.headers }, ...extra })
}

const SCENARIOS: Scenario[] = [
  {
    name: 'GET /healthz (no key, no limit: the pipeline’s floor)',
    load: (s) => ({ url: `${s.url}/healthz` }),
    quick: true,
  },
  { name: 'GET /api/v1 (index)', load: (s) => ({ url: `${s.url}/api/v1` }) },
  { name: 'GET /api/v1/countries', load: keyed('/api/v1/countries') },
  { name: 'GET /api/v1/generate/DE?count=1', load: keyed('/api/v1/generate/DE?count=1'), quick: true },
  { name: 'GET /api/v1/generate/DE?count=100', load: keyed('/api/v1/generate/DE?count=100') },
  {
    name: 'POST /api/v1/generate {DE, count 1}',
    load: (s) => ({
      ...keyed('/api/v1/generate')(s),
      method: 'POST',
      headers: { 'x-api-key': s.key, 'content-type': 'application/json' },
      body: '{"country":"DE"}',
    }),
    quick: true,
  },
  { name: 'GET /api/v1/validate/{iban}', load: keyed('/api/v1/validate/DE89370400440532013000'), quick: true },
  {
    name: 'POST /api/v1/validate/batch (100 IBANs)',
    load: (s) => ({
      url: `${s.url}/api/v1/validate/batch`,
      method: 'POST',
      headers: { 'x-api-key': s.key, 'content-type': 'application/json' },
      body: BATCH,
    }),
  },
  { name: 'GET /export/DE?count=100 (csv)', load: (s) => ({ url: `${s.url}/export/DE?count=100` }) },
  { name: 'MCP tools/call generate_iban (2026-07-28)', load: mcpCall('modern'), quick: true },
  { name: 'MCP tools/call generate_iban (2025-11-25)', load: mcpCall('legacy') },
]

const REST_EQUIVALENT = 'POST /api/v1/generate {DE, count 1}'
const scenarios = SCENARIOS.filter((s) => !QUICK || s.quick === true)

// ---------------------------------------------------------------- request scenarios

const redis = await startRedis()
const hello = await startHello()
const bareMcp = await startBareMcp()
const servers = { memory: await startServer(), redis: await startServer({ REDIS_URL: redis.url }) }
const runs = new Map<string, Run[]>()
const record = (key: string, run: Run) => runs.set(key, [...(runs.get(key) ?? []), run])

for (let round = 1; round <= ROUNDS; round++) {
  console.error(`round ${round} of ${ROUNDS}`)
  record('hello', await cannon('bare node:http hello', { url: hello.url }, SECONDS, WARMUP))
  record('bare-mcp', await cannon('bare MCP SDK server (ceiling)', mcpCall('modern')(bareMcp), SECONDS, WARMUP))
  for (const limits of ['memory', 'redis'] as const) {
    for (const scenario of scenarios) {
      const name = `${scenario.name} [${limits}]`
      record(name, await cannon(name, scenario.load(servers[limits]), SECONDS, WARMUP))
    }
  }
}
await hello.stop()
await bareMcp.stop()

const rps = (key: string): Summary => summarize((runs.get(key) ?? []).map((r) => r.rps))
const p99 = (key: string): Summary => summarize((runs.get(key) ?? []).map((r) => r.p99))
const base = rps('hello').median
const n = (value: number) => Math.round(value).toLocaleString('en')
const range = (s: Summary, unit = '') => `${n(s.min)}–${n(s.max)}${unit}`

const requestRows = [
  `| bare node:http hello (baseline) | ${n(base)} | ${range(rps('hello'))} | ${p99('hello').median} | 1.00× | — |`,
]
requestRows.push(
  `| bare MCP SDK server, tools/call with a constant result (the SDK’s ceiling) | ${n(rps('bare-mcp').median)} | ${range(rps('bare-mcp'))} | ${p99('bare-mcp').median} | ${(rps('bare-mcp').median / base).toFixed(2)}× | — |`,
)
for (const scenario of scenarios) {
  const memory = `${scenario.name} [memory]`
  const viaRedis = `${scenario.name} [redis]`
  requestRows.push(
    `| ${scenario.name} | ${n(rps(memory).median)} | ${range(rps(memory))} | ${p99(memory).median} | ${(rps(memory).median / base).toFixed(2)}× | ${n(rps(viaRedis).median)} (${(rps(viaRedis).median / base).toFixed(2)}×, p99 ${p99(viaRedis).median} ms) |`,
  )
}

// ---------------------------------------------------------------- bulk

/** The byte length of a seeded bulk download, rendered here once: completeness is a byte count. */
function expectedBytes(realistic: boolean): number {
  let bytes = 0
  const writer = new ByteWriter(4 << 20)
  for (const batch of batchesOf(BULK_ROWS)) {
    bytes += renderBatch(
      { dataset: { countries: ['DE'], realistic, seed: 'bench' }, format: 'csv', ...batch },
      writer,
    ).length
  }
  return bytes
}

/** One seeded bulk download with curl to /dev/null, checked complete by its byte count. */
function bulk(
  server: Server,
  realistic: boolean,
  expected: number,
): { mbps: number; rowsPerSecond: number; seconds: number } {
  const url = `${server.url}/api/v1/bulk/DE?count=${BULK_ROWS}&realistic=${realistic ? 1 : 0}&seed=bench`
  const out = spawnSync(
    'curl',
    [
      '-s',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code} %{size_download} %{time_total}',
      '-H',
      `x-api-key: ${server.key}`,
      url,
    ],
    { encoding: 'utf8' },
  )
  const [status, size, seconds] = out.stdout.split(' ').map(Number) as [number, number, number]
  if (status !== 200 || size !== expected)
    throw new Error(`bulk: status ${status}, ${size} bytes, ${expected} expected`)
  const result = { mbps: size / seconds / 1e6, rowsPerSecond: BULK_ROWS / seconds, seconds }
  console.error(`bulk ${BULK_ROWS} rows realistic=${realistic}: ${result.mbps.toFixed(0)} MB/s`)
  return result
}

await servers.memory.stop()
await servers.redis.stop()
const bulkRows: string[] = []
const bulkFigures: { mbps: number; rss: number }[] = []
for (const realistic of [true, false]) {
  // A fresh server per mode, so that its peak RSS is that of the streaming alone.
  const server = await startServer({ REDIS_URL: redis.url })
  const expected = expectedBytes(realistic)
  const results = Array.from({ length: ROUNDS }, () => bulk(server, realistic, expected))
  const rss = peakRss(server.child.pid as number)
  await server.stop()
  const mbps = summarize(results.map((r) => r.mbps))
  const rows = summarize(results.map((r) => r.rowsPerSecond))
  bulkFigures.push({ mbps: mbps.median, rss })
  bulkRows.push(
    `| ${realistic ? 'realistic (default)' : 'random'} | ${mbps.median.toFixed(0)} | ${mbps.min.toFixed(0)}–${mbps.max.toFixed(0)} | ${n(rows.median)} | ${rss.toFixed(0)} MB |`,
  )
}
await redis.stop()

// ---------------------------------------------------------------- inline vs pool

const inlineRows: string[] = []
if (!QUICK) {
  const inline = await startServer({ POOL_INLINE_MAX: '100' })
  const pooled = await startServer({ POOL_INLINE_MAX: '0' })
  for (const count of [1, 10, 100]) {
    const path = `/api/v1/generate/DE?count=${count}`
    const a: Run[] = []
    const b: Run[] = []
    for (let round = 0; round < ROUNDS; round++) {
      a.push(await cannon(`count ${count} inline`, keyed(path)(inline), SECONDS))
      b.push(await cannon(`count ${count} pool`, keyed(path)(pooled), SECONDS))
    }
    const ra = summarize(a.map((r) => r.rps))
    const rb = summarize(b.map((r) => r.rps))
    inlineRows.push(
      `| ${count} | ${n(ra.median)} (${range(ra)}) | ${summarize(a.map((r) => r.p99)).median} | ${n(rb.median)} (${range(rb)}) | ${summarize(b.map((r) => r.p99)).median} | ${(ra.median / rb.median).toFixed(2)}× |`,
    )
  }
  await inline.stop()
  await pooled.stop()
}

// ---------------------------------------------------------------- report

const verdict = (ok: boolean) => (ok ? 'met' : 'missed')
const ratioOf = (key: string) => rps(key).median / base
const measured = (key: string) => runs.has(key)
const count1 = 'GET /api/v1/generate/DE?count=1'
const mcp = 'MCP tools/call generate_iban (2026-07-28)'
const targets = [
  `| keyed GET /generate/DE count 1, memory limits | ≥ 0.70× hello, p99 ≤ 5 ms | ${ratioOf(`${count1} [memory]`).toFixed(2)}×, p99 ${p99(`${count1} [memory]`).median} ms | ${verdict(ratioOf(`${count1} [memory]`) >= 0.7 && p99(`${count1} [memory]`).median <= 5)} |`,
  `| same, Redis limits | ≥ 0.45× hello | ${ratioOf(`${count1} [redis]`).toFixed(2)}× | ${verdict(ratioOf(`${count1} [redis]`) >= 0.45)} |`,
  measured('GET /api/v1/generate/DE?count=100 [memory]')
    ? `| GET /generate/DE count 100 | ≥ 0.10× hello | ${ratioOf('GET /api/v1/generate/DE?count=100 [memory]').toFixed(2)}× | ${verdict(ratioOf('GET /api/v1/generate/DE?count=100 [memory]') >= 0.1)} |`
    : '| GET /generate/DE count 100 | ≥ 0.10× hello | not in quick runs | |',
  `| GET /validate | ≥ 0.70× hello | ${ratioOf('GET /api/v1/validate/{iban} [memory]').toFixed(2)}× | ${verdict(ratioOf('GET /api/v1/validate/{iban} [memory]') >= 0.7)} |`,
  `| MCP tools/call generate_iban | ≥ 0.5× REST (${REST_EQUIVALENT}) | ${(rps(`${mcp} [memory]`).median / rps(`${REST_EQUIVALENT} [memory]`).median).toFixed(2)}×; the bare SDK’s ceiling is ${(rps('bare-mcp').median / rps(`${REST_EQUIVALENT} [memory]`).median).toFixed(2)}× and ibanmint reaches ${((100 * rps(`${mcp} [memory]`).median) / rps('bare-mcp').median).toFixed(0)}% of it | ${verdict(rps(`${mcp} [memory]`).median / rps(`${REST_EQUIVALENT} [memory]`).median >= 0.5)} |`,
  `| bulk ${n(BULK_ROWS)} CSV rows | ≥ 300 MB/s, RSS < 200 MB | ${bulkFigures.map((f) => `${f.mbps.toFixed(0)} MB/s, ${f.rss.toFixed(0)} MB`).join('; ')} | ${verdict(bulkFigures.every((f) => f.mbps >= 300 && f.rss < 200))} |`,
]

const section = [
  '## HTTP',
  '',
  `Method: each server in its own process (access logs on, as in production); autocannon with 50 connections, ${SECONDS} s per run after a 1 s warm-up, ${ROUNDS} round(s); each round measures the bare node:http hello first, then every scenario against a server with memory limits and one with Redis limits. Any non-2xx, error or timeout fails the run. Keys have a limit high enough never to answer 429. Ratios are of medians.`,
  '',
  '### Targets',
  '',
  '| figure | target | result | |',
  '|---|---|---|---|',
  ...targets,
  '',
  '### Requests (median req/s; p99 in ms)',
  '',
  '| scenario | memory limits | range | p99 | × hello | Redis limits |',
  '|---|---:|---:|---:|---:|---:|',
  ...requestRows,
  '',
  `### Bulk: ${n(BULK_ROWS)} DE CSV rows to one client (curl to /dev/null), Redis limits`,
  '',
  '| mode | MB/s | range | rows/s | server peak RSS |',
  '|---|---:|---:|---:|---:|',
  ...bulkRows,
  '',
  'The client, the server’s main thread and its two worker threads share the machine’s 2 cores.',
  '',
  ...(inlineRows.length === 0
    ? []
    : [
        '### JSON generate inline vs worker pool (memory limits): the basis of POOL_INLINE_MAX',
        '',
        '| count | inline req/s (range) | inline p99 | pool req/s (range) | pool p99 | inline / pool |',
        '|---:|---:|---:|---:|---:|---:|',
        ...inlineRows,
        '',
      ]),
].join('\n')

if (!QUICK) saveSection('http', section)
process.stdout.write(`${machine()}\n\n${section}\n`)
