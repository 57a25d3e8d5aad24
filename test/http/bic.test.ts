import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { validateBic } from '../../src/iban/index.ts'
import { assertError, startApp, type TestApp } from '../helpers/app.ts'

// GET /api/v1/bic/{bic} against a real server; every response is checked against the route's
// OpenAPI schema (BicResult) by the helper.
let app: TestApp
const cleanup: (() => unknown)[] = []
before(async () => {
  app = await startApp({ after: (fn) => cleanup.unshift(fn) })
})
after(async () => {
  for (const fn of cleanup) await fn()
})

interface BicBody {
  bic: string
  valid: boolean
  branch: string | null
  checks: Record<string, boolean>
  test_bic: boolean
  banks: { country: string; code: string; name: string; bic: string }[]
}

test('GET /bic/{bic} answers the library’s BicResult, lower case accepted', async () => {
  const res = await app.call('GET', '/api/v1/bic/cobadeffxxx', { headers: app.auth })
  assert.equal(res.status, 200)
  const body = res.body as BicBody
  assert.equal(body.bic, 'COBADEFFXXX')
  assert.equal(body.valid, true)
  assert.equal(body.branch, 'XXX')
  assert.ok(body.banks.some((bank) => bank.code === '37040044' && bank.name === 'Commerzbank'))
  assert.deepEqual(body, JSON.parse(JSON.stringify(validateBic('COBADEFFXXX'))))
})

test('GET /bic/{bic}: wrong length, format or country and test BICs are 200 results', async () => {
  const short = (await app.call('GET', '/api/v1/bic/COBADEF', { headers: app.auth })).body as BicBody
  assert.equal(short.valid, false)
  assert.deepEqual(short.checks, { length: false, format: true, country: true, iban_country: true })
  const country = (await app.call('GET', '/api/v1/bic/COBAQQFF', { headers: app.auth })).body as BicBody
  assert.deepEqual(country.checks, { length: true, format: true, country: false, iban_country: false })
  const testBic = (await app.call('GET', '/api/v1/bic/ABCDUS30', { headers: app.auth })).body as BicBody
  assert.equal(testBic.valid, true)
  assert.equal(testBic.test_bic, true)
  assert.deepEqual(testBic.banks, [])
})

test('GET /bic/{bic} with other characters or too long → 422 naming bic; without a key → 401', async () => {
  for (const path of ['COBA%20DEFF', 'COBA-DEFF', '%E2%82%AC', 'A'.repeat(33)]) {
    const res = await app.call('GET', `/api/v1/bic/${path}`, { headers: app.auth })
    assert.match(assertError(res, 422, 'invalid_request'), /^bic must be/, path)
  }
  assertError(await app.call('GET', '/api/v1/bic/COBADEFF'), 401, 'unauthorized')
})

test('the OpenAPI document describes GET /bic/{bic} with an example that matches its pattern', async () => {
  const doc = (await app.call('GET', '/api/v1/openapi.json')).body as {
    paths: Record<
      string,
      { get: { operationId: string; parameters: { schema: { pattern: string; examples: string[] } }[] } }
    >
  }
  const operation = doc.paths['/api/v1/bic/{bic}']?.get
  assert.equal(operation?.operationId, 'lookupBic')
  const schema = operation?.parameters.find((parameter) => 'schema' in parameter)?.schema
  assert.ok(schema !== undefined)
  for (const example of schema.examples) assert.match(example, new RegExp(schema.pattern))
})
