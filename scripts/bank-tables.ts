// Writes the tables of the docs that come from the data, never typed by hand: in
// docs/generation.md, per registry, how many bank codes the rule of src/iban/realistic-banks.ts
// leaves out of realistic rows and why, and per country with weights (src/iban/bank-weights.ts)
// the share of 100,000 realistic rows (seed "population") at its five largest banks or groups
// beside the share the weights give them; in docs/data-sources.md, every group's share with the
// fact and source behind it. `--check` only compares (exit 1 when a page is not current).
//   node --import tsx scripts/bank-tables.ts [--check]
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { format, resolveConfig } from 'prettier'
import { groupOf, groupShares } from '../src/iban/bank-mix.ts'
import { BANK_WEIGHT_FACTS, type WeightFact } from '../src/iban/bank-weight-facts.ts'
import { BANK_WEIGHTS } from '../src/iban/bank-weights.ts'
import { banksOf } from '../src/iban/banks.ts'
import { BANK_REGISTRY_INFO } from '../src/iban/banks-registry-info.ts'
import { Dataset } from '../src/iban/dataset.ts'
import { MAX_IBAN_LENGTH } from '../src/iban/generate.ts'
import { findCountry } from '../src/iban/registry.ts'
import { EXCLUSIONS, exclusionOf, realisticBanks, type Exclusion } from '../src/iban/realistic-banks.ts'

const PAGE = join(import.meta.dirname, '..', 'docs', 'generation.md')
const SOURCES_PAGE = join(import.meta.dirname, '..', 'docs', 'data-sources.md')
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

/** A fact as the sources table shows it: its value and unit, or the statement. */
function factText(fact: WeightFact): string {
  const value = fact.value === null ? '' : `${number(fact.value)} `
  return `${value}${fact.unit}${fact.year === null ? '' : ` (${fact.year})`}`.replace(/\|/g, '/')
}

/** Per country with weights: every group's share, what it rests on, the fact and its source. */
function sourcesTable(): string {
  const lines = [
    '| country | bank or group | share | basis | fact | source |',
    '| --- | --- | ---: | --- | --- | --- |',
  ]
  for (const [country, weights] of Object.entries(BANK_WEIGHTS)) {
    const facts = BANK_WEIGHT_FACTS[country]
    if (facts === undefined) throw new Error(`bank-tables: no facts for ${country}`)
    weights.groups.forEach((group, index) => {
      const { basis, fact } = facts.groups[index] ?? { basis: '', fact: null }
      const source = fact === null ? '' : `[${new URL(fact.source).hostname.replace(/^www\./, '')}](${fact.source})`
      lines.push(
        `| ${country} | ${group.name} | ${group.share}% | ${basis} | ${fact === null ? '—' : factText(fact)} | ${source} |`,
      )
    })
    lines.push(`| ${country} | every other bank (the rest) | ${weights.rest}% | | | |`)
  }
  return lines.join('\n')
}

/** The page with the text between a table's markers replaced. */
function withTable(page: string, name: string, table: string): string {
  const start = `<!-- ${name}: written by scripts/bank-tables.ts -->`
  const end = `<!-- end of ${name} -->`
  const from = page.indexOf(start)
  const to = page.indexOf(end)
  if (from < 0 || to < from) throw new Error(`bank-tables: the page has no ${name} markers`)
  // Indented as the markers are: the table stays inside the list item it belongs to.
  const indent = page.slice(page.lastIndexOf('\n', from) + 1, from)
  const indented = table
    .split('\n')
    .map((line) => indent + line)
    .join('\n')
  return `${page.slice(0, from + start.length)}\n\n${indented}\n\n${indent}${page.slice(to)}`
}

/** A page with its tables written, as the project's formatter writes it (it aligns the columns). */
async function written(path: string, tables: Record<string, () => string>): Promise<[string, string]> {
  const page = readFileSync(path, 'utf8')
  let text = page
  for (const [name, table] of Object.entries(tables)) text = withTable(text, name, table())
  return [page, await format(text, { ...(await resolveConfig(path)), filepath: path })]
}

const pages: [string, [string, string]][] = [
  [PAGE, await written(PAGE, { 'banks left out': exclusionTable, population: populationTable })],
  [SOURCES_PAGE, await written(SOURCES_PAGE, { 'bank weights': sourcesTable })],
]
for (const [path, [page, text]] of pages) {
  if (!CHECK) {
    writeFileSync(path, text)
    console.log(`bank-tables: wrote ${path}`)
  } else if (text !== page) {
    console.error(`bank-tables: ${path} is not current; run node --import tsx scripts/bank-tables.ts`)
    process.exitCode = 1
  }
}
