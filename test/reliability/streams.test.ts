// Streams under a full pool and under slow, absent or greedy clients, against the server as
// users run it (`ibanmint serve` in its own process, whose peak resident memory is read from
// /proc): a stream is refused before its 200 or completed, never cut after it; a failure after
// the 200 (a worker lost) is a last line naming it and a warning in the log; the request timeout
// counts only the time the client makes the server wait; a download nobody reads is cut at the
// idle timeout; a key may keep only STREAMS_PER_KEY streams open. The default run uses a small
// pool and short streams; IBANMINT_LONG_TESTS=1 runs the proofs at full size against the default
// pool: 100 validation streams of 100,000 rows, 100 bulk downloads, 30 bodies of 1,000,000 rows
// with the default request timeout, and the idle cut-off at its default 60 s.
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { after, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib'
import { request } from 'undici'
import { renderBatch } from '../../src/formats/render.ts'
import { COUNTRIES } from '../../src/iban/index.ts'
import { FileKeyStore } from '../../src/keys/file-store.ts'
import { mintKey } from '../../src/keys/key.ts'
import { assertError, startApp } from '../helpers/app.ts'
import { LONG } from '../helpers/fixtures.ts'
import { listening } from '../helpers/process.ts'
import { freePort } from '../helpers/redis.ts'
import { waitFor } from '../helpers/wait.ts'
import { record } from './report.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const BIN = join(ROOT, 'bin', 'ibanmint.js')
const FAULT_WORKER = fileURLToPath(new URL('../helpers/fault-worker.mjs', import.meta.url))
/** A refusal names what is full: the pool's places (POOL_MAX_QUEUE) or the streams' memory (STREAM_MEMORY_MB). */
const REFUSED =
  /^(?:the worker pool is full: its \d+ places .*|the memory for streams is taken: .* budget \(STREAM_MEMORY_MB\).*); retry shortly$/
/** Long enough for any answer of these cases: a stuck one fails the case, not the run. */
const CLIENT_TIMEOUT_MS = LONG ? 600_000 : 120_000

/** The text of a compressed body that was cut: what its compressor flushed. */
function decodeCut(body: Buffer, coding: 'identity' | 'gzip' | 'br'): string {
  if (coding === 'gzip') return gunzipSync(body, { finishFlush: zlib.Z_SYNC_FLUSH }).toString()
  if (coding === 'br') return brotliDecompressSync(body, { finishFlush: zlib.BROTLI_OPERATION_FLUSH }).toString()
  return body.toString()
}

/** The text of a whole compressed body (a truncated one throws). */
function decodeWhole(body: Buffer, coding: 'identity' | 'gzip' | 'br'): string {
  if (coding === 'gzip') return gunzipSync(body).toString()
  if (coding === 'br') return brotliDecompressSync(body).toString()
  return body.toString()
}

interface Served {
  url: string
  key: string
  /** The server's warnings and errors, parsed. */
  warnings: Record<string, unknown>[]
  /** Peak resident memory of the server process so far (Linux VmHWM), MB. */
  peakRss(): number
  stop(): Promise<void>
}

/** `ibanmint serve` in its own process, with one key; its log at warn level is kept. */
async function serve(env: Record<string, string>): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-streams-'))
  const keysFile = join(dir, 'keys.json')
  const { key, record: minted } = mintKey({ name: 'load', limit: null, expiresAt: null })
  await new FileKeyStore(keysFile).add(minted)
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, [BIN, 'serve'], {
    env: {
      ...process.env,
      KEYS_FILE: keysFile,
      PORT: String(port),
      RATE_LIMIT: '1000000000',
      STREAMS_PER_KEY: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const warnings: Record<string, unknown>[] = []
  createInterface({ input: child.stdout! }).on('line', (line) =>
    warnings.push(JSON.parse(line) as Record<string, unknown>),
  )
  await listening(child)
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    warnings,
    peakRss: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
    },
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

/**
 * The kernel's TCP table (Linux: /proc/net/tcp and tcp6): local and remote port, state, bytes
 * queued to send (not yet acknowledged) and bytes received but not read.
 */
function tcpTable(): { local: number; remote: number; state: string; unsent: number; unread: number }[] {
  const rows = []
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local = '', remote = '', state = '', queues = ''] = line.trim().split(/\s+/)
      if (local === '') continue
      const port = (address: string) => parseInt(address.slice(address.lastIndexOf(':') + 1), 16)
      const [unsent = '0', unread = '0'] = queues.split(':')
      rows.push({
        local: port(local),
        remote: port(remote),
        state,
        unsent: parseInt(unsent, 16),
        unread: parseInt(unread, 16),
      })
    }
  }
  return rows
}

/** How a stream ended: completed, refused before its 200 (503), or cut after its 200. */
type Outcome =
  { kind: 'complete' } | { kind: 'refused'; message: string; retryAfter: unknown } | { kind: 'cut'; why: string }

function tally(outcomes: Outcome[]) {
  const refused = outcomes.filter((o) => o.kind === 'refused')
  const cut = outcomes.filter((o) => o.kind === 'cut')
  return { complete: outcomes.filter((o) => o.kind === 'complete').length, refused, cut }
}

/** A refusal's answer: 503 with Retry-After and a message naming the full pool. */
async function refusalOf(response: Awaited<ReturnType<typeof request>>): Promise<Outcome> {
  const body = (await response.body.json()) as { error: { code: string; message: string } }
  assert.equal(body.error.code, 'service_unavailable')
  return { kind: 'refused', message: body.error.message, retryAfter: response.headers['retry-after'] }
}

/** IBAN lines of every country: `count` of them, one per line. */
function ibanLines(count: number): Buffer {
  const bytes = renderBatch({
    dataset: { countries: COUNTRIES.map((country) => country.code), realistic: true, seed: 'streams' },
    start: 0,
    count,
    format: 'txt',
    first: true,
    last: true,
  })
  return Buffer.from(bytes)
}

/** One streamed validation of `body` (`rows` IBANs), read to its end. */
async function validateOnce(served: Served, body: Buffer, rows: number): Promise<Outcome> {
  let status = 0
  try {
    const response = await request(`${served.url}/api/v1/validate/stream?format=text`, {
      method: 'POST',
      headers: { 'x-api-key': served.key, 'content-type': 'text/plain' },
      body,
      headersTimeout: CLIENT_TIMEOUT_MS,
      bodyTimeout: CLIENT_TIMEOUT_MS,
    })
    status = response.statusCode
    if (status === 503) return await refusalOf(response)
    assert.equal(status, 200)
    const text = await response.body.text()
    const last = text.slice(text.lastIndexOf('\n', text.length - 2) + 1)
    if (!last.startsWith('# summary ')) return { kind: 'cut', why: last.slice(0, 200) }
    const summary = JSON.parse(last.slice('# summary '.length)) as { rows: number; complete: boolean }
    assert.deepEqual([summary.rows, summary.complete], [rows, true])
    return { kind: 'complete' }
  } catch (error) {
    if (status === 200) return { kind: 'cut', why: String(error) }
    throw error
  }
}

/** One bulk download of `count` rows of `format`, read to its end and counted. */
async function downloadOnce(served: Served, count: number, format: 'txt' | 'csv'): Promise<Outcome> {
  let status = 0
  try {
    const response = await request(`${served.url}/api/v1/bulk/DE?count=${count}&format=${format}`, {
      headers: { 'x-api-key': served.key },
      headersTimeout: CLIENT_TIMEOUT_MS,
      bodyTimeout: CLIENT_TIMEOUT_MS,
    })
    status = response.statusCode
    if (status === 503) return await refusalOf(response)
    assert.equal(status, 200)
    let lines = 0
    for await (const chunk of response.body) {
      const bytes = chunk as Buffer
      for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines++
    }
    const expected = count + (format === 'csv' ? 1 : 0)
    return lines === expected ? { kind: 'complete' } : { kind: 'cut', why: `${lines} of ${expected} lines` }
  } catch (error) {
    if (status === 200) return { kind: 'cut', why: String(error) }
    throw error
  }
}

describe('reliability: streams under a full pool and slow, absent or greedy clients', () => {
  const cleanup: (() => unknown)[] = []
  after(async () => {
    for (const fn of cleanup.reverse()) await fn()
  })

  // The default pool (one thread per core, a queue of 256) in long runs; else one thread and a
  // queue of 4: room for three streams at once.
  const SMALL_POOL = { POOL_THREADS: '1', POOL_MAX_QUEUE: '4' }

  test('P1: validation streams beyond the pool: each is refused before its 200 (503 naming the pool) or completes, none is cut', async () => {
    const [streams, rows] = LONG ? [100, 100_000] : [10, 40_000]
    const served = await serve(LONG ? {} : SMALL_POOL)
    cleanup.push(() => served.stop())
    const body = ibanLines(rows)
    const started = performance.now()
    const outcomes = await Promise.all(Array.from({ length: streams }, () => validateOnce(served, body, rows)))
    const seconds = (performance.now() - started) / 1000
    const { complete, refused, cut } = tally(outcomes)
    assert.deepEqual(cut, [], 'no stream is cut after its 200')
    assert.ok(complete > 0, 'some complete')
    for (const refusal of refused) {
      assert.match(refusal.message, REFUSED)
      assert.equal(refusal.retryAfter, '1')
    }
    const peak = served.peakRss()
    record(
      'P1',
      `${streams} concurrent validation streams of ${rows.toLocaleString('en')} rows (${LONG ? 'default pool' : '1 thread, queue 4'})`,
      `${complete} complete, ${refused.length} refused before the 200 (503), 0 cut after it; ${seconds.toFixed(1)} s; server peak RSS ${peak.toFixed(0)} MB`,
    )
  })

  test('P2: bulk downloads beyond the pool: each is refused before its 200 or arrives whole', async () => {
    const [downloads, count] = LONG ? [100, 200_000] : [10, 100_000]
    const served = await serve(LONG ? {} : SMALL_POOL)
    cleanup.push(() => served.stop())
    const started = performance.now()
    const outcomes = await Promise.all(Array.from({ length: downloads }, () => downloadOnce(served, count, 'csv')))
    const seconds = (performance.now() - started) / 1000
    const { complete, refused, cut } = tally(outcomes)
    assert.deepEqual(cut, [], 'no download is cut after its 200')
    assert.ok(complete > 0, 'some complete')
    for (const refusal of refused) assert.match(refusal.message, REFUSED)
    const peak = served.peakRss()
    record(
      'P2',
      `${downloads} concurrent bulk downloads of ${count.toLocaleString('en')} csv rows (${LONG ? 'default pool' : '1 thread, queue 4'})`,
      `${complete} complete, ${refused.length} refused before the 200 (503), 0 cut after it; ${seconds.toFixed(1)} s; server peak RSS ${peak.toFixed(0)} MB`,
    )
  })

  test('P3: bodies the busy server reads slowly are not cut by the request timeout: it counts only the client’s time', async () => {
    // Long: 30 bodies of 1M rows, the default 30 s. Short: 6 of 500,000 on one thread with a 2 s
    // timeout; either way the server takes longer than the timeout to read them, for lack of CPU.
    const [bodies, rows, env] = LONG
      ? [30, 1_000_000, {}]
      : [6, 500_000, { POOL_THREADS: '1', REQUEST_TIMEOUT_MS: '2000' }]
    const served = await serve(env)
    cleanup.push(() => served.stop())
    const body = ibanLines(rows)
    const started = performance.now()
    const outcomes = await Promise.all(Array.from({ length: bodies }, () => validateOnce(served, body, rows)))
    const seconds = (performance.now() - started) / 1000
    const { complete, refused, cut } = tally(outcomes)
    assert.deepEqual([complete, refused.length, cut], [bodies, 0, []], 'every body is validated whole')
    const timeout = LONG ? 30 : 2
    assert.ok(seconds > timeout, `the run (${seconds.toFixed(1)} s) outlasted the request timeout (${timeout} s)`)
    const peak = served.peakRss()
    record(
      'P3',
      `${bodies} concurrent bodies of ${rows.toLocaleString('en')} rows sent at full speed (REQUEST_TIMEOUT_MS ${timeout * 1000})`,
      `${complete}/${bodies} complete in ${seconds.toFixed(1)} s; server peak RSS ${peak.toFixed(0)} MB`,
    )
  })

  test('P4: a download nobody reads is cut once it was idle for the timeout, and its batches stop', async () => {
    // Long: the server as users run it, 60 s. Short: in this process, 5 s.
    const idle = LONG ? 60_000 : 5_000
    const app = LONG
      ? undefined
      : await startApp({ after: (fn) => cleanup.push(fn) }, { start: { timeouts: { socketTimeout: idle } } })
    const served = LONG ? await serve({}) : undefined
    if (served !== undefined) cleanup.push(() => served.stop())
    const url = new URL(served?.url ?? (app?.url as string))
    const key = served?.key ?? app?.auth['x-api-key']
    const socket = connect(Number(url.port), url.hostname)
    socket.pause() // never reads a byte
    socket.on('error', () => {})
    await new Promise((resolve) => socket.once('connect', resolve))
    const started = performance.now()
    socket.write(`GET /api/v1/bulk/DE?count=10000000 HTTP/1.1\r\nHost: ${url.host}\r\nX-API-Key: ${key}\r\n\r\n`)
    // The paused client would notice the close only when it read: the connection is watched in
    // the kernel's table instead. Bytes move until the client's receive buffer and the server's
    // send buffer are full (megabytes on loopback): from then on nothing moves, and the idle time runs.
    let moved = ''
    let unread = 0
    let lastMoved = performance.now()
    await waitFor(
      () => {
        const table = tcpTable()
        const port = Number(url.port)
        const client = table.find((row) => row.local === socket.localPort && row.remote === port)
        const server = table.find((row) => row.local === port && row.remote === socket.localPort)
        if (server === undefined || server.state !== '01') return true
        const now = `${client?.unread}:${server.unsent}`
        if (now !== moved) {
          moved = now
          unread = client?.unread ?? 0
          lastMoved = performance.now()
        }
        return false
      },
      { timeout: idle * 3, interval: 20, message: 'the server to close the stalled connection' },
    )
    const closedAt = performance.now()
    const stalled = closedAt - lastMoved
    socket.destroy()
    assert.ok(unread > 0, 'bytes reached the client')
    // Never before the timeout (a slow reader is not cut); how soon after it is a figure for the
    // table, not an assertion: a loaded machine delays the cut and the watch alike.
    assert.ok(
      stalled >= idle * 0.95,
      `cut ${stalled.toFixed(0)} ms after the last byte moved (idle timeout ${idle} ms)`,
    )
    if (app !== undefined)
      await waitFor(() => app.service.pool.outstanding === 0, { message: 'the stream’s batches to stop' })
    record(
      'P4',
      `A bulk download whose client never reads (idle timeout ${idle / 1000} s${LONG ? ', the default' : ''})`,
      `cut ${(stalled / 1000).toFixed(2)} s after the last byte moved (${((stalled / idle - 1) * 100).toFixed(1)}% over the timeout; ${((closedAt - started) / 1000).toFixed(2)} s after the request, ${(unread / 2 ** 20).toFixed(1)} MB unread); its batches stopped${served === undefined ? '' : `; server peak RSS ${served.peakRss().toFixed(0)} MB`}`,
    )
  })

  test('P5: a key keeps at most STREAMS_PER_KEY streams open: one more is a 429 naming it; other keys are unaffected', async () => {
    const app = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { STREAMS_PER_KEY: '2' } })
    const { key } = await app.createKey()
    const headers = { 'x-api-key': key }
    // Two downloads held open: their clients read nothing more.
    const held = await Promise.all(
      [1, 2].map(async () => {
        const response = await request(`${app.url}/api/v1/bulk/DE?count=10000000`, { headers })
        assert.equal(response.statusCode, 200)
        return response
      }),
    )
    const third = await app.call('GET', '/api/v1/bulk/DE?count=10', { headers })
    assert.equal(
      assertError(third, 429, 'rate_limited'),
      'this key already has 2 streams open, the most it may have at once (STREAMS_PER_KEY 2); retry when one has ended',
    )
    assert.equal(third.headers['retry-after'], '2')
    const validation = await app.call('POST', '/api/v1/validate/stream', {
      headers: { ...headers, 'content-type': 'text/plain' },
      raw: 'DE89370400440532013000\n',
    })
    assertError(validation, 429, 'rate_limited')
    assert.equal((await app.call('GET', '/api/v1/bulk/DE?count=10', { headers: app.auth })).status, 200, 'another key')
    assert.equal((await app.call('GET', '/api/v1/generate/DE?count=1', { headers })).status, 200, 'not a stream')
    held[0]?.body.destroy()
    await waitFor(async () => (await app.call('GET', '/api/v1/bulk/DE?count=10', { headers })).status === 200, {
      message: 'a place once a stream has ended',
    })
    held[1]?.body.destroy()
    record(
      'P5',
      'STREAMS_PER_KEY 2: a third stream of one key, another key, a plain request, then one stream ends',
      '429 naming STREAMS_PER_KEY (Retry-After 2); other key 200; plain request 200; 200 once a stream ended',
    )
  })

  for (const coding of ['identity', 'gzip', 'br'] as const)
    test(`P6${coding === 'identity' ? '' : ` (${coding})`}: a failure after the 200 is the answer’s last line, naming it, and a warning in the log`, async () => {
      const app = await startApp(
        { after: (fn) => cleanup.push(fn) },
        { env: { POOL_THREADS: '2' }, start: { workerModule: FAULT_WORKER } },
      )
      const accept = { 'accept-encoding': coding }
      // A download whose second batch fails: its first rows, the failure line, then a cut (no last chunk).
      const download = await request(`${app.url}/api/v1/bulk/DE?count=100000&format=csv&seed=fault:throw-later`, {
        headers: { ...app.auth, ...accept },
      })
      assert.equal(download.statusCode, 200)
      assert.equal(download.headers['content-encoding'], coding === 'identity' ? undefined : coding)
      const chunks: Buffer[] = []
      let incomplete = false
      try {
        for await (const chunk of download.body) chunks.push(chunk as Buffer)
      } catch {
        incomplete = true
      }
      assert.ok(incomplete, 'the client sees the transfer incomplete')
      // A compressed body is cut too: what was flushed decodes, and the compressed stream never ends.
      const text = decodeCut(Buffer.concat(chunks), coding)
      assert.equal(text.split('\n').length - 2, 10_001, 'the header and the first batch, then the failure line')
      assert.match(
        text,
        /\n# error \{"error":\{"code":"service_unavailable","message":"generation failed; retry"\}\}\n$/,
      )
      // A validation whose third batch fails: rows, then the failure as the last line, no summary.
      const rows = ibanLines(3_000).toString().trimEnd().split('\n')
      rows.splice(2_500, 0, 'FAULT-THROW')
      const validation = await request(`${app.url}/api/v1/validate/stream`, {
        method: 'POST',
        headers: { ...app.auth, 'content-type': 'text/plain', ...accept },
        body: `${rows.join('\n')}\n`,
      })
      assert.equal(validation.statusCode, 200)
      assert.equal(validation.headers['content-encoding'], coding === 'identity' ? undefined : coding)
      // Ended, not cut: the compressed stream is whole.
      const answer = decodeWhole(Buffer.from(await validation.body.arrayBuffer()), coding)
        .trimEnd()
        .split('\n')
      assert.ok(answer.length > 1_000, 'rows came first')
      assert.deepEqual(JSON.parse(answer.at(-1) as string), {
        error: {
          code: 'service_unavailable',
          message: 'validation failed: a worker thread crashed or ran out of memory; retry',
        },
      })
      const warnings = await waitFor(
        async () => {
          await app.call('GET', '/healthz') // app.logs is read again on each call
          const found = app.logs.filter(
            (line) =>
              line['level'] === 40 && String(line['msg']).startsWith('response failed after its headers were sent'),
          )
          return found.length >= 2 ? found : undefined
        },
        { message: 'both warnings' },
      )
      assert.deepEqual(
        warnings.map((line) => line['route']),
        ['/api/v1/bulk/{country}', '/api/v1/validate/stream'],
      )
      if (coding === 'identity')
        record(
          'P6',
          'A worker failing mid-download and mid-validation',
          'download: rows, "# error {…}" line, connection cut; validation: rows, then the error line last; both logged at warn with the cause',
        )
      else
        record(
          `P6${coding}`,
          `A worker failing mid-download and mid-validation, ${coding}-compressed`,
          'download: the failure line decodes last, connection cut; validation: the compressed answer ends with the error line',
        )
    })

  test('P4 (gzip): a compressed download nobody reads is still cut once it was idle for the timeout', async () => {
    const idle = 5_000
    const app = await startApp({ after: (fn) => cleanup.push(fn) }, { start: { timeouts: { socketTimeout: idle } } })
    const url = new URL(app.url)
    const socket = connect(Number(url.port), url.hostname)
    socket.pause() // never reads a byte
    socket.on('error', () => {})
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(
      `GET /api/v1/bulk/DE?count=10000000 HTTP/1.1\r\nHost: ${url.host}\r\nX-API-Key: ${app.auth['x-api-key']}\r\nAccept-Encoding: gzip\r\n\r\n`,
    )
    let moved = ''
    let lastMoved = performance.now()
    await waitFor(
      () => {
        const table = tcpTable()
        const port = Number(url.port)
        const client = table.find((row) => row.local === socket.localPort && row.remote === port)
        const server = table.find((row) => row.local === port && row.remote === socket.localPort)
        if (server === undefined || server.state !== '01') return true
        const now = `${client?.unread}:${server.unsent}`
        if (now !== moved) {
          moved = now
          lastMoved = performance.now()
        }
        return false
      },
      { timeout: idle * 6, interval: 20, message: 'the server to close the stalled connection' },
    )
    const stalled = performance.now() - lastMoved
    socket.destroy()
    // Never before the timeout (a slow reader is not cut); how soon after it is a figure for the
    // table, not an assertion: a loaded machine delays the cut and the watch alike.
    assert.ok(
      stalled >= idle * 0.95,
      `cut ${stalled.toFixed(0)} ms after the last byte moved (idle timeout ${idle} ms)`,
    )
    await waitFor(() => app.service.pool.outstanding === 0, { message: 'the stream’s batches to stop' })
  })
})
