// The JSON API's routes over the domain (/api/v1: countries, generate, validate, iban, bic), each
// with its documentation facts (body schema names, examples: data-examples.ts). Each handler
// receives its parameters typed from the schemas that validate them, never as a bag of unknowns.
import {
  bankList,
  build,
  countryDetail,
  countryList,
  generateJson,
  generateRequestOf,
  lookupBic,
  validate,
  validateBatch,
  type GenerateRequest,
} from '../core/operations.ts'
import {
  bankListSchema,
  bankMixParamSchema,
  bankParamSchema,
  bicInputSchema,
  bicResultSchema,
  countSchema,
  countryDetailSchema,
  countryListSchema,
  countrySchema,
  generateResultSchema,
  ibanInputSchema,
  ibanSchema,
  invalidParamSchema,
  invalidShareParamSchema,
  objectOf,
  qrIbanBodySchema,
  qrIbanQuerySchema,
  realisticBodySchema,
  realisticQuerySchema,
  seedBodySchema,
  seedQuerySchema,
  validateBatchResultSchema,
  validateResultSchema,
} from '../core/schemas.ts'
import { MAX_BANK_PAGE, MAX_BATCH, MAX_COUNT } from '../core/limits.ts'
import { COUNTRIES } from '@ibanmint/iban'
import { generateOnPool } from '../pool/generate-result.ts'
import type { WorkPool } from '../pool/pool.ts'
import { runsInline, type InlineLimits } from '../pool/inline.ts'
import { sharedBody } from './compression.ts'
import {
  bankListExamples,
  bicExamples,
  buildExamples,
  countryExamples,
  countryListExamples,
  generateBodyExamples,
  generateExamples,
  validateBatchExamples,
  validateBodyExamples,
  validateExamples,
} from './data-examples.ts'
import type { Context } from './exchange.ts'
import { route, type Reply, type Route } from './route.ts'
import { groupThousands } from '@ibanmint/iban/internal'

/** What the API routes need: the pool, and how much work is done without it. */
export interface ApiDeps {
  pool: WorkPool
  inline: InlineLimits
}

const COUNTRY_LIST_BODY = sharedBody(Buffer.from(JSON.stringify(countryList())))
/** Country details by code, made on first request (a detail reads the country's banks and plans). */
const COUNTRY_BODIES = new Map<string, Buffer>()

function countryBody(code: string): Buffer {
  const key = code.toUpperCase()
  let body = COUNTRY_BODIES.get(key)
  if (body === undefined) {
    body = sharedBody(Buffer.from(JSON.stringify(countryDetail(key))))
    COUNTRY_BODIES.set(key, body)
  }
  return body
}

const bankListQuery = objectOf({
  offset: {
    type: 'integer',
    minimum: 0,
    maximum: 1_000_000,
    default: 0,
    description: 'Index of the first bank (by code) to list (default 0).',
    'x-message': 'offset must be an integer between 0 and 1,000,000',
  },
  limit: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_BANK_PAGE,
    default: 100,
    description: `How many banks to list, 1 to ${groupThousands(MAX_BANK_PAGE)} (default 100).`,
    'x-message': `limit must be an integer between 1 and ${groupThousands(MAX_BANK_PAGE)}`,
  },
})

const BODY_MESSAGE = 'the request body must be a JSON object'

const generateQuery = objectOf({
  count: countSchema(MAX_COUNT, 1),
  realistic: realisticQuerySchema,
  seed: seedQuerySchema,
  bank: bankParamSchema,
  invalid: invalidParamSchema,
  invalid_share: invalidShareParamSchema,
  bank_mix: bankMixParamSchema,
  qr_iban: qrIbanQuerySchema,
})

const generateBody = objectOf(
  {
    country: countrySchema,
    count: countSchema(MAX_COUNT, 1),
    realistic: realisticBodySchema,
    seed: seedBodySchema,
    bank: bankParamSchema,
    invalid: invalidParamSchema,
    invalid_share: invalidShareParamSchema,
    bank_mix: bankMixParamSchema,
    qr_iban: qrIbanBodySchema,
  },
  { required: ['country'], message: BODY_MESSAGE },
)

function partSchema(name: string, example: string) {
  return {
    type: 'string',
    minLength: 1,
    maxLength: 40,
    description: `The ${name} part, as validation reports it in \`bban_parts\`.`,
    examples: [example],
    'x-message': `${name} must be a string of 1 to 40 characters`,
  } as const
}

const buildBody = objectOf(
  {
    country: countrySchema,
    bank: partSchema('bank', '37040044'),
    branch: partSchema('branch (or sort code)', '01005'),
    account: {
      ...partSchema('account', '0532013000'),
      description:
        'The account number without national check digits (as `bban_parts.account` reports it); a shorter number of digits is zero-padded on the left.',
    },
    account_type: partSchema('account type', '00'),
    other: partSchema('other (holder id, currency, ...)', '0101701234'),
  },
  { required: ['country'], message: BODY_MESSAGE },
)

const validateBody = objectOf({ iban: ibanInputSchema }, { required: ['iban'], message: BODY_MESSAGE })

const batchBody = objectOf(
  {
    ibans: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_BATCH,
      items: { type: 'string' },
      'x-message': `ibans must be an array of 1 to ${groupThousands(MAX_BATCH)} strings`,
    },
  },
  { required: ['ibans'], message: BODY_MESSAGE },
)

/** The API's routes under /api/v1. */
export function apiRoutes(deps: ApiDeps): Route[] {
  /** A GenerateResult: small ones inline, else rendered by the pool. */
  function generateReply(request: GenerateRequest, context: Context): Reply | Promise<Reply> {
    if (runsInline({ rows: request.count }, deps.inline)) {
      const bytes = generateJson(request)
      context.countRows('generated', request.count)
      return { bytes }
    }
    return generateOnPool(deps.pool, request, context.signal()).then((bytes) => {
      context.countRows('generated', request.count)
      return { bytes }
    })
  }
  const generateDescription =
    'National check digits are correct in both modes, and the IBANs of one response are distinct. `seed` (ibanmint extension) makes the output reproducible: the same seed, country, count and mode give the same IBANs on every machine. `bank` restricts realistic rows to one real bank; `invalid` gives negative test data. Realistic IBANs of a known bank carry `bank` (code, name, BIC).'
  return [
    route({
      method: 'GET',
      path: '/api/v1/countries',
      operationId: 'listCountries',
      access: 'key',
      summary: `List the ${COUNTRIES.length} supported countries with their IBAN formats`,
      tag: 'countries',
      responses: { 200: { description: 'CountryList.', schema: countryListSchema } },
      examples: countryListExamples,
      handle: () => ({ bytes: COUNTRY_LIST_BODY }),
    }),
    route({
      method: 'GET',
      path: '/api/v1/countries/{code}',
      operationId: 'getCountry',
      access: 'key',
      summary: 'One country with its IBAN format, real banks and capacity',
      description:
        'The code is case-insensitive; a territory code (GF, AX, JE, …) gives the country whose IBANs it uses, with `territory` beside it. Returns every Country field (the spec names a subset), plus the national check, the SWIFT registry’s SEPA column, the number of banks its registry holds and the first 100 of them by code (`bank=` picks one; `/banks` lists them all), and how many distinct IBANs one dataset holds per mode (`capacity`).',
      tag: 'countries',
      pathParams: { code: countrySchema },
      errors: ['not_found'],
      responses: { 200: { description: '`{ country: Country }`.', schema: countryDetailSchema } },
      examples: countryExamples,
      handle: ({ params }) => ({ bytes: countryBody(params.code) }),
    }),
    route({
      method: 'GET',
      path: '/api/v1/countries/{code}/banks',
      operationId: 'listCountryBanks',
      access: 'key',
      summary: 'The banks of a country, a page at a time (ibanmint extension)',
      description:
        'Every bank of the country, ordered by code: the national registry’s institutions (with the Bundesbank check method for DE) and the hand-checked ones. Realistic rows draw from those a customer could pay (no central bank, no code for a bank’s own operations). `offset` and `limit` page through them; `count` says how many there are.',
      tag: 'countries',
      pathParams: { code: countrySchema },
      query: bankListQuery,
      errors: ['not_found'],
      responses: { 200: { description: 'A page of banks.', schema: bankListSchema } },
      examples: bankListExamples,
      handle: ({ params, query }) => ({ json: bankList(params.code, query.offset, query.limit) }),
    }),
    route({
      method: 'GET',
      path: '/api/v1/generate/{country}',
      operationId: 'generateIbans',
      access: 'key',
      summary: 'Generate 1 to 100 test IBANs for a country',
      description: generateDescription,
      tag: 'generate',
      pathParams: { country: countrySchema },
      query: generateQuery,
      errors: ['not_found', 'service_unavailable'],
      responses: { 200: { description: 'GenerateResult.', schema: generateResultSchema } },
      examples: generateExamples,
      handle: ({ params, query }, context) => generateReply(generateRequestOf(params.country, query), context),
    }),
    route({
      method: 'POST',
      path: '/api/v1/generate',
      operationId: 'generateIbansFromBody',
      access: 'key',
      summary: 'Generate 1 to 100 test IBANs for a country (JSON body)',
      description: 'Unknown body fields are rejected (422) so that a misspelled field never goes unnoticed.',
      tag: 'generate',
      body: generateBody,
      errors: ['not_found', 'service_unavailable'],
      responses: { 200: { description: 'GenerateResult.', schema: generateResultSchema } },
      bodyName: 'GenerateRequest',
      examples: generateBodyExamples,
      handle: ({ body }, context) => generateReply(generateRequestOf(body.country, body), context),
    }),
    route({
      method: 'GET',
      path: '/api/v1/validate/{iban}',
      operationId: 'validateIban',
      access: 'key',
      summary: 'Validate an IBAN given in the path',
      description:
        'Letters and digits only (lower case is accepted). A malformed or unsupported IBAN is a result with `valid: false` and every check; only a candidate with other characters is rejected (422).',
      tag: 'validate',
      pathParams: { iban: { ...ibanInputSchema, pattern: '^[0-9A-Za-z]+$', examples: ['DE89370400440532013000'] } },
      errors: ['invalid_request'],
      responses: { 200: { description: 'ValidateResult.', schema: validateResultSchema } },
      examples: validateExamples,
      handle: ({ params }, context) => {
        const json = validate(params.iban, 'iban', false)
        context.countRows('validated', 1)
        return { json }
      },
    }),
    route({
      method: 'POST',
      path: '/api/v1/validate',
      operationId: 'validateIbanFromBody',
      access: 'key',
      summary: 'Validate an IBAN given in a JSON body',
      description: 'Whitespace inside `iban` is removed. Returns the full ValidateResult, as the path form does.',
      tag: 'validate',
      body: validateBody,
      responses: { 200: { description: 'ValidateResult.', schema: validateResultSchema } },
      bodyName: 'ValidateRequest',
      examples: validateBodyExamples,
      handle: ({ body }, context) => {
        const json = validate(body.iban)
        context.countRows('validated', 1)
        return { json }
      },
    }),
    route({
      method: 'POST',
      path: '/api/v1/validate/batch',
      operationId: 'validateIbanBatch',
      access: 'key',
      summary: `Validate up to ${groupThousands(MAX_BATCH)} IBANs in one request (ibanmint extension)`,
      description:
        'One result per item, in order. The request counts once against the rate limit. An item that is not a string of letters and digits fails the whole request (422 naming `ibans[i]`). The body may be up to 64 KiB.',
      tag: 'validate',
      maxBody: 64 * 1024,
      body: batchBody,
      responses: { 200: { description: 'One ValidateResult per item.', schema: validateBatchResultSchema } },
      bodyName: 'ValidateBatchRequest',
      examples: validateBatchExamples,
      handle: ({ body }, context) => {
        const json = validateBatch(body.ibans)
        context.countRows('validated', body.ibans.length)
        return { json }
      },
    }),
    route({
      method: 'POST',
      path: '/api/v1/iban',
      operationId: 'buildIban',
      access: 'key',
      summary: 'Build an IBAN from bank, branch and account (ibanmint extension)',
      description:
        'Computes the national check digits (where the country has them) and the IBAN check digits. Parts are those validation reports in `bban_parts`, without national check digits; a part the country does not have, a missing part, a wrong length or character gets 422 naming the field. E.g. DE, bank 37040044, account 0532013000 gives DE89370400440532013000.',
      tag: 'generate',
      body: buildBody,
      errors: ['not_found'],
      responses: { 200: { description: 'The Iban record.', schema: ibanSchema } },
      bodyName: 'BuildIbanRequest',
      examples: buildExamples,
      handle: ({ body }) => ({ json: build(body) }),
    }),
    route({
      method: 'GET',
      path: '/api/v1/bic/{bic}',
      operationId: 'lookupBic',
      access: 'key',
      summary: 'Look up a BIC: its parts, ISO 9362 checks and registered banks (ibanmint extension)',
      description:
        'Letters and digits only (lower case is accepted). Splits the BIC into institution, country, location and branch, checks length (8 or 11), format and country (ISO 3166-1), flags test BICs (location ending in 0) and lists the banks of the national registries that carry it. A malformed BIC is a result with `valid: false` and every check; only a candidate with other characters is rejected (422).',
      tag: 'validate',
      pathParams: { bic: { ...bicInputSchema, pattern: '^[0-9A-Za-z]+$', examples: ['COBADEFFXXX'] } },
      errors: ['invalid_request'],
      responses: { 200: { description: 'BicResult.', schema: bicResultSchema } },
      examples: bicExamples,
      handle: ({ params }) => ({ json: lookupBic(params.bic, false) }),
    }),
  ]
}
