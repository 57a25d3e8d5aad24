import type { FromSchema, JSONSchema } from 'json-schema-to-ts'
import { BANK_MIXES, INVALID_CHECKS, REGISTRY_RELEASE } from '@ibanmint/iban'
import { ACCOUNT_SCHEMES, groupThousands, INVALID_CHECK_TEXT } from '@ibanmint/iban/internal'
import { ERROR_CODES } from './errors.ts'
import { flagSchema } from './flags.ts'
import { DETAIL_BANKS, MAX_BATCH, MAX_BIC_INPUT, MAX_IBAN_INPUT, MAX_SEED_LENGTH } from './limits.ts'

/** The account schemes, whose own words describe what validation reports of them. */
const SCHEMES = Object.values(ACCOUNT_SCHEMES)

/** What the account schemes check, for the descriptions of validation ("German accounts by …; British …"). */
export const ACCOUNT_CHECKS_TEXT = SCHEMES.map((scheme) => scheme.checksWhat).join('; ')

// JSON Schemas (2020-12) of every parameter and wire shape. The HTTP router validates with
// them (ajv), the OpenAPI document publishes them, and the MCP tools reuse them: one source.
// `x-message` is the error message when a value breaks its schema, naming it and its rule.

export type Schema = Record<string, unknown>

/** A schema without our `x-message` annotations: what OpenAPI and MCP publish is plain JSON Schema. */
export function publishedSchema(schema: Schema): Schema {
  return JSON.parse(JSON.stringify(schema), (key: string, value: unknown) =>
    key === 'x-message' ? undefined : value,
  ) as Schema
}

// Parameter schemas are literal (`as const`): json-schema-to-ts derives the types handlers
// receive from them (see ParamsOf), so a handler's parameters cannot drift from what is
// validated.

export const countrySchema = {
  type: 'string',
  minLength: 2,
  maxLength: 2,
  description:
    'ISO 3166-1 alpha-2 code of a supported country, case-insensitive (e.g. DE); a territory that uses another country’s IBANs (GF, GP, MQ, RE, YT, PF, NC, PM, WF, TF, BL, MF: FR; AX: FI; GG, JE, IM: GB) stands for that country.',
  examples: ['DE'],
  'x-message': 'country must be a two-letter country code',
} as const

export function countSchema(max: number, fallback: number) {
  return {
    type: 'integer',
    minimum: 1,
    maximum: max,
    default: fallback,
    description: `How many IBANs, 1 to ${groupThousands(max)} (default ${fallback}).`,
    'x-message': `count must be an integer between 1 and ${groupThousands(max)}`,
  } as const
}

/** realistic as a query parameter: 1, 0, true or false. */
export const realisticQuerySchema = flagSchema(
  'realistic',
  'Realistic mode (default): digits in alphanumeric fields and real bank codes. 0 or false: fully random bank codes and accounts, letters wherever the format allows them.',
  'true',
)

/** realistic in a JSON body: a boolean. */
export const realisticBodySchema = {
  type: 'boolean',
  default: true,
  description: 'Realistic mode (default true); false gives fully random bank codes and accounts.',
  'x-message': 'realistic must be a boolean',
} as const

/** bank_mix: how realistic rows are shared among a country's banks (query and body alike). */
export const bankMixParamSchema = {
  type: 'string',
  enum: BANK_MIXES,
  default: 'weighted',
  description:
    'How realistic rows are shared among a country’s banks (ibanmint extension): `weighted` (default) as the country’s accounts are, the largest banks carrying most rows (20 countries, by public size facts; elsewhere every bank alike); `uniform`, every bank code the same share.',
  'x-message': `bank_mix must be one of ${BANK_MIXES.join(', ')}`,
} as const

const QR_IBAN_TEXT =
  'CH and LI (ibanmint extension): QR-IBANs, whose bank positions hold a real bank’s QR-IID (30000–31999), for QR-bill tests; needs realistic mode, and `bank` must then be a QR-IID.'

/** qr_iban as a query parameter: 1, 0, true or false. */
export const qrIbanQuerySchema = flagSchema('qr_iban', QR_IBAN_TEXT, 'false')

/** qr_iban in a JSON body: a boolean. */
export const qrIbanBodySchema = {
  type: 'boolean',
  default: false,
  description: QR_IBAN_TEXT,
  'x-message': 'qr_iban must be a boolean',
} as const

export const seedQuerySchema = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_SEED_LENGTH,
  description: 'Reproducible output (ibanmint extension): the same seed gives the same IBANs on every machine.',
  'x-message': `seed must be a string of 1 to ${MAX_SEED_LENGTH} characters`,
} as const

export const seedBodySchema = {
  type: ['string', 'integer'],
  minLength: 1,
  maxLength: MAX_SEED_LENGTH,
  minimum: 0,
  maximum: Number.MAX_SAFE_INTEGER,
  description: `Reproducible output (ibanmint extension): a string of 1 to ${MAX_SEED_LENGTH} characters or a non-negative integer (42 and "42" are the same seed).`,
  'x-message': `seed must be a string of 1 to ${MAX_SEED_LENGTH} characters or a non-negative integer`,
} as const

export const bankParamSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 34,
  pattern: '^[0-9A-Za-z][0-9A-Za-z -]*$',
  description:
    'Realistic rows of one real bank only: its code as `GET /api/v1/countries/{code}/banks` lists it (the national registry’s identifier: e.g. 37040044 for DE, the 8-digit sort code for PL). GB also takes a sort code (60-16-13: rows of the bank it belongs to, at that sort code) or a bank code with a sort code (NWBK601613). SE also takes a clearing number (5491, Swedbank’s 8327-9: rows of the bank whose range holds it, at that clearing number). Needs realistic mode and one country.',
  examples: ['37040044'],
  'x-message': 'bank must be a bank code of 1 to 34 letters and digits (spaces and hyphens allowed within)',
} as const

/**
 * bank as an MCP tool argument (generate_iban): a bank code as a string, or a whole number as
 * clients send digit-only values (the tool turns it into its digits).
 */
export const bankArgumentSchema = {
  ...bankParamSchema,
  type: ['string', 'integer'],
  minimum: 0,
  maximum: Number.MAX_SAFE_INTEGER,
  description: `${bankParamSchema.description} A whole number is read as its decimal digits, zero-padded on the left to the length of the country’s bank codes where they are all digits of one length; where they may hold letters, a number with fewer digits than the codes is refused (send a string).`,
  'x-message':
    'bank must be a bank code of 1 to 34 letters and digits (spaces and hyphens allowed within) or a whole number',
} as const

/** ibans as an MCP tool argument (validate_iban): a list, as POST /validate/batch takes it. */
export const ibansArgumentSchema = {
  type: 'array',
  minItems: 1,
  maxItems: MAX_BATCH,
  items: { type: 'string' },
  description: `1 to ${groupThousands(MAX_BATCH)} IBANs, each as \`iban\` takes one (whitespace and lower case are accepted).`,
  examples: [['DE89 3704 0044 0532 0130 00', 'GB82WEST12345698765432']],
  'x-message': `ibans must be an array of 1 to ${groupThousands(MAX_BATCH)} strings`,
} as const

/** One check's name in a list of them (`mod97,national`). */
const INVALID_NAME = `(?:${INVALID_CHECKS.join('|')})`

export const invalidParamSchema = {
  type: 'string',
  pattern: `^${INVALID_NAME}(?:,${INVALID_NAME})*$`,
  examples: ['national', 'mod97,national,length'],
  description: `Negative test data: rows that fail exactly this check and pass every other one, so that validation reports only it false. ${INVALID_CHECKS.map((check) => `\`${check}\`: ${INVALID_CHECK_TEXT[check]}`).join('; ')}. A comma-separated list (\`mod97,national\`) breaks each row by one of them, drawn per row among those its country can fail; with a list or \`invalid_share\`, each row carries \`invalid\`: the check it fails, or null (csv: empty) when it is valid.`,
  'x-message': `invalid must be one of ${INVALID_CHECKS.join(', ')}, or a comma-separated list of them`,
} as const

export const invalidShareParamSchema = {
  type: 'number',
  exclusiveMinimum: 0,
  maximum: 1,
  examples: [0.05],
  description:
    'With `invalid` (ibanmint extension): the share of rows broken, greater than 0 and at most 1 (default 1: every row); the others are valid IBANs. Which rows are broken, and by which check, follows from the seed and the row’s index alone, so slices (`offset`) agree. Rows then carry `invalid`.',
  'x-message': 'invalid_share must be a number greater than 0 and at most 1',
} as const

/**
 * The most parts one dataset may be cut into. The array jobs slices are for stop well below it
 * (Kubernetes Indexed Jobs at 100,000 completions, AWS Batch and Cloud Run at 10,000 tasks).
 */
export const MAX_SLICES = 1_000_000

/** The rule a slice follows, as its messages say it. */
export const SLICE_RULE = `k/n: two integers with 0 ≤ k < n ≤ ${groupThousands(MAX_SLICES)}, such as 0/4 (k counts from 0)`

/** slice=k/n: part k of n of the seeded dataset of `count` rows from `offset` (src/core/slices.ts). */
export const sliceParamSchema = {
  type: 'string',
  pattern: '^(0|[1-9][0-9]{0,6})/([1-9][0-9]{0,6})$',
  description:
    'Part k of n (`k/n`, k from 0 to n − 1, n at most 1,000,000) of the dataset of `count` rows from `offset`: the n parts differ by at most one row (the first count mod n parts one row longer) and, joined in order, are exactly the rows of the unsliced request. Needs `seed`. For array jobs: each task asks for its own index.',
  examples: ['0/4'],
  'x-message': `slice must be ${SLICE_RULE}`,
} as const

export function offsetSchema(max: number) {
  return {
    type: 'integer',
    minimum: 0,
    maximum: max,
    default: 0,
    description:
      'Row index of the first row in the seeded dataset (default 0). With the same seed, `offset=0&count=a` followed by `offset=a&count=b` gives exactly the rows of `count=a+b`: slices made apart join into one dataset. offset + count may not exceed the dataset’s capacity.',
    'x-message': `offset must be an integer between 0 and ${max}`,
  } as const
}

export const ibanInputSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 256,
  description: `An IBAN: 1 to ${MAX_IBAN_INPUT} letters and digits once whitespace is removed; lower case is accepted.`,
  examples: ['DE89 3704 0044 0532 0130 00'],
  'x-message': 'iban must be a string of letters and digits',
} as const

export const bicInputSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  description: `A BIC (ISO 9362): 1 to ${MAX_BIC_INPUT} letters and digits once whitespace is removed; lower case is accepted.`,
  examples: ['COBADEFFXXX'],
  'x-message': 'bic must be a string of letters and digits',
} as const

/** A JSON object schema of these parameters (query strings, bodies, tool arguments). */
export function objectOf<
  const P extends Readonly<Record<string, JSONSchema>>,
  const R extends readonly (keyof P & string)[] = [],
>(properties: P, options: { required?: R; message?: string } = {}) {
  return {
    type: 'object',
    properties,
    required: (options.required ?? []) as R,
    additionalProperties: false,
    ...(options.message === undefined ? {} : { 'x-message': options.message }),
  } as const
}

/** The validated value of an object schema made by objectOf (defaults filled in). */
export type ParamsOf<S extends JSONSchema> = FromSchema<S>

// ---------------------------------------------------------------- wire shapes

export const errorSchema: Schema = {
  type: 'object',
  description: 'The body of every error response: a permanent `code` to key on and a `message` naming the problem.',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', enum: ERROR_CODES },
        message: { type: 'string' },
      },
    },
  },
}

const countryFields: Record<string, Schema> = {
  code: { type: 'string', pattern: '^[A-Z]{2}$' },
  name: { type: 'string' },
  slug: { type: 'string', pattern: '^[a-z0-9-]+$' },
  iban_length: { type: 'integer', minimum: 15, maximum: 34 },
  bban_length: { type: 'integer', minimum: 11, maximum: 30 },
  bban_format: {
    type: 'string',
    pattern: '^(\\d+[nac])+$',
    description: 'Registry BBAN format: runs of <count><n|a|c>.',
  },
  structure: {
    type: 'string',
    description:
      'IBAN layout in groups of four: kk check digits; b bank, s branch, c account, x national check, t account type, i holder id, n other.',
  },
  example: { type: 'string' },
  sepa: {
    type: 'boolean',
    description:
      'In the SEPA schemes’ geographical scope, after the EPC’s list (EPC409-09); see `sepa_registry` in the country detail for the SWIFT registry’s own column.',
  },
}

const bankSchema: Schema = {
  type: 'object',
  required: ['code', 'name', 'bic'],
  additionalProperties: false,
  description: 'A real bank ibanmint knows (realistic mode uses its code).',
  properties: {
    code: {
      type: 'string',
      description:
        'The bank code as the national registry has it and the BBAN holds it from the bank position on (DE 8 digits, PL the 8-digit sort code, GB 4 letters, …); branch codes stay in `bban_parts`.',
    },
    name: { type: 'string' },
    bic: { type: ['string', 'null'], description: 'The bank’s BIC, null when unknown.' },
  },
}

/** A bank as the bank lists give it: the bank record, and a German bank's check method. */
const bankEntrySchema: Schema = {
  ...bankSchema,
  properties: {
    ...(bankSchema['properties'] as Record<string, Schema>),
    method: {
      type: 'string',
      pattern: '^[0-9A-E][0-9]$',
      description: 'The Bundesbank account check method of a German bank code (00–E4).',
    },
  },
}

const territorySchema: Schema = {
  type: 'object',
  required: ['code', 'name', 'iban_country'],
  additionalProperties: false,
  description: 'A territory that uses another country’s IBANs (SWIFT IBAN Registry, “includes”).',
  properties: {
    code: { type: 'string', pattern: '^[A-Z]{2}$' },
    name: { type: 'string' },
    iban_country: { type: 'string', enum: ['FR', 'FI', 'GB'], description: 'The country whose IBANs it uses.' },
  },
}

export const registrySchema: Schema = {
  type: 'object',
  required: ['release', 'published', 'note'],
  additionalProperties: false,
  description: `The SWIFT IBAN Registry release the country table follows (${REGISTRY_RELEASE.release}).`,
  properties: { release: { type: 'integer' }, published: { type: 'string' }, note: { type: 'string' } },
}

export const countrySchemaFull: Schema = {
  type: 'object',
  description: 'A supported country and the format of its IBANs.',
  required: Object.keys(countryFields),
  additionalProperties: false,
  properties: countryFields,
}

/** The national check digits' algorithm of a country (the country detail). */
const nationalCheckSchema: Schema = {
  type: 'object',
  required: ['algorithm', 'status'],
  additionalProperties: false,
  properties: {
    algorithm: { type: 'string' },
    status: { type: 'string', enum: ['confirmed', 'probable'] },
  },
}

const capacitySchema: Schema = {
  type: 'object',
  required: ['realistic', 'random'],
  additionalProperties: false,
  description: 'How many distinct IBANs one dataset holds per mode: the largest count (or offset + count).',
  properties: { realistic: { type: 'integer' }, random: { type: 'integer' } },
}

/** A country as GET /countries/{code} gives it: every Country field and more. */
const countryDetailObjectSchema: Schema = {
  type: 'object',
  required: ['code', 'name', 'iban_length', 'bban_format', 'example', 'banks', 'bank_count', 'capacity'],
  additionalProperties: false,
  properties: {
    ...countryFields,
    sepa_registry: {
      type: ['boolean', 'null'],
      description:
        'The SWIFT IBAN Registry’s own SEPA column (release 102), which lags the EPC’s list that `sepa` follows (it reads false for AL, MD, ME, MK); null for DZ and MA, which are not in the registry.',
    },
    national_check: {
      description:
        'The national check digits’ algorithm, or null where the country has none; where an account scheme checks the country’s accounts, its id (DE `bundesbank`: each account is checked by the method its bank code names).',
      oneOf: [{ type: 'null' }, nationalCheckSchema],
    },
    bank_registry: {
      type: 'boolean',
      description: 'The country has a national registry of bank codes: validation then reports `checks.bank_code`.',
    },
    bank_count: {
      type: 'integer',
      description:
        'How many banks the country has (`bank=` takes each). Realistic rows draw from those where customers hold accounts, in the shares `bank_mix` gives: not central banks, codes for a bank’s own operations (settlement, clearing, ITGK, PCC), inactive or replaced codes (-alt-); for GB, the banks with known sort codes.',
    },
    banks: {
      type: 'array',
      items: bankEntrySchema,
      description: `The first ${DETAIL_BANKS} banks by code (\`bank_count\` says how many there are; GET /api/v1/countries/{code}/banks lists them all); \`bank=\` picks one.`,
    },
    capacity: capacitySchema,
  },
}

export const countryDetailSchema: Schema = {
  type: 'object',
  description: 'One country (`{ country }`), and the territory asked for when the code was one.',
  required: ['country'],
  additionalProperties: false,
  properties: {
    country: countryDetailObjectSchema,
    territory: {
      ...territorySchema,
      description: 'Present when the code asked for is a territory: `country` is then the country whose IBANs it uses.',
    },
  },
}

export const bankListSchema: Schema = {
  type: 'object',
  description: 'A page of the banks of a country, by code.',
  required: ['country', 'count', 'offset', 'limit', 'banks'],
  additionalProperties: false,
  properties: {
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
    count: { type: 'integer', description: 'How many banks the country has in all.' },
    offset: { type: 'integer' },
    limit: { type: 'integer' },
    banks: { type: 'array', items: bankEntrySchema, description: 'The banks from `offset` on, by code.' },
  },
}

export const countryListSchema: Schema = {
  type: 'object',
  description: 'Every supported country, the SWIFT registry release they follow, and the territories.',
  required: ['count', 'countries', 'territories'],
  additionalProperties: false,
  properties: {
    count: { type: 'integer' },
    registry: registrySchema,
    countries: { type: 'array', items: countrySchemaFull },
    territories: {
      type: 'array',
      items: territorySchema,
      description: 'Territories that use another country’s IBANs; their codes are accepted wherever a country’s is.',
    },
  },
}

export const ibanSchema: Schema = {
  type: 'object',
  description: 'An IBAN with its parts, and its bank where it carries a real one.',
  required: ['iban', 'formatted', 'country', 'check_digits', 'bban', 'length', 'valid'],
  additionalProperties: false,
  properties: {
    iban: { type: 'string', pattern: '^[A-Z]{2}[0-9]{2}[0-9A-Z]{11,31}$' },
    formatted: { type: 'string' },
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
    check_digits: { type: 'string', pattern: '^[0-9]{2}$' },
    bban: { type: 'string' },
    length: { type: 'integer' },
    valid: { type: 'boolean', description: 'true, except for rows made with `invalid`.' },
    invalid: {
      type: ['string', 'null'],
      enum: [...INVALID_CHECKS, null],
      description:
        'With a list of checks in `invalid` or with `invalid_share`: the check this IBAN fails, null when it is valid (absent otherwise).',
    },
    bank: {
      ...bankSchema,
      description: 'The real bank whose code the IBAN carries (realistic mode; absent otherwise).',
    },
  },
}

/** The country of a GenerateResult: code, name and IBAN length. */
const countrySummarySchema: Schema = {
  type: 'object',
  required: ['code', 'name', 'iban_length'],
  additionalProperties: false,
  properties: {
    code: countryFields['code'],
    name: countryFields['name'],
    iban_length: countryFields['iban_length'],
  },
}

export const generateResultSchema: Schema = {
  type: 'object',
  description: 'Generated test IBANs, distinct, with the options that made them.',
  required: ['country', 'count', 'realistic', 'ibans'],
  additionalProperties: false,
  properties: {
    country: countrySummarySchema,
    count: { type: 'integer', minimum: 1 },
    realistic: { type: 'boolean' },
    territory: {
      type: 'string',
      pattern: '^[A-Z]{2}$',
      description: 'The territory asked for, when the country given was one (its IBANs are those of `country`).',
    },
    seed: { type: 'string', description: 'The seed used, when one was given (ibanmint extension).' },
    bank: { type: 'string', description: 'The bank filter, when one was given.' },
    invalid: {
      type: 'string',
      pattern: invalidParamSchema.pattern,
      description:
        'When `invalid` was given: the check every IBAN fails, or the checks the broken IBANs fail (a comma-separated list).',
    },
    invalid_share: {
      type: 'number',
      description: 'When `invalid_share` was given: the share of rows broken (each IBAN’s `invalid` says which are).',
    },
    bank_mix: {
      type: 'string',
      const: 'uniform',
      description: '`uniform`, when `bank_mix=uniform` asked for equal shares of the banks.',
    },
    qr_iban: { type: 'boolean', const: true, description: 'The IBANs are QR-IBANs, when `qr_iban` asked for them.' },
    ibans: { type: 'array', items: ibanSchema },
  },
}

const nullableBoolean: Schema = { type: ['boolean', 'null'] }

/** Each check of a ValidateResult. */
const validateChecksSchema: Schema = {
  type: 'object',
  required: ['mod97', 'length', 'format', 'country_supported', 'national', 'bank_code'],
  additionalProperties: false,
  properties: {
    mod97: { type: 'boolean' },
    length: { ...nullableBoolean, description: 'null when the country is unsupported' },
    format: {
      type: 'boolean',
      description:
        'every BBAN character is of the class the registry format puts at its position (past the country’s length, or for an unsupported country: a digit or upper-case letter); judged apart from length',
    },
    country_supported: { type: 'boolean' },
    national: {
      ...nullableBoolean,
      description:
        'national check digits (ibanmint extension; DE: the account by its bank’s Bundesbank check method; GB: the sort code and account by the UK modulus check; SE: the clearing number and account by the rule of the clearing number’s range); null where the country defines none (DE: the bank code is not registered, or its method checks nothing, e.g. 09; GB: Vocalink’s table has no check for the sort code, so it cannot be checked; SE: the IBAN carries no clearing number of a known range), or where length or format is wrong',
    },
    bank_code: {
      ...nullableBoolean,
      description:
        'the bank code is in the country’s bank registry (ibanmint extension; informative: it never changes `valid`); null for a country without a registry of bank codes, or where length or format is wrong',
    },
  },
}

/** The national check that applies to an IBAN, and its verdict. */
const nationalCheckResultSchema: Schema = {
  type: 'object',
  required: ['algorithm', 'status', 'valid'],
  additionalProperties: false,
  properties: {
    algorithm: {
      type: 'string',
      description: `e.g. rib-key, it-cin; where an account scheme judged the account, its id: ${SCHEMES.map((scheme) => `\`${scheme.id}\` (${scheme.checksWhat})`).join(', ')}`,
    },
    method: {
      type: 'string',
      description: SCHEMES.map((scheme) => `For \`${scheme.id}\`: ${scheme.methodWords}.`).join(' '),
    },
    exception: {
      type: 'string',
      description:
        'For `uk-modulus`: the exceptions of Vocalink’s table that apply to the sort code (e.g. 6, 2/9), when any do.',
    },
    status: { type: 'string', enum: ['confirmed', 'probable', 'advisory'] },
    valid: { type: 'boolean' },
  },
}

/** A BBAN split into its named parts. */
const bbanPartsSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(
    ['bank', 'branch', 'account', 'national_check', 'account_type', 'other'].map((name) => [name, { type: 'string' }]),
  ),
}

export const validateResultSchema: Schema = {
  type: 'object',
  description: 'The verdict on one IBAN, with every check and what the IBAN holds.',
  required: [
    'iban',
    'formatted',
    'valid',
    'country_code',
    'country_supported',
    'check_digits',
    'bban',
    'length',
    'expected_length',
    'checks',
    'national_check',
    'bban_parts',
    'bank',
    'sepa',
  ],
  additionalProperties: false,
  properties: {
    iban: { type: 'string', description: 'Normalized IBAN: whitespace removed, upper case.' },
    formatted: { type: 'string' },
    valid: { type: 'boolean', description: 'True only when every applicable check passes.' },
    country_code: { type: 'string' },
    country_supported: { type: 'boolean' },
    check_digits: { type: 'string' },
    bban: { type: 'string' },
    length: { type: 'integer' },
    expected_length: { type: ['integer', 'null'] },
    checks: validateChecksSchema,
    national_check: {
      description:
        'The national check that applies (ibanmint extension); the Dutch elfproef is advisory and never decides validity.',
      oneOf: [{ type: 'null' }, nationalCheckResultSchema],
    },
    bban_parts: {
      description: 'The BBAN split into named parts (ibanmint extension); null unless length and format are right.',
      oneOf: [{ type: 'null' }, bbanPartsSchema],
    },
    bank: {
      description: 'The real bank whose code the BBAN carries, when ibanmint knows it (ibanmint extension).',
      oneOf: [{ type: 'null' }, bankSchema],
    },
    sepa: {
      type: ['boolean', 'null'],
      description:
        'The IBAN’s bank is in the SEPA schemes’ scope: its country is, and the bank is not one of a place outside it (an FR code of a bank of French Polynesia or New Caledonia); null when the country is unsupported (ibanmint extension).',
    },
    qr_iban: {
      type: ['boolean', 'null'],
      description:
        'CH and LI only (ibanmint extension): the IBAN is a QR-IBAN, its bank positions holding a QR-IID (30000–31999): it takes only QR-bill payments with a QR reference, and banks refuse an ordinary transfer to it; null where length or format is wrong.',
    },
    sort_code_bank: {
      description:
        'GB only (ibanmint extension): the bank the sort code belongs to by publicly known ranges, preferring the IBAN’s own bank where banks of one group share a range; null where no known range holds it or the sort code cannot be read.',
      oneOf: [{ type: 'null' }, bankSchema],
    },
  },
}

export const validateBatchResultSchema: Schema = {
  type: 'object',
  description: 'One ValidateResult per IBAN of the request, in order.',
  required: ['count', 'valid', 'results'],
  additionalProperties: false,
  properties: {
    count: { type: 'integer' },
    valid: { type: 'integer', description: 'How many of the results are valid.' },
    results: { type: 'array', items: validateResultSchema },
  },
}

/** The ISO 9362 checks of a BIC. */
const bicChecksSchema: Schema = {
  type: 'object',
  required: ['length', 'format', 'country', 'iban_country'],
  additionalProperties: false,
  properties: {
    length: { type: 'boolean', description: '8 or 11 characters' },
    format: {
      type: 'boolean',
      description:
        '4 letters, 2 letters, 2 letters or digits, then letters or digits; judged over the characters present, apart from length',
    },
    country: { type: 'boolean', description: 'an ISO 3166-1 alpha-2 country code (or XK)' },
    iban_country: {
      type: 'boolean',
      description: 'ibanmint generates and validates IBANs of the country (informative: it never changes `valid`)',
    },
  },
}

/** A registered bank that carries a BIC. */
const bicBankSchema: Schema = {
  type: 'object',
  required: ['country', 'code', 'name', 'bic'],
  additionalProperties: false,
  properties: {
    country: { type: 'string', description: 'The country of the bank registry that lists it.' },
    code: { type: 'string', description: 'The bank code, as `GET /api/v1/countries/{code}/banks` lists it.' },
    name: { type: 'string' },
    bic: { type: 'string', description: 'The BIC as registered.' },
  },
}

export const bicResultSchema: Schema = {
  type: 'object',
  description: 'A BIC split into its parts, its ISO 9362 checks, and the registered banks that carry it.',
  required: ['bic', 'valid', 'institution', 'country', 'location', 'branch', 'checks', 'test_bic', 'banks'],
  additionalProperties: false,
  properties: {
    bic: { type: 'string', description: 'Normalized BIC: whitespace removed, upper case.' },
    valid: { type: 'boolean', description: 'True when length, format and country are right.' },
    institution: { type: 'string', description: 'Characters 1–4: the institution.' },
    country: { type: 'string', description: 'Characters 5–6: the country.' },
    location: { type: 'string', description: 'Characters 7–8: the location.' },
    branch: {
      type: ['string', 'null'],
      description: 'Characters 9–11: the branch, XXX for the primary office; null for an 8-character BIC.',
    },
    checks: bicChecksSchema,
    test_bic: { type: 'boolean', description: 'A test BIC: the location’s second character is 0.' },
    banks: {
      type: 'array',
      description:
        'The registered banks with this BIC (an 8-character BIC or a primary office XXX: every bank whose BIC starts with the same 8 characters); empty for an invalid BIC.',
      items: bicBankSchema,
    },
  },
}

/**
 * The wire shapes by the names the OpenAPI document gives them (components.schemas), which
 * generated clients name their types after. The document refers to a shape by its name wherever
 * it appears in a route's schemas, as the same object or as a copy with a description of its own.
 */
export const NAMED_SCHEMAS: Readonly<Record<string, Schema>> = {
  Error: errorSchema,
  CountryList: countryListSchema,
  Country: countrySchemaFull,
  Territory: territorySchema,
  RegistryRelease: registrySchema,
  CountryResult: countryDetailSchema,
  CountryDetail: countryDetailObjectSchema,
  NationalCheck: nationalCheckSchema,
  Capacity: capacitySchema,
  BankList: bankListSchema,
  Bank: bankEntrySchema,
  IbanBank: bankSchema,
  GenerateResult: generateResultSchema,
  CountrySummary: countrySummarySchema,
  Iban: ibanSchema,
  ValidateResult: validateResultSchema,
  ValidateChecks: validateChecksSchema,
  NationalCheckResult: nationalCheckResultSchema,
  BbanParts: bbanPartsSchema,
  ValidateBatchResult: validateBatchResultSchema,
  BicResult: bicResultSchema,
  BicChecks: bicChecksSchema,
  BicBank: bicBankSchema,
}
