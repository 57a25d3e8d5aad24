// The list tools' arguments, results and schemas: list_countries (every country in one compact
// result, or one country in full) and list_banks (a country's banks a page at a time, or those
// a search finds). Sizes are measured on the JSON a model reads: the 91 countries with the
// territories are 6.8 KB; a page of 50 German banks 4.4 KB.
import { countryDetail, countryList, findBanks, type BankEntry } from '../core/operations.ts'
import {
  bankListSchema,
  countryDetailSchema,
  countryListSchema,
  countrySchema,
  objectOf,
  type Schema,
} from '../core/schemas.ts'
import { toolName } from './info.ts'
import { pageArguments, pageFields, pageOf } from './pages.ts'

export const countryArguments = objectOf({
  country: {
    ...countrySchema,
    description: `${countrySchema.description} Gives that country in full instead of the list.`,
  },
})

const listFields = countryListSchema['properties'] as Record<string, Schema>
const fullCountryFields = (listFields['countries'] as { items: { properties: Record<string, Schema> } }).items
  .properties
const COMPACT_FIELDS = ['code', 'name', 'iban_length', 'sepa'] as const

/** Without `country`: every country by code, with the fields a choice needs. */
const compactListSchema: Schema = {
  type: 'object',
  description: 'Without `country`: every supported country, by code, and the territories that use their IBANs.',
  required: ['count', 'registry', 'countries', 'territories'],
  additionalProperties: false,
  properties: {
    count: { type: 'integer', description: 'How many countries ibanmint supports (all of them are listed).' },
    registry: listFields['registry'],
    countries: {
      type: 'array',
      items: {
        type: 'object',
        required: [...COMPACT_FIELDS],
        additionalProperties: false,
        properties: Object.fromEntries(COMPACT_FIELDS.map((field) => [field, fullCountryFields[field]])),
      },
    },
    territories: listFields['territories'],
  },
}

const detailFields = countryDetailSchema['properties'] as Record<string, Schema>
const detailObject = detailFields['country'] as Schema & { properties: Record<string, Schema>; required: string[] }
const { banks: _banks, ...detailWithoutBanks } = detailObject.properties

/** With `country`: GET /api/v1/countries/{code} without its bank list (list_banks pages through that). */
const countryDetailToolSchema: Schema = {
  ...countryDetailSchema,
  description: 'With `country`: that country in full, and the territory asked for when the code was one.',
  properties: {
    ...detailFields,
    country: {
      ...detailObject,
      required: detailObject.required.filter((field) => field !== 'banks'),
      properties: detailWithoutBanks,
    },
  },
}

export const countryOutputSchema: Schema = { type: 'object', oneOf: [compactListSchema, countryDetailToolSchema] }

const COUNTRIES_RESULT = (() => {
  const { count, registry, countries, territories } = countryList()
  const compact = countries.map((country) => ({
    code: country.code,
    name: country.name,
    iban_length: country.iban_length,
    sepa: country.sepa,
  }))
  return { count, registry, countries: compact, territories }
})()

/** list_countries: the list (made once), or one country without its banks. */
export function listCountries(code: string | undefined): Record<string, unknown> {
  if (code === undefined) return COUNTRIES_RESULT
  const { country, territory } = countryDetail(code)
  const { banks: _omitted, ...rest } = country
  return territory === undefined ? { country: rest } : { country: rest, territory }
}

/** A page of banks: 50 German banks are 4.4 KB as a model reads them; the largest page twice that. */
export const BANK_PAGE = { fallback: 50, max: 100 } as const

export const bankArguments = objectOf(
  {
    country: countrySchema,
    search: {
      type: 'string',
      minLength: 2,
      maxLength: 100,
      description:
        'Only the banks whose name holds it (case and accents ignored; every word, in any order) or whose BIC or bank code starts with it, best matches first (the exact name, then names that start with it), e.g. "Deutsche Bank", "DEUTDEFF" or "3704".',
      'x-message': 'search must be a string of 2 to 100 characters',
    },
    ...pageArguments('banks', BANK_PAGE.fallback, BANK_PAGE.max),
  },
  { required: ['country'] },
)

const bankListFields = bankListSchema['properties'] as Record<string, Schema>

/** list_banks' result: GET /api/v1/countries/{code}/banks, paged as the other list tools are. */
export const bankPageSchema: Schema = {
  type: 'object',
  description: 'A page of a country’s banks: by code, or best matches first with `search`.',
  required: ['country', 'count', 'offset', 'banks'],
  additionalProperties: false,
  properties: {
    country: bankListFields['country'],
    search: { type: 'string', description: 'The search, when one was given.' },
    count: {
      type: 'integer',
      description: 'How many banks the country has, or with `search` how many match: on every page together.',
    },
    ...pageFields('banks'),
    banks: {
      ...(bankListFields['banks'] as Schema),
      description: `This page of the banks: \`code\` is what ${toolName('generate_iban')}’s \`bank\` takes.`,
    },
  },
}

/** list_banks: one page of the country's banks, or of those the search finds. */
export function listBanks(code: string, search: string | undefined, offset: number, limit: number) {
  const { country, banks } = findBanks(code, search)
  const { items, ...page } = pageOf<BankEntry>(banks, offset, limit)
  return { country, ...(search === undefined ? {} : { search }), count: banks.length, ...page, banks: items }
}
