// Payment files at volume through the HTTP path: one pain.001 of 10,000,000 transactions streamed
// from a fresh server (GET /api/v1/bulk/DE,FR?format=pain.001) to nowhere by undici, the server's
// resident memory sampled every 100 ms (and its peak, VmHWM) against the target of 250 MB; then
// pain.001 bytes per second against CSV bytes per second for the same rows of the same dataset,
// rounds alternating (target ≥ 0.5).
// Usage: node --import tsx bench/payments-volume.ts [--quick]        (after npm run build)
import { readFileSync } from 'node:fs'
import { availableParallelism, cpus } from 'node:os'
import { request } from 'undici'
import { peakRss, startServer, summarize, type Server } from './lib.ts'

const QUICK = process.argv.includes('--quick')
const VOLUME = QUICK ? 1_000_000 : 10_000_000
const RATE_ROWS = QUICK ? 500_000 : 2_000_000
const ROUNDS = QUICK ? 2 : 3
const QUERY = 'seed=volume&date=2026-03-02'

/** Resident memory of a process now (Linux VmRSS), in MB. */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
}

/** One download read to its end and dropped: bytes and seconds, and the server's largest RSS sample meanwhile. */
async function download(server: Server, path: string): Promise<{ bytes: number; seconds: number; rss: number }> {
  const pid = server.child.pid as number
  let rss = rssOf(pid)
  const sampler = setInterval(() => (rss = Math.max(rss, rssOf(pid))), 100)
  const started = performance.now()
  try {
    const res = await request(`${server.url}${path}`, { headers: { 'x-api-key': server.key } })
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${await res.body.text()}`)
    let bytes = 0
    for await (const chunk of res.body) bytes += (chunk as Buffer).length
    return { bytes, seconds: (performance.now() - started) / 1000, rss }
  } finally {
    clearInterval(sampler)
  }
}

const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}`
console.log(`# Payment files at volume (${machine})\n`)

// A fresh server, so that its peak RSS is that of this stream alone.
const fresh = await startServer()
try {
  const result = await download(fresh, `/api/v1/bulk/DE,FR?format=pain.001&count=${VOLUME}&${QUERY}`)
  const peak = Math.max(result.rss, peakRss(fresh.child.pid as number))
  console.log(
    `| pain.001 of ${VOLUME.toLocaleString('en')} transactions | bytes | MB/s | transactions/s | server peak RSS | target |`,
  )
  console.log('|---|---|---|---|---|---|')
  console.log(
    `| one file, undici to nowhere | ${(result.bytes / 1e9).toFixed(2)} GB | ${(result.bytes / 1e6 / result.seconds).toFixed(0)} | ${Math.round(VOLUME / result.seconds).toLocaleString('en')} | ${peak.toFixed(0)} MB | < 250 MB: ${peak < 250 ? 'met' : 'MISSED'} |`,
  )
} finally {
  await fresh.stop()
}

const server = await startServer()
try {
  const rates = { csv: [] as number[], 'pain.001': [] as number[] }
  const sizes = { csv: 0, 'pain.001': 0 }
  await download(server, `/api/v1/bulk/DE,FR?format=pain.001&count=20000&${QUERY}`) // warm-up: workers, plans
  for (let round = 0; round < ROUNDS; round++)
    for (const format of ['csv', 'pain.001'] as const) {
      const { bytes, seconds } = await download(
        server,
        `/api/v1/bulk/DE,FR?format=${format}&count=${RATE_ROWS}&${format === 'csv' ? 'seed=volume' : QUERY}`,
      )
      rates[format].push(bytes / 1e6 / seconds)
      sizes[format] = bytes
    }
  const csv = summarize(rates.csv).median
  const pain = summarize(rates['pain.001']).median
  console.log(
    `\n| ${RATE_ROWS.toLocaleString('en')} rows of DE,FR over HTTP, ${ROUNDS} rounds | bytes per row | MB/s (median) | rows/s | ÷ CSV MB/s |`,
  )
  console.log('|---|---|---|---|---|')
  for (const [name, rate] of [
    ['csv', csv],
    ['pain.001', pain],
  ] as const) {
    const perRow = sizes[name] / RATE_ROWS
    console.log(
      `| ${name} | ${perRow.toFixed(0)} | ${rate.toFixed(0)} | ${Math.round((rate * 1e6) / perRow).toLocaleString('en')} | ${(rate / csv).toFixed(2)} |`,
    )
  }
  console.log(
    `\npain.001 ÷ CSV bytes per second: ${(pain / csv).toFixed(2)} (target ≥ 0.5: ${pain / csv >= 0.5 ? 'met' : 'MISSED'})`,
  )
} finally {
  await server.stop()
}
