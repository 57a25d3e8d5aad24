// The three MCP tools as plain definitions: schemas from src/core/schemas.ts (the ones REST
// validates with and OpenAPI publishes), handlers that call the same operations as REST.
// Nothing here knows the SDK; src/mcp/server.ts registers these with it.
import { ApiError, errorBody, toApiError } from '../core/errors.ts'
import { countryList, requireCountry, toSeed, validate, type GenerateRequest } from '../core/operations.ts'
import {
  MAX_COUNT,
  countryListSchema,
  countSchema,
  countrySchema,
  generateResultSchema,
  ibanInputSchema,
  publishedSchema,
  realisticBodySchema,
  seedBodySchema,
  validateResultSchema,
  type Schema,
} from '../core/schemas.ts'
import { compileValidator, type Validator } from '../core/validation.ts'
import { generateOnPool } from '../pool/generate-result.ts'
import type { GenerationPool } from '../pool/pool.ts'

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

function argumentsSchema(properties: Record<string, Schema>, required: string[]): Schema {
  return { type: 'object', properties, required, additionalProperties: false }
}

const generateArguments = argumentsSchema(
  {
    country: countrySchema,
    count: countSchema(MAX_COUNT, 1),
    realistic: realisticBodySchema,
    seed: seedBodySchema,
  },
  ['country'],
)

const validateArguments = argumentsSchema({ iban: ibanInputSchema }, ['iban'])

const noArguments = argumentsSchema({}, [])

function output(value: Record<string, unknown>): ToolOutput {
  return { structured: value, text: JSON.stringify(value) }
}

const COUNTRY_LIST = output(countryList())

/**
 * The tools in listing order (tools/list must be deterministic). Argument validation is ours,
 * not the SDK's, so that a bad argument gets the same error code and message as over REST.
 */
export function toolDefinitions(deps: ToolDeps): ToolDefinition[] {
  const checkGenerate: Validator = compileValidator(generateArguments, 'arguments')
  const checkValidate: Validator = compileValidator(validateArguments, 'arguments')
  const checkNone: Validator = compileValidator(noArguments, 'arguments')
  return [
    {
      name: 'list_countries',
      title: 'List IBAN countries',
      description:
        'Lists the 91 countries ibanmint can generate and validate IBANs for, with each country’s IBAN length, BBAN format, structure and an example. Use it to find a country code for generate_iban or to explain a country’s IBAN layout.',
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
      description: `Generates 1 to ${MAX_COUNT} valid test IBANs for one country: MOD-97 check digits and the country’s national check digits are correct, so validators accept them. realistic (default true) uses real bank codes; false gives fully random ones. Pass seed to get the same IBANs again. Use it when test data, fixtures or examples need IBANs. ${TEST_DATA}`,
      inputSchema: generateArguments,
      outputSchema: generateResultSchema,
      annotations: { ...READ_ONLY, idempotentHint: false },
      call: async (args, signal) => {
        const valid = checkGenerate(args ?? {})
        const request: GenerateRequest = {
          country: requireCountry(valid['country'] as string),
          count: valid['count'] as number,
          realistic: valid['realistic'] as boolean,
          seed: toSeed(valid['seed']),
        }
        const text = (await generateOnPool(deps.pool, request, signal)).toString('utf8')
        return { structured: JSON.parse(text) as Record<string, unknown>, text }
      },
    },
    {
      name: 'validate_iban',
      title: 'Validate an IBAN',
      description:
        'Checks one IBAN: country supported, length, BBAN format, MOD-97 check digits and, where the country defines them, national check digits; returns every check and the BBAN parts (bank, branch, account). Spaces and lower case are accepted. An invalid IBAN is a normal result with valid: false and the failing checks.',
      inputSchema: validateArguments,
      outputSchema: validateResultSchema,
      annotations: READ_ONLY,
      call: async (args) => {
        const valid = checkValidate(args ?? {})
        return output(validate(valid['iban']) as unknown as Record<string, unknown>)
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
