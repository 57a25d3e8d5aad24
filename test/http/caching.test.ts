// What caches may keep of each answer. A keyed answer belongs to the key that asked, and
// `X-API-Key` is no `Authorization` to a shared cache (RFC 9111 §3.5): nothing but its own
// headers stops a CDN or a proxy from handing it to clients without the key. So every answer of
// every keyed route, success or error (401, 429 included), is `no-store` or `private` and varies
// on the key headers (and on Accept-Encoding where compressed); only the keyless export and
// public documents may be `public`. The routes are those of the route table (the index and the
// OpenAPI document made from it), each replayed from its documented requests: a new keyed route
// is covered without a line here. Every answer's Cache-Control is one its operation documents.
import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { request } from 'undici'
import { startApp } from '../helpers/app.ts'

interface XRequest {
  method: string
  path: string
  headers?: Record<string, string>
  body?: { type: string; text: string }
  key?: false
}

interface Header {
  $ref?: string
  schema?: { enum?: string[] }
}

interface Response {
  headers?: Record<string, Header>
  content?: Record<string, { examples?: Record<string, { 'x-request'?: XRequest }> }>
}

interface Operation {
  operationId: string
  security: unknown[]
  responses: Record<string, Response>
}

// Failed authentications are limited per client IP: the 401 examples are many.
const app = await startApp({ after }, { env: { AUTH_FAILURE_LIMIT: '100000', EXPORT_RATE_LIMIT: '100000' } })
const doc = (await app.call('GET', '/api/v1/openapi.json')).body as {
  paths: Record<string, Record<string, Operation>>
}
const index = (await app.call('GET', '/api/v1')).body as {
  endpoints: { method: string; path: string; access: string }[]
}

/** Every operation of the route table, with its path and method. */
const operations = index.endpoints.map((endpoint) => {
  const operation = doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()]
  assert.ok(operation, `${endpoint.method} ${endpoint.path} is in the OpenAPI document`)
  return { ...endpoint, operation }
})

/** The documented requests of an operation, by the status they get. */
function requestsOf(operation: Operation): { status: number; sent: XRequest }[] {
  return Object.entries(operation.responses).flatMap(([status, response]) =>
    Object.values(response.content ?? {}).flatMap((media) =>
      Object.values(media.examples ?? {}).flatMap((example) =>
        example['x-request'] === undefined ? [] : [{ status: Number(status), sent: example['x-request'] }],
      ),
    ),
  )
}

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
}

async function replay(sent: XRequest, headers: Record<string, string>): Promise<Answer> {
  const all: Record<string, string> = { ...sent.headers, ...headers }
  if (sent.body !== undefined) all['content-type'] = sent.body.type
  const res = await request(`${app.url}${sent.path}`, {
    method: sent.method as 'GET',
    headers: all,
    body: sent.body?.text ?? null,
  })
  await res.body.dump()
  return { status: res.statusCode, headers: res.headers }
}

const tokens = (value: string | string[] | undefined) =>
  [value ?? '']
    .flat()
    .join(',')
    .toLowerCase()
    .split(',')
    .map((token) => token.trim())

/** What is wrong with a keyed answer's caching headers ([] when nothing). */
function keyedProblems(answer: Answer): string[] {
  const problems: string[] = []
  const cacheControl = String(answer.headers['cache-control'] ?? '')
  if (/\bpublic\b/i.test(cacheControl) || !(cacheControl === 'no-store' || /^private\b/.test(cacheControl)))
    problems.push(`Cache-Control ${JSON.stringify(cacheControl)}`)
  const vary = tokens(answer.headers['vary'])
  if (!vary.includes('x-api-key') || !vary.includes('authorization'))
    problems.push(`Vary ${String(answer.headers['vary'])}`)
  if (answer.headers['content-encoding'] !== undefined && !vary.includes('accept-encoding'))
    problems.push('compressed without Vary: accept-encoding')
  return problems
}

/** What is wrong with an answer's Cache-Control against what its operation documents for its status. */
function documentedProblems(operation: Operation, answer: Answer): string[] {
  const documented = operation.responses[String(answer.status)]?.headers?.['Cache-Control']?.schema?.enum
  const live = answer.headers['cache-control']
  if (documented === undefined) return live === undefined || operation.security.length === 0 ? [] : ['undocumented']
  return documented.includes(String(live))
    ? []
    : [`Cache-Control ${String(live)} is not one of ${documented.join(' | ')}`]
}

test('no answer of a keyed route is publicly cacheable: no-store or private, Vary on the key headers', async () => {
  const key = await app.createKey()
  const problems: string[] = []
  const seen = new Map<string, Set<number>>()
  let checked = 0
  for (const { method, path, access, operation } of operations) {
    const keyed = access === 'key'
    assert.equal(operation.security.length > 0, keyed, `${method} ${path}: documented access`)
    const requests = requestsOf(operation)
    if (keyed) assert.ok(requests.length > 0, `${operation.operationId}: no documented request to replay`)
    for (const { sent, status } of requests) {
      const withKey = keyed && sent.key !== false ? { 'x-api-key': key.key } : {}
      for (const accept of ['identity', 'gzip, br']) {
        const answer = await replay(sent, { ...withKey, 'accept-encoding': accept })
        if (answer.status !== status) continue // an example of a moment (a 503 of a full pool)
        const where = `${operation.operationId} ${sent.method} ${sent.path} → ${answer.status} (${accept})`
        if (keyed) problems.push(...keyedProblems(answer).map((problem) => `${where}: ${problem}`))
        problems.push(...documentedProblems(operation, answer).map((problem) => `${where}: ${problem}`))
        checked++
        const statuses = seen.get(operation.operationId) ?? new Set<number>()
        seen.set(operation.operationId, statuses.add(answer.status))
      }
    }
  }
  assert.deepEqual(problems, [])
  assert.ok(checked >= 150, `${checked} answers`)
  // Each keyed route was seen answering and refusing (401 at least).
  for (const { access, operation } of operations.filter((entry) => entry.access === 'key')) {
    const statuses = [...(seen.get(operation.operationId) ?? [])]
    assert.ok(
      statuses.some((status) => status < 300),
      `${operation.operationId}: a success (${statuses.join(', ')})`,
    )
    assert.ok(statuses.includes(401), `${operation.operationId} (${access}): a 401 (${statuses.join(', ')})`)
  }
})

test('a keyed route’s 429 is not publicly cacheable either', async () => {
  const problems: string[] = []
  for (const { access, operation } of operations) {
    if (access !== 'key') continue
    const success = requestsOf(operation).find(({ status }) => status < 300)
    assert.ok(success, operation.operationId)
    const limited = await app.createKey({ limit: 1 })
    await replay(success.sent, { 'x-api-key': limited.key })
    const answer = await replay(success.sent, { 'x-api-key': limited.key })
    assert.equal(answer.status, 429, operation.operationId)
    problems.push(...keyedProblems(answer).map((problem) => `${operation.operationId} 429: ${problem}`))
    problems.push(...documentedProblems(operation, answer).map((problem) => `${operation.operationId} 429: ${problem}`))
  }
  assert.deepEqual(problems, [])
})

test('a seeded bulk file may be kept by the client’s own cache only; a seeded export by any', async () => {
  const bulk = await replay({ method: 'GET', path: '/api/v1/bulk/DE?count=5&seed=7' }, app.auth)
  assert.equal(bulk.status, 200)
  assert.equal(bulk.headers['cache-control'], 'private, max-age=86400')
  assert.deepEqual(keyedProblems(bulk), [])
  const unseeded = await replay({ method: 'GET', path: '/api/v1/bulk/DE?count=5' }, app.auth)
  assert.equal(unseeded.headers['cache-control'], 'no-store')
  const exported = await replay({ method: 'GET', path: '/export/DE?count=5&seed=7' }, {})
  assert.equal(exported.headers['cache-control'], 'public, max-age=86400')
  // A bulk download refused after its handler took the response still names the key headers.
  const refused = await replay(
    { method: 'GET', path: '/api/v1/bulk/DE?count=5&seed=7&offset=9007199254740990' },
    app.auth,
  )
  assert.equal(refused.status, 422)
  assert.deepEqual(keyedProblems(refused), [])
})
