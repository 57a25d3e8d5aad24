// Bulk against the minimal writer: 2,000,000 realistic DE CSV rows (seeded) over HTTP to
// `curl -o /dev/null`, from ibanmint (`GET /api/v1/bulk/DE`, memory limits, its worker pool) and
// from bench/peers/bulk-writer.ts (one node:http handler on one thread filling 64 KiB buffers with
// the library's rows in the spec's six columns). The two download in turn, the order turning
// every round; a ratio is of one round's two downloads, the target read from the median round.
// Each server's peak RSS is read after its last download. Target: ibanmint ≥ 1.5× the writer's
// rows/s, with flat memory.
// Usage: npm run bench:bulk [-- --quick]   (--quick: 3 rounds instead of 7)
import { spawnSync } from 'node:child_process'
import { cpus, loadavg } from 'node:os'
import { peakRss, startPeer, startServer, summarize, type Server } from './lib.ts'
import { machine, saveSection } from './sections.ts'

const QUICK = process.argv.includes('--quick')
const ROUNDS = QUICK ? 3 : 7
const ROWS = 2_000_000
const TARGET = 1.5

interface Download {
  rowsPerSecond: number
  bytes: number
}

/** One seeded download with curl to /dev/null. */
function download(server: Server): Download {
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
      `${server.url}/api/v1/bulk/DE?count=${ROWS}&seed=bench`,
    ],
    { encoding: 'utf8' },
  )
  const [status, bytes, seconds] = out.stdout.split(' ').map(Number) as [number, number, number]
  if (status !== 200) throw new Error(`bulk from ${server.url}: status ${status}`)
  return { rowsPerSecond: ROWS / seconds, bytes }
}

const n = (value: number) => Math.round(value).toLocaleString('en')

const contenders = [
  { name: 'ibanmint GET /api/v1/bulk/DE (csv, memory limits)', server: await startServer() },
  { name: 'minimal single-thread writer (bench/peers/bulk-writer.ts)', server: await startPeer('writer') },
]
const downloads = contenders.map((): Download[] => [])
const ratios: number[] = []
const loads: number[] = []
let rss: number[] = []
try {
  for (const contender of contenders) download(contender.server) // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    loads.push(loadavg()[0] ?? 0)
    const order = round % 2 === 0 ? [0, 1] : [1, 0]
    for (const i of order) {
      const result = download((contenders[i] as (typeof contenders)[number]).server)
      downloads[i]?.push(result)
      process.stderr.write(`${contenders[i]?.name}: ${n(result.rowsPerSecond)} rows/s\n`)
    }
    ratios.push((downloads[0]?.at(-1)?.rowsPerSecond ?? 0) / (downloads[1]?.at(-1)?.rowsPerSecond ?? 1))
  }
  loads.push(loadavg()[0] ?? 0)
} finally {
  rss = contenders.map((contender) => peakRss(contender.server.child.pid ?? 0))
  for (const contender of contenders) await contender.server.stop()
}

const ratio = summarize(ratios)
const load = summarize(loads)
const lines = [
  '## Bulk against a minimal writer',
  '',
  `Method: ${n(ROWS)} realistic DE CSV rows (seed \`bench\`) over HTTP to \`curl -o /dev/null\`, from ibanmint's \`GET /api/v1/bulk/DE\` (memory limits, its worker pool) and from a minimal single-thread writer (\`bench/peers/bulk-writer.ts\`: one node:http handler filling 64 KiB buffers with the library's rows from the same seed, in the spec's six columns), each in its own process; ${ROUNDS} rounds after one warm-up download each, the two in turn, the order turning every round. A ratio is of one round's two downloads; the target is read from the median round. ${machine()}; the one-minute load average went from ${load.min.toFixed(2)} to ${load.max.toFixed(2)} (median ${load.median.toFixed(2)}) on ${cpus().length} cores shared with other work.`,
  '',
  '| server | rows/s (median) | range | bytes | peak RSS |',
  '|---|---:|---:|---:|---:|',
  ...contenders.map((contender, i) => {
    const rows = summarize((downloads[i] ?? []).map((d) => d.rowsPerSecond))
    const bytes = summarize((downloads[i] ?? []).map((d) => d.bytes)).median
    return `| ${contender.name} | ${n(rows.median)} | ${n(rows.min)}–${n(rows.max)} | ${n(bytes)} | ${(rss[i] ?? 0).toFixed(0)} MB |`
  }),
  '',
  `ibanmint / minimal writer, rows/s: ${ratio.median.toFixed(2)}× (rounds ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')}); target ≥ ${TARGET}×: ${ratio.median >= TARGET ? 'met' : 'missed'}.`,
  '',
  'ibanmint writes nine columns in realistic mode (bank_name, bic and sepa beside the six), so its bytes are more than the writer’s for the same rows.',
  '',
]
saveSection('bulk', lines.join('\n'))
process.stdout.write(`${lines.join('\n')}\n`)
