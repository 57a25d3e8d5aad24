// The README and docs/ say what the code does: every `npx ibanmint …` and `curl …` line of their
// sh blocks runs against the real command line and a real listening server (a trailing
// `# → TEXT` comment is the output the line must print); the endpoint table lists exactly the
// routes the server has; the configuration table lists exactly the variables the code reads;
// every relative link and anchor resolves; the README stays a front door (at most 250 lines).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { LONG } from './helpers/fixtures.ts'
import { startApp, type TestApp } from './helpers/app.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const BIN = join(ROOT, 'bin', 'ibanmint.js')
/** The README and every page of docs/, by path from the root. */
const PAGES = new Map<string, string>(
  ['README.md', ...readdirSync(join(ROOT, 'docs')).map((name) => `docs/${name}`)]
    .filter((path) => path.endsWith('.md'))
    .map((path) => [path, readFileSync(join(ROOT, path), 'utf8')]),
)
/** Lines that change state, run a server or need another program are covered by their own tests. */
const SKIP = /^npx ibanmint (serve|keys|mcp)|^KEY=|^npm |^docker |^claude /
const run = promisify(execFile)

interface Example {
  page: string
  command: string
  expected: string | undefined
}

function blocks(text: string, language: string): string[] {
  return [...text.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1] as string)
}

function examples(): Example[] {
  return [...PAGES].flatMap(([page, text]) =>
    blocks(text, 'sh')
      .flatMap((block) => block.split('\n'))
      .map((line) => line.trim())
      .filter((line) => /^(npx ibanmint|curl) /.test(line) && !SKIP.test(line))
      .map((line) => {
        const [command = '', comment = ''] = line.split(/\s+#\s+/, 2)
        const expected = /^→ (\S+)/.exec(comment)?.[1]
        return { page, command: command.trim(), expected }
      }),
  )
}

/** Examples of more than a million rows take a while and much disk: long runs only. */
function large(command: string): boolean {
  const count = /(?:-n|--count) (\d+)/.exec(command)?.[1]
  return count !== undefined && Number(count) > 1_000_000
}

/** The rows of the first Markdown table after `heading` in `text`, as arrays of cells. */
function tableAfter(text: string, heading: RegExp): string[][] {
  const start = text.search(heading)
  assert.ok(start >= 0, `a heading ${heading}`)
  const lines = text.slice(start).split('\n')
  const first = lines.findIndex((line) => line.startsWith('|'))
  const rows: string[][] = []
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    )
  }
  return rows
}

describe('docs examples', () => {
  let app: TestApp
  let key = ''
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-docs-'))
  const cleanup: (() => unknown)[] = [() => rmSync(dir, { recursive: true, force: true })]
  before(async () => {
    app = await startApp({ after: (fn) => cleanup.push(fn) })
    key = (await app.createKey()).key
  })
  after(async () => {
    for (const fn of cleanup.reverse()) await fn()
  })

  test('the README and docs have command-line and curl examples', () => {
    const all = examples()
    assert.ok(all.filter((e) => e.command.startsWith('npx')).length >= 8, 'command-line examples')
    assert.ok(all.filter((e) => e.command.startsWith('curl')).length >= 7, 'curl examples')
    assert.ok(
      all.some((e) => e.page === 'README.md'),
      'the README has examples of its own',
    )
  })

  for (const { page, command, expected } of examples()) {
    test(
      `${page}: ${command}`,
      { skip: large(command) && !LONG ? 'long runs only (IBANMINT_LONG_TESTS=1)' : false },
      async () => {
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
      },
    )
  }

  test('docs/http-api.md lists exactly the routes the server has, with their access', async () => {
    const index = (await app.call('GET', '/api/v1')).body as {
      endpoints: { method: string; path: string; access: string }[]
    }
    const served = new Set(index.endpoints.map((e) => `${e.method} ${e.path} ${e.access}`))
    const documented = new Set<string>()
    for (const [routes, access] of tableAfter(PAGES.get('docs/http-api.md') ?? '', /^## Endpoints/m)) {
      for (const [, method, path] of (routes ?? '').matchAll(/`([A-Z]+) ([^`?\s]+)[^`]*`/g))
        documented.add(`${method} ${path} ${ACCESS[access ?? ''] ?? access}`)
    }
    assert.deepEqual([...documented].sort(), [...served].sort())
  })
})

/** The access column's words, as the route table says them. */
const ACCESS: Record<string, string> = { public: 'public', key: 'key', 'per IP': 'ip' }

test('docs/configuration.md lists exactly the environment variables the code reads', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name)
      return entry.isDirectory() ? sources(path) : entry.name.endsWith('.ts') ? [path] : []
    })
  const read = new Set<string>()
  for (const file of sources(join(ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8')
    for (const [, name] of text.matchAll(/\b(?:env|process\.env)\[['"]([A-Z][A-Z0-9_]+)['"]\]/g))
      read.add(name as string)
    for (const [, name] of text.matchAll(/\binteger\(env, '([A-Z][A-Z0-9_]+)'/g)) read.add(name as string)
  }
  const documented = new Set(
    tableAfter(PAGES.get('docs/configuration.md') ?? '', /^## Variables/m).flatMap(([names]) =>
      [...(names ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1] as string),
    ),
  )
  assert.deepEqual([...documented].sort(), [...read].sort())
})

test('every relative link of the README and docs/ names a file, and every #anchor a heading', () => {
  const slug = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[`*_]/g, '')
      .replace(/[^\p{L}\p{N} -]/gu, '')
      .replace(/ /g, '-')
  const broken: string[] = []
  for (const [page, text] of PAGES) {
    const prose = text.replace(/```[\s\S]*?```/g, '')
    for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target as string)) continue
      const [path = '', anchor] = (target as string).split('#')
      const file = path === '' ? join(ROOT, page) : resolve(dirname(join(ROOT, page)), path)
      if (!existsSync(file)) {
        broken.push(`${page}: ${target} (no such file)`)
        continue
      }
      if (anchor !== undefined && file.endsWith('.md')) {
        const headings = [...readFileSync(file, 'utf8').matchAll(/^#+ (.+)$/gm)].map((match) =>
          slug(match[1] as string),
        )
        if (!headings.includes(anchor))
          broken.push(`${page}: ${target} (no heading #${anchor} in ${relative(ROOT, file)})`)
      }
    }
  }
  assert.deepEqual(broken, [])
})

test('the README is a front door: at most 250 lines, linking every page of docs/', () => {
  const readme = PAGES.get('README.md') ?? ''
  assert.ok(readme.split('\n').length <= 250, `${readme.split('\n').length} lines`)
  for (const page of PAGES.keys())
    if (page.startsWith('docs/')) assert.ok(readme.includes(`(${page})`), `the README links ${page}`)
})
