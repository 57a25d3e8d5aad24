// Shutdown of the real CLI server: SIGTERM under load and during 50 streaming downloads, and a
// second SIGTERM that cuts the wait short.
import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { Agent, request } from 'undici'
import { announces, listening } from '../helpers/process.ts'
import { freePort } from '../helpers/redis.ts'
import { waitFor } from '../helpers/wait.ts'
import { startLoad } from './load.ts'
import { record } from './report.ts'

const BIN = fileURLToPath(new URL('../../bin/ibanmint.js', import.meta.url))
const ROW = 84 // bytes of one DE csv row in random mode (no bank name: rows are all as long)
const HEADER = 'iban,iban_print,country,check_digits,bank,account,bank_name,bic,sepa\n'.length

interface Served {
  url: string
  key: string
  child: ChildProcess
  exited: Promise<{ code: number | null; at: number }>
}

async function serve(env: Record<string, string>, dirs: string[]): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-shutdown-'))
  dirs.push(dir)
  const port = await freePort()
  const base = { ...process.env, KEYS_FILE: join(dir, 'keys.json'), PORT: String(port), LOG_LEVEL: 'warn', ...env }
  const created = spawnSync(process.execPath, [BIN, 'keys', 'create', '--name', 'shutdown', '--limit', '1000000'], {
    env: base,
    encoding: 'utf8',
  })
  const child = spawn(process.execPath, [BIN, 'serve'], { env: base, stdio: ['ignore', 'ignore', 'pipe'] })
  await listening(child)
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: performance.now() })),
  )
  return { url: `http://127.0.0.1:${port}`, key: created.stdout.trim(), child, exited }
}

describe('reliability: shutdown', () => {
  const dirs: string[] = []
  const children: ChildProcess[] = []
  after(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  test('S3/O1: SIGTERM under load and 50 downloads: every completed response is whole; exit 0 in time', async () => {
    const deadline = 8_000
    const server = await serve({ SHUTDOWN_TIMEOUT_MS: String(deadline) }, dirs)
    children.push(server.child)
    const rows = 40_000
    const agent = new Agent({ connections: 60 })
    const downloads = Array.from({ length: 50 }, async () => {
      try {
        const response = await request(`${server.url}/api/v1/bulk/DE?count=${rows}&realistic=0`, {
          headers: { 'x-api-key': server.key },
          dispatcher: agent,
        })
        let bytes = 0
        for await (const chunk of response.body) bytes += (chunk as Buffer).length
        return { status: response.statusCode, bytes, error: undefined as string | undefined }
      } catch (error) {
        return { status: 0, bytes: -1, error: String(error) }
      }
    })
    const load = startLoad(`${server.url}/api/v1/generate/DE?count=3`, {
      headers: { 'x-api-key': server.key },
      workers: 4,
      maxSeconds: 20,
    })
    await waitFor(() => load.count >= 50, { timeout: 20_000 }) // the service under load, downloads under way
    const signalled = performance.now()
    const stopped = announces(server.child, 'no longer accepting')
    server.child.kill('SIGTERM')
    await stopped
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(false)
      })
      socket.once('error', () => resolve(true))
    })
    const results = await Promise.all(downloads)
    const exit = await server.exited
    const loadResult = await load.stop()
    await agent.close()
    const complete = results.filter((r) => r.error === undefined && r.status === 200)
    const truncated = complete.filter((r) => r.bytes !== HEADER + rows * ROW)
    assert.equal(truncated.length, 0, `${truncated.length} completed responses were truncated`)
    assert.equal(exit.code, 0)
    const took = exit.at - signalled
    assert.ok(took < deadline + 2_000, `exit after ${took} ms`)
    assert.ok(refused, 'new connections are refused once SIGTERM arrived')
    assert.equal(loadResult.fiveHundreds, 0)
    record(
      'S3/O1',
      'SIGTERM during 50 bulk downloads (40,000 rows each) and keyed load',
      `${complete.length}/50 downloads complete and whole, ${50 - complete.length} cut; 0 truncated; new connections refused; exit 0 after ${took.toFixed(0)} ms (deadline ${deadline} ms); ${loadResult.count} load requests, 0 × 5xx`,
    )
  })

  test('O2: a second SIGTERM exits at once', async () => {
    const server = await serve({ SHUTDOWN_TIMEOUT_MS: '60000' }, dirs)
    children.push(server.child)
    // A download that is never read keeps the first shutdown waiting.
    const stalled = request(`${server.url}/api/v1/bulk/DE?count=5000000`, { headers: { 'x-api-key': server.key } })
    const response = await stalled
    const stopping = announces(server.child, 'no longer accepting')
    server.child.kill('SIGTERM')
    await stopping
    assert.equal(server.child.exitCode, null, 'still finishing the download')
    const second = performance.now()
    server.child.kill('SIGTERM')
    const exit = await server.exited
    response.body.destroy()
    assert.equal(exit.code, 1)
    assert.ok(exit.at - second < 2_000)
    record('O2', 'Second SIGTERM while a download holds the first', `exit 1 after ${(exit.at - second).toFixed(0)} ms`)
  })
})
