// The page's stand-in for src/iban/bank-weights.ts (scripts/web-bundle.mjs substitutes it when
// bundling): the shares of the weighted bank mix are data the script need not carry, so banks.ts
// fetches them (a content-hashed asset) with the first bank registry, before the page generates
// anything realistic. Empty until then, as the registries are.
import type { CountryWeights } from '@ibanmint/iban/internal'

/** The shares by country, as far as the page has fetched them. */
export const BANK_WEIGHTS: Record<string, CountryWeights> = {}

/** @public The shares as generation reads them (src/iban/bank-weights.ts, which this module stands in for). */
export function sharesByCountry(): Readonly<Record<string, CountryWeights>> {
  return BANK_WEIGHTS
}
