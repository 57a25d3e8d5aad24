import assert from 'node:assert/strict'
import { test } from 'node:test'
import { toApiError } from '../../src/core/errors.ts'
import { BatchSizes } from '../../src/pool/batch-bytes.ts'
import { SLOT_MAX_BYTES, SlotStore } from '../../src/pool/slots.ts'
import { MemoryBudgetError, StreamMemory } from '../../src/pool/stream-memory.ts'
import { waitFor } from '../helpers/wait.ts'

const MB = 1 << 20

test('a stream gets what it asks while the budget stays half free, the least it needs after, and a 503 naming STREAM_MEMORY_MB when less is left', () => {
  const memory = new StreamMemory({ budget: 10 * MB })
  const first = memory.reserve(2 * MB, 5 * MB)
  assert.equal(first.bytes, 5 * MB, 'as much as it asked: half the budget is still free')
  const second = memory.reserve(2 * MB, 4 * MB)
  assert.equal(second.bytes, 2 * MB, 'the least it needs: the second half is shared out')
  const third = memory.reserve(3 * MB, 3 * MB)
  assert.deepEqual([memory.reserved, memory.open], [10 * MB, 3])
  let refusal: unknown
  assert.throws(
    () => memory.reserve(MB, 2 * MB),
    (error: unknown) => (refusal = error) instanceof MemoryBudgetError,
  )
  const error = toApiError(refusal)
  assert.equal(error.code, 'service_unavailable')
  assert.equal(error.retryAfter, 1)
  assert.equal(
    error.message,
    'the memory for streams is taken: 3 streams under way hold 10 MB of the 10 MB budget (STREAM_MEMORY_MB), and this one needs 1.0 MB; retry shortly',
  )
  assert.equal(memory.refused, 1)
  first.close()
  first.close() // once only
  third.close()
  assert.equal(memory.reserved, 2 * MB)
  assert.equal(memory.reserve(MB, 3 * MB).bytes, 3 * MB, 'their shares came back')
})

test('slots are reused from stream to stream, and emptied (their memory returned) once no stream has been open for the idle time', async () => {
  const memory = new StreamMemory({ budget: 64 * MB, idleMs: 20 })
  const stream = memory.reserve(4 * MB)
  const slot = memory.slots.take(MB)
  assert.ok(slot.resizable && slot.maxByteLength === SLOT_MAX_BYTES)
  new Uint8Array(slot).fill(7)
  memory.slots.give(slot)
  assert.equal(memory.slots.take(2 * MB), slot, 'the kept slot, grown')
  assert.equal(slot.byteLength, 2 * MB)
  memory.slots.give(slot)
  // A stream is open: nothing is let go, however long it runs.
  await new Promise((resolve) => setImmediate(resolve))
  assert.equal(memory.slots.kept, 1)
  stream.close()
  await waitFor(() => memory.slots.kept === 0, { message: 'the kept slots to be let go' })
  assert.equal(slot.byteLength, 0, 'emptied: its pages are returned')
  assert.equal(memory.slots.keptBytes, 0)
})

test('kept slots and reserved streams together never pass the budget: a reservation empties the slots beyond it', () => {
  const memory = new StreamMemory({ budget: 4 * MB, idleMs: 60_000 })
  const slots = [memory.slots.take(MB), memory.slots.take(MB), memory.slots.take(MB)]
  for (const slot of slots) memory.slots.give(slot)
  assert.equal(memory.slots.keptBytes, 3 * MB)
  const stream = memory.reserve(2 * MB)
  assert.equal(memory.slots.keptBytes, 2 * MB)
  assert.equal(slots.filter((slot) => slot.byteLength === 0).length, 1, 'one slot emptied')
  stream.close()
  memory.release()
})

test('a slot store keeps no detached or fixed-length buffer, and empties what passes its limit', () => {
  const store = new SlotStore()
  store.give(new ArrayBuffer(16))
  const moved = store.take(16)
  structuredClone(moved, { transfer: [moved] })
  store.give(moved)
  assert.equal(store.kept, 0)
  store.limitTo(MB)
  const big = store.take(2 * MB)
  store.give(big)
  assert.deepEqual([store.kept, big.byteLength], [0, 0])
})

test('a slot asked larger than a slot may grow is made at the most (the batch comes back in a buffer of its own); its estimate says so too', () => {
  const store = new SlotStore()
  const slot = store.take(SLOT_MAX_BYTES + 5 * MB)
  assert.deepEqual([slot.byteLength, slot.maxByteLength], [SLOT_MAX_BYTES, SLOT_MAX_BYTES])
  store.give(slot)
  assert.equal(store.take(SLOT_MAX_BYTES * 2).byteLength, SLOT_MAX_BYTES, 'a kept slot, resized to the most')
  const directDebits = { dataset: { countries: ['DE', 'FR'] }, count: 10_001, format: 'pain.008' } as const
  assert.equal(new BatchSizes().slotBytes(directDebits), SLOT_MAX_BYTES)
})
