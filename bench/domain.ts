// Domain micro-benchmarks: generation (objects and CSV bytes) and validation, with the peers
// ibankit and @faker-js/faker measured in the same run and reported as ratios.
// Each case runs in a fresh Node process that loads only what the case needs, so no case's
// JIT state or heap leaks into another: importing faker alone (a large locale graph) slows
// any code in the same process by about 15%.
// Usage: npm run bench:domain            full run, saves its section of bench/RESULTS.md
//        npm run bench:quick             short rounds, prints only
import { execFileSync } from 'node:child_process'
import { saveSection } from './sections.ts'
// The code measured is the built JavaScript that ships (npm run build), not the TypeScript
// sources through a loader.
import {
  COUNTRIES,
  generateIban,
  generateIbans,
  isValidIban,
  isValidUkAccount,
  validateIban,
} from '../packages/iban/dist/index.js'
import { randomSeed } from '../packages/iban/dist/internal.js'
import { ByteWriter } from '../dist/src/formats/byte-writer.js'
import { renderBatch } from '../dist/src/formats/render.js'

const QUICK = process.argv.includes('--quick')
const ROUNDS = QUICK ? 3 : 5
const ROUND_MS = QUICK ? 200 : 500

interface Result {
  name: string
  median: number
  min: number
  max: number
}

/** A case does `n` operations per call; it is set up (and its peer loaded) in its own process. */
type Case = () => Promise<(n: number) => number>

const MIX = COUNTRIES.map((c) => c.code)

function samplesOf(codes: readonly string[], perCountry: number): string[] {
  return codes.flatMap((code) => generateIbans(code, perCountry).map((i) => i.iban))
}

/** Negative data of a rows case: the checks, and the share of rows broken. */
interface Negative {
  invalid: readonly ('national' | 'mod97' | 'length' | 'format' | 'country')[]
  invalidShare: number
}

function csvCase(
  countries: readonly string[],
  format: 'csv' | 'json' | 'ndjson' | 'sql' | 'txt' = 'csv',
  negative?: Negative,
): Case {
  return async () => {
    const writer = new ByteWriter(1 << 20)
    const seed = randomSeed()
    let start = 0
    /** Renders exactly `n` rows, in batches of up to 1,000. */
    const rows = (n: number) => {
      let bytes = 0
      for (let done = 0; done < n; done += 1000) {
        const count = Math.min(1000, n - done)
        const options = {
          dataset: { countries, seed, realistic: true, ...negative },
          start,
          count,
          format,
          first: false,
          last: false,
        } as const
        start += count
        bytes += renderBatch(options, writer).length
      }
      return bytes
    }
    // The dataset's plans are made on first use: before calibration, not inside it.
    rows(1000)
    return rows
  }
}

function validationCase(load: () => Promise<(iban: string) => boolean>, codes: readonly string[]): Case {
  return async () => {
    const validate = await load()
    const list = samplesOf(codes, codes.length === 1 ? 1000 : 20)
    return (n) => {
      let valid = 0
      for (let i = 0; i < n; i++) if (validate(list[i % list.length] as string)) valid++
      return valid
    }
  }
}

/**
 * GB sort codes and accounts for the modulus check: realistic rows' (every bank's sort codes),
 * random rows' (free sort codes, checked or not) and, one in four, an account with a digit
 * changed (most of those fail), so that every path of a check is met.
 */
function ukAccountsOf(count: number): [string, string][] {
  const ibans = [
    ...generateIbans('GB', count / 2, { seed: 'uk-bench' }),
    ...generateIbans('GB', count / 2, { seed: 'uk-bench', realistic: false }),
  ]
  return ibans.map(({ iban }, i) => {
    const account = iban.slice(14)
    const altered = i % 4 === 3 ? account.slice(0, 7) + String((Number(account[7]) + 1 + (i % 9)) % 10) : account
    return [iban.slice(8, 14), altered]
  })
}

function ukAccountCase(load: () => Promise<(sortCode: string, account: string) => boolean>): Case {
  return async () => {
    const check = await load()
    const list = ukAccountsOf(2000)
    return (n) => {
      let valid = 0
      for (let i = 0; i < n; i++) {
        const [sortCode, account] = list[i % list.length] as [string, string]
        if (check(sortCode, account)) valid++
      }
      return valid
    }
  }
}

const CASES: Record<string, Case> = {}
// GB: realistic rows draw sort codes of their bank and accounts that pass the modulus check.
CASES['ibanmint generateIban GB'] = async () => (n) => {
  let sum = 0
  for (let i = 0; i < n; i++) sum += generateIban('GB').length
  return sum
}
CASES['ibanmint csv rows GB'] = csvCase(['GB'])
CASES['ibanmint isValidUkAccount GB'] = ukAccountCase(async () => isValidUkAccount)
CASES['uk-modulus-check validateAccountDetails GB'] = ukAccountCase(async () => {
  const { validateAccountDetails } = (await import('uk-modulus-check')) as {
    validateAccountDetails: (sortCode: string, account: string) => boolean
  }
  return validateAccountDetails
})
CASES['ibanmint validateIban GB'] = validationCase(async () => (iban) => validateIban(iban).valid, ['GB'])
for (const code of ['DE', 'FR', 'IT'] as const) {
  CASES[`ibanmint generateIban ${code}`] = async () => (n) => {
    let sum = 0
    for (let i = 0; i < n; i++) sum += generateIban(code).length
    return sum
  }
  CASES[`ibankit IBAN.random ${code}`] = async () => {
    const { IBAN, CountryCode } = await import('ibankit')
    const country = CountryCode[code]
    return (n) => {
      let sum = 0
      for (let i = 0; i < n; i++) sum += IBAN.random(country).toString().length
      return sum
    }
  }
  CASES[`faker finance.iban ${code}`] = async () => {
    const { faker } = await import('@faker-js/faker')
    return (n) => {
      let sum = 0
      for (let i = 0; i < n; i++) sum += faker.finance.iban({ countryCode: code }).length
      return sum
    }
  }
}
CASES['ibanmint generateIban 91-country mix'] = async () => (n) => {
  let sum = 0
  for (let i = 0; i < n; i++) sum += generateIban(MIX[i % MIX.length] as string).length
  return sum
}
// The portable build's ibanAt (one row per call, as a load script's iteration asks for it)
// against the same rows made in sequence by one generateIbans call per batch (seed and offset).
CASES['ibanmint ibanAt DE (portable build)'] = async () => {
  const { ibanAt } = await import('../packages/iban/dist/portable.js')
  let index = 0
  return (n) => {
    let sum = 0
    for (let i = 0; i < n; i++) sum += ibanAt('bench', index++, { country: 'DE' }).length
    return sum
  }
}
CASES['ibanmint generateIbans seeded DE (rows in sequence)'] = async () => {
  let offset = 0
  return (n) => {
    let sum = 0
    for (const row of generateIbans('DE', n, { seed: 'bench', offset })) sum += row.length
    offset += n
    return sum
  }
}
CASES['ibanmint csv rows DE'] = csvCase(['DE'])
CASES['ibanmint csv rows FR'] = csvCase(['FR'])
CASES['ibanmint csv rows 91-country mix'] = csvCase(MIX)
// Mixed negative data: 5% of the rows broken, each by one of the five checks, labelled; against
// the valid rows of the same countries (the DE, GB and CH rows that fail `national` come from
// a plan of their own).
const NEGATIVE_COUNTRIES = ['DE', 'FR', 'IT', 'GB', 'CH']
CASES['ibanmint csv rows DE,FR,IT,GB,CH'] = csvCase(NEGATIVE_COUNTRIES)
CASES['ibanmint csv rows DE,FR,IT,GB,CH, 5% invalid (every check)'] = csvCase(NEGATIVE_COUNTRIES, 'csv', {
  invalid: ['national', 'mod97', 'length', 'format', 'country'],
  invalidShare: 0.05,
})
for (const format of ['json', 'ndjson', 'sql', 'txt'] as const)
  CASES[`ibanmint ${format} rows DE`] = csvCase(['DE'], format)
for (const [label, codes] of [
  ['DE', ['DE']],
  ['91-country mix', MIX],
] as const) {
  CASES[`ibanmint validateIban ${label}`] = validationCase(async () => (iban) => validateIban(iban).valid, codes)
  CASES[`ibanmint isValidIban ${label}`] = validationCase(async () => isValidIban, codes)
  CASES[`ibankit IBAN.isValid ${label}`] = validationCase(async () => {
    const { IBAN } = await import('ibankit')
    return (iban) => IBAN.isValid(iban)
  }, codes)
  CASES[`ibantools validateIBAN ${label}`] = validationCase(async () => {
    const ibantools = await import('ibantools')
    return (iban) => ibantools.validateIBAN(iban).valid
  }, codes)
}

/** Every country, generation and validation, short rounds in one process (ours only). */
function perCountry(): string {
  const rows: string[] = []
  const time = (fn: (n: number) => void): number => {
    fn(50_000)
    const rates: number[] = []
    for (let round = 0; round < 3; round++) {
      const start = performance.now()
      fn(50_000)
      rates.push(50_000 / ((performance.now() - start) / 1000))
    }
    return rates.sort((a, b) => a - b)[1] ?? 0
  }
  for (const { code } of COUNTRIES) {
    const samples = generateIbans(code, 1000).map((i) => i.iban)
    const realistic = time((n) => generateIbans(code, n))
    const random = time((n) => generateIbans(code, n, { realistic: false }))
    const validation = time((n) => {
      for (let i = 0; i < n; i++) validateIban(samples[i % samples.length] as string)
    })
    rows.push(`| ${code} | ${rate(realistic)} | ${rate(random)} | ${rate(validation)} |`)
  }
  return `### Per country (ibanmint, objects per second, one process)\n\n| country | generate realistic | generate random | validate |\n|---|---:|---:|---:|\n${rows.join('\n')}`
}

/** Runs one case in this process: calibrate, then timed rounds; prints the result as JSON. */
async function runCase(name: string): Promise<void> {
  const setup = CASES[name]
  if (setup === undefined) throw new Error(`unknown case ${name}`)
  const fn = await setup()
  let sink = 0
  let n = 256
  for (;;) {
    const start = performance.now()
    sink += fn(n)
    if (performance.now() - start > 25) break
    n *= 2
  }
  const rates: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    let ops = 0
    const start = performance.now()
    while (performance.now() - start < ROUND_MS) {
      sink += fn(n)
      ops += n
    }
    rates.push(ops / ((performance.now() - start) / 1000))
  }
  rates.sort((a, b) => a - b)
  const result: Result = {
    name,
    median: rates[Math.floor(rates.length / 2)] ?? 0,
    min: rates[0] ?? 0,
    max: rates.at(-1) ?? 0,
  }
  process.stdout.write(JSON.stringify({ ...result, sink: sink % 2 }) + '\n')
}

function measure(name: string): Result {
  const args = ['--import', 'tsx', import.meta.filename, '--case', name, ...(QUICK ? ['--quick'] : [])]
  const result = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as Result
  console.error(`${name.padEnd(40)} ${rate(result.median)}/s`)
  return result
}

function rate(value: number): string {
  return value >= 1e6 ? `${(value / 1e6).toFixed(2)}M` : `${(value / 1e3).toFixed(1)}k`
}

/**
 * A ratio target from cases measured in turn (ours, then each peer, `PASSES` times): each
 * pass's ratio meets one moment of this machine, whose speed drifts by a fifth within minutes.
 * The median of the passes, and their range.
 */
function ratio(ours: readonly Result[], theirs: readonly Result[], target: number): string {
  const ratios = ours.map((result, i) => result.median / (theirs[i] as Result).median).sort((a, b) => a - b)
  const value = ratios[Math.floor(ratios.length / 2)] ?? 0
  const range = ratios.length > 1 ? `, passes ${ratios[0]?.toFixed(1)}–${ratios.at(-1)?.toFixed(1)}×` : ''
  return `${value.toFixed(1)}×${range} (target ≥ ${target}: ${value >= target ? 'met' : 'missed'})`
}

/** The run of a case whose median is the median of its runs (for the tables). */
function typical(runs: readonly Result[]): Result {
  return [...runs].sort((a, b) => a.median - b.median)[Math.floor(runs.length / 2)] as Result
}

function table(title: string, rows: readonly Result[]): string {
  const lines = rows.map((r) => `| ${r.name} | ${rate(r.median)} | ${rate(r.min)}–${rate(r.max)} |`)
  return `### ${title}\n\n| case | median ops/s | range |\n|---|---:|---|\n${lines.join('\n')}`
}

const PASSES = QUICK ? 1 : 5

function main(): void {
  const runs = new Map<string, Result[]>()
  const run = (name: string) => runs.set(name, [...(runs.get(name) ?? []), measure(name)])
  const validationLabels = QUICK ? ['DE'] : ['DE', '91-country mix']
  // Cases compared by a target run in turn, pass after pass; the others once.
  const groups = [
    ...['DE', 'FR', 'IT'].map((code) => [
      `ibanmint generateIban ${code}`,
      `faker finance.iban ${code}`,
      `ibankit IBAN.random ${code}`,
    ]),
    ...validationLabels.map((label) => [
      `ibanmint validateIban ${label}`,
      `ibanmint isValidIban ${label}`,
      `ibankit IBAN.isValid ${label}`,
    ]),
    ['ibanmint isValidUkAccount GB', 'uk-modulus-check validateAccountDetails GB'],
    ['ibanmint ibanAt DE (portable build)', 'ibanmint generateIbans seeded DE (rows in sequence)'],
    ['ibanmint csv rows DE,FR,IT,GB,CH, 5% invalid (every check)', 'ibanmint csv rows DE,FR,IT,GB,CH'],
  ]
  for (const group of groups) for (let pass = 0; pass < PASSES; pass++) group.forEach(run)
  const grouped = new Set(groups.flat())
  // Quick runs measure only what the targets need.
  for (const name of Object.keys(CASES))
    if (!grouped.has(name) && (!QUICK || name === 'ibanmint csv rows DE' || name === 'ibanmint csv rows GB')) run(name)
  const get = (name: string) => runs.get(name) as Result[]
  const pick = (prefix: string) => [...runs.values()].map(typical).filter((r) => r.name.includes(prefix))
  const targets: string[] = []
  for (const code of ['DE', 'FR', 'IT']) {
    const ours = get(`ibanmint generateIban ${code}`)
    targets.push(`| generation objects ${code} vs faker | ${ratio(ours, get(`faker finance.iban ${code}`), 3)} |`)
    targets.push(`| generation objects ${code} vs ibankit | ${ratio(ours, get(`ibankit IBAN.random ${code}`), 5)} |`)
  }
  const csv = typical(get('ibanmint csv rows DE'))
  targets.push(
    `| CSV rows DE, one core | ${rate(csv.median)} rows/s (target ≥ 3M: ${csv.median >= 3e6 ? 'met' : 'missed'}) |`,
  )
  targets.push(
    `| GB account check vs uk-modulus-check | ${ratio(get('ibanmint isValidUkAccount GB'), get('uk-modulus-check validateAccountDetails GB'), 3)} |`,
  )
  targets.push(
    `| ibanAt, one row per call, vs the same rows in sequence (generateIbans, seed and offset) | ${ratio(get('ibanmint ibanAt DE (portable build)'), get('ibanmint generateIbans seeded DE (rows in sequence)'), 0.5)} |`,
  )
  targets.push(
    `| mixed negative data (5% broken, every check, labelled) vs valid CSV rows, DE,FR,IT,GB,CH | ${ratio(get('ibanmint csv rows DE,FR,IT,GB,CH, 5% invalid (every check)'), get('ibanmint csv rows DE,FR,IT,GB,CH'), 0.8)} |`,
  )
  for (const label of validationLabels) {
    const ibankit = get(`ibankit IBAN.isValid ${label}`)
    targets.push(`| validation ${label} vs ibankit | ${ratio(get(`ibanmint validateIban ${label}`), ibankit, 3)} |`)
    targets.push(`| isValidIban ${label} vs ibankit | ${ratio(get(`ibanmint isValidIban ${label}`), ibankit, 6)} |`)
  }
  const report = [
    '## Domain',
    '',
    `Method: every case in its own Node process; after calibration, ${ROUNDS} rounds of ${ROUND_MS} ms; median and range of the rounds. A target's cases run in turn ${PASSES} times (ours, then each peer), and its ratio is the median of the ${PASSES} passes' ratios; the tables show each case's median pass.`,
    'Generation cases make one record per call, as the peers do; `validateIban` returns the full result (every check, BBAN parts, the bank, and for DE the account checked by its bank’s method); `isValidIban` the same verdict as a boolean.',
    'GB: realistic rows draw sort codes of their bank and accounts that pass the sort code’s modulus check; the account check compares `isValidUkAccount` with uk-modulus-check’s `validateAccountDetails` on the same sort codes and accounts (realistic and random rows’, a quarter with a digit changed).',
    '',
    '### Targets',
    '',
    '| figure | result |',
    '|---|---|',
    ...targets,
    '',
    table('Generation (objects)', [
      ...pick('generateIban '),
      ...pick('IBAN.random'),
      ...pick('finance.iban'),
      ...pick('ibanAt'),
      ...pick('generateIbans seeded'),
    ]),
    '',
    table('Rows written into a buffer (one core): CSV, then each other serializer (DE)', pick(' rows ')),
    '',
    table('Validation', [
      ...pick('validateIban'),
      ...pick('isValid'),
      ...pick('validateIBAN'),
      ...pick('validateAccountDetails'),
    ]),
    '',
    ...(QUICK
      ? []
      : [
          execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--per-country'], {
            encoding: 'utf8',
          }),
          '',
        ]),
  ].join('\n')
  if (!QUICK) saveSection('domain', report)
  process.stdout.write(report)
}

const caseIndex = process.argv.indexOf('--case')
if (caseIndex >= 0) await runCase(process.argv[caseIndex + 1] ?? '')
else if (process.argv.includes('--per-country')) process.stdout.write(perCountry())
else main()
