// The page's stand-in for src/iban/parties/data.ts (scripts/web-bundle.mjs substitutes it when
// bundling): the page makes no payment files and no party columns, so it carries none of the
// names, towns and streets (about 230 KB); asking for them here is a mistake, said so.
/** No party countries in the page. */
export const PARTY_COUNTRIES: readonly string[] = []

/** The SEPA conversion table is not in the page either (the page writes no payment text). */
export const SEPA_CONVERSION: Readonly<Record<string, string>> = {}

/** The page has no party data. */
export function partyData(): never {
  throw new Error('party data is not part of the web page')
}
