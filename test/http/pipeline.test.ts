// The pipeline's steps one by one, and routes compiled from their schemas, on node:http's own
// request and response objects over a socket that keeps what it is given: no server, no network.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Duplex } from 'node:stream'
import { after, describe, test } from 'node:test'
import { pino } from 'pino'
import { ApiError } from '../../src/core/errors.ts'
import { objectOf } from '../../src/core/schemas.ts'
import type { AccessEntry } from '../../src/http/access-log.ts'
import { Exchange } from '../../src/http/exchange.ts'
import { HttpMetrics } from '../../src/http/metrics.ts'
import {
  authenticate,
  fail,
  limitClient,
  limitKey,
  matchRoute,
  presentedKey,
  send,
  serve,
  type PipelineDeps,
} from '../../src/http/pipeline.ts'
import { route, type Reply, type Route } from '../../src/http/route.ts'
import { Router } from '../../src/http/router.ts'
import { KeyAuthenticator } from '../../src/keys/authenticator.ts'
import { FileKeyStore } from '../../src/keys/file-store.ts'
import { mintKey } from '../../src/keys/key.ts'
import { RateLimits } from '../../src/limits/rate-limit.ts'
import { Registry } from '../../src/metrics/registry.ts'

/** A socket that keeps what the response writes to it. */
class Capture extends Duplex {
  readonly chunks: string[] = []
  readonly remoteAddress = '203.0.113.7'
  override _read(): void {}
  /** What net.Socket offers and the idle guard calls. */
  setTimeout(): this {
    return this
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(chunk.toString())
    done()
  }
  text(): string {
    return this.chunks.join('')
  }
}

function exchangeOf(method: string, url: string, headers: Record<string, string> = {}, body?: string) {
  const socket = new Capture()
  const req = new IncomingMessage(socket as never)
  req.method = method
  req.url = url
  req.httpVersionMajor = 1
  req.httpVersionMinor = 1
  req.headers = { host: 'localhost', ...headers }
  req.complete = true // as node:http marks a request whose body arrived whole
  if (body !== undefined) req.push(body)
  req.push(null)
  const res = new ServerResponse(req)
  res.assignSocket(socket as never)
  return { exchange: new Exchange(req, res, 'req-1', 60_000), socket }
}

/** The status line, headers and body of what was written. */
function written(socket: Capture): { status: number; headers: Map<string, string>; body: string } {
  const text = socket.text()
  const end = text.indexOf('\r\n\r\n')
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n')
  const headers = new Map(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 2)]),
  )
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4) }
}

const dir = mkdtempSync(join(tmpdir(), 'ibanmint-pipeline-'))
after(() => rmSync(dir, { recursive: true, force: true }))

const echo = route({
  method: 'GET',
  path: '/things/{name}',
  operationId: 'getThing',
  access: 'key',
  summary: 'echo',
  tag: 'test',
  pathParams: { name: { type: 'string' } },
  query: objectOf({
    count: { type: 'integer', minimum: 1, maximum: 9, default: 1, 'x-message': 'count must be 1 to 9' },
  }),
  responses: { 200: { description: 'echo' } },
  handle: ({ params, query }) => ({ json: { name: params.name, count: query.count } }),
})

const created = route({
  method: 'POST',
  path: '/things',
  operationId: 'createThing',
  access: { ip: 'export' },
  summary: 'create',
  tag: 'test',
  body: objectOf({ name: { type: 'string' } }, { required: ['name'], message: 'the body must be an object' }),
  responses: { 200: { description: 'created' } },
  handle: ({ body }) => ({ status: 201, json: { created: body.name } }),
})

async function depsOf(routes: Route[] = [echo, created]) {
  const store = new FileKeyStore(join(dir, `keys-${Math.random()}.json`))
  const { key, record } = mintKey({ name: 'test', limit: 2, expiresAt: null })
  await store.add(record)
  const logged: AccessEntry[] = []
  const deps: PipelineDeps = {
    router: new Router(routes),
    keys: new KeyAuthenticator(store),
    limits: new RateLimits(),
    defaultRateLimit: 100,
    ipRateLimits: { export: 1, mcp: 1 },
    authFailureLimit: 2,
    authFailures: new RateLimits(),
    trustProxy: 0,
    access: { write: (entry) => logged.push(entry), flush: () => {} },
    metrics: new HttpMetrics(new Registry()),
    logger: pino({ level: 'silent' }),
    requestTimeout: 30_000,
  }
  return { deps, key, logged }
}

describe('pipeline steps', () => {
  test('matchRoute: the route and its raw parameters; 404 for an unknown path; 405 naming the allowed methods', async () => {
    const { deps } = await depsOf()
    const { exchange } = exchangeOf('GET', '/things/a%20b/?count=2')
    assert.equal(matchRoute(exchange, deps.router), echo)
    assert.deepEqual(exchange.rawParams, { name: 'a%20b' })
    assert.equal(exchange.routePath, '/things/{name}')
    assert.throws(() => matchRoute(exchangeOf('GET', '/nothing').exchange, deps.router), { code: 'not_found' })
    assert.throws(
      () => matchRoute(exchangeOf('DELETE', '/things').exchange, deps.router),
      (error: ApiError) => {
        assert.equal(error.code, 'method_not_allowed')
        assert.deepEqual(error.headers, { allow: 'POST' })
        return true
      },
    )
  })

  test('presentedKey: X-API-Key or a Bearer token; two different keys are refused', () => {
    const request = (headers: Record<string, string>) => exchangeOf('GET', '/', headers).exchange.req
    assert.equal(presentedKey(request({ 'x-api-key': ' k1 ' })), 'k1')
    assert.equal(presentedKey(request({ authorization: 'Bearer k2' })), 'k2')
    assert.equal(presentedKey(request({ 'x-api-key': 'k3', authorization: 'bearer k3' })), 'k3')
    assert.equal(presentedKey(request({})), undefined)
    assert.throws(() => presentedKey(request({ 'x-api-key': 'k1', authorization: 'Bearer k2' })), {
      code: 'unauthorized',
    })
  })

  test('authenticate: the key record; a 401 counts against the client IP, which is then refused with 429', async () => {
    const { deps, key } = await depsOf()
    const record = await authenticate(exchangeOf('GET', '/', { 'x-api-key': key }).exchange, deps)
    assert.equal(record.name, 'test')
    const cached = authenticate(exchangeOf('GET', '/', { 'x-api-key': key }).exchange, deps)
    assert.ok(!(cached instanceof Promise), 'a cached key is answered synchronously')
    for (let i = 0; i < 2; i++) {
      await assert.rejects(async () => authenticate(exchangeOf('GET', '/', { 'x-api-key': 'wrong' }).exchange, deps), {
        code: 'unauthorized',
      })
    }
    assert.throws(() => authenticate(exchangeOf('GET', '/', { 'x-api-key': key }).exchange, deps), {
      code: 'rate_limited',
    })
  })

  test('limitKey and limitClient: the four RateLimit headers, then 429 past the limit', async () => {
    const { deps, key } = await depsOf()
    const keyed = () => {
      const { exchange } = exchangeOf('GET', '/things/x', { 'x-api-key': key })
      exchange.key = authenticate(exchange, deps) as never
      return exchange
    }
    const first = keyed()
    first.key = await authenticate(first, deps)
    await limitKey(first, deps)
    assert.deepEqual(first.headers, [
      'x-request-id', 'req-1',
      'ratelimit-limit', '2', 'ratelimit-remaining', '1', 'ratelimit-reset', '60', 'ratelimit-policy', '2;w=60',
    ]) // prettier-ignore
    const second = keyed()
    second.key = await authenticate(second, deps)
    await limitKey(second, deps)
    const third = keyed()
    third.key = await authenticate(third, deps)
    await assert.rejects(limitKey(third, deps), /rate limit of 2 requests per minute exceeded/)
    await limitClient(exchangeOf('POST', '/things').exchange, 'export', deps)
    await assert.rejects(limitClient(exchangeOf('POST', '/things').exchange, 'export', deps), /per client exceeded/)
  })

  test('send writes the reply with the pipeline headers in one head; fail writes the error body; both log', async () => {
    const { deps, logged } = await depsOf()
    const ok = exchangeOf('GET', '/things/x')
    ok.exchange.headers.push('ratelimit-limit', '5')
    // A body too small to compress is written at once: nothing to wait for.
    assert.equal(send(ok.exchange, { json: { a: 1 }, headers: { 'cache-control': 'no-store' } }, deps), undefined)
    const reply = written(ok.socket)
    assert.equal(reply.status, 200)
    assert.equal(reply.body, '{"a":1}')
    assert.equal(reply.headers.get('x-request-id'), 'req-1')
    assert.equal(reply.headers.get('ratelimit-limit'), '5')
    assert.equal(reply.headers.get('content-type'), 'application/json; charset=utf-8')
    assert.equal(reply.headers.get('content-length'), '7')
    const bad = exchangeOf('GET', '/things/x')
    fail(bad.exchange, new ApiError('not_found', 'no such thing'), deps)
    const error = written(bad.socket)
    assert.equal(error.status, 404)
    assert.deepEqual(JSON.parse(error.body), { error: { code: 'not_found', message: 'no such thing' } })
    const crash = exchangeOf('GET', '/things/x')
    fail(crash.exchange, new TypeError('secret detail'), deps)
    assert.deepEqual(JSON.parse(written(crash.socket).body), {
      error: { code: 'internal_error', message: 'internal error' },
    })
    assert.deepEqual(
      logged.map((entry) => [entry.status, entry.completed]),
      [
        [200, true],
        [404, true],
        [500, true],
      ],
    )
  })

  test('send writes a reply without a body (304, 204) as its headers alone, and logs it', async () => {
    const { deps, logged } = await depsOf()
    const cached = exchangeOf('GET', '/things/x')
    const etag = { etag: '"abc"', 'cache-control': 'no-cache' }
    assert.equal(send(cached.exchange, { status: 304, headers: etag }, deps), undefined)
    const notModified = written(cached.socket)
    assert.equal(notModified.status, 304)
    assert.equal(notModified.body, '')
    assert.deepEqual(
      [...notModified.headers.keys()].filter((name) => !['date', 'connection', 'keep-alive'].includes(name)),
      ['x-request-id', 'etag', 'cache-control'],
    )
    const preflight = exchangeOf('OPTIONS', '/things')
    assert.equal(send(preflight.exchange, { status: 204, headers: { allow: 'POST' } }, deps), undefined)
    assert.deepEqual([written(preflight.socket).status, written(preflight.socket).headers.get('allow')], [204, 'POST'])
    assert.deepEqual(
      logged.map((entry) => entry.status),
      [304, 204],
    )
    // @ts-expect-error An answer that says nothing (no body, no bodiless status) is no Reply.
    const nothing: Reply = {}
    // @ts-expect-error A status with a body of its own needs that body.
    const bodiless: Reply = { status: 200 }
    assert.ok(nothing !== bodiless)
  })

  test('serve runs the steps by access: key, limit, inputs, handler, reply; any failure is the error body', async () => {
    const { deps, key, logged } = await depsOf()
    const call = async (method: string, url: string, headers: Record<string, string>, body?: string) => {
      const { exchange, socket } = exchangeOf(method, url, headers, body)
      await serve(exchange, deps)
      await new Promise((resolve) => setImmediate(resolve))
      return written(socket)
    }
    const echoed = await call('GET', '/things/a%20b?count=3', { 'x-api-key': key })
    assert.deepEqual([echoed.status, JSON.parse(echoed.body)], [200, { name: 'a b', count: 3 }])
    const invalid = await call('GET', '/things/a?count=10', { 'x-api-key': key })
    assert.deepEqual(
      [invalid.status, JSON.parse(invalid.body)],
      [422, { error: { code: 'invalid_request', message: 'count must be 1 to 9' } }],
    )
    const limited = await call('GET', '/things/a', { 'x-api-key': key })
    assert.equal(limited.status, 429)
    assert.equal(limited.headers.get('retry-after'), '60')
    const unauthorized = await call('GET', '/things/a', {})
    assert.equal(unauthorized.status, 401)
    const made = await call('POST', '/things', { 'content-type': 'application/json' }, '{"name":"n"}')
    assert.deepEqual([made.status, JSON.parse(made.body)], [201, { created: 'n' }])
    assert.equal(logged.at(-1)?.route, '/things')
  })

  test('a keyless route counts against the per-IP limit its access names, and no other', async () => {
    const mcpLike = route({
      method: 'POST',
      path: '/calls',
      operationId: 'call',
      access: { ip: 'mcp' },
      summary: 'call',
      tag: 'test',
      responses: { 200: { description: 'called' } },
      handle: () => ({ json: {} }),
    })
    const { deps } = await depsOf([created, mcpLike])
    deps.ipRateLimits = { export: 1, mcp: 2 }
    const call = async (path: string) => {
      const { exchange, socket } = exchangeOf('POST', path, { 'content-type': 'application/json' }, '{"name":"n"}')
      await serve(exchange, deps)
      await new Promise((resolve) => setImmediate(resolve))
      return written(socket)
    }
    assert.equal((await call('/things')).status, 201)
    assert.equal((await call('/things')).status, 429, 'the export limit (1) is spent')
    const first = await call('/calls')
    assert.deepEqual([first.status, first.headers.get('ratelimit-policy')], [200, '2;w=60'])
    assert.equal((await call('/calls')).status, 200)
    assert.equal((await call('/calls')).status, 429)
    assert.equal(deps.metrics.refusals.mcp.value, 1)
  })
})

describe('routes compiled from their schemas', () => {
  test('run decodes path parameters, validates and caches the query, reads and validates the body', async () => {
    const query = exchangeOf('GET', '/things/x?count=2&count=3')
    query.exchange.rawParams = { name: 'x' }
    assert.throws(() => echo.run(query.exchange), /count must be given once/)
    const encoded = exchangeOf('GET', '/things/%E0%A4%A')
    encoded.exchange.rawParams = { name: '%E0%A4%A' }
    assert.throws(() => echo.run(encoded.exchange), /name is not valid percent-encoded text/)
    const body = exchangeOf('POST', '/things', { 'content-type': 'application/json' }, '{"name":"n","other":1}')
    await assert.rejects(async () => created.run(body.exchange), /unknown field "other"/)
    const first = exchangeOf('GET', '/things/x?count=4')
    first.exchange.rawParams = { name: 'x' }
    const again = exchangeOf('GET', '/things/y?count=4')
    again.exchange.rawParams = { name: 'y' }
    assert.deepEqual(await echo.run(first.exchange), { json: { name: 'x', count: 4 } })
    assert.deepEqual(await echo.run(again.exchange), { json: { name: 'y', count: 4 } })
  })

  test('a keyed route that declares a public Cache-Control is refused when the table is made', () => {
    const spec = {
      method: 'GET',
      path: '/mine',
      operationId: 'getMine',
      summary: 'Mine',
      tag: 'test',
      responses: { 200: { description: 'Mine.' } },
      handle: () => ({ json: {} }),
    } as const
    assert.throws(
      () => route({ ...spec, access: 'key', cacheControl: ['no-store', 'public, max-age=60'] }),
      /getMine: a keyed route's answers may not be publicly cacheable/,
    )
    assert.doesNotThrow(() => route({ ...spec, access: 'key', cacheControl: ['private, max-age=60'] }))
    assert.doesNotThrow(() => route({ ...spec, access: 'public', cacheControl: ['public, max-age=60'] }))
  })

  test('the description the router and the documents read: the query as its properties', () => {
    assert.deepEqual(Object.keys(echo.query ?? {}), ['count'])
    assert.deepEqual(Object.keys(echo.pathParams ?? {}), ['name'])
    assert.equal(created.body?.['type'], 'object')
  })

  test('takeResponse hands the pipeline headers to a handler that writes the response itself', async () => {
    const { deps } = await depsOf([
      route({
        method: 'GET',
        path: '/raw',
        operationId: 'getRaw',
        access: 'public',
        summary: 'raw',
        tag: 'test',
        responses: { 200: { description: 'raw' } },
        handle: (_inputs, context) => {
          const res = context.takeResponse()
          res.writeHead(202, { 'content-type': 'text/plain' })
          res.end('raw')
          return 'sent'
        },
      }),
    ])
    const { exchange, socket } = exchangeOf('GET', '/raw')
    await serve(exchange, deps)
    const reply = written(socket)
    assert.equal(reply.status, 202)
    assert.equal(reply.headers.get('x-request-id'), 'req-1')
    assert.match(reply.body, /raw/)
  })
})
