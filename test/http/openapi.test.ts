import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, test } from 'node:test'
import { Validator } from '@seriousme/openapi-schema-validator'
import { PAYMENT_PARAMETER_NAMES } from '../../src/core/payment-request.ts'
import { PAYMENT_FORMATS } from '../../src/formats/format-names.ts'
import { startApp } from '../helpers/app.ts'

test('the OpenAPI document passes an OpenAPI 3.1 schema validator', async () => {
  const app = await startApp({ after })
  const doc = (await app.call('GET', '/api/v1/openapi.json')).body as Record<string, unknown>
  const validator = new Validator()
  const result = await validator.validate(doc)
  assert.equal(validator.version, '3.1')
  assert.deepEqual(result.errors ?? [], [])
  assert.equal(result.valid, true)
})

test('the OpenAPI document has every route of the table, with parameters, bodies and error bodies', async () => {
  const app = await startApp({ after })
  const doc = (await app.call('GET', '/api/v1/openapi.json')).body as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters: { name: string; in: string }[]
          responses: Record<string, unknown>
          requestBody?: unknown
          security: unknown[]
        }
      >
    >
    servers: { url: string }[]
  }
  const index = (await app.call('GET', '/api/v1')).body as { endpoints: { method: string; path: string }[] }
  for (const { method, path } of index.endpoints) {
    assert.ok(doc.paths[path]?.[method.toLowerCase()], `${method} ${path} documented`)
  }
  assert.equal(Object.values(doc.paths).flatMap((item) => Object.keys(item)).length, index.endpoints.length)
  const generate = doc.paths['/api/v1/generate/{country}']?.['get']
  assert.deepEqual(
    generate?.parameters.map((p) => `${p.in}:${p.name}`),
    [
      'path:country',
      'query:count',
      'query:realistic',
      'query:seed',
      'query:bank',
      'query:invalid',
      'query:invalid_share',
      'query:bank_mix',
      'query:qr_iban',
    ],
  )
  for (const status of ['200', '401', '404', '422', '429']) assert.ok(generate?.responses[status], status)
  assert.ok(doc.paths['/api/v1/generate']?.['post']?.requestBody)
  assert.ok(doc.paths['/api/v1/validate/batch']?.['post']?.responses['413'])
  assert.deepEqual(doc.paths['/api/v1']?.['get']?.security, [])
  assert.equal(doc.servers[0]?.url, app.url) // PORT=0: the port it got
  assert.ok(!JSON.stringify(doc).includes('x-message'), 'internal annotations are not published')
})

test('PUBLIC_URL sets the documentation link and the OpenAPI server', async () => {
  const app = await startApp({ after }, { env: { PUBLIC_URL: 'https://ibans.example.test/' } })
  const index = (await app.call('GET', '/api/v1')).body as { documentation: string }
  assert.equal(index.documentation, 'https://ibans.example.test/docs')
  const doc = (await app.call('GET', '/api/v1/openapi.json')).body as { servers: { url: string }[] }
  assert.equal(doc.servers[0]?.url, 'https://ibans.example.test')
})

test('PORT=0 without PUBLIC_URL: links, the server card and the MCP origin name the port the server got', async () => {
  const app = await startApp({ after })
  assert.equal(app.config.port, 0)
  assert.match(app.url, /:\d{2,5}$/)
  assert.equal(app.service.publicUrl, app.url)
  const index = (await app.call('GET', '/api/v1')).body as { documentation: string }
  assert.equal(index.documentation, `${app.url}/docs`)
  const card = (await app.call('GET', '/.well-known/mcp/server-card.json')).body as { remotes: { url: string }[] }
  assert.equal(card.remotes[0]?.url, `${app.url}/mcp`)
  // A browser page served by this server may call its /mcp: its origin is the allowed one.
  const preflight = await app.call('OPTIONS', '/mcp', {
    headers: { origin: app.url, 'access-control-request-method': 'POST' },
  })
  assert.equal(preflight.status, 204)
  assert.equal(preflight.headers['access-control-allow-origin'], app.url)
})

test('info.version is 1.1.0, as the specification fixes it; our own version is info.x-implementation-version', async () => {
  const app = await startApp({ after })
  const doc = (await app.call('GET', '/api/v1/openapi.json')).body as {
    info: { version: string; 'x-implementation-version': string; description: string }
    externalDocs: { url: string }
  }
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  assert.equal(doc.info.version, '1.1.0')
  assert.equal(doc.info['x-implementation-version'], pkg.version)
  assert.match(doc.info.description, /ibanmint extension/)
  assert.equal(doc.externalDocs.url, `${app.url}/docs`)
})

test('every tag is described and in a group; no operation lists a 405 (a wrong method is no call of it)', async () => {
  const app = await startApp({ after })
  const doc = (await app.call('GET', '/api/v1/openapi.json')).body as {
    info: { description: string }
    tags: { name: string; description?: string }[]
    'x-tagGroups': { tags: string[] }[]
    paths: Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>>
  }
  const operations = Object.values(doc.paths).flatMap((item) => Object.values(item))
  const used = new Set(operations.flatMap((operation) => operation.tags))
  assert.deepEqual(new Set(doc.tags.map((tag) => tag.name)), used)
  for (const tag of doc.tags) assert.ok((tag.description ?? '').length > 20, tag.name)
  assert.deepEqual(new Set(doc['x-tagGroups'].flatMap((group) => group.tags)), used)
  for (const operation of operations) assert.equal(operation.responses['405'], undefined)
  assert.match(doc.info.description, /\| 405 \| `method_not_allowed` \|/)
})

test('the export operation names every payment format and every payment option', async () => {
  const app = await startApp({ after })
  const doc = (await app.call('GET', '/api/v1/openapi.json')).body as {
    paths: Record<string, Record<string, { description: string }>>
  }
  const description = doc.paths['/export/{country}']?.get?.description ?? ''
  for (const format of PAYMENT_FORMATS) assert.ok(description.includes(format), format)
  for (const name of PAYMENT_PARAMETER_NAMES) assert.match(description, new RegExp(`[ ,]${name}[ ,.]`), name)
})
