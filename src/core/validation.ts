// Request validation with ajv, compiled once at startup from the route table's JSON Schemas.
// A failure becomes a 422 invalid_request whose message names the parameter and its rule
// (the schema's `x-message`).
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import { ApiError } from './errors.ts'
import type { Schema } from './schemas.ts'

/** Validates (and, for queries, coerces) a value; throws a 422 ApiError naming what is wrong. */
export type Validator<T = Record<string, unknown>> = (data: unknown) => T

function newAjv(coerceTypes: boolean): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: false, verbose: true, coerceTypes, useDefaults: true, allowUnionTypes: true })
  ajv.addKeyword('x-message')
  return ajv
}

// Query strings are text: coerce "5" to 5. JSON bodies keep their types ("5" is not a count).
const QUERY_AJV = newAjv(true)
const BODY_AJV = newAjv(false)

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
  const validate: ValidateFunction = (where === 'query' ? QUERY_AJV : BODY_AJV).compile(schema)
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
