// The library as its users install it: @ibanmint/iban's packed tarball against ibantools and
// ibankit (the versions of package.json), in one run.
// - Installed size: each package installed into an empty project of its own: the packages
//   that come with it and their bytes on disk.
// - Import time: a fresh node process per sample, the three packages in turn (the order turns
//   every round, so that each meets every moment of the machine), by `import` and by `require`.
//   Measured twice: the whole process (spawn to exit, as a user waits for it) and the import
//   alone inside it (performance.now around it); each as wall time and as the CPU time the
//   process spent, which other processes on the machine disturb less.
// - The fresh-process ratio: what a process pays for loading a package is its whole process
//   less that of node alone (`node -e ''`, in the same rotation); ours over ibantools', round by
//   round, then the median. This is the start a CLI or a test runner's worker pays per process.
// Targets: no dependency; loading within 3x of ibantools. `--quick`: 5 rounds instead of 15;
// `--rounds N`: N rounds.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { summarize, type Summary } from './lib.ts'
import { machine, saveSection } from './sections.ts'

const QUICK = process.argv.includes('--quick')
const ROUNDS_FLAG = process.argv.indexOf('--rounds')
const ROUNDS = ROUNDS_FLAG > 0 ? Number(process.argv[ROUNDS_FLAG + 1]) : QUICK ? 5 : 15
const ROOT = join(import.meta.dirname, '..')
const manifest = createRequire(import.meta.url)('../package.json') as { devDependencies: Record<string, string> }
const PEERS = ['ibantools', 'ibankit'] as const
const LIBRARY = '@ibanmint/iban'

interface Subject {
  name: string
  /** What the probe imports; '' for node alone (the floor every process pays). */
  specifier: string
  project: string
}

type Loader = 'import' | 'require'
type Metric = 'wall' | 'cpu' | 'importWall' | 'importCpu'
type Sample = Record<Metric, number>

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: 'pipe' })

/** An empty project with `what` installed (a tarball or name@version). */
function projectWith(dir: string, name: string, what: string, offline: boolean): string {
  const project = join(dir, name)
  mkdirSync(project)
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }))
  npm(
    ['install', '--no-audit', '--no-fund', '--loglevel=error', offline ? '--offline' : '--prefer-offline', what],
    project,
  )
  return project
}

/** The packages under a project's node_modules (scoped and nested ones included) and their bytes. */
function installed(project: string): { packages: number; bytes: number } {
  const modules = join(project, 'node_modules')
  const files = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter((file) => !file.startsWith('.'))
  let bytes = 0
  let packages = 0
  for (const file of files) {
    const stat = statSync(join(modules, file))
    if (!stat.isFile()) continue
    bytes += stat.size
    if (/(^|\/node_modules\/)(@[^/]+\/)?[^/@]+\/package\.json$/.test(file)) packages++
  }
  return { packages, bytes }
}

/** One fresh process that loads the subject and reports its own timings. */
function sample(subject: Subject, loader: Loader): Sample {
  const load =
    subject.specifier === ''
      ? ''
      : loader === 'import'
        ? `await import(${JSON.stringify(subject.specifier)})`
        : `require(${JSON.stringify(subject.specifier)})`
  const code = `const t = performance.now(), c = process.cpuUsage(); ${load}
const d = process.cpuUsage(c), all = process.cpuUsage()
process.stdout.write(JSON.stringify([performance.now() - t, (d.user + d.system) / 1000, (all.user + all.system) / 1000]))`
  const args = loader === 'import' ? ['--input-type=module', '-e', code] : ['-e', code]
  const started = performance.now()
  const out = execFileSync(process.execPath, args, { cwd: subject.project, encoding: 'utf8' })
  const wall = performance.now() - started
  const [importWall, importCpu, cpu] = JSON.parse(out) as [number, number, number]
  return { wall, cpu, importWall, importCpu }
}

function format(summary: Summary, digits = 1): string {
  return `${summary.median.toFixed(digits)} (${summary.min.toFixed(digits)}–${summary.max.toFixed(digits)})`
}

function size(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(2)} MB` : `${Math.round(bytes / 1e3)} kB`
}

if (!existsSync(join(ROOT, 'packages', 'iban', 'dist', 'index.js'))) {
  console.error('bench/library.ts: build the library first (npm run build)')
  process.exit(1)
}
const dir = mkdtempSync(join(tmpdir(), 'ibanmint-bench-library-'))
try {
  const [packed] = JSON.parse(
    npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir, '-w', LIBRARY], ROOT),
  ) as {
    filename: string
    version: string
  }[]
  if (packed === undefined) throw new Error('npm pack gave no tarball')
  const subjects: Subject[] = [
    {
      name: `${LIBRARY} ${packed.version}`,
      specifier: LIBRARY,
      project: projectWith(dir, 'ibanmint', join(dir, packed.filename), true),
    },
    ...PEERS.map((peer) => ({
      name: `${peer} ${manifest.devDependencies[peer]}`,
      specifier: peer,
      project: projectWith(dir, peer, `${peer}@${manifest.devDependencies[peer]}`, false),
    })),
  ]
  const floor: Subject = { name: 'node alone', specifier: '', project: dir }
  const sizes = subjects.map((subject) => installed(subject.project))

  const samples = new Map<string, Sample[]>()
  const key = (subject: Subject, loader: Loader) => `${subject.name}|${loader}`
  const everyone = [...subjects, floor]
  for (let round = 0; round < ROUNDS; round++) {
    for (const loader of ['import', 'require'] as const) {
      for (let k = 0; k < everyone.length; k++) {
        const subject = everyone[(round + k) % everyone.length] as Subject
        const list = samples.get(key(subject, loader)) ?? []
        list.push(sample(subject, loader))
        samples.set(key(subject, loader), list)
      }
    }
  }
  const metric = (subject: Subject, loader: Loader, name: Metric) =>
    summarize((samples.get(key(subject, loader)) ?? []).map((s) => s[name]))
  /** Ours over ibantools, round by round (the two samples of a round ran moments apart). */
  const ratio = (loader: Loader, name: Metric) => {
    const ours = samples.get(key(subjects[0] as Subject, loader)) ?? []
    const theirs = samples.get(key(subjects[1] as Subject, loader)) ?? []
    return summarize(ours.map((s, i) => s[name] / (theirs[i] as Sample)[name]))
  }
  /** What loading adds to node alone, in ms: the median of each round's difference. */
  const added = (subject: Subject, loader: Loader, name: 'wall' | 'cpu') => {
    const floors = samples.get(key(floor, loader)) ?? []
    return summarize((samples.get(key(subject, loader)) ?? []).map((s, i) => s[name] - (floors[i] as Sample)[name]))
  }
  /** The ratio of the two medians of `added`: a round's own ratio divides by a few noisy ms. */
  const overFloor = (loader: Loader, name: 'wall' | 'cpu') =>
    added(subjects[0] as Subject, loader, name).median /
    Math.max(added(subjects[1] as Subject, loader, name).median, 0.1)

  const lines = [
    '## Library: installed size and import time',
    '',
    `\`bench/library.ts\`: each package installed from its tarball (ours: \`npm pack -w ${LIBRARY}\`) into an empty project; ${ROUNDS} rounds of fresh processes, the packages in turn, by \`import\` and by \`require\`; median (range) in ms. ${machine()}.`,
    '',
    '| package | packages installed | on disk | import: whole process, wall / CPU | import alone, wall / CPU | require: whole process, wall / CPU | require alone, wall / CPU |',
    '|---|---|---|---|---|---|---|',
    ...everyone.map((subject, i) => {
      const where = sizes[i]
      const cells = (['import', 'require'] as const).flatMap((loader) => [
        `${format(metric(subject, loader, 'wall'), 0)} / ${format(metric(subject, loader, 'cpu'), 0)}`,
        subject.specifier === ''
          ? '–'
          : `${format(metric(subject, loader, 'importWall'))} / ${format(metric(subject, loader, 'importCpu'))}`,
      ])
      return `| ${subject.name} | ${where?.packages ?? '–'} | ${where === undefined ? '–' : size(where.bytes)} | ${cells.join(' | ')} |`
    }),
    '',
    `Ratios to ${subjects[1]?.name}, round by round (target: within 3×):`,
    '',
    '| | import, whole process | import alone | require, whole process | require alone |',
    '|---|---|---|---|---|',
    `| wall | ${format(ratio('import', 'wall'), 2)}× | ${format(ratio('import', 'importWall'), 2)}× | ${format(ratio('require', 'wall'), 2)}× | ${format(ratio('require', 'importWall'), 2)}× |`,
    `| CPU | ${format(ratio('import', 'cpu'), 2)}× | ${format(ratio('import', 'importCpu'), 2)}× | ${format(ratio('require', 'cpu'), 2)}× | ${format(ratio('require', 'importCpu'), 2)}× |`,
    '',
    `The fresh-process ratio: each whole process less node alone of the same round (what loading the package adds), median (range) in ms; the ratio is ours over ${subjects[1]?.name}'s, of the medians (target: within 3×). CPU is the figure to read on a loaded machine: wall time there mostly measures the wait for a core.`,
    '',
    '| | import adds, ms: ours / theirs | import, ratio | require adds, ms: ours / theirs | require, ratio |',
    '|---|---|---|---|---|',
    ...(['wall', 'cpu'] as const).map(
      (name) =>
        `| ${name === 'wall' ? 'wall' : 'CPU'} | ${(['import', 'require'] as const)
          .map(
            (loader) =>
              `${format(added(subjects[0] as Subject, loader, name))} / ${format(added(subjects[1] as Subject, loader, name))} | ${overFloor(loader, name).toFixed(2)}×`,
          )
          .join(' | ')} |`,
    ),
    '',
    `Dependencies: ${LIBRARY} installs ${sizes[0]?.packages === 1 ? 'nothing but itself (target met)' : `${(sizes[0]?.packages ?? 1) - 1} other packages (target: none)`}.`,
  ]
  const text = lines.join('\n') + '\n'
  process.stdout.write(text)
  saveSection('library', text)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
