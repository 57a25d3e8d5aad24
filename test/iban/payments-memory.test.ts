// Payment files stream in constant memory: the first pass for the control figures keeps no rows,
// and the writers hand out chunks as they fill. The heap a stream of 100,000 transactions holds
// (10,000,000 with IBANMINT_LONG_TESTS=1) is the heap a stream of 10,000 holds: measured after
// collection at points through each stream (what it retains, not garbage the collector has not
// yet reached, which varies with the Node line and the machine's load).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PaymentFile, type PaymentDocument } from '../../src/iban/index.ts'
import { LONG } from '../helpers/fixtures.ts'
import { heldAfterGc } from '../helpers/heap.ts'

/**
 * Streams a document of `count` transactions, dropping each chunk; returns bytes and the most
 * memory held after collection (the heap and the byte chunks outside it), measured at the 64th,
 * 128th, 256th, … chunk and at the end.
 */
async function stream(count: number, document: PaymentDocument): Promise<{ bytes: number; heap: number }> {
  const file = new PaymentFile({
    count,
    seed: 'memory',
    date: '2026-03-02',
    countries: ['DE', 'FR'],
    defects: ['AC01', 'AM05'],
    defectShare: 0.01,
  })
  let bytes = 0
  let peak = 0
  let chunks = 0
  for (const chunk of file.chunks(document)) {
    bytes += chunk.length
    // The stream is suspended here: the heap after collection is what it retains mid-way.
    if (++chunks >= 64 && (chunks & (chunks - 1)) === 0) peak = Math.max(peak, await heldAfterGc())
  }
  return { bytes, heap: Math.max(peak, await heldAfterGc()) }
}

const COUNT = LONG ? 10_000_000 : 100_000

for (const document of ['initiation', 'statement'] as const) {
  test(`${document}: ${COUNT.toLocaleString('en')} transactions stream with the heap of 10,000`, async () => {
    await stream(10_000, document)
    const small = await stream(10_000, document)
    const large = await stream(COUNT, document)
    assert.ok(large.bytes > ((small.bytes * COUNT) / 10_000) * 0.9, `${large.bytes} bytes`)
    // The heap held does not grow with the count: what a chunk or two and the writers' state hold.
    assert.ok(
      large.heap < small.heap + 16,
      `${large.heap.toFixed(1)} MB held after ${COUNT}, ${small.heap.toFixed(1)} MB after 10,000`,
    )
  })
}
