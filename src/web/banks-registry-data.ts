// The page's stand-in for src/iban/banks-registry-data.ts (scripts/web-bundle.mjs substitutes
// it when bundling): empty at first; app.ts puts a country's registry here, fetched from the
// server, before it generates or validates for that country.

const REGISTRY: Record<string, string> = {}

/** Bank registry lines by country code, as far as the page has fetched them. */
export function bankRegistry(): Record<string, string> {
  return REGISTRY
}
