// Payment files against the CSV rows of the same dataset: pain.001 bytes per second over CSV
// bytes per second (target ≥ 0.5), rendering the same number of rows in one process, in turns.
// Usage: node --import tsx bench/payments.ts [--quick]        (after npm run build)
import { PaymentFile } from '../packages/iban/dist/index.js'
import { ByteWriter } from '../dist/src/formats/byte-writer.js'
import { renderBatch } from '../dist/src/formats/render.js'

const QUICK = process.argv.includes('--quick')
const ROWS = QUICK ? 100_000 : 500_000
const ROUNDS = QUICK ? 3 : 5
const COUNTRIES = ['DE', 'FR', 'NL']
const SEED = 'bench-payments'

/** CSV bytes of ROWS rows, in batches of 1,000 as the service renders them. */
function csv(): number {
  const writer = new ByteWriter(1 << 20)
  let bytes = 0
  for (let start = 0; start < ROWS; start += 1000) {
    const count = Math.min(1000, ROWS - start)
    const options = {
      dataset: { countries: COUNTRIES, seed: SEED, realistic: true },
      start,
      count,
      format: 'csv',
      first: start === 0,
      last: false,
    } as const
    bytes += renderBatch(options, writer).length
  }
  return bytes
}

/** Bytes of one document of a file of ROWS transactions. */
function payment(
  message: 'pain.001.001.09' | 'pain.008.001.08',
  document: 'initiation' | 'statement' = 'initiation',
): number {
  let bytes = 0
  const file = new PaymentFile({ message, countries: COUNTRIES, seed: SEED, count: ROWS, date: '2026-03-02' })
  for (const chunk of file.chunks(document)) bytes += chunk.length
  return bytes
}

const CASES: Record<string, () => number> = {
  'csv rows': csv,
  'pain.001.001.09': () => payment('pain.001.001.09'),
  'pain.008.001.08': () => payment('pain.008.001.08'),
  'camt.053.001.08 (of the pain.001)': () => payment('pain.001.001.09', 'statement'),
}

const rates = new Map<string, number[]>(Object.keys(CASES).map((name) => [name, []]))
const sizes = new Map<string, number>()
for (const run of Object.values(CASES)) run() // warm-up: plans, party tables, JIT
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of Object.entries(CASES)) {
    const started = performance.now()
    const bytes = run()
    const seconds = (performance.now() - started) / 1000
    sizes.set(name, bytes)
    rates.get(name)?.push(bytes / seconds / 1e6)
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
const csvRate = median(rates.get('csv rows') ?? [])
console.log(`${ROWS.toLocaleString('en')} rows of ${COUNTRIES.join(', ')}, ${ROUNDS} rounds, Node ${process.version}`)
console.log('| case | bytes per row | MB/s (median) | rows/s | ÷ CSV MB/s |')
console.log('|---|---|---|---|---|')
for (const [name, values] of rates) {
  const rate = median(values)
  const perRow = (sizes.get(name) ?? 0) / ROWS
  console.log(
    `| ${name} | ${perRow.toFixed(0)} | ${rate.toFixed(1)} | ${Math.round((rate * 1e6) / perRow).toLocaleString('en')} | ${(rate / csvRate).toFixed(2)} |`,
  )
}
