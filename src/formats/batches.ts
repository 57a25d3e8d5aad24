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

/** The batches of a request for `count` rows from row `offset` on, in order. */
export function* batchesOf(count: number, offset = 0, size = BATCH_ROWS): Generator<Batch> {
  const total = Math.max(1, Math.ceil(count / size))
  for (let index = 0; index < total; index++) {
    yield {
      index,
      start: offset + index * size,
      count: Math.min(size, count - index * size),
      first: index === 0,
      last: index === total - 1,
    }
  }
}
