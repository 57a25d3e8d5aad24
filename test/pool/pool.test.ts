import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { test } from 'node:test'
import { Writable } from 'node:stream'
import { GenerationPool } from '../../src/pool/pool.ts'
import { renderBatch } from '../../src/formats/render.ts'

const task = {
  countries: ['IS'],
  count: 500,
  realistic: true,
  seed: 'pool',
  start: 30_000,
  format: 'csv' as const,
  first: true,
  last: true,
}
const expected = renderBatch(task)

test('the bundled worker renders a batch exactly as the main thread does', async () => {
  const pool = new GenerationPool({ threads: 1 })
  try {
    assert.deepEqual(Buffer.from(await pool.run(task)), Buffer.from(expected))
  } finally {
    await pool.close()
  }
})

test('the TypeScript loader shim (fallback when no bundle can be written) serves the same task', async () => {
  const shim = fileURLToPath(new URL('../../workers/tasks-worker.mjs', import.meta.url))
  const pool = new GenerationPool({ threads: 1, filename: shim })
  try {
    assert.deepEqual(Buffer.from(await pool.run(task)), Buffer.from(expected))
  } finally {
    await pool.close()
  }
})

test('stream writes batches in order and waits for drain on a sink that takes 2 ms a chunk', async () => {
  const pool = new GenerationPool({ threads: 2 })
  const chunks: Buffer[] = []
  let drains = 0
  const sink = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk)
      setTimeout(callback, 2) // the slow consumer itself
    },
  })
  sink.on('drain', () => drains++)
  try {
    await pool.stream(
      { countries: ['EE'], count: 45_000, realistic: false, seed: 'order', format: 'txt' },
      sink,
      new AbortController().signal,
    )
    const text = Buffer.concat(chunks).toString()
    const lines = text.trim().split('\n')
    assert.equal(lines.length, 45_000)
    const reference = [0, 1, 2, 3, 4]
      .map((index) =>
        Buffer.from(
          renderBatch({
            countries: ['EE'],
            start: index * 10_000,
            count: index === 4 ? 5_000 : 10_000,
            realistic: false,
            seed: 'order',
            format: 'txt',
            first: index === 0,
            last: index === 4,
          }),
        ).toString(),
      )
      .join('')
    assert.equal(text, reference)
    assert.ok(drains >= 4, `waited for drain (${drains} times)`)
  } finally {
    await pool.close()
  }
})
