// Compression: the figures behind the levels of src/http/compression.ts, and what compression does
// to a bulk download.
//   1. Each gzip level and brotli quality on DE CSV and JSON download rows, one zlib stream in one
//      thread as the server runs it (64 KiB chunks): input MB/s, rows/s, ratio.
//   2. The bodies that never change (the country list, the OpenAPI document), compressed once:
//      size and time at the levels that give the smallest bodies.
//   3. A bulk download of BULK_ROWS DE CSV rows from a real server, uncompressed, gzip and br (curl
//      to /dev/null, not decoding: the server's rate), in rounds whose order alternates: rows/s,
//      bytes on the wire, and the ratio of rows/s to the uncompressed download of the same round.
// Usage: node --import tsx bench/compression.ts [--quick]   (needs curl; run npm run build first)
// It saves its section of bench/RESULTS.md (bench/report.ts --only compression puts it there).
import { spawnSync } from 'node:child_process'
import { constants, createBrotliCompress, createGzip, gunzipSync, type BrotliCompress, type Gzip } from 'node:zlib'
import { request } from 'undici'
import { batchesOf } from '../dist/src/formats/batches.js'
import { ByteWriter } from '../dist/src/formats/byte-writer.js'
import { renderBatch } from '../dist/src/formats/render.js'
import { startServer, summarize, type Server } from './lib.ts'
import { machine, saveSection } from './sections.ts'

const QUICK = process.argv.includes('--quick')
const SAMPLE_ROWS = QUICK ? 30_000 : 100_000
const BULK_ROWS = QUICK ? 500_000 : 2_000_000
const ROUNDS = QUICK ? 1 : 3

/** The rows of a seeded DE download in `format`, as the pool's batches render them. */
function sample(format: 'csv' | 'json', rows: number): Buffer[] {
  const writer = new ByteWriter(4 << 20)
  return [...batchesOf(rows)].map((batch) =>
    Buffer.from(
      renderBatch({ dataset: { countries: ['DE'], realistic: true, seed: 'bench' }, format, ...batch }, writer),
    ),
  )
}

/** Streams `chunks` through a compressor as the server does; resolves with its time and output size. */
async function throughStream(
  make: () => Gzip | BrotliCompress,
  chunks: Buffer[],
): Promise<{ ms: number; bytes: number }> {
  const encoder = make()
  let bytes = 0
  encoder.on('data', (chunk: Buffer) => (bytes += chunk.length))
  const ended = new Promise((resolve) => encoder.once('end', resolve))
  const started = performance.now()
  for (const chunk of chunks) if (!encoder.write(chunk)) await new Promise((resolve) => encoder.once('drain', resolve))
  encoder.end()
  await ended
  return { ms: performance.now() - started, bytes }
}

const gzipAt = (level: number) => () => createGzip({ level, chunkSize: 64 * 1024 })
const brotliAt = (quality: number, size?: number) => () =>
  createBrotliCompress({
    chunkSize: 64 * 1024,
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      ...(size === undefined ? {} : { [constants.BROTLI_PARAM_SIZE_HINT]: size }),
    },
  })

const n = (value: number) => Math.round(value).toLocaleString('en')
const lines: string[] = [
  '## Compression',
  '',
  `${machine()}.`,
  '',
  `### Levels: ${n(SAMPLE_ROWS)} DE rows through one compressor stream (one thread, 64 KiB chunks)`,
  '',
  '| format | coding | level | input MB/s | rows/s | ratio |',
  '|---|---|---:|---:|---:|---:|',
]
for (const format of ['csv', 'json'] as const) {
  const chunks = sample(format, SAMPLE_ROWS)
  const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0)
  const codings: [string, number, () => Gzip | BrotliCompress][] = [
    ...[1, 2, 3, 4, 5, 6, 9].map((level) => ['gzip', level, gzipAt(level)] as [string, number, () => Gzip]),
    ...[0, 1, 2, 3, 4, 5, 6].map(
      (quality) => ['br', quality, brotliAt(quality)] as [string, number, () => BrotliCompress],
    ),
  ]
  for (const [coding, level, make] of codings) {
    // The best of two runs: the figure least disturbed by the rest of the machine.
    const runs = [await throughStream(make, chunks), await throughStream(make, chunks)]
    const ms = Math.min(...runs.map((run) => run.ms))
    const bytes = runs[0]?.bytes ?? 1
    lines.push(
      `| ${format} | ${coding} | ${level} | ${(size / ms / 1e3).toFixed(0)} | ${n((SAMPLE_ROWS / ms) * 1e3)} | ${(size / bytes).toFixed(2)} |`,
    )
    process.stderr.write(
      `${format} ${coding} ${level}: ${(size / ms / 1e3).toFixed(0)} MB/s, ratio ${(size / bytes).toFixed(2)}\n`,
    )
  }
}

// ---------------------------------------------------------------- shared bodies and bulk

const server: Server = await startServer()
const bodies: [string, Buffer][] = []
for (const path of ['/api/v1/countries', '/api/v1/openapi.json']) {
  const res = await request(server.url + path, { headers: { 'x-api-key': server.key } })
  bodies.push([path, Buffer.from(await res.body.arrayBuffer())])
}
lines.push(
  '',
  '### Bodies that never change, compressed once (the first client that asks waits for it)',
  '',
  '| body | bytes | gzip 6 | gzip 9 | br 9 | br 11 | br 11 time |',
  '|---|---:|---:|---:|---:|---:|---:|',
)
for (const [path, body] of bodies) {
  const size = async (make: () => Gzip | BrotliCompress) => throughStream(make, [body])
  const [gzip6, gzip9, br9, br11] = [
    await size(gzipAt(6)),
    await size(gzipAt(9)),
    await size(brotliAt(9, body.length)),
    await size(brotliAt(11, body.length)),
  ]
  lines.push(
    `| ${path} | ${n(body.length)} | ${n(gzip6.bytes)} | ${n(gzip9.bytes)} | ${n(br9.bytes)} | ${n(br11.bytes)} | ${br11.ms.toFixed(0)} ms |`,
  )
}

interface Download {
  rowsPerSecond: number
  bytes: number
}

/** One seeded bulk download with curl to /dev/null, as `coding` (not decoded). */
function download(coding: 'identity' | 'gzip' | 'br'): Download {
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
      '-H',
      `accept-encoding: ${coding}`,
      `${server.url}/api/v1/bulk/DE?count=${BULK_ROWS}&seed=bench`,
    ],
    { encoding: 'utf8' },
  )
  const [status, bytes, seconds] = out.stdout.split(' ').map(Number) as [number, number, number]
  if (status !== 200) throw new Error(`bulk ${coding}: status ${status}`)
  return { rowsPerSecond: BULK_ROWS / seconds, bytes }
}

// The compressed stream decodes to the uncompressed one (a smaller download, checked in full).
{
  const path = `${server.url}/api/v1/bulk/DE?count=50000&seed=check`
  const plain = Buffer.from(await (await request(path, { headers: { 'x-api-key': server.key } })).body.arrayBuffer())
  const zipped = await request(path, { headers: { 'x-api-key': server.key, 'accept-encoding': 'gzip' } })
  if (!gunzipSync(Buffer.from(await zipped.body.arrayBuffer())).equals(plain)) throw new Error('gzip stream differs')
}
download('identity') // warm-up
const codings = ['identity', 'gzip', 'br'] as const
const downloads = new Map<string, Download[]>(codings.map((coding) => [coding, []]))
const ratios = new Map<string, number[]>(codings.map((coding) => [coding, []]))
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? codings : [...codings].reverse()
  const results = new Map<string, Download>()
  for (const coding of order) {
    const result = download(coding)
    results.set(coding, result)
    downloads.get(coding)?.push(result)
    process.stderr.write(`bulk ${coding}: ${n(result.rowsPerSecond)} rows/s, ${n(result.bytes)} bytes\n`)
  }
  for (const coding of codings)
    ratios.get(coding)?.push((results.get(coding)?.rowsPerSecond ?? 0) / (results.get('identity')?.rowsPerSecond ?? 1))
}
await server.stop()
const identityBytes = summarize((downloads.get('identity') ?? []).map((d) => d.bytes)).median
lines.push(
  '',
  `### Bulk: ${n(BULK_ROWS)} DE CSV rows (realistic, seeded) from a real server, curl to /dev/null without decoding, ${ROUNDS} round(s)`,
  '',
  '| Accept-Encoding | rows/s (median) | range | bytes on the wire | ratio | rows/s ÷ uncompressed (pairs, median) |',
  '|---|---:|---:|---:|---:|---:|',
  ...codings.map((coding) => {
    const rows = summarize((downloads.get(coding) ?? []).map((d) => d.rowsPerSecond))
    const bytes = summarize((downloads.get(coding) ?? []).map((d) => d.bytes)).median
    return `| ${coding} | ${n(rows.median)} | ${n(rows.min)}–${n(rows.max)} | ${n(bytes)} | ${(identityBytes / bytes).toFixed(2)} | ${summarize(ratios.get(coding) ?? []).median.toFixed(2)}× |`
  }),
  '',
  'The server, its two generation threads, its compressor (zlib’s thread pool) and curl share the machine’s 2 cores.',
  '',
)
saveSection('compression', lines.join('\n'))
process.stdout.write(`${lines.join('\n')}\n`)
