// The command line's schemas compiled by the build (ajv's standalone code, dist/validators.cjs)
// behave as ajv compiling them at run time: the same values pass, coerced and given the same
// defaults, and the same ones fail with the same message. And the built `generate` and
// `slices check` start without ajv's compiler (the point of compiling them at build time).
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { compileFunction } from 'node:vm'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import { PRECOMPILED } from '../../src/cli/precompiled.ts'
import { compileValidator, standaloneValidators, validatorOf, type Validator } from '../../src/core/validation.ts'
import { BIN } from '../helpers/process.ts'

/** The module the build writes, loaded as Node loads dist/validators.cjs (its `require` resolves ajv's runtime helpers). */
function loadStandalone(): ValidateFunction[] {
  const module = { exports: {} as Map<string, ValidateFunction> }
  const code = standaloneValidators(PRECOMPILED)
  const load = compileFunction(code, ['module', 'exports', 'require']) as (
    m: object,
    e: object,
    r: NodeJS.Require,
  ) => void
  load(module, module.exports, createRequire(import.meta.url))
  assert.equal(module.exports.size, PRECOMPILED.length, 'one validator per schema')
  return [...module.exports.values()]
}

/** What a validator makes of a value: the value as it passes (coerced, defaults added), or its error's message. */
function outcome(validate: Validator, value: unknown): unknown {
  try {
    return { passed: validate(structuredClone(value)) }
  } catch (error) {
    return { failed: (error as Error).message }
  }
}

const MANIFEST = {
  kind: 'ibanmint-slice/1',
  version: '0.3.0',
  dataset: {
    countries: ['FR', 'IT'],
    mode: 'realistic',
    seed: 'check',
    bank: null,
    bank_mix: 'weighted',
    invalid: null,
    invalid_share: null,
    qr_iban: false,
    count: 12001,
    offset: 100,
  },
  slice: { index: 1, count: 3 },
  part: { offset: 4101, rows: 4000 },
  format: { name: 'csv', header: true },
  file: { name: 'part-1.csv', bytes: 520_133, sha256: 'ab'.repeat(32) },
}

/** Each schema's values: valid ones, and each rule broken once. */
const VALUES: readonly (readonly unknown[])[] = [
  [
    {},
    { count: '5', format: 'csv' },
    { count: '1000000000', offset: '7', seed: 'x' },
    { count: '0' },
    { count: '1e2' },
    { count: '1000000001' },
    { offset: '-1' },
    { format: 'xml' },
    { format: 'pain.001', batch_size: '3' },
    { seed: '' },
    { seed: 'x'.repeat(129) },
    { bank: 'x'.repeat(40) },
    { bank: '37040044' },
    { invalid: 'mod97,national' },
    { invalid: 'nonsense' },
    { invalid_share: '0.25' },
    { invalid_share: '2' },
    { invalid_share: 'lots' },
    { bank_mix: 'uniform' },
    { bank_mix: 'popular' },
    { slice: '2/4' },
    { slice: '4/4' },
    { slice: 'half' },
    { columns: 'iban,bic' },
    { columns: '' },
    { unknown: 'x' },
    { date: '2026-03-02' },
    { date: 'tomorrow' },
    { defects: 'AC01,AM04' },
    { defects: 'XX99' },
    [],
    'count=5',
  ],
  [
    MANIFEST,
    { ...MANIFEST, kind: 'other' },
    { ...MANIFEST, slice: { index: 1 } },
    { ...MANIFEST, slice: { index: -1, count: 3 } },
    { ...MANIFEST, slice: { index: 1, count: 2_000_000 } },
    { ...MANIFEST, dataset: { ...MANIFEST.dataset, mode: 'fictional' } },
    { ...MANIFEST, dataset: { ...MANIFEST.dataset, countries: [] } },
    { ...MANIFEST, dataset: { ...MANIFEST.dataset, count: '12001' } },
    { ...MANIFEST, dataset: { ...MANIFEST.dataset, invalid: ['mod97'], invalid_share: 0 } },
    { ...MANIFEST, file: { ...MANIFEST.file, sha256: 'AB'.repeat(32) } },
    { ...MANIFEST, file: { ...MANIFEST.file, name: '' } },
    { ...MANIFEST, format: { name: 'xlsx', header: true } },
    (({ part: _part, ...rest }) => rest)(MANIFEST),
    null,
    'manifest',
  ],
]

describe('the build-time validators', () => {
  const standalone = loadStandalone()
  assert.equal(VALUES.length, PRECOMPILED.length, 'values for each schema')
  PRECOMPILED.forEach(([schema, where], i) => {
    test(`${where} schema ${i}: every value has the outcome ajv gives at run time`, () => {
      const atRunTime = compileValidator(schema, where) // from the sources: ajv compiles it
      const built = validatorOf<Record<string, unknown>>(standalone[i] as ValidateFunction, schema, where)
      let failed = 0
      for (const value of VALUES[i] as unknown[]) {
        const expected = outcome(atRunTime, value)
        assert.deepEqual(outcome(built, value), expected, JSON.stringify(value))
        if ('failed' in (expected as object)) failed++
      }
      assert.ok(failed >= 5 && failed < (VALUES[i] as unknown[]).length, 'both outcomes are tried')
    })
  })
})

describe('the built command line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-validators-'))
  after(() => rmSync(dir, { recursive: true, force: true }))
  // Says at exit which of ajv's modules the process loaded (ajv is CommonJS: require's cache).
  const probe = join(dir, 'probe.cjs')
  writeFileSync(
    probe,
    `process.on('exit', () => process.stderr.write('ajv: ' + Object.keys(require.cache).filter((f) => f.includes('/node_modules/ajv/dist/') && !f.includes('/runtime/')).length + '\\n'))\n`,
  )
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--require', probe, BIN, ...args], { cwd: dir, encoding: 'utf8' })

  test('generate and slices check load none of ajv but its runtime helpers', () => {
    const made = run(
      'generate',
      'DE,FR',
      '-n',
      '20',
      '--seed',
      's',
      '-f',
      'csv',
      '--slice',
      '0/1',
      '-o',
      'p.csv',
      '--manifest',
      'p.json',
    )
    assert.equal(made.status, 0, made.stderr)
    assert.match(made.stderr, /^ajv: 0$/m)
    const checked = run('slices', 'check', 'p.json')
    assert.equal(checked.status, 0, checked.stderr)
    assert.match(checked.stderr, /^ajv: 0$/m)
  })

  test('a bad option still gets its message from the built validator', () => {
    const bad = run('generate', 'DE', '--seed', 's', '--slice', 'half')
    assert.equal(bad.status, 2, bad.stderr)
    assert.match(bad.stderr, /--slice must be k\/n/)
    assert.match(bad.stderr, /^ajv: 0$/m)
  })
})
