// The schemas of the OpenAPI document under their names. Generated clients name their types
// after components.schemas (openapi-typescript's `components['schemas']['Iban']`, a Java
// generator's `Iban` class); a shape without a name becomes `InlineResponse200_3`. So every
// body a route takes or gives is published as a named component and referred to by `$ref`:
// the shared wire shapes of core/schemas.ts by their names there, and the shapes a route
// declares for itself by the names it gives them (RouteInfo.bodyName, ResponseSpec.schemaName).
// A shape is recognised wherever it appears, as the same object or as a copy with a
// description of its own (the reference then carries that description beside it).
import { publishedSchema, type Schema } from '../core/schemas.ts'

const COMPONENT = '#/components/schemas/'

// Each object's text, once: a schema is matched at every level, and its parts again below it.
const CANONICAL = new WeakMap<object, string>()

/** A JSON value's text with every object's keys in order: equal for equal shapes. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  const known = CANONICAL.get(value)
  if (known !== undefined) return known
  let text: string
  if (Array.isArray(value)) text = `[${value.map(canonical).join(',')}]`
  else {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    text = `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`
  }
  CANONICAL.set(value, text)
  return text
}

/** What identifies a shape: everything but its own description. */
function shapeOf(schema: Record<string, unknown>): string {
  const { description: _description, ...rest } = schema
  return canonical(rest)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

// Keywords whose values are data, not schemas: never replaced by a reference.
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example', 'required'])

/** The named schemas of one document, and the schemas of its operations published with references to them. */
export class SchemaComponents {
  /** Name → the schema as published (plain JSON Schema, no references yet). */
  readonly #schemas = new Map<string, Schema>()
  /** Shape → name. */
  readonly #names = new Map<string, string>()

  constructor(named: Readonly<Record<string, Schema>> = {}) {
    for (const [name, schema] of Object.entries(named)) this.name(name, schema)
  }

  /** Gives a shape a name; naming the same shape again is a no-op, two shapes one name (or two names one shape) an error. */
  name(name: string, schema: Schema): void {
    const published = publishedSchema(schema)
    const shape = shapeOf(published)
    const known = this.#schemas.get(name)
    if (known !== undefined) {
      if (shapeOf(known) !== shape) throw new Error(`two different schemas are named ${name}`)
      return
    }
    const other = this.#names.get(shape)
    if (other !== undefined) throw new Error(`one schema is named both ${other} and ${name}`)
    this.#schemas.set(name, published)
    this.#names.set(shape, name)
  }

  /** A reference to a named schema (throws for an unknown name). */
  ref(name: string): Schema {
    if (!this.#schemas.has(name)) throw new Error(`no schema is named ${name}`)
    return { $ref: `${COMPONENT}${name}` }
  }

  /** Names `schema` and returns a reference to it. */
  named(name: string, schema: Schema): Schema {
    this.name(name, schema)
    return this.ref(name)
  }

  /** A schema as the document publishes it: `x-message` dropped, each named shape in it a reference. */
  publish(schema: Schema): Schema {
    return this.#withRefs(publishedSchema(schema), undefined) as Schema
  }

  /** components.schemas: every named schema, the named shapes inside it as references. */
  components(): Record<string, Schema> {
    const components: Record<string, Schema> = {}
    for (const [name, schema] of this.#schemas) components[name] = this.#withRefs(schema, name) as Schema
    return components
  }

  #withRefs(node: unknown, self: string | undefined): unknown {
    if (Array.isArray(node)) return node.map((item) => this.#withRefs(item, undefined))
    if (!isObject(node)) return node
    const name = this.#names.get(shapeOf(node))
    if (name !== undefined && name !== self) {
      const ref: Schema = { $ref: `${COMPONENT}${name}` }
      const description = node['description']
      const own = (this.#schemas.get(name) as Schema)['description']
      return description === undefined || description === own ? ref : { ...ref, description }
    }
    const copy: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(node)) {
      copy[key] = DATA_KEYWORDS.has(key) ? value : this.#withRefs(value, undefined)
    }
    return copy
  }
}

/** NDJSON: one JSON value per line, each of the shape `line` gives. */
export function ndjsonOf(line: Schema): Schema {
  return {
    type: 'string',
    description: 'NDJSON: one JSON value per line, each as `contentSchema` describes it.',
    contentMediaType: 'application/x-ndjson',
    contentSchema: line,
  }
}
