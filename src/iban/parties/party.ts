// Account holders that look like people and firms of their country: names from the country's
// given names and surnames (by frequency where the source has it, with its naming customs: two
// surnames in ES and PT, family name first in HU, feminine surname forms in CZ, GR and PL), firm
// names from its legal forms and name patterns, and postal addresses from its towns, postcodes and
// streets. Every text comes twice: in native spelling and in the SEPA basic character set.
// Draws come from the caller's random source only, so a row's party is a function of its draws.
import { partyData, type PartyCountryData } from './data.ts'
import { randomBelow, type RandomSource } from '../random.ts'
import { toSepaText } from './sepa-text.ts'

export { PARTY_COUNTRIES } from './data.ts'

/** A list to draw from, each entry in native spelling and in the SEPA set, with its weights. */
interface DrawList {
  readonly native: readonly string[]
  readonly sepa: readonly string[]
  /** Running totals of the weights (none: uniform). */
  readonly cumulative: Uint32Array | undefined
}

function drawList(entries: readonly string[], weights?: readonly number[]): DrawList {
  let cumulative: Uint32Array | undefined
  if (weights !== undefined) {
    cumulative = new Uint32Array(entries.length)
    let total = 0
    for (let i = 0; i < entries.length; i++) cumulative[i] = total += weights[i] ?? 1
  }
  return { native: entries, sepa: entries.map(toSepaText), cumulative }
}

function pick(random: RandomSource, list: DrawList): number {
  const cumulative = list.cumulative
  if (cumulative === undefined) return randomBelow(random, list.native.length)
  const target = randomBelow(random, cumulative[cumulative.length - 1] as number)
  let low = 0
  let high = cumulative.length - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if ((cumulative[middle] as number) > target) high = middle
    else low = middle + 1
  }
  return low
}

/** A firm-name pattern: literal text and placeholders, in both spellings. */
interface Pattern {
  readonly native: readonly string[]
  readonly sepa: readonly string[]
}

interface Town {
  readonly native: string
  readonly sepa: string
  /** Postcodes with their postal locality (TwnNm), native and SEPA. */
  readonly postcodes: readonly (readonly [string, string, string])[]
}

interface PartyCountry {
  readonly code: string
  readonly order: PartyCountryData['order']
  readonly female: DrawList
  readonly male: DrawList
  readonly surnames: DrawList
  readonly femaleSurnames: DrawList | undefined
  readonly feminineRule: boolean
  readonly streets: DrawList
  readonly towns: DrawList
  readonly townEntries: readonly Town[]
  readonly numberFirst: boolean
  readonly postcode: PartyCountryData['postcode']
  readonly legalForms: DrawList
  readonly patterns: DrawList
  readonly compiledPatterns: readonly Pattern[]
  readonly words: DrawList
}

function split(list: string): string[] {
  return list === '' ? [] : list.split('|')
}

/** `name~weight` entries as a weighted list. */
function weightedEntries(list: string): DrawList {
  const entries = split(list).map((entry) => entry.split('~'))
  return drawList(
    entries.map(([name = '']) => name),
    entries.map(([, weight = '1']) => Number(weight)),
  )
}

const PLACEHOLDER = /\{(surname|given|word|town|acronym|invented|legal)\}/g

function compilePattern(template: string): Pattern {
  const native = template.split(PLACEHOLDER)
  // Odd positions hold placeholder names; literals convert (" & " → " + ", "és Társa" → "es Tarsa").
  return { native, sepa: native.map((part, i) => (i % 2 === 1 ? part : toSepaText(part))) }
}

function compile(code: string, data: PartyCountryData): PartyCountry {
  const towns = split(data.towns).map((entry): [Town, number] => {
    const [name = '', weight = '1', codes = ''] = entry.split('~')
    const postcodes = split(codes.replace(/,/g, '|')).map((pair): [string, string, string] => {
      const [postcode = '', locality = name] = pair.split(':')
      return [postcode, locality, toSepaText(locality)]
    })
    return [{ native: name, sepa: toSepaText(name), postcodes }, Number(weight)]
  })
  const patterns = weightedEntries(data.patterns)
  return {
    code,
    order: data.order,
    female: drawList(split(data.female), data.femaleWeights),
    male: drawList(split(data.male), data.maleWeights),
    surnames: drawList(split(data.surnames), data.surnameWeights),
    femaleSurnames: data.femaleSurnames === undefined ? undefined : drawList(split(data.femaleSurnames)),
    feminineRule: data.feminineRule === true,
    streets: drawList(split(data.streets)),
    towns: drawList(
      towns.map(([town]) => town.native),
      towns.map(([, weight]) => weight),
    ),
    townEntries: towns.map(([town]) => town),
    numberFirst: data.numberFirst,
    postcode: data.postcode,
    legalForms: weightedEntries(data.legalForms),
    patterns,
    compiledPatterns: patterns.native.map(compilePattern),
    words: drawList(split(data.words)),
  }
}

const COMPILED = new Map<string, PartyCountry>()

/** A country's material, compiled on first use (its SEPA spellings computed once). */
export function partyCountry(code: string): PartyCountry | undefined {
  let country = COMPILED.get(code)
  if (country === undefined) {
    const data = partyData()[code]
    if (data === undefined) return undefined
    country = compile(code, data)
    COMPILED.set(code, country)
  }
  return country
}

/** A drawn party: its name and address, in native spelling and in the SEPA set. */
export class Party {
  firm = false
  name = ''
  nativeName = ''
  street = ''
  nativeStreet = ''
  building = ''
  postcode = ''
  town = ''
  nativeTown = ''
  country = ''
}

/** PL: -ski → -ska, -cki → -cka, -dzki → -dzka (names.json surnamesFeminineRule). */
function feminine(surname: string): string {
  return /(?:sk|ck|dzk)i$/.test(surname) ? surname.slice(0, -1) + 'a' : surname
}

/** Draws a person's name into `party` (given name(s) and surname(s) as the country writes them). */
function drawPerson(random: RandomSource, country: PartyCountry, party: Party): void {
  const female = (random.uint32() & 1) === 0
  const given = female ? country.female : country.male
  const g = pick(random, given)
  const surnames = female && country.femaleSurnames !== undefined ? country.femaleSurnames : country.surnames
  const s = pick(random, surnames)
  let nativeFamily = surnames.native[s] as string
  let family = surnames.sepa[s] as string
  if (female && country.feminineRule) {
    nativeFamily = feminine(nativeFamily)
    family = feminine(family)
  }
  if (country.order === 'given-family-family') {
    const t = pick(random, surnames)
    nativeFamily += ' ' + (surnames.native[t] as string)
    family += ' ' + (surnames.sepa[t] as string)
  }
  if (country.order === 'family-given') {
    party.nativeName = `${nativeFamily} ${given.native[g] as string}`
    party.name = `${family} ${given.sepa[g] as string}`
  } else {
    party.nativeName = `${given.native[g] as string} ${nativeFamily}`
    party.name = `${given.sepa[g] as string} ${family}`
  }
}

const SYLLABLES = ['no', 'va', 'tek', 'lu', 'mi', 'ra', 'sol', 'ix', 'en', 'ta', 'ber', 'kon', 'dor', 'vi', 'ro', 'sa']

/** Draws a firm's name into `party` from the country's patterns and legal forms. */
function drawFirm(random: RandomSource, country: PartyCountry, party: Party): void {
  const pattern = country.compiledPatterns[pick(random, country.patterns)] as Pattern
  let native = ''
  let sepa = ''
  for (let i = 0; i < pattern.native.length; i++) {
    if (i % 2 === 0) {
      native += pattern.native[i] as string
      sepa += pattern.sepa[i] as string
      continue
    }
    let list: DrawList | undefined
    switch (pattern.native[i]) {
      case 'surname':
        list = country.surnames
        break
      case 'given':
        list = random.uint32() & 1 ? country.female : country.male
        break
      case 'word':
        list = country.words
        break
      case 'town':
        list = country.towns
        break
      case 'legal':
        list = country.legalForms
        break
      case 'acronym': {
        let text = ''
        for (let k = 2 + randomBelow(random, 3); k > 0; k--) text += String.fromCharCode(65 + randomBelow(random, 26))
        native += text
        sepa += text
        continue
      }
      default: {
        let text = ''
        for (let k = 2 + randomBelow(random, 2); k > 0; k--) text += SYLLABLES[randomBelow(random, SYLLABLES.length)]
        text = text.charAt(0).toUpperCase() + text.slice(1)
        native += text
        sepa += text
        continue
      }
    }
    const at = pick(random, list)
    native += list.native[at] as string
    sepa += list.sepa[at] as string
  }
  party.nativeName = native
  party.name = sepa
}

const GB_INWARD = 'ABDEFGHJLNPQRSTUWXYZ'
const EIRCODE = '0123456789ACDEFHKNPRTVWXY'

/** The whole postcode from a stored first part (ADDRESSES.md: NL, GB, IE hold only that). */
function completePostcode(random: RandomSource, kind: PartyCountryData['postcode'], stored: string): string {
  switch (kind) {
    case 'nl': {
      let letters: string
      do letters = String.fromCharCode(65 + randomBelow(random, 26), 65 + randomBelow(random, 26))
      while (letters === 'SA' || letters === 'SD' || letters === 'SS')
      return `${stored} ${letters}`
    }
    case 'gb':
      return `${stored} ${randomBelow(random, 10)}${GB_INWARD[randomBelow(random, 20)]}${GB_INWARD[randomBelow(random, 20)]}`
    case 'ie': {
      let unique = ''
      for (let k = 0; k < 4; k++) unique += EIRCODE[randomBelow(random, EIRCODE.length)]
      return `${stored} ${unique}`
    }
    default:
      return stored
  }
}

/** Draws a postal address into `party`: street, building number, postcode and town of the country. */
function drawAddress(random: RandomSource, country: PartyCountry, party: Party): void {
  const s = pick(random, country.streets)
  party.street = country.streets.sepa[s] as string
  party.nativeStreet = country.streets.native[s] as string
  // Small numbers are the most common; one in twelve carries a letter.
  const u = randomBelow(random, 1000) / 1000
  const number = 1 + Math.floor(u * u * 150)
  party.building = randomBelow(random, 12) === 0 ? `${number}A` : String(number)
  const town = country.townEntries[pick(random, country.towns)] as Town
  const postcode = town.postcodes.length === 0 ? undefined : town.postcodes[randomBelow(random, town.postcodes.length)]
  if (postcode === undefined) {
    party.postcode = ''
    party.town = town.sepa
    party.nativeTown = town.native
  } else {
    party.postcode = completePostcode(random, country.postcode, postcode[0])
    party.nativeTown = postcode[1]
    party.town = postcode[2]
  }
  party.country = country.code
}

/** The longest name SEPA allows (EPC implementation guidelines: Nm, 70 characters). */
export const MAX_NAME = 70

/**
 * Draws a party of `country` into `party`: a firm with probability `firmShare` (0 to 1), else a
 * person; then an address. Names longer than 70 characters are cut at a word.
 */
export function drawParty(random: RandomSource, country: PartyCountry, firmShare: number, party: Party): void {
  party.firm = randomBelow(random, 1000) < firmShare * 1000
  if (party.firm) drawFirm(random, country, party)
  else drawPerson(random, country, party)
  if (party.name.length > MAX_NAME) {
    party.name = party.name.slice(0, party.name.lastIndexOf(' ', MAX_NAME))
    party.nativeName = party.nativeName.slice(0, party.nativeName.lastIndexOf(' ', MAX_NAME))
  }
  drawAddress(random, country, party)
}

/** The street line of an address as the country writes it (number before the street in FR, GB, IE, LU). */
export function streetLine(country: PartyCountry, street: string, building: string): string {
  return country.numberFirst ? `${building} ${street}` : `${street} ${building}`
}
