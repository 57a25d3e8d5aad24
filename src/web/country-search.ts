// How the page's country search ranks countries and territories for what a person typed. No
// DOM: the page's script and the tests call it alike. The order, best first:
//   0. the exact code (NO is Norway, GF French Guiana), a territory's code included;
//   1. another code for a country (UK is GB), and the territories that use the exact code's IBANs;
//   2. the name, or another name of the country (Turkey, Holland), starts with it;
//   3. a later word of a name starts with it (man: Isle of Man);
//   4. the name holds it anywhere (land: Finland).
// Within a rank countries come before territories (which mint their country's IBANs), then by
// English name. Case and accents do not matter (aland finds Åland Islands).

/** What the search reads of a country or territory. */
export interface Searchable {
  code: string
  name: string
  /** The country whose IBANs it uses: its own code for a country. */
  ibanCountry: string
}

/**
 * Codes people type for a country that are not its ISO code: UK for the United Kingdom (the
 * EU's EL for Greece is left out: "el" is how El Salvador begins).
 */
const CODE_ALIASES: Readonly<Record<string, string>> = { uk: 'GB' }

/** Other names people search for, by code (the registry's names are the ISO 3166 short names). */
const NAME_ALIASES: Readonly<Record<string, readonly string[]>> = {
  GB: ['great britain', 'britain', 'england'],
  NL: ['holland'],
  TR: ['turkey'],
  VA: ['vatican'],
  CZ: ['czech republic'],
  TL: ['east timor'],
  VG: ['british virgin islands'],
  AE: ['uae', 'emirates'],
}

/** Lower case without accents, so that "reunion" finds "Réunion". */
export const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** The rank of an entry for a folded, trimmed query (0 best), or undefined when it does not match. */
function rankOf(entry: Searchable, query: string): number | undefined {
  const code = entry.code.toLowerCase()
  if (query === code) return 0
  if (CODE_ALIASES[query] === entry.code || (query === entry.ibanCountry.toLowerCase() && code !== query)) return 1
  const names = [entry.name, ...(NAME_ALIASES[entry.code] ?? [])].map(fold)
  if (names.some((name) => name.startsWith(query))) return 2
  if (names.some((name) => name.split(/[^a-z0-9]+/).some((word, i) => i > 0 && word.startsWith(query)))) return 3
  if (fold(entry.name).includes(query)) return 4
  return undefined
}

/**
 * The entries that match `query`, best first (the order above); for an empty query, all of
 * them in the order given.
 */
export function searchCountries<T extends Searchable>(entries: readonly T[], query: string): T[] {
  const folded = fold(query.trim())
  if (folded === '') return [...entries]
  const ranked: [T, number][] = []
  for (const entry of entries) {
    const rank = rankOf(entry, folded)
    if (rank !== undefined) ranked.push([entry, rank])
  }
  const isTerritory = (entry: T) => (entry.code === entry.ibanCountry ? 0 : 1)
  return ranked
    .sort(
      ([a, rankA], [b, rankB]) =>
        rankA - rankB || isTerritory(a) - isTerritory(b) || a.name.localeCompare(b.name, 'en'),
    )
    .map(([entry]) => entry)
}
