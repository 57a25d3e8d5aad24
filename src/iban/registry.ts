// The country registry from the declarative table: segments, lengths, structure, format regex
// and national check layout. A country's spec derives them on first use, not at import, so that
// loading the library does not build 91 countries a program may never ask for. Pure data, no I/O.
import {
  COUNTRY_ROWS,
  NOT_IN_REGISTRY,
  REGISTRY_SEPA,
  SEPA_COUNTRIES,
  TERRITORY_ROWS,
  type AccountSchemeId,
  type CountryRow,
  type NationalAlgorithmId,
} from './registry-data.ts'

export { REGISTRY_RELEASE } from './registry-data.ts'

/** Character class of a BBAN position: digits, upper-case letters, or both. */
export type CharClass = 'n' | 'a' | 'c'

/** What a BBAN segment holds, in the registry's words. */
export type SegmentName = 'bank' | 'branch' | 'account' | 'national_check' | 'account_type' | 'other'

/** One segment of a country's BBAN: what it holds, where, and which characters. */
export interface BbanSegment {
  readonly name: SegmentName
  /** Placeholder letter used in `structure` (b, s, c, x, t, i, n). */
  readonly letter: string
  readonly offset: number
  readonly length: number
  readonly chars: CharClass
  readonly fixed: string | undefined
  readonly label: string | undefined
}

/** One national check part: the check characters and the BBAN ranges that feed them. */
export interface CheckPart {
  readonly check: readonly [number, number]
  readonly input: readonly (readonly [number, number])[]
}

/** A country's national check digits: the algorithm, how sure we are, and where they sit. */
export interface NationalCheck {
  readonly algorithm: NationalAlgorithmId | 'nl-elfproef'
  /** confirmed: a documented national rule; probable: inferred from official examples. */
  readonly status: 'confirmed' | 'probable' | 'advisory'
  readonly parts: readonly CheckPart[]
}

/** A supported country with everything derived from its registry row. */
export interface CountrySpec {
  readonly code: string
  readonly name: string
  readonly slug: string
  readonly ibanLength: number
  readonly bbanLength: number
  /** Registry BBAN format, e.g. `8n10n`: what validation accepts. */
  readonly bbanFormat: string
  /** IBAN layout in groups of four, e.g. `DEkk bbbb bbbb cccc cccc cc`. */
  readonly structure: string
  readonly example: string
  /** In the SEPA schemes' geographical scope, after the EPC's list (registry-data.ts). */
  readonly sepa: boolean
  /** The SWIFT registry's own SEPA column, which lags the EPC's list; null where not in the registry. */
  readonly sepaRegistry: boolean | null
  readonly segments: readonly BbanSegment[]
  /** Names of the BBAN parts in order of first appearance (validation breakdown, CSV columns). */
  readonly partNames: readonly SegmentName[]
  /** For each part name, the BBAN ranges [from, to) that make it up, in order. */
  readonly partRanges: readonly (readonly [number, number])[][]
  /** The national check that decides validity, or null where the country defines none. */
  readonly nationalCheck: NationalCheck | null
  /** A check that is reported but never decides validity (NL elfproef). */
  readonly advisoryCheck: NationalCheck | null
  /**
   * The account is checked by its bank's own rules (DE: the Bundesbank's method of the bank
   * code; GB: the sort code's modulus check), or null.
   */
  readonly accountCheck: AccountSchemeId | null
  /** Regex over the BBAN built from the registry format. */
  readonly formatPattern: RegExp
  /** The same over a whole IBAN: the country code, two digits, then the BBAN. */
  readonly ibanPattern: RegExp
  /**
   * The format as bit masks over BBAN positions (bit i for position i; BBANs have at most 30):
   * the positions that must be digits, and those that must be letters.
   */
  readonly digitPositions: number
  readonly letterPositions: number
  /** The registry format's class of each BBAN position (one of n, a, c per character). */
  readonly positionClasses: string
}

const NAME_BY_LETTER: Readonly<Record<string, SegmentName>> = {
  b: 'bank',
  s: 'branch',
  c: 'account',
  x: 'national_check',
  t: 'account_type',
  i: 'other',
  n: 'other',
}

const SEGMENT_PATTERN = /^([bscxtin])(\d+)([nac])(?:=(\w+))?(?: (.+))?$/
const FORMAT_GROUP = /(\d+)([nac])/g
const CLASS_PATTERN: Readonly<Record<CharClass, string>> = { n: '[0-9]', a: '[A-Z]', c: '[0-9A-Z]' }

function parseSegments(row: CountryRow): BbanSegment[] {
  let offset = 0
  return row.bban.map((spec) => {
    const match = SEGMENT_PATTERN.exec(spec)
    if (match === null) throw new Error(`registry: bad segment "${spec}" for ${row.code}`)
    const [, letter = '', length = '', chars = '', fixed, label] = match
    const name = NAME_BY_LETTER[letter]
    if (name === undefined) throw new Error(`registry: bad segment letter in "${spec}"`)
    const segment: BbanSegment = {
      name,
      letter,
      offset,
      length: Number(length),
      chars: chars as CharClass,
      fixed,
      label,
    }
    offset += segment.length
    return segment
  })
}

function parseRange(text: string): [number, number] {
  const [from = '', to = from] = text.split('-')
  return [Number(from), Number(to)]
}

function parseParts(parts: readonly string[]): CheckPart[] {
  return parts.map((part) => {
    const [check = '', inputs = ''] = part.split(' <- ')
    return { check: parseRange(check), input: inputs.split(',').map(parseRange) }
  })
}

function toStructure(code: string, segments: readonly BbanSegment[]): string {
  const layout = code + 'kk' + segments.map((s) => s.letter.repeat(s.length)).join('')
  return layout.replace(/(.{4})(?!$)/g, '$1 ')
}

function formatSource(format: string): string {
  let source = ''
  for (const [, count, chars] of format.matchAll(FORMAT_GROUP))
    source += `${CLASS_PATTERN[chars as CharClass]}{${count}}`
  return source
}

function positionMasks(format: string): { digitPositions: number; letterPositions: number } {
  let digitPositions = 0
  let letterPositions = 0
  let at = 0
  for (const [, count, chars] of format.matchAll(FORMAT_GROUP)) {
    for (let i = 0; i < Number(count); i++, at++) {
      if (chars === 'n') digitPositions |= 1 << at
      if (chars === 'a') letterPositions |= 1 << at
    }
  }
  if (at > 31) throw new Error(`registry: a BBAN of ${at} characters does not fit the position masks`)
  return { digitPositions, letterPositions }
}

function toSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** A country's full spec from its row: what a RegistryCountry derives on first use. */
function buildCountry(row: CountryRow): CountrySpec {
  const segments = parseSegments(row)
  const bbanLength = segments.reduce((sum, s) => sum + s.length, 0)
  const bbanFormat = row.format ?? segments.map((s) => `${s.length}${s.chars}`).join('')
  const partNames = [...new Set(segments.map((s) => s.name))]
  const nationalCheck: NationalCheck | null =
    row.check === undefined
      ? null
      : { algorithm: row.check, status: row.status ?? 'confirmed', parts: parseParts(row.parts ?? []) }
  const advisoryCheck: NationalCheck | null =
    row.advisory === undefined
      ? null
      : { algorithm: row.advisory, status: 'advisory', parts: parseParts(row.parts ?? []) }
  return {
    code: row.code,
    name: row.name,
    slug: toSlug(row.name),
    ibanLength: bbanLength + 4,
    bbanLength,
    bbanFormat,
    structure: toStructure(row.code, segments),
    example: row.example,
    sepa: SEPA_COUNTRIES.has(row.code),
    sepaRegistry: NOT_IN_REGISTRY.has(row.code) ? null : REGISTRY_SEPA.has(row.code),
    segments,
    partNames,
    partRanges: partNames.map((name) =>
      segments.filter((s) => s.name === name).map((s): [number, number] => [s.offset, s.offset + s.length]),
    ),
    nationalCheck,
    advisoryCheck,
    accountCheck: row.account ?? null,
    formatPattern: new RegExp(`^${formatSource(bbanFormat)}$`),
    ibanPattern: new RegExp(`^${row.code}[0-9]{2}${formatSource(bbanFormat)}$`),
    ...positionMasks(bbanFormat),
    positionClasses: [...bbanFormat.matchAll(FORMAT_GROUP)]
      .map(([, count, chars]) => (chars as string).repeat(Number(count)))
      .join(''),
  }
}

/**
 * A country of the registry: the row's own facts at once, the derived ones (segments, lengths,
 * patterns, …) on first read, once for all of them. One class, so that the hot paths that read
 * a spec see one shape.
 */
class RegistryCountry implements CountrySpec {
  readonly code: string
  readonly name: string
  readonly example: string
  readonly sepa: boolean
  readonly sepaRegistry: boolean | null
  readonly accountCheck: AccountSchemeId | null
  readonly #row: CountryRow
  #full: CountrySpec | undefined

  constructor(row: CountryRow) {
    this.code = row.code
    this.name = row.name
    this.example = row.example
    this.sepa = SEPA_COUNTRIES.has(row.code)
    this.sepaRegistry = NOT_IN_REGISTRY.has(row.code) ? null : REGISTRY_SEPA.has(row.code)
    this.accountCheck = row.account ?? null
    this.#row = row
  }

  get #facts(): CountrySpec {
    return (this.#full ??= buildCountry(this.#row))
  }

  get slug(): string {
    return this.#facts.slug
  }
  get ibanLength(): number {
    return this.#facts.ibanLength
  }
  get bbanLength(): number {
    return this.#facts.bbanLength
  }
  get bbanFormat(): string {
    return this.#facts.bbanFormat
  }
  get structure(): string {
    return this.#facts.structure
  }
  get segments(): readonly BbanSegment[] {
    return this.#facts.segments
  }
  get partNames(): readonly SegmentName[] {
    return this.#facts.partNames
  }
  get partRanges(): readonly (readonly [number, number])[][] {
    return this.#facts.partRanges
  }
  get nationalCheck(): NationalCheck | null {
    return this.#facts.nationalCheck
  }
  get advisoryCheck(): NationalCheck | null {
    return this.#facts.advisoryCheck
  }
  get formatPattern(): RegExp {
    return this.#facts.formatPattern
  }
  get ibanPattern(): RegExp {
    return this.#facts.ibanPattern
  }
  get digitPositions(): number {
    return this.#facts.digitPositions
  }
  get letterPositions(): number {
    return this.#facts.letterPositions
  }
  get positionClasses(): string {
    return this.#facts.positionClasses
  }

  /** Every field as own data, in the order of the interface: what JSON shows of a spec. */
  toJSON(): CountrySpec {
    return this.#facts
  }
}

/** A country as served to users (the Country of the API). */
export interface Country {
  code: string
  name: string
  slug: string
  iban_length: number
  bban_length: number
  bban_format: string
  structure: string
  example: string
  /** In the SEPA schemes' geographical scope. */
  sepa: boolean
}

/** The Country the API serves for a country of the registry. */
export function toCountry(spec: CountrySpec): Country {
  return {
    code: spec.code,
    name: spec.name,
    slug: spec.slug,
    iban_length: spec.ibanLength,
    bban_length: spec.bbanLength,
    bban_format: spec.bbanFormat,
    structure: spec.structure,
    example: spec.example,
    sepa: spec.sepa,
  }
}

/** Every supported country, in the service's order (DE, FR, IT, ES, ...). */
export const COUNTRIES: readonly CountrySpec[] = COUNTRY_ROWS.map((row) => new RegistryCountry(row))

// Indexed by the two letters (26 × 26 slots): no string hashing on the validation hot path.
const COUNTRY_BY_LETTERS: readonly (CountrySpec | undefined)[] = (() => {
  const table = new Array<CountrySpec | undefined>(26 * 26).fill(undefined)
  for (const country of COUNTRIES) table[letterIndex(country.code)] = country
  return table
})()

/**
 * Slot (0–675) of a two-letter upper-case code, or −1: tables indexed by country code use it,
 * so that the hot paths hash no string.
 */
export function letterIndex(code: string): number {
  if (code.length !== 2) return -1
  const first = code.charCodeAt(0) - 65
  const second = code.charCodeAt(1) - 65
  if (first < 0 || first > 25 || second < 0 || second > 25) return -1
  return first * 26 + second
}

/** The country for a code (case-insensitive), or undefined when it is not supported. */
export function findCountry(code: string): CountrySpec | undefined {
  let index = letterIndex(code)
  if (index < 0) index = letterIndex(code.toUpperCase())
  return index < 0 ? undefined : COUNTRY_BY_LETTERS[index]
}

/** The country at a letterIndex slot, or undefined. */
export function countryAt(slot: number): CountrySpec | undefined {
  return COUNTRY_BY_LETTERS[slot]
}

/** The country whose upper-case code opens `text` (an IBAN), without making a string; or undefined. */
export function countryOfIban(text: string): CountrySpec | undefined {
  const first = text.charCodeAt(0) - 65
  const second = text.charCodeAt(1) - 65
  if (!(first >= 0 && first <= 25 && second >= 0 && second <= 25)) return undefined
  return COUNTRY_BY_LETTERS[first * 26 + second]
}

/** True when the code (case-insensitive) is one of the supported countries. */
export function isSupportedCountry(code: string): boolean {
  return findCountry(code) !== undefined
}

/** A territory that uses another country's IBANs, as the API lists it. */
export interface Territory {
  code: string
  name: string
  /** The country whose IBANs it uses (FR, FI or GB). */
  iban_country: string
}

/** The 16 territories that use the IBANs of FR, FI or GB (SWIFT IBAN Registry release 102). */
export const TERRITORIES: readonly Territory[] = TERRITORY_ROWS.map((row) =>
  Object.freeze({ code: row.code, name: row.name, iban_country: row.ibanCountry }),
)

/** The territory for a code (case-insensitive), or undefined. */
export function findTerritory(code: string): Territory | undefined {
  const upper = code.toUpperCase()
  return TERRITORIES.find((territory) => territory.code === upper)
}

/**
 * The country whose IBANs a code stands for, where a code may also name a territory (GF, AX,
 * JE, …: the parent's IBANs), or undefined. Generation takes this; validation does not, since
 * an IBAN itself always carries the parent's code.
 */
export function resolveCountry(code: string): CountrySpec | undefined {
  return findCountry(code) ?? findCountry(findTerritory(code)?.iban_country ?? '')
}
