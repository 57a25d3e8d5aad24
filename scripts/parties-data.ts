// Turns the party material in vendor/parties (person names, towns with postcodes, street names,
// legal forms and the EPC conversion table; sources and licences in vendor/parties/README.md)
// into src/iban/parties/data.ts and material.ts: per country a compact record of the lists payment files draw
// holders and addresses from, and the conversion table to the SEPA character set.
// Run `npm run data:parties` after changing the vendored files; `--check` only compares.
//
// What is kept, to keep the library small: the 150 most frequent given names per sex and 300
// surnames (by the source's weights or rank order; an even sample of unweighted lists), up to 150
// street names (the country's most common ones first, then an even sample of its pool or of
// stems joined with suffixes), and every town with up to 6 of its postcodes.
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { format } from 'prettier'

const ROOT = join(import.meta.dirname, '..')
const SOURCE = join(ROOT, 'vendor', 'parties')
const TARGET = join(ROOT, 'src', 'iban', 'parties', 'data.ts')
const CHECK = process.argv.includes('--check')

const GIVEN_NAMES = 150
const SURNAMES = 300
const STREETS = 150
const POSTCODES_PER_TOWN = 6
/** ISO 20022 Max35Text: TwnNm. */
const MAX_TOWN = 35

type Json = Record<string, unknown>
const read = (file: string): Json => JSON.parse(readFileSync(join(SOURCE, file), 'utf8')) as Json
const NAMES = (read('names.json')['countries'] ?? {}) as Record<string, Json>
const ADDRESSES = (read('addresses.json')['countries'] ?? {}) as Record<string, Json>
const COMPANIES = read('companies.json')
const TRANSLITERATION = read('transliteration.json')

/** `count` entries spread evenly over `list` (all of it when it is shorter). */
function evenly<T>(list: readonly T[], count: number): T[] {
  if (list.length <= count) return [...list]
  return Array.from({ length: count }, (_, i) => list[Math.floor((i * list.length) / count)] as T)
}

/**
 * A name list with integer weights: the source's weights (the heaviest `count`), its ranked head
 * (Zipf-like weights 1000 / rank, the rest as heavy as the last ranked one), or uniform.
 */
function weighted(list: string[], info: Json | undefined, count: number): [string[], number[] | undefined] {
  const weights = info?.['weights'] as number[] | undefined
  if (weights !== undefined) {
    const order = list.map((name, i) => [name, weights[i] ?? 0] as const).sort((a, b) => b[1] - a[1])
    const kept = order.slice(0, count)
    const unit = (kept[kept.length - 1]?.[1] ?? 1) || 1
    return [kept.map(([name]) => name), kept.map(([, weight]) => Math.max(1, Math.round((weight / unit) * 10)))]
  }
  const ranked = Number(info?.['rankedPrefix'] ?? 0)
  if (ranked > 0) {
    const head = list.slice(0, Math.min(ranked, count))
    const tail = evenly(list.slice(ranked), count - head.length)
    const floor = Math.max(1, Math.round(1000 / head.length))
    return [
      [...head, ...tail],
      [...head.map((_, i) => Math.max(floor, Math.round(1000 / (i + 1)))), ...tail.map(() => floor)],
    ]
  }
  return [evenly(list, count), undefined]
}

/** The street names of a country, most common first, from whatever material its entry has. */
function streetsOf(code: string, streets: Json): string[] {
  const list = (key: string) => (streets[key] as string[] | undefined) ?? []
  const join = (stems: string[], suffixes: string[], glue: string) =>
    stems
      .flatMap((stem, i) =>
        suffixes.map((suffix, k) => [(i + k) % suffixes.length, `${stem}${glue}${suffix}`] as const),
      )
      .sort((a, b) => a[0] - b[0])
      .map(([, name]) => name)
  const head = [...list('mostCommonFacts'), ...list('extra')]
  let body: string[]
  switch (code) {
    case 'FR':
      body = list('suffixes').map(
        (suffix, i) => `${['Rue', 'Avenue', 'Boulevard', 'Place', 'Rue', 'Impasse', 'Rue', 'Allée'][i % 8]} ${suffix}`,
      )
      break
    case 'BE':
      body = [
        ...list('frSuffixes').map((suffix, i) => `${i % 3 === 2 ? 'Avenue' : 'Rue'} ${suffix}`),
        ...join(
          ['Kerk', 'School', 'Molen', 'Stations', 'Linden', 'Dorps', 'Beuken', 'Kasteel'],
          list('nlSuffixes'),
          '',
        ),
      ]
      body = evenly(body, STREETS)
      break
    case 'IT':
      body = list('stems').flatMap((stem) => ['Via', 'Piazza', 'Viale', 'Corso'].map((prefix) => `${prefix} ${stem}`))
      break
    case 'ES':
      body = list('stems').flatMap((stem) =>
        ['Calle', 'Avenida', 'Plaza', 'Paseo'].map((prefix) => `${prefix} ${stem}`),
      )
      break
    case 'NL':
      body = join(
        list('stems').filter((stem) => !stem.endsWith('nan')),
        list('suffixes'),
        '',
      )
      break
    case 'PT':
      body = list('pool').map((name, i) => `${['Rua', 'Avenida', 'Travessa', 'Largo', 'Rua'][i % 5]} ${name}`)
      break
    case 'LU':
      body = list('stems').flatMap((stem) =>
        list('prefixes')
          .slice(0, 4)
          .map((prefix) => `${prefix} ${stem}`),
      )
      break
    case 'HU':
      body = list('mostCommon').flatMap((name) => ['utca', 'út', 'tér'].map((type) => `${name} ${type}`))
      break
    case 'SE':
    case 'NO':
    case 'FI':
      body = join(list('stems'), list('suffixes'), '')
      break
    case 'DK':
      body = [...list('pool'), ...join(list('stems'), list('suffixes'), '')]
      break
    default:
      body = list('pool')
  }
  const names = [
    ...new Set([
      ...head,
      ...evenly(
        body.filter((name) => !head.includes(name)),
        STREETS - head.length,
      ),
    ]),
  ]
  return names.filter((name) => name.length <= 70)
}

/** How a country's stored postcodes become whole ones (ADDRESSES.md: NL, GB and IE hold only the first part). */
function postcodeKind(code: string): string {
  return { NL: 'nl', GB: 'gb', IE: 'ie', GR: 'none' }[code] ?? 'plain'
}

interface Town {
  name: string
  population: number | null
  postcodes: [string, string][]
}

function townsOf(towns: Town[]): string {
  return towns
    .map((town) => {
      const codes = evenly(
        town.postcodes.filter(([, locality]) => locality.length <= MAX_TOWN),
        POSTCODES_PER_TOWN,
      )
      const name = town.name.length <= MAX_TOWN ? town.name : (codes[0]?.[1] ?? town.name.slice(0, MAX_TOWN))
      // Ireland's areas without a population figure weigh as a small town (ADDRESSES.md).
      const weight = Math.max(1, Math.round((town.population ?? 5000) / 1000))
      return [
        name,
        weight,
        codes.map(([code, locality]) => (locality === name ? code : `${code}:${locality}`)).join(','),
      ].join('~')
    })
    .join('|')
}

/** The replacement of every character the data holds outside the SEPA set (EPC217-08), and more. */
function conversionTable(): Record<string, string> {
  const basic = /^[A-Za-z0-9/\-?:().,'+ ]*$/
  const table: Record<string, string> = {}
  const entries = (TRANSLITERATION['epcTable'] as Json)['entries'] as Record<string, { basic: string }>
  for (const [char, entry] of Object.entries(entries)) {
    if (!basic.test(char) && entry.basic !== 'N/A' && basic.test(entry.basic)) table[char] = entry.basic
  }
  for (const country of Object.values(TRANSLITERATION['countries'] as Record<string, Json>)) {
    for (const [char, entry] of Object.entries((country['map'] ?? {}) as Record<string, { epc: string }>)) {
      if (!(char in table) && basic.test(entry.epc)) table[char] = entry.epc
    }
  }
  // XML's specials and typographic marks the table leaves to the sender (COMPANIES.md: & as +).
  Object.assign(table, { '&': '+', '"': "'", '<': '(', '>': ')', '’': "'", '‘': "'", '–': '-', '—': '-', '…': '.' })
  return table
}

function countryOf(code: string): Record<string, unknown> {
  const names = NAMES[code] as Json
  const address = ADDRESSES[code] as Json
  const company = (COMPANIES['countries'] as Record<string, Json>)[code] as Json
  const words = (COMPANIES['industryWords'] as Record<string, string[]>)[company['language'] as string] ?? []
  const [female, femaleWeights] = weighted(names['female'] as string[], names['femaleInfo'] as Json, GIVEN_NAMES)
  const [male, maleWeights] = weighted(names['male'] as string[], names['maleInfo'] as Json, GIVEN_NAMES)
  const [surnames, surnameWeights] = weighted(names['surnames'] as string[], names['surnamesInfo'] as Json, SURNAMES)
  const femaleSurnames = names['surnamesFemale'] as string[] | undefined
  const layout = address['layout'] as Json
  const forms = (company['legalForms'] as { abbr: string; weight: number }[]).filter(
    (form) => !form.abbr.startsWith('('),
  )
  return {
    order: names['nameOrder'],
    female: female.join('|'),
    femaleWeights,
    male: male.join('|'),
    maleWeights,
    surnames: surnames.join('|'),
    surnameWeights,
    femaleSurnames: femaleSurnames === undefined ? undefined : evenly(femaleSurnames, SURNAMES).join('|'),
    feminineRule: names['surnamesFeminineRule'] === undefined ? undefined : true,
    streets: streetsOf(code, address['streets'] as Json).join('|'),
    numberFirst: String(layout['numberPosition']).startsWith('before'),
    postcode: postcodeKind(code),
    towns: townsOf(address['towns'] as Town[]),
    legalForms: forms.map((form) => `${form.abbr}~${Math.max(1, Math.round(form.weight * 10))}`).join('|'),
    patterns: (company['patterns'] as [string, number][]).map(([pattern, weight]) => `${pattern}~${weight}`).join('|'),
    words: words.join('|'),
  }
}

const countries = Object.fromEntries(
  Object.keys(NAMES)
    .sort()
    .map((code) => [code, countryOf(code)]),
)
const HEADER = `// Generated by \`npm run data:parties\` (scripts/parties-data.ts) from vendor/parties: do not edit.
// Names: faker-js and Python Faker (MIT, their notices in packages/iban/LICENSE). Towns and
// postcodes: contains data from GeoNames (www.geonames.org), CC BY 4.0; France: INSEE and La Poste,
// Licence Ouverte 2.0. Legal forms: GLEIF ISO 20275 ELF list (CC0). Conversion table: the EPC's
// best-practice conversion to the SEPA basic set (EPC217-08), as facts. See docs/data-sources.md.
`
/** The lists themselves, in a module of their own: the CommonJS build loads it on first use. */
const material = `${HEADER}
/** One country's material, lists joined by \`|\`, a town as \`name~weight~code[:locality],…\`. */
export interface PartyCountryData {
  readonly order: 'given-family' | 'given-family-family' | 'family-given'
  readonly female: string
  readonly femaleWeights?: readonly number[]
  readonly male: string
  readonly maleWeights?: readonly number[]
  readonly surnames: string
  readonly surnameWeights?: readonly number[]
  readonly femaleSurnames?: string
  readonly feminineRule?: true
  readonly streets: string
  readonly numberFirst: boolean
  readonly postcode: 'plain' | 'nl' | 'gb' | 'ie' | 'none'
  readonly towns: string
  readonly legalForms: string
  readonly patterns: string
  readonly words: string
}

let data: Readonly<Record<string, PartyCountryData>> | undefined

/**
 * Each country's material. The table is made on the first call: until then its text is only
 * scanned, never turned into strings and arrays, when the library loads.
 */
export function partyData(): Readonly<Record<string, PartyCountryData>> {
  return (data ??= ${JSON.stringify(countries)})
}
`
/** What the rest of the library reads: the countries, the conversion table, and the material's door. */
const index = `${HEADER}
export { partyData, type PartyCountryData } from './material.ts'

/** The countries whose holders and addresses can be made. */
export const PARTY_COUNTRIES: readonly string[] = ${JSON.stringify(Object.keys(countries))}

/** Characters outside the SEPA basic set and what they become in it. */
export const SEPA_CONVERSION: Readonly<Record<string, string>> = ${JSON.stringify(conversionTable())}
`
const prettier = JSON.parse(readFileSync(join(ROOT, '.prettierrc.json'), 'utf8')) as object
for (const [target, source] of [
  [TARGET, index],
  [join(dirname(TARGET), 'material.ts'), material],
] as const) {
  const formatted = await format(source, { filepath: target, ...prettier })
  if (CHECK) {
    if (readFileSync(target, 'utf8') !== formatted) {
      console.error(`${target} is not what vendor/parties gives: run npm run data:parties`)
      process.exit(1)
    }
  } else {
    writeFileSync(target, formatted)
    console.log(`wrote ${target} (${formatted.length.toLocaleString('en')} bytes)`)
  }
}
