// Runs the *.test.ts files under test/ with node:test in two lanes, one after the other: the
// parallel lane, two files at a time, then the serial lane, the *.serial.test.ts files one at a
// time with nothing beside them (their bounds on latency under load must measure the service,
// not a neighbouring file's load). One summary line, one reliability table and one coverage
// report cover both lanes; a failure in either fails the run, and so does a run of no test.
// On Node 20, `node --test test/` finds no .ts files and still exits 0, so the files are listed
// here. The counts come from the runner's own events (test/summary-reporter.mjs), beside the
// TAP stream printed as it goes.
//
//   node --import tsx test/run.ts [--unit] [--list] [path filter…]
//     --unit  only the unit tests: the files that need nothing beyond their own process
//     --list  print the selected files with their lane and needs, and run nothing
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { Report } from 'c8'

const root = join(import.meta.dirname, '..')
const testDir = join(root, 'test')

function findTests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : findTests(path)
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : []
  })
}

// What a test file needs beyond its own process, recognised by the modules that provide it,
// imported by the file or by the test helpers it imports; a file that needs none of them is a
// unit test. A new way to start a server, Redis, a database, a browser or the command line
// belongs in one of these two tables, and the unit lane then leaves its files out by itself.
const COMPONENT_MODULES = new Map<string, string | undefined>([
  ['test/helpers/app.ts', 'a server'],
  ['src/main.ts', 'a server'],
  ['test/helpers/databases.ts', 'SQLite and PostgreSQL'],
  ['test/helpers/process.ts', 'the command line in a child process'],
  ['playwright-core', 'a browser'],
  // Its freePort needs nothing: Redis is needed where startRedis is called (below).
  ['test/helpers/redis.ts', undefined],
])
/** Components a file starts without a module of their own. */
const COMPONENT_REFERENCES: [RegExp, string][] = [
  [/\bstartRedis\(/, 'Redis'],
  [/bin\/ibanmint\.js'|'bin', 'ibanmint\.js'/, 'the command line in a child process'],
  [/\('docker'/, 'Docker'],
  [/\bspawn\('nginx'/, 'nginx'],
  [/\bschemaErrors\(/, 'xmllint'],
]
// Type-only imports load nothing: they are not read as needs.
const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^'"]*?from\s+'([^']+)'|import\('([^']+)'\)/g

function needsOf(file: string, seen = new Set<string>()): Set<string> {
  const needs = new Set<string>()
  if (seen.has(file)) return needs
  seen.add(file)
  const text = readFileSync(file, 'utf8')
  for (const [pattern, component] of COMPONENT_REFERENCES) if (pattern.test(text)) needs.add(component)
  for (const match of text.matchAll(IMPORT)) {
    const specifier = (match[1] ?? match[2]) as string
    const target = specifier.startsWith('.') ? resolve(dirname(file), specifier) : specifier
    const moduleName = specifier.startsWith('.') ? relative(root, target) : specifier
    if (COMPONENT_MODULES.has(moduleName)) {
      const component = COMPONENT_MODULES.get(moduleName)
      if (component !== undefined) needs.add(component)
    } else if (target.startsWith(testDir)) for (const need of needsOf(target, seen)) needs.add(need)
  }
  return needs
}

const isSerial = (file: string) => file.endsWith('.serial.test.ts')

const args = process.argv.slice(2)
const flags = new Set(args.filter((arg) => arg.startsWith('--')))
const filter = args.filter((arg) => !arg.startsWith('--'))
const unknown = [...flags].filter((flag) => flag !== '--unit' && flag !== '--list')
if (unknown.length > 0) {
  console.error(`test/run.ts: unknown option ${unknown.join(', ')} (usage: test/run.ts [--unit] [--list] [filter…])`)
  process.exit(2)
}
const needs = new Map(findTests(testDir).map((file) => [file, needsOf(join(root, file))]))
const files = [...needs.keys()]
  .filter((file) => filter.length === 0 || filter.some((f) => file.includes(f)))
  .filter((file) => !flags.has('--unit') || needs.get(file)?.size === 0)
  .sort()
if (files.length === 0) {
  console.error('test/run.ts: no test files matched')
  process.exit(1)
}

interface Lane {
  name: string
  files: string[]
  concurrency: number
}

const lanes: Lane[] = [
  { name: 'parallel', files: files.filter((file) => !isSerial(file)), concurrency: 2 },
  { name: 'serial', files: files.filter(isSerial), concurrency: 1 },
].filter((lane) => lane.files.length > 0)

if (flags.has('--list')) {
  for (const file of files) {
    const needed = [...(needs.get(file) ?? [])]
    console.log(
      `${file}  ${isSerial(file) ? 'serial' : 'parallel'}  ${needed.length === 0 ? 'unit' : needed.join(', ')}`,
    )
  }
  process.exit(0)
}

// Reliability cases append their figures here; the table is printed after the run. The folder
// (with the V8 coverage of every test process: about 1.8 GB for the whole suite) is removed when
// the run ends, stopped or not.
const scratch = mkdtempSync(join(tmpdir(), 'ibanmint-report-'))
process.once('exit', () => rmSync(scratch, { recursive: true, force: true }))
/** The lane's test runner while it runs: a stopped run stops it first (its processes write the folder as they end). */
let running: ChildProcess | undefined
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) process.exit(code)
    running.once('close', () => process.exit(code))
    running.kill(signal)
  })
}
const report = join(scratch, 'reliability.jsonl')
// Line coverage of src/ (through the TypeScript sources and, for the command line, dist/ with
// its source maps), measured by V8 in every test process; IBANMINT_COVERAGE=0 turns it off.
const coverage = process.env['IBANMINT_COVERAGE'] !== '0'
const coverageData = join(scratch, 'coverage')

interface Counts {
  passed: number
  failed: number
  skipped: number
  todo: number
  cancelled: number
}

interface Failure {
  name: string
  file: string | undefined
  error: string
}

type Summary = Counts & { failures: Failure[] }

interface LaneResult {
  lane: Lane
  code: number | null
  /** Undefined when the runner ended without its summary (it crashed). */
  counts: Summary | undefined
  seconds: number
}

const fileCount = (lane: Lane) => (lane.files.length === 1 ? '1 file' : `${lane.files.length} files`)

function runLane(lane: Lane): Promise<LaneResult> {
  const summary = join(scratch, `summary-${lane.name}.json`)
  const started = performance.now()
  console.log(`# ${lane.name} lane: ${fileCount(lane)}, ${lane.concurrency} at a time`)
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      `--test-concurrency=${lane.concurrency}`,
      // A test that hangs fails after 3 minutes (with where it was) instead of holding the run;
      // long runs (IBANMINT_LONG_TESTS=1: the reliability proofs at full size) get 30.
      `--test-timeout=${process.env['IBANMINT_LONG_TESTS'] === '1' ? 1_800_000 : 180_000}`,
      '--test-reporter=tap',
      '--test-reporter-destination=stdout',
      `--test-reporter=${join(root, 'test', 'summary-reporter.mjs')}`,
      `--test-reporter-destination=${summary}`,
      ...lane.files,
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
  running = child
  return new Promise((resolve) =>
    child.on('close', (code) =>
      resolve({
        lane,
        code,
        counts: existsSync(summary) ? (JSON.parse(readFileSync(summary, 'utf8')) as Summary) : undefined,
        seconds: (performance.now() - started) / 1000,
      }),
    ),
  )
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

/** Repeats each failed test, its place and its error after the run, where a log's tail shows it. */
function printFailures(failures: Failure[]): void {
  if (failures.length === 0) return
  console.log(`\nFailed tests (${failures.length})`)
  for (const { name, file, error } of failures) {
    const place = file === undefined ? '' : ` (${relative(root, file.replace(/^file:\/\//, ''))})`
    console.log(`- ${name}${place}\n${error.replace(/^/gm, '    ')}`)
  }
}

async function finish(results: LaneResult[]): Promise<void> {
  await printCoverage().catch((error: unknown) => console.error('test/run.ts: no coverage report:', error))
  printReport()
  const total: Counts = { passed: 0, failed: 0, skipped: 0, todo: 0, cancelled: 0 }
  let sound = true
  for (const { lane, code, counts } of results) {
    if (counts === undefined) console.error(`test/run.ts: the ${lane.name} lane ended without its summary`)
    sound &&= counts !== undefined && code === 0
    for (const key of Object.keys(total) as (keyof Counts)[]) total[key] += counts?.[key] ?? 0
  }
  printFailures(results.flatMap(({ counts }) => counts?.failures ?? []))
  if (total.passed + total.failed === 0) {
    console.error('test/run.ts: the run executed no test')
    process.exit(1)
  }
  const failed = total.failed + total.cancelled
  const skipped = total.skipped + total.todo
  const timings = results
    .map(({ lane, seconds }) => `${lane.name} lane: ${fileCount(lane)} in ${seconds.toFixed(1)} s`)
    .join('; ')
  console.log(`${total.passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''} (${timings})`)
  process.exit(failed === 0 && sound ? 0 : 1)
}

const results: LaneResult[] = []
for (const lane of lanes) results.push(await runLane(lane))
await finish(results)
