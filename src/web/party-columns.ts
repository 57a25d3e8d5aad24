// The page's stand-in for src/formats/party-columns.ts (scripts/web-bundle.mjs substitutes it
// when bundling): the page shows no party columns, so it carries none of their writers.

/** No party columns in the page. */
export const PARTY_COLUMNS: readonly string[] = []

/** No party columns' SQL types in the page. */
export const PARTY_SQL_TYPES = {}

/** Party columns are not part of the web page: asking for them is a mistake, said so. */
export class PartyCells {
  constructor() {
    throw new Error('party columns are not part of the web page')
  }
}
