// The README's examples run: every `npx ibanmint …` and `curl …` line of its sh blocks, against
// the real command line and a real listening server, in a scratch folder. A trailing
// `# → TEXT` comment is the output the line must print.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { LONG } from './helpers/fixtures.ts'
import { startApp, type TestApp } from './helpers/app.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const BIN = join(ROOT, 'bin', 'ibanmint.js')
const README = readFileSync(join(ROOT, 'README.md'), 'utf8')
/** Lines that change state or run a server are covered by their own tests. */
const SKIP = /^npx ibanmint (serve|keys)|^KEY=|^npm /
const run = promisify(execFile)

interface Example {
  command: string
  expected: string | undefined
}

function examples(): Example[] {
  const blocks = [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] as string)
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => line.trim())
    .filter((line) => /^(npx ibanmint|curl) /.test(line) && !SKIP.test(line))
    .map((line) => {
      const [command = '', comment = ''] = line.split(/\s+#\s+/, 2)
      const expected = /^→ (\S+)/.exec(comment)?.[1]
      return { command: command.trim(), expected }
    })
}

/** The README's 10-million-row example takes a while and 850 MB of disk: long runs only. */
function large(command: string): boolean {
  const count = /(?:-n|--count) (\d+)/.exec(command)?.[1]
  return count !== undefined && Number(count) > 1_000_000
}

describe('README examples', () => {
  let app: TestApp
  let key = ''
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-readme-'))
  const cleanup: (() => unknown)[] = [() => rmSync(dir, { recursive: true, force: true })]
  before(async () => {
    app = await startApp({ after: (fn) => cleanup.push(fn) })
    key = (await app.createKey()).key
  })
  after(async () => {
    for (const fn of cleanup.reverse()) await fn()
  })

  test('the README has command-line and curl examples', () => {
    const all = examples()
    assert.ok(all.filter((e) => e.command.startsWith('npx')).length >= 8, 'command-line examples')
    assert.ok(all.filter((e) => e.command.startsWith('curl')).length >= 7, 'curl examples')
  })

  for (const { command, expected } of examples()) {
    test(command, { skip: large(command) && !LONG ? 'long runs only (IBANMINT_LONG_TESTS=1)' : false }, async () => {
      const shell = command
        .replace(/^npx ibanmint /, `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} `)
        .replace(/^curl /, 'curl -sS --fail-with-body ')
        .replaceAll('http://127.0.0.1:8080', app.url)
      // Asynchronously: the server answering the curl lines runs in this process.
      const result = await run('bash', ['-c', shell], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, KEY: key },
        maxBuffer: 1 << 28,
        timeout: 120_000,
      }).catch((error: { code: number; stdout: string; stderr: string }) => error)
      const status = 'code' in result ? result.code : 0
      assert.equal(status, 0, `${command}\n${result.stderr}${result.stdout.slice(0, 2000)}`)
      if (expected !== undefined) assert.equal(result.stdout.trim(), expected)
      if (command.includes('/mcp')) assert.match(result.stdout, /"build_iban"/)
      if (command.includes('bulk/DE?count=1000000')) {
        const rows = readFileSync(join(dir, 'de.csv'), 'utf8').trim().split('\n').slice(1)
        assert.equal(rows.length, 1_000_000)
        assert.equal(new Set(rows.map((row) => row.slice(0, 22))).size, 1_000_000)
      }
    })
  }
})
