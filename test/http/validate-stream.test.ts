import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { Readable } from 'node:stream'
import { after, before, test } from 'node:test'
import { request } from 'undici'
import { renderBatch } from '../../src/formats/render.ts'
import { COUNTRIES, validateIban } from '../../src/iban/index.ts'
import { assertError, startApp, type TestApp } from '../helpers/app.ts'
import { waitFor } from '../helpers/wait.ts'

// POST /api/v1/validate/stream against a real listening server, with a real HTTP client
// streaming its body: formats in and out, order, the summary, the row limit, one count against
// the key, and backpressure and cleanup when the client stops reading or goes away.
let app: TestApp
let small: TestApp
const cleanup: (() => unknown)[] = []
before(async () => {
  app = await startApp({ after: (fn) => cleanup.unshift(fn) })
  small = await startApp({ after: (fn) => cleanup.unshift(fn) }, { env: { VALIDATE_MAX_ROWS: '1000' } })
})
after(async () => {
  for (const fn of cleanup) await fn()
})

const PATH = '/api/v1/validate/stream'

function ibans(count: number, seed: string): string[] {
  const countries = COUNTRIES.map((country) => country.code)
  const bytes = renderBatch({
    dataset: { countries, realistic: true, seed },
    start: 0,
    count,
    format: 'txt',
    first: true,
    last: true,
  })
  return new TextDecoder().decode(bytes).trim().split('\n')
}

/** Posts `body` in chunks as it is read (a stream, not one buffer) and reads the whole answer. */
async function post(target: TestApp, query: string, body: string, headers: Record<string, string> = {}) {
  const bytes = Buffer.from(body)
  const chunks = function* () {
    for (let at = 0; at < bytes.length; at += 50_000) yield bytes.subarray(at, at + 50_000)
  }
  const response = await request(`${target.url}${PATH}${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', ...target.auth, ...headers },
    body: Readable.from(chunks()),
  })
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() }
}

const lines = (text: string) => text.trimEnd().split('\n')

test('text in, ndjson out: one ValidateResult row per IBAN in input order, then the summary', async () => {
  const input = ibans(30_000, 'http')
  input[20_000] = 'GB82 WEST 1234 5698 7654 33'
  const { status, headers, text } = await post(app, '', input.join('\r\n'))
  assert.equal(status, 200)
  assert.equal(headers['content-type'], 'application/x-ndjson; charset=utf-8')
  const rows = lines(text).map((line) => JSON.parse(line) as Record<string, unknown>)
  const summary = rows.pop() as { summary: Record<string, unknown> }
  assert.equal(rows.length, 30_000)
  rows.forEach((row, i) => {
    const result = validateIban(input[i] as string)
    assert.equal(row['line'], i + 1)
    assert.equal(row['iban'], result.iban)
    assert.equal(row['valid'], result.valid)
  })
  assert.deepEqual(rows[20_000], {
    line: 20_001,
    ...JSON.parse(JSON.stringify(validateIban('GB82WEST12345698765433'))),
    failed: 'mod97',
    reason: 'MOD-97 check digits are wrong',
  })
  assert.deepEqual(
    { ...summary.summary, seconds: 0 },
    {
      rows: 30_000,
      valid: 29_999,
      invalid: 1,
      failed: { input: 0, country: 0, length: 0, format: 0, mod97: 1, national: 0 },
      seconds: 0,
      complete: true,
    },
  )
})

test('NDJSON in; CSV in with a column; csv and text out; invalid_only', async () => {
  const ndjson = await post(
    app,
    '?invalid_only=true&format=text',
    '{"iban":"DE89370400440532013000"}\n{"iban":"DE89370400440532013001"}\n{"id":1}\n',
    { 'content-type': 'application/x-ndjson' },
  )
  assert.equal(ndjson.status, 200)
  assert.deepEqual(lines(ndjson.text).slice(0, 2), [
    'DE89 3704 0044 0532 0130 01\tinvalid: MOD-97 check digits are wrong\tline 2',
    '{"id":1}\tinvalid: not a JSON object with an "iban" string\tline 3',
  ])
  assert.match(lines(ndjson.text)[2] ?? '', /^# summary \{"rows":3,"valid":1,"invalid":2,/)
  const csv = await post(app, '?column=Konto&delimiter=%3B&format=csv', 'Name;Konto\nA;DE89370400440532013000\n', {
    'content-type': 'text/csv; charset=utf-8',
  })
  assert.equal(csv.status, 200)
  assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8')
  const [header, row, summary] = lines(csv.text)
  assert.match(header ?? '', /^line,iban,formatted,valid,failed,reason,/)
  assert.match(row ?? '', /^2,DE89370400440532013000,DE89 3704 0044 0532 0130 00,true,/)
  assert.match(summary ?? '', /^# summary \{"rows":1,"valid":1,/)
})

test('format=text writes its reasons as UTF-8: the ’ of GB’s modulus check is three bytes, not 0x19', async () => {
  // GB81NWBK60526580809362: MOD-97 right, the account fails its sort code’s modulus check.
  const response = await request(`${app.url}${PATH}?format=text`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', ...app.auth },
    body: 'GB81NWBK60526580809362\n',
  })
  assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8')
  const text = new TextDecoder('utf-8', { fatal: true }).decode(await response.body.arrayBuffer())
  assert.equal(
    lines(text)[0],
    'GB81 NWBK 6052 6580 8093 62\tinvalid: the account fails its sort code’s modulus check (MOD11)\tline 1',
  )
})

test('refusals before anything streams: media type, CSV without column, unknown column, no key, bad query', async () => {
  assertError(
    await app.call('POST', PATH, { headers: app.auth, json: { iban: 'DE89370400440532013000' } }),
    415,
    'unsupported_media_type',
  )
  const csv = { ...app.auth, 'content-type': 'text/csv' }
  assert.match(
    assertError(await app.call('POST', PATH, { headers: csv, raw: 'a\n' }), 422, 'invalid_request'),
    /^column is required/,
  )
  assert.equal(
    assertError(
      await app.call('POST', `${PATH}?column=iban`, { headers: csv, raw: 'a,b\n1,2\n' }),
      422,
      'invalid_request',
    ),
    'column "iban" is not in the header (columns: "a", "b")',
  )
  // A column number is read as the command line's --column is: 1 to 100,000, or a name.
  for (const column of ['0', '100001', '%20']) {
    assert.equal(
      assertError(
        await app.call('POST', `${PATH}?column=${column}`, { headers: csv, raw: 'a,b\n1,2\n' }),
        422,
        'invalid_request',
      ),
      'column must be a name or a number from 1 to 100,000',
      column,
    )
  }
  assert.match(
    assertError(await app.call('POST', `${PATH}?format=xml`, { headers: app.auth, raw: 'x' }), 422, 'invalid_request'),
    /^format must be one of/,
  )
  assertError(await app.call('POST', PATH, { raw: 'DE89370400440532013000' }), 401, 'unauthorized')
})

test('VALIDATE_MAX_ROWS: the first rows are answered, then an error line and an incomplete summary', async () => {
  const input = ibans(1_000, 'max')
  const exact = await post(small, '', input.join('\n') + '\n')
  assert.match(lines(exact.text).at(-1) ?? '', /"rows":1000,.*"complete":true\}\}$/)
  const over = await post(small, '', [...input, ...input].join('\n'))
  assert.equal(over.status, 200)
  const tail = lines(over.text).slice(-2)
  assert.deepEqual(JSON.parse(tail[0] as string), {
    error: {
      code: 'payload_too_large',
      message: 'the body holds more than 1,000 lines (VALIDATE_MAX_ROWS); the first 1,000 were validated',
    },
  })
  assert.match(tail[1] ?? '', /"rows":1000,.*"complete":false\}\}$/)
})

test('a streamed validation of any size counts once against the key', async () => {
  const { key } = await app.createKey({ limit: 3 })
  const headers = { 'x-api-key': key }
  const first = await post(app, '', ibans(25_000, 'count').join('\n'), headers)
  assert.equal(first.headers['ratelimit-remaining'], '2')
  const second = await post(app, '', 'DE89370400440532013000', headers)
  assert.equal(second.headers['ratelimit-remaining'], '1')
})

/** A raw HTTP/1.1 request with a chunked body: the test decides when to write and read. */
function rawRequest(target: TestApp) {
  const { port } = new URL(target.url)
  const socket = connect(Number(port), '127.0.0.1')
  const key = target.auth['x-api-key'] as string
  socket.write(
    `POST ${PATH}?format=text HTTP/1.1\r\nhost: 127.0.0.1\r\nx-api-key: ${key}\r\ncontent-type: text/plain\r\ntransfer-encoding: chunked\r\n\r\n`,
  )
  const chunk = Buffer.from('DE89370400440532013000\n'.repeat(20_000))
  const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
  return { socket, framed }
}

test('backpressure: a client that does not read the answer is not read from; leaving frees everything', async () => {
  const { socket, framed } = rawRequest(app)
  socket.pause() // never reads the answer
  let sent = 0
  // Write until the socket stays full: the server stopped reading because its answer cannot go out.
  for (let i = 0; i < 2_000; i++) {
    sent += framed.length
    if (!socket.write(framed)) {
      const drained = await Promise.race([
        new Promise((resolve) => socket.once('drain', () => resolve(true))),
        new Promise((resolve) => setTimeout(() => resolve(false), 1_000)),
      ])
      if (drained === false) break
    }
  }
  const offered = 2_000 * framed.length
  assert.ok(sent < offered / 4, `the server kept reading: ${sent} of ${offered} bytes accepted`)
  socket.destroy()
  const pool = app.service.pool
  await waitFor(() => pool.outstanding === 0, { message: 'the batches to settle after the client left' })
  const after = await post(app, '', 'DE89370400440532013000')
  assert.equal(after.status, 200)
})

test('a client that disconnects mid-body leaves nothing running', async () => {
  const { socket, framed } = rawRequest(app)
  let received = 0
  socket.on('data', (data: Buffer) => {
    received += data.length
  })
  for (let i = 0; i < 20; i++) socket.write(framed)
  await waitFor(() => received > 100_000, { message: 'rows to arrive while the body is still being sent' })
  socket.destroy()
  await waitFor(() => app.service.pool.outstanding === 0, { message: 'the batches to settle' })
  await waitFor(
    () =>
      app.logs.some((line) => line['route'] === PATH && line['completed'] === false) ||
      app.logText().includes('"completed":false'),
    {
      message: 'the access log to record the cut-off request',
    },
  )
})

test('csv answers escape inputs that begin like a formula (OWASP): they open as text, never run', async () => {
  const hostile = ['=HYPERLINK("http://evil.example","click")', "@SUM(1+1)*cmd|' /C calc'!A0", '+1+1', '-1+1', '-12']
  const { status, text } = await post(app, '?format=csv', `${hostile.join('\n')}\nDE89370400440532013000\n`)
  assert.equal(status, 200)
  const rows = lines(text).slice(1, -1)
  assert.equal(rows.length, 6)
  for (const [i, input] of hostile.entries()) {
    const cell = rows[i]?.split(',')[1] ?? ''
    if (input === '-12') assert.equal(cell, '-12', 'a plain negative number is left alone')
    else {
      assert.ok(cell.startsWith(`"'`), `${input} → ${rows[i]}`)
      assert.doesNotMatch(rows[i] ?? '', /(^|,)[=+@-]/, 'no cell begins like a formula')
    }
  }
})
