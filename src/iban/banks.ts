// Curated real bank codes for realistic mode, checked against the registry once at import.
import { BANK_ROWS, type BankRow } from './banks-data.ts'
import { findCountry } from './registry.ts'

export type { BankRow } from './banks-data.ts'

/** A bank as Iban records and validation report it. */
export interface IbanBank {
  readonly code: string
  readonly name: string
  /** null when unknown */
  readonly bic: string | null
}

/** One frozen record per curated bank, made once. */
const RECORDS = new Map<BankRow, IbanBank>(
  Object.values(BANK_ROWS)
    .flat()
    .map((bank) => [bank, Object.freeze({ code: bank.code, name: bank.name, bic: bank.bic ?? null })]),
)

/** The bank record of a bank row (`bic` null when unknown). */
export function toIbanBank(bank: BankRow): IbanBank {
  return RECORDS.get(bank) ?? Object.freeze({ code: bank.code, name: bank.name, bic: bank.bic ?? null })
}

const CLASS_PATTERN = { n: /^[0-9]$/, a: /^[A-Z]$/, c: /^[0-9A-Z]$/ } as const

/** Real banks of a country (empty where none are curated). */
export function banksOf(code: string): readonly BankRow[] {
  return BANK_ROWS[code.toUpperCase()] ?? []
}

/** BBAN offset where a country's bank code starts (first bank segment). */
export function bankOffsetOf(code: string): number {
  const spec = findCountry(code)
  return spec?.segments.find((s) => s.name === 'bank')?.offset ?? 0
}

interface BankIndex {
  readonly offset: number
  /**
   * Code lengths, longest first, each with its banks: by the code's numeric value where every
   * code of that length is digits (no string is made to look one up), else by the code. A
   * country has a few dozen banks at most, so a scan beats hashing.
   */
  readonly byLength: readonly {
    readonly length: number
    readonly numeric: boolean
    readonly keys: readonly (number | string)[]
    readonly entries: readonly { readonly row: BankRow; readonly record: IbanBank }[]
  }[]
}

const DIGITS = /^[0-9]+$/

/** Bank indexes by the two letters of the country code (26 × 26 slots). */
const BANK_INDEX: readonly (BankIndex | undefined)[] = (() => {
  const table = new Array<BankIndex | undefined>(26 * 26).fill(undefined)
  for (const [country, banks] of Object.entries(BANK_ROWS)) {
    const lengths = [...new Set(banks.map((bank) => bank.code.length))].sort((a, b) => b - a)
    const byLength = lengths.map((length) => {
      const rows = banks.filter((bank) => bank.code.length === length)
      const numeric = length <= 15 && rows.every((bank) => DIGITS.test(bank.code))
      return {
        length,
        numeric,
        keys: rows.map((bank) => (numeric ? Number(bank.code) : bank.code)),
        entries: rows.map((bank) => ({ row: bank, record: toIbanBank(bank) })),
      }
    })
    table[slotOf(country)] = { offset: bankOffsetOf(country), byLength }
  }
  return table
})()

function slotOf(country: string): number {
  return (country.charCodeAt(0) - 65) * 26 + country.charCodeAt(1) - 65
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
 * The real bank whose code a BBAN of `country` (upper case) carries from the bank position
 * on, or undefined; where codes of several lengths match, the longest (bank and branch) wins.
 */
export function bankOf(country: string, bban: string): BankRow | undefined {
  return entryOf(country, bban)?.row
}

/** bankOf's bank as its (shared, frozen) record, or null. */
export function bankRecordOf(country: string, bban: string): IbanBank | null {
  return entryOf(country, bban)?.record ?? null
}

function entryOf(country: string, bban: string): { row: BankRow; record: IbanBank } | undefined {
  const index = country.length === 2 ? BANK_INDEX[slotOf(country)] : undefined
  if (index === undefined) return undefined
  for (const { length, numeric, keys, entries } of index.byLength) {
    const key = numeric ? digitsValue(bban, index.offset, length) : bban.slice(index.offset, index.offset + length)
    const found = keys.indexOf(key)
    if (found >= 0) return entries[found]
  }
  return undefined
}

// A bank code that does not fit its country's segments is a data error: fail at import.
for (const [code, banks] of Object.entries(BANK_ROWS)) {
  const spec = findCountry(code)
  if (spec === undefined) throw new Error(`banks: unknown country ${code}`)
  const offset = bankOffsetOf(code)
  for (const bank of banks) {
    for (let i = 0; i < bank.code.length; i++) {
      const position = offset + i
      const segment = spec.segments.find((s) => position >= s.offset && position < s.offset + s.length)
      const char = bank.code[i] ?? ''
      if (segment === undefined || !CLASS_PATTERN[segment.chars].test(char)) {
        throw new Error(`banks: ${code} ${bank.code} does not fit the BBAN at position ${position}`)
      }
    }
  }
}
