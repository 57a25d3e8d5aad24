// One rule for the query of every route (docs/http-api.md): parameters a route does not know are
// ignored, however often they are given (cache-busters, tracking parameters); a name one edit
// from one it knows is a 422 that names the one meant; a known one given twice is a 422. Every
// route of the table is covered: its documented requests are replayed from the OpenAPI document.
import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { request } from 'undici'
import { assertError, startApp } from '../helpers/app.ts'

interface XRequest {
  method: string
  path: string
  headers?: Record<string, string>
  body?: { type: string; text: string }
}

interface Operation {
  operationId: string
  security: unknown[]
  parameters: { name: string; in: string }[]
  responses: Record<string, { content?: Record<string, { examples?: Record<string, { 'x-request'?: XRequest }> }> }>
}

const app = await startApp({ after }, { env: { EXPORT_RATE_LIMIT: '100000', MCP_RATE_LIMIT: '100000' } })
const doc = (await app.call('GET', '/api/v1/openapi.json')).body as {
  paths: Record<string, Record<string, Operation>>
}
const operations = Object.values(doc.paths).flatMap((item) => Object.values(item))
const key = app.auth['x-api-key'] as string

/** The requests each operation documents with a 2xx answer, and that status. */
function successes(operation: Operation): { sent: XRequest; status: number }[] {
  return Object.entries(operation.responses).flatMap(([status, response]) =>
    Number(status) >= 300
      ? []
      : Object.values(response.content ?? {}).flatMap((media) =>
          Object.values(media.examples ?? {}).flatMap((example) =>
            example['x-request'] === undefined ? [] : [{ sent: example['x-request'], status: Number(status) }],
          ),
        ),
  )
}

async function send(operation: Operation, sent: XRequest, path: string): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {
    ...sent.headers,
    ...(operation.security.length > 0 ? { 'x-api-key': key } : {}),
  }
  if (sent.body !== undefined) headers['content-type'] = sent.body.type
  const res = await request(`${app.url}${path}`, {
    method: sent.method as 'GET',
    headers,
    body: sent.body?.text ?? null,
  })
  return { status: res.statusCode, text: await res.body.text() }
}

const withQuery = (path: string, extra: string) => `${path}${path.includes('?') ? '&' : '?'}${extra}`

test('every route ignores query parameters it does not know: cache-busters, tracking, repeated', async () => {
  const extra = '_=1767225600000&utm_source=newsletter&utm_source=again&fbclid=IwAR0&api_key=x'
  const replayed: string[] = []
  for (const operation of operations) {
    const [first] = successes(operation)
    if (first === undefined) continue
    const { status, text } = await send(operation, first.sent, withQuery(first.sent.path, extra))
    assert.equal(status, first.status, `${operation.operationId} ${first.sent.path}: ${text.slice(0, 200)}`)
    replayed.push(operation.operationId)
  }
  for (const id of ['generateIbans', 'exportIbans', 'streamBulkIbans', 'validateIbanStream', 'listCountries'])
    assert.ok(replayed.includes(id), `${id} was replayed`)
})

/** Misspellings of `name` one edit away: two letters swapped, one left out, one doubled. */
function typosOf(name: string): string[] {
  return [`${name[1]}${name[0]}${name.slice(2)}`, name.slice(0, -1), `${name}${name.at(-1)}`]
}

test('a query parameter one edit from one the route knows is a 422 that names the one meant', async () => {
  let checked = 0
  for (const operation of operations) {
    const [first] = successes(operation)
    const names = operation.parameters.filter((parameter) => parameter.in === 'query').map((p) => p.name)
    if (first === undefined || names.length === 0) continue
    for (const name of names)
      for (const typo of typosOf(name)) {
        const { status, text } = await send(operation, first.sent, withQuery(first.sent.path, `${typo}=1`))
        assert.equal(status, 422, `${operation.operationId} ${typo}: ${text.slice(0, 200)}`)
        assert.equal(
          (JSON.parse(text) as { error: { message: string } }).error.message,
          `unknown query parameter "${typo}": did you mean "${name}"?`,
        )
        checked++
      }
  }
  assert.ok(checked >= 30, `${checked} typos`)
})

test('GET /generate/DE?cuont=5 → 422 naming count; count=1&count=2 → 422; the default is never used silently', async () => {
  const typo = await app.call('GET', '/api/v1/generate/DE?cuont=5', { headers: app.auth })
  assert.equal(assertError(typo, 422, 'invalid_request'), 'unknown query parameter "cuont": did you mean "count"?')
  const encoded = await app.call('GET', '/api/v1/generate/DE?c%6Funt=5&Count=2', { headers: app.auth })
  assert.equal(assertError(encoded, 422, 'invalid_request'), 'unknown query parameter "Count": did you mean "count"?')
  const twice = await app.call('GET', '/api/v1/generate/DE?count=1&count=2', { headers: app.auth })
  assert.equal(assertError(twice, 422, 'invalid_request'), 'count must be given once')
  const ignored = await app.call('GET', '/api/v1/generate/DE?count=3&_=1&_=2', { headers: app.auth })
  assert.equal((ignored.body as { count: number }).count, 3)
})
