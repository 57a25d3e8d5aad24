import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { test } from 'node:test'
import { Writable } from 'node:stream'
import { WorkPool } from '../../src/pool/pool.ts'
import { renderBatch } from '../../src/formats/render.ts'

const task = {
  dataset: { countries: ['IS'], realistic: true, seed: 'pool' },
  count: 500,
  start: 30_000,
  format: 'csv' as const,
  first: true,
  last: true,
}
const expected = renderBatch(task)

test('the bundled worker renders a batch exactly as the main thread does', async () => {
  const pool = new WorkPool({ threads: 1 })
  try {
    assert.deepEqual(Buffer.from(await pool.run(task)), Buffer.from(expected))
  } finally {
    await pool.close()
  }
})

test('the TypeScript loader shim (fallback when no bundle can be written) serves the same task', async () => {
  const shim = fileURLToPath(new URL('../../workers/tasks-worker.mjs', import.meta.url))
  const pool = new WorkPool({ threads: 1, filename: shim })
  try {
    assert.deepEqual(Buffer.from(await pool.run(task)), Buffer.from(expected))
  } finally {
    await pool.close()
  }
})

test('stream writes batches in order and waits for drain on a sink that takes 2 ms a chunk', async () => {
  const pool = new WorkPool({ threads: 2 })
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
      { dataset: { countries: ['EE'], realistic: false, seed: 'order' }, count: 45_000, format: 'txt' },
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
            dataset: { countries: ['EE'], realistic: false, seed: 'order' },
            start: index * 10_000,
            count: index === 4 ? 5_000 : 10_000,
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

test('streams are admitted once, for a window of places they keep until they end; a full pool refuses at once', async () => {
  const pool = new WorkPool({ threads: 1, maxQueue: 3 })
  try {
    assert.equal(pool.places, 4)
    const first = pool.openStream('generate')
    const second = pool.openStream('generate', 10)
    assert.deepEqual([first.window, second.window], [2, 2])
    const busy = /the worker pool is full: its 4 places \(1 thread and a queue of 3, POOL_MAX_QUEUE\)/
    assert.throws(() => pool.openStream('generate'), busy)
    await assert.rejects(pool.run(task), busy)
    // An admitted stream's batches wait for the thread, however many are queued.
    const results = await Promise.all(Array.from({ length: 6 }, () => second.run({ ...task })))
    assert.equal(results.length, 6)
    // Its places come back once it is closed and its batches have settled.
    const running = first.run({ ...task })
    first.close()
    assert.throws(() => pool.openStream('generate'), busy, 'still held while a batch runs')
    await running
    assert.equal(pool.openStream('generate', 1).window, 1)
    second.close()
    assert.equal(pool.openStream('generate').window, 2)
  } finally {
    await pool.close()
  }
})
