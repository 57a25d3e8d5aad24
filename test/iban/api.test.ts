// The library's API, pinned: what src/iban/index.ts exports (values and types) is exactly the
// list of test/helpers/library-api.ts and exactly what packages/iban/README.md documents, and
// the service's entry (src/iban/internal.ts) exports exactly its own list. A new export is a
// decision: add it there and to the README, or keep it inside. Also the library's own answers
// to bad options (seed, count, offset), which its callers see first.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import * as api from '../../src/iban/index.ts'
import * as internal from '../../src/iban/internal.ts'
import { API_TYPES, API_VALUES, INTERNAL_VALUES } from '../helpers/library-api.ts'

const README = readFileSync(fileURLToPath(new URL('../../packages/iban/README.md', import.meta.url)), 'utf8')
const sorted = (names: Iterable<string>) => [...names].sort()

/** Every export of a module, values and types alike, as TypeScript sees it. */
function exportsOf(path: string): string[] {
  const file = fileURLToPath(new URL(path, import.meta.url))
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
  })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(file)
  assert.ok(source)
  const module = checker.getSymbolAtLocation(source)
  assert.ok(module)
  return checker.getExportsOfModule(module).map((symbol) => symbol.name)
}

/** The section of the README under a heading, up to the next heading of its level or above. */
function section(heading: string): string {
  const start = README.indexOf(`\n${heading}\n`)
  assert.ok(start >= 0, `the README has "${heading}"`)
  const level = /^#+/.exec(heading)?.[0] ?? '#'
  const rest = README.slice(start + heading.length + 2)
  const end = rest.search(new RegExp(`\\n#{1,${level.length}} `))
  return end < 0 ? rest : rest.slice(0, end)
}

test('the library entry exports exactly the documented values', () => {
  assert.deepEqual(sorted(Object.keys(api)), sorted(API_VALUES))
})

test('the library entry exports exactly the documented values and types, nothing else', () => {
  assert.deepEqual(sorted(exportsOf('../../src/iban/index.ts')), sorted([...API_VALUES, ...API_TYPES]))
})

test('the README documents each value under its own heading, and no other', () => {
  const api = section('## API')
  const headings = [...api.matchAll(/^#### `(\w+)/gm)].map((match) => match[1] as string)
  assert.deepEqual(headings, [...API_VALUES], 'one heading per value, in the order of the list')
})

test('the README documents each type in its table, and no other', () => {
  const rows = [...section('### Types').matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1] as string)
  assert.deepEqual(rows, [...API_TYPES], 'one row per type, in the order of the list')
})

test('the service entry exports exactly what the service takes, and none of the API', () => {
  assert.deepEqual(sorted(Object.keys(internal)), sorted(INTERNAL_VALUES))
  const shared = Object.keys(internal).filter((name) => name in api)
  assert.deepEqual(shared, [])
})

test('a number seed is its digits: 42 and "42" give the same IBANs, in the types and at run time', () => {
  const byNumber = api.generateIbans('DE', 3, { seed: 42 })
  assert.deepEqual(byNumber, api.generateIbans('DE', 3, { seed: '42' }))
  assert.equal(byNumber[0]?.iban, 'DE09683500481280902865')
  assert.deepEqual(api.generateIban('FR', { seed: 0 }), api.generateIban('FR', { seed: '0' }))
})

test('a seed that is neither a string nor a non-negative integer is a DatasetError naming seed', () => {
  for (const seed of [-1, 1.5, Number.NaN, 2 ** 53, Infinity]) {
    assert.throws(
      () => api.generateIbans('DE', 1, { seed }),
      (error) => error instanceof api.DatasetError && error.parameter === 'seed',
      String(seed),
    )
  }
  // JavaScript callers are not held by the types.
  for (const seed of [null, true, {}, [], 42n] as unknown[]) {
    assert.throws(
      () => api.generateIbans('DE', 1, { seed: seed as string }),
      (error) =>
        error instanceof api.DatasetError && error.message === 'seed must be a string or a non-negative integer',
    )
  }
})

test('a count or offset that is not a non-negative integer is a DatasetError naming it', () => {
  for (const count of [-1, 1.5, Number.NaN, Infinity, '3' as unknown as number]) {
    assert.throws(
      () => api.generateIbans('DE', count),
      (error) => error instanceof api.DatasetError && error.parameter === 'count',
      String(count),
    )
  }
  for (const offset of [-1, 0.5, Number.NaN]) {
    assert.throws(
      () => api.generateIbans('DE', 1, { seed: 'a', offset }),
      (error) => error instanceof api.DatasetError && error.message === 'offset must be a non-negative integer',
      String(offset),
    )
  }
  assert.deepEqual(api.generateIbans('DE', 0), [])
})
