// API keys: their form, the key file store, and the authenticator's cache (revocation, store
// failures, new keys). The Redis store keeps the same contract in redis-store.test.ts.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { KeyAuthenticator } from '../../src/keys/authenticator.ts'
import { acquireLock, type LockOwner } from '../../src/keys/file-lock.ts'
import { FileKeyStore } from '../../src/keys/file-store.ts'
import { hashSecret, mintKey, parseKey, secretMatches } from '../../src/keys/key.ts'
import type { KeyStore } from '../../src/keys/store.ts'
import { storeSuite } from '../helpers/key-store-contract.ts'
import { waitFor } from '../helpers/wait.ts'

test('keys look like imk_<id>_<secret>, are unique, and only the SHA-256 of the secret is kept', () => {
  const seen = new Set<string>()
  for (let i = 0; i < 200; i++) {
    const { key, record } = mintKey({ name: 'n', limit: null, expiresAt: null })
    assert.match(key, /^imk_[0-9A-Za-z]{12}_[0-9A-Za-z]{32}$/)
    assert.ok(!seen.has(key))
    seen.add(key)
    const parsed = parseKey(key)
    assert.equal(parsed?.id, record.id)
    assert.equal(record.hash, hashSecret(parsed?.secret ?? ''))
    assert.ok(!JSON.stringify(record).includes(parsed?.secret ?? '-'), 'the record never holds the secret')
    assert.ok(secretMatches(parsed?.secret ?? '', record.hash))
    assert.ok(!secretMatches((parsed?.secret ?? '').replace(/.$/, '_'), record.hash))
  }
  assert.equal(parseKey('imk_short_secret'), null)
  assert.equal(parseKey(''), null)
})

const dir = mkdtempSync(join(tmpdir(), 'ibanmint-keys-'))
after(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
storeSuite('file', async () => new FileKeyStore(join(dir, `keys-${files++}.json`)))

test('the key file survives restarts, is written atomically with mode 600, and sees other writers', async () => {
  const path = join(dir, 'nested', 'keys.json')
  const writer = new FileKeyStore(path)
  const { record } = mintKey({ name: 'persisted', limit: null, expiresAt: null })
  await writer.add(record)
  assert.equal(statSync(path).mode & 0o777, 0o600)
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as { version: number; keys: unknown[] }
  assert.equal(parsed.version, 1)
  const reader = new FileKeyStore(path)
  assert.deepEqual(await reader.find(record.id), record, 'a new process reads what the last one wrote')
  const { record: later } = mintKey({ name: 'later', limit: null, expiresAt: null })
  await writer.add(later)
  assert.equal((await reader.list()).length, 2, 'list reads the freshest file')
})

test('revocation takes effect once the authenticator cache entry expires (the documented bound)', async () => {
  const store = new FileKeyStore(join(dir, 'revoke.json'))
  const { key, record } = mintKey({ name: 'r', limit: null, expiresAt: null })
  await store.add(record)
  const authenticator = new KeyAuthenticator(store, 300)
  assert.equal((await authenticator.authenticate(key)).id, record.id)
  await store.revoke(record.id, new Date())
  const started = Date.now()
  await waitFor(
    async () => {
      try {
        await authenticator.authenticate(key)
        return false
      } catch {
        return true
      }
    },
    { timeout: 3000, message: 'the revoked key to be refused' },
  )
  const rejectedAfter = Date.now() - started
  assert.ok(rejectedAfter <= 300 + 1000 + 200, `refused after ${rejectedAfter} ms (cache 300 ms + file recheck 1 s)`)
})

test('when the store fails, a cached key keeps working and an unknown one gets 503, not 401', async () => {
  let failing = false
  let failedLookups = 0
  const { key, record } = mintKey({ name: 'f', limit: null, expiresAt: null })
  const store: KeyStore = {
    name: 'test store',
    check: async () => {},
    add: async () => {},
    find: async (id) => {
      if (failing) {
        failedLookups++
        throw new Error('store down')
      }
      return id === record.id ? record : null
    },
    list: async () => [record],
    revoke: async () => null,
    close: async () => {},
  }
  const authenticator = new KeyAuthenticator(store, 1)
  await authenticator.authenticate(key)
  failing = true
  // Once the 1 ms cache entry has expired, the lookup reaches the failing store.
  const answered = await waitFor(
    async () => {
      const found = await authenticator.authenticate(key)
      return failedLookups > 0 ? found : undefined
    },
    { message: 'a lookup that asks the failing store' },
  )
  assert.equal(answered.id, record.id)
  const other = mintKey({ name: 'o', limit: null, expiresAt: null }).key
  await assert.rejects(async () => authenticator.authenticate(other), { code: 'service_unavailable' })
})

test('concurrent first lookups all see the key file (no request reads a half-loaded store)', async () => {
  const path = join(dir, 'concurrent.json')
  const writer = new FileKeyStore(path)
  const { key, record } = mintKey({ name: 'c', limit: null, expiresAt: null })
  await writer.add(record)
  const authenticator = new KeyAuthenticator(new FileKeyStore(path))
  const results = await Promise.allSettled(Array.from({ length: 50 }, async () => authenticator.authenticate(key)))
  assert.deepEqual(
    results.map((r) => r.status),
    new Array(50).fill('fulfilled'),
  )
})

test('a key created after a failed lookup works within about a second', async () => {
  const path = join(dir, 'late.json')
  const store = new FileKeyStore(path)
  const authenticator = new KeyAuthenticator(store)
  const { key, record } = mintKey({ name: 'late', limit: null, expiresAt: null })
  await assert.rejects(async () => authenticator.authenticate(key), { code: 'unauthorized' })
  await new FileKeyStore(path).add(record)
  // The file is read again on the next lookup after its recheck interval (1 s): the deadline is that contract's.
  await waitFor(() => authenticator.authenticate(key), { timeout: 2300, message: 'the new key to be accepted' })
})

test('a file replaced within one clock tick, at the same size, is read again: its inode changed', async () => {
  const path = join(dir, 'same-tick.json')
  const first = mintKey({ name: 'a', limit: null, expiresAt: null }).record
  const second = { ...first, id: first.id.replace(/^./, first.id.startsWith('A') ? 'B' : 'A') }
  writeFileSync(path, JSON.stringify({ version: 1, keys: [first] }))
  const { atime, mtime } = statSync(path)
  const store = new FileKeyStore(path)
  assert.deepEqual(await store.find(first.id), first)
  // Another writer's rename: same size, same modification time.
  writeFileSync(`${path}.next`, JSON.stringify({ version: 1, keys: [second] }))
  utimesSync(`${path}.next`, atime, mtime)
  renameSync(`${path}.next`, path)
  assert.deepEqual(await store.find(second.id), second)
})

test('a damaged key file is reported with its path and why, and never written over', async () => {
  const path = join(dir, 'damaged.json')
  const store = new FileKeyStore(path)
  for (const [text, why] of [
    ['{"version": 1, "keys": [', /it is not valid JSON/],
    ['{"hello": "world"}', /it is not an ibanmint key file/],
    ['{"version": 1, "keys": [{"name": "no id"}]}', /key 1 has no string id and hash/],
  ] as const) {
    writeFileSync(path, text)
    await assert.rejects(store.check(), (error: Error) => error.message.includes(path) && why.test(error.message))
    await assert.rejects(store.find('AAAAAAAAAAAA'), why)
    await assert.rejects(store.add(mintKey({ name: 'x', limit: null, expiresAt: null }).record), why)
    assert.equal(readFileSync(path, 'utf8'), text, 'the file is as it was')
  }
  writeFileSync(path, JSON.stringify({ version: 1, keys: [] }))
  await store.check()
})

test('a lock left by a writer that died is broken at once; a live holder is waited for, then named', async () => {
  const path = join(dir, 'locked.json')
  const store = new FileKeyStore(path)
  // A process id that is certainly gone: a child that has exited.
  const dead = spawnSync(process.execPath, ['-e', '']).pid
  const deadLock = JSON.stringify({ pid: dead, host: hostname(), token: 't', at: '' })
  // Broken, not waited for: taken with no time to wait at all (a live holder would be named).
  writeFileSync(`${path}.lock`, deadLock)
  let broken: LockOwner | undefined
  const take = await acquireLock(path, { waitMs: 0, onBroken: (owner) => void (broken = owner) })
  await take()
  assert.equal(broken?.pid, dead, 'the dead writer’s lock was broken')
  // The store breaks it the same way and removes what its writer left.
  writeFileSync(`${path}.lock`, deadLock)
  writeFileSync(`${path}.${dead}.tmp`, 'half a file')
  await store.add(mintKey({ name: 'after-a-crash', limit: null, expiresAt: null }).record)
  assert.ok(!existsSync(`${path}.lock`) && !existsSync(`${path}.${dead}.tmp`), 'lock and leftovers gone')
  const release = await acquireLock(path)
  try {
    await assert.rejects(acquireLock(path, { waitMs: 300 }), (error: Error) =>
      new RegExp(`being changed by process ${process.pid} on `).test(error.message),
    )
  } finally {
    await release()
  }
  await store.add(mintKey({ name: 'after-release', limit: null, expiresAt: null }).record)
  assert.equal((await store.list()).length, 2)
})
