// Validation at volume: 1,000,000 mixed IBANs (every country; a tenth fail one check each)
// validated by `ibanmint validate --file` against a plain Node script that reads the file line
// by line and calls ibantools' validateIBAN on each (whole processes, run in turn, pair by
// pair), and by POST /api/v1/validate/stream with curl against a listening server (rows/s and
// the server's peak RSS). Targets: the CLI at least 3× the script; HTTP at least 0.5× the CLI's
// rows/s with a peak RSS under 200 MB. Every HTTP format is held to the CLI's default run (text,
// the fastest); ndjson is also shown against the CLI writing ndjson. `--quick`: 200,000 rows, 3 pairs.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { COUNTRIES } from '../packages/iban/dist/index.js'
import { peakRss, startServer, summarize } from './lib.ts'

const QUICK = process.argv.includes('--quick')
const ROWS = QUICK ? 200_000 : 1_000_000
const PAIRS = QUICK ? 3 : 5
const OUT = join(import.meta.dirname, '.out')
const BIN = join(import.meta.dirname, '..', 'bin', 'ibanmint.js')
const FILE = join(OUT, `validate-mixed-${ROWS}.txt`)
const PLAIN = join(OUT, 'plain-ibantools.mjs')
mkdirSync(OUT, { recursive: true })

/** The mixed file: valid rows of every country and rows failing one check each, shuffled by a fixed seed. */
function makeFile(): void {
  const ibanmint = (...args: string[]) =>
    execFileSync(process.execPath, [BIN, 'generate', ...args], { encoding: 'utf8', maxBuffer: 1 << 30 })
      .trimEnd()
      .split('\n')
  const all = COUNTRIES.map((country) => country.code).join(',')
  const rows = ibanmint(all, '-n', String(ROWS * 0.9), '--seed', 'bench')
  for (const check of ['mod97', 'length', 'country', 'national', 'format']) {
    const countries = check === 'national' || check === 'format' ? 'DE,FR,IT,ES,NO,BE,PL,PT,FI' : all
    rows.push(...ibanmint(countries, '-n', String(ROWS / 50), '--seed', check, '--invalid', check))
  }
  let state = 42
  for (let i = rows.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    const j = state % (i + 1)
    ;[rows[i], rows[j]] = [rows[j] as string, rows[i] as string]
  }
  writeFileSync(FILE, rows.join('\n') + '\n')
}

// The baseline as a user would write it: readline over the file, ibantools per line.
writeFileSync(
  PLAIN,
  `import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { createRequire } from 'node:module'
const { validateIBAN } = createRequire(${JSON.stringify(join(import.meta.dirname, '..', 'package.json'))})('ibantools')
let rows = 0
let valid = 0
for await (const line of createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity })) {
  rows++
  if (validateIBAN(line).valid) valid++
}
process.stderr.write(rows + ' rows, ' + valid + ' valid\\n')
`,
)

/** Wall seconds of a whole process. */
function timed(command: string, args: string[]): number {
  const started = performance.now()
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 })
  if (result.status !== 0 && result.status !== 1)
    throw new Error(`${command} ${args.join(' ')}: ${String(result.stderr)}`)
  return (performance.now() - started) / 1000
}

makeFile()
const plain: number[] = []
const cli: number[] = []
const cliNdjson: number[] = []
const ratios: number[] = []
for (let pair = 0; pair < PAIRS; pair++) {
  const a = timed(process.execPath, [PLAIN, FILE])
  const b = timed(process.execPath, [BIN, 'validate', '--file', FILE])
  plain.push(a)
  cli.push(b)
  ratios.push(a / b)
  cliNdjson.push(timed(process.execPath, [BIN, 'validate', '--format', 'ndjson', '--file', FILE]))
}
const cliSeconds = summarize(cli).median
const cliRate = ROWS / cliSeconds
const cliNdjsonSeconds = summarize(cliNdjson).median

const server = await startServer()
const http: Record<string, number[]> = { ndjson: [], text: [] }
let rss: number
try {
  for (let round = 0; round < PAIRS; round++) {
    for (const format of ['ndjson', 'text']) {
      const seconds = timed('curl', [
        '-sS',
        '--fail',
        '-H',
        `x-api-key: ${server.key}`,
        '-H',
        'content-type: text/plain',
        '--data-binary',
        `@${FILE}`,
        `${server.url}/api/v1/validate/stream?format=${format}`,
        '-o',
        '/dev/null',
      ])
      http[format]?.push(seconds)
    }
  }
} finally {
  rss = peakRss(server.child.pid as number)
  await server.stop()
}

const fmt = (n: number) => n.toFixed(2)
const rate = (seconds: number) => Math.round(ROWS / seconds).toLocaleString('en')
const lines = [
  `validation at volume: ${ROWS.toLocaleString('en')} mixed IBANs (${COUNTRIES.length} countries, a tenth invalid), ${PAIRS} pairs`,
  `plain script (readline + ibantools validateIBAN): median ${fmt(summarize(plain).median)} s`,
  `ibanmint validate --file (text to /dev/null):     median ${fmt(cliSeconds)} s, ${rate(cliSeconds)} rows/s`,
  `  ratio per pair: ${ratios.map(fmt).join(' ')}; median ${fmt(summarize(ratios).median)}× (target ≥ 3×)`,
  `ibanmint validate --file --format ndjson:           median ${fmt(cliNdjsonSeconds)} s, ${rate(cliNdjsonSeconds)} rows/s`,
  ...Object.entries(http).map(([format, seconds]) => {
    const median = summarize(seconds).median
    const same = format === 'ndjson' ? `; ${fmt(cliNdjsonSeconds / median)}× the CLI's ndjson` : ''
    return `POST /api/v1/validate/stream, curl, format=${format}: median ${fmt(median)} s, ${rate(median)} rows/s, ${fmt(ROWS / median / cliRate)}× the CLI's rows/s (target ≥ 0.5×)${same}`
  }),
  `server peak RSS over all HTTP runs: ${rss.toFixed(0)} MB (target < 200 MB)`,
]
process.stdout.write(lines.join('\n') + '\n')
writeFileSync(join(OUT, 'validate.txt'), lines.join('\n') + '\n')
// The section of bench/RESULTS.md (bench/report.ts).
const [title, ...figures] = lines
writeFileSync(
  join(OUT, 'validate.md'),
  [
    '## Validation at volume (bench/validate.ts)',
    '',
    `${title}; whole processes, the plain script and the CLI run in turn; curl against a listening server.`,
    '',
    ...figures.map((figure) => `- ${figure.trim()}`),
    '',
  ].join('\n'),
)
