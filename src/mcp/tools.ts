// The MCP tools as plain definitions: schemas from src/core/schemas.ts (the ones REST
// validates with and OpenAPI publishes), handlers that call the same operations as REST.
// Nothing here knows the SDK; src/mcp/server.ts registers these with it.
import { errorBody, toApiError, type ApiError } from '../core/errors.ts'
import {
  build,
  countryList,
  lookupBic,
  requireCountry,
  territoryOf,
  toSeed,
  validate,
  type GenerateRequest,
} from '../core/operations.ts'
import {
  MAX_COUNT,
  bankParamSchema,
  bicInputSchema,
  bicResultSchema,
  countryListSchema,
  countSchema,
  countrySchema,
  generateResultSchema,
  ibanInputSchema,
  ibanSchema,
  invalidParamSchema,
  objectOf,
  publishedSchema,
  realisticBodySchema,
  seedBodySchema,
  validateResultSchema,
  type ParamsOf,
  type Schema,
} from '../core/schemas.ts'
import { compileValidator } from '../core/validation.ts'
import { generateOnPool } from '../pool/generate-result.ts'
import type { GenerationPool } from '../pool/pool.ts'
import { COUNTRIES } from '../iban/index.ts'

export interface ToolAnnotations {
  readOnlyHint: boolean
  destructiveHint: boolean
  idempotentHint: boolean
  openWorldHint: boolean
}

/** A tool's result: the structured value and its JSON text (the same bytes). */
export interface ToolOutput {
  structured: Record<string, unknown>
  text: string
}

export interface ToolDefinition {
  name: string
  title: string
  description: string
  /** Plain JSON Schema 2020-12 as listed by tools/list (bounds included). */
  inputSchema: Schema
  outputSchema: Schema
  annotations: ToolAnnotations
  /** Validates the arguments (422-style ApiError naming the argument) and runs the tool. */
  call(args: unknown, signal: AbortSignal): Promise<ToolOutput>
}

export interface ToolDeps {
  pool: GenerationPool
}

const TEST_DATA = 'The IBANs are test data: no bank issued them; never use them for payments.'

const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
}

const generateArguments = objectOf(
  {
    country: countrySchema,
    count: countSchema(MAX_COUNT, 1),
    realistic: realisticBodySchema,
    seed: seedBodySchema,
    bank: bankParamSchema,
    invalid: invalidParamSchema,
  },
  { required: ['country'] },
)

function partArgument(description: string) {
  return {
    type: 'string',
    minLength: 1,
    maxLength: 40,
    description,
    'x-message': 'each part must be a string of 1 to 40 characters',
  } as const
}

const buildArguments = objectOf(
  {
    country: countrySchema,
    bank: partArgument('Bank code (e.g. 37040044 for DE).'),
    branch: partArgument('Branch or sort code, for countries that have one.'),
    account: partArgument('Account number without national check digits; shorter digits are zero-padded.'),
    account_type: partArgument('Account type, for countries that have one.'),
    other: partArgument('The country’s other BBAN part (holder id, currency, ...), where it has one.'),
  },
  { required: ['country'] },
)

const validateArguments = objectOf({ iban: ibanInputSchema }, { required: ['iban'] })

const bicArguments = objectOf({ bic: bicInputSchema }, { required: ['bic'] })

const noArguments = objectOf({})

function output(value: Record<string, unknown>): ToolOutput {
  return { structured: value, text: JSON.stringify(value) }
}

const COUNTRY_LIST = output(countryList())

/**
 * The tools in listing order (tools/list must be deterministic). Argument validation is ours,
 * not the SDK's, so that a bad argument gets the same error code and message as over REST.
 */
export function toolDefinitions(deps: ToolDeps): ToolDefinition[] {
  const checkGenerate = compileValidator<ParamsOf<typeof generateArguments>>(generateArguments, 'arguments')
  const checkValidate = compileValidator<ParamsOf<typeof validateArguments>>(validateArguments, 'arguments')
  const checkBuild = compileValidator<ParamsOf<typeof buildArguments>>(buildArguments, 'arguments')
  const checkBic = compileValidator<ParamsOf<typeof bicArguments>>(bicArguments, 'arguments')
  const checkNone = compileValidator(noArguments, 'arguments')
  return [
    {
      name: 'list_countries',
      title: 'List IBAN countries',
      description: `Lists the ${COUNTRIES.length} countries ibanmint can generate and validate IBANs for, with each country’s IBAN length, BBAN format, structure and an example. Use it to find a country code for generate_iban or to explain a country’s IBAN layout.`,
      inputSchema: noArguments,
      outputSchema: countryListSchema,
      annotations: READ_ONLY,
      call: async (args) => {
        checkNone(args ?? {})
        return COUNTRY_LIST
      },
    },
    {
      name: 'generate_iban',
      title: 'Generate test IBANs',
      description: `Generates 1 to ${MAX_COUNT} distinct valid test IBANs for one country: MOD-97 check digits and the country’s national check digits are correct, so validators accept them. realistic (default true) uses real bank codes and reports each IBAN’s bank (name, BIC); false gives fully random ones; bank picks one real bank. Pass seed to get the same IBANs again. invalid (national, mod97, length, format, country) gives IBANs that fail exactly that check, to test that a form rejects them. Use it when test data, fixtures or examples need IBANs. ${TEST_DATA}`,
      inputSchema: generateArguments,
      outputSchema: generateResultSchema,
      annotations: { ...READ_ONLY, idempotentHint: false },
      call: async (args, signal) => {
        const valid = checkGenerate(args ?? {})
        const request: GenerateRequest = {
          country: requireCountry(valid.country),
          territory: territoryOf(valid.country),
          count: valid.count,
          realistic: valid.realistic,
          seed: toSeed(valid.seed),
          bank: valid.bank,
          invalid: valid.invalid,
        }
        const text = (await generateOnPool(deps.pool, request, signal)).toString('utf8')
        return { structured: JSON.parse(text) as Record<string, unknown>, text }
      },
    },
    {
      name: 'validate_iban',
      title: 'Validate an IBAN',
      description:
        'Checks one IBAN: country supported, length, BBAN format, MOD-97 check digits and, where the country defines them, national check digits (for German IBANs the account by its bank’s Bundesbank check method); returns every check, the BBAN parts (bank, branch, account) and the registered bank. Spaces and lower case are accepted. An invalid IBAN is a normal result with valid: false and the failing checks.',
      inputSchema: validateArguments,
      outputSchema: validateResultSchema,
      annotations: READ_ONLY,
      call: async (args) => {
        const valid = checkValidate(args ?? {})
        return output(validate(valid.iban) as unknown as Record<string, unknown>)
      },
    },
    {
      name: 'build_iban',
      title: 'Build an IBAN from bank and account',
      description:
        'Builds the IBAN of a country from its bank code, branch (where the country has one) and account number, computing the national check digits and the IBAN check digits. Example: country DE, bank 37040044, account 0532013000 gives DE89370400440532013000. A missing or malformed part is an error naming it.',
      inputSchema: buildArguments,
      outputSchema: ibanSchema,
      annotations: READ_ONLY,
      call: async (args) => {
        const valid = checkBuild(args ?? {})
        return output(build(valid) as unknown as Record<string, unknown>)
      },
    },
    {
      name: 'lookup_bic',
      title: 'Look up a BIC',
      description:
        'Checks one BIC (ISO 9362): length (8 or 11), format, and country (ISO 3166-1); splits it into institution, country, location and branch (XXX: the primary office), flags test BICs (location ending in 0), and lists the registered banks that carry it (country, bank code, name). Spaces and lower case are accepted. An invalid BIC is a normal result with valid: false and the failing checks.',
      inputSchema: bicArguments,
      outputSchema: bicResultSchema,
      annotations: READ_ONLY,
      call: async (args) => {
        const valid = checkBic(args ?? {})
        return output(lookupBic(valid.bic) as unknown as Record<string, unknown>)
      },
    },
  ]
}

/** The JSON Schema a tool lists: our annotations stripped, the 2020-12 dialect named. */
export function listedSchema(schema: Schema): Schema {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...publishedSchema(schema) }
}

/** A failed call as the REST error body: the code and message clients already handle. */
export function toolError(error: unknown): { body: ReturnType<typeof errorBody>; internal: boolean } {
  const apiError: ApiError = toApiError(error)
  const internal = apiError.code === 'internal_error'
  return { body: errorBody(apiError.code, internal ? 'internal error' : apiError.message), internal }
}
