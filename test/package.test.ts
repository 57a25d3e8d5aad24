// The package as users get it: `npm pack` the project (dist/ as `npm test` built it), install
// the tarball into an empty project, then import it from plain Node (ESM), type-check a
// TypeScript file against its declarations with `tsc --noEmit`, and run its bin, including
// `serve`, with no development dependency (tsx, esbuild) installed.
import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { listening } from './helpers/process.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const run = promisify(execFile)
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc')
const VERSION = (createRequire(import.meta.url)('../package.json') as { version: string }).version

describe('the packed package, installed into an empty project', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-package-'))
  const project = join(dir, 'project')
  let tarball = ''
  let files: string[] = []

  before(async () => {
    assert.ok(existsSync(join(ROOT, 'dist', 'src', 'iban', 'index.js')), 'dist/ is built (npm run build)')
    // --ignore-scripts: `npm test` built dist/ already, and other test files are using it.
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
      cwd: ROOT,
    })
    const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[]
    assert.ok(packed)
    tarball = join(dir, packed.filename)
    files = packed.files.map((file) => file.path)
    await run('mkdir', ['-p', project])
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball], {
      cwd: project,
      timeout: 240_000,
    })
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  test('the tarball holds the built code, declarations, README, LICENSE and CHANGELOG; no sources or tests', () => {
    for (const file of [
      'bin/ibanmint.js',
      'dist/src/iban/index.js',
      'dist/src/iban/index.d.ts',
      'dist/src/cli/main.js',
      'dist/workers/tasks.js',
      'dist/web/app.js',
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
    assert.ok(!files.some((file) => file.startsWith('test/') || file.startsWith('src/')))
  })

  test('no development dependency is installed with it: no tsx, no esbuild', () => {
    const installed = readdirSync(join(project, 'node_modules'))
    assert.ok(installed.includes('ibanmint'))
    assert.ok(!installed.includes('tsx'), 'tsx is not installed')
    assert.ok(!installed.includes('esbuild'), 'esbuild is not installed')
    assert.ok(!installed.includes('typescript'), 'typescript is not installed')
  })

  test('plain Node imports it (ESM): generate, validate, build, the registry', async () => {
    writeFileSync(
      join(project, 'check.mjs'),
      `import { generateIbans, validateIban, buildIban, COUNTRIES, REGISTRY_RELEASE, SeededRandom } from 'ibanmint'
const ibans = generateIbans('NO', 1000, { seed: 'package' })
const distinct = new Set(ibans.map((i) => i.iban)).size
const valid = ibans.every((i) => validateIban(i.iban).valid)
const built = buildIban({ country: 'DE', bank: '37040044', account: '0532013000' }).iban
console.log(JSON.stringify({ distinct, valid, built, countries: COUNTRIES.length, release: REGISTRY_RELEASE.release, seeded: typeof SeededRandom }))
`,
    )
    const { stdout } = await run(process.execPath, ['check.mjs'], { cwd: project })
    assert.deepEqual(JSON.parse(stdout), {
      distinct: 1000,
      valid: true,
      built: 'DE89370400440532013000',
      countries: 91,
      release: 102,
      seeded: 'function',
    })
  })

  test('a TypeScript file type-checks against its declarations (tsc --noEmit, strict)', async () => {
    writeFileSync(
      join(project, 'check.ts'),
      `import { generateIban, validateIban, type Iban, type ValidateResult, type InvalidCheck } from 'ibanmint'
const kind: InvalidCheck = 'national'
const iban: Iban = generateIban('FR', { seed: 'types', invalid: kind })
const result: ValidateResult = validateIban(iban.iban)
const national: boolean | null = result.checks.national
const name: string | undefined = generateIban('DE').bank?.name
export { national, name }
`,
    )
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2023'],
          types: [],
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['check.ts'],
      }),
    )
    // The project's own compiler: the consumer has no TypeScript installed.
    const result = await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: project }).catch(
      (error: { stdout: string }) => error,
    )
    assert.equal('code' in result ? result.stdout : '', '')
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
