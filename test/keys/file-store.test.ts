// What may be at the key file's path and its lock's, and how the store meets it: a symbolic link
// stays one (changes reach the file it points to), a FIFO or a folder is named and never waited
// for, a read that hangs is given up after the read timeout, and a lock path that is not a lock
// (a dangling or looping link, a folder) is an error naming it, never a wait without end.
import assert from 'node:assert/strict'
import { execFile, spawnSync } from 'node:child_process'
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { FileKeyStore } from '../../src/keys/file-store.ts'
import { mintKey } from '../../src/keys/key.ts'

const dir = mkdtempSync(join(tmpdir(), 'ibanmint-key-paths-'))
after(() => rmSync(dir, { recursive: true, force: true }))
const run = promisify(execFile)

/** Before these fixes, the FIFO and lock cases waited for ever: a failure, not a hung run. */
const GUARD = { timeout: 60_000 }

const newRecord = (name = 'k') => mintKey({ name, limit: null, expiresAt: null }).record

function mkfifo(path: string): void {
  const made = spawnSync('mkfifo', [path], { encoding: 'utf8' })
  assert.equal(made.status, 0, `mkfifo: ${made.stderr}`)
}

test('a KEYS_FILE that is a symbolic link stays one: changes are written to the file it points to', async () => {
  const real = join(dir, 'real')
  const links = join(dir, 'links')
  mkdirSync(real)
  mkdirSync(links)
  const target = join(real, 'keys.json')
  // A relative link to a link, the last one dangling until the first change creates its file.
  symlinkSync('../real/keys.json', join(links, 'second.json'))
  symlinkSync('second.json', join(links, 'keys.json'))
  const link = join(links, 'keys.json')
  const store = new FileKeyStore(link)
  const [a, b] = [newRecord('a'), newRecord('b')]
  await store.add(a)
  await store.add(b)
  assert.ok(lstatSync(link).isSymbolicLink(), 'the link is still a link')
  const ids = (JSON.parse(readFileSync(target, 'utf8')) as { keys: { id: string }[] }).keys.map((r) => r.id)
  assert.deepEqual(ids, [a.id, b.id], 'both changes reached the file')
  // A writer naming the file itself shares the lock and the file with one naming the link.
  await new FileKeyStore(target).revoke(a.id, new Date('2026-01-01T00:00:00Z'))
  assert.equal((await store.list()).find((r) => r.id === a.id)?.revoked_at, '2026-01-01T00:00:00.000Z')
  assert.deepEqual(readdirSync(links).sort(), ['keys.json', 'second.json'], 'nothing left beside the links')
  assert.deepEqual(readdirSync(real), ['keys.json'], 'no lock or temporary file left beside the file')
})

test(
  'a FIFO, a link to one or a folder at KEYS_FILE is named, not waited for; changes are refused',
  GUARD,
  async () => {
    const fifo = join(dir, 'fifo.json')
    mkfifo(fifo)
    const linked = join(dir, 'fifo-link.json')
    symlinkSync(fifo, linked)
    const folder = join(dir, 'folder.json')
    mkdirSync(folder)
    for (const [path, kind] of [
      [fifo, 'a FIFO (named pipe)'],
      [linked, 'a FIFO (named pipe)'],
      [folder, 'a folder'],
    ] as const) {
      const store = new FileKeyStore(path)
      const message = `the key file ${path} cannot be read: it is ${kind}, not a regular file`
      await assert.rejects(store.check(), { name: 'KeyFileError', message })
      await assert.rejects(store.find('AAAAAAAAAAAA'), { message })
      await assert.rejects(store.add(newRecord()), { message })
    }
    assert.ok(lstatSync(fifo).isFIFO(), 'the FIFO is left as it was')
  },
)

test(
  'a read that hangs (a thread stuck as on a dead network mount) fails after the read timeout, then recovers',
  GUARD,
  async () => {
    const fifo = join(dir, 'stuck-fifo')
    mkfifo(fifo)
    const path = join(dir, 'hung.json')
    const { record } = mintKey({ name: 'hung', limit: null, expiresAt: null })
    writeFileSync(path, JSON.stringify({ version: 1, keys: [record] }))
    // A process whose only libuv thread waits in open() for a writer to the FIFO: every file
    // operation queued after it waits too, as on a hung file system. Then the writer comes.
    const script = `
    import { closeSync, openSync } from 'node:fs'
    import { readFile } from 'node:fs/promises'
    import { FileKeyStore } from ${JSON.stringify(pathToFileURL(join(import.meta.dirname, '../../src/keys/file-store.ts')).href)}
    const [fifo, path, id] = process.argv.slice(1)
    const store = new FileKeyStore(path, { readTimeoutMs: 100 })
    const outcome = (promise) => promise.then((value) => value?.id ?? 'ok', (error) => error.message)
    const stuck = readFile(fifo)
    console.log(JSON.stringify(await outcome(store.check())))
    // While that read is stuck, a look fails with its reason and starts no other read.
    console.log(JSON.stringify(await outcome(store.find(id))))
    closeSync(openSync(fifo, 'w'))
    await stuck
    let found
    while ((found = await outcome(store.find(id))) !== id) await new Promise((resolve) => setImmediate(resolve))
    console.log(JSON.stringify(found))
  `
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, fifo, path, record.id],
      { env: { ...process.env, UV_THREADPOOL_SIZE: '1' }, timeout: 50_000 },
    )
    const reason = `the key file ${path} cannot be read: reading it did not finish within 100 ms (a hung file system or network mount?)`
    assert.deepEqual(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as string),
      [reason, reason, record.id],
    )
  },
)

test(
  'a lock path that is a link (dangling or looping) or a folder is an error naming it, at once, and left alone',
  GUARD,
  async () => {
    const cases: [string, (lock: string) => void, RegExp][] = [
      [
        'dangling',
        (lock) => symlinkSync(join(dir, 'gone'), lock),
        /is a symbolic link \(to .*gone, which does not exist\)/,
      ],
      [
        'looping',
        (lock) => symlinkSync('looping.json.lock', lock),
        /is a symbolic link \(to looping\.json\.lock, a loop\)/,
      ],
      ['folder', (lock) => mkdirSync(lock), /is a folder/],
    ]
    for (const [name, make, kind] of cases) {
      const path = join(dir, `${name}.json`)
      const lock = `${path}.lock`
      make(lock)
      await assert.rejects(new FileKeyStore(path).add(newRecord(name)), (error: Error) => {
        assert.ok(error.message.startsWith(`the lock file ${lock} is `), error.message)
        assert.match(error.message, kind)
        assert.match(error.message, /not a lock ibanmint made: remove it, then retry$/)
        return true
      })
      assert.ok(lstatSync(lock), `${name}: the lock path is left as it was`)
    }
    // The second lock, taken to break a stale one, is checked the same way.
    const path = join(dir, 'breaker.json')
    const dead = spawnSync(process.execPath, ['-e', '']).pid
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: dead, host: hostname(), token: 't', at: '' }))
    symlinkSync(join(dir, 'gone'), `${path}.lock.break`)
    await assert.rejects(new FileKeyStore(path).add(newRecord()), {
      message: new RegExp(`^the lock's breaker file ${path}\\.lock\\.break is a symbolic link`),
    })
  },
)
