// Protocol abuse with raw sockets, hostile input, and authentication floods. Every case ends
// with the server still answering.
import assert from 'node:assert/strict'
import { connect, type Socket } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { request } from 'undici'
import { assertError, startApp, type TestApp } from '../helpers/app.ts'
import { record } from './report.ts'
import { waitFor } from '../helpers/wait.ts'

/**
 * Sends raw bytes and resolves with everything received once the server closes the connection;
 * rejects when it is still open after `waitMs` (every case here expects the server to close).
 */
function raw(
  url: string,
  send: (socket: Socket) => void,
  waitMs = 5_000,
): Promise<{ text: string; closedAfter: number }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const socket = connect(Number(port), hostname, () => send(socket))
    let text = ''
    const timer = setTimeout(() => {
      reject(new Error(`the server still held the connection after ${waitMs} ms; received: ${text.slice(0, 200)}`))
      socket.destroy()
    }, waitMs)
    socket.on('data', (chunk) => (text += chunk.toString('latin1')))
    socket.on('close', () => {
      clearTimeout(timer)
      resolve({ text, closedAfter: performance.now() - started })
    })
    socket.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') return
      reject(error)
    })
  })
}

function statusOf(text: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)
}

/** The error body of a raw answer: JSON, with its code and a message. */
function errorOf(text: string): { code: string; message: string } {
  const [head = '', body = ''] = text.split('\r\n\r\n', 2)
  assert.match(head, /\r\ncontent-type: application\/json/i)
  return (JSON.parse(body) as { error: { code: string; message: string } }).error
}

describe('reliability: HTTP tricks, input and authentication', () => {
  let app: TestApp
  const cleanup: (() => unknown)[] = []
  before(async () => {
    app = await startApp(
      { after: (fn) => cleanup.push(fn) },
      {
        env: { AUTH_FAILURE_LIMIT: '20', EXPORT_RATE_LIMIT: '3' },
        start: { timeouts: { headersTimeout: 1_000, requestTimeout: 2_000 } },
      },
    )
  })
  after(async () => {
    for (const fn of cleanup) await fn()
  })

  const alive = async () => assert.equal((await app.call('GET', '/api/v1')).status, 200)

  test('H1: headers dribbled slowly: the socket is closed at the headers timeout', async () => {
    const result = await raw(app.url, (socket) => {
      socket.write('GET /api/v1 HTTP/1.1\r\nHost: x\r\n')
      const timer = setInterval(() => {
        if (socket.writable) socket.write('X-Slow: 1\r\n')
        else clearInterval(timer)
      }, 200)
      socket.on('close', () => clearInterval(timer))
    })
    assert.ok(result.closedAfter < 3_500, `closed after ${result.closedAfter} ms`)
    assert.equal(statusOf(result.text), 408)
    assert.match(errorOf(result.text).message, /headers did not arrive in time/)
    assert.equal(errorOf(result.text).code, 'request_timeout')
    await alive()
    record(
      'H1',
      'Slowloris: a header line every 200 ms',
      `408 with the error body; closed after ${result.closedAfter.toFixed(0)} ms (headersTimeout 1 s + check interval)`,
    )
  })

  test('H2: a body that never completes: 408 at the request timeout', async () => {
    const result = await raw(app.url, (socket) => {
      socket.write(
        `POST /api/v1/validate HTTP/1.1\r\nHost: x\r\nX-API-Key: ${app.auth['x-api-key']}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"iban":`,
      )
    })
    assert.equal(statusOf(result.text), 408)
    assert.deepEqual(errorOf(result.text), {
      code: 'request_timeout',
      message: 'the request body did not arrive in time: the server waited 2 s for it in all (REQUEST_TIMEOUT_MS)',
    })
    assert.ok(result.closedAfter < 4_000)
    await alive()
    record(
      'H2',
      'Slow body upload',
      `408 request_timeout with the error body after ${result.closedAfter.toFixed(0)} ms (requestTimeout 2 s)`,
    )
  })

  test('H4: 64 KiB of headers is 431; 5,000 tiny headers too; the server lives', async () => {
    const big = await raw(app.url, (socket) => {
      socket.write(`GET /api/v1 HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`)
    })
    assert.equal(statusOf(big.text), 431)
    const many = await raw(app.url, (socket) => {
      const headers = Array.from({ length: 5_000 }, (_, i) => `X-${i}: 1\r\n`).join('')
      socket.write(`GET /api/v1 HTTP/1.1\r\nHost: x\r\n${headers}\r\n`)
    })
    assert.equal(statusOf(many.text), 431)
    await alive()
    record('H4', '64 KiB header; 5,000 headers', '431 and 431; alive')
  })

  test('H6/H8: TRACE and PUT are 405 without reflecting the request; no Host is 400', async () => {
    for (const method of ['TRACE', 'PUT', 'PATCH']) {
      const res = await app.call(method, '/api/v1/generate/DE', { headers: { 'x-secret-probe': 'reflect-me' } })
      assertError(res, 405, 'method_not_allowed')
      assert.doesNotMatch(res.text, /reflect-me/)
    }
    const noHost = await raw(app.url, (socket) => socket.write('GET /api/v1 HTTP/1.1\r\n\r\n'))
    assert.equal(statusOf(noHost.text), 400)
    await alive()
    record('H6/H8', 'TRACE/PUT/PATCH; HTTP/1.1 without Host', '405 (nothing reflected); 400')
  })

  test('V1/V2/V3: hostile counts and flags are 422 naming the parameter, fast', async () => {
    const queries = [
      '0',
      '101',
      '-1',
      '1.5',
      '1e2',
      '0x10',
      ' 10',
      '+10',
      '010',
      '99999999999999999999',
      'NaN',
      'Infinity',
      '',
    ]
    let slowest = 0
    for (const value of queries) {
      const started = performance.now()
      const res = await app.call('GET', `/api/v1/generate/DE?count=${encodeURIComponent(value)}`, { headers: app.auth })
      slowest = Math.max(slowest, performance.now() - started)
      assert.match(assertError(res, 422, 'invalid_request'), /^count must be an integer between 1 and 100$/, value)
    }
    assertError(
      await app.call('GET', '/api/v1/generate/DE?count=1&count=2', { headers: app.auth }),
      422,
      'invalid_request',
    )
    for (const value of ['"5"', 'true', 'null', '1e400', '[]', '{}', '1.5']) {
      const res = await app.call('POST', '/api/v1/generate', {
        headers: { ...app.auth, 'content-type': 'application/json' },
        raw: `{"country":"DE","count":${value}}`,
      })
      assert.match(assertError(res, 422, 'invalid_request'), /^count must be an integer/, value)
    }
    for (const value of ['yes', 'TRUE', '2', '']) {
      const res = await app.call('GET', `/api/v1/generate/DE?realistic=${value}`, { headers: app.auth })
      assert.match(assertError(res, 422, 'invalid_request'), /^realistic must be one of/, value)
    }
    record(
      'V1-V3',
      'count 0, 101, -1, 1.5, 1e2, 0x10, " 10", 1e400, [], {}; realistic yes/TRUE/2/""',
      `all 422 naming the parameter; slowest ${slowest.toFixed(1)} ms`,
    )
  })

  test('V6/V7: oversized and malformed bodies are refused before parsing; long paths are 431 or 404', async () => {
    const long = await app.call('GET', `/api/v1/validate/${'A'.repeat(10_000)}`, { headers: app.auth })
    assertError(long, 422, 'invalid_request')
    const huge = await request(`${app.url}/api/v1/validate`, {
      method: 'POST',
      headers: { ...app.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ iban: 'A'.repeat(1_000_000) }),
    })
    assert.equal(huge.statusCode, 413)
    await huge.body.dump()
    const path = await raw(app.url, (socket) =>
      socket.write(`GET /api/v1/validate/${'A'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    )
    assert.equal(statusOf(path.text), 431)
    const cases: [string, Record<string, string>, number, string][] = [
      ['{"iban":', { 'content-type': 'application/json' }, 400, 'invalid_json'],
      ['{"iban":"DE89"}', { 'content-type': 'text/plain' }, 415, 'unsupported_media_type'],
      ['', { 'content-type': 'application/json' }, 400, 'invalid_json'],
      ['[1,2]', { 'content-type': 'application/json' }, 422, 'invalid_request'],
    ]
    for (const [body, headers, status, code] of cases) {
      assertError(
        await app.call('POST', '/api/v1/validate', { headers: { ...app.auth, ...headers }, raw: body }),
        status,
        code,
      )
    }
    await alive()
    record(
      'V6/V7',
      '10 KB IBAN; 1 MB body; 20 KB path; bad JSON, wrong type, empty, array',
      '422; 413; 431; 400/415/400/422',
    )
  })

  test('A1/A2: every bad key gets the same 401 body with WWW-Authenticate; lower-case bearer works', async () => {
    const { key, id } = await app.createKey()
    await app.service.keyStore.revoke(id, new Date())
    const expired = await app.createKey({ expiresAt: new Date(Date.now() - 1_000) })
    const good = await app.createKey()
    const variants: Record<string, string>[] = [
      {},
      { 'x-api-key': 'nonsense' },
      { 'x-api-key': 'imk_AAAAAAAAAAAA_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      { 'x-api-key': `${good.key.slice(0, -1)}${good.key.endsWith('A') ? 'B' : 'A'}` },
      { 'x-api-key': key },
      { 'x-api-key': expired.key },
      { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    ]
    const bodies = new Set<string>()
    for (const headers of variants) {
      const res = await app.call('GET', '/api/v1/countries', {
        headers: { ...headers, 'x-forwarded-for': '198.51.100.1' },
      })
      assertError(res, 401, 'unauthorized')
      assert.ok(res.headers['www-authenticate'])
      bodies.add(res.text)
    }
    assert.equal(bodies.size, 1, [...bodies].join('\n'))
    assert.equal(
      (await app.call('GET', '/api/v1/countries', { headers: { authorization: `bearer  ${good.key}` } })).status,
      200,
    )
    record(
      'A1/A2',
      'Missing, malformed, unknown, wrong secret, revoked, expired, Basic',
      'one identical 401 body, WWW-Authenticate; `bearer` accepted',
    )
  })

  test('A8: a 401 flood from one client is cut off with 429; other clients and good keys are unaffected', async () => {
    // A separate app: the flood must not spill into the other cases' client (one loopback IP).
    const flooded = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { AUTH_FAILURE_LIMIT: '20' } })
    const statuses: number[] = []
    for (let i = 0; i < 60; i++) {
      statuses.push(
        (await flooded.call('GET', '/api/v1/countries', { headers: { 'x-api-key': `imk_${'x'.repeat(12)}_${i}` } }))
          .status,
      )
    }
    assert.equal(statuses.filter((s) => s === 401).length, 20)
    assert.equal(statuses.filter((s) => s === 429).length, 40)
    const blocked = await flooded.call('GET', '/api/v1/countries', { headers: flooded.auth })
    assert.match(assertError(blocked, 429, 'rate_limited'), /too many failed authentications/)
    assert.ok(Number(blocked.headers['retry-after']) >= 1)
    assert.equal((await flooded.call('GET', '/export/DE?count=1')).status, 200, 'keyless routes are not blocked')
    record(
      'A8',
      '60 requests with bad keys from one client',
      '20 × 401, then 40 × 429 before any key lookup; keyless routes unaffected',
    )
  })

  test('L6: export limit per IP; X-Forwarded-For from an untrusted peer is ignored', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await app.call('GET', '/export/DE?count=1', { headers: { 'x-forwarded-for': `203.0.113.${i}` } })).status,
      )
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429])
    record('L6', 'Export limit 3 with rotating X-Forwarded-For (TRUST_PROXY off)', '3 × 200, then 429: XFF ignored')
  })

  test('O3: every response and its log line carry a request id; a client’s own id is kept when it is a plain token', async () => {
    const own = await app.call('GET', '/api/v1/countries/FR', {
      headers: { ...app.auth, 'x-request-id': 'trace-42.a_b' },
    })
    assert.equal(own.headers['x-request-id'], 'trace-42.a_b')
    const hostile = await app.call('GET', '/api/v1/countries/FR', {
      headers: { ...app.auth, 'x-request-id': 'a"b\\c' },
    })
    const minted = String(hostile.headers['x-request-id'])
    assert.match(minted, /^[0-9a-z]+-[0-9a-z]+$/)
    const denied = await app.call('GET', '/api/v1/countries/FR', { headers: { 'x-request-id': 'denied-1' } })
    assert.equal(denied.status, 401)
    // A refused key is logged twice under its request id: why it was refused, then the access line.
    const accessLine = (id: string) =>
      app
        .logText()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((l) => l['req'] === id && 'status' in l)
    await waitFor(() => [minted, 'denied-1'].every((id) => accessLine(id) !== undefined), {
      message: 'the access log lines',
    })
    for (const id of ['trace-42.a_b', minted, 'denied-1']) {
      const line = accessLine(id)
      assert.ok(line, `an access line for ${id}`)
      assert.equal(typeof line['status'], 'number')
    }
    assert.equal(accessLine('denied-1')?.['status'], 401)
    record(
      'O3',
      'Request ids in responses and log lines',
      'X-Request-Id echoed (plain tokens) or minted; every access line has req, status, key id',
    )
  })

  test('A4: a key revoked while in use is refused within the documented bound (5 s)', async () => {
    const { key, id } = await app.createKey()
    const headers = { 'x-api-key': key }
    assert.equal((await app.call('GET', '/api/v1/countries/DE', { headers })).status, 200)
    await app.service.keyStore.revoke(id, new Date())
    const revoked = performance.now()
    await waitFor(
      async () => {
        const res = await app.call('GET', '/api/v1/countries/DE', { headers })
        assert.ok(res.status === 200 || res.status === 401, `status ${res.status}`)
        return res.status === 401
      },
      { timeout: 8_000, interval: 100, message: 'the revoked key to be refused' },
    )
    const refusedAfter = performance.now() - revoked
    // The bound: the 5 s key cache, plus up to 1 s before the key file is read again.
    assert.ok(refusedAfter <= 6_200, `refused after ${refusedAfter} ms`)
    record(
      'A4',
      'Key revoked while in use (key file store)',
      `refused after ${(refusedAfter / 1000).toFixed(1)} s (bound: 5 s cache + 1 s file recheck)`,
    )
  })

  test('A6: no key appears in any log line; key ids do', async () => {
    const { key, id } = await app.createKey()
    await app.call('GET', '/api/v1/countries', { headers: { 'x-api-key': key } })
    await app.call('GET', '/api/v1/countries', { headers: { authorization: `Bearer ${key}` } })
    // Access lines are written in batches: wait for both requests' lines.
    await waitFor(() => app.logText().split(id).length - 1 >= 2, { message: 'both access lines' })
    const text = app.logText()
    assert.ok(!text.includes(key))
    assert.ok(!text.includes(key.split('_')[2] as string), 'not even the secret alone')
    assert.ok(text.includes(id))
    record('A6', 'Logs of the whole HTTP case file searched for keys', `0 keys or secrets; key id present`)
  })
})
