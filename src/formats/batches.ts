// How a request for many rows is cut into batches. A row's content depends only on the
// dataset and its row index, so the cut decides only how work is shared between threads and
// where a document's batches join (SQL INSERT groups restart with each batch).

/** Rows per batch: batch i holds rows [start + i × BATCH_ROWS, …). */
export const BATCH_ROWS = 10_000

export interface Batch {
  readonly index: number
  /** Row index of the batch's first row in the dataset. */
  readonly start: number
  readonly count: number
  readonly first: boolean
  readonly last: boolean
}

/** How many rows the first batch holds when batches are cut every `size` rows from `origin` (0: a whole batch). */
function leadOf(offset: number, size: number, origin: number): number {
  return (size - ((((offset - origin) % size) + size) % size)) % size
}

/**
 * The batches of a request for `count` rows from row `offset` on, in order; one at least (an
 * empty slice still opens and closes its document). Batches are cut every `size` rows counted
 * from row `origin` (default `offset`): a slice of a larger request counts from that request's
 * first row, so that its batches, and the INSERT statements sql cuts with them, end where the
 * unsliced request's do (its first batch may be shorter).
 */
export function* batchesOf(count: number, offset = 0, size = BATCH_ROWS, origin = offset): Generator<Batch> {
  const lead = leadOf(offset, size, origin)
  const end = offset + count
  let start = offset
  let index = 0
  do {
    const rows = Math.min(index === 0 && lead > 0 ? lead : size, end - start)
    yield { index, start, count: rows, first: index === 0, last: start + rows >= end }
    start += rows
    index++
  } while (start < end)
}

/** How many batches batchesOf yields, without making them. */
export function batchTotal(count: number, offset = 0, size = BATCH_ROWS, origin = offset): number {
  const lead = leadOf(offset, size, origin)
  if (lead === 0 || lead >= count) return Math.max(1, Math.ceil(count / size))
  return 1 + Math.ceil((count - lead) / size)
}
