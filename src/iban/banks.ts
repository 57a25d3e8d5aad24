// The banks of each country: the national bank registry (banks-registry-data.ts, 45 countries)
// merged with the hand-checked table (banks-curated.ts), which adds real branch or sort codes
// to registered banks and the banks of countries without a registry. A country's table is read
// on first use. A bank's `code` is the registry's identifier (DE 8 digits, PL the 8-digit sort
// code, GB 4 letters, …) as the BBAN holds it from the first bank position on.
import { CURATED_BANKS } from './banks-curated.ts'
import { BANK_REGISTRY } from './banks-registry-data.ts'
import { BANK_REGISTRY_INFO } from './banks-registry-info.ts'
import { isDeMethodId, type DeMethodId } from './de-account/index.ts'
import { findCountry } from './registry.ts'

/** A bank of realistic mode and of bank lookups. */
export interface BankRow {
  /** The bank code as the BBAN holds it from the first bank position on. */
  readonly code: string
  readonly name: string
  readonly bic?: string
  /** The Bundesbank check method of a German bank code. */
  readonly method?: DeMethodId
  /** Real branch (sort) codes that follow the bank code in the BBAN, all of one length. */
  readonly branches?: readonly string[]
}

/** A bank as Iban records and validation report it. */
export interface IbanBank {
  readonly code: string
  readonly name: string
  /** null when unknown */
  readonly bic: string | null
}

/** The codes of one length and the index of each code's bank. */
interface CodeIndex {
  readonly length: number
  /** Codes of digits are kept as numbers, so a lookup makes no string. */
  readonly numeric: boolean
  readonly index: Map<number | string, number>
}

/** A country's banks, read once. */
interface BankTable {
  readonly banks: readonly BankRow[]
  readonly records: readonly IbanBank[]
  /** BBAN offset of the bank code. */
  readonly offset: number
  /** Code lengths, longest first (a registry's codes are all of one length). */
  readonly lengths: readonly CodeIndex[]
  /** The country has a national registry of bank codes. */
  readonly registry: boolean
}

const DIGITS = /^[0-9]+$/

function readRegistry(country: string): BankRow[] {
  const text = BANK_REGISTRY[country]
  if (text === undefined) {
    if (BANK_REGISTRY_INFO[country] === undefined) return []
    throw new Error(`banks: the bank registry of ${country} is not loaded`)
  }
  const rows: BankRow[] = []
  for (const line of text.split('\n')) {
    const [code = '', bic = '', name = '', method] = line.split('\t')
    if (code === '+' || code === '*' || code === '') continue
    rows.push({
      code,
      name,
      ...(bic === '' ? {} : { bic }),
      ...(method !== undefined && isDeMethodId(method) ? { method } : {}),
    })
  }
  return rows
}

/**
 * The registry's banks with the curated ones merged in: a curated code longer than the
 * registry's adds its tail as a branch of the registered bank; a curated bank the registry
 * lacks joins it. Without a registry, the curated banks as they are.
 */
function mergeCurated(country: string, registered: BankRow[]): BankRow[] {
  const curated = CURATED_BANKS[country] ?? []
  if (registered.length === 0) return [...curated]
  const length = (registered[0] as BankRow).code.length
  const byCode = new Map(registered.map((row, i) => [row.code, i]))
  const rows = [...registered]
  for (const bank of curated) {
    const code = bank.code.slice(0, length)
    const branch = bank.code.slice(length)
    const at = byCode.get(code)
    if (at === undefined) {
      byCode.set(code, rows.length)
      rows.push({ ...bank, code, ...(branch === '' ? {} : { branches: [branch] }) })
    } else if (branch !== '') {
      const row = rows[at] as BankRow
      rows[at] = { ...row, branches: [...(row.branches ?? []), branch] }
    }
  }
  return rows.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
}

function buildTable(country: string): BankTable {
  const registered = readRegistry(country)
  const banks = mergeCurated(country, registered).map((bank) => Object.freeze(bank))
  const spec = findCountry(country)
  const lengths = [...new Set(banks.map((bank) => bank.code.length))].sort((a, b) => b - a)
  return {
    banks,
    records: banks.map((bank) => Object.freeze({ code: bank.code, name: bank.name, bic: bank.bic ?? null })),
    offset: spec?.segments.find((s) => s.name === 'bank')?.offset ?? 0,
    lengths: lengths.map((length) => {
      const numeric = length <= 15 && banks.every((bank) => bank.code.length !== length || DIGITS.test(bank.code))
      const index = new Map<number | string, number>()
      banks.forEach((bank, i) => {
        if (bank.code.length === length) index.set(numeric ? Number(bank.code) : bank.code, i)
      })
      return { length, numeric, index }
    }),
    registry: registered.length > 0,
  }
}

/** Bank tables by the two letters of the country code (26 × 26 slots), made on first use. */
const TABLES = new Array<BankTable | undefined>(26 * 26).fill(undefined)
const EMPTY: BankTable = { banks: [], records: [], offset: 0, lengths: [], registry: false }

function slotOf(country: string): number {
  if (country.length !== 2) return -1
  const first = country.charCodeAt(0) - 65
  const second = country.charCodeAt(1) - 65
  return first < 0 || first > 25 || second < 0 || second > 25 ? -1 : first * 26 + second
}

function tableOf(country: string): BankTable {
  const slot = slotOf(country)
  if (slot < 0) return EMPTY
  let table = TABLES[slot]
  if (table === undefined) TABLES[slot] = table = buildTable(country)
  return table
}

/** Every bank of a country (upper case), ordered by code; empty where none is known. */
export function banksOf(country: string): readonly BankRow[] {
  return tableOf(country.toUpperCase()).banks
}

/** True when the country has a national registry of bank codes (validation's `checks.bank_code`). */
export function hasBankRegistry(country: string): boolean {
  return (BANK_REGISTRY_INFO[country.toUpperCase()]?.codes ?? 0) > 0
}

/** The record of a bank row, as Iban records and validation report it. */
export function toIbanBank(bank: BankRow): IbanBank {
  return Object.freeze({ code: bank.code, name: bank.name, bic: bank.bic ?? null })
}

/** The number the digits `text[from, from + length)` spell, or -1 when one is not a digit. */
function digitsValue(text: string, from: number, length: number): number {
  let value = 0
  for (let i = from; i < from + length; i++) {
    const digit = text.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return -1
    value = value * 10 + digit
  }
  return value
}

/**
 * The index in banksOf(country) of the bank whose code a BBAN of `country` (upper case)
 * carries from the bank position on, or -1; where codes of several lengths match, the longest.
 * The BBAN starts at `start` in `text` (4 in a whole IBAN).
 */
export function bankIndexOf(country: string, text: string, start = 0): number {
  const table = tableOf(country)
  const from = start + table.offset
  for (const { length, numeric, index } of table.lengths) {
    const found = index.get(numeric ? digitsValue(text, from, length) : text.slice(from, from + length))
    if (found !== undefined) return found
  }
  return -1
}

/** The bank whose code the BBAN carries (see bankIndexOf), or undefined. */
export function bankOf(country: string, bban: string): BankRow | undefined {
  const found = bankIndexOf(country, bban)
  return found < 0 ? undefined : tableOf(country).banks[found]
}

/** The (shared, frozen) record of the bank at `index` in banksOf(country). */
export function bankRecordAt(country: string, index: number): IbanBank {
  return tableOf(country).records[index] as IbanBank
}

/** The bank of `country` with exactly this code (case-insensitive, spaces ignored), or undefined. */
export function findBank(country: string, code: string): BankRow | undefined {
  const wanted = code.replace(/\s+/g, '').toUpperCase()
  const table = tableOf(country.toUpperCase())
  const entry = table.lengths.find((candidate) => candidate.length === wanted.length)
  if (entry === undefined) return undefined
  const found = entry.index.get(entry.numeric ? (DIGITS.test(wanted) ? Number(wanted) : -1) : wanted)
  return found === undefined ? undefined : table.banks[found]
}
