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
    status: 200,
    ms: 0.41,
    key: 'JfvGLcsevfq8',
    completed: true,
  },
  { req: 'from-proxy.42', method: 'POST', route: 'unmatched', status: 404, ms: 12, key: undefined, completed: false },
  { req: 'r-7', method: 'GET', route: '/healthz', status: 200, ms: 0.05, key: undefined, completed: true },
  { req: 'r-8', method: 'GET', route: '/healthz', status: 200, ms: 61234.5, key: undefined, completed: true },
  // Values the template does not print itself go through pino (and come out the same).
  { req: 'x', method: 'M-SEARCH', route: 'x"y', status: 405, ms: 1.5, key: undefined, completed: true },
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
