// Turns the national bank registries in vendor/bank-registry (or the directory given as the
// first argument) into src/iban/banks-registry-data.ts: per country, one line per bank code
// with its institution (name, BIC and, for DE, the Bundesbank check method), plus the BICs of
// further entries for BIC lookups; and src/iban/banks-registry-info.ts, what each country's
// registry holds. Run `npm run data:banks` after dropping in newer files; `--check` only
// compares (exit 1 when the committed modules are not what the sources give).
//
// Source format (vendor/bank-registry/README.md): `.json` files are lists of entries
// { country_code, bank_code, name, short_name, bic, primary, checksum_algo? }; `.v2.json` files
// hold { expand_from: 'bank_codes', entries } where each entry lists several codes. Files are
// read in name order; where several entries share a code, the first primary one (else the
// first) is the code's institution. The corrections of bank-corrections.ts (a truncated or
// annotated name, a BIC of another institution) are applied to it, each checked against what
// the registry still holds.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { format } from 'prettier'
import { CORRECTIONS, type Correction } from './bank-corrections.ts'
import { isDeMethodId } from '../src/iban/de-account/index.ts'
import { computePart } from '../src/iban/national.ts'
import { findCountry, type CountrySpec } from '../src/iban/registry.ts'

const ROOT = join(import.meta.dirname, '..')
const CHECK = process.argv.includes('--check')
const SOURCE = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? join(ROOT, 'vendor', 'bank-registry')
const TARGET = join(ROOT, 'src', 'iban', 'banks-registry-data.ts')
const INFO_TARGET = join(ROOT, 'src', 'iban', 'banks-registry-info.ts')

interface Entry {
  country_code: string
  bank_code: string
  name: string
  short_name?: string
  bic: string
  primary?: boolean
  checksum_algo?: string
}

interface Source {
  entries: Entry[]
  file: string
}

function readSources(dir: string): Source[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as
        | Entry[]
        | { expand_from: string; expand_into: string; entries: (Omit<Entry, 'bank_code'> & { bank_codes: string[] })[] }
      if (Array.isArray(data)) return { file, entries: data }
      const entries = data.entries.flatMap(({ bank_codes, ...rest }) =>
        bank_codes.map((code) => ({ ...rest, bank_code: code })),
      )
      return { file, entries }
    })
}

const BIC = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/

/** A BIC in its usual form (a head office's "XXX" branch dropped), or '' when there is none. */
function normalBic(bic: string | undefined, where: string, problems: string[]): string {
  const text = (bic ?? '').replace(/\s+/g, '').toUpperCase()
  if (text === '') return ''
  if (!BIC.test(text)) {
    problems.push(`${where}: BIC "${bic}" is not 8 or 11 characters of ISO 9362; left out`)
    return ''
  }
  return text.endsWith('XXX') ? text.slice(0, 8) : text
}

function normalName(name: string): string {
  return name.replace(/\s+/g, ' ').trim()
}

const CLASS: Record<string, RegExp> = { n: /^[0-9]$/, a: /^[A-Z]$/, c: /^[0-9A-Z]$/ }

/** Why a code cannot stand at the country's bank position, or undefined when it can. */
function misfit(spec: CountrySpec, code: string): string | undefined {
  const offset = spec.segments.find((s) => s.name === 'bank')?.offset ?? 0
  if (offset + code.length > spec.bbanLength) return 'longer than the BBAN'
  for (let i = 0; i < code.length; i++) {
    const chars = spec.positionClasses[offset + i] as string
    if (!(CLASS[chars] as RegExp).test(code[i] as string)) return `character ${i + 1} is not of class ${chars}`
  }
  // National check digits that lie wholly inside the code (PL, HR) must be right.
  const check = spec.nationalCheck
  for (const part of check?.parts ?? []) {
    const ranges = [part.check, ...part.input]
    if (!ranges.every(([from, to]) => from >= offset && to < offset + code.length)) continue
    const bban = (' '.repeat(offset) + code).padEnd(spec.bbanLength, '0')
    const expected = computePart(check!.algorithm, bban, part)
    if (expected !== bban.slice(part.check[0], part.check[1] + 1)) return `national check digit should be ${expected}`
  }
  return undefined
}

interface CountryData {
  /** Lines: `code\tbic\tname[\tmethod]`, `+\tbic\tname` (another entry of the code above), `*\tbic\tname` (no code). */
  lines: string[]
  files: Set<string>
  entries: number
  codes: number
  dropped: number
}

function build(sources: Source[], problems: string[]): Map<string, CountryData> {
  const byCountry = new Map<
    string,
    { byCode: Map<string, Entry[]>; noCode: Entry[]; files: Set<string>; entries: number }
  >()
  for (const { file, entries } of sources) {
    for (const entry of entries) {
      const country = entry.country_code.toUpperCase()
      let data = byCountry.get(country)
      if (data === undefined)
        byCountry.set(country, (data = { byCode: new Map(), noCode: [], files: new Set(), entries: 0 }))
      data.files.add(file)
      data.entries++
      const code = entry.bank_code.trim().toUpperCase()
      if (code === '') data.noCode.push(entry)
      else {
        const list = data.byCode.get(code)
        if (list === undefined) data.byCode.set(code, [entry])
        else list.push(entry)
      }
    }
  }
  const result = new Map<string, CountryData>()
  for (const [country, data] of [...byCountry].sort(([a], [b]) => a.localeCompare(b))) {
    const spec = findCountry(country)
    if (spec === undefined) {
      problems.push(`${country}: not an IBAN country of ibanmint; ${data.entries} entries left out`)
      continue
    }
    const lines: string[] = []
    let dropped = 0
    const codes = [...data.byCode.keys()].sort()
    const lengths = new Set(codes.map((code) => code.length))
    if (lengths.size > 1) throw new Error(`${country}: bank codes of several lengths (${[...lengths].join(', ')})`)
    for (const code of codes) {
      const entries = data.byCode.get(code) as Entry[]
      const reason = misfit(spec, code)
      if (reason !== undefined) {
        problems.push(`${country} ${code}: ${reason}; left out`)
        dropped++
        continue
      }
      const main = entries.find((e) => e.primary === true) ?? entries[0]
      if (main === undefined) continue
      const where = `${country} ${code}`
      const correction = CORRECTED.get(where)
      const registryBic = normalBic(main.bic, where, problems)
      if (correction !== undefined) requireUnchanged(correction, normalName(main.name), registryBic)
      const bic = correction?.bic ?? registryBic
      const fields = [code, bic, correction?.name ?? normalName(main.name)]
      if (country === 'DE') {
        const method = main.checksum_algo ?? ''
        if (!isDeMethodId(method)) throw new Error(`${where}: unknown Bundesbank method "${method}"`)
        if (code.startsWith('9'))
          throw new Error(`${where}: random mode keeps German bank codes starting with 9 unregistered`)
        fields.push(method)
      }
      lines.push(fields.join('\t'))
      // A corrected BIC replaces the registry's: that one is no BIC of this code.
      const seen = new Set([bic, registryBic])
      for (const other of entries) {
        const otherBic = normalBic(other.bic, where, problems)
        if (otherBic === '' || seen.has(otherBic)) continue
        seen.add(otherBic)
        lines.push(['+', otherBic, normalName(other.name)].join('\t'))
      }
    }
    const seen = new Set<string>()
    for (const entry of data.noCode) {
      const bic = normalBic(entry.bic, `${country} (no code)`, problems)
      if (bic === '' || seen.has(bic)) continue
      seen.add(bic)
      lines.push(['*', bic, normalName(entry.name)].join('\t'))
    }
    for (const line of lines)
      if (/[\n\r]/.test(line) || line.split('\t').length > 4) throw new Error(`bad line ${line}`)
    result.set(country, { lines, files: data.files, entries: data.entries, codes: codes.length - dropped, dropped })
  }
  return result
}

/** The corrections by country and code ("GB BOFS"); each must be applied once. */
const CORRECTED = new Map<string, Correction>(CORRECTIONS.map((c) => [`${c.country} ${c.code}`, c]))
const applied = new Set<Correction>()

/** Stops the script when the registry no longer holds what a correction corrects. */
function requireUnchanged(correction: Correction, name: string, bic: string): void {
  const { registry } = correction
  if (name !== registry.name || (registry.bic !== undefined && bic !== registry.bic))
    throw new Error(
      `${correction.country} ${correction.code}: the registry now says "${name}" (${bic || 'no BIC'}), not "${registry.name}"${registry.bic === undefined ? '' : ` (${registry.bic})`}: review scripts/bank-corrections.ts`,
    )
  applied.add(correction)
}

const problems: string[] = []
const countries = build(readSources(SOURCE), problems)
for (const correction of CORRECTIONS)
  if (!applied.has(correction))
    throw new Error(
      `${correction.country} ${correction.code}: no such code in the registry; review scripts/bank-corrections.ts`,
    )
const license = readFileSync(join(SOURCE, 'LICENSE-schwifty.txt'), 'utf8').trim()
const header = `// Generated by \`npm run data:banks\` (scripts/bank-data.ts) from vendor/bank-registry: do not edit.
// The national bank registries of ${countries.size} countries as compiled by the schwifty project
// (github.com/mdomke/schwifty, schwifty/bank_registry), under its licence:
//
${license
  .split('\n')
  .map((line) => `// ${line}`.trimEnd())
  .join('\n')}
`
const data = `${header}//
// Per country, one line per bank code: code, BIC (8 or 11 characters, or empty), institution name
// (with the corrections of scripts/bank-corrections.ts, each with its source) and (DE) the
// Bundesbank check method, separated by tabs; a line "+" adds the BIC of another
// entry of the code above, a line "*" a BIC without a bank code. banks.ts reads it; the web
// page's script has a stand-in (src/web/banks-registry-data.ts) that fetches one country at a time.

let registry: Readonly<Record<string, string>> | undefined

/**
 * Bank registry lines by country code (see the top of this file). The table is made on the first
 * call: until then its megabyte of text is only scanned, never turned into strings, when the
 * library loads.
 */
export function bankRegistry(): Readonly<Record<string, string>> {
  return (registry ??= {
${[...countries].map(([country, data]) => `  ${country}: ${JSON.stringify(data.lines.join('\n'))},`).join('\n')}
  })
}
`
const info = `${header}
/** What the bank registry of a country holds: its source files, their entries and the bank codes kept. */
export interface BankRegistryInfo {
  readonly files: readonly string[]
  readonly entries: number
  readonly codes: number
}

/** The countries with a bank registry (banks-registry-data.ts) and what each holds. */
export const BANK_REGISTRY_INFO: Readonly<Record<string, BankRegistryInfo>> = {
${[...countries].map(([country, data]) => `  ${country}: { files: ${JSON.stringify([...data.files])}, entries: ${data.entries}, codes: ${data.codes} },`).join('\n')}
}
`
const options = { printWidth: 120, semi: false, singleQuote: true } as const
const outputs: [string, string][] = [
  [TARGET, await format(data, { ...options, filepath: TARGET })],
  [INFO_TARGET, await format(info, { ...options, filepath: INFO_TARGET })],
]
if (CHECK) {
  const stale = outputs.filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text)
  for (const [path] of stale) console.error(`bank-data: ${path} is not what ${SOURCE} gives; run npm run data:banks`)
  process.exit(stale.length === 0 ? 0 : 1)
}
for (const [path, text] of outputs) writeFileSync(path, text)
for (const problem of problems) console.warn(`bank-data: ${problem}`)
const total = [...countries.values()].reduce((sum, data) => sum + data.codes, 0)
console.log(`bank-data: ${countries.size} countries, ${total} bank codes → ${TARGET}`)
for (const [country, data] of countries) {
  console.log(
    `  ${country} ${data.codes} codes from ${data.entries} entries${data.dropped > 0 ? `, ${data.dropped} left out` : ''}`,
  )
}
