import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { runBin } from '../helpers/process.ts'

const dir = mkdtempSync(join(tmpdir(), 'ibanmint-keys-'))
after(() => rmSync(dir, { recursive: true, force: true }))
const env = { KEYS_FILE: join(dir, 'keys.json'), REDIS_URL: '' }

test('keys list lines its columns up under the header, with or without an expiry', () => {
  assert.equal(runBin(['keys', 'create', '--name', 'never'], env).code, 0)
  // Options may come before the action.
  assert.equal(runBin(['keys', '--name', 'later', '--expires', '2031-01-31', 'create'], env).code, 0)
  const { code, stdout } = runBin(['keys', 'list'], env)
  assert.equal(code, 0)
  const [header = '', ...rows] = stdout.trimEnd().split('\n')
  assert.equal(rows.length, 2)
  for (const column of ['STATE', 'LIMIT', 'CREATED', 'EXPIRES', 'NAME'])
    for (const row of rows) assert.match(row.slice(header.indexOf(column)), /^\S/, `${column} in "${row}"`)
  assert.match(rows[0] ?? '', /active +default +\S+ +- +never$/)
  assert.match(rows[1] ?? '', / 2031-01-31T00:00:00 {2}later$/)
})
