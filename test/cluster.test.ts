// `ibanmint serve --workers 2`: two HTTP processes on one port, run as users run them (the
// built bin), with the key file and memory limits, in each way of sharing the port this Node
// line has (WORKERS_LISTEN: `shared` everywhere, `reuseport` on Linux with Node 22.12 and later):
// each process accepts its own connections (from one shared listening socket, or each from its
// own with SO_REUSEPORT), the limit holds across the processes, a revoked key is refused by both
// within the documented bound, a killed process is replaced while the other keeps answering and
// no request is left waiting, and SIGTERM drains both. PORT=0: both on one port; a port taken by
// another program: the primary exits 1 with the cause, not a silent wait.
import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { Agent, request } from 'undici'
import { hasReusePort, portSharing, type PortSharing } from '../src/config.ts'
import { listenOptions } from '../src/main.ts'
import { freePort } from './helpers/redis.ts'
import { waitFor } from './helpers/wait.ts'
import { record } from './reliability/report.ts'

const BIN = fileURLToPath(new URL('../bin/ibanmint.js', import.meta.url))

/** The pids of the primary's children (the server processes). */
function children(pid: number): number[] {
  const out = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout
  return out.trim() === '' ? [] : out.trim().split('\n').map(Number)
}

/** The ways of sharing the port that this platform and Node line have. */
const SHARINGS: PortSharing[] = hasReusePort() ? ['reuseport', 'shared'] : ['shared']

/** The listening TCP sockets on `port` held by each of `pids` (from /proc, Linux), as socket inodes. */
function listenersOn(port: number, pids: number[]): Map<number, string[]> {
  const hex = port.toString(16).toUpperCase().padStart(4, '0')
  const inodes = new Set<string>()
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/)
      // local address, state 0A (LISTEN), inode
      if (fields[1]?.endsWith(`:${hex}`) && fields[3] === '0A') inodes.add(fields[9] as string)
    }
  }
  const held = new Map<number, string[]>()
  for (const pid of pids) {
    const sockets = readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        const inode = readlinkSync(`/proc/${pid}/fd/${fd}`).slice(8, -1)
        return inodes.has(inode) ? [inode] : []
      } catch {
        return [] // closed meanwhile
      }
    })
    if (sockets.length > 0) held.set(pid, [...new Set(sockets)])
  }
  return held
}

/**
 * Each server process accepts its own connections: with `reuseport` each holds a listening socket
 * of its own and the primary none; with `shared` they all hold the one socket the primary bound.
 */
function assertListening(sharing: PortSharing, port: number, primary: number, pids: number[]): void {
  const held = listenersOn(port, [primary, ...pids])
  if (sharing === 'reuseport') {
    assert.deepEqual([...held.keys()].sort(), [...pids].sort(), 'the processes listen, the primary does not')
    const sockets = [...held.values()].flat()
    assert.equal(new Set(sockets).size, pids.length, 'a socket of its own each')
  } else {
    assert.deepEqual([...held.keys()].sort(), [primary, ...pids].sort(), 'every process holds the socket')
    assert.equal(new Set([...held.values()].flat()).size, 1, 'one listening socket')
  }
}

for (const sharing of SHARINGS)
  describe(`ibanmint serve --workers 2, WORKERS_LISTEN=${sharing} (node:cluster, memory limits)`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'ibanmint-cluster-'))
    // The revocation test sends many 401s on purpose: they must not trip the failed-authentication limit.
    const env = {
      ...process.env,
      KEYS_FILE: join(dir, 'keys.json'),
      LOG_LEVEL: 'info',
      AUTH_FAILURE_LIMIT: '100000',
      WORKERS_LISTEN: sharing,
    }
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
      assert.match(
        banner,
        sharing === 'reuseport'
          ? /2 processes × \d+ generation threads, each binding the port/
          : /2 processes × \d+ generation threads, one listening socket shared/,
      )
      url = `http://127.0.0.1:${port}`
    })
    after(async () => {
      if (child.exitCode === null) child.kill('SIGKILL')
      await exited
      rmSync(dir, { recursive: true, force: true })
    })

    test('two server processes answer on one port, each accepting its own connections', async () => {
      const pids = children(child.pid as number)
      assert.equal(pids.length, 2)
      assert.equal((await request(`${url}/healthz`)).statusCode, 200)
      assertListening(sharing, Number(new URL(url).port), child.pid as number, pids)
    })

    test('a key limited to 60 admits exactly 60 of 200 concurrent requests across the processes', async () => {
      const limited = key('--limit', '60')
      // Many connections, so that the kernel shares them out between both processes.
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

    test('/metrics, whichever process a scrape reaches, adds up both: ibanmint_processes 2, counters that only grow', async () => {
      const scraper = key('--limit', '100000')
      const counted = (text: string) =>
        Number(
          /^ibanmint_http_requests_total\{route="\/api\/v1\/countries\/\{code\}",status="429",access="key"\} (\d+)$/m.exec(
            text,
          )?.[1],
        )
      const seen: number[] = []
      // Fresh connections, shared out between the processes by the kernel.
      for (let i = 0; i < 8; i++) {
        const res = await request(`${url}/metrics`, { headers: { 'x-api-key': scraper, connection: 'close' } })
        const text = await res.body.text()
        assert.equal(res.statusCode, 200)
        assert.match(text, /^ibanmint_processes 2$/m)
        seen.push(counted(text))
      }
      // The 140 refusals of the limit test above were answered by both processes; each scrape sees all of them.
      assert.deepEqual(
        seen,
        Array.from({ length: 8 }, () => 140),
      )
    })

    /** True when ten fresh connections in a row (shared out between the processes) get `status`. */
    async function tenAnswer(apiKey: string, status: number): Promise<boolean> {
      for (let i = 0; i < 10; i++) {
        const res = await request(`${url}/api/v1/countries/DE`, {
          headers: { 'x-api-key': apiKey, connection: 'close' },
        })
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
      record(
        'A5',
        'Revocation with two processes (cluster)',
        `refused by both after ${after.toFixed(0)} ms (bound 6 s)`,
      )
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
      let unanswered = 0
      let running = true
      // A request left waiting counts (it would otherwise hold the test): the killed process's
      // connections must fail at once, never hang. Half the clients open a connection per request,
      // so that connections are being made when the process dies.
      const agent = new Agent({ connections: 8, headersTimeout: 10_000, bodyTimeout: 10_000 })
      const load = Promise.all(
        Array.from({ length: 8 }, async (_, client) => {
          while (running) {
            try {
              const res = await request(`${url}/api/v1/generate/DE?count=3`, {
                headers: { 'x-api-key': unlimited, ...(client % 2 === 1 ? { connection: 'close' } : {}) },
                dispatcher: agent,
              })
              await res.body.dump()
              statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
            } catch (error) {
              if (/TIMEOUT/.test((error as { code?: string }).code ?? '')) unanswered++
              else errors++ // a connection of the killed process
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
      assert.equal(unanswered, 0, 'requests left waiting for an answer')
      assert.ok((statuses.get(200) ?? 0) > 50, `${statuses.get(200)} answered`)
      record(
        sharing === 'reuseport' ? 'W5' : 'W5s',
        `A server process killed (cluster, WORKERS_LISTEN=${sharing})`,
        `replaced and logged; ${statuses.get(200)} × 200, 0 × 5xx, 0 left waiting, ${errors} connections of the killed process cut`,
      )
    })

    test('SIGTERM drains every process and the primary exits 0', async () => {
      const pids = children(child.pid as number)
      child.kill('SIGTERM')
      assert.equal(await exited, 0)
      for (const pid of pids) assert.throws(() => process.kill(pid, 0), 'the server processes are gone')
    })
  })

for (const sharing of SHARINGS)
  test(`PORT=0 with --workers 2, WORKERS_LISTEN=${sharing}: both processes listen on the one free port picked`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ibanmint-cluster-any-'))
    const child = spawn(process.execPath, [BIN, 'serve', '--workers', '2'], {
      env: { ...process.env, KEYS_FILE: join(dir, 'keys.json'), PORT: '0', LOG_LEVEL: 'warn', WORKERS_LISTEN: sharing },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    const exited = new Promise((resolve) => child.once('exit', resolve))
    try {
      let banner = ''
      child.stderr?.on('data', (chunk: Buffer) => (banner += chunk.toString()))
      const found = await waitFor(() => /listening on (http:\/\/\S+)/.exec(banner), {
        timeout: 20_000,
        message: 'the cluster to listen',
      })
      const port = Number(new URL(found[1] as string).port)
      assert.ok(port > 0, found[1])
      const pids = children(child.pid as number)
      assert.equal(pids.length, 2)
      assertListening(sharing, port, child.pid as number, pids)
      assert.equal((await request(`${found[1]}/healthz`)).statusCode, 200)
    } finally {
      child.kill('SIGTERM')
      await exited
      rmSync(dir, { recursive: true, force: true })
    }
  })

for (const sharing of SHARINGS)
  test(`a port taken by another program: serve --workers 2, WORKERS_LISTEN=${sharing}, exits 1 naming the cause`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ibanmint-cluster-taken-'))
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    try {
      const port = (taken.address() as AddressInfo).port
      const child = spawn(process.execPath, [BIN, 'serve', '--workers', '2'], {
        env: {
          ...process.env,
          KEYS_FILE: join(dir, 'keys.json'),
          PORT: String(port),
          LOG_LEVEL: 'warn',
          WORKERS_LISTEN: sharing,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stderr = ''
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      child.stdout?.resume()
      const code = await new Promise((resolve) => child.once('exit', resolve))
      assert.equal(code, 1)
      assert.match(stderr, new RegExp(`EADDRINUSE.*127\\.0\\.0\\.1:${port}`))
      assert.match(stderr, /server processes keep exiting at start/)
    } finally {
      taken.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

test('WORKERS_LISTEN=auto: reuseport on Linux with Node 22.12, 23.1 or later, shared elsewhere', () => {
  assert.equal(portSharing(undefined, 'linux', '24.0.0'), 'reuseport')
  assert.equal(portSharing('auto', 'linux', '22.12.0'), 'reuseport')
  assert.equal(portSharing('', 'linux', '23.1.0'), 'reuseport')
  assert.equal(portSharing(undefined, 'linux', '23.0.0'), 'shared')
  assert.equal(portSharing(undefined, 'linux', '22.11.0'), 'shared')
  assert.equal(portSharing(undefined, 'linux', '20.20.2'), 'shared')
  assert.equal(portSharing(undefined, 'darwin', '24.0.0'), 'shared')
  assert.equal(portSharing(undefined, 'win32', '24.0.0'), 'shared')
})

test('WORKERS_LISTEN=shared is taken everywhere; reuseport where it exists, else a message naming the variable', () => {
  assert.equal(portSharing('shared', 'linux', '24.0.0'), 'shared')
  assert.equal(portSharing('reuseport', 'linux', '24.0.0'), 'reuseport')
  assert.throws(
    () => portSharing('reuseport', 'linux', '20.20.2'),
    /WORKERS_LISTEN=reuseport needs Linux and Node 22\.12/,
  )
  assert.throws(() => portSharing('reuseport', 'darwin', '24.0.0'), /WORKERS_LISTEN=reuseport needs/)
  assert.throws(
    () => portSharing('roundrobin', 'linux', '24.0.0'),
    /WORKERS_LISTEN must be auto, reuseport or shared, got "roundrobin"/,
  )
})

test('listenOptions: a clustered process binds the port itself only with reuseport', () => {
  const own = { host: '127.0.0.1', port: 8080, exclusive: true, reusePort: true }
  const asked = { host: '127.0.0.1', port: 8080 }
  const config = (portSharing: PortSharing) => ({ host: '127.0.0.1', port: 8080, portSharing })
  assert.deepEqual(listenOptions(config('reuseport'), true), own)
  assert.deepEqual(listenOptions(config('shared'), true), asked)
  assert.deepEqual(listenOptions(config('reuseport'), false), asked)
  assert.deepEqual(listenOptions(config('shared'), false), asked)
})
