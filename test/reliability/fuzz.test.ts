// Property-based fuzzing of every route with fast-check: paths, query strings, headers, JSON
// bodies and MCP tool arguments. Whatever comes in, the answer is a 2xx or 4xx with a
// well-formed body, never a 5xx; nothing hangs, nothing rejects unhandled, the process lives.
// Seeded and time-boxed: a few seconds per property by default, a minute each with
// IBANMINT_LONG_TESTS=1.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { Agent, request } from 'undici'
import { startApp, type TestApp } from '../helpers/app.ts'
import { record } from './report.ts'
import { connectionsOf, waitFor } from '../helpers/wait.ts'

const LONG = process.env['IBANMINT_LONG_TESTS'] === '1'
const BUDGET_MS = LONG ? 60_000 : 6_000
const SEED = 20261122

const TEMPLATES = [
  '/api/v1',
  '/api/v1/openapi.json',
  '/api/v1/countries',
  '/api/v1/countries/{x}',
  '/api/v1/generate/{x}',
  '/api/v1/generate',
  '/api/v1/validate/{x}',
  '/api/v1/validate',
  '/api/v1/validate/batch',
  '/api/v1/bulk/{x}',
  '/export/{x}',
  '/mcp',
  '/mcp/server-card',
  '/.well-known/mcp/server-card.json',
  '/healthz',
  '/readyz',
  '/{x}',
]
const PARAMS = ['count', 'realistic', 'seed', 'format', 'code', 'iban', '']

const segment = fc.oneof(
  fc.constantFrom('DE', 'de', 'FR', 'ZZ', 'DE89370400440532013000', 'DE,FR', '', '..', '%', '%00', '%E0%A4%A'),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent),
  fc.string({ maxLength: 80 }),
)
const value = fc.oneof(
  fc.constantFrom('1', '0', '100', '101', '-1', '1e2', 'true', 'false', 'csv', 'sql', 'json', 'x', '', '%', '%ZZ'),
  fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeURIComponent),
  fc.integer().map(String),
)
const query = fc
  .array(fc.tuple(fc.constantFrom(...PARAMS), value), { maxLength: 5 })
  .map((pairs) => (pairs.length === 0 ? '' : '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&')))
const path = fc
  .tuple(fc.constantFrom(...TEMPLATES), segment, query, fc.boolean())
  .map(([template, x, q, slash]) => template.replace('{x}', x.replace(/[?#\s]/g, '')) + (slash ? '/' : '') + q)
const body = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.constantFrom('', '{', '[]', 'null', '{"country":"DE","count":5}', '{"ibans":["DE89370400440532013000"]}'),
  fc
    .record(
      {
        country: fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.constant('DE')),
        count: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
        realistic: fc.oneof(fc.boolean(), fc.string()),
        seed: fc.oneof(fc.string({ maxLength: 200 }), fc.integer()),
        iban: fc.oneof(fc.string({ maxLength: 100 }), fc.constant('DE89 3704 0044 0532 0130 00')),
        ibans: fc.array(fc.oneof(fc.string({ maxLength: 40 }), fc.integer()), { maxLength: 20 }),
      },
      { requiredKeys: [] },
    )
    .map((o) => JSON.stringify(o)),
)

describe('reliability: fuzzing every route', () => {
  let app: TestApp
  let agent: Agent
  const cleanup: (() => unknown)[] = []
  let unhandled = 0
  const onUnhandled = () => unhandled++
  before(async () => {
    process.on('unhandledRejection', onUnhandled)
    app = await startApp(
      { after: (fn) => cleanup.push(fn) },
      {
        env: {
          EXPORT_RATE_LIMIT: '1000000000',
          MCP_RATE_LIMIT: '1000000000',
          AUTH_FAILURE_LIMIT: '1000000000',
          BULK_MAX_COUNT: '20000',
        },
      },
    )
    agent = new Agent({ connections: 8 })
  })
  after(async () => {
    process.off('unhandledRejection', onUnhandled)
    for (const fn of cleanup) await fn()
  })

  async function send(method: string, target: string, headers: Record<string, string>, payload?: string) {
    const response = await request(app.url + target, {
      method: method as 'GET',
      headers,
      body: method === 'GET' || method === 'HEAD' ? null : (payload ?? null),
      dispatcher: agent,
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    })
    const text = await response.body.text()
    return { status: response.statusCode, type: String(response.headers['content-type'] ?? ''), text }
  }

  function assertWellFormed(target: string, res: { status: number; type: string; text: string }) {
    assert.ok(res.status < 500, `${target}: ${res.status} ${res.text.slice(0, 200)}`)
    if (res.status >= 400 && res.text !== '') {
      assert.match(res.type, /^application\/json/, target)
      const parsed = JSON.parse(res.text) as { error?: { code?: unknown; message?: unknown } }
      assert.ok(parsed.error !== undefined, `${target}: ${res.text.slice(0, 200)}`)
      if (!target.startsWith('/mcp')) {
        assert.equal(typeof parsed.error.code, 'string', target)
        assert.equal(typeof parsed.error.message, 'string', target)
      }
    }
  }

  /** Access lines the server wrote: one per response, once it is done with the request. */
  const accessLines = () => app.logText().split('"completed":').length - 1

  test('V10: paths, query strings, methods, headers and bodies', async () => {
    let runs = 0
    const linesBefore = accessLines()
    const started = performance.now()
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'GET', 'POST', 'POST', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'),
        path,
        fc.constantFrom<Record<string, string>>(
          app.auth,
          {},
          { 'x-api-key': 'imk_garbage' },
          { authorization: 'Bearer ' },
          { ...app.auth, origin: 'https://evil.example' },
        ),
        fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8', ''),
        fc.constantFrom('application/json, text/event-stream', '*/*', 'text/html'),
        body,
        async (method, target, auth, contentType, accept, payload) => {
          runs++
          const headers: Record<string, string> = { ...auth, accept }
          if (contentType !== '') headers['content-type'] = contentType
          assertWellFormed(target, await send(method, target, headers, payload))
        },
      ),
      { seed: SEED, numRuns: 1_000_000, interruptAfterTimeLimit: BUDGET_MS, markInterruptAsFailure: false },
    )
    assert.ok(runs > 100, `${runs} runs`)
    // With every request's access line written the server is done with them all, and a promise
    // rejected on the way, unhandled, has been reported by then.
    await waitFor(() => accessLines() >= linesBefore + runs, { message: `the access lines of ${runs} requests` })
    assert.equal(unhandled, 0)
    record(
      'V10',
      'Fuzz: method × path × query × auth × content type × body',
      `${runs} requests in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${SEED}): 0 × 5xx, all error bodies well-formed`,
    )
  })

  test('V10 (MCP): tool arguments and JSON-RPC messages', async () => {
    let runs = 0
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    }
    const args = fc.oneof(
      fc.dictionary(
        fc.constantFrom('country', 'count', 'realistic', 'seed', 'iban', 'x'),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 5 },
      ),
      fc.jsonValue({ maxDepth: 2 }),
    )
    const message = fc.oneof(
      fc.record({
        jsonrpc: fc.constant('2.0'),
        id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 })),
        method: fc.constant('tools/call'),
        params: fc.record({
          name: fc.constantFrom('generate_iban', 'validate_iban', 'list_countries', 'nope', ''),
          arguments: args,
        }),
      }),
      fc.record(
        {
          jsonrpc: fc.constantFrom('2.0', '1.0'),
          id: fc.jsonValue({ maxDepth: 1 }),
          method: fc.string({ maxLength: 20 }),
          params: fc.jsonValue({ maxDepth: 2 }),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 3 }),
    )
    const started = performance.now()
    await fc.assert(
      fc.asyncProperty(message, async (m) => {
        runs++
        const res = await send('POST', '/mcp', headers, JSON.stringify(m))
        assertWellFormed('/mcp', res)
        if (res.status === 200 && res.text !== '') {
          const parsed = JSON.parse(res.text) as { jsonrpc: string; result?: unknown; error?: { code: number } }
          assert.equal(parsed.jsonrpc, '2.0')
          assert.ok(parsed.result !== undefined || typeof parsed.error?.code === 'number')
        }
      }),
      { seed: SEED, numRuns: 1_000_000, interruptAfterTimeLimit: BUDGET_MS, markInterruptAsFailure: false },
    )
    assert.ok(runs > 100)
    await agent.close()
    const open = await waitFor(async () => ((await connectionsOf(app.service.app.server)) === 0 ? 0 : undefined), {
      message: 'every fuzzing socket to close',
    }).catch(() => connectionsOf(app.service.app.server))
    assert.equal(open, 0, 'no socket left open once the client is gone')
    assert.equal(unhandled, 0)
    assert.equal((await app.call('GET', '/api/v1')).status, 200)
    record(
      'V10-MCP',
      'Fuzz: JSON-RPC messages and tool arguments',
      `${runs} calls in ${((performance.now() - started) / 1000).toFixed(1)} s: 0 × 5xx, 0 unhandled rejections, 0 open sockets after`,
    )
  })
})
