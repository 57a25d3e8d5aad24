// Slices: what cutting one dataset into parts costs. Ten parts of a dataset of csv rows, made by
// ten `ibanmint generate --slice k/10` processes two at a time (one thread each: two cores),
// against one unsliced `ibanmint generate` of the same rows (one thread per core): the ratio of
// their wall times, in rounds whose order alternates (target ≤ 1.2: ten process starts, ten
// manifests' SHA-256 and ten csv headers are all slicing may add). Every round's parts pass
// `ibanmint slices check` and, joined, are the unsliced file's bytes; each run starts in an empty
// directory (settle). Each process's start is a fixed cost (its modules and the realistic plans
// of its countries: about 0.3 s of CPU here), so the ratio depends on how large the parts are:
// the bench measures two datasets, 20,000,000 rows (parts of 2,000,000 rows, about 3 s each two
// at a time: where the start weighs most) and 60,000,000 (parts of 6,000,000, about 10 s each; an
// array job's parts are larger still), 3 rounds each.
// Usage: node --import tsx bench/slices.ts [--quick] [--rows N] [--rounds N]   (run npm run build first)
// It saves its section of bench/RESULTS.md (bench/report.ts --only slices puts it there).
import { execFile, execFileSync } from 'node:child_process'
import { createHash, type Hash } from 'node:crypto'
import { createReadStream, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { machine, saveSection } from './sections.ts'

const QUICK = process.argv.includes('--quick')
const ROWS_ARG = process.argv.indexOf('--rows')
const SIZES = ROWS_ARG > 0 ? [Number(process.argv[ROWS_ARG + 1])] : QUICK ? [2_000_000] : [20_000_000, 60_000_000]
const ROUNDS_ARG = process.argv.indexOf('--rounds')
const ROUNDS = ROUNDS_ARG > 0 ? Number(process.argv[ROUNDS_ARG + 1]) : QUICK ? 1 : 3
const PARTS = 10
const AT_ONCE = 2
const BIN = join(import.meta.dirname, '..', 'bin', 'ibanmint.js')
const datasetOf = (rows: number) => ['generate', 'DE,FR,IT', '-n', String(rows), '--seed', 'bench-slices', '-f', 'csv']
const run = promisify(execFile)

async function ibanmint(args: string[], cwd: string): Promise<void> {
  await run(process.execPath, [BIN, ...args], { cwd, maxBuffer: 1 << 20 })
}

/**
 * Before a timed run: the directory empty and every file written so far on disk, so that each
 * run starts from the same state: no other run's files beside it (with the unsliced run's 2.6 GB
 * file still there, the parts' writes took 3 to 6 s more system time here, and the unsliced
 * run's about 1 s more beside the parts), none of its writing left to flush.
 */
function settle(dir: string): void {
  for (const file of readdirSync(dir)) rmSync(join(dir, file), { force: true })
  execFileSync('sync')
}

/** A timed run's seconds, and the SHA-256 of the rows it made (taken after the clock stops). */
interface Run {
  seconds: number
  sha256: string
}

/** One unsliced run. */
async function unsliced(dir: string, rows: number): Promise<Run> {
  settle(dir)
  const started = performance.now()
  await ibanmint([...datasetOf(rows), '-o', 'whole.csv'], dir)
  const seconds = (performance.now() - started) / 1000
  const whole = createHash('sha256')
  await hashFile(whole, join(dir, 'whole.csv'))
  return { seconds, sha256: whole.digest('hex') }
}

/** The ten parts, AT_ONCE processes at a time, each taking the next part as it ends; checked by `slices check`. */
async function sliced(dir: string, rows: number): Promise<Run> {
  let next = 0
  const worker = async () => {
    for (let k = next++; k < PARTS; k = next++)
      await ibanmint(
        [
          ...datasetOf(rows),
          '--threads',
          '1',
          '--slice',
          `${k}/${PARTS}`,
          '-o',
          `part-${k}.csv`,
          '--manifest',
          `part-${k}.json`,
        ],
        dir,
      )
  }
  settle(dir)
  const started = performance.now()
  await Promise.all(Array.from({ length: AT_ONCE }, worker))
  const seconds = (performance.now() - started) / 1000
  await ibanmint(['slices', 'check', ...Array.from({ length: PARTS }, (_, k) => `part-${k}.json`)], dir)
  // Joined with one header: the first part keeps its own, the others' are skipped.
  const joined = createHash('sha256')
  for (let k = 0; k < PARTS; k++) {
    const part = join(dir, `part-${k}.csv`)
    await hashFile(joined, part, k === 0 ? 0 : await afterHeader(part))
  }
  return { seconds, sha256: joined.digest('hex') }
}

/** Feeds a file to a hash as it is read (files of 20M rows pass 2 GiB), from byte `from` on. */
async function hashFile(hash: Hash, path: string, from = 0): Promise<void> {
  for await (const chunk of createReadStream(path, { start: from })) hash.update(chunk as Buffer)
}

/** Where a part's first row starts: after its header line (the first part keeps it). */
async function afterHeader(path: string): Promise<number> {
  for await (const chunk of createReadStream(path, { end: 4095 })) return (chunk as Buffer).indexOf(10) + 1
  return 0
}

interface Round {
  whole: number
  parts: number
}

/** ROUNDS rounds of one dataset size, each checked: the parts, joined, are the unsliced rows. */
async function measure(rows: number): Promise<Round[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-bench-slices-'))
  const rounds: Round[] = []
  try {
    await unsliced(dir, rows) // warm-up: the file cache, the build's modules
    for (let round = 0; round < ROUNDS; round++) {
      const first = round % 2 === 0 ? await unsliced(dir, rows) : await sliced(dir, rows)
      const second = round % 2 === 0 ? await sliced(dir, rows) : await unsliced(dir, rows)
      const [whole, parts] = round % 2 === 0 ? [first, second] : [second, first]
      if (whole.sha256 !== parts.sha256) throw new Error('the joined parts are not the unsliced file')
      rounds.push({ whole: whole.seconds, parts: parts.seconds })
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return rounds
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
const tables: string[] = []
for (const rows of SIZES) {
  const rounds = await measure(rows)
  const ratio = median(rounds.map((r) => r.parts / r.whole))
  tables.push(
    `${rows.toLocaleString('en')} rows (parts of ${(rows / PARTS).toLocaleString('en')}):`,
    '',
    '| round | unsliced s | 10 parts s | parts ÷ unsliced |',
    '|---|---|---|---|',
    ...rounds.map(
      (r, i) => `| ${i + 1} | ${r.whole.toFixed(2)} | ${r.parts.toFixed(2)} | ${(r.parts / r.whole).toFixed(2)} |`,
    ),
    '',
    `Median ratio: **${ratio.toFixed(2)}** (${ratio <= 1.2 ? 'within' : 'above'} the 1.2 target).`,
    '',
  )
}
const lines = [
  '## Slices',
  '',
  `${machine()}; ${availableParallelism()} usable cores. csv rows of DE,FR,IT (seeded): one unsliced \`ibanmint generate\``,
  `(one thread per core) against ${PARTS} \`--slice k/${PARTS}\` processes, ${AT_ONCE} at a time with \`--threads 1\` and a`,
  `manifest each; ${ROUNDS} rounds a size, order alternating, each run in an emptied directory with everything written`,
  "before it on disk, every round's parts checked (`slices check`) and joined into the unsliced bytes. Target: parts ÷",
  'unsliced ≤ 1.2. Each part starts its modules and plans (about 0.3 s of CPU here) and hashes its file for its',
  'manifest: the smaller the parts, the more that weighs.',
  '',
  ...tables,
]
console.log(lines.join('\n'))
saveSection('slices', lines.join('\n').trimEnd())
