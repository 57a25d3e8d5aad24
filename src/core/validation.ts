// Request validation with ajv, compiled once at startup from the route table's JSON Schemas (the
// command line's, once by the build: src/cli/precompiled.ts). A failure becomes a 422
// invalid_request whose message names the parameter and its rule (the schema's `x-message`).
// Also the rule for query parameters a route does not know: ignored, unless one edit from one it
// knows.
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import { builtValidators, requireDependency } from '../build-outputs.ts'
import { ApiError } from './errors.ts'
import type { Schema } from './schemas.ts'

/** Validates (and, for queries, coerces) a value; throws a 422 ApiError naming what is wrong. */
export type Validator<T = Record<string, unknown>> = (data: unknown) => T

// The schemas are the project's own: checking each against the 2020-12 meta-schema as it is
// compiled made every process compile the meta-schema first (about 70 ms of each CLI command's
// start). Ajv's strict mode still refuses unknown keywords; test/core/schemas-meta.test.ts checks
// every schema the service documents, and the slice manifest's, against the meta-schema.
// `source` keeps each validator's code, for the build's standalone module.
function newAjv(coerceTypes: boolean, source = false): Ajv2020 {
  // Loaded with the first schema compiled here: ajv's modules are about 70 ms of a process's
  // start, which a command whose schemas the build compiled (below) does without.
  const { Ajv2020 } = requireDependency('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')
  const ajv = new Ajv2020({
    allErrors: false,
    verbose: true,
    coerceTypes,
    useDefaults: true,
    allowUnionTypes: true,
    validateSchema: false,
    code: { source },
  })
  ajv.addKeyword('x-message')
  return ajv
}

// Query strings are text: coerce "5" to 5. JSON bodies keep their types ("5" is not a count).
let queryAjv: Ajv2020 | undefined
let bodyAjv: Ajv2020 | undefined
const ajvOf = (where: Source): Ajv2020 =>
  where === 'query' ? (queryAjv ??= newAjv(true)) : (bodyAjv ??= newAjv(false))

/** A schema's key among the built validators: how its values are read, and the schema itself. */
const keyOf = (schema: Schema, where: Source): string =>
  `${where === 'query' ? 'coerced' : 'strict'} ${JSON.stringify(schema)}`

let built: ReadonlyMap<string, ValidateFunction> | undefined

/** The validator the build compiled for this schema (src/cli/precompiled.ts), if it did. */
function builtValidator(schema: Schema, where: Source): ValidateFunction | undefined {
  built ??= (builtValidators() as ReadonlyMap<string, ValidateFunction> | undefined) ?? new Map()
  return built.get(keyOf(schema, where))
}

/**
 * The schemas' validators as one CommonJS module of ajv's standalone code (the build writes it
 * as dist/validators.cjs): a Map from each schema's key to its validator, compiled with the
 * options above, so that it behaves as the one ajv would compile at run time.
 */
export function standaloneValidators(schemas: readonly (readonly [Schema, Source])[]): string {
  const standaloneCode = requireDependency(
    'ajv/dist/standalone/index.js',
  ) as typeof import('ajv/dist/standalone/index.js').default
  const entries = schemas.map(([schema, where]) => {
    const ajv = newAjv(where === 'query', true)
    const module = standaloneCode(ajv, ajv.compile(schema))
    return `[${JSON.stringify(keyOf(schema, where))}, (function (module) {\n${module}\nreturn module.exports\n})({ exports: {} })]`
  })
  return `// Request validators compiled by ajv when the package was built (src/core/validation.ts).\nmodule.exports = new Map([\n${entries.join(',\n')}\n])\n`
}

/** Where the validated value came from: a query string (coerced), a JSON body or MCP tool arguments. */
export type Source = 'query' | 'body' | 'arguments'

const ROOT_MESSAGE: Record<Source, string> = {
  query: 'invalid query',
  body: 'the request body must be a JSON object',
  arguments: 'the arguments must be a JSON object',
}

function messageOf(error: ErrorObject, where: Source): string {
  const name = error.instancePath.slice(1).replace(/\//g, '.')
  if (error.keyword === 'required') {
    return `${(error.params as { missingProperty: string }).missingProperty} is required`
  }
  if (error.keyword === 'additionalProperties') {
    const field = (error.params as { additionalProperty: string }).additionalProperty.slice(0, 64)
    return where === 'arguments' ? `unknown argument "${field}"` : `unknown field "${field}"`
  }
  const custom = (error.parentSchema as Schema | undefined)?.['x-message']
  if (typeof custom === 'string') return custom
  if (name === '') return ROOT_MESSAGE[where]
  return `${name} ${error.message ?? 'is invalid'}`
}

// Query integers are plain decimal digits: ajv's coercion alone would also take "1e2", " 10",
// "+10" or "0x10" (anything Number() reads), which no client means as a count.
const DECIMAL = /^(?:0|[1-9][0-9]{0,15})$/

/** The integer properties of a query schema and the message of each. */
function integerProperties(schema: Schema): [string, string][] {
  const properties = (schema['properties'] ?? {}) as Record<string, Schema>
  return Object.entries(properties)
    .filter(([, property]) => property['type'] === 'integer')
    .map(([name, property]) => [name, (property['x-message'] as string | undefined) ?? `${name} must be an integer`])
}

/** Compiles a schema of the query (coerced), a body or tool arguments (strict) into a throwing validator. */
export function compileValidator<T = Record<string, unknown>>(schema: Schema, where: Source): Validator<T> {
  return validatorOf<T>(builtValidator(schema, where) ?? ajvOf(where).compile(schema), schema, where)
}

/** The throwing validator of a schema's ajv validator (compiled now or by the build). */
export function validatorOf<T>(validate: ValidateFunction, schema: Schema, where: Source): Validator<T> {
  const integers = where === 'query' ? integerProperties(schema) : []
  return (data) => {
    for (const [name, message] of integers) {
      const value = (data as Record<string, unknown>)[name]
      if (typeof value === 'string' && !DECIMAL.test(value)) throw new ApiError('invalid_request', message)
    }
    if (validate(data)) return data as T
    const error = validate.errors?.[0]
    throw new ApiError('invalid_request', error === undefined ? 'invalid request' : messageOf(error, where))
  }
}

/**
 * Whether `a` becomes `b` by one edit: a character inserted, deleted or substituted, or two
 * neighbours swapped (the optimal string alignment distance is 1).
 */
export function isOneEditAway(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  if (a.length !== b.length) {
    // Delete the first differing character of the longer one: the rest must match.
    const [longer, shorter] = a.length > b.length ? [a, b] : [b, a]
    return longer.slice(start + 1) === shorter.slice(start)
  }
  if (a.slice(start + 1) === b.slice(start + 1)) return true
  return a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2)
}

/**
 * The 422 of a query parameter that is not one of `known` but one edit from one of them (a
 * typo: ignored, it would leave its default in force unseen); undefined for any other unknown
 * name, which is ignored (cache-busters such as `_=…`, tracking parameters such as `utm_source`).
 */
export function unknownParameterError(name: string, known: readonly string[]): ApiError | undefined {
  const meant = known.find((candidate) => isOneEditAway(name, candidate))
  if (meant === undefined) return undefined
  return new ApiError('invalid_request', `unknown query parameter ${JSON.stringify(name)}: did you mean "${meant}"?`)
}
