// Request validation with ajv, compiled once at startup from the route table's JSON Schemas.
// A failure becomes a 422 invalid_request whose message names the parameter and its rule
// (the schema's `x-message`).
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import { ApiError } from '../core/errors.ts'
import type { Schema } from '../core/schemas.ts'

export type Validator = (data: unknown) => Record<string, unknown>

function newAjv(coerceTypes: boolean): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: false, verbose: true, coerceTypes, useDefaults: true, allowUnionTypes: true })
  ajv.addKeyword('x-message')
  return ajv
}

// Query strings are text: coerce "5" to 5. JSON bodies keep their types ("5" is not a count).
const QUERY_AJV = newAjv(true)
const BODY_AJV = newAjv(false)

function messageOf(error: ErrorObject, where: 'query' | 'body'): string {
  const name = error.instancePath.slice(1).replace(/\//g, '.')
  if (error.keyword === 'required') {
    return `${(error.params as { missingProperty: string }).missingProperty} is required`
  }
  if (error.keyword === 'additionalProperties') {
    return `unknown field "${(error.params as { additionalProperty: string }).additionalProperty}"`
  }
  const custom = (error.parentSchema as Schema | undefined)?.['x-message']
  if (typeof custom === 'string') return custom
  if (name === '') return where === 'body' ? 'the request body must be a JSON object' : 'invalid query'
  return `${name} ${error.message ?? 'is invalid'}`
}

/** Compiles a schema of the query (coerced) or the body (strict) into a throwing validator. */
export function compileValidator(schema: Schema, where: 'query' | 'body'): Validator {
  const validate: ValidateFunction = (where === 'query' ? QUERY_AJV : BODY_AJV).compile(schema)
  return (data) => {
    if (validate(data)) return data as Record<string, unknown>
    const error = validate.errors?.[0]
    throw new ApiError('invalid_request', error === undefined ? 'invalid request' : messageOf(error, where))
  }
}
