// Response compression: Accept-Encoding read with its q-values (RFC 9110 §12.5.3), and real
// responses of a real server: complete bodies and streams (downloads, validation) compressed as
// the client accepts, decoding to the very bytes sent uncompressed, with Vary; small bodies and
// error bodies left alone; a client that leaves a compressed stream cuts it off cleanly.
import assert from 'node:assert/strict'
import type { IncomingMessage } from 'node:http'
import { after, before, describe, test } from 'node:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { request } from 'undici'
import { negotiate, parseAcceptEncoding, withVary, type Coding } from '../../src/http/compression.ts'
import { generateIbans } from '../../src/iban/index.ts'
import { startApp, type TestApp } from '../helpers/app.ts'
import { waitFor } from '../helpers/wait.ts'

const NEGOTIATED: [string | undefined, Coding][] = [
  [undefined, 'identity'],
  ['', 'identity'],
  ['gzip', 'gzip'],
  ['x-gzip', 'gzip'],
  ['GZIP', 'gzip'],
  ['br', 'br'],
  ['gzip, deflate, br', 'br'], // equal q: brotli, smaller and faster at the levels used
  ['gzip, deflate, br, zstd', 'br'],
  ['br;q=0.5, gzip', 'gzip'],
  ['br;q=0, gzip;q=0', 'identity'],
  ['gzip;q=0.5, identity', 'identity'], // identity preferred
  ['gzip;q=1.0, identity;q=0.5', 'gzip'],
  ['*', 'br'],
  ['*;q=0.3, gzip;q=0.4', 'gzip'],
  ['identity;q=0', 'identity'], // nothing offered is acceptable: identity anyway (no 406)
  ['deflate', 'identity'],
  ['gzip;q=2', 'identity'], // a malformed q-value: the element is ignored
  ['gzip;q=0.001', 'gzip'], // identity, not listed, ranks with the least preferred coding listed
  ['deflate;q=0.5, gzip;q=0.4', 'gzip'],
  ['gzip;q=0.001, identity;q=0', 'gzip'],
  [' gzip ; q=0.8 , br ; q=0.9 ', 'br'],
]

for (const [header, expected] of NEGOTIATED) {
  test(`Accept-Encoding ${JSON.stringify(header)} → ${expected}`, () => {
    const req = { headers: header === undefined ? {} : { 'accept-encoding': header } } as IncomingMessage
    assert.equal(negotiate(req), expected)
  })
}

test('parseAcceptEncoding: "*" stands for codings not listed; identity is acceptable unless excluded', () => {
  assert.deepEqual(parseAcceptEncoding('*;q=0.2, br;q=0.9'), { br: 0.9, gzip: 0.2, identity: 0.2 })
  assert.deepEqual(parseAcceptEncoding('*;q=0'), { br: 0, gzip: 0, identity: 0 })
  assert.deepEqual(parseAcceptEncoding('gzip, gzip;q=0.1'), { br: 0, gzip: 1, identity: 0.1 })
  assert.deepEqual(parseAcceptEncoding('deflate'), { br: 0, gzip: 0, identity: 1 })
})

test('withVary adds accept-encoding to what Vary already names, once', () => {
  assert.equal(withVary(undefined), 'accept-encoding')
  assert.equal(withVary('origin'), 'origin, accept-encoding')
  assert.equal(withVary('Origin, Accept-Encoding'), 'Origin, Accept-Encoding')
  assert.equal(withVary('*'), '*')
})

interface Fetched {
  status: number
  headers: Record<string, string | string[] | undefined>
  bytes: Buffer
}

function decode(res: Fetched): Buffer {
  const coding = res.headers['content-encoding']
  if (coding === 'gzip') return gunzipSync(res.bytes)
  if (coding === 'br') return brotliDecompressSync(res.bytes)
  assert.equal(coding, undefined)
  return res.bytes
}

describe('compressed responses of a real server', () => {
  let app: TestApp
  const cleanup: (() => unknown)[] = []
  before(async () => {
    app = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { EXPORT_RATE_LIMIT: '1000000' } })
  })
  after(async () => {
    for (const fn of cleanup) await fn()
  })

  async function fetchBytes(
    path: string,
    acceptEncoding?: string,
    options: { method?: 'GET' | 'HEAD' | 'POST'; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Fetched> {
    const res = await request(app.url + path, {
      method: options.method ?? 'GET',
      headers: {
        ...app.auth,
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        ...options.headers,
      },
      body: options.body ?? null,
    })
    return { status: res.statusCode, headers: res.headers, bytes: Buffer.from(await res.body.arrayBuffer()) }
  }

  test('a JSON body is sent gzip or br as accepted, with Vary and its length, decoding to the identity bytes', async () => {
    const identity = await fetchBytes('/api/v1/countries')
    // A keyed answer varies on the key headers too.
    assert.equal(identity.headers['vary'], 'x-api-key, authorization, accept-encoding')
    assert.equal(identity.headers['content-encoding'], undefined)
    for (const [accept, coding] of [
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
    ] as const) {
      const res = await fetchBytes('/api/v1/countries', accept)
      assert.equal(res.status, 200)
      assert.equal(res.headers['content-encoding'], coding, accept)
      assert.equal(res.headers['vary'], 'x-api-key, authorization, accept-encoding')
      assert.equal(Number(res.headers['content-length']), res.bytes.length)
      assert.ok(
        res.bytes.length < identity.bytes.length / 3,
        `${coding}: ${res.bytes.length} of ${identity.bytes.length}`,
      )
      assert.ok(decode(res).equals(identity.bytes))
    }
  })

  test('a body made per request (generate, count 100) is compressed too', async () => {
    const path = '/api/v1/generate/DE?count=100&seed=compressed'
    const identity = await fetchBytes(path)
    const res = await fetchBytes(path, 'gzip')
    assert.equal(res.headers['content-encoding'], 'gzip')
    assert.ok(decode(res).equals(identity.bytes))
  })

  test('a body under 1400 bytes goes out as it is, without Vary accept-encoding: it does not vary by it', async () => {
    const res = await fetchBytes('/api/v1/generate/DE?count=1', 'gzip, br')
    assert.ok(res.bytes.length < 1400)
    assert.equal(res.headers['content-encoding'], undefined)
    assert.equal(res.headers['vary'], 'x-api-key, authorization')
  })

  test('an error body is never compressed', async () => {
    const res = await fetchBytes('/api/v1/generate/XX?count=100', 'gzip')
    assert.equal(res.status, 404)
    assert.equal(res.headers['content-encoding'], undefined)
    assert.equal((JSON.parse(res.bytes.toString()) as { error: { code: string } }).error.code, 'not_found')
  })

  test('HEAD answers with the headers GET would: Content-Encoding, Vary and the compressed length', async () => {
    const get = await fetchBytes('/api/v1/openapi.json', 'gzip')
    const head = await fetchBytes('/api/v1/openapi.json', 'gzip', { method: 'HEAD' })
    assert.equal(head.bytes.length, 0)
    assert.equal(head.headers['content-encoding'], 'gzip')
    assert.equal(head.headers['vary'], 'accept-encoding')
    assert.equal(head.headers['content-length'], get.headers['content-length'])
  })

  test('the web page, compressed, carries a weak ETag that If-None-Match still matches', async () => {
    const res = await fetchBytes('/', 'gzip')
    assert.equal(res.headers['content-encoding'], 'gzip')
    const etag = String(res.headers['etag'])
    assert.match(etag, /^W\/"/)
    const again = await fetchBytes('/', 'gzip', { headers: { 'if-none-match': etag } })
    assert.equal(again.status, 304)
  })

  test('a bulk download streams compressed (chunked, gzip and br), decoding to the bytes sent uncompressed', async (t) => {
    const path = '/api/v1/bulk/DE,FR?count=120000&seed=stream&format=csv'
    const identity = await fetchBytes(path)
    // The response of a compressed stream carries more 'close' listeners than node:events' default
    // of 10 (the pipe from the compressor adds six): the server must not warn of a leak for each.
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`)
    process.on('warning', onWarning)
    t.after(() => process.off('warning', onWarning))
    for (const coding of ['gzip', 'br'] as const) {
      const res = await fetchBytes(path, coding)
      assert.equal(res.status, 200)
      assert.equal(res.headers['content-encoding'], coding)
      assert.equal(res.headers['vary'], 'x-api-key, authorization, accept-encoding')
      assert.equal(res.headers['transfer-encoding'], 'chunked')
      assert.equal(res.headers['content-disposition'], 'attachment; filename="ibans-de-fr-120000.csv"')
      assert.ok(res.bytes.length < identity.bytes.length / 2)
      assert.ok(decode(res).equals(identity.bytes), coding)
    }
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(
      warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning')),
      [],
    )
  })

  test('the keyless export is compressed the same way', async () => {
    const identity = await fetchBytes('/export/AT?count=100&seed=1&format=json')
    const res = await fetchBytes('/export/AT?count=100&seed=1&format=json', 'gzip')
    assert.equal(res.headers['content-encoding'], 'gzip')
    assert.ok(decode(res).equals(identity.bytes))
  })

  test('a download too small to gain (5 csv rows) goes out as it is, without Vary', async () => {
    const res = await fetchBytes('/export/DE?count=5', 'gzip, br')
    assert.equal(res.status, 200)
    assert.equal(res.headers['content-encoding'], undefined)
    assert.equal(res.headers['vary'], undefined)
  })

  test('the page’s assets, kept gzipped, are sent so where gzip is accepted (q-values read), else as negotiated', async () => {
    const page = (await fetchBytes('/')).bytes.toString()
    const script = /src="\/assets\/([^"]+\.js)"/.exec(page)?.[1]
    assert.ok(script, 'the page names its script')
    assert.equal((await fetchBytes(`/assets/${script}`, 'gzip')).headers['content-encoding'], 'gzip')
    const brotli = await fetchBytes(`/assets/${script}`, 'gzip;q=0, br')
    assert.equal(brotli.headers['content-encoding'], 'br')
    assert.equal(brotli.headers['vary'], 'accept-encoding')
    assert.equal((await fetchBytes(`/assets/${script}`, 'identity')).headers['content-encoding'], undefined)
  })

  test('images are not compressed per request: the PNG icon goes as it is where only brotli is accepted', async () => {
    const page = (await fetchBytes('/')).bytes.toString()
    const png = /href="\/assets\/(touch-icon-[^"]+\.png)"/.exec(page)?.[1]
    assert.ok(png, 'the page names its PNG icon')
    for (const accepted of ['br', 'gzip;q=0, br', 'identity']) {
      const icon = await fetchBytes(`/assets/${png}`, accepted)
      assert.equal(icon.status, 200)
      assert.equal(icon.headers['content-encoding'], undefined, accepted)
      assert.equal(icon.bytes.subarray(1, 4).toString(), 'PNG')
    }
  })

  test('the API reference’s script is negotiated like the page’s assets: gzip kept once, brotli where gzip is refused', async () => {
    const page = (await fetchBytes('/docs')).bytes.toString()
    const script = /src="\/docs\/assets\/([^"]+\.js)"/.exec(page)?.[1]
    assert.ok(script, 'the reference page names its script')
    assert.equal((await fetchBytes(`/docs/assets/${script}`, 'gzip')).headers['content-encoding'], 'gzip')
    assert.equal((await fetchBytes(`/docs/assets/${script}`, 'gzip;q=0, br')).headers['content-encoding'], 'br')
    assert.equal((await fetchBytes(`/docs/assets/${script}`, 'gzip;q=0')).headers['content-encoding'], undefined)
  })

  test('a streamed validation is compressed as accepted, row for row the answer sent uncompressed', async () => {
    const body = `${generateIbans('DE', 3_000, { seed: 'v' })
      .map((iban) => iban.iban)
      .join('\n')}\nDE00INVALID\n`
    const send = (accept?: string) =>
      fetchBytes('/api/v1/validate/stream?format=csv', accept, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body,
      })
    const identity = await send()
    const strip = (text: string) => text.replace(/"seconds":[\d.]+/, '')
    for (const coding of ['gzip', 'br']) {
      const res = await send(coding)
      assert.equal(res.headers['content-encoding'], coding)
      assert.equal(strip(decode(res).toString()), strip(identity.bytes.toString()))
    }
  })

  test('a validation refused before its first row is a plain error body, even when gzip was asked', async () => {
    const res = await fetchBytes('/api/v1/validate/stream?column=nope', 'gzip', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'iban\nDE89370400440532013000\n',
    })
    assert.equal(res.status, 422)
    assert.equal(res.headers['content-encoding'], undefined)
    assert.match(res.bytes.toString(), /"code":"invalid_request"/)
  })

  test('a client that leaves a compressed download: the stream stops, the server answers the next request', async () => {
    const controller = new AbortController()
    const res = await request(`${app.url}/api/v1/bulk/DE?count=5000000`, {
      headers: { ...app.auth, 'accept-encoding': 'gzip' },
      signal: controller.signal,
    })
    assert.equal(res.headers['content-encoding'], 'gzip')
    for await (const _chunk of res.body) break // one chunk, then away
    controller.abort()
    const line = await waitFor(
      () =>
        app
          .logText()
          .split('\n')
          .map((text) => JSON.parse(text) as Record<string, unknown>)
          .find((entry) => entry['route'] === '/api/v1/bulk/{country}' && entry['completed'] === false),
      { timeout: 5_000, message: 'the cut-off download to be logged' },
    )
    assert.ok(line, 'logged as not completed')
    assert.ok((line['bytes'] as number) < 5_000_000 * 20, 'far fewer bytes than the whole file')
    const next = await app.call('GET', '/healthz')
    assert.equal(next.status, 200)
  })
})
