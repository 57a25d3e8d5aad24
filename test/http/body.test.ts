// A client that breaks off its request body (half a body, then its connection closed) is the
// client's doing: never a 500 `internal_error` logged at error level with a stack and counted as
// a 5xx (`/mcp` needs no key: anyone could page the operator so). Nothing is answered (nobody is
// left to read it); the access line says 400 `request_aborted`, a warn line says why, and the
// metrics count a 400. Every reader of a body is covered: JSON bodies, /mcp, streamed validation.
import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { after, test } from 'node:test'
import { startApp } from '../helpers/app.ts'
import { waitFor } from '../helpers/wait.ts'

const app = await startApp({ after })
const { port } = new URL(app.url)

const CASES: { name: string; path: string; type: string; half: string; keyed: boolean }[] = [
  { name: 'validate', path: '/api/v1/validate', type: 'application/json', half: '{"iban": "DE89 3704', keyed: true },
  { name: 'generate', path: '/api/v1/generate', type: 'application/json', half: '{"country": "DE", "co', keyed: true },
  {
    name: 'mcp',
    path: '/mcp',
    type: 'application/json',
    half: '{"jsonrpc": "2.0", "id": 1, "method": "tools/li',
    keyed: false,
  },
  {
    name: 'stream',
    path: '/api/v1/validate/stream',
    type: 'text/plain',
    // No whole line: no row can be answered before the body breaks off.
    half: 'DE89370400440532',
    keyed: true,
  },
  {
    name: 'stream-text',
    path: '/api/v1/validate/stream?format=text',
    type: 'text/plain',
    half: 'GB82 WEST 1234',
    keyed: true,
  },
]

/** Sends the request's head and half its body on a raw socket, then destroys the socket. */
async function breakOff(id: string, path: string, type: string, half: string, keyed: boolean): Promise<void> {
  const head = [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Content-Type: ${type}`,
    `Content-Length: ${Buffer.byteLength(half) * 10}`,
    'Accept: application/json, text/event-stream',
    `X-Request-Id: ${id}`,
    ...(keyed ? [`X-API-Key: ${app.auth['x-api-key'] as string}`] : []),
  ]
  const socket = connect(Number(port), '127.0.0.1')
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject)
    socket.write(`${head.join('\r\n')}\r\n\r\n${half}`, () => resolve())
  })
  socket.destroy()
}

const lines = () =>
  app
    .logText()
    .split('\n')
    .map((text) => JSON.parse(text) as Record<string, unknown>)

for (const { name, path, type, half, keyed } of CASES) {
  test(`POST ${path} broken off mid-body: logged 400 request_aborted at warn, never a 500`, async () => {
    const id = `aborted-${name}`
    await breakOff(id, path, type, half, keyed)
    const access = await waitFor(() => lines().find((line) => line['req'] === id && line['status'] !== undefined), {
      message: `the access line of ${id}`,
    })
    assert.equal(access['status'], 400)
    assert.equal(access['error'], 'request_aborted')
    assert.equal(access['completed'], false)
    assert.equal(access['bytes'], 0, 'nothing was answered')
    const others = lines().filter((line) => line['req'] === id && line['status'] === undefined)
    assert.deepEqual(
      others.map((line) => [line['level'], line['code']]),
      [[40, 'request_aborted']],
      'one warn line, no error line',
    )
  })
}

test('broken-off bodies are counted as 400s, never as 5xx', async () => {
  await waitFor(() => CASES.every(({ name }) => lines().some((line) => line['req'] === `aborted-${name}`)), {
    message: 'every case logged',
  })
  const metrics = await app.call('GET', '/metrics', { headers: app.auth })
  const requests = metrics.text.split('\n').filter((line) => line.startsWith('ibanmint_http_requests_total{'))
  assert.deepEqual(
    requests.filter((line) => /status="5/.test(line)),
    [],
  )
  for (const route of ['/api/v1/validate', '/api/v1/generate', '/mcp', '/api/v1/validate/stream'])
    assert.ok(
      requests.some((line) => line.includes(`route="${route}",status="400"`)),
      `${route}: ${requests.join('\n')}`,
    )
  assert.doesNotMatch(app.logText(), /"level":50/, 'no line at error level')
})
