// How a request for many rows is cut into batches. Seeded output depends on this cut (batch
// i draws from the seeded stream i), so the batch size is part of the output contract.
import { CryptoRandom, SeededRandom, type RandomSource } from '../iban/index.ts'

/** Rows per batch: batch i holds rows [i × BATCH_ROWS, (i + 1) × BATCH_ROWS). */
export const BATCH_ROWS = 10_000

export interface Batch {
  readonly index: number
  readonly count: number
  readonly first: boolean
  readonly last: boolean
}

/** The batches of a request for `count` rows, in order. */
export function* batchesOf(count: number, size = BATCH_ROWS): Generator<Batch> {
  const total = Math.max(1, Math.ceil(count / size))
  for (let index = 0; index < total; index++) {
    yield { index, count: Math.min(size, count - index * size), first: index === 0, last: index === total - 1 }
  }
}

/** The random source of one batch: seeded stream `index` when a seed is given, else crypto. */
export function randomForBatch(seed: string | undefined, index: number): RandomSource {
  return seed === undefined ? new CryptoRandom() : new SeededRandom(seed, index)
}
