// Output columns shared by every format: the IBAN fields, one column per named BBAN part, then
// the bank (name and BIC, known for realistic rows of a curated bank) and the SEPA flag; with
// labelled negative data, last, the check the row fails.
import type { CountrySpec, SegmentName } from '@ibanmint/iban'

export const IBAN_COLUMNS = ['iban', 'iban_print', 'country', 'check_digits'] as const
export const BANK_COLUMNS = ['bank_name', 'bic', 'sepa'] as const

/** Labelled negative data: the check the row fails (validation's `failed` name), empty when valid. */
export const INVALID_COLUMN = 'invalid'

export type Column = (typeof IBAN_COLUMNS)[number] | SegmentName | (typeof BANK_COLUMNS)[number] | typeof INVALID_COLUMN

/** The BBAN part columns for rows of these countries: the union of their parts, in order. */
export function partColumnsFor(countries: readonly CountrySpec[]): SegmentName[] {
  const parts = new Set<SegmentName>()
  for (const country of countries) for (const name of country.partNames) parts.add(name)
  return [...parts]
}

/** Columns for rows of these countries. */
export function columnsFor(countries: readonly CountrySpec[]): Column[] {
  return [...IBAN_COLUMNS, ...partColumnsFor(countries), ...BANK_COLUMNS]
}
