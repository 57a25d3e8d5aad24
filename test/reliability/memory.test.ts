// Memory under concurrent streams, against the server as users run it (`ibanmint serve` in its
// own process, with the default STREAM_MEMORY_MB; its resident memory read from /proc): one
// key's allowance of 8 bulk downloads at once, 24 (three keys), 100, each uncompressed, gzip and
// br, and 10,000,000-row downloads whose readers leave. Each download arrives whole or is refused
// before its 200 with a 503 naming the budget; the peak stays under idle + the budget + a margin
// for what no stream holds (the threads' heaps, the sockets); and once the streams have ended,
// resident memory returns to within RETURN_MB of idle (the server at rest after a warm burst in
// every coding, with the pages its allocator keeps for the next burst). The default run makes one
// round of each at 50,000 rows and leaves 24 downloads; IBANMINT_LONG_TESTS=1 makes three rounds
// at 100,000 rows and leaves 100 downloads, uncompressed, gzip and br.
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import { createBrotliDecompress, createGunzip } from 'node:zlib'
import { request } from 'undici'
import { DEFAULT_STREAM_MEMORY_MB } from '../../src/config.ts'
import { FileKeyStore } from '../../src/keys/file-store.ts'
import { mintKey } from '../../src/keys/key.ts'
import { LONG } from '../helpers/fixtures.ts'
import { BIN, listening } from '../helpers/process.ts'
import { freePort } from '../helpers/redis.ts'
import { waitFor } from '../helpers/wait.ts'
import { record } from './report.ts'

/** What the server may hold besides its streams' budget at its peak: the threads' heaps, sockets, parsers. */
const MARGIN_MB = 64
/**
 * How near idle resident memory must come once the streams have ended: the whole budget given
 * back, what stays no more than the margin allowed at the peak for what no stream holds (the
 * allocator keeps 20–50 MB of pages between bursts, varying from case to case).
 */
const RETURN_MB = MARGIN_MB
const ROWS = LONG ? 100_000 : 50_000
const ROUNDS = LONG ? 3 : 1
const STREAMS_PER_KEY = 8
const CODINGS = ['identity', 'gzip', 'br'] as const
type Coding = (typeof CODINGS)[number]

interface Server {
  url: string
  /**
   * Keys in two sets, taken in turn by each burst, so that a burst never meets the streams of the
   * one before (STREAMS_PER_KEY): the server may learn that a reader left after the test has.
   */
  keys: string[][]
  rss(): number
  /** The peak resident memory since the last reset (VmHWM; the kernel resets it on request). */
  peak(): number
  resetPeak(): void
  stop(): Promise<void>
}

const MB = 2 ** 20
const statusOf = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

async function serve(): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-memory-'))
  const keysFile = join(dir, 'keys.json')
  const store = new FileKeyStore(keysFile)
  const keys: string[][] = [[], []]
  for (const set of keys) {
    for (let i = 0; i < Math.ceil(100 / STREAMS_PER_KEY); i++) {
      const { key, record: minted } = mintKey({ name: `memory-${i}`, limit: null, expiresAt: null })
      await store.add(minted)
      set.push(key)
    }
  }
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, [BIN, 'serve'], {
    env: { ...process.env, KEYS_FILE: keysFile, PORT: String(port), RATE_LIMIT: '1000000000', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  await listening(child)
  const pid = child.pid as number
  return {
    url: `http://127.0.0.1:${port}`,
    keys,
    rss: () => statusOf(pid, 'VmRSS'),
    peak: () => statusOf(pid, 'VmHWM'),
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise((resolve) => {
          child.once('exit', resolve)
          child.kill('SIGTERM')
        })
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** How a download ended: whole, refused before its 200, or cut (never expected). */
type Outcome =
  { kind: 'complete' } | { kind: 'refused'; message: string; retryAfter: unknown } | { kind: 'cut'; why: string }

/** Lines of a body, decoded as it arrives. */
async function linesOf(body: Readable, coding: Coding): Promise<number> {
  const decoded =
    coding === 'identity' ? body : body.pipe(coding === 'gzip' ? createGunzip() : createBrotliDecompress())
  let lines = 0
  for await (const chunk of decoded) {
    const bytes = chunk as Buffer
    for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines++
  }
  return lines
}

/**
 * One bulk download of `count` csv rows as `coding`, read to its end (or, with `leaveAfter`,
 * until that many bytes arrived, then dropped).
 */
async function download(
  server: Server,
  key: string,
  coding: Coding,
  count: number,
  leaveAfter?: number,
): Promise<Outcome> {
  const controller = new AbortController()
  const response = await request(`${server.url}/api/v1/bulk/DE?count=${count}&format=csv`, {
    headers: { 'x-api-key': key, 'accept-encoding': coding },
    signal: controller.signal,
    headersTimeout: 600_000,
    bodyTimeout: 600_000,
  })
  if (response.statusCode === 503) {
    const { error } = (await response.body.json()) as { error: { code: string; message: string } }
    assert.equal(error.code, 'service_unavailable')
    return { kind: 'refused', message: error.message, retryAfter: response.headers['retry-after'] }
  }
  assert.equal(response.statusCode, 200)
  if (leaveAfter !== undefined) {
    let received = 0
    try {
      for await (const chunk of response.body) {
        received += (chunk as Buffer).length
        if (received >= leaveAfter) break
      }
    } finally {
      controller.abort()
    }
    return { kind: 'complete' }
  }
  try {
    const lines = await linesOf(response.body, coding)
    return lines === count + 1 ? { kind: 'complete' } : { kind: 'cut', why: `${lines} of ${count + 1} lines` }
  } catch (error) {
    return { kind: 'cut', why: String(error) }
  }
}

interface Measured {
  complete: number
  refused: number
  peak: number
  /** Resident memory once it came back near idle, and how long after the streams ended. */
  settled: number
  seconds: number
}

const mb = (value: number) => `${value.toFixed(0)} MB`

describe('reliability: memory under concurrent streams stays within the budget and returns', () => {
  let server: Server
  let idle = 0
  let bursts = 0
  /** `streams` runs at once, with the key set the last burst did not take, 8 streams a key. */
  function burst(streams: number, run: (key: string) => Promise<Outcome>): Promise<Outcome[]> {
    const keys = server.keys[bursts++ % 2] as string[]
    return Promise.all(Array.from({ length: streams }, (_, i) => run(keys[Math.floor(i / STREAMS_PER_KEY)] as string)))
  }
  const budget = DEFAULT_STREAM_MEMORY_MB
  const bound = () => idle + budget + MARGIN_MB

  before(async () => {
    server = await serve()
    // Warm: every coding once (the threads load their tables; the pool learns the batches' size),
    // then a burst of 100 at once in every coding: the memory allocator and the compressors keep
    // the pages a busy server has used (20–50 MB more on Node 24 after gzip and br, the same after
    // every later burst), so "idle" is the server at rest after work, and what must come back
    // after each case is what that case took, not pages the allocator keeps for the next one.
    for (const coding of CODINGS)
      assert.equal((await download(server, server.keys[0]?.[0] as string, coding, ROWS)).kind, 'complete')
    for (const coding of CODINGS) {
      const outcomes = await burst(100, (key) => download(server, key, coding, ROWS))
      assert.deepEqual(
        outcomes.filter((outcome) => outcome.kind === 'cut'),
        [],
        `${coding}: warm burst`,
      )
    }
    // Idle: resident memory held still for 3 s, longer than the pool waits before it lets kept slots go.
    const samples: number[] = []
    idle = await waitFor(
      () => {
        const last = samples.push(server.rss()) - 1
        const recent = samples.slice(Math.max(0, last - 2))
        return recent.length === 3 && Math.max(...recent) - Math.min(...recent) < 1 ? samples[last] : undefined
      },
      { timeout: 60_000, interval: 1_500, message: 'resident memory to settle after the warm-up' },
    )
  })
  after(async () => server?.stop())

  /** Runs `rounds` rounds of `streams` downloads at once and measures them. */
  async function measure(streams: number, run: (key: string) => Promise<Outcome>, rounds = ROUNDS): Promise<Measured> {
    server.resetPeak()
    const outcomes: Outcome[] = []
    for (let round = 0; round < rounds; round++) outcomes.push(...(await burst(streams, run)))
    const ended = performance.now()
    const peak = server.peak()
    const cut = outcomes.filter((outcome) => outcome.kind === 'cut')
    assert.deepEqual(cut, [], 'no download is cut after its 200')
    const refused = outcomes.filter((outcome) => outcome.kind === 'refused')
    for (const refusal of refused) {
      assert.match(refusal.message, /^the memory for streams is taken: .* budget \(STREAM_MEMORY_MB\)/)
      assert.equal(refusal.retryAfter, '1')
    }
    assert.ok(peak <= bound(), `peak ${mb(peak)} within idle ${mb(idle)} + the budget ${budget} MB + ${MARGIN_MB} MB`)
    const settled = await waitFor(() => (server.rss() <= idle + RETURN_MB ? server.rss() : undefined), {
      timeout: 60_000,
      interval: 100,
      message: `resident memory back within ${RETURN_MB} MB of idle (${mb(idle)})`,
    })
    return {
      complete: outcomes.length - refused.length,
      refused: refused.length,
      peak,
      settled,
      seconds: (performance.now() - ended) / 1000,
    }
  }

  const figure = (coding: string, result: Measured) =>
    `${coding}: ${result.complete} whole, ${result.refused} refused (503); peak ${mb(result.peak)}, ${mb(result.settled)} ${result.seconds.toFixed(1)} s after`

  for (const [id, streams, title] of [
    ['B1', 8, 'one key’s allowance'],
    ['B2', 24, 'three keys’ allowance'],
    ['B3', 100, 'thirteen keys'],
  ] as const) {
    test(`${id}: ${streams} bulk downloads at once (${title}), uncompressed, gzip and br: within the budget, and back near idle after`, async () => {
      const figures: string[] = []
      for (const coding of CODINGS) {
        const result = await measure(streams, (key) => download(server, key, coding, ROWS))
        // The default budget serves three keys at their allowance in full.
        if (streams <= 24) assert.equal(result.refused, 0, `${coding}: all ${streams} admitted`)
        else
          assert.ok(
            result.complete >= 24 && result.refused > 0,
            `${coding}: ${result.complete} admitted, the rest refused`,
          )
        figures.push(figure(coding, result))
      }
      record(
        id,
        `${streams} concurrent bulk downloads of ${ROWS.toLocaleString('en')} csv rows × ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} (STREAM_MEMORY_MB ${budget}; idle ${mb(idle)}, peak bound ${mb(bound())})`,
        figures.join('; '),
      )
    })
  }

  test('B4: 10,000,000-row downloads whose readers leave after their first megabytes: within the budget, and back near idle after', async () => {
    const [streams, codings] = LONG ? [100, CODINGS] : [24, ['identity', 'gzip'] as const]
    const figures: string[] = []
    for (const coding of codings) {
      const result = await measure(streams, (key) => download(server, key, coding, 10_000_000, 2 * MB), 1)
      figures.push(figure(coding, result).replace('whole', 'left'))
    }
    record(
      'B4',
      `${streams} concurrent downloads of 10,000,000 rows left after 2 MB (idle ${mb(idle)}, peak bound ${mb(bound())})`,
      figures.join('; '),
    )
  })
})
