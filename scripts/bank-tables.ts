// Writes the two tables of docs/generation.md that come from the data, never typed by hand:
// per registry, how many bank codes the rule of src/iban/realistic-banks.ts leaves out of
// realistic rows and why; and per country with weights (src/iban/bank-weights.ts), the share of
// 100,000 realistic rows (seed "population") at its five largest banks or groups beside the
// share the weights give them. `--check` only compares (exit 1 when the page is not current).
//   node --import tsx scripts/bank-tables.ts [--check]
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { format, resolveConfig } from 'prettier'
import { groupOf, groupShares } from '../src/iban/bank-mix.ts'
import { BANK_WEIGHTS } from '../src/iban/bank-weights.ts'
import { banksOf } from '../src/iban/banks.ts'
import { BANK_REGISTRY_INFO } from '../src/iban/banks-registry-info.ts'
import { Dataset } from '../src/iban/dataset.ts'
import { MAX_IBAN_LENGTH } from '../src/iban/generate.ts'
import { findCountry } from '../src/iban/registry.ts'
import { EXCLUSIONS, exclusionOf, realisticBanks, type Exclusion } from '../src/iban/realistic-banks.ts'

const PAGE = join(import.meta.dirname, '..', 'docs', 'generation.md')
const CHECK = process.argv.includes('--check')
const ROWS = 100_000
const SEED = 'population'

const COLUMN: Readonly<Record<Exclusion, string>> = {
  'central bank': 'central bank',
  operations: 'operations',
  inactive: 'inactive',
  'insurer or fund': 'insurer, fund',
  unassigned: 'unassigned',
  'outside the payment scheme': 'outside scheme',
  'QR-IID': 'QR-IID',
}

const number = (value: number) => value.toLocaleString('en')

/** Per registry with a code left out: its codes, the codes drawn, and the count of each class. */
function exclusionTable(): string {
  const lines = [
    `| country | codes | drawn | ${EXCLUSIONS.map((why) => COLUMN[why]).join(' | ')} |`,
    `| --- | ---: | ---: | ${EXCLUSIONS.map(() => '---:').join(' | ')} |`,
  ]
  for (const country of Object.keys(BANK_REGISTRY_INFO).sort()) {
    const banks = banksOf(country)
    const counts = new Map<Exclusion, number>()
    for (const bank of banks) {
      const why = exclusionOf(bank, country)
      if (why !== undefined) counts.set(why, (counts.get(why) ?? 0) + 1)
    }
    if (counts.size === 0) continue
    const left = [...counts.values()].reduce((sum, n) => sum + n, 0)
    const cells = EXCLUSIONS.map((why) => (counts.has(why) ? number(counts.get(why) as number) : ''))
    lines.push(`| ${country} | ${number(banks.length)} | ${number(banks.length - left)} | ${cells.join(' | ')} |`)
  }
  return lines.join('\n')
}

const percent = (share: number) => `${(100 * share).toFixed(1)}%`

/** Per country with weights: its five largest groups, the weights' share and the rows'. */
function populationTable(): string {
  const lines = [`| country | bank or group | weights | ${number(ROWS)} rows |`, '| --- | --- | ---: | ---: |']
  for (const [country, weights] of Object.entries(BANK_WEIGHTS)) {
    const spec = findCountry(country)
    if (spec === undefined) throw new Error(`bank-tables: ${country} is not supported`)
    const expected = groupShares(country, realisticBanks(spec, 'pass', false))
    const dataset = new Dataset({ countries: [country], seed: SEED })
    const groupAt = (dataset.plans[0]?.banks ?? []).map((bank) => (bank === undefined ? -1 : groupOf(country, bank)))
    const counts = new Map<number, number>()
    const out = new Uint8Array(MAX_IBAN_LENGTH)
    for (let i = 0; i < ROWS; i++) {
      dataset.mint(i, out)
      const group = groupAt[dataset.bankIndex] as number
      counts.set(group, (counts.get(group) ?? 0) + 1)
    }
    const largest = [...expected]
      .filter(([group]) => group >= 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
    for (const [group, share] of largest) {
      const name = weights.groups[group]?.name ?? ''
      lines.push(`| ${country} | ${name} | ${percent(share)} | ${percent((counts.get(group) ?? 0) / ROWS)} |`)
    }
  }
  return lines.join('\n')
}

/** The page with the text between a table's markers replaced. */
function withTable(page: string, name: string, table: string): string {
  const start = `<!-- ${name}: written by scripts/bank-tables.ts -->`
  const end = `<!-- end of ${name} -->`
  const from = page.indexOf(start)
  const to = page.indexOf(end)
  if (from < 0 || to < from) throw new Error(`bank-tables: docs/generation.md has no ${name} markers`)
  // Indented as the markers are: the table stays inside the list item it belongs to.
  const indent = page.slice(page.lastIndexOf('\n', from) + 1, from)
  const indented = table
    .split('\n')
    .map((line) => indent + line)
    .join('\n')
  return `${page.slice(0, from + start.length)}\n\n${indented}\n\n${indent}${page.slice(to)}`
}

const page = readFileSync(PAGE, 'utf8')
// As the project's formatter writes the page (it aligns the tables' columns).
const written = await format(
  withTable(withTable(page, 'banks left out', exclusionTable()), 'population', populationTable()),
  { ...(await resolveConfig(PAGE)), filepath: PAGE },
)
if (CHECK) {
  if (written !== page) {
    console.error('bank-tables: docs/generation.md is not current; run node --import tsx scripts/bank-tables.ts')
    process.exit(1)
  }
} else {
  writeFileSync(PAGE, written)
  console.log(`bank-tables: wrote ${PAGE}`)
}
