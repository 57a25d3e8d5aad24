// The packages as users get them: `npm pack` of the library @ibanmint/iban and of the service
// ibanmint (which carries the library inside), each installed into an empty project.
// - The library: nothing else installed and no registry asked; `import` and `require` on Node
//   20, 22 and 24 give exactly the documented API; TypeScript consumers (ES module and
//   CommonJS, NodeNext and bundler resolution) type-check against its declarations; every
//   example of its README compiles strictly and runs, the Jest one in Jest (a CommonJS project).
// - The service: its bin, including `serve`, with no development dependency (tsx, esbuild)
//   installed; it uses the library it carries (no copy of the domain in its own files), and
//   `import`/`require` of ibanmint give the library's very functions.
import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { API_VALUES } from './helpers/library-api.ts'
import { listening } from './helpers/process.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const run = promisify(execFile)
const require = createRequire(import.meta.url)
const TSC = require.resolve('typescript/bin/tsc')
const JEST = require.resolve('jest/bin/jest')
const WITH_NODE = join(ROOT, 'scripts', 'with-node.sh')
const VERSION = (require('../package.json') as { version: string }).version
const LIBRARY_README = readFileSync(join(ROOT, 'packages', 'iban', 'README.md'), 'utf8')
/** The project's README and docs/: their TypeScript examples that use the library. */
const DOC_PAGES = [
  readFileSync(join(ROOT, 'README.md'), 'utf8'),
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => readFileSync(join(ROOT, 'docs', name), 'utf8')),
]
/** The Node releases the project supports (.ci/run runs them). */
const RELEASES = ['20.20.2', '22.23.3', '24.21.0']
const API = [...API_VALUES].sort()

/** A command that runs `node` of a release: this process's own, or one scripts/with-node.sh provides. */
function nodeOf(release: string): [string, ...string[]] {
  return process.version === `v${release}` ? [process.execPath] : ['bash', WITH_NODE, release, 'node']
}

/** Packs a package (the root, or a workspace given as `-w name`) into `dir`: the tarball and its files. */
async function pack(dir: string, ...workspace: string[]): Promise<{ tarball: string; files: string[] }> {
  // --ignore-scripts: `npm test` built both packages already, and other test files are using them.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir, ...workspace], {
    cwd: ROOT,
  })
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[]
  assert.ok(packed)
  return { tarball: join(dir, packed.filename), files: packed.files.map((file) => file.path) }
}

/** An empty project holding only a package.json, with the tarball installed into it. */
async function installInto(project: string, tarball: string, manifest: object, ...flags: string[]): Promise<void> {
  mkdirSync(project, { recursive: true })
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, ...manifest }))
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...flags, tarball], {
    cwd: project,
    timeout: 240_000,
  })
}

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
}

/** Strict compiler options: what a careful TypeScript project sets. */
const STRICT = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  target: 'ES2022',
  // No DOM and no @types/node: the declarations need neither.
  lib: ['ES2023'],
  types: [],
  skipLibCheck: false,
}

/** tsc with a config written into the project; the error output, or '' when it type-checks. */
async function typeCheck(project: string, name: string, config: object): Promise<string> {
  writeFileSync(join(project, name), JSON.stringify(config))
  // The project's own compiler: the consumer has no TypeScript installed.
  const result = await run(process.execPath, [TSC, '-p', name], { cwd: project }).catch(
    (error: { stdout: string }) => error,
  )
  return 'code' in result ? result.stdout : ''
}

/** The fenced blocks of a Markdown text in a language. */
function blocks(markdown: string, language: string): string[] {
  return [...markdown.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1] as string)
}

describe('the library, packed and installed into an empty project', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-library-'))
  const project = join(dir, 'project')
  let files: string[] = []
  let manifest: Record<string, unknown> = {}

  before(async () => {
    assert.ok(existsSync(join(ROOT, 'packages', 'iban', 'dist', 'index.js')), 'the library is built (npm run build)')
    const packed = await pack(dir, '-w', '@ibanmint/iban')
    files = packed.files
    // A CommonJS project (no "type"), as Jest's users have; the ES module checks are .mjs/.mts.
    // --offline: the tarball is all it needs; the registry is never asked.
    await installInto(project, packed.tarball, {}, '--offline')
    manifest = readJson(join(project, 'node_modules', '@ibanmint', 'iban', 'package.json'))
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  test('the tarball holds the ES module, CommonJS and portable bundles, their declarations, README and LICENSE', () => {
    for (const file of [
      'dist/index.js',
      'dist/internal.js',
      'dist/portable.js',
      'dist/portable.d.ts',
      'dist/index.d.ts',
      'dist/cjs/index.js',
      'dist/cjs/index.d.ts',
      'dist/cjs/package.json',
      'README.md',
      'LICENSE',
      'package.json',
    ]) {
      assert.ok(files.includes(file), `${file} is packed`)
    }
    assert.deepEqual(
      files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts')),
      [],
    )
    assert.equal(manifest['name'], '@ibanmint/iban')
    assert.equal(manifest['version'], VERSION, 'the library and the service are released together')
    const licence = readFileSync(join(project, 'node_modules', '@ibanmint', 'iban', 'LICENSE'), 'utf8')
    assert.match(licence, /schwifty/, 'the bank registries are attributed')
    assert.match(licence, /produced and released by Vocalink/, 'the UK modulus data is attributed')
  })

  test('it declares no dependency, and installing it installs nothing else', () => {
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies']) {
      assert.equal(manifest[field], undefined, field)
    }
    const installed = readdirSync(join(project, 'node_modules')).filter((name) => !name.startsWith('.'))
    assert.deepEqual(installed, ['@ibanmint'])
    assert.deepEqual(readdirSync(join(project, 'node_modules', '@ibanmint')), ['iban'])
  })

  for (const release of RELEASES) {
    test(`Node ${release}: import and require give exactly the documented API, and the same IBANs`, async () => {
      const probe = (load: string) => `${load}
const keys = Object.keys(lib).sort()
const seeded = lib.generateIbans('DE', 3, { seed: 42 }).map((row) => row.iban)
const same = JSON.stringify(seeded) === JSON.stringify(lib.generateIbans('DE', 3, { seed: '42' }).map((row) => row.iban))
const ibans = lib.generateIbans('NO', 1000, { seed: 'package' })
const valid = ibans.every((row) => lib.validateIban(row.iban).valid) && new Set(ibans.map((row) => row.iban)).size === 1000
const built = lib.buildIban({ country: 'DE', bank: '37040044', account: '0532013000' }).iban
let error = ''
try { lib.generateIbans('XX', 1) } catch (caught) { error = caught instanceof lib.DatasetError ? caught.parameter : 'other' }
// What the CommonJS bundle loads on first use: Bundesbank methods, UK accounts, payment writers.
const realistic = ['DE', 'GB'].flatMap((code) => lib.generateIbans(code, 300, { seed: 'lazy', realistic: true }).map((row) => row.iban))
const file = Buffer.concat([...lib.paymentFileChunks({ message: 'pain.008.001.08', count: 40, seed: 1, defects: ['AC01'], defectShare: 0.2 }, 'status-report')])
const lazy = {
  realistic: process.getBuiltinModule('node:crypto').createHash('sha256').update(realistic.join()).digest('hex'),
  checked: realistic.every((iban) => lib.validateIban(iban).checks.national !== false),
  uk: lib.checkUkAccount('089999', '66374958').valid,
  file: process.getBuiltinModule('node:crypto').createHash('sha256').update(file).digest('hex'),
  rejected: (file.toString().match(/<StsRsnInf>/g) ?? []).length,
}
console.log(JSON.stringify({ node: process.version, keys, seeded, same, valid, built, countries: lib.COUNTRIES.length, error, lazy }))
`
      writeFileSync(join(project, 'probe.mjs'), probe(`import * as lib from '@ibanmint/iban'`))
      writeFileSync(join(project, 'probe.cjs'), probe(`const lib = require('@ibanmint/iban')`))
      const [command, ...args] = nodeOf(release)
      const answers: unknown[] = []
      for (const file of ['probe.mjs', 'probe.cjs']) {
        const { stdout } = await run(command, [...args, file], { cwd: project, timeout: 300_000 })
        answers.push(JSON.parse(stdout.trim().split('\n').at(-1) as string))
      }
      const { lazy, ...answer } = answers[0] as { lazy: { checked: boolean; uk: boolean; rejected: number } }
      assert.equal(lazy.checked, true, 'no realistic DE or GB IBAN fails its account check')
      assert.equal(lazy.uk, true)
      assert.ok(lazy.rejected > 0, 'the status report rejects the defective transactions')
      assert.deepEqual(answer, {
        node: `v${release}`,
        keys: API,
        seeded: ['DE09683500481280902865', 'DE60701696934633318451', 'DE77170523026289607160'],
        same: true,
        valid: true,
        built: 'DE89370400440532013000',
        countries: 91,
        error: 'country',
      })
      assert.deepEqual(answers[1], answers[0], 'require gives what import gives')
    })
  }

  test('require compiles the library but what a process has not used: each lazily loaded file on its first use', async () => {
    // Which of the CommonJS bundle's files a process has loaded, after each step.
    const probe = `const loaded = () => Object.keys(require.cache).filter((path) => path !== __filename).map((path) => require('node:path').basename(path)).sort()
const steps = {}
const lib = require('@ibanmint/iban')
steps.require = loaded()
lib.generateIbans('FR', 100, { seed: 1, realistic: false })
steps.random = loaded()
lib.validateIban('FR1420041010050500013M02606')
steps.validate = loaded()
lib.generateIbans('GB', 10, { seed: 1 })
steps.gb = loaded()
lib.checkSeAccount('5491', '0000003')
steps.se = loaded()
lib.validateIban('DE89370400440532013000')
steps.de = loaded()
lib.buildCreditorIdentifier('DE', '12345')
steps.payments = loaded()
console.log(JSON.stringify(steps))
`
    writeFileSync(join(project, 'lazy.cjs'), probe)
    const { stdout } = await run(process.execPath, ['lazy.cjs'], { cwd: project })
    const steps = JSON.parse(stdout) as Record<string, string[]>
    // What each step loaded that the steps before it had not.
    const added: Record<string, string[]> = {}
    let before: string[] = []
    for (const [step, files] of Object.entries(steps)) {
      added[step] = files.filter((file) => !before.includes(file))
      before = files
    }
    assert.deepEqual(added, {
      require: ['core.js', 'index.js'],
      random: [],
      validate: ['banks-registry-data.js'],
      gb: ['bank-weights.js', 'uk-accounts.js'],
      se: ['se-accounts.js'],
      de: ['de-methods.js'],
      payments: ['payments.js'],
    })
  })

  test('TypeScript consumers type-check against its declarations: ES module and CommonJS, NodeNext and Bundler', async () => {
    const body = `const options: GenerateOptions = { seed: 42, realistic: false }
const kind: InvalidCheck = INVALID_CHECKS[0]
const iban: Iban = generateIban('FR', { ...options, invalid: kind })
const result: ValidateResult = validateIban(iban.iban)
const national: boolean | null = result.checks.national
const spec: CountrySpec | undefined = findCountry('DE')
const banks: readonly BankRow[] = banksOf('DE')
const bic: BicResult = validateBic('COBADEFFXXX')
export const all = [generateIbans('DE', 3, { seed: 42 }), national, spec?.ibanLength, banks.length, bic.valid]
`
    const names = 'INVALID_CHECKS, banksOf, findCountry, generateIban, generateIbans, validateBic, validateIban'
    const types = 'BankRow, BicResult, CountrySpec, GenerateOptions, Iban, InvalidCheck, ValidateResult'
    // The service's internals are not the API: importing one is a compile error.
    const hidden = `// @ts-expect-error Dataset is not part of the API\nimport { Dataset } from '@ibanmint/iban'\nexport { Dataset }\n`
    writeFileSync(
      join(project, 'esm.mts'),
      `import { ${names} } from '@ibanmint/iban'\nimport type { ${types} } from '@ibanmint/iban'\n${hidden}${body}`,
    )
    writeFileSync(
      join(project, 'cjs.cts'),
      `import { ${names} } from '@ibanmint/iban'\nimport type { ${types} } from '@ibanmint/iban'\n${body}`,
    )
    writeFileSync(
      join(project, 'bundler.ts'),
      `import { ${names} } from '@ibanmint/iban'\nimport type { ${types} } from '@ibanmint/iban'\n${body}`,
    )
    const nodeNext = { ...STRICT, module: 'NodeNext', moduleResolution: 'NodeNext', noEmit: true }
    assert.equal(
      await typeCheck(project, 'tsconfig.node.json', { compilerOptions: nodeNext, files: ['esm.mts', 'cjs.cts'] }),
      '',
    )
    const bundler = { ...STRICT, module: 'ESNext', moduleResolution: 'Bundler', noEmit: true }
    assert.equal(
      await typeCheck(project, 'tsconfig.bundler.json', { compilerOptions: bundler, files: ['bundler.ts'] }),
      '',
    )
  })

  test("the TypeScript examples of the library's README, the README and docs/ compile strictly and run, and the CommonJS example type-checks and runs", async () => {
    const documented = DOC_PAGES.flatMap((page) => blocks(page, 'ts')).filter((code) =>
      code.includes("from '@ibanmint/iban'"),
    )
    assert.ok(documented.length >= 2, `${documented.length} library examples in the README and docs/`)
    const examples = [...blocks(LIBRARY_README, 'ts'), ...documented]
    const plain = blocks(LIBRARY_README, 'js').filter((code) => !/\btest(\.each)?\(/.test(code))
    assert.ok(
      examples.length >= 2 && plain.length >= 1,
      `${examples.length} TypeScript and ${plain.length} CommonJS examples`,
    )
    const sources = [
      ...examples.map((code, i) => {
        writeFileSync(join(project, `readme-${i}.mts`), code)
        return `readme-${i}.mts`
      }),
      ...plain.map((code, i) => {
        writeFileSync(join(project, `readme-${i}.cjs`), code)
        return `readme-${i}.cjs`
      }),
    ]
    // The examples print with console: the DOM's declarations declare it.
    const options = {
      ...STRICT,
      lib: ['ES2023', 'DOM'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      allowJs: true,
      checkJs: true,
      outDir: 'out',
    }
    assert.equal(await typeCheck(project, 'tsconfig.readme.json', { compilerOptions: options, files: sources }), '')
    for (const file of sources) {
      const compiled = join(project, 'out', file.replace(/\.mts$/, '.mjs'))
      await run(process.execPath, [file.endsWith('.cjs') ? join(project, file) : compiled], { cwd: project })
    }
  })

  test("Jest runs the README's Jest example in the CommonJS project, requiring the library", async () => {
    const [example, ...others] = blocks(LIBRARY_README, 'js').filter((code) => /\btest(\.each)?\(/.test(code))
    assert.ok(example !== undefined && others.length === 0, 'one Jest example')
    writeFileSync(join(project, 'readme.test.js'), example)
    const result = await run(
      process.execPath,
      [JEST, '--ci', '--colors=false', '--watchman=false', '--cacheDirectory', join(dir, 'jest'), '--rootDir', project],
      { cwd: project, timeout: 120_000 },
    ).catch((error: { code: number; stdout: string; stderr: string }) => error)
    const output = `${result.stdout}${result.stderr}`
    assert.ok(!('code' in result), output)
    assert.match(output, /Tests:\s+6 passed, 6 total/)
  })
})

describe('the service, packed and installed into an empty project', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-package-'))
  const project = join(dir, 'project')
  const service = join(project, 'node_modules', 'ibanmint')
  let files: string[] = []

  before(async () => {
    assert.ok(existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js')), 'dist/ is built (npm run build)')
    const packed = await pack(dir)
    files = packed.files
    // The library comes from the tarball: @ibanmint/iban is on no registry, so a request for it
    // would fail the install.
    await installInto(project, packed.tarball, { type: 'module' }, '--prefer-offline')
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  test('the tarball holds the built service and the library inside it; no sources or tests', () => {
    for (const file of [
      'bin/ibanmint.js',
      'dist/src/cli/main.js',
      'dist/workers/tasks.js',
      'dist/web/app.js',
      'dist/library.js',
      'dist/library.cjs',
      'dist/library.d.ts',
      'dist/library.d.cts',
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      'package.json',
    ]) {
      assert.ok(files.includes(file), `${file} is packed`)
    }
    assert.deepEqual(
      files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts')),
      [],
    )
    assert.ok(!files.some((file) => /^(test|src|packages|dist\/src\/iban)\//.test(file)))
    assert.equal(readJson(join(service, 'node_modules', '@ibanmint', 'iban', 'package.json'))['version'], VERSION)
    const { dependencies } = readJson(join(service, 'package.json')) as { dependencies: Record<string, string> }
    assert.equal(dependencies['@ibanmint/iban'], VERSION, 'the service depends on the library of its own release')
  })

  test('no development dependency is installed with it: no tsx, no esbuild', () => {
    const installed = readdirSync(join(project, 'node_modules'))
    assert.ok(installed.includes('ibanmint'))
    assert.ok(!installed.includes('tsx'), 'tsx is not installed')
    assert.ok(!installed.includes('esbuild'), 'esbuild is not installed')
    assert.ok(!installed.includes('typescript'), 'typescript is not installed')
  })

  test('the service runs the library it carries: its own files hold no copy of the domain', () => {
    const resolved = createRequire(join(service, 'package.json')).resolve('@ibanmint/iban')
    assert.ok(resolved.startsWith(join(service, 'node_modules', '@ibanmint', 'iban')), resolved)
    // The web page's script is the one exception: it is bundled for browsers from the sources.
    const own = readdirSync(join(service, 'dist'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js') && file !== join('web', 'app.js'))
      .map((file) => join(service, 'dist', file))
    assert.ok(own.length > 50, `${own.length} files`)
    for (const file of own) {
      const text = readFileSync(file, 'utf8')
      assert.ok(!/class DatasetError|MARKDEF1100/.test(text), `${file} holds domain code`)
    }
    assert.match(readFileSync(join(service, 'dist', 'workers', 'tasks.js'), 'utf8'), /from "@ibanmint\/iban"/)
  })

  test('import and require of ibanmint give the library API: the very functions of the library it carries', async () => {
    const library = join(service, 'node_modules', '@ibanmint', 'iban')
    writeFileSync(
      join(project, 'reexport.mjs'),
      `import * as service from 'ibanmint'
const library = await import(${JSON.stringify(join(library, 'dist', 'index.js'))})
const { createRequire } = await import('node:module')
const required = createRequire(import.meta.url)('ibanmint')
const carried = createRequire(${JSON.stringify(join(service, 'package.json'))})('@ibanmint/iban')
console.log(JSON.stringify({
  keys: Object.keys(service).sort(),
  required: Object.keys(required).sort(),
  same: service.generateIban === library.generateIban && required.generateIban === carried.generateIban,
  iban: service.generateIban('DE', { seed: 42 }).iban,
}))
`,
    )
    const { stdout } = await run(process.execPath, ['reexport.mjs'], { cwd: project })
    assert.deepEqual(JSON.parse(stdout), { keys: API, required: API, same: true, iban: 'DE09683500481280902865' })
  })

  test('a TypeScript file type-checks against its declarations (tsc --noEmit, strict)', async () => {
    writeFileSync(
      join(project, 'check.ts'),
      `import { generateIban, validateIban, type Iban, type ValidateResult, type InvalidCheck } from 'ibanmint'
const kind: InvalidCheck = 'national'
const iban: Iban = generateIban('FR', { seed: 42, invalid: kind })
const result: ValidateResult = validateIban(iban.iban)
const national: boolean | null = result.checks.national
const name: string | undefined = generateIban('DE').bank?.name
export { national, name }
`,
    )
    const options = { ...STRICT, module: 'NodeNext', moduleResolution: 'NodeNext', noEmit: true }
    assert.equal(await typeCheck(project, 'tsconfig.json', { compilerOptions: options, files: ['check.ts'] }), '')
  })

  test('the bin runs: --version, generate, iban', async () => {
    const bin = join(project, 'node_modules', '.bin', 'ibanmint')
    assert.equal((await run(bin, ['--version'])).stdout, `ibanmint ${VERSION}\n`)
    const lines = (await run(bin, ['generate', 'DE', '-n', '3'])).stdout.trim().split('\n')
    assert.equal(lines.length, 3)
    assert.equal(
      (await run(bin, ['iban', 'DE', '--bank', '37040044', '--account', '0532013000'])).stdout,
      'DE89370400440532013000\n',
    )
  })

  test('the bin serves: the page with its prebuilt script, the API, bulk on the worker pool', async () => {
    const bin = join(project, 'node_modules', '.bin', 'ibanmint')
    const child = spawn(bin, ['serve'], {
      cwd: project,
      env: { ...process.env, PORT: '0', KEYS_FILE: join(dir, 'keys.json'), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let banner = ''
    child.stderr.on('data', (chunk: Buffer) => (banner += chunk.toString()))
    try {
      await listening(child)
      const url = /listening on (http:\/\/\S+)/.exec(banner)?.[1]
      assert.ok(url, banner)
      const page = await (await fetch(`${url}/`)).text()
      const script = /src="(\/assets\/app-[^"]+\.js)"/.exec(page)?.[1]
      assert.ok(script)
      const code = await (await fetch(url + script)).text()
      assert.ok(code.length > 20_000 && !code.includes('could not build'), 'the prebuilt script is served')
      const { stdout } = await run(bin, ['keys', 'create', '--name', 'package'], {
        cwd: project,
        env: { ...process.env, KEYS_FILE: join(dir, 'keys.json') },
      })
      const key = stdout.trim()
      const bulk = await fetch(`${url}/api/v1/bulk/DE?count=25000&format=txt`, { headers: { 'x-api-key': key } })
      assert.equal(bulk.status, 200)
      const rows = (await bulk.text()).trim().split('\n')
      assert.equal(new Set(rows).size, 25_000)
    } finally {
      child.kill('SIGTERM')
    }
  })
})
