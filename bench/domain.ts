// Domain micro-benchmarks: generation (objects and CSV bytes) and validation, with the peers
// ibankit and @faker-js/faker measured in the same process and run, reported as ratios.
// Usage: npm run bench:domain [-- --quick]   (writes bench/RESULTS-domain.md)
import { writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { faker } from '@faker-js/faker'
import { CountryCode, IBAN } from 'ibankit'
import * as ibantools from 'ibantools'
import { COUNTRIES, CryptoRandom, generateIban, generateIbans, validateIban } from '../src/iban/index.ts'
import { ByteWriter } from '../src/formats/byte-writer.ts'
import { renderBatch } from '../src/formats/render.ts'

const QUICK = process.argv.includes('--quick')
const ROUNDS = QUICK ? 3 : 7
const ROUND_MS = QUICK ? 150 : 400

interface Result {
  name: string
  median: number
  min: number
  max: number
}

/** Runs `fn(n)` (which does n operations) in timed rounds; returns operations per second. */
function measure(name: string, fn: (n: number) => void, unit = 1): Result {
  let n = 256
  for (;;) {
    const start = performance.now()
    fn(n)
    if (performance.now() - start > 20) break
    n *= 2
  }
  const rates: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    let ops = 0
    const start = performance.now()
    while (performance.now() - start < ROUND_MS) {
      fn(n)
      ops += n
    }
    rates.push((ops * unit) / ((performance.now() - start) / 1000))
  }
  rates.sort((a, b) => a - b)
  const result = {
    name,
    median: rates[Math.floor(rates.length / 2)] as number,
    min: rates[0] as number,
    max: rates.at(-1) as number,
  }
  console.error(`${name.padEnd(44)} ${format(result.median)}/s`)
  return result
}

function format(rate: number): string {
  return rate >= 1e6 ? `${(rate / 1e6).toFixed(2)}M` : `${(rate / 1e3).toFixed(1)}k`
}

let sink = 0

const PEER_CODES = { DE: CountryCode.DE, FR: CountryCode.FR, IT: CountryCode.IT } as const
const sections: string[] = []

function table(title: string, rows: Result[], baseline: (row: Result) => string): void {
  sections.push(
    `### ${title}\n\n| case | median ops/s | range | ratio |\n|---|---:|---|---|\n` +
      rows
        .map((r) => `| ${r.name} | ${format(r.median)} | ${format(r.min)}–${format(r.max)} | ${baseline(r)} |`)
        .join('\n'),
  )
}

// Generation of objects: one record per call, as the peers do.
const generation: Result[] = []
const ratios: string[] = []
for (const code of ['DE', 'FR', 'IT'] as const) {
  const ours = measure(`ibanmint generateIban ${code}`, (n) => {
    for (let i = 0; i < n; i++) sink += generateIban(code).length
  })
  const ourBatch = measure(`ibanmint generateIbans ${code} (100 per call)`, (n) => {
    for (let i = 0; i < n; i += 100) sink += generateIbans(code, 100).length
  })
  const kit = measure(`ibankit IBAN.random ${code}`, (n) => {
    for (let i = 0; i < n; i++) sink += IBAN.random(PEER_CODES[code]).toString().length
  })
  const fake = measure(`faker finance.iban ${code}`, (n) => {
    for (let i = 0; i < n; i++) sink += faker.finance.iban({ countryCode: code }).length
  })
  generation.push(ours, ourBatch, kit, fake)
  ratios.push(
    `${code}: ${(ours.median / fake.median).toFixed(1)}× faker (target ≥ 3), ${(ours.median / kit.median).toFixed(1)}× ibankit (target ≥ 5)`,
  )
}
const mix = COUNTRIES.map((c) => c.code)
generation.push(
  measure('ibanmint generateIban, 91-country mix', (n) => {
    for (let i = 0; i < n; i++) sink += generateIban(mix[i % mix.length] as string).length
  }),
)
table('Generation (objects)', generation, () => '')
sections.push(ratios.map((r) => `- ${r}`).join('\n'))

// CSV bytes: rows written straight into a buffer, one core.
const writer = new ByteWriter(1 << 20)
const random = new CryptoRandom()
const csv: Result[] = []
for (const [label, countries] of [
  ['DE', ['DE']],
  ['FR', ['FR']],
  ['91-country mix', mix],
] as const) {
  csv.push(
    measure(
      `renderBatch csv ${label} (rows)`,
      (n) => {
        for (let i = 0; i < n; i += 1000) {
          const bytes = renderBatch(
            { countries, count: 1000, realistic: true, format: 'csv', random, first: false, last: false },
            writer,
          )
          sink += bytes.length
        }
      },
      1,
    ),
  )
}
table('CSV bytes (one core)', csv, (r) =>
  r.name.includes(' DE ') ? `target ≥ 3M rows/s: ${r.median >= 3e6 ? 'met' : 'missed'}` : '',
)

// Validation.
const samples = COUNTRIES.flatMap((c) => generateIbans(c.code, 20).map((i) => i.iban))
const deSamples = generateIbans('DE', 1000).map((i) => i.iban)
const validation: Result[] = []
for (const [label, list] of [
  ['DE', deSamples],
  ['91-country mix', samples],
] as const) {
  const ours = measure(`ibanmint validateIban ${label}`, (n) => {
    for (let i = 0; i < n; i++) sink += validateIban(list[i % list.length] as string).valid ? 1 : 0
  })
  const kit = measure(`ibankit IBAN.isValid ${label}`, (n) => {
    for (let i = 0; i < n; i++) sink += IBAN.isValid(list[i % list.length] as string) ? 1 : 0
  })
  const tools = measure(`ibantools validateIBAN ${label}`, (n) => {
    for (let i = 0; i < n; i++) sink += ibantools.validateIBAN(list[i % list.length] as string).valid ? 1 : 0
  })
  validation.push(ours, kit, tools)
  ratios.push(`validation ${label}: ${(ours.median / kit.median).toFixed(1)}× ibankit (target ≥ 3)`)
}
table('Validation', validation, () => '')
sections.push(
  ratios
    .slice(-2)
    .map((r) => `- ${r}`)
    .join('\n'),
)

const header = [
  '## Domain benchmarks',
  '',
  `Written by \`bench/domain.ts\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}.`,
  `Method: each case runs in ${ROUNDS} rounds of ${ROUND_MS} ms after a warm-up; median and range of the rounds. Peers run in the same process.`,
  '',
].join('\n')
const report = header + sections.join('\n\n') + '\n'
if (!QUICK) writeFileSync(join(import.meta.dirname, 'RESULTS-domain.md'), report)
process.stdout.write(report)
if (sink === 42) console.error('')
