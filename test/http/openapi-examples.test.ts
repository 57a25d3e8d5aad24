// The OpenAPI document's examples are what the service answers. Every answer of every operation
// has one (each media type of a success, each error status), every example is valid against its
// schema (NDJSON line by line against its contentSchema), and every example that names its
// request (`x-request`) gets exactly that answer from a listening server: the status, the media
// type and the body. So each documented request media type is shown accepted, and the one of a
// 415 example refused. And every header of those answers that the document names (ETag,
// Location, Content-Disposition, Content-Encoding) is documented for the answer that carries it.
import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { request } from 'undici'
import { startApp } from '../helpers/app.ts'

interface XRequest {
  method: string
  path: string
  headers?: Record<string, string>
  body?: { type: string; text: string }
  key?: false
}

interface Example {
  summary: string
  description?: string
  value: unknown
  'x-request'?: XRequest
  'x-excerpt'?: true
}

interface MediaType {
  schema: Record<string, unknown>
  examples?: Record<string, Example>
}

interface Operation {
  operationId: string
  security: unknown[]
  requestBody?: { content: Record<string, MediaType> }
  responses: Record<string, { content?: Record<string, MediaType>; headers?: Record<string, unknown> }>
}

interface Document {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown> }
}

// Failed authentications are limited per client IP: the 401 examples are many.
const app = await startApp({ after }, { env: { AUTH_FAILURE_LIMIT: '1000' } })
const doc = (await app.call('GET', '/api/v1/openapi.json')).body as Document
const operations = Object.values(doc.paths).flatMap((item) => Object.values(item))

const ajv = new Ajv2020({ strict: false, allErrors: true, formats: { uri: (value: string) => URL.canParse(value) } })
ajv.addSchema({ $id: 'openapi.json', components: doc.components })

const compiled = new Map<string, ValidateFunction>()
function validatorOf(schema: unknown): ValidateFunction {
  const text = JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/')
  let validate = compiled.get(text)
  if (validate === undefined) {
    validate = ajv.compile(JSON.parse(text) as object)
    compiled.set(text, validate)
  }
  return validate
}

/** Every example of the document: where it is, its media type's schema, and it. */
function* examples(): Generator<{
  where: string
  operation: Operation
  status: number | 'request'
  type: string
  media: MediaType
  name: string
  example: Example
}> {
  for (const operation of operations) {
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
      for (const [name, example] of Object.entries(media.examples ?? {}))
        yield {
          where: `${operation.operationId} request ${type} ${name}`,
          operation,
          status: 'request',
          type,
          media,
          name,
          example,
        }
    }
    for (const [status, response] of Object.entries(operation.responses)) {
      for (const [type, media] of Object.entries(response.content ?? {})) {
        for (const [name, example] of Object.entries(media.examples ?? {}))
          yield {
            where: `${operation.operationId} ${status} ${type} ${name}`,
            operation,
            status: Number(status),
            type,
            media,
            name,
            example,
          }
      }
    }
  }
}

/** The value's problems against the media type's schema: NDJSON text line by line against its contentSchema. */
function problemsOf(media: MediaType, value: unknown): string[] {
  const schema = media.schema
  const check = (validate: ValidateFunction, item: unknown, at: string) =>
    validate(item) ? [] : [`${at}${ajv.errorsText(validate.errors)}`]
  const problems = check(validatorOf(schema), value, '')
  if (schema['contentMediaType'] === 'application/x-ndjson' && typeof value === 'string') {
    const line = validatorOf(schema['contentSchema'])
    value
      .trimEnd()
      .split('\n')
      .forEach((text, i) => problems.push(...check(line, JSON.parse(text), `line ${i + 1}: `)))
  }
  return problems
}

test('every answer has an example: each media type of a success, each error status, each request body', () => {
  const missing: string[] = []
  for (const operation of operations) {
    for (const [status, response] of Object.entries(operation.responses)) {
      const code = Number(status)
      for (const [type, media] of Object.entries(response.content ?? {})) {
        if ((code < 300 || code >= 400) && Object.keys(media.examples ?? {}).length === 0)
          missing.push(`${operation.operationId} ${status} ${type}`)
      }
      if (code >= 400 && response.content === undefined) missing.push(`${operation.operationId} ${status}: no body`)
    }
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
      if (Object.keys(media.examples ?? {}).length === 0) missing.push(`${operation.operationId} request ${type}`)
    }
  }
  assert.deepEqual(missing, [])
  const count = [...examples()].length
  assert.ok(count >= 150, `${count} examples`)
})

test('every JSON body, taken or given, is a named schema; every error is the Error schema (or beside it)', () => {
  const unnamed: string[] = []
  for (const operation of operations) {
    const bodies = Object.entries(operation.requestBody?.content ?? {}).map(
      ([type, media]) => ['request', type, media] as const,
    )
    const answers = Object.entries(operation.responses).flatMap(([status, response]) =>
      Object.entries(response.content ?? {}).map(([type, media]) => [status, type, media] as const),
    )
    for (const [where, type, { schema }] of [...bodies, ...answers]) {
      if (type !== 'application/json' && !type.endsWith('+json')) continue
      // A reference, references side by side (oneOf), or a list of one (a JSON download's rows).
      const items = schema['type'] === 'array' ? (schema['items'] as Record<string, unknown>) : schema
      const refs = '$ref' in items ? [items] : ((items['oneOf'] as Record<string, unknown>[] | undefined) ?? [])
      const named = refs.length > 0 && refs.every((item) => typeof item['$ref'] === 'string')
      if (!named) unnamed.push(`${operation.operationId} ${where}`)
      if (Number(where) >= 400 && !refs.some((item) => item['$ref'] === '#/components/schemas/Error'))
        unnamed.push(`${operation.operationId} ${where}: not an Error`)
    }
  }
  assert.deepEqual(unnamed, [])
  for (const name of ['Country', 'CountryList', 'Iban', 'GenerateResult', 'ValidateResult', 'BicResult', 'Error']) {
    assert.ok(doc.components.schemas[name], name)
  }
})

test('every example is valid against its schema (NDJSON line by line)', () => {
  const invalid: string[] = []
  for (const { where, media, example } of examples()) {
    for (const problem of problemsOf(media, example.value)) invalid.push(`${where}: ${problem}`)
  }
  assert.deepEqual(invalid, [])
})

test('validate/stream is documented as it is served: text/plain, NDJSON and CSV in, NDJSON, CSV or text out', () => {
  const stream = doc.paths['/api/v1/validate/stream']?.['post']
  assert.deepEqual(Object.keys(stream?.requestBody?.content ?? {}), ['text/plain', 'application/x-ndjson', 'text/csv'])
  assert.deepEqual(Object.keys(stream?.responses['200']?.content ?? {}), [
    'application/x-ndjson',
    'text/csv',
    'text/plain',
  ])
})

/** `example` is `live` with lists cut short and fields left out. */
function assertExcerpt(example: unknown, live: unknown, at: string): void {
  if (Array.isArray(example)) {
    assert.ok(Array.isArray(live) && example.length <= live.length, `${at}: a list of at least ${example.length}`)
    example.forEach((item, i) => assertExcerpt(item, live[i], `${at}[${i}]`))
  } else if (example !== null && typeof example === 'object') {
    assert.ok(live !== null && typeof live === 'object', `${at}: an object`)
    for (const [key, value] of Object.entries(example))
      assertExcerpt(value, (live as Record<string, unknown>)[key], `${at}.${key}`)
  } else assert.equal(live, example, at)
}

/** A streamed validation's time taken differs from run to run. */
const timeless = (text: string) => text.replace(/"seconds":[\d.e-]+/g, '"seconds":0')

test('every example’s request gets that very answer from a listening server: status, media type, body', async () => {
  const key = app.auth['x-api-key'] as string
  let replayed = 0
  for (const { where, operation, status, type, example } of examples()) {
    const sent = example['x-request']
    if (status === 'request' || sent === undefined) continue
    const keyed = operation.security.length > 0 && sent.key !== false
    const headers: Record<string, string> = { ...sent.headers, ...(keyed ? { 'x-api-key': key } : {}) }
    if (sent.body !== undefined) headers['content-type'] = sent.body.type
    const res = await request(`${app.url}${sent.path}`, {
      method: sent.method as 'GET',
      headers,
      body: sent.body?.text ?? null,
    })
    const text = await res.body.text()
    assert.equal(res.statusCode, status, `${where}: ${text.slice(0, 300)}`)
    assert.equal(String(res.headers['content-type']).split(';')[0], type, where)
    const excerpt = example['x-excerpt'] === true
    if (type === 'application/json' || type.endsWith('+json')) {
      const live: unknown = JSON.parse(text)
      if (excerpt) assertExcerpt(example.value, live, where)
      else assert.deepEqual(live, example.value, where)
    } else if (excerpt) assert.ok(text.startsWith(example.value as string), `${where}: ${text.slice(0, 200)}`)
    else assert.equal(timeless(text), timeless(example.value as string), where)
    replayed++
  }
  // The rest need a failing dependency (500, 503), a limit reached or an oversized body: below.
  assert.ok(replayed >= 90, `${replayed} examples replayed`)
})

test('every header a success carries that the document names is documented for it: ETag, Location, Content-Disposition, Content-Encoding', async () => {
  const key = app.auth['x-api-key'] as string
  const named = ['ETag', 'Location', 'Content-Disposition', 'Content-Encoding']
  const undocumented: string[] = []
  let replayed = 0
  for (const { where, operation, status, example } of examples()) {
    const sent = example['x-request']
    if (status === 'request' || status >= 400 || sent === undefined) continue
    const keyed = operation.security.length > 0 && sent.key !== false
    const headers: Record<string, string> = {
      ...sent.headers,
      ...(keyed ? { 'x-api-key': key } : {}),
      'accept-encoding': 'gzip, br',
    }
    if (sent.body !== undefined) headers['content-type'] = sent.body.type
    const res = await request(`${app.url}${sent.path}`, {
      method: sent.method as 'GET',
      headers,
      body: sent.body?.text ?? null,
    })
    await res.body.dump()
    const documented = Object.keys(operation.responses[String(res.statusCode)]?.headers ?? {})
    for (const name of named)
      if (res.headers[name.toLowerCase()] !== undefined && !documented.includes(name))
        undocumented.push(`${where}: ${name}`)
    replayed++
  }
  assert.deepEqual(undocumented, [])
  assert.ok(replayed >= 40, `${replayed} answers`)
})

test('the 413 examples are what a body past the limit gets', async () => {
  let checked = 0
  for (const operation of operations) {
    const media = operation.responses['413']?.content?.['application/json']
    if (media === undefined) continue
    const path = Object.entries(doc.paths).find(([, item]) => Object.values(item).includes(operation))?.[0] as string
    const example = media.examples?.['payload_too_large']?.value as { error: { message: string } }
    const limit = Number(/at most (\d+) KiB/.exec(example.error.message)?.[1]) * 1024
    const res = await app.call('POST', path, {
      headers: { ...app.auth, accept: 'application/json, text/event-stream' },
      json: { filler: 'x'.repeat(limit) },
    })
    assert.equal(res.status, 413, operation.operationId)
    assert.deepEqual(res.body, example, operation.operationId)
    checked++
  }
  assert.ok(checked >= 5, `${checked} operations`)
})

/** The 429 example `name` of an operation, and what the server answers once the limit is reached. */
async function assertLimited(
  path: string,
  method: string,
  name: string,
  call: () => Promise<{ status: number; body: unknown }>,
): Promise<void> {
  const media = doc.paths[path]?.[method]?.responses['429']?.content?.['application/json']
  const example = media?.examples?.[name]?.value as { error: { code: string; message: string } }
  let last = await call()
  for (let i = 0; i < 200 && last.status !== 429; i++) last = await call()
  assert.equal(last.status, 429, `${path} ${name}`)
  const retry = ({ error }: { error: { code: string; message: string } }) => ({
    ...error,
    message: error.message.replace(/retry in \d+ s/, 'retry in N s'),
  })
  assert.deepEqual(retry(last.body as typeof example), retry(example), `${path} ${name}`)
}

test('the rate-limit examples are what a key, an export client and an MCP client past their limits get', async () => {
  const { key } = await app.createKey({ limit: null })
  await assertLimited('/api/v1/countries', 'get', 'rate_limited', () =>
    app.call('GET', '/api/v1/countries/DE/banks?limit=1', { headers: { 'x-api-key': key } }),
  )
  await assertLimited('/export/{country}', 'get', 'rate_limited', () => app.call('GET', '/export/DE?count=1'))
  const message = { jsonrpc: '2.0', id: 1, method: 'tools/list' }
  await assertLimited('/mcp', 'post', 'rate_limited', () =>
    app.call('POST', '/mcp', { headers: { accept: 'application/json, text/event-stream' }, json: message }),
  )
})

test('the failed-authentication example is what a client past its failures gets', async () => {
  const strict = await startApp({ after })
  await assertLimited('/api/v1/countries', 'get', 'auth_failures', () =>
    strict.call('GET', '/api/v1/countries', { headers: { 'x-api-key': 'not-a-key' } }),
  )
})
