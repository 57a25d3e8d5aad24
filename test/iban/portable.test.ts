// The portable build (@ibanmint/iban/portable, packages/iban/dist/portable.js): one ES module
// file with no import whose ibanAt(seed, index, options) is row `index` of the seeded dataset.
// It runs in engines that are not Node (QuickJS, compiled to WebAssembly) and in a bare V8
// context of node:vm (no console, no Web Crypto, no TextEncoder, no process), and there its rows
// equal the rows of `ibanmint generate` (a child process) and of the bulk endpoint.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { getQuickJS } from 'quickjs-emscripten'
import { Dataset } from '../../src/iban/dataset.ts'
import { DatasetError, generateIbans, type Iban } from '../../src/iban/index.ts'
import { ibanAt } from '../../src/iban/portable.ts'
import ts from 'typescript'
import { startApp } from '../helpers/app.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BIN = join(ROOT, 'bin', 'ibanmint.js')
const PORTABLE = join(ROOT, 'packages', 'iban', 'dist', 'portable.js')
const run = promisify(execFile)

interface Case {
  seed: string | number
  country: string
  realistic: boolean
  /** The first row compared; ROWS rows from it. */
  offset: number
}

const ROWS = 12
const SEEDS = [42, 'load-test', '7']
const OFFSETS = [0, 987_654, 123_456_789]
/** Six countries, and two spread as the bulk endpoint spreads them, in both modes. */
const CASES: Case[] = ['DE', 'GB', 'FR', 'NL', 'IT', 'CH', 'DE,FR', 'GB,IT,CH'].flatMap((country, i) =>
  [true, false].map((realistic, j) => ({
    seed: SEEDS[(i + j) % SEEDS.length] as string | number,
    country,
    realistic,
    offset: OFFSETS[(i + 2 * j) % OFFSETS.length] as number,
  })),
)

/** What the command line's json rows and the library's records share, in the json row's words. */
interface Shared {
  iban: string
  iban_print: string
  country: string
  check_digits: string
  bank_name: string | null
  bic: string | null
}

function sharedOf(row: Iban): Shared {
  return {
    iban: row.iban,
    iban_print: row.formatted,
    country: row.country,
    check_digits: row.check_digits,
    bank_name: row.bank?.name ?? null,
    bic: row.bank?.bic ?? null,
  }
}

function pick(row: Record<string, unknown>): Shared {
  const { iban, iban_print, country, check_digits, bank_name, bic } = row as unknown as Shared
  return { iban, iban_print, country, check_digits, bank_name, bic }
}

/** The rows of a case as `ibanmint generate … -f json` prints them. */
async function cliRows(c: Case): Promise<Shared[]> {
  const args = [BIN, 'generate', c.country, '--seed', String(c.seed), '--offset', String(c.offset)]
  args.push('-n', String(ROWS), '-f', 'json', ...(c.realistic ? [] : ['--random']))
  const { stdout } = await run(process.execPath, args, { cwd: ROOT })
  return (JSON.parse(stdout) as Record<string, unknown>[]).map(pick)
}

/**
 * A module that imports ibanAt from 'portable.js' and leaves in `globalThis.result` the JSON of
 * every case's rows, and of which of the Node and browser globals the engine has.
 */
const ROWS_MODULE = `import { ibanAt } from 'portable.js'
const cases = ${JSON.stringify(CASES)}
const present = ['crypto', 'TextEncoder', 'process', 'require', 'Buffer'].filter((name) => typeof globalThis[name] !== 'undefined')
const rows = cases.map((c) => Array.from({ length: ${ROWS} }, (_, i) => ibanAt(c.seed, c.offset + i, { country: c.country, realistic: c.realistic })))
globalThis.result = JSON.stringify({ present, rows })
`

interface EngineResult {
  present: string[]
  rows: Iban[][]
}

/** ROWS_MODULE run by QuickJS, with portable.js as the one module it may load. */
async function inQuickJs(code: string): Promise<EngineResult> {
  const quickjs = await getQuickJS()
  const runtime = quickjs.newRuntime()
  runtime.setModuleLoader((name) => {
    if (name === 'portable.js') return code
    throw new Error(`no module ${name}`)
  })
  const context = runtime.newContext()
  try {
    context.unwrapResult(context.evalCode(ROWS_MODULE, 'rows.js', { type: 'module' })).dispose()
    runtime.executePendingJobs()
    const handle = context.getProp(context.global, 'result')
    const text = context.dump(handle) as unknown
    handle.dispose()
    assert.equal(typeof text, 'string', 'the module ran to its end')
    return JSON.parse(text as string) as EngineResult
  } finally {
    context.dispose()
    runtime.dispose()
  }
}

/**
 * ROWS_MODULE run in a fresh V8 context of node:vm, which has the language's globals and none of
 * Node's or the browser's. vm's modules need --experimental-vm-modules: a child process.
 */
async function inBareVm(): Promise<EngineResult> {
  const script = `import { readFileSync } from 'node:fs'
import vm from 'node:vm'
const [file, source] = process.argv.slice(1)
const context = vm.createContext({})
const portable = new vm.SourceTextModule(readFileSync(file, 'utf8'), { context, identifier: 'portable.js' })
const main = new vm.SourceTextModule(source, { context, identifier: 'rows.js' })
await main.link((specifier) => {
  if (specifier === 'portable.js') return portable
  throw new Error('no module ' + specifier)
})
await main.evaluate()
process.stdout.write(context.result)
`
  const { stdout } = await run(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings', '--input-type=module', '-e', script, PORTABLE, ROWS_MODULE],
    { maxBuffer: 1 << 24 },
  )
  return JSON.parse(stdout) as EngineResult
}

function assertRowsOfCases(result: EngineResult, expected: Shared[][], engine: string): void {
  assert.deepEqual(result.present, [], `${engine} has none of Node's or the browser's globals`)
  CASES.forEach((c, i) => {
    const rows = result.rows[i] as Iban[]
    assert.deepEqual(rows.map(sharedOf), expected[i], `${engine}: ${JSON.stringify(c)}`)
    for (const row of rows) {
      assert.equal(row.bban, row.iban.slice(4))
      assert.equal(row.length, row.iban.length)
      assert.equal(row.valid, true)
    }
  })
}

test('the portable build is one ES module file with no import, and no Web Crypto at import', () => {
  assert.ok(existsSync(PORTABLE), 'the library is built (npm run build)')
  const code = readFileSync(PORTABLE, 'utf8')
  assert.doesNotMatch(code, /^\s*import\b|\bimport\s*\(|\brequire\s*\(/m, 'no import, dynamic import or require')
  assert.match(code, /^export \{[^}]*\bibanAt\b[^}]*\};?\s*$/m)
  const manifest = JSON.parse(readFileSync(join(ROOT, 'packages', 'iban', 'package.json'), 'utf8')) as {
    exports: Record<string, Record<string, string>>
  }
  assert.deepEqual(manifest.exports['./portable'], {
    types: './dist/portable.d.ts',
    default: './dist/portable.js',
  })
  assert.ok(existsSync(join(ROOT, 'packages', 'iban', 'dist', 'portable.d.ts')))
})

test('ibanAt in QuickJS and in a bare node:vm context gives the rows of `ibanmint generate` (DE, GB, FR, NL, IT, CH, DE,FR, GB,IT,CH; both modes; three seeds; deep offsets)', async () => {
  const code = readFileSync(PORTABLE, 'utf8')
  const expected: Shared[][] = []
  // Two command lines at a time: the machine's two cores.
  for (let i = 0; i < CASES.length; i += 2) {
    expected.push(...(await Promise.all(CASES.slice(i, i + 2).map(cliRows))))
  }
  for (const rows of expected) assert.equal(rows.length, ROWS)
  assertRowsOfCases(await inQuickJs(code), expected, 'QuickJS')
  assertRowsOfCases(await inBareVm(), expected, 'node:vm')
})

test('ibanAt(seed, i) is row i of generateIbans with that seed, record for record, negative data included', () => {
  for (const { seed, country, realistic, offset } of CASES.filter((c) => !c.country.includes(','))) {
    const rows = generateIbans(country, ROWS, { seed, realistic, offset })
    rows.forEach((row, i) => assert.deepEqual(ibanAt(seed, offset + i, { country, realistic }), row))
  }
  const negative = generateIbans('FR', ROWS, { seed: 3, invalid: 'national' })
  negative.forEach((row, i) => {
    const at = ibanAt('3', i, { country: 'fr', invalid: 'national' })
    assert.deepEqual(at, row)
    assert.equal(at.valid, false)
  })
  const banked = generateIbans('DE', ROWS, { seed: 9, bank: '37040044' })
  banked.forEach((row, i) => assert.deepEqual(ibanAt(9, i, { country: 'DE', bank: '37040044' }), row))
})

test('ibanAt keeps its answers when more datasets are asked for than its cache holds', () => {
  const first = Array.from({ length: 40 }, (_, seed) => ibanAt(seed, seed * 1000, { country: 'NL' }).iban)
  const again = Array.from({ length: 40 }, (_, seed) => ibanAt(seed, seed * 1000, { country: 'NL' }).iban)
  assert.deepEqual(again, first)
  assert.deepEqual(
    first.slice(0, 3),
    [0, 1, 2].map((seed) => generateIbans('NL', 1, { seed, offset: seed * 1000 })[0]?.iban),
  )
  // A changed option of one reused options object is a different dataset.
  const options: { country: string; realistic?: boolean } = { country: 'GB' }
  const realistic = ibanAt(5, 0, options).iban
  options.realistic = false
  assert.notEqual(ibanAt(5, 0, options).iban, realistic)
  assert.equal(ibanAt(5, 0, options).iban, generateIbans('GB', 1, { seed: 5, realistic: false })[0]?.iban)
})

test('ibanAt refuses what names no row: DatasetError naming seed, index or country', () => {
  const cases: [() => unknown, string, RegExp][] = [
    [() => ibanAt(undefined as unknown as string, 0, { country: 'DE' }), 'seed', /seed is needed/],
    [() => ibanAt(-1, 0, { country: 'DE' }), 'seed', /non-negative integer/],
    [() => ibanAt(1, -1, { country: 'DE' }), 'index', /index must be an integer between 0 and \d+/],
    [() => ibanAt(1, 1.5, { country: 'DE' }), 'index', /index/],
    [() => ibanAt(1, Number.NaN, { country: 'DE' }), 'index', /index/],
    [() => ibanAt(1, '3' as unknown as number, { country: 'DE' }), 'index', /index/],
    [() => ibanAt(1, 2 ** 53, { country: 'DE' }), 'index', /index/],
    [() => ibanAt(1, 0, { country: 'XX' }), 'country', /country "XX" is not supported/],
    [() => ibanAt(1, 0, undefined as unknown as { country: string }), 'country', /country is needed/],
    [() => ibanAt(1, 0, { country: 'DE,FR', bank: '37040044' }), 'bank', /exactly one country/],
  ]
  for (const [call, parameter, message] of cases) {
    assert.throws(call, (error: unknown) => {
      assert.ok(error instanceof DatasetError, String(error))
      assert.equal(error.parameter, parameter)
      assert.match(error.message, message)
      return true
    })
  }
  // The last row of a dataset is a row; the next index is refused.
  const { capacity } = new Dataset({ countries: ['DE', 'FR'], seed: 1 })
  assert.equal(ibanAt(1, capacity - 1, { country: 'DE,FR' }).valid, true)
  assert.throws(() => ibanAt(1, capacity, { country: 'DE,FR' }), { parameter: 'index' })
})

test('ibanAt is row `offset` of GET /api/v1/bulk/{countries}?seed=S&offset=…&count=1', async (t) => {
  const app = await startApp(t)
  for (const [seed, country, realistic, offset] of [
    [42, 'DE', true, 5],
    ['s', 'GB,FR', false, 31_337],
    [7, 'CH,IT,NL', true, 0],
  ] as const) {
    const query = `seed=${seed}&offset=${offset}&count=1&format=json&realistic=${realistic}`
    const res = await fetch(`${app.url}/api/v1/bulk/${country}?${query}`, { headers: app.auth })
    assert.equal(res.status, 200)
    const [row] = (await res.json()) as Record<string, unknown>[]
    assert.deepEqual(sharedOf(ibanAt(seed, offset, { country, realistic })), pick(row ?? {}))
  }
})

const LOAD_TESTING = readFileSync(join(ROOT, 'docs', 'load-testing.md'), 'utf8')
const SCRIPTS = [...LOAD_TESTING.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1] as string)

test('the load scripts of docs/load-testing.md parse and take ibanAt from the portable build', () => {
  assert.equal(SCRIPTS.length, 3, 'k6, the Artillery processor, Gatling')
  for (const code of SCRIPTS) {
    const { diagnostics = [] } = ts.transpileModule(code, { reportDiagnostics: true, fileName: 'script.js' })
    assert.deepEqual(
      diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
      [],
      code.split('\n')[0],
    )
    assert.match(code, /from '(\.\/portable\.js|@ibanmint\/iban\/portable)'|import\('@ibanmint\/iban\/portable'\)/)
    assert.match(code, /ibanAt\(SEED, [^,]+, \{ country: 'DE,FR,IT' \}\)/)
  }
})

test("the Artillery processor of docs/load-testing.md gives its worker's lane of rows, one row per call", async () => {
  const code = SCRIPTS.find((script) => script.includes('module.exports'))
  assert.ok(code)
  // Inside the project, so that import('@ibanmint/iban/portable') resolves as in a load test's project.
  const dir = join(ROOT, 'node_modules', '.cache', 'ibanmint-load-testing')
  mkdirSync(dir, { recursive: true })
  try {
    writeFileSync(join(dir, 'ibans.cjs'), code)
    const { nextIban } = createRequire(import.meta.url)(join(dir, 'ibans.cjs')) as {
      nextIban: (context: { vars: Record<string, string> }) => Promise<void>
    }
    const sent: string[] = []
    for (let i = 0; i < 5; i++) {
      const context = { vars: {} as Record<string, string> }
      await nextIban(context)
      sent.push(context.vars['iban'] as string)
    }
    // This test runs on the main thread (threadId 0) without LOAD_LANE: lane 0, rows 0 … 4.
    assert.deepEqual(
      sent,
      [0, 1, 2, 3, 4].map((i) => ibanAt('load-2026', i, { country: 'DE,FR,IT' }).iban),
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
