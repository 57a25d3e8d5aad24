// Output columns shared by every format: the IBAN fields, then one column per named BBAN part.
import type { CountrySpec, SegmentName } from '../iban/index.ts'

export const IBAN_COLUMNS = ['iban', 'iban_print', 'country', 'check_digits'] as const

export type Column = (typeof IBAN_COLUMNS)[number] | SegmentName

/** Columns for rows of these countries: the IBAN fields and the union of their BBAN parts. */
export function columnsFor(countries: readonly CountrySpec[]): Column[] {
  const parts = new Set<SegmentName>()
  for (const country of countries) for (const name of country.partNames) parts.add(name)
  return [...IBAN_COLUMNS, ...parts]
}
