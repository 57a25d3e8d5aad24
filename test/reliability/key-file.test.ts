// The key file under writers in many processes at once: keys created or revoked together are
// all kept, a revocation racing creations holds, and a writer killed (kill -9) at any moment
// leaves a file that parses, holding every change that was acknowledged, and a lock that the
// next writer gets. The writers are separate processes running the built store (dist/), as
// the `ibanmint keys` commands do; the last cases run those commands themselves beside a
// running server. IBANMINT_LONG_TESTS=1 runs ten times the rounds.
import assert from 'node:assert/strict'
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { after, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { LONG } from '../helpers/fixtures.ts'
import { FileKeyStore } from '../../src/keys/file-store.ts'
import { mintKey } from '../../src/keys/key.ts'
import { assertError, startApp } from '../helpers/app.ts'
import { waitFor } from '../helpers/wait.ts'
import { record } from './report.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const BIN = join(ROOT, 'bin', 'ibanmint.js')
const WRITER = join(ROOT, 'test', 'helpers', 'key-writer.mjs')
const run = promisify(execFile)

interface KeyFileRecord {
  id: string
  revoked_at: string | null
}

/** The key file as it is now: it must parse as one. */
function readKeyFile(path: string): Map<string, KeyFileRecord> {
  const file = JSON.parse(readFileSync(path, 'utf8')) as { version: number; keys: KeyFileRecord[] }
  assert.equal(file.version, 1)
  return new Map(file.keys.map((key) => [key.id, key]))
}

/** A key-writer.mjs process: commands in, answer lines out. */
class Writer {
  readonly child: ChildProcess
  readonly lines: string[] = []
  #waiting: (() => void) | undefined

  constructor(file: string) {
    this.child = spawn(process.execPath, [WRITER, file], { stdio: ['pipe', 'pipe', 'inherit'] })
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      this.lines.push(line)
      this.#waiting?.()
    })
  }

  send(command: string): void {
    this.child.stdin!.write(`${command}\n`)
  }

  /** The next answer line (in order). */
  async next(): Promise<string> {
    while (this.lines.length === 0) {
      await new Promise<void>((resolve, reject) => {
        this.#waiting = resolve
        this.child.once('exit', () => reject(new Error('the writer exited')))
      })
    }
    return this.lines.shift() as string
  }

  kill(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve()
      this.child.once('exit', () => resolve())
      this.child.kill('SIGKILL')
    })
  }
}

async function startWriters(file: string, count: number): Promise<Writer[]> {
  const writers = Array.from({ length: count }, () => new Writer(file))
  for (const writer of writers) assert.equal(await writer.next(), 'ready')
  return writers
}

describe('reliability: the key file under concurrent writers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-key-file-'))
  const writers: Writer[] = []
  after(async () => {
    await Promise.all(writers.map((writer) => writer.kill()))
    rmSync(dir, { recursive: true, force: true })
  })

  test('K1: 50 processes create and revoke at once, round after round: every key and every revocation is kept', async () => {
    const file = join(dir, 'k1', 'keys.json')
    const rounds = LONG ? 100 : 10
    const group = await startWriters(file, 50)
    writers.push(...group)
    const created: string[] = []
    const revoked: string[] = []
    let revokedPending = 0
    for (let round = 0; round < rounds; round++) {
      // From the second round on, 15 of the 50 revoke keys of earlier rounds while 35 create.
      const targets = created.filter((id) => !revoked.includes(id)).slice(0, round === 0 ? 0 : 15)
      group.forEach((writer, i) => writer.send(i < targets.length ? `revoke ${targets[i]}` : `create k1-${round}-${i}`))
      revokedPending += targets.length
      const answers = await Promise.all(group.map((writer) => writer.next()))
      for (const answer of answers) {
        const [verb, id] = answer.split(' ') as [string, string]
        assert.ok(verb === 'created' || verb === 'revoked', answer)
        if (verb === 'created') created.push(id)
        else revoked.push(id)
      }
      const keys = readKeyFile(file)
      const lost = created.filter((id) => !keys.has(id))
      assert.deepEqual(lost, [], `round ${round}: ${lost.length} of ${created.length} created keys are missing`)
      const undone = revoked.filter((id) => keys.get(id)?.revoked_at === null)
      assert.deepEqual(undone, [], `round ${round}: ${undone.length} revocations were undone`)
      assert.equal(keys.size, created.length)
    }
    assert.equal(revoked.length, revokedPending)
    record(
      'K1',
      `50 writer processes × ${rounds} rounds (35 creates racing 15 revokes)`,
      `creates kept ${created.length}/${created.length}, revocations held ${revoked.length}/${revoked.length}, over ${rounds} rounds`,
    )
  })

  test('K2: writers killed (kill -9) at random moments: the file always parses and keeps every acknowledged key', async () => {
    const file = join(dir, 'k2', 'keys.json')
    const kills = LONG ? 200 : 25
    const loopers = await startWriters(file, 8)
    writers.push(...loopers)
    const acknowledged = new Set<string>()
    const collect = (writer: Writer) => {
      for (const line of writer.lines.splice(0)) {
        assert.match(line, /^created /)
        acknowledged.add(line.slice('created '.length))
      }
    }
    loopers.forEach((writer, i) => writer.send(`loop k2-${i}`))
    // The kills start once a first key is written: the file exists from then on (before it, a
    // kill on a slow machine finds no file at all, which says nothing of the writes).
    const first = await (loopers[0] as Writer).next()
    assert.match(first, /^created /)
    acknowledged.add(first.slice('created '.length))
    for (let kill = 0; kill < kills; kill++) {
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 60))
      const index = Math.floor(Math.random() * loopers.length)
      const victim = loopers[index] as Writer
      await victim.kill()
      collect(victim)
      const keys = readKeyFile(file)
      for (const id of acknowledged) assert.ok(keys.has(id), `kill ${kill}: acknowledged key ${id} is missing`)
      const replacement = new Writer(file)
      writers.push(replacement)
      assert.equal(await replacement.next(), 'ready')
      replacement.send(`loop k2-r${kill}`)
      loopers[index] = replacement
      for (const writer of loopers) if (writer !== replacement) collect(writer)
    }
    await Promise.all(loopers.map((writer) => writer.kill()))
    loopers.forEach(collect)
    // The lock a killed writer may have left is broken by the next one, which finds every key.
    const started = performance.now()
    const last = new Writer(file)
    writers.push(last)
    assert.equal(await last.next(), 'ready')
    last.send('create k2-last')
    assert.match(await last.next(), /^created /)
    const waited = performance.now() - started
    const keys = readKeyFile(file)
    for (const id of acknowledged) assert.ok(keys.has(id), `acknowledged key ${id} is missing`)
    assert.deepEqual(readdirSync(join(dir, 'k2')), ['keys.json'], 'no lock or temporary file is left behind')
    record(
      'K2',
      `${kills} writers killed (kill -9) mid-stream of creates`,
      `file parsed after every kill; ${acknowledged.size} acknowledged keys all kept; next writer done in ${waited.toFixed(0)} ms`,
    )
  })

  test('K3: 20 concurrent `ibanmint keys create` beside a running server: all 20 keys work at once', async () => {
    const hooks: (() => unknown)[] = []
    after(async () => {
      for (const fn of hooks) await fn()
    })
    const app = await startApp({ after: (fn) => hooks.push(fn) }, { env: { AUTH_FAILURE_LIMIT: '1000' } })
    const env = { ...process.env, KEYS_FILE: app.config.keysFile }
    const rounds = LONG ? 4 : 1
    let kept = 0
    for (let round = 0; round < rounds; round++) {
      const outputs = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          run(process.execPath, [BIN, 'keys', 'create', '--name', `cli-${i}`], { env }),
        ),
      )
      const keys = outputs.map((output) => output.stdout.trim())
      for (const key of keys) {
        const response = await app.call('GET', '/api/v1/countries/DE', { headers: { 'x-api-key': key } })
        assert.equal(response.status, 200, `a created key is refused (${response.status})`)
        kept++
      }
    }
    // A revocation racing six creations holds: the key is refused once the cache (5 s) expires.
    const trials = LONG ? 10 : 2
    let held = 0
    for (let trial = 0; trial < trials; trial++) {
      const { stdout } = await run(process.execPath, [BIN, 'keys', 'create', '--name', 'doomed', '--json'], { env })
      const doomed = JSON.parse(stdout) as { key: string; id: string }
      assert.equal(
        (await app.call('GET', '/api/v1/countries/DE', { headers: { 'x-api-key': doomed.key } })).status,
        200,
      )
      await Promise.all([
        run(process.execPath, [BIN, 'keys', 'revoke', doomed.id], { env }),
        ...Array.from({ length: 6 }, (_, i) =>
          run(process.execPath, [BIN, 'keys', 'create', '--name', `racer-${i}`], { env }),
        ),
      ])
      assert.notEqual(
        readKeyFile(app.config.keysFile).get(doomed.id)?.revoked_at,
        null,
        'the revocation is in the file',
      )
      await waitFor(
        async () =>
          (await app.call('GET', '/api/v1/countries/DE', { headers: { 'x-api-key': doomed.key } })).status === 401,
        { timeout: 7_000, interval: 250, message: 'the revoked key to be refused' },
      )
      held++
    }
    record(
      'K3',
      `20 concurrent \`keys create\` × ${rounds} beside the server; revoke racing 6 creates × ${trials}`,
      `${kept}/${20 * rounds} keys answer 200 at once; ${held}/${trials} revocations held`,
    )
  })

  test('K4: a key file that cannot be read, at start or later: /readyz 503 naming why, logs naming the file, never written over', async () => {
    const hooks: (() => unknown)[] = []
    after(async () => {
      for (const fn of hooks) await fn()
    })
    const file = join(dir, 'k4', 'keys.json')
    mkdirSync(join(dir, 'k4'))
    writeFileSync(file, '{"version": 1, "keys": [{"id": "abc')
    const app = await startApp({ after: (fn) => hooks.push(fn) }, { env: { KEYS_FILE: file } })
    const notReady = await app.call('GET', '/readyz')
    assert.match(
      assertError(notReady, 503, 'service_unavailable'),
      /^the key file cannot be read: it is not valid JSON/,
    )
    assert.doesNotMatch(notReady.text, new RegExp(dir), 'no path in the answer')
    const { key, record: minted } = mintKey({ name: 'k4', limit: null, expiresAt: null })
    assertError(
      await app.call('GET', '/api/v1/countries/DE', { headers: { 'x-api-key': key } }),
      503,
      'service_unavailable',
    )
    // Repaired: ready within a second, the key works.
    writeFileSync(file, JSON.stringify({ version: 1, keys: [minted] }))
    await waitFor(async () => (await app.call('GET', '/readyz', { unchecked: true })).status === 200, {
      message: 'ready once the file is repaired',
    })
    assert.equal((await app.call('GET', '/api/v1/countries/DE', { headers: { 'x-api-key': key } })).status, 200)
    // Someone else's JSON at run time: not ready again, and a key not cached yet is refused.
    writeFileSync(file, '{"hello": "world"}')
    await waitFor(async () => (await app.call('GET', '/readyz', { unchecked: true })).status === 503, {
      message: 'not ready once the file is damaged',
    })
    assert.match(
      assertError(await app.call('GET', '/readyz'), 503, 'service_unavailable'),
      /^the key file cannot be read: it is not an ibanmint key file/,
    )
    const other = mintKey({ name: 'other', limit: null, expiresAt: null }).key
    assertError(
      await app.call('GET', '/api/v1/countries/DE', { headers: { 'x-api-key': other } }),
      503,
      'service_unavailable',
    )
    // `keys create` on it fails naming the file, and leaves it as it was.
    const created = await run(process.execPath, [BIN, 'keys', 'create', '--name', 'x'], {
      env: { ...process.env, KEYS_FILE: file },
    }).catch((error: { code: number; stderr: string }) => error)
    assert.equal((created as { code: number }).code, 1)
    assert.match(
      (created as { stderr: string }).stderr,
      /key file .*keys\.json cannot be read: it is not an ibanmint key file/,
    )
    assert.equal(readFileSync(file, 'utf8'), '{"hello": "world"}')
    const warnings = app.logs.filter((line) => Number(line['level']) >= 40 && line['msg'] !== 'request failed')
    assert.ok(
      warnings.some((line) => String(line['msg']).includes(`key file ${file}`)),
      'a warning names the key file',
    )
    assert.ok(!app.logText().includes('Redis'), 'no log line blames Redis')
    record(
      'K4',
      'Truncated key file at start, repaired, then foreign JSON at run time',
      '/readyz 503 "the key file cannot be read: …" (200 once repaired); uncached keys 503; logs name the file; keys create exits 1, file untouched',
    )
  })

  test('K5: a key created by another process works on its first use, however soon (no 401 to count against the client)', async () => {
    const hooks: (() => unknown)[] = []
    after(async () => {
      for (const fn of hooks) await fn()
    })
    const app = await startApp({ after: (fn) => hooks.push(fn) }, { env: { AUTH_FAILURE_LIMIT: '5' } })
    const writer = new FileKeyStore(app.config.keysFile)
    const statuses: number[] = []
    for (let trial = 0; trial < 20; trial++) {
      // The server has just read the file (a request with the default key made it look).
      await app.call('GET', '/api/v1/countries/DE', { headers: app.auth })
      const { key, record: minted } = mintKey({ name: `new-${trial}`, limit: null, expiresAt: null })
      await writer.add(minted)
      statuses.push((await app.call('GET', '/api/v1/countries/DE', { headers: { 'x-api-key': key } })).status)
    }
    assert.deepEqual(statuses, new Array(20).fill(200))
    record('K5', 'A new key used at once, 20 times', '20 × 200 on first use (no 401, no lock-out)')
  })
})
