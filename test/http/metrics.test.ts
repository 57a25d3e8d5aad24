// GET /metrics on a real server: key holders only, the Prometheus text format (checked line by
// line), and counts that follow what the server did: requests by route, status and access kind,
// durations, bytes, rows generated and validated (API, downloads, MCP), rate-limit refusals by
// limit, the pool, and Redis health as a real redis-server goes away.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { request } from 'undici'
import { startApp, assertError, type TestApp } from '../helpers/app.ts'
import { startRedis } from '../helpers/redis.ts'

/** One sample line: a name, optional labels, a value. */
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*",?)*\})? (-?[\d.e+-]+|[+-]Inf|NaN)$/

/**
 * The exposition parsed, and checked as Prometheus reads it: every family's HELP and TYPE before
 * its samples, each series once, histogram buckets cumulative up to +Inf = _count.
 */
function parseExposition(text: string): Map<string, number> {
  assert.ok(text.endsWith('\n'), 'ends with a line feed')
  const samples = new Map<string, number>()
  const types = new Map<string, string>()
  let family = ''
  for (const line of text.slice(0, -1).split('\n')) {
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line)
    if (comment !== null) {
      const [, kind, name = '', rest = ''] = comment
      if (kind === 'TYPE') {
        assert.ok(['counter', 'gauge', 'histogram'].includes(rest), line)
        assert.ok(!types.has(name), `one TYPE for ${name}`)
        types.set(name, rest)
      } else family = name
      continue
    }
    const match = SAMPLE.exec(line)
    assert.ok(match, `a sample line: ${line}`)
    const [, name = '', labels = '', value = ''] = match
    assert.ok(name === family || name.startsWith(`${family}_`), `${name} follows the HELP of ${family}`)
    assert.ok(types.has(family), `${family} has a TYPE`)
    const series = `${name}${labels}`
    assert.ok(!samples.has(series), `one sample of ${series}`)
    samples.set(series, Number(value))
  }
  for (const [name, type] of types) {
    if (type !== 'histogram') continue
    const counts = [...samples].filter(([series]) => series.startsWith(`${name}_count`))
    for (const [series, count] of counts) {
      const labels = series.slice(`${name}_count`.length).replace(/^\{|\}$/g, '')
      const buckets = [...samples]
        .filter(([bucket]) => bucket.startsWith(`${name}_bucket{${labels}${labels === '' ? '' : ','}le=`))
        .map(([, value]) => value)
      assert.ok(buckets.length > 1, `${series} has buckets`)
      assert.deepEqual(
        buckets,
        [...buckets].sort((a, b) => a - b),
        `${series}: cumulative`,
      )
      assert.equal(buckets.at(-1), count, `${series}: +Inf is the count`)
    }
  }
  return samples
}

async function scrape(app: TestApp, headers: Record<string, string> = app.auth): Promise<Map<string, number>> {
  const res = await request(`${app.url}/metrics`, { headers })
  assert.equal(res.statusCode, 200)
  assert.equal(res.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8')
  assert.equal(res.headers['cache-control'], 'no-store')
  return parseExposition(await res.body.text())
}

const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }
const callTool = (app: TestApp, name: string, args: Record<string, unknown>) =>
  app.call('POST', '/mcp', {
    headers: MCP_HEADERS,
    json: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
  })

describe('GET /metrics', () => {
  let app: TestApp
  const cleanup: (() => unknown)[] = []
  before(async () => {
    app = await startApp(
      { after: (fn) => cleanup.push(fn) },
      {
        env: {
          TRUST_PROXY: '1',
          AUTH_FAILURE_LIMIT: '2',
          EXPORT_RATE_LIMIT: '1',
          MCP_RATE_LIMIT: '1000',
          POOL_INLINE_MAX: '50',
        },
      },
    )
  })
  after(async () => {
    for (const fn of cleanup) await fn()
  })

  test('without a key, or with a wrong one: 401 with the error body, no metrics', async () => {
    // From an address of their own: two failures would block this client (AUTH_FAILURE_LIMIT=2).
    const stranger = { 'x-forwarded-for': '198.51.100.30' }
    const missing = await app.call('GET', '/metrics', { headers: stranger })
    assertError(missing, 401, 'unauthorized')
    assert.match(String(missing.headers['www-authenticate']), /Bearer/)
    assert.ok(!missing.text.includes('ibanmint_'))
    const wrong = await app.call('GET', '/metrics', {
      headers: { ...stranger, authorization: 'Bearer imk_AAAAAAAAAAAA_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    })
    assertError(wrong, 401, 'unauthorized')
  })

  test('with a key in X-API-Key, or as a Bearer token as Prometheus sends it: the text format', async () => {
    await scrape(app)
    const key = app.auth['x-api-key'] as string
    const samples = await scrape(app, { authorization: `Bearer ${key}` })
    assert.equal(samples.get('ibanmint_processes'), 1)
    assert.equal(samples.get('ibanmint_http_requests_in_flight'), 1, 'the scrape itself')
    assert.ok((samples.get('process_resident_memory_bytes') ?? 0) > 10e6)
    assert.equal(samples.get(`ibanmint_build_info{version="0.3.0"}`), 1)
  })

  test('requests are counted by route, status and access kind, with durations and body bytes', async () => {
    const before = await scrape(app)
    const series = (status: number) =>
      `ibanmint_http_requests_total{route="/api/v1/generate/{country}",status="${status}",access="key"}`
    for (let i = 0; i < 3; i++)
      assert.equal((await app.call('GET', '/api/v1/generate/DE?count=5', { headers: app.auth })).status, 200)
    assert.equal((await app.call('GET', '/api/v1/generate/DE?count=0', { headers: app.auth })).status, 422)
    assert.equal((await app.call('GET', '/no/such/path')).status, 404)
    assert.equal((await app.call('GET', '/healthz')).status, 200)
    const after = await scrape(app)
    const grew = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0)
    assert.equal(grew(series(200)), 3)
    assert.equal(grew(series(422)), 1)
    assert.equal(grew('ibanmint_http_requests_total{route="unmatched",status="404",access="none"}'), 1)
    assert.equal(grew('ibanmint_http_requests_total{route="/healthz",status="200",access="public"}'), 1)
    assert.equal(grew('ibanmint_http_request_duration_seconds_count{route="/api/v1/generate/{country}"}'), 4)
    assert.ok(grew('ibanmint_http_request_duration_seconds_sum{route="/api/v1/generate/{country}"}') > 0)
    assert.ok(grew('ibanmint_http_response_body_bytes_total{route="/api/v1/generate/{country}"}') > 3 * 1_000)
  })

  test('rows generated and validated are counted by route: API, bulk, MCP', async () => {
    const before = await scrape(app)
    await app.call('GET', '/api/v1/generate/FR?count=7', { headers: app.auth })
    await app.call('POST', '/api/v1/generate', { headers: app.auth, json: { country: 'IT', count: 90 } })
    await app.call('POST', '/api/v1/validate/batch', {
      headers: app.auth,
      json: { ibans: ['DE89370400440532013000', 'GB82WEST12345698765432', 'XX'] },
    })
    await app.call('GET', '/api/v1/validate/DE89370400440532013000', { headers: app.auth })
    const bulk = await request(`${app.url}/api/v1/bulk/DE?count=25000`, { headers: app.auth })
    await bulk.body.arrayBuffer() // read to its end (dump() stops reading after 128 KiB)
    assert.equal((await callTool(app, 'generate_iban', { country: 'AT', count: 4 })).status, 200)
    assert.equal((await callTool(app, 'validate_iban', { ibans: ['DE89370400440532013000', 'nope'] })).status, 200)
    const after = await scrape(app)
    const grew = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0)
    assert.equal(grew('ibanmint_rows_generated_total{route="/api/v1/generate/{country}"}'), 7)
    assert.equal(grew('ibanmint_rows_generated_total{route="/api/v1/generate"}'), 90)
    assert.equal(grew('ibanmint_rows_generated_total{route="/api/v1/bulk/{country}"}'), 25_000)
    assert.equal(grew('ibanmint_rows_generated_total{route="/mcp"}'), 4)
    assert.equal(grew('ibanmint_rows_validated_total{route="/api/v1/validate/batch"}'), 3)
    assert.equal(grew('ibanmint_rows_validated_total{route="/api/v1/validate/{iban}"}'), 1)
    assert.equal(grew('ibanmint_rows_validated_total{route="/mcp"}'), 2)
    // The pool rendered the bulk rows (3 batches) and the count-90 request (POOL_INLINE_MAX=50).
    assert.ok(grew('ibanmint_pool_batches_total') >= 4)
    assert.ok(grew('ibanmint_pool_busy_seconds_total') > 0)
    assert.equal(after.get('ibanmint_pool_threads'), app.config.poolThreads)
    assert.equal(after.get('ibanmint_pool_queue_limit'), app.config.poolMaxQueue)
  })

  test('rows of a streamed validation are counted as they are validated', async () => {
    const before = await scrape(app)
    const lines = `${'DE89370400440532013000\n'.repeat(5_000)}`
    const res = await app.call('POST', '/api/v1/validate/stream', {
      headers: { ...app.auth, 'content-type': 'text/plain' },
      raw: lines,
      unchecked: true,
    })
    assert.equal(res.status, 200)
    const after = await scrape(app)
    assert.equal(
      (after.get('ibanmint_rows_validated_total{route="/api/v1/validate/stream"}') ?? 0) -
        (before.get('ibanmint_rows_validated_total{route="/api/v1/validate/stream"}') ?? 0),
      5_000,
    )
  })

  test('429s are counted by the limit that refused them: a key’s, a client IP’s, failed authentications’', async () => {
    const before = await scrape(app)
    const limited = await app.createKey({ limit: 2 })
    const statuses: number[] = []
    for (let i = 0; i < 3; i++)
      statuses.push((await app.call('GET', '/api/v1/countries', { headers: { 'x-api-key': limited.key } })).status)
    assert.deepEqual(statuses, [200, 200, 429])
    const exporter = { 'x-forwarded-for': '198.51.100.20' }
    assert.equal((await app.call('GET', '/export/DE?count=1', { headers: exporter })).status, 200)
    assert.equal((await app.call('GET', '/export/DE?count=1', { headers: exporter })).status, 429)
    const guesser = {
      'x-forwarded-for': '198.51.100.21',
      'x-api-key': 'imk_AAAAAAAAAAAA_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    }
    const guesses: number[] = []
    for (let i = 0; i < 3; i++) guesses.push((await app.call('GET', '/api/v1/countries', { headers: guesser })).status)
    assert.deepEqual(guesses, [401, 401, 429])
    const after = await scrape(app)
    const grew = (bucket: string) =>
      (after.get(`ibanmint_rate_limit_refusals_total{bucket="${bucket}"}`) ?? 0) -
      (before.get(`ibanmint_rate_limit_refusals_total{bucket="${bucket}"}`) ?? 0)
    assert.equal(grew('api'), 1)
    assert.equal(grew('export'), 1)
    assert.equal(grew('auth_failures'), 1)
    assert.equal(grew('mcp'), 0)
  })

  test('/metrics is in the OpenAPI document, keyed, as text/plain', async () => {
    const res = await app.call('GET', '/api/v1/openapi.json')
    const document = res.body as {
      paths: Record<string, { get: { security?: unknown[]; responses: Record<string, { content?: object }> } }>
    }
    const operation = document.paths['/metrics']?.get
    assert.ok(operation)
    assert.ok(Object.keys(operation.responses['200']?.content ?? {}).includes('text/plain'))
    assert.ok(operation.responses['401'] !== undefined)
  })
})

describe('GET /metrics with Redis', () => {
  test('ibanmint_redis_up is 1 while Redis answers a PING, 0 once it is gone', async (t) => {
    const redis = await startRedis(t)
    const app = await startApp(t, { redisUrl: redis.url })
    const up = await scrape(app)
    assert.equal(up.get('ibanmint_redis_up'), 1)
    assert.ok((up.get('ibanmint_redis_ping_seconds') ?? -1) >= 0)
    assert.equal(up.get('ibanmint_store_degraded'), 0)
    await redis.stop()
    // The key is cached and the limit falls back to memory: the scrape is still answered.
    const down = await scrape(app)
    assert.equal(down.get('ibanmint_redis_up'), 0)
    assert.equal(down.has('ibanmint_redis_ping_seconds'), false)
  })
})
