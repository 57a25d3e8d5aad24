import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { test } from 'node:test'
import { pino } from 'pino'
import { accessLogger, type AccessEntry } from '../../src/http/access-log.ts'
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
