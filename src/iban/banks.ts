// Curated real bank codes for realistic mode, checked against the registry once at import.
import { BANK_ROWS, type BankRow } from './banks-data.ts'
import { findCountry } from './registry.ts'

export type { BankRow } from './banks-data.ts'

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
  /** Code lengths, longest first, each with its codes. */
  readonly byLength: readonly (readonly [number, ReadonlyMap<string, BankRow>])[]
}

const BANK_INDEX = new Map<string, BankIndex>(
  Object.entries(BANK_ROWS).map(([country, banks]) => {
    const lengths = [...new Set(banks.map((bank) => bank.code.length))].sort((a, b) => b - a)
    const byLength = lengths.map(
      (length) => [length, new Map(banks.filter((b) => b.code.length === length).map((b) => [b.code, b]))] as const,
    )
    return [country, { offset: bankOffsetOf(country), byLength }]
  }),
)

/**
 * The real bank whose code a BBAN of `country` (upper case) carries from the bank position
 * on, or undefined; where codes of several lengths match, the longest (bank and branch) wins.
 */
export function bankOf(country: string, bban: string): BankRow | undefined {
  const index = BANK_INDEX.get(country)
  if (index === undefined) return undefined
  for (const [length, codes] of index.byLength) {
    const bank = codes.get(bban.slice(index.offset, index.offset + length))
    if (bank !== undefined) return bank
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
