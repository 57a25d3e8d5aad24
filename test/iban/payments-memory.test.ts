// Payment files stream in constant memory: the first pass for the control figures keeps no rows,
// and the writers hand out chunks as they fill. The heap after streaming 100,000 transactions is
// the heap after streaming 10,000 (10,000,000 with IBANMINT_LONG_TESTS=1), and every chunk is
// taken by the time the next is made.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PaymentFile, type PaymentDocument } from '../../src/iban/index.ts'
import { LONG } from '../helpers/fixtures.ts'
import { heapAfterGc } from '../helpers/heap.ts'

/** Streams a document of `count` transactions, dropping each chunk; returns bytes and the peak heap seen. */
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
    if (++chunks % 100 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed / 2 ** 20)
  }
  return { bytes, heap: Math.max(peak, await heapAfterGc()) }
}

const COUNT = LONG ? 10_000_000 : 100_000

for (const document of ['initiation', 'statement'] as const) {
  test(`${document}: ${COUNT.toLocaleString('en')} transactions stream with the heap of 10,000`, async () => {
    await stream(10_000, document)
    const small = await stream(10_000, document)
    const large = await stream(COUNT, document)
    assert.ok(large.bytes > ((small.bytes * COUNT) / 10_000) * 0.9, `${large.bytes} bytes`)
    // The heap in use does not grow with the count: what a chunk or two and the collector's slack hold.
    assert.ok(
      large.heap < small.heap + 16,
      `heap ${large.heap.toFixed(1)} MB after ${COUNT}, ${small.heap.toFixed(1)} MB after 10,000`,
    )
  })
}
