// Raw HTTP against /mcp and the server card: our guards in front of the SDK (origin, batch,
// size, methods, rate limit), the protocol answers clients depend on, and the card's headers.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { request } from 'undici'
import { assertError, startApp, type TestApp } from '../helpers/app.ts'
import { SERVER_CARD_DRAFT } from './server-card-draft.ts'

const ACCEPT = 'application/json, text/event-stream'
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
}

function legacyHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { accept: ACCEPT, 'mcp-protocol-version': '2025-11-25', ...extra }
}

function modernHeaders(method: string, name?: string): Record<string, string> {
  return {
    accept: ACCEPT,
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...(name === undefined ? {} : { 'mcp-name': name }),
  }
}

function rpc(method: string, params: Record<string, unknown> = {}, id: number | undefined = 1): unknown {
  return { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), method, params }
}

describe('MCP over raw HTTP', () => {
  let app: TestApp
  const cleanup: (() => unknown)[] = []
  before(async () => {
    app = await startApp(
      { after: (fn) => cleanup.push(fn) },
      {
        env: {
          MCP_RATE_LIMIT: '100000',
          PUBLIC_URL: 'https://mint.example.com',
          MCP_ALLOWED_ORIGINS: 'https://app.example.com, http://localhost:6274',
        },
      },
    )
  })
  after(async () => {
    for (const fn of cleanup) await fn()
  })

  test('a 2025-era tools/call is answered with one JSON body', async () => {
    const res = await app.call('POST', '/mcp', {
      headers: legacyHeaders(),
      json: rpc('tools/call', { name: 'generate_iban', arguments: { country: 'AT', count: 2 } }, 7),
    })
    assert.equal(res.status, 200)
    assert.match(String(res.headers['content-type']), /^application\/json/)
    const body = res.body as { id: number; result: { structuredContent: { ibans: unknown[] } } }
    assert.equal(body.id, 7)
    assert.equal(body.result.structuredContent.ibans.length, 2)
    assert.equal(res.headers['ratelimit-limit'], '100000')
    assert.equal(res.headers['mcp-session-id'], undefined)
  })

  test('server/discover (2026-07-28) lists the versions, capabilities, instructions and cache hints', async () => {
    const res = await app.call('POST', '/mcp', {
      headers: modernHeaders('server/discover'),
      json: rpc('server/discover', { _meta: MODERN_META }),
    })
    assert.equal(res.status, 200)
    const { result } = res.body as { result: Record<string, unknown> }
    assert.deepEqual(result['supportedVersions'], ['2026-07-28'])
    assert.deepEqual(result['capabilities'], { tools: { listChanged: false } })
    assert.match(String(result['instructions']), /never use them for payments/)
    assert.equal(result['ttlMs'], 3_600_000)
    assert.equal(result['cacheScope'], 'public')
  })

  test('2026-07-28: a tools/call without Mcp-Name is a header mismatch (-32020)', async () => {
    const res = await app.call('POST', '/mcp', {
      headers: modernHeaders('tools/call'),
      json: rpc('tools/call', { name: 'list_countries', arguments: {}, _meta: MODERN_META }),
    })
    assert.equal(res.status, 400)
    assert.equal((res.body as { error: { code: number } }).error.code, -32020)
  })

  test('an unknown method is -32601; a notification is 202 with no body', async () => {
    const unknown = await app.call('POST', '/mcp', { headers: legacyHeaders(), json: rpc('resources/list') })
    assert.equal((unknown.body as { error: { code: number } }).error.code, -32601)
    const note = await app.call('POST', '/mcp', {
      headers: legacyHeaders(),
      json: { jsonrpc: '2.0', method: 'notifications/initialized' },
    })
    assert.equal(note.status, 202)
    assert.equal(note.text, '')
  })

  test('an unsupported protocol version header is 400', async () => {
    const res = await app.call('POST', '/mcp', {
      headers: legacyHeaders({ 'mcp-protocol-version': '1999-01-01' }),
      json: rpc('tools/list'),
    })
    assert.equal(res.status, 400)
    assert.match(res.text, /1999-01-01/)
  })

  test('GET and DELETE are 405 with Allow; so is PUT', async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const res = await app.call(method, '/mcp', { headers: { accept: ACCEPT } })
      assertError(res, 405, 'method_not_allowed')
      assert.equal(res.headers['allow'], 'POST, OPTIONS')
    }
  })

  test('a JSON-RPC batch is refused before the SDK sees it', async () => {
    const res = await app.call('POST', '/mcp', {
      headers: legacyHeaders(),
      json: [rpc('tools/list', {}, 1), rpc('tools/list', {}, 2)],
    })
    assert.match(assertError(res, 400, 'batch_not_supported'), /one JSON-RPC message per request/)
  })

  test('bodies: over 64 KiB is 413, bad JSON 400, non-JSON media type 415', async () => {
    const big = JSON.stringify(rpc('tools/call', { name: 'validate_iban', arguments: { iban: 'x'.repeat(70_000) } }))
    assertError(
      await app.call('POST', '/mcp', { headers: { ...legacyHeaders(), 'content-type': 'application/json' }, raw: big }),
      413,
      'payload_too_large',
    )
    assertError(
      await app.call('POST', '/mcp', {
        headers: { ...legacyHeaders(), 'content-type': 'application/json' },
        raw: '{"jsonrpc":',
      }),
      400,
      'invalid_json',
    )
    assertError(
      await app.call('POST', '/mcp', { headers: { ...legacyHeaders(), 'content-type': 'text/plain' }, raw: '{}' }),
      415,
      'unsupported_media_type',
    )
  })

  test('Origin: absent or allowed passes (with CORS headers); foreign or "null" is 403', async () => {
    const allowed = await app.call('POST', '/mcp', {
      headers: legacyHeaders({ origin: 'https://app.example.com' }),
      json: rpc('tools/list'),
    })
    assert.equal(allowed.status, 200)
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://app.example.com')
    assert.equal(allowed.headers['vary'], 'origin')
    for (const origin of ['https://evil.example', 'null', 'https://app.example.com.evil.example']) {
      const res = await app.call('POST', '/mcp', { headers: legacyHeaders({ origin }), json: rpc('tools/list') })
      assert.match(assertError(res, 403, 'forbidden'), /may not call this MCP server/)
    }
    const preflight = await app.call('OPTIONS', '/mcp', {
      headers: { origin: 'http://localhost:6274', 'access-control-request-method': 'POST' },
    })
    assert.equal(preflight.status, 204)
    assert.equal(preflight.headers['access-control-allow-origin'], 'http://localhost:6274')
    assert.match(String(preflight.headers['access-control-allow-headers']), /mcp-protocol-version/)
    const foreign = await app.call('OPTIONS', '/mcp', { headers: { origin: 'https://evil.example' } })
    assertError(foreign, 403, 'forbidden')
  })

  test('the server card: the draft’s fields only, named by the public host, values the server reports', async () => {
    const wellKnown = await app.call('GET', '/.well-known/mcp/server-card.json')
    const reserved = await app.call('GET', '/mcp/server-card')
    assert.equal(wellKnown.status, 200)
    assert.equal(wellKnown.text, reserved.text)
    const card = wellKnown.body as Record<string, unknown>
    assert.deepEqual(Object.keys(card), ['$schema', 'name', 'version', 'description', 'title', 'websiteUrl', 'remotes'])
    assert.equal(card['$schema'], 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json')
    assert.equal(card['name'], 'com.example.mint/ibanmint')
    assert.equal(card['websiteUrl'], 'https://mint.example.com')
    assert.ok(String(card['description']).length <= 100)
    const remotes = card['remotes'] as { type: string; url: string; supportedProtocolVersions: string[] }[]
    assert.deepEqual(remotes[0]?.url, 'https://mint.example.com/mcp')
    assert.equal(remotes[0]?.type, 'streamable-http')

    const init = await app.call('POST', '/mcp', {
      headers: { accept: ACCEPT },
      json: rpc('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'card-check', version: '1' },
      }),
    })
    const result = (init.body as { result: Record<string, unknown> }).result
    const serverInfo = result['serverInfo'] as Record<string, unknown>
    assert.equal(card['name'], `com.example.mint/${String(serverInfo['name'])}`)
    assert.equal(card['version'], serverInfo['version'])
    assert.equal(card['title'], serverInfo['title'])
    assert.ok(remotes[0]?.supportedProtocolVersions.includes(String(result['protocolVersion'])))
    const discover = await app.call('POST', '/mcp', {
      headers: modernHeaders('server/discover'),
      json: rpc('server/discover', { _meta: MODERN_META }),
    })
    for (const version of (discover.body as { result: { supportedVersions: string[] } }).result.supportedVersions)
      assert.ok(remotes[0]?.supportedProtocolVersions.includes(version))
  })

  test('the server card passes the draft’s JSON Schema', async () => {
    const card = (await app.call('GET', '/mcp/server-card')).body
    const ajv = new Ajv2020({ strict: true })
    const validate = ajv.compile(SERVER_CARD_DRAFT)
    assert.ok(validate(card), ajv.errorsText(validate.errors))
  })

  test('the server card: its media type (application/json when asked for alone), cache headers, ETag and 304, HEAD, CORS', async () => {
    const first = await app.call('GET', '/.well-known/mcp/server-card.json')
    assert.equal(first.headers['content-type'], 'application/mcp-server-card+json')
    assert.equal(first.headers['vary'], 'accept')
    assert.equal(first.headers['cache-control'], 'public, max-age=3600')
    assert.equal(first.headers['access-control-allow-origin'], '*')
    for (const accept of ['application/mcp-server-card+json', '*/*', 'application/json, */*;q=0.1', 'text/html']) {
      const typed = await app.call('GET', '/mcp/server-card', { headers: { accept } })
      assert.equal(typed.headers['content-type'], 'application/mcp-server-card+json', accept)
    }
    const json = await app.call('GET', '/mcp/server-card', { headers: { accept: 'application/json' } })
    assert.equal(json.headers['content-type'], 'application/json')
    assert.equal(json.text, first.text)
    const etag = String(first.headers['etag'])
    assert.match(etag, /^"[\w-]+"$/)
    const again = await request(`${app.url}/mcp/server-card`, { headers: { 'if-none-match': etag } })
    assert.equal(again.statusCode, 304)
    assert.equal(await again.body.text(), '')
    const head = await request(`${app.url}/.well-known/mcp/server-card.json`, { method: 'HEAD' })
    assert.equal(head.statusCode, 200)
    assert.equal(head.headers['etag'], etag)
    await head.body.dump()
  })

  test('the MCP catalog lists the server and the URL of its card', async () => {
    const res = await app.call('GET', '/.well-known/mcp/catalog.json')
    assert.equal(res.status, 200)
    assert.equal(res.headers['content-type'], 'application/json')
    assert.equal(res.headers['access-control-allow-origin'], '*')
    assert.deepEqual(res.body, {
      specVersion: 'draft',
      entries: [
        {
          identifier: 'urn:air:mint.example.com:ibanmint',
          displayName: 'ibanmint test IBANs',
          type: 'application/mcp-server-card+json',
          url: 'https://mint.example.com/mcp/server-card',
        },
      ],
    })
    const again = await request(`${app.url}/.well-known/mcp/catalog.json`, {
      headers: { 'if-none-match': String(res.headers['etag']) },
    })
    assert.equal(again.statusCode, 304)
    await again.body.dump()
  })

  test('the endpoint and the card are in the OpenAPI document', async () => {
    const doc = (await app.call('GET', '/api/v1/openapi.json')).body as { paths: Record<string, object> }
    assert.ok(doc.paths['/mcp'])
    assert.ok(doc.paths['/.well-known/mcp/server-card.json'])
    assert.ok(doc.paths['/.well-known/mcp/catalog.json'])
    assert.deepEqual(Object.keys(doc.paths['/mcp'] ?? {}).sort(), ['options', 'post'])
  })
})

describe('MCP rate limit per client IP', () => {
  let app: TestApp
  const cleanup: (() => unknown)[] = []
  before(async () => {
    app = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { MCP_RATE_LIMIT: '3' } })
  })
  after(async () => {
    for (const fn of cleanup) await fn()
  })

  test('the 4th POST in a minute is 429 with Retry-After; GET (405) does not count', async () => {
    for (let i = 0; i < 3; i++) {
      assertError(await app.call('GET', '/mcp'), 405, 'method_not_allowed')
    }
    for (let i = 0; i < 3; i++) {
      const res = await app.call('POST', '/mcp', { headers: legacyHeaders(), json: rpc('tools/list') })
      assert.equal(res.status, 200)
      assert.equal(res.headers['ratelimit-remaining'], String(2 - i))
    }
    const limited = await app.call('POST', '/mcp', { headers: legacyHeaders(), json: rpc('tools/list') })
    assert.match(assertError(limited, 429, 'rate_limited'), /3 requests per minute per client/)
    assert.ok(Number(limited.headers['retry-after']) >= 1)
    assert.equal(limited.headers['ratelimit-remaining'], '0')
    const card = await app.call('GET', '/.well-known/mcp/server-card.json')
    assert.equal(card.status, 200, 'the card is not behind the MCP limit')
  })
})
