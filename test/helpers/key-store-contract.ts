// The contract every key store keeps (the key file and Redis), run against each by its own test
// file: test/keys/keys.test.ts (the key file) and test/keys/redis-store.test.ts (Redis).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { mintKey } from '../../src/keys/key.ts'
import type { KeyStore } from '../../src/keys/store.ts'

/** Defines the contract's tests for the stores `open` makes (a fresh one per test). */
export function storeSuite(name: string, open: () => Promise<KeyStore>) {
  describe(`${name} key store`, () => {
    test('add, find, list and revoke; revoking twice keeps the first time', async () => {
      const store = await open()
      const { record } = mintKey({ name: 'ci', limit: 10, expiresAt: null })
      await store.add(record)
      assert.deepEqual(await store.find(record.id), record)
      assert.equal(await store.find('AAAAAAAAAAAA'), null)
      assert.ok((await store.list()).some((r) => r.id === record.id))
      await assert.rejects(store.add(record), /exists/)
      const first = await store.revoke(record.id, new Date('2026-01-01T00:00:00Z'))
      assert.equal(first?.revoked_at, '2026-01-01T00:00:00.000Z')
      const second = await store.revoke(record.id, new Date('2026-02-01T00:00:00Z'))
      assert.equal(second?.revoked_at, '2026-01-01T00:00:00.000Z')
      assert.equal(await store.revoke('AAAAAAAAAAAA', new Date()), null)
      await store.close()
    })

    test('concurrent adds all land', async () => {
      const store = await open()
      const records = Array.from({ length: 25 }, () => mintKey({ name: 'c', limit: null, expiresAt: null }).record)
      await Promise.all(records.map((r) => store.add(r)))
      const ids = new Set((await store.list()).map((r) => r.id))
      for (const record of records) assert.ok(ids.has(record.id))
      await store.close()
    })
  })
}
