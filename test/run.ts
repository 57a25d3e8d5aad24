// Runs every *.test.ts under test/ with node:test. On Node 20, `node --test test/` finds no
// .ts files and still exits 0, so the files are listed here and a run of zero tests fails.
// The counts come from the runner's own events (test/summary-reporter.mjs), beside the TAP
// stream printed as it goes.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { Report } from 'c8'

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
const scratch = mkdtempSync(join(tmpdir(), 'ibanmint-report-'))
const report = join(scratch, 'reliability.jsonl')
const summary = join(scratch, 'summary.json')
// Line coverage of src/ (through the TypeScript sources and, for the command line, dist/ with
// its source maps), measured by V8 in every test process; IBANMINT_COVERAGE=0 turns it off.
const coverage = process.env['IBANMINT_COVERAGE'] !== '0'
const coverageData = join(scratch, 'coverage')
const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=2',
    // A test that hangs fails after 3 minutes (with where it was) instead of holding the run.
    '--test-timeout=180000',
    '--test-reporter=tap',
    '--test-reporter-destination=stdout',
    `--test-reporter=${join(root, 'test', 'summary-reporter.mjs')}`,
    `--test-reporter-destination=${summary}`,
    ...files,
  ],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      IBANMINT_RELIABILITY_REPORT: report,
      ...(coverage ? { NODE_V8_COVERAGE: coverageData } : {}),
    },
  },
)

interface Counts {
  passed: number
  failed: number
  skipped: number
  todo: number
  cancelled: number
}

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
/** Prints the coverage summary (and writes an HTML report to artifacts/coverage). */
async function printCoverage(): Promise<void> {
  if (!coverage || !existsSync(coverageData)) return
  console.log('\nCoverage of src/ (all test processes)')
  await new Report({
    tempDirectory: coverageData,
    reportsDirectory: join(root, 'artifacts', 'coverage'),
    reporter: ['text-summary', 'html'],
    include: ['src/**', 'workers/**'],
    exclude: ['src/web/app.ts'],
    excludeAfterRemap: true,
    excludeNodeModules: true,
    src: [root],
  }).run()
}

child.on('close', (code) => void finish(code))

async function finish(code: number | null): Promise<void> {
  await printCoverage().catch((error: unknown) => console.error('test/run.ts: no coverage report:', error))
  const counts = existsSync(summary) ? (JSON.parse(readFileSync(summary, 'utf8')) as Counts) : undefined
  if (counts === undefined || counts.passed + counts.failed === 0) {
    console.error('test/run.ts: the run executed no test')
    process.exit(1)
  }
  printReport()
  const failed = counts.failed + counts.cancelled
  const skipped = counts.skipped + counts.todo
  console.log(`${counts.passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`)
  process.exit(failed > 0 ? 1 : (code ?? 1))
}
