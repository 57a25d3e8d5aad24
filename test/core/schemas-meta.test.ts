// Every JSON Schema the service compiles is valid JSON Schema 2020-12. The validators do not check
// their schemas as they compile them (core/validation.ts: the meta-schema cost each process its
// start), so this does: each schema of the OpenAPI document, which the route table's own schemas
// make (parameters, bodies, responses, components), each MCP tool's arguments, and the slice manifest's.
import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { MANIFEST_SCHEMA } from '../../src/core/slices.ts'
import { startApp } from '../helpers/app.ts'

/** Each object of a document held under a `schema` key or in components.schemas, with where it is. */
function schemasIn(value: unknown, path: string, found: [string, unknown][]): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return found
  for (const [key, child] of Object.entries(value)) {
    const at = `${path}/${key}`
    if (key === 'schema' && typeof child === 'object' && child !== null) found.push([at, child])
    else if (key === 'schemas' && path.endsWith('/components'))
      for (const [name, schema] of Object.entries(child as object)) found.push([`${at}/${name}`, schema])
    else schemasIn(child, at, found)
  }
  return found
}

const ajv = new Ajv2020({ strict: false })
ajv.addKeyword('x-message')
const metaErrors = (schema: unknown) =>
  ajv.validateSchema(schema as object) === true ? '' : ajv.errorsText(ajv.errors)

test('every schema of the OpenAPI document is valid JSON Schema 2020-12', async () => {
  const app = await startApp({ after })
  const doc = (await app.call('GET', '/api/v1/openapi.json')).body
  const schemas = schemasIn(doc, '', [])
  assert.ok(schemas.length > 100, `${schemas.length} schemas found`)
  const invalid = schemas.map(([at, schema]) => [at, metaErrors(schema)]).filter(([, errors]) => errors !== '')
  assert.deepEqual(invalid, [])
})

test('the slice manifest schema is valid JSON Schema 2020-12', () => {
  assert.equal(metaErrors(MANIFEST_SCHEMA), '')
})

test('a schema breaking the meta-schema is found', () => {
  assert.match(metaErrors({ type: 'integer', minimum: '5' }), /minimum must be number/)
  const [[at, schema]] = schemasIn({ components: { schemas: { Bad: { type: 'nope' } } } }, '', []) as [
    [string, unknown],
  ]
  assert.equal(at, '/components/schemas/Bad')
  assert.notEqual(metaErrors(schema), '')
})
