// GET /api/v1/bulk/{countries}?slice=k/n against a real server: the parts, joined as
// docs/downloads.md says, are the unsliced file byte for byte, whatever the pool's threads; each
// part names itself in its file name; a slice without a seed or out of range is a 422 naming it.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { assertError, startApp, type TestApp } from '../helpers/app.ts'
import { FORMATS, joinParts, partRows } from '../helpers/slices.ts'

describe('bulk slice=k/n', () => {
  let one: TestApp
  let two: TestApp
  const cleanup: (() => unknown)[] = []
  before(async () => {
    one = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { POOL_THREADS: '1' } })
    two = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { POOL_THREADS: '2' } })
  })
  after(async () => {
    for (const fn of cleanup) await fn()
  })

  // Past a pool batch per part, from an offset, in three uneven parts.
  const COUNT = 30_002
  const N = 3
  for (const format of FORMATS) {
    test(`${format}: the ${N} parts of ${COUNT} rows from offset 11, joined, are the unsliced file`, async () => {
      const query = `count=${COUNT}&offset=11&seed=bulk-slices&format=${format}`
      const whole = await one.call('GET', `/api/v1/bulk/NL,BE?${query}`, { headers: one.auth })
      assert.equal(whole.status, 200, whole.text)
      const parts = []
      for (let k = 0; k < N; k++) {
        const app = k % 2 === 0 ? two : one
        const res = await app.call('GET', `/api/v1/bulk/NL,BE?${query}&slice=${k}/${N}`, { headers: app.auth })
        assert.equal(res.status, 200, res.text)
        assert.equal(
          res.headers['content-disposition'],
          `attachment; filename="ibans-nl-be-${COUNT}-part-${k}-of-${N}.${format}"`,
        )
        parts.push({ text: res.text, ...partRows(COUNT, k, N) })
      }
      assert.equal(joinParts(format, parts), whole.text)
    })
  }

  test('more parts than rows: an empty part is a whole empty file of its format', async () => {
    const res = await one.call('GET', '/api/v1/bulk/DE?count=2&seed=few&format=json&slice=3/4', { headers: one.auth })
    assert.equal(res.status, 200, res.text)
    assert.deepEqual(JSON.parse(res.text), [])
  })

  test('a slice needs a seed: 422 naming both', async () => {
    const message = assertError(
      await one.call('GET', '/api/v1/bulk/DE?count=100&slice=0/2', { headers: one.auth }),
      422,
      'invalid_request',
    )
    assert.match(message, /^slice needs seed: without a seed every part would be rows of another dataset/)
  })

  for (const slice of ['2/2', '1/0', '-1/2', 'a/b', '1', '0/1000001', '01/2']) {
    test(`slice=${slice} is a 422 naming the rule`, async () => {
      const message = assertError(
        await one.call('GET', `/api/v1/bulk/DE?count=100&seed=s&slice=${encodeURIComponent(slice)}`, {
          headers: one.auth,
        }),
        422,
        'invalid_request',
      )
      assert.match(
        message,
        /^slice must be k\/n: two integers with 0 ≤ k < n ≤ 1,000,000, such as 0\/4 \(k counts from 0\)/,
      )
    })
  }

  test('the whole dataset must fit the capacity, for every part alike', async () => {
    for (const k of [0, 3]) {
      const message = assertError(
        await one.call('GET', `/api/v1/bulk/NO?bank=1503&count=900000&seed=s&slice=${k}/4`, { headers: one.auth }),
        422,
        'invalid_request',
      )
      assert.match(message, /^count must be at most 891,000/)
    }
  })

  test('the OpenAPI document declares slice on bulk, with its rule', async () => {
    const doc = (await one.call('GET', '/api/v1/openapi.json')).body as {
      paths: Record<string, { get: { parameters: { name: string; schema: { pattern?: string } }[] } }>
    }
    const bulk = doc.paths['/api/v1/bulk/{country}']?.get.parameters.find((p) => p.name === 'slice')
    assert.ok(bulk, 'bulk has slice')
    assert.equal(bulk.schema.pattern, '^(0|[1-9][0-9]{0,6})/([1-9][0-9]{0,6})$')
    assert.equal(
      doc.paths['/export/{country}']?.get.parameters.some((p) => p.name === 'slice'),
      false,
    )
  })
})
