// Request validation with ajv, compiled once at startup from the route table's JSON Schemas.
// A failure becomes a 422 invalid_request whose message names the parameter and its rule
// (the schema's `x-message`).
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import { ApiError } from './errors.ts'
import type { Schema } from './schemas.ts'

export type Validator = (data: unknown) => Record<string, unknown>

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

/** Compiles a schema of the query (coerced), a body or tool arguments (strict) into a throwing validator. */
export function compileValidator(schema: Schema, where: Source): Validator {
  const validate: ValidateFunction = (where === 'query' ? QUERY_AJV : BODY_AJV).compile(schema)
  return (data) => {
    if (validate(data)) return data as Record<string, unknown>
    const error = validate.errors?.[0]
    throw new ApiError('invalid_request', error === undefined ? 'invalid request' : messageOf(error, where))
  }
}
