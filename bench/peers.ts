// ibanmint against the servers a careful user would write instead of running it: keyed
// `GET /api/v1/generate/DE?count=1` on ibanmint, on the whole-job plain node:http peer
// (bench/peers/plain.ts) and on the Fastify 5 peer (bench/peers/fastify.ts), each in its own
// process (the peers compiled to JavaScript, as ibanmint is), with memory limits and with Redis
// limits (a redis-server started here). All three check the key by its hash in constant time,
// count it once, send the RateLimit headers and X-Request-Id, answer the same JSON, and write
// one access line per response to a file through an asynchronous destination. Runs come in
// pairs, ibanmint and a peer back to back; the machine's load average is recorded per round.
// Usage: npm run bench:peers [-- --quick [--save]]   (needs redis-server; --quick: 3 shorter pairs,
// saved for bench/RESULTS.md only with --save, then `node --import tsx bench/report.ts --only peers`)
import { mkdtempSync, readFileSync, rmSync, truncateSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { startRedis } from '../test/helpers/redis.ts'
import {
  LIMITED_KEY_LIMIT,
  cannon,
  startPeer,
  startServer,
  summarize,
  type Run,
  type Server,
  type StartOptions,
} from './lib.ts'
import { machine, saveSection } from './sections.ts'

const QUICK = process.argv.includes('--quick')
const SAVE = !QUICK || process.argv.includes('--save')
// Quick runs still give a median of three pairs: one pair on a shared machine can be off by half.
const ROUNDS = QUICK ? 3 : 5
const SECONDS = QUICK ? 2 : 5
const WARMUP = QUICK ? 0.5 : 1
const PATH = '/api/v1/generate/DE?count=1'

const PEERS = [
  { id: 'plain', name: 'whole-job plain node:http', short: 'plain node:http', target: 1.2 },
  { id: 'fastify', name: 'Fastify 5 with @fastify/rate-limit', short: 'Fastify 5', target: 1.3 },
] as const
const MODES = [
  { id: 'memory', name: 'memory limits' },
  { id: 'redis', name: 'Redis limits' },
] as const

type PeerId = (typeof PEERS)[number]['id']
type ModeId = (typeof MODES)[number]['id']

interface Contender {
  name: string
  server: Server
  /** The file its access log goes to. */
  log: string
}

// ---------------------------------------------------------------- checks

interface Answer {
  status: number
  headers: Headers
  text: string
}

async function get(server: Server, key: string | undefined): Promise<Answer> {
  const response = await fetch(server.url + PATH, { headers: key === undefined ? {} : { 'x-api-key': key } })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** The field names of a JSON value, in order, with their paths: what "the same shape" compares. */
function shape(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => shape(item, `${path}[]`))
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([name, inner]) => [`${path}.${name}`, ...shape(inner, `${path}.${name}`)])
}

function expect(ok: boolean, what: string, answer?: Answer): void {
  if (!ok) throw new Error(`${what}${answer === undefined ? '' : `: ${answer.status} ${answer.text.slice(0, 300)}`}`)
}

/** A 200 whose body parses and holds one DE IBAN, and the body. Run before every measured run. */
async function answersOneIban(contender: Contender): Promise<unknown> {
  const answer = await get(contender.server, contender.server.key)
  const what = `${contender.name}: GET ${PATH}`
  expect(answer.status === 200, `${what} is not a 200`, answer)
  const body = JSON.parse(answer.text) as { ibans?: { iban?: unknown; country?: unknown }[] }
  const [iban, ...more] = body.ibans ?? []
  expect(
    more.length === 0 && iban?.country === 'DE' && typeof iban.iban === 'string' && /^DE\d{20}$/.test(iban.iban),
    `${what} does not answer one DE IBAN`,
    answer,
  )
  return body
}

const RATE_LIMIT_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy']

/**
 * That a server does the whole job ibanmint does, once before any load: ibanmint's body shape
 * (same fields in the same order), X-Request-Id and the four RateLimit headers, ibanmint's 401
 * for a missing and a wrong key, and a 429 with ibanmint's error body past a key's limit.
 */
async function doesTheWholeJob(contender: Contender, reference: unknown): Promise<void> {
  const { server, name } = contender
  const body = await answersOneIban(contender)
  expect(shape(body).join() === shape(reference).join(), `${name}: another body shape than ibanmint's`)
  const ok = await get(server, server.key)
  for (const header of ['x-request-id', ...RATE_LIMIT_HEADERS])
    expect(ok.headers.has(header), `${name}: no ${header} header`, ok)
  const unauthorized =
    '{"error":{"code":"unauthorized","message":"a valid API key is required (X-API-Key header or Authorization: Bearer)"}}'
  const wrongSecret = server.key.slice(0, -1) + (server.key.endsWith('x') ? 'y' : 'x')
  for (const key of [undefined, `imk_${'0'.repeat(12)}_${'0'.repeat(32)}`, wrongSecret]) {
    const refused = await get(server, key)
    expect(refused.status === 401 && refused.text === unauthorized, `${name}: not ibanmint's 401`, refused)
    expect(refused.headers.has('www-authenticate'), `${name}: 401 without WWW-Authenticate`, refused)
  }
  const limited = server.limitedKey as string
  for (let i = 0; i < LIMITED_KEY_LIMIT; i++) {
    const allowed = await get(server, limited)
    expect(allowed.status === 200, `${name}: request ${i + 1} of a key limited to ${LIMITED_KEY_LIMIT}`, allowed)
  }
  const over = await get(server, limited)
  const message = new RegExp(`^rate limit of ${LIMITED_KEY_LIMIT} requests per minute exceeded; retry in \\d+ s$`)
  const error = (JSON.parse(over.text) as { error?: { code?: string; message?: string } }).error
  expect(
    over.status === 429 && error?.code === 'rate_limited' && message.test(error.message ?? ''),
    `${name}: not ibanmint's 429 past the limit`,
    over,
  )
  for (const header of ['retry-after', ...RATE_LIMIT_HEADERS])
    expect(over.headers.has(header), `${name}: 429 without ${header}`, over)
}

/** Newlines in a file. */
function linesOf(file: string): number {
  const bytes = readFileSync(file)
  let lines = 0
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines++
  return lines
}

/**
 * That the run was logged (at least one line per measured request reached the file; the
 * servers write asynchronously, so wait for them a moment), then empties the file.
 */
async function logged(contender: Contender, run: Run): Promise<void> {
  const deadline = Date.now() + 3_000
  let lines = linesOf(contender.log)
  while (lines < run.requests && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    lines = linesOf(contender.log)
  }
  expect(lines >= run.requests, `${contender.name}: ${lines} access lines for ${run.requests} requests`)
  truncateSync(contender.log, 0)
}

async function measure(contender: Contender, label: string): Promise<Run> {
  await answersOneIban(contender)
  const { server } = contender
  const run = await cannon(label, { url: server.url + PATH, headers: { 'x-api-key': server.key } }, SECONDS, WARMUP)
  await logged(contender, run)
  return run
}

// ---------------------------------------------------------------- runs

const redis = await startRedis()
const logs = mkdtempSync(join(tmpdir(), 'ibanmint-peers-logs-'))
const options = (name: string): StartOptions => ({ log: join(logs, `${name}.log`), limitedKey: true })

/** The three servers of a mode, started side by side (a start is mostly waiting). */
async function contenders(mode: ModeId): Promise<Record<'ibanmint' | PeerId, Contender>> {
  const env = mode === 'redis' ? { REDIS_URL: redis.url } : {}
  const start = async (name: string, id: string, server: (o: StartOptions) => Promise<Server>) => {
    const settings = options(`${id}-${mode}`)
    return { name: `${name} [${mode}]`, server: await server(settings), log: settings.log as string }
  }
  const [ibanmint, plain, fastify] = await Promise.all([
    start('ibanmint', 'ibanmint', (o) => startServer(env, o)),
    start('whole-job plain node:http', 'plain', (o) => startPeer('plain', env, o)),
    start('Fastify 5', 'fastify', (o) => startPeer('fastify', env, o)),
  ])
  return { ibanmint, plain, fastify }
}

const [memory, viaRedis] = await Promise.all([contenders('memory'), contenders('redis')])
const servers = { memory, redis: viaRedis }
for (const mode of MODES) {
  const set = servers[mode.id]
  const reference = await answersOneIban(set.ibanmint)
  for (const contender of Object.values(set)) await doesTheWholeJob(contender, reference)
}

interface Pair {
  ibanmint: Run
  peer: Run
}
const pairs = new Map<string, Pair[]>()
const pairKey = (mode: ModeId, peer: PeerId) => `${mode} ${peer}`

/** The one-minute load average at the start of each round and at the end. */
const loads: number[] = []
const load = () => {
  const now = loadavg()[0] as number
  loads.push(now)
  return now.toFixed(2)
}

for (let round = 1; round <= ROUNDS; round++) {
  console.error(`round ${round} of ${ROUNDS} (load average ${load()})`)
  for (const mode of MODES) {
    for (const peer of PEERS) {
      // Back to back, so that both halves of the ratio meet the same moment of the machine.
      const set = servers[mode.id]
      const ofIbanmint = await measure(set.ibanmint, `ibanmint [${mode.id}] (pair with ${peer.id})`)
      const ofPeer = await measure(set[peer.id], set[peer.id].name)
      const key = pairKey(mode.id, peer.id)
      pairs.set(key, [...(pairs.get(key) ?? []), { ibanmint: ofIbanmint, peer: ofPeer }])
    }
  }
}
console.error(`load average at the end ${load()}`)
for (const set of Object.values(servers)) for (const contender of Object.values(set)) await contender.server.stop()
await redis.stop()
rmSync(logs, { recursive: true, force: true })

// ---------------------------------------------------------------- report

const n = (value: number) => Math.round(value).toLocaleString('en')
const times = (value: number) => `${value.toFixed(2)}×`
const pairsOf = (mode: ModeId, peer: PeerId) => pairs.get(pairKey(mode, peer)) ?? []
const ratios = (mode: ModeId, peer: PeerId) => summarize(pairsOf(mode, peer).map((p) => p.ibanmint.rps / p.peer.rps))
const rpsOf = (runs: Run[]) => summarize(runs.map((r) => r.rps))
const p99Of = (runs: Run[]) => summarize(runs.map((r) => r.p99)).median

/** The targets this run missed, named as in the table. */
const missed: string[] = []
const targets = MODES.flatMap((mode) =>
  PEERS.map((peer) => {
    const ratio = ratios(mode.id, peer.id)
    const runs = pairsOf(mode.id, peer.id)
    const p99 = { ibanmint: p99Of(runs.map((p) => p.ibanmint)), peer: p99Of(runs.map((p) => p.peer)) }
    const met = ratio.median >= peer.target && p99.ibanmint <= p99.peer
    if (!met)
      missed.push(
        `${times(peer.target)} over ${peer.short} with ${mode.name} (${times(ratio.median)}, p99 ${p99.ibanmint} ms against ${p99.peer} ms)`,
      )
    const spread = `pairs ${times(ratio.min)}–${times(ratio.max)}`
    return `| ibanmint / ${peer.name}, ${mode.name} | ≥ ${times(peer.target)}, p99 not worse | ${times(ratio.median)} (${spread}), p99 ${p99.ibanmint} ms against ${p99.peer} ms | ${met ? 'met' : 'missed'} |`
  }),
)

const cells = (runs: Run[]) => {
  const rps = rpsOf(runs)
  return `${n(rps.median)} | ${n(rps.min)}–${n(rps.max)} | ${p99Of(runs)}`
}
const requestRows = PEERS.flatMap((peer) => {
  const side = (which: keyof Pair) => MODES.map((mode) => cells(pairsOf(mode.id, peer.id).map((p) => p[which])))
  return [
    `| ibanmint (paired with ${peer.short}) | ${side('ibanmint').join(' | ')} |`,
    `| ${peer.name} | ${side('peer').join(' | ')} |`,
  ]
})
const ratioRows = PEERS.map(
  (peer) =>
    `| ibanmint / ${peer.name} | ${MODES.map((mode) =>
      pairsOf(mode.id, peer.id)
        .map((p) => times(p.ibanmint.rps / p.peer.rps))
        .join(', '),
    ).join(' | ')} |`,
)

const loadRange = summarize(loads)
const busy = loadRange.median > cpus().length
const verdict = [
  missed.length === 0
    ? 'ibanmint met every target in this run.'
    : `ibanmint fell short in this run of ${missed.join('; ')}.`,
  busy
    ? `The machine was busy (median load average ${loadRange.median.toFixed(2)} on ${cpus().length} cores): every server ran well below its rate on an idle machine, and the pairs spread widely.`
    : '',
]
  .filter((text) => text !== '')
  .join(' ')
const section = [
  '## Peers',
  '',
  `Method: keyed \`GET ${PATH}\` on ibanmint and on two servers a careful user could write instead, each in its own process: autocannon with 50 connections, ${SECONDS} s per run after a ${WARMUP} s warm-up; ${ROUNDS} round(s), each running, with memory limits and then with Redis limits (one redis-server), ibanmint and a peer back to back, for one peer and then the other; a ratio is of the two runs of one pair, and a target is read from the median pair. Before any load every server is checked to answer ibanmint's body shape with X-Request-Id and the four RateLimit headers, ibanmint's 401 for a missing or wrong key and its 429 past a key's limit; before every run, a 200 with one DE IBAN. Any non-2xx, error or timeout fails the run, and so does an access log with fewer lines than the run's requests. All three write their access log to a file (ibanmint's stdout redirected). The one-minute load average, read at the start of each round and at the end, went from ${loadRange.min.toFixed(2)} to ${loadRange.max.toFixed(2)} (median ${loadRange.median.toFixed(2)}) on ${cpus().length} cores shared with other work.`,
  '',
  'The peers, per request, each written as a careful user writes it after profiling it as ibanmint is profiled (bench/pipeline.ts, bench/cost.ts), and run compiled to JavaScript (esbuild, no helpers added to functions) with plain `node`, as ibanmint runs from its build:',
  '',
  '- **whole-job plain node:http** (`bench/peers/plain.ts`): one request listener; the request id (the client’s `X-Request-Id` when it is a plain token, else a start-time prefix and a counter, as ibanmint and Fastify’s default `genReqId` make it); the route by a regular expression; the key `imk_<id>_<secret>` checked by its shape, its record found by id in memory, the SHA-256 digest of the secret (one-shot `crypto.hash`) compared with the stored one by `crypto.timingSafeEqual`; one `consume` of rate-limiter-flexible (`RateLimiterMemory`, or `RateLimiterRedis` on ioredis: one Lua call, one round trip); the query read with `URLSearchParams` and checked by hand; the result made by the library (`generateIbans`; the country part of a result made once per country) and written with `JSON.stringify`; one `writeHead` with X-Request-Id, RateLimit-Limit, -Remaining, -Reset, -Policy (the limit’s texts made once per key), Content-Type and Content-Length; one pino line per response on pino’s asynchronous destination as pino’s documentation sets it up (`pino.destination({ sync: false, minLength: 4096, periodicFlush: 1000 })`: some thirty lines per file write, the rest written every second and at exit; without `minLength` an asynchronous destination writes each line on its own, some 30 µs of CPU per response in a round trip to a libuv thread).',
  '- **Fastify 5 with @fastify/rate-limit** (`bench/peers/fastify.ts`): `genReqId` making the same request id, sent back from an `onRequest` hook that also checks the key the same way; @fastify/rate-limit keyed and limited by that key (`keyGenerator`, `max`), draft-spec headers, in memory or on Redis through its `redis` option with an ioredis client (one Lua call, one round trip), the hook adding RateLimit-Policy; params and query validated by ajv from JSON Schemas; the library’s result returned and serialized by fast-json-stringify from the response schema (both compiled once at start); one line per response from Fastify’s request logger (a `LogController` that logs the completed request only, with the key, route and status) on the same kind of pino logger, handed to Fastify as `loggerInstance` (Fastify’s own `logger.file` would write every line synchronously). Errors go through one `setErrorHandler` into ibanmint’s error body.',
  '',
  '### Targets',
  '',
  '| figure | target | result | |',
  '|---|---|---|---|',
  ...targets,
  '',
  verdict,
  '',
  '### Requests (median req/s of the runs; p99 in ms)',
  '',
  '| server | memory limits | range | p99 | Redis limits | range | p99 |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...requestRows,
  '',
  '### Pair ratios, round by round',
  '',
  '| pair | memory limits | Redis limits |',
  '|---|---|---|',
  ...ratioRows,
].join('\n')

if (SAVE) saveSection('peers', section)
process.stdout.write(`${machine()}\n\n${section}\n`)
