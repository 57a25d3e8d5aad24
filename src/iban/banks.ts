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
