import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import { pino } from 'pino'
import { request } from 'undici'
import { accessLogger, type AccessEntry } from '../../src/http/access-log.ts'
import { startApp, type TestApp } from '../helpers/app.ts'
import { waitFor } from '../helpers/wait.ts'

function capture(level = 'info') {
  const lines: string[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      callback()
    },
  })
  return { logger: pino({ level, base: { service: 'ibanmint' } }, sink), lines }
}

const entries: AccessEntry[] = [
  {
    req: 'mi5x1k-1a',
    method: 'GET',
    route: '/api/v1/generate/{country}',
    path: '/api/v1/generate/DE?count=1',
    status: 200,
    ms: 0.41,
    bytes: 512,
    ip: '203.0.113.7',
    key: 'JfvGLcsevfq8',
    error: undefined,
    completed: true,
  },
  {
    req: 'from-proxy.42',
    method: 'POST',
    route: 'unmatched',
    path: '/nowhere?token=[redacted]',
    status: 404,
    ms: 12,
    bytes: 77,
    ip: '::ffff:10.0.0.1',
    key: undefined,
    error: 'not_found',
    completed: false,
  },
  {
    req: 'r-7',
    method: 'GET',
    route: '/healthz',
    path: '/healthz',
    status: 200,
    ms: 0.05,
    bytes: 15,
    ip: '127.0.0.1',
    key: undefined,
    error: undefined,
    completed: true,
  },
  {
    req: 'r-8',
    method: 'GET',
    route: '/healthz',
    path: '/healthz',
    status: 200,
    ms: 61234.5,
    bytes: 0,
    ip: '127.0.0.1',
    key: undefined,
    error: undefined,
    completed: true,
  },
  {
    req: 'r-9',
    method: 'GET',
    route: '/api/v1/bulk/{country}',
    path: '/api/v1/bulk/DE?count=10000000',
    status: 429,
    ms: 1.2,
    bytes: 96,
    ip: '2001:db8::1',
    key: 'JfvGLcsevfq8',
    error: 'rate_limited',
    completed: true,
  },
  // Values the template does not print itself go through pino (and come out the same).
  {
    req: 'x',
    method: 'M-SEARCH',
    route: 'x"y',
    path: '/',
    status: 405,
    ms: 1.5,
    bytes: 0,
    ip: '127.0.0.1',
    key: undefined,
    error: 'method_not_allowed',
    completed: true,
  },
  {
    req: 'q',
    method: 'GET',
    route: 'unmatched',
    path: '/a"b\\c/ü',
    status: 404,
    ms: 0.3,
    bytes: 10,
    ip: 'not "an" address',
    key: undefined,
    error: 'not_found',
    completed: true,
  },
]

test('an access line is the JSON pino writes for the same entry', async () => {
  for (const entry of entries) {
    const ours = capture()
    const log = accessLogger(ours.logger)
    log.write(entry)
    log.flush()
    const theirs = capture()
    theirs.logger.info(entry)
    await new Promise((resolve) => setImmediate(resolve))
    const [line] = ours.lines
    const [expected] = theirs.lines
    const { time: t1, ...a } = JSON.parse(line as string) as Record<string, unknown>
    const { time: t2, ...b } = JSON.parse(expected as string) as Record<string, unknown>
    assert.deepEqual(a, b)
    assert.equal(typeof t1, typeof t2)
    assert.deepEqual(
      Object.keys(JSON.parse(line as string) as object),
      Object.keys(JSON.parse(expected as string) as object),
    )
  }
})

test('nothing is written below the info level', async () => {
  const quiet = capture('warn')
  accessLogger(quiet.logger).write(entries[0] as AccessEntry)
  await new Promise((resolve) => setImmediate(resolve))
  assert.deepEqual(quiet.lines, [])
})

test('lines reach the destination in batches, within moments, without a flush', async () => {
  const sink = capture()
  const writes: string[] = []
  const stream = (sink.logger as unknown as Record<symbol, { write(chunk: string): unknown }>)[pino.symbols.streamSym]
  const write = stream?.write.bind(stream)
  if (stream !== undefined && write !== undefined)
    stream.write = (chunk: string) => {
      writes.push(chunk)
      return write(chunk)
    }
  const log = accessLogger(sink.logger)
  for (let i = 0; i < 100; i++) log.write({ ...(entries[0] as AccessEntry), req: `r-${i}` })
  assert.equal(writes.length, 0, 'nothing is written line by line')
  await waitFor(() => sink.lines.length === 100, { timeout: 1_000, message: 'the batch to be written' })
  assert.equal(writes.length, 1, 'one write for the batch')
  assert.deepEqual(
    sink.lines.map((line) => (JSON.parse(line) as { req: string }).req),
    Array.from({ length: 100 }, (_, i) => `r-${i}`),
  )
})

describe('access lines of a real server (TRUST_PROXY=1)', () => {
  let app: TestApp
  const cleanup: (() => unknown)[] = []
  before(async () => {
    app = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { TRUST_PROXY: '1' } })
  })
  after(async () => {
    for (const fn of cleanup) await fn()
  })

  /** The access line of the request with this id, once written. */
  const lineOf = (id: string) =>
    waitFor(
      () =>
        app
          .logText()
          .split('\n')
          .map((text) => JSON.parse(text) as Record<string, unknown>)
          .find((entry) => entry['req'] === id && entry['status'] !== undefined),
      { timeout: 2_000, message: `the access line of ${id}` },
    )

  test('a keyed request: its path with the documented query, the client IP after the proxy, bytes, the key id', async () => {
    const res = await app.call('GET', '/api/v1/generate/DE?count=2&seed=7', {
      headers: { ...app.auth, 'x-request-id': 'line-1', 'x-forwarded-for': '198.51.100.7, 203.0.113.9' },
    })
    assert.equal(res.status, 200, res.text)
    const line = await lineOf('line-1')
    assert.equal(line['path'], '/api/v1/generate/DE?count=2&seed=7')
    assert.equal(line['route'], '/api/v1/generate/{country}')
    assert.equal(line['ip'], '203.0.113.9', 'the hop the one trusted proxy added')
    assert.equal(line['bytes'], Buffer.byteLength(res.text))
    assert.equal(line['key'], (app.auth['x-api-key'] as string).slice(4, 16))
    assert.equal(line['error'], undefined)
    assert.ok(!app.logText().includes(app.auth['x-api-key'] as string), 'the key is never logged')
  })

  test('a parameter the route does not document is logged without its value (and ignored)', async () => {
    const res = await app.call('GET', '/api/v1/generate/DE?count=2&api_key=secret-value', {
      headers: { ...app.auth, 'x-request-id': 'line-unknown' },
    })
    assert.equal(res.status, 200)
    const line = await lineOf('line-unknown')
    assert.equal(line['path'], '/api/v1/generate/DE?count=2&api_key=[redacted]')
    assert.ok(!app.logText().includes('secret-value'))
  })

  test('a 404 logs its path and not_found', async () => {
    const res = await app.call('GET', '/api/v2/things?x=1', { headers: { 'x-request-id': 'line-404' } })
    assert.equal(res.status, 404)
    const line = await lineOf('line-404')
    assert.equal(line['route'], 'unmatched')
    assert.equal(line['path'], '/api/v2/things?x=[redacted]')
    assert.equal(line['error'], 'not_found')
    assert.equal(line['bytes'], Buffer.byteLength(res.text))
  })

  test('4xx lines carry the error code: unauthorized, invalid_request, method_not_allowed', async () => {
    await app.call('GET', '/api/v1/countries', { headers: { 'x-request-id': 'line-401' } })
    await app.call('GET', '/api/v1/generate/DE?count=0', { headers: { ...app.auth, 'x-request-id': 'line-422' } })
    await app.call('DELETE', '/api/v1/countries', { headers: { 'x-request-id': 'line-405' }, unchecked: true })
    assert.equal((await lineOf('line-401'))['error'], 'unauthorized')
    assert.equal((await lineOf('line-422'))['error'], 'invalid_request')
    assert.equal((await lineOf('line-405'))['error'], 'method_not_allowed')
  })

  test('a key sent by mistake in the path or as X-Request-Id is never logged', async () => {
    const key = app.auth['x-api-key'] as string
    const res = await app.call('GET', `/api/v1/validate/${key}`, { headers: { ...app.auth, 'x-request-id': key } })
    assert.notEqual(res.headers['x-request-id'], key, 'a request id shaped like a key is replaced')
    const line = await lineOf(String(res.headers['x-request-id']))
    assert.equal(line['path'], '/api/v1/validate/[key]')
    assert.ok(!app.logText().includes(key.slice(4)))
  })

  test('a key sent percent-encoded in the path or the query is redacted after decoding, never logged', async () => {
    const key = app.auth['x-api-key'] as string
    const tail = key.slice(4)
    const encoded: [string, string][] = [
      [`/api/v1/validate/%69mk_${tail}`, '/api/v1/validate/[key]'],
      [`/api/v1/validate/%49%4d%4B%5f${tail}`, '/api/v1/validate/[key]'],
      [`/api/v1/validate/%2569mk_${tail}`, '/api/v1/validate/[key]'],
      [`/api/v1/generate/DE?seed=%69mk%5F${tail}`, '/api/v1/generate/DE?seed=[key]'],
      [`/api/v1/generate/DE?seed=key+%2569mk_${tail}`, '/api/v1/generate/DE?seed=key+[key]'],
      [`/nowhere/%69mk_${tail}?x=1`, '/nowhere/[key]?x=[redacted]'],
    ]
    for (const [i, [target, logged]] of encoded.entries()) {
      const res = await app.call('GET', target, { headers: { ...app.auth, 'x-request-id': `encoded-${i}` } })
      assert.notEqual(res.status, 500)
      assert.equal((await lineOf(`encoded-${i}`))['path'], logged, target)
    }
    assert.ok(!app.logText().includes(tail.slice(13)), 'no part of the secret is logged')
  })

  test('bytes are those sent: the compressed body when compressed, none for HEAD', async () => {
    const zipped = await request(`${app.url}/api/v1/countries`, {
      headers: { ...app.auth, 'accept-encoding': 'gzip', 'x-request-id': 'line-gzip' },
    })
    const received = (await zipped.body.arrayBuffer()).byteLength
    assert.equal(zipped.headers['content-encoding'], 'gzip')
    assert.equal((await lineOf('line-gzip'))['bytes'], received)
    await app.call('HEAD', '/api/v1/countries', { headers: { ...app.auth, 'x-request-id': 'line-head' } })
    assert.equal((await lineOf('line-head'))['bytes'], 0)
  })
})

test('without TRUST_PROXY, X-Forwarded-For is not believed: the line has the connection’s address', async (t) => {
  const app = await startApp(t)
  await app.call('GET', '/healthz', { headers: { 'x-request-id': 'direct-1', 'x-forwarded-for': '198.51.100.7' } })
  const line = await waitFor(
    () =>
      app
        .logText()
        .split('\n')
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry['req'] === 'direct-1'),
    { timeout: 2_000 },
  )
  assert.equal(line['ip'], '127.0.0.1')
})
