// The page's stand-in for src/iban/uk-modulus/table-data.ts (scripts/web-bundle.mjs substitutes
// it when bundling): Vocalink's modulus table is about a quarter of the page's script, and only
// GB needs it, so the page fetches it (a content-hashed asset) with GB's bank registry, as
// banks.ts does, before it generates or validates for GB. Until then the table is empty and a GB
// check fails loudly (table.ts parses nothing) rather than judging against no table.

/** The table's version and the day it took effect, as the server's copy says. */
export const UK_MODULUS_TABLE = { version: '', valid_from: '', rows: 0 }

/** The weight table's lines, once fetched. */
export let UK_WEIGHT_ROWS = ''

/** The sort-code substitutions (exception 5), once fetched. */
export let UK_SORT_CODE_SUBSTITUTIONS = ''

/** What the server's modulus-table asset holds (src/http/page.ts writes it). */
export interface UkModulusAsset {
  table: typeof UK_MODULUS_TABLE
  rows: string
  substitutions: string
}

/** Puts the fetched table in place of the empty one. */
export function loadUkModulus(asset: UkModulusAsset): void {
  Object.assign(UK_MODULUS_TABLE, asset.table)
  UK_WEIGHT_ROWS = asset.rows
  UK_SORT_CODE_SUBSTITUTIONS = asset.substitutions
}
