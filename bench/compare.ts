// Generation speed against another build, in one process: this checkout's dist/ and a baseline
// dist/ (another checkout, built) generate one country's realistic rows in alternating short
// rounds, timed by CPU time, so that both meet the same moments of a shared machine (run apart,
// their rates drifted by a third on a busy 2-core machine). Prints the median ratio of the
// rounds (this build ÷ baseline) for CSV rows and for objects.
// Usage: mkdir /tmp/base && git archive main | tar -x -C /tmp/base && (cd /tmp/base && npm ci && npm run build)
//        node --import tsx bench/compare.ts /tmp/base/dist [country]
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const ROUNDS = 40
const ROUND_MS = 150
const BATCH = 20_000

interface Build {
  generateIban: (country: string) => { iban: string }
  renderBatch: (options: Record<string, unknown>, writer: unknown) => Uint8Array
  ByteWriter: new (size: number) => unknown
}

/**
 * The library of a build: its package's dist/ beside the service's (packages/iban/dist), or, in
 * builds from before the library was a package, the domain compiled into the service's dist/.
 */
function libraryOf(dist: string): string {
  const packaged = join(dist, '..', 'packages', 'iban', 'dist', 'index.js')
  return existsSync(packaged) ? packaged : join(dist, 'src', 'iban', 'index.js')
}

async function load(dist: string): Promise<Build> {
  const lib = (await import(libraryOf(dist))) as Pick<Build, 'generateIban'>
  const render = (await import(join(dist, 'src', 'formats', 'render.js'))) as Pick<Build, 'renderBatch'>
  const bytes = (await import(join(dist, 'src', 'formats', 'byte-writer.js'))) as Pick<Build, 'ByteWriter'>
  return { ...lib, ...render, ...bytes }
}

/** n rows of the country as CSV bytes (realistic, seeded), in batches of 1,000 as the pool renders them. */
function csvRows(build: Build, country: string): (n: number) => void {
  const writer = new build.ByteWriter(1 << 20)
  let start = 0
  return (n) => {
    for (let done = 0; done < n; done += 1000) {
      const count = Math.min(1000, n - done)
      build.renderBatch(
        {
          // The dataset as builds from before it was one field read it too (a baseline may be one).
          dataset: { countries: [country], seed: 'compare', realistic: true },
          countries: [country],
          seed: 'compare',
          start,
          count,
          realistic: true,
          format: 'csv',
          first: false,
          last: false,
        },
        writer,
      )
      start += count
    }
  }
}

function objects(build: Build, country: string): (n: number) => void {
  return (n) => {
    for (let i = 0; i < n; i++) build.generateIban(country)
  }
}

/** Rows per CPU second of one round. */
function round(run: (n: number) => void): number {
  const cpu = process.cpuUsage()
  const start = performance.now()
  let rows = 0
  while (performance.now() - start < ROUND_MS) {
    run(BATCH)
    rows += BATCH
  }
  const used = process.cpuUsage(cpu)
  return rows / ((used.user + used.system) / 1e6)
}

function compare(name: string, mine: (n: number) => void, base: (n: number) => void): string {
  for (const run of [mine, base]) for (let i = 0; i < 5; i++) run(BATCH)
  const ratios: number[] = []
  for (let r = 0; r < ROUNDS; r++) {
    // Alternate which goes first, so that neither always meets the other's leftovers.
    let ours: number
    let theirs: number
    if (r % 2 === 0) {
      ours = round(mine)
      theirs = round(base)
    } else {
      theirs = round(base)
      ours = round(mine)
    }
    ratios.push(ours / theirs)
  }
  ratios.sort((x, y) => x - y)
  const at = (q: number) => (ratios[Math.floor(q * (ratios.length - 1))] as number).toFixed(2)
  return `${name}: ${at(0.5)}× the baseline (quartiles ${at(0.25)}–${at(0.75)}, ${ROUNDS} rounds)`
}

const [baseline, country = 'GB'] = process.argv.slice(2)
if (baseline === undefined) {
  console.error('usage: node --import tsx bench/compare.ts <baseline dist/> [country]')
  process.exit(2)
}
const mine = await load(join(import.meta.dirname, '..', 'dist'))
const base = await load(baseline)
console.log(compare(`${country} CSV rows`, csvRows(mine, country), csvRows(base, country)))
console.log(compare(`${country} objects`, objects(mine, country), objects(base, country)))
