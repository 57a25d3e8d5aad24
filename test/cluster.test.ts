// `ibanmint serve --workers 2`: two HTTP processes on one port, run as users run them (the
// built bin), with the key file and memory limits: the limit holds across the processes, a
// revoked key is refused by both within the documented bound, a killed process is replaced
// while the other keeps answering, and SIGTERM drains both.
import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { Agent, request } from 'undici'
import { freePort } from './helpers/redis.ts'
import { waitFor } from './helpers/wait.ts'
import { record } from './reliability/report.ts'

const BIN = fileURLToPath(new URL('../bin/ibanmint.js', import.meta.url))

/** The pids of the primary's children (the server processes). */
function children(pid: number): number[] {
  const out = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout
  return out.trim() === '' ? [] : out.trim().split('\n').map(Number)
}

describe('ibanmint serve --workers 2 (node:cluster, memory limits)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-cluster-'))
  // The revocation test sends many 401s on purpose: they must not trip the failed-authentication limit.
  const env = { ...process.env, KEYS_FILE: join(dir, 'keys.json'), LOG_LEVEL: 'info', AUTH_FAILURE_LIMIT: '100000' }
  let url = ''
  let child: ChildProcess
  let stdout = ''
  let exited: Promise<number | null>
  const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8' })
  const key = (...args: string[]) => cli('keys', 'create', '--name', 'cluster', ...args).stdout.trim()

  before(async () => {
    const port = await freePort()
    child = spawn(process.execPath, [BIN, 'serve', '--workers', '2'], {
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    let banner = ''
    child.stderr?.on('data', (chunk: Buffer) => (banner += chunk.toString()))
    await waitFor(() => banner.includes('listening on'), { timeout: 20_000, message: 'the cluster to listen' })
    assert.match(banner, /2 processes × \d+ generation threads/)
    url = `http://127.0.0.1:${port}`
  })
  after(async () => {
    if (child.exitCode === null) child.kill('SIGKILL')
    await exited
    rmSync(dir, { recursive: true, force: true })
  })

  test('two server processes answer on one port', async () => {
    assert.equal(children(child.pid as number).length, 2)
    assert.equal((await request(`${url}/healthz`)).statusCode, 200)
  })

  test('a key limited to 60 admits exactly 60 of 200 concurrent requests across the processes', async () => {
    const limited = key('--limit', '60')
    // Many connections, so that the primary shares them out between both processes.
    const agent = new Agent({ connections: 100, pipelining: 0 })
    try {
      const statuses = await Promise.all(
        Array.from({ length: 200 }, async () => {
          const res = await request(`${url}/api/v1/countries/DE`, {
            headers: { 'x-api-key': limited },
            dispatcher: agent,
          })
          await res.body.dump()
          return res.statusCode
        }),
      )
      const ok = statuses.filter((s) => s === 200).length
      const limitedOut = statuses.filter((s) => s === 429).length
      assert.deepEqual([ok, limitedOut], [60, 140])
      record(
        'L9',
        'Two processes (cluster), memory limits: limit 60, 200 concurrent requests',
        `${ok} × 200, ${limitedOut} × 429`,
      )
    } finally {
      await agent.close()
    }
  })

  /** True when ten fresh connections in a row (shared out between the processes) get `status`. */
  async function tenAnswer(apiKey: string, status: number): Promise<boolean> {
    for (let i = 0; i < 10; i++) {
      const res = await request(`${url}/api/v1/countries/DE`, { headers: { 'x-api-key': apiKey, connection: 'close' } })
      await res.body.dump()
      if (res.statusCode !== status) return false
    }
    return true
  }

  test('a revoked key is refused by every process within the documented bound', async () => {
    const revocable = key()
    const id = /^imk_([^_]+)_/.exec(revocable)?.[1] ?? ''
    // A new key is known to every process within about a second (each re-reads the key file at
    // most once a second); then both have it cached.
    await waitFor(() => tenAnswer(revocable, 200), {
      timeout: 5_000,
      interval: 100,
      message: 'every process to know the new key',
    })
    assert.equal(cli('keys', 'revoke', id).status, 0)
    const revoked = performance.now()
    // Refused: ten fresh connections in a row, shared out between the processes, all get 401.
    await waitFor(() => tenAnswer(revocable, 401), {
      timeout: 10_000,
      interval: 100,
      message: 'every process to refuse the revoked key',
    })
    const after = performance.now() - revoked
    assert.ok(after <= 6_500, `refused everywhere after ${after.toFixed(0)} ms`)
    record('A5', 'Revocation with two processes (cluster)', `refused by both after ${after.toFixed(0)} ms (bound 6 s)`)
  })

  test('a killed process is replaced and logged; the other answers meanwhile without a 5xx', async () => {
    const unlimited = key('--limit', '1000000000')
    await waitFor(
      async () => {
        const res = await request(`${url}/api/v1/countries/DE`, {
          headers: { 'x-api-key': unlimited, connection: 'close' },
        })
        await res.body.dump()
        return res.statusCode === 200
      },
      { message: 'the new key to be known' },
    )
    const before = children(child.pid as number)
    assert.equal(before.length, 2)
    const statuses = new Map<number, number>()
    let errors = 0
    let running = true
    const agent = new Agent({ connections: 8 })
    const load = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (running) {
          try {
            const res = await request(`${url}/api/v1/generate/DE?count=3`, {
              headers: { 'x-api-key': unlimited },
              dispatcher: agent,
            })
            await res.body.dump()
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
          } catch {
            errors++ // a connection of the killed process
          }
        }
      }),
    )
    try {
      await waitFor(() => (statuses.get(200) ?? 0) > 20, { message: 'the load to run' })
      process.kill(before[0] as number, 'SIGKILL')
      await waitFor(
        () => {
          const now = children(child.pid as number)
          return now.length === 2 && !now.includes(before[0] as number)
        },
        { timeout: 10_000, message: 'a replacement process' },
      )
      await waitFor(() => stdout.includes('a new one replaces it'), { message: 'the log line of the replacement' })
      const answered = statuses.get(200) ?? 0
      await waitFor(() => (statuses.get(200) ?? 0) > answered + 20, { message: 'answers after the replacement' })
    } finally {
      running = false
      await load
      await agent.close()
    }
    const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0)
    assert.equal(fiveHundreds, 0)
    assert.ok((statuses.get(200) ?? 0) > 50, `${statuses.get(200)} answered`)
    record(
      'W5',
      'A server process killed (cluster)',
      `replaced and logged; ${statuses.get(200)} × 200, 0 × 5xx, ${errors} connections of the killed process cut`,
    )
  })

  test('SIGTERM drains every process and the primary exits 0', async () => {
    const pids = children(child.pid as number)
    child.kill('SIGTERM')
    assert.equal(await exited, 0)
    for (const pid of pids) assert.throws(() => process.kill(pid, 0), 'the server processes are gone')
  })
})
