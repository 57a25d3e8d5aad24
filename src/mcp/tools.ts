// The MCP tools as plain definitions: schemas from src/core/schemas.ts (the ones REST
// validates with and OpenAPI publishes), handlers that call the same operations as REST.
// Nothing here knows the SDK; src/mcp/server.ts registers these with it.
import { ApiError, errorBody, toApiError } from '../core/errors.ts'
import { isDigits } from '../core/digits.ts'
import {
  build,
  generateRecords,
  generateRequestOf,
  lookupBic,
  requireCountry,
  toSeed,
  validate,
  validateBatch,
} from '../core/operations.ts'
import {
  bankArgumentSchema,
  bankMixParamSchema,
  bicInputSchema,
  bicResultSchema,
  countSchema,
  countrySchema,
  ibanInputSchema,
  ibanSchema,
  ibansArgumentSchema,
  invalidParamSchema,
  invalidShareParamSchema,
  objectOf,
  offsetSchema,
  publishedSchema,
  qrIbanBodySchema,
  realisticBodySchema,
  seedBodySchema,
  validateBatchResultSchema,
  validateResultSchema,
  type ParamsOf,
  type Schema,
  ACCOUNT_CHECKS_TEXT,
} from '../core/schemas.ts'
import { MAX_BATCH, MAX_COUNT } from '../core/limits.ts'
import { compileValidator, type Validator } from '../core/validation.ts'
import { recordsOnPool } from '../pool/generate-result.ts'
import { runsInline } from '../pool/inline.ts'
import { COUNTRIES, banksOf, resolveCountry, type BicResult, type CountrySpec, type Iban } from '@ibanmint/iban'
import { compactGenerateResult, compactGenerateSchema } from './generate-output.ts'
import { TOOL_NAMES, toolName, type ToolDeps, type ToolName } from './info.ts'
import {
  BANK_PAGE as LIST_BANKS_PAGE,
  bankArguments,
  bankPageSchema,
  countryArguments,
  countryOutputSchema,
  listBanks,
  listCountries,
} from './lists.ts'
import { pageArguments, pageFields, pageOf } from './pages.ts'
import { paymentFileArguments, paymentFileOutputSchema, paymentFileTool } from './payment-tool.ts'
import { portableSchema } from './portable-schema.ts'
import { groupThousands } from '@ibanmint/iban/internal'

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
    offset: {
      ...offsetSchema(Number.MAX_SAFE_INTEGER),
      description:
        'With a seed: the row of the seeded dataset to start from (default 0). The same seed with offset 0 and count 100, then offset 100, gives the rows of one dataset of 200, as GET /api/v1/bulk/{country}?seed=&offset= does; the result’s next_offset is the next call’s offset.',
    },
    bank: bankArgumentSchema,
    invalid: invalidParamSchema,
    invalid_share: invalidShareParamSchema,
    bank_details: {
      type: 'boolean',
      default: false,
      description:
        'Also name each IBAN’s bank (realistic mode): `banks` lists each distinct bank once (code, name, BIC) and each row’s `bank` is its index there. Off by default: about 60 bytes a bank.',
      'x-message': 'bank_details must be a boolean',
    },
    bank_mix: bankMixParamSchema,
    qr_iban: qrIbanBodySchema,
  },
  { required: ['country'] },
)

/** How a part takes a number: see partFromNumber. */
const PART_NUMBER =
  'A whole number is read as its decimal digits, zero-padded on the left to the part’s length where the country’s part is digits only; where it may hold letters, a number with fewer digits than the part is refused (send a string).'

/**
 * A build_iban part: a string, or a whole number, as clients send digit-only values (the MCP
 * Inspector's CLI sends `--tool-arg account=0532013000` as the number 532013000).
 */
function partArgument(name: string, description: string) {
  return {
    type: ['string', 'integer'],
    minLength: 1,
    maxLength: 40,
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    description,
    'x-message': `${name} must be a string of 1 to 40 characters or a whole number`,
  } as const
}

const buildArguments = objectOf(
  {
    country: countrySchema,
    bank: partArgument('bank', `Bank code (e.g. 37040044 for DE). ${PART_NUMBER}`),
    branch: partArgument('branch', `Branch or sort code, for countries that have one. ${PART_NUMBER}`),
    account: partArgument(
      'account',
      'Account number without national check digits; shorter digits are zero-padded. A whole number is read as its decimal digits (532013000 is 0532013000 for DE).',
    ),
    account_type: partArgument('account_type', `Account type, for countries that have one. ${PART_NUMBER}`),
    other: partArgument(
      'other',
      `The country’s other BBAN part (holder id, currency, ...), where it has one. ${PART_NUMBER}`,
    ),
  },
  { required: ['country'] },
)

/** The build_iban parts and the generate_iban argument that take a number as well as a string. */
const BUILD_NUMBERS = ['bank', 'branch', 'account', 'account_type', 'other'] as const
const GENERATE_NUMBERS = ['bank'] as const

/** Exactly one of the two, checked by the tool: clients refuse a oneOf at an input schema's root. */
const validateArguments = objectOf({ iban: ibanInputSchema, ibans: ibansArgumentSchema })

/**
 * The same, as checked: an item that is not a string is left to validateBatch, whose message
 * names it (`ibans[3] must be a string`), as POST /validate/batch's does.
 */
const validateChecked = objectOf({ iban: ibanInputSchema, ibans: { ...ibansArgumentSchema, items: {} } })

/** A list's result: POST /validate/batch's ValidateBatchResult, plus how many are invalid. */
const validateListSchema: Schema = {
  ...validateBatchResultSchema,
  required: ['count', 'valid', 'invalid', 'results'],
  description: 'For `ibans`: one result per IBAN, in order, and how many are valid and invalid.',
  properties: {
    ...(validateBatchResultSchema['properties'] as Record<string, Schema>),
    invalid: { type: 'integer', description: 'How many of the results are invalid.' },
  },
}

/** validate_iban's result: a ValidateResult for `iban`, the list's result for `ibans`. */
const validateOutputSchema: Schema = {
  type: 'object',
  oneOf: [{ ...validateResultSchema, description: 'For `iban`: its ValidateResult.' }, validateListSchema],
}

/**
 * lookup_bic's page of banks, measured as a whole tool result (structuredContent and its text
 * copy): a bank adds 160 bytes to 0.8 KB; the default page is 5.7 KB (30 banks), the largest 10.5 KB.
 */
const BANK_PAGE = { fallback: 30, max: 60 } as const

const bicArguments = objectOf(
  { bic: bicInputSchema, ...pageArguments('banks', BANK_PAGE.fallback, BANK_PAGE.max) },
  { required: ['bic'] },
)

/** lookup_bic's result: GET /api/v1/bic/{bic}'s BicResult, one page of its banks. */
const bicPageSchema: Schema = {
  ...bicResultSchema,
  required: [...(bicResultSchema['required'] as string[]), 'bank_count', 'offset'],
  properties: {
    ...(bicResultSchema['properties'] as Record<string, Schema>),
    bank_count: { type: 'integer', description: 'How many registered banks carry the BIC, on every page together.' },
    ...pageFields('banks'),
  },
}

function invalid(message: string): ApiError {
  return new ApiError('invalid_request', message)
}

/** What a JSON value other than a string or number is, for a message: true, null, an array, an object. */
function kindOf(value: unknown): string {
  if (typeof value === 'boolean') return String(value)
  if (value === null) return 'null'
  return Array.isArray(value) ? 'an array' : 'an object'
}

/**
 * Checks the fields that take a number as well as a string, before the schema does, so that
 * each refusal says what is wrong: a whole number from 0 to 2^53 − 1 passes (beyond it, a JSON
 * number may already have lost digits); a fraction, a negative number or any other type is
 * refused naming the field. Strings are left to the schema.
 */
function requireWholeNumbers(args: unknown, names: readonly string[]): void {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return
  for (const name of names) {
    const value = (args as Record<string, unknown>)[name]
    if (value === undefined || typeof value === 'string') continue
    if (typeof value !== 'number') throw invalid(`${name} must be a string or a whole number (got ${kindOf(value)})`)
    if (!Number.isInteger(value)) {
      throw invalid(`${name} must be a string or a whole number, not a fraction (got ${value})`)
    }
    if (value < 0) throw invalid(`${name} must be a string or a whole number, not negative (got ${value})`)
    if (value > Number.MAX_SAFE_INTEGER) {
      throw invalid(
        `${name} must be sent as a string: ${value} is beyond ${Number.MAX_SAFE_INTEGER}, where a JSON number may have lost digits`,
      )
    }
  }
}

/**
 * A build_iban part given as a number, as the string build() takes. JSON numbers drop leading
 * zeros, so the digits are restored only where that is unambiguous. Every BBAN part has a fixed
 * length (the registry's formats are fixed-length), so the rule turns on its characters:
 * - account: its digits; build() zero-pads a shorter account of digits, as it does a string.
 * - a part whose every position the country's registry format makes a digit (n): its digits
 *   zero-padded on the left to the part's length, the one string of that length it stands for.
 * - a part that may hold letters (a or c positions): its digits when they are at least the
 *   part's length (build() then checks each character); fewer are refused naming the part, as
 *   a code that may hold letters is not known to be a number with its zeros dropped.
 * - a part the country does not have, or an unsupported country: its digits, for build() to
 *   refuse with its own message.
 */
function partFromNumber(spec: CountrySpec | undefined, name: string, value: number): string {
  const digits = String(value) // a checked whole number: plain digits, no exponent or sign
  const index = spec?.partNames.indexOf(name as CountrySpec['partNames'][number]) ?? -1
  if (spec === undefined || name === 'account' || index < 0) return digits
  const positions = (spec.partRanges[index] ?? []).flatMap(([from, to]) =>
    Array.from({ length: to - from }, (_, i) => from + i),
  )
  if (digits.length >= positions.length) return digits
  if (positions.every((position) => spec.positionClasses[position] === 'n')) {
    return digits.padStart(positions.length, '0')
  }
  throw invalid(
    `${name} must be sent as a string for ${spec.code}: its ${positions.length} characters may be letters, so a number of fewer digits (${digits}) is ambiguous`,
  )
}

/**
 * generate_iban's bank given as a number, as the code the bank list has. Bank codes are the
 * national registry's, whose length need not be the BBAN bank part's (PL: the 8-digit sort
 * code), so the rule reads the country's codes:
 * - all digits of one length: its digits zero-padded on the left to that length.
 * - codes that may hold letters, or of several lengths: its digits when they are at least as
 *   many as the longest code's; fewer are refused naming bank (which code is meant is unclear).
 * - no codes known: its digits, for the dataset to refuse (no real bank codes are known).
 */
function bankFromNumber(spec: CountrySpec, value: number): string {
  const digits = String(value)
  const codes = banksOf(spec.code).map((bank) => bank.code)
  const longest = codes.reduce((most, code) => Math.max(most, code.length), 0)
  if (digits.length >= longest) return digits
  const letters = codes.some((code) => !isDigits(code))
  if (!letters && codes.every((code) => code.length === longest)) return digits.padStart(longest, '0')
  throw invalid(
    `bank must be sent as a string for ${spec.code}: its bank codes ${letters ? 'hold letters' : 'differ in length'}, so a number of fewer digits (${digits}) than the longest code's ${longest} is ambiguous`,
  )
}

/** A string field, or a number field as partFromNumber or bankFromNumber reads it. */
function textOf<T extends string | number | undefined>(value: T, fromNumber: (value: number) => string) {
  return (typeof value === 'number' ? fromNumber(value) : value) as Exclude<T, number>
}

/**
 * A tool's argument validator, compiled by ajv on the tool's first call: compiling all five at
 * start took 120 ms of the 660 ms of CPU `ibanmint mcp` spent before answering initialize
 * (bench/mcp-stdio.ts), and a client initializes before it calls anything.
 */
function argumentsValidator<T>(schema: Schema): Validator<T> {
  let validate: Validator<T> | undefined
  return (data) => (validate ??= compileValidator<T>(schema, 'arguments'))(data)
}

function output(value: Record<string, unknown>): ToolOutput {
  return { structured: value, text: JSON.stringify(value) }
}

function bicPage(result: BicResult, offset: number, limit: number): ToolOutput {
  const { banks, ...fields } = result
  const { items, ...page } = pageOf(banks, offset, limit)
  return output({ ...fields, bank_count: banks.length, ...page, banks: items })
}

/** A tool without its name: the definitions are keyed by name, in TOOL_NAMES' order when listed. */
type Definition = Omit<ToolDefinition, 'name'>

/** generate_iban: the rows (small requests inline, others from the pool), in the compact result. */
async function generateTool(
  deps: ToolDeps,
  valid: ParamsOf<typeof generateArguments>,
  signal: AbortSignal,
): Promise<ToolOutput> {
  const country = requireCountry(valid.country)
  const seed = toSeed(valid.seed)
  if (seed === undefined && valid.offset > 0) {
    throw invalid(
      'offset needs a seed: it is a row of the seeded dataset (without a seed, every call gives new random IBANs)',
    )
  }
  const bank = textOf(valid.bank, (value) => bankFromNumber(country, value))
  const request = generateRequestOf(valid.country, { ...valid, bank })
  const { ibans, capacity } = runsInline({ rows: request.count }, deps.inline)
    ? generateRecords(request)
    : await recordsOnPool(deps.pool, request, signal)
  const records = JSON.parse(Buffer.from(ibans).toString('utf8')) as Iban[]
  deps.countRows?.('generated', request.count)
  const slice = seed === undefined ? undefined : { offset: valid.offset, capacity }
  return output(
    compactGenerateResult(request, records, slice, valid.bank_details) as unknown as Record<string, unknown>,
  )
}

/** validate_iban: one IBAN's ValidateResult, or a list's. */
function validateTool(deps: ToolDeps, valid: ParamsOf<typeof validateChecked>): ToolOutput {
  if (valid.iban !== undefined && valid.ibans !== undefined) {
    throw invalid('iban and ibans cannot both be given: iban takes one IBAN, ibans a list')
  }
  if (valid.ibans !== undefined) {
    const batch = validateBatch(valid.ibans)
    const { count, results } = batch
    deps.countRows?.('validated', count)
    return output({ count, valid: batch.valid, invalid: count - batch.valid, results })
  }
  if (valid.iban === undefined) throw invalid('iban or ibans is required')
  deps.countRows?.('validated', 1)
  return output(validate(valid.iban) as unknown as Record<string, unknown>)
}

/** build_iban: the parts, numbers read as their digits, built into an Iban. */
function buildTool(valid: ParamsOf<typeof buildArguments>): ToolOutput {
  const spec = resolveCountry(valid.country)
  const part = (name: (typeof BUILD_NUMBERS)[number]) =>
    textOf(valid[name], (value) => partFromNumber(spec, name, value))
  const parts = {
    country: valid.country,
    bank: part('bank'),
    branch: part('branch'),
    account: part('account'),
    account_type: part('account_type'),
    other: part('other'),
  }
  return output(build(parts) as unknown as Record<string, unknown>)
}

/**
 * The tools in listing order (tools/list must be deterministic). Argument validation is ours,
 * not the SDK's, so that a bad argument gets the same error code and message as over REST.
 */
export function toolDefinitions(deps: ToolDeps): ToolDefinition[] {
  const checkGenerate = argumentsValidator<ParamsOf<typeof generateArguments>>(generateArguments)
  const checkValidate = argumentsValidator<ParamsOf<typeof validateChecked>>(validateChecked)
  const checkBuild = argumentsValidator<ParamsOf<typeof buildArguments>>(buildArguments)
  const checkBic = argumentsValidator<ParamsOf<typeof bicArguments>>(bicArguments)
  const checkCountries = argumentsValidator<ParamsOf<typeof countryArguments>>(countryArguments)
  const checkBanks = argumentsValidator<ParamsOf<typeof bankArguments>>(bankArguments)
  const checkPayment = argumentsValidator<ParamsOf<typeof paymentFileArguments>>(paymentFileArguments)
  const definitions: Record<ToolName, Definition> = {
    list_countries: {
      title: 'List IBAN countries',
      description: `Lists all ${COUNTRIES.length} countries ibanmint can generate and validate IBANs for, in one result: code, name, IBAN length and SEPA membership, then the territories that use another country’s IBANs (GP: FR, JE: GB, ...). With country (e.g. "DE"), that country in full instead: BBAN format, structure, an example IBAN, its national check digits, whether a national bank registry is known, how many banks it has (${toolName('list_banks')} lists them) and how many distinct IBANs each mode holds. Use it to find a country code for ${toolName('generate_iban')} or to explain a country’s IBAN layout.`,
      inputSchema: countryArguments,
      outputSchema: countryOutputSchema,
      annotations: READ_ONLY,
      call: async (args) => output(listCountries(checkCountries(args ?? {}).country)),
    },
    list_banks: {
      title: 'List a country’s banks',
      description: `Lists the banks of a country that realistic IBANs are drawn from: code, name, BIC (null where unknown) and, for DE, the Bundesbank check method; by code, ${LIST_BANKS_PAGE.fallback} at a time (count says how many there are, next_offset where the next page starts: pass it as offset). search finds banks by name or BIC ("Deutsche Bank", "BNP Paribas", "COBADEFF"), best matches first. The code is what ${toolName('generate_iban')}’s bank takes, to make IBANs at that bank.`,
      inputSchema: bankArguments,
      outputSchema: bankPageSchema,
      annotations: READ_ONLY,
      call: async (args) => {
        const { country, search, offset, limit } = checkBanks(args ?? {})
        return output(listBanks(country, search, offset, limit))
      },
    },
    generate_iban: {
      title: 'Generate test IBANs',
      description: `Generates 1 to ${MAX_COUNT} distinct valid test IBANs for one country: MOD-97 check digits and the country’s national check digits are correct, so validators accept them. realistic (default true) uses real bank codes; false gives fully random ones; bank picks one real bank (find its code with ${toolName('list_banks')}); bank_details adds each IBAN’s bank (name, BIC), each distinct bank listed once; bank_mix (default weighted: the largest banks carry most rows, as a country’s accounts do; uniform: every bank alike) shares realistic rows among the banks; qr_iban gives Swiss and Liechtenstein QR-IBANs. Pass seed to get the same IBANs again, and offset (the result’s next_offset) to continue a seeded dataset past ${MAX_COUNT}. invalid (national, mod97, length, format, country) gives IBANs that fail exactly that check, to test that a form rejects them; a comma-separated list with invalid_share (e.g. "mod97,national" and 0.05) mixes valid IBANs with ones that fail one of those checks, each such row naming its check in invalid. The result states what all IBANs share once (country, mode, seed, valid) and lists each IBAN as { iban }. Use it when test data, fixtures or examples need IBANs. ${TEST_DATA}`,
      inputSchema: generateArguments,
      outputSchema: compactGenerateSchema,
      annotations: { ...READ_ONLY, idempotentHint: false },
      call: async (args, signal) => {
        requireWholeNumbers(args, GENERATE_NUMBERS)
        return generateTool(deps, checkGenerate(args ?? {}), signal)
      },
    },
    validate_iban: {
      title: 'Validate IBANs',
      description: `Checks one IBAN (iban) or a list of 1 to ${groupThousands(MAX_BATCH)} (ibans; give exactly one of the two): country supported, length, BBAN format, MOD-97 check digits and, where the country defines them, national check digits (and the account schemes’ checks: ${ACCOUNT_CHECKS_TEXT}); returns every check, the BBAN parts (bank, branch, account) and the registered bank. Spaces and lower case are accepted. An invalid IBAN is a normal result with valid: false and the failing checks. For a list the result is { count, valid, invalid, results }: one result per IBAN, in order, as POST /api/v1/validate/batch answers, with how many are valid and invalid; an item that is not a string of letters and digits fails the call, naming it (ibans[3]).`,
      inputSchema: validateArguments,
      outputSchema: validateOutputSchema,
      annotations: READ_ONLY,
      call: async (args) => validateTool(deps, checkValidate(args ?? {})),
    },
    build_iban: {
      title: 'Build an IBAN from bank and account',
      description:
        'Builds the IBAN of a country from its bank code, branch (where the country has one) and account number, computing the national check digits and the IBAN check digits. Example: country DE, bank 37040044, account 0532013000 gives DE89370400440532013000. Parts are strings; a whole number is read as its digits, zero-padded to the part’s length where the part is digits only (account 532013000 is 0532013000). A missing or malformed part is an error naming it.',
      inputSchema: buildArguments,
      outputSchema: ibanSchema,
      annotations: READ_ONLY,
      call: async (args) => {
        requireWholeNumbers(args, BUILD_NUMBERS)
        return buildTool(checkBuild(args ?? {}))
      },
    },
    lookup_bic: {
      title: 'Look up a BIC',
      description: `Checks one BIC (ISO 9362): length (8 or 11), format, and country (ISO 3166-1); splits it into institution, country, location and branch (XXX: the primary office), flags test BICs (location ending in 0), and lists the registered banks that carry it (country, bank code, name), ${BANK_PAGE.fallback} at a time: bank_count says how many there are, next_offset where the next page starts (pass it as offset). Spaces and lower case are accepted. An invalid BIC is a normal result with valid: false and the failing checks.`,
      inputSchema: bicArguments,
      outputSchema: bicPageSchema,
      annotations: READ_ONLY,
      call: async (args) => {
        const { bic, offset, limit } = checkBic(args ?? {})
        return bicPage(lookupBic(bic), offset, limit)
      },
    },
    generate_payment_file: {
      title: 'Generate a SEPA payment file',
      description: `Makes a small SEPA payment file of 1 to 100 generated transactions as XML valid against its ISO 20022 schema: pain.001 (credit transfers; instant for SCT Inst) or pain.008 (direct debits; scheme CORE or B2B, sequence_type), 2019 versions, or pain.001.001.03 / pain.008.001.02; or, for the same arguments, the bank’s answer: pain.002 (status report naming each rejected transaction with its reason code) or camt.053 (statement booking the accepted ones). Each transaction has a realistic holder, address, amount (amounts MIN-MAX) and a valid IBAN of countries. defects (reason codes such as AC01, AM04, RR03, MD01, AM16) with defect_share put labelled errors into the file. The result states the figures once (transactions, control_sum, status, accepted, rejected, seed, date) and then the XML; pass seed and date again for the same file, and the same arguments with another format for the bank’s answers. For files of millions of transactions use GET /api/v1/bulk/{countries}?format=pain.001. Test data: never for payments.`,
      inputSchema: paymentFileArguments,
      outputSchema: paymentFileOutputSchema,
      annotations: { ...READ_ONLY, idempotentHint: false },
      call: async (args, signal) => output(await paymentFileTool(deps, checkPayment(args ?? {}), signal)),
    },
  }
  return TOOL_NAMES.map((name) => ({ name, ...definitions[name] }))
}

/** The JSON Schema a tool lists: our annotations stripped, one type per schema, the 2020-12 dialect named. */
export function listedSchema(schema: Schema): Schema {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...portableSchema(publishedSchema(schema)) }
}

/** A failed call as the REST error body: the code and message clients already handle. */
export function toolError(error: unknown): { body: ReturnType<typeof errorBody>; internal: boolean } {
  const apiError: ApiError = toApiError(error)
  const internal = apiError.code === 'internal_error'
  return { body: errorBody(apiError.code, internal ? 'internal error' : apiError.message), internal }
}
