// The account-scheme table: every scheme one entry, reached only through the table, and a new
// scheme that is not handled does not compile (the type-level cases below are checked by
// `npm run typecheck`: an @ts-expect-error that meets no error fails it).
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { test } from 'node:test'
import type { AccountScheme } from '../../src/iban/account-scheme.ts'
import { ACCOUNT_SCHEMES, schemeOf } from '../../src/iban/account-schemes.ts'
import { COUNTRIES } from '../../src/iban/index.ts'
import type { AccountSchemeId } from '../../src/iban/registry-data.ts'

// A scheme id added to the union without its entry: the table's type no longer holds.
type WithNewScheme = AccountSchemeId | 'new-scheme'
// @ts-expect-error the table lacks an entry for the new id
const unhandled: Readonly<Record<WithNewScheme, AccountScheme>> = ACCOUNT_SCHEMES
// An entry that leaves out a question (here the verdict) is refused.
// @ts-expect-error an entry must say how it judges an account
const partial: AccountScheme = { ...ACCOUNT_SCHEMES.bundesbank, judge: undefined }

test('every scheme entry carries its own id, and every country with a scheme finds its entry', () => {
  void unhandled
  void partial
  for (const [id, scheme] of Object.entries(ACCOUNT_SCHEMES)) assert.equal(scheme.id, id)
  const withScheme = COUNTRIES.filter((spec) => spec.accountCheck !== null)
  assert.deepEqual(
    withScheme.map((spec) => [spec.code, schemeOf(spec)?.id]),
    withScheme.map((spec) => [spec.code, spec.accountCheck]),
  )
  assert.ok(withScheme.length >= 2)
})

test('no module outside a scheme’s own files names a scheme id: they all dispatch through the table', () => {
  const root = join(import.meta.dirname, '..', '..')
  const ids = Object.keys(ACCOUNT_SCHEMES)
  const allowed = new Set(['src/iban/registry-data.ts', 'src/iban/account-schemes.ts'])
  const offending: string[] = []
  for (const folder of ['src', 'workers']) {
    for (const entry of readdirSync(join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue
      const file = relative(root, join(entry.parentPath, entry.name))
      if (allowed.has(file) || file.endsWith('/scheme.ts')) continue
      const source = readFileSync(join(root, file), 'utf8')
      for (const id of ids)
        if (source.includes(`'${id}'`) || source.includes(`"${id}"`)) offending.push(`${file}: ${id}`)
    }
  }
  assert.deepEqual(offending, [])
})
