import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { test } from 'node:test'
import { Writable } from 'node:stream'
import { WorkPool } from '../../src/pool/pool.ts'
import { renderBatch } from '../../src/formats/render.ts'
import { waitFor } from '../helpers/wait.ts'

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

test('a stream reserves its memory at admission: a wide window while fewer streams than threads run, one batch after, and a 503 naming STREAM_MEMORY_MB when not even that fits', async () => {
  const MB = 1 << 20
  const pool = new WorkPool({ threads: 1, maxQueue: 64, streamMemory: 9 * MB })
  try {
    const needs = { slotBytes: MB, otherBytes: MB / 2 }
    // Alone: a window of 2 (the thread's two), its slots and one more for the batch being written.
    const first = pool.openStream('generate', 100, 2, needs)
    assert.deepEqual([first.window, first.slots, pool.memory.reserved], [2, 3, 3.5 * MB])
    // As many streams as threads run: one batch in flight each is enough to keep the thread busy.
    const second = pool.openStream('generate', 100, 2, needs)
    assert.deepEqual([second.window, second.slots, pool.memory.reserved], [1, 2, 6 * MB])
    // A stream of one batch needs one slot.
    const single = pool.openStream('generate', 1, 2, needs)
    assert.deepEqual([single.window, single.slots, pool.memory.reserved], [1, 1, 7.5 * MB])
    assert.throws(
      () => pool.openStream('generate', 100, 2, needs),
      /^MemoryBudgetError: the memory for streams is taken: 3 streams under way hold 7\.5 MB of the 9\.0 MB budget \(STREAM_MEMORY_MB\), and this one needs 2\.5 MB; retry shortly$/,
    )
    assert.equal(pool.memory.refused, 1)
    second.close()
    single.close()
    first.close()
    assert.equal(pool.memory.reserved, 0, 'every stream gave its share back')
  } finally {
    await pool.close()
  }
})

test('a stream holds no more slots than its lease however long it runs; the next one reuses them; a batch larger than its slot grows it', async () => {
  const pool = new WorkPool({ threads: 2, streamMemory: 64 << 20 })
  const sink = new Writable({
    highWaterMark: 1024,
    write(_chunk: Buffer, _encoding, callback) {
      setImmediate(callback) // a reader that keeps the window waiting
    },
  })
  const request = {
    dataset: { countries: ['DE'], realistic: true, seed: 'slots' },
    count: 60_000,
    format: 'csv' as const,
  }
  try {
    // Slots of 64 KiB: every 10,000-row batch (1.2 MB) grows its slot rather than leave it.
    const needs = { slotBytes: 64 * 1024, otherBytes: 0 }
    const lease = pool.openStream('generate', 6, 2, needs)
    await pool.stream(request, sink, new AbortController().signal, { lease })
    const made = pool.memory.slots.made
    assert.ok(made >= 1 && made <= lease.slots, `${made} slots made, the lease allowed ${lease.slots}`)
    await waitFor(() => pool.memory.slots.kept === made, { message: 'the slots back once written' })
    assert.ok(pool.memory.slots.keptBytes >= made * 1_000_000, 'grown to hold a batch')
    const again = pool.openStream('generate', 6, 2, needs)
    await pool.stream(request, sink, new AbortController().signal, { lease: again })
    assert.equal(pool.memory.slots.made, made, 'the second stream made none: it took the kept slots')
  } finally {
    await pool.close()
  }
})

test('a reader that leaves stops its stream: batches not yet started are skipped, the running one finishes, no worker thread is lost', async () => {
  const pool = new WorkPool({ threads: 1, streamMemory: 64 << 20 })
  const controller = new AbortController()
  let chunks = 0
  const sink = new Writable({
    write(_chunk: Buffer, _encoding, callback) {
      if (++chunks === 2) controller.abort() // the reader leaves while batches are queued and one runs
      callback()
    },
  })
  try {
    const before = pool.completed
    await pool.stream(
      { dataset: { countries: ['DE'], realistic: true, seed: 'leave' }, count: 10_000_000, format: 'csv' },
      sink,
      controller.signal,
    )
    await waitFor(() => pool.outstanding === 0, { message: 'the batches under way to settle' })
    assert.equal(pool.threadsLost, 0, 'the running batch was not cut short by ending its thread')
    assert.ok(pool.completed - before <= 6, `${pool.completed - before} batches ran of 1,000`)
    // Every slot came back with its batch.
    await waitFor(() => pool.memory.slots.kept > 0 && pool.memory.reserved === 0, { message: 'the slots back' })
  } finally {
    await pool.close()
  }
})
