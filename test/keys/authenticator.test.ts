// Every refused key says why, for the operator: the refusal the authenticator attaches to its
// 401 (the client gets one message for all), and the line the server logs from it, which names
// the key id and, for an unknown id, the store that was asked, and never the key.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { KeyAuthenticator, refusalOf } from '../../src/keys/authenticator.ts'
import { FileKeyStore } from '../../src/keys/file-store.ts'
import { mintKey } from '../../src/keys/key.ts'
import { startApp } from '../helpers/app.ts'

const dir = mkdtempSync(join(tmpdir(), 'ibanmint-refusals-'))
after(() => rmSync(dir, { recursive: true, force: true }))

/** A key with its secret's last character changed. */
const wrongSecret = (key: string) => key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A')

test('a 401 says why: no key, not ours, unknown id (with the store asked), wrong secret, revoked, expired', async () => {
  const path = join(dir, 'refusals.json')
  const store = new FileKeyStore(path)
  const good = mintKey({ name: 'good', limit: null, expiresAt: null })
  const revoked = mintKey({ name: 'revoked', limit: null, expiresAt: null })
  const expired = mintKey({ name: 'expired', limit: null, expiresAt: new Date('2020-01-01T00:00:00Z') })
  const elsewhere = mintKey({ name: 'made in another store', limit: null, expiresAt: null })
  for (const { record } of [good, revoked, expired]) await store.add(record)
  await store.revoke(revoked.record.id, new Date())
  const authenticator = new KeyAuthenticator(store)
  const refusal = async (presented: string | undefined) => {
    try {
      await authenticator.authenticate(presented)
      return 'accepted'
    } catch (error) {
      const found = refusalOf(error)
      return found === undefined ? error : [found.reason, found.id, found.store, found.describe()]
    }
  }
  const cases: [string | undefined, unknown][] = [
    [undefined, ['no key', undefined, undefined, 'no key']],
    ['hunter2', ['not an ibanmint key', undefined, undefined, 'not an ibanmint key']],
    [
      elsewhere.key,
      [
        'unknown key id',
        elsewhere.record.id,
        `key file ${path}`,
        `unknown key id ${elsewhere.record.id} (not in key file ${path})`,
      ],
    ],
    [wrongSecret(good.key), ['wrong secret', good.record.id, undefined, `wrong secret (key ${good.record.id})`]],
    [revoked.key, ['revoked', revoked.record.id, undefined, `revoked (key ${revoked.record.id})`]],
    [expired.key, ['expired', expired.record.id, undefined, `expired (key ${expired.record.id})`]],
    [good.key, 'accepted'],
  ]
  // Twice: once from the store, once from the cache (answered without a promise).
  for (const round of ['store', 'cache'])
    for (const [presented, expected] of cases)
      assert.deepEqual(await refusal(presented), expected, `${round}: ${presented}`)
})

test('the server logs each 401 with its reason and key id, never the key; the client gets one message', async (t) => {
  const app = await startApp(t)
  const { key, id } = await app.createKey()
  const other = mintKey({ name: 'other', limit: null, expiresAt: null })
  const bad = wrongSecret(key)
  const answers = []
  for (const presented of [bad, other.key, 'imk_not-a-key']) {
    const res = await app.call('GET', '/api/v1/countries', { headers: { 'x-api-key': presented } })
    answers.push((res.body as { error: { message: string } }).error.message)
    assert.equal(res.status, 401)
  }
  assert.equal(new Set(answers).size, 1, 'the client learns nothing of why')
  app.service.app.flushLogs() // access lines go out in batches
  const lines = app.logText().split('\n')
  const refused = lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => typeof entry['msg'] === 'string' && entry['msg'].startsWith('API key refused'))
  assert.deepEqual(
    refused.map(({ reason, key, msg }) => ({ reason, key, msg })),
    [
      { reason: 'wrong secret', key: id, msg: `API key refused: wrong secret (key ${id})` },
      {
        reason: 'unknown key id',
        key: other.record.id,
        msg: `API key refused: unknown key id ${other.record.id} (not in key file ${app.config.keysFile})`,
      },
      { reason: 'not an ibanmint key', key: undefined, msg: 'API key refused: not an ibanmint key' },
    ],
  )
  // Each refusal line belongs to its request's access line.
  for (const { req } of refused)
    assert.ok(
      lines.some((line) => line.includes(`"req":"${String(req)}","method":"GET"`) && line.includes('"status":401')),
    )
  for (const secret of [key, bad, other.key, key.slice(-32), other.key.slice(-32), 'imk_not-a-key'])
    assert.ok(!app.logText().includes(secret), 'no key or secret is ever logged')
})
