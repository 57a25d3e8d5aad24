// Tool schemas in the portable dialect MCP clients agree on: one `type` per schema. A type
// array (`type: ["string", "integer"]`, `type: ["boolean", "null"]`) is legal JSON Schema, but
// clients that map tool schemas onto a single-type dialect (Gemini's function declarations,
// OpenAPI 3.0 subsets) reject the tool or drop the constraint; the MCP Inspector's portability
// check warns on each one (rule `type-union`). Here each becomes `anyOf` branches of one type,
// each branch carrying the keywords that apply to its type, so the schema accepts exactly the
// same values. The schemas in src/core/schemas.ts stay as they are: REST validates with them
// and OpenAPI 3.1 publishes them.
import type { Schema } from '../core/schemas.ts'

const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']

/** The keywords that constrain only values of one type, by type. */
const KEYWORDS_OF_TYPE: Record<string, readonly string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType'],
  integer: NUMBER_KEYWORDS,
  number: NUMBER_KEYWORDS,
  array: ['items', 'prefixItems', 'contains', 'minContains', 'maxContains', 'minItems', 'maxItems', 'uniqueItems'],
  object: [
    'properties',
    'patternProperties',
    'additionalProperties',
    'propertyNames',
    'required',
    'minProperties',
    'maxProperties',
    'dependentRequired',
    'dependentSchemas',
  ],
  boolean: [],
  null: [],
}

const TYPED_KEYWORDS = new Set(Object.values(KEYWORDS_OF_TYPE).flat())

/** Keywords whose value is a map of schemas, an array of schemas, or one schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'])
const SCHEMA_ARRAYS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems'])
const SCHEMAS = new Set([
  'items',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
])

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether a JSON value is of a JSON Schema type (an integer is a number too). */
function isOfType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null
    case 'integer':
      return Number.isInteger(value)
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isSchema(value)
    default:
      return typeof value === type
  }
}

/** One branch of a split type: the type, its own keywords, and the enum values of that type. */
function branchOf(schema: Schema, type: string): Schema {
  const branch: Schema = { type }
  for (const keyword of KEYWORDS_OF_TYPE[type] ?? []) {
    if (keyword in schema) branch[keyword] = schema[keyword]
  }
  if (Array.isArray(schema['enum'])) branch['enum'] = schema['enum'].filter((value) => isOfType(value, type))
  if ('const' in schema && isOfType(schema['const'], type)) branch['const'] = schema['const']
  return branch
}

/** A schema whose `type` is an array, as `anyOf` branches of one type each (annotations stay outside). */
function splitTypes(schema: Schema, types: readonly string[]): Schema {
  const rest: Schema = {}
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword !== 'type' && keyword !== 'enum' && keyword !== 'const' && !TYPED_KEYWORDS.has(keyword)) {
      rest[keyword] = value
    }
  }
  const branches = types
    .map((type) => branchOf(schema, type))
    .filter((branch) => !Array.isArray(branch['enum']) || branch['enum'].length > 0)
  if (rest['anyOf'] === undefined) return { ...rest, anyOf: branches }
  const { anyOf, allOf, ...others } = rest
  return { ...others, allOf: [...((allOf as Schema[] | undefined) ?? []), { anyOf }, { anyOf: branches }] }
}

/** The schema with every type array, at any depth, split into single-type `anyOf` branches. */
export function portableSchema(schema: Schema): Schema {
  const out: Schema = {}
  for (const [keyword, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(keyword) && isSchema(value)) {
      out[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, isSchema(sub) ? portableSchema(sub) : sub]),
      )
    } else if (SCHEMA_ARRAYS.has(keyword) && Array.isArray(value)) {
      out[keyword] = value.map((sub: unknown) => (isSchema(sub) ? portableSchema(sub) : sub))
    } else if (SCHEMAS.has(keyword) && isSchema(value)) {
      out[keyword] = portableSchema(value)
    } else {
      out[keyword] = value
    }
  }
  const type = out['type']
  return Array.isArray(type) ? splitTypes(out, type as string[]) : out
}
