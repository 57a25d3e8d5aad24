// Runs every *.test.ts under test/ with node:test. On Node 20, `node --test test/` finds no
// .ts files and still exits 0, so the files are listed here and a run of zero tests fails.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

const root = join(import.meta.dirname, '..')

function findTests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : findTests(path)
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : []
  })
}

const filter = process.argv.slice(2)
const files = findTests(join(root, 'test'))
  .filter((file) => filter.length === 0 || filter.some((f) => file.includes(f)))
  .sort()
if (files.length === 0) {
  console.error('test/run.ts: no test files matched')
  process.exit(1)
}

// Reliability cases append their figures here; the table is printed after the run.
const report = join(mkdtempSync(join(tmpdir(), 'ibanmint-report-')), 'reliability.jsonl')
const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, IBANMINT_RELIABILITY_REPORT: report },
})

function printReport(): void {
  if (!existsSync(report)) return
  const rows = readFileSync(report, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { id: string; title: string; outcome: string; figure: string })
    .sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }))
  if (rows.length === 0) return
  console.log('\nReliability cases')
  console.log('| case | scenario | outcome | figure |\n|---|---|---|---|')
  for (const row of rows) console.log(`| ${row.id} | ${row.title} | ${row.outcome} | ${row.figure} |`)
}
let tail = ''
child.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk)
  tail = (tail + chunk.toString('utf8')).slice(-4096)
})
child.on('close', (code) => {
  const tests = Number(/^# tests (\d+)$/m.exec(tail)?.[1] ?? 0)
  const failed = Number(/^# fail (\d+)$/m.exec(tail)?.[1] ?? 0)
  if (tests === 0) {
    console.error('test/run.ts: the run executed no test')
    process.exit(1)
  }
  printReport()
  console.log(`${tests - failed} passed, ${failed} failed`)
  process.exit(code ?? 1)
})
