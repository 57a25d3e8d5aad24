// The MCP Inspector's tool-schema portability rules (its CLI's `--strict` check; source:
// modelcontextprotocol/inspector core/json/schemaLint.ts, as shipped in
// @modelcontextprotocol/inspector 2.12.0), restated so that the tests can run them on every
// Node line this project supports (the Inspector 2.x needs Node 22.19 or later):
// - type-union (warning): `type` is an array of distinct JSON Schema types;
// - remote-ref (warning): a `$ref` that points outside the document;
// - untyped-schema (warning): a schema object without a single constraining keyword;
// - boolean-schema (error): a bare `true`/`false` where a schema object is expected (except as
//   the value of additionalProperties and its kin).

export interface Finding {
  rule: 'type-union' | 'remote-ref' | 'untyped-schema' | 'boolean-schema'
  path: string
}

const BOOLEAN_VALUED = new Set(['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems'])
const SINGLE = [
  'items',
  'contains',
  'not',
  'propertyNames',
  'if',
  'then',
  'else',
  'additionalProperties',
  'unevaluatedProperties',
  'additionalItems',
  'unevaluatedItems',
  'contentSchema',
]
const ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems']
const MAPS = ['properties', 'patternProperties', 'dependentSchemas', 'dependencies', '$defs', 'definitions']
const CONSTRAINING = new Set([
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'contentMediaType',
  'contentEncoding',
  'contentSchema',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
  'required',
  'dependentRequired',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'items',
  'prefixItems',
  'contains',
  'additionalItems',
  'unevaluatedItems',
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'dependentSchemas',
  'dependencies',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
])
const TYPES = new Set(['null', 'boolean', 'object', 'array', 'number', 'string', 'integer'])

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function walk(node: unknown, path: string, keyword: string | undefined, findings: Finding[]): void {
  if (typeof node === 'boolean') {
    if (keyword === undefined || !BOOLEAN_VALUED.has(keyword)) findings.push({ rule: 'boolean-schema', path })
    return
  }
  if (!isRecord(node)) return
  const type = node['type']
  if (
    Array.isArray(type) &&
    type.length > 0 &&
    type.every((t) => typeof t === 'string' && TYPES.has(t)) &&
    new Set(type).size === type.length
  ) {
    findings.push({ rule: 'type-union', path })
  }
  const ref = node['$ref']
  if (typeof ref === 'string' && ref !== '' && !ref.startsWith('#')) findings.push({ rule: 'remote-ref', path })
  const constrains =
    Object.keys(node).some((key) => CONSTRAINING.has(key)) || ('if' in node && ('then' in node || 'else' in node))
  if (!constrains && keyword !== 'not') findings.push({ rule: 'untyped-schema', path })
  for (const key of MAPS) {
    const map = node[key]
    if (isRecord(map)) for (const [name, sub] of Object.entries(map)) walk(sub, `${path}.${key}.${name}`, key, findings)
  }
  for (const key of ARRAYS) {
    const list = node[key]
    if (Array.isArray(list)) list.forEach((sub, i) => walk(sub, `${path}.${key}[${i}]`, key, findings))
  }
  for (const key of SINGLE) {
    if (!(key in node)) continue
    const value = node[key]
    if (key === 'items' && Array.isArray(value))
      value.forEach((sub, i) => walk(sub, `${path}.items[${i}]`, key, findings))
    else walk(value, `${path}.${key}`, key, findings)
  }
}

/** The findings for a tools/list result's tools, as `tool inputSchema|outputSchema.path`. */
export function lintTools(
  tools: readonly { name: string; inputSchema?: unknown; outputSchema?: unknown }[],
): (Finding & { tool: string })[] {
  return tools.flatMap((tool) =>
    (['inputSchema', 'outputSchema'] as const).flatMap((kind) => {
      if (tool[kind] === undefined) return []
      const findings: Finding[] = []
      walk(tool[kind], kind, undefined, findings)
      return findings.map((finding) => ({ ...finding, tool: tool.name }))
    }),
  )
}
