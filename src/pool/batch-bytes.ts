// How large the result slots of a generation stream are, and so how much of the memory budget it
// reserves: what a batch of the same request took before (streams of one request repeat, in load
// tests above all), else the most a batch of its format can take. A batch that outgrows its slot
// is transferred instead, and teaches the next stream its size.
import { BoundedCache } from '../bounded-cache.ts'
import { BATCH_ROWS } from '../formats/batches.ts'
import type { RenderFormat } from '../formats/format-names.ts'
import { maxRowBytesOf } from '../formats/render.ts'
import type { DatasetOptions } from '@ibanmint/iban/internal'
import { SLOT_MAX_BYTES } from './slots.ts'

/** What a batch writes besides its rows at most: a csv header of every country's columns, a document's opening. */
const HEAD_BYTES = 4096
/** Slots are sized in steps of this, so that streams of like requests share them. */
const SLOT_STEP = 64 * 1024
/** Room over the largest batch seen: another seed or offset of the same request picks other banks. */
const MARGIN = 1.125

const roundUp = (bytes: number) => Math.ceil(bytes / SLOT_STEP) * SLOT_STEP

/** What of a stream request decides the size of its batches: its dataset's kind of rows, its count and format. */
interface SizedRequest {
  dataset: Pick<DatasetOptions, 'countries' | 'realistic' | 'bank' | 'invalid' | 'invalidShare'>
  count: number
  format: RenderFormat
  parties?: boolean | undefined
}

/** The most bytes the `invalid` label adds to a row (`,"invalid":"national"`): with a list or a share. */
const LABEL_BYTES = 24

function labelled(request: SizedRequest): boolean {
  return Array.isArray(request.dataset.invalid) || request.dataset.invalidShare !== undefined
}

export class BatchSizes {
  /** The largest batch seen, by request (its rows' kind, not its count, seed or offset). */
  readonly #seen = new BoundedCache<string, number>(256)

  /**
   * Bytes of one result slot for `request`'s batches: no more than a slot may grow to (a payment
   * file's 10,000 transactions may take more; such a batch comes back in a buffer of its own).
   */
  slotBytes(request: SizedRequest): number {
    const rows = Math.min(request.count, BATCH_ROWS)
    const most = Math.min(
      SLOT_MAX_BYTES,
      roundUp(
        rows * (maxRowBytesOf(request.format, request.parties === true) + (labelled(request) ? LABEL_BYTES : 0)) +
          HEAD_BYTES,
      ),
    )
    const seen = this.#seen.get(keyOf(request))
    return seen === undefined ? most : Math.min(most, roundUp(seen * MARGIN + HEAD_BYTES))
  }

  /** Records the largest batch a stream of `request` wrote (a full batch, so that it stands for the rest). */
  learn(request: SizedRequest, largest: number): void {
    if (request.count < BATCH_ROWS || largest === 0) return
    const key = keyOf(request)
    this.#seen.set(key, Math.max(largest, this.#seen.get(key) ?? 0))
  }
}

function keyOf(request: SizedRequest): string {
  const { countries, realistic, bank, invalid, invalidShare } = request.dataset
  return `${request.format} ${countries.join(',')} ${realistic !== false} ${bank ?? ''} ${String(invalid ?? '')} ${invalidShare ?? ''} ${request.parties === true}`
}
