// The pool's tasks. A small descriptor crosses the thread boundary each way, and the bytes are
// copied into shared memory or transferred, never cloned.
// - generateBatch (the default task): one batch of rows, serialized.
// - validateBatch: one batch of input records in, its rows of verdicts and its counts out.
import { move } from 'piscina'
import { renderBatchInto, type BatchOptions } from '../src/formats/render.ts'
import { ByteWriter } from '../src/formats/byte-writer.ts'
import { sealInto, sealedSize, type ValidateBatch } from '../src/formats/validate-batch.ts'
import { validateBatchInto } from '../src/formats/verdict-rows.ts'

export interface BatchTask extends BatchOptions {
  /**
   * Shared memory for the bytes (streams): when they fit, the batch is copied here and only its
   * length comes back, so the main thread allocates nothing per batch (and collects nothing).
   */
  slot?: SharedArrayBuffer
}

const writer = new ByteWriter(1 << 20)

/** The batch's bytes (transferred), or their length when they were copied into `task.slot`. */
export default function generateBatch(task: BatchTask): Uint8Array | number {
  renderBatchInto(task, writer)
  const bytes = writer.view()
  if (task.slot !== undefined && bytes.length <= task.slot.byteLength) {
    new Uint8Array(task.slot).set(bytes)
    return bytes.length
  }
  return move(bytes.slice()) as Uint8Array
}

/**
 * The batch's rows with its counts sealed after them (see sealInto): their size when they were
 * copied into `task.slot`, else the bytes, transferred.
 */
export function validateBatch(task: ValidateBatch): Uint8Array | number {
  const counts = validateBatchInto(task, writer)
  const size = sealedSize(writer, counts)
  if (task.slot !== undefined && size <= task.slot.byteLength) {
    sealInto(new Uint8Array(task.slot, 0, size), writer, counts)
    return size
  }
  const sealed = new Uint8Array(size)
  sealInto(sealed, writer, counts)
  return move(sealed) as Uint8Array
}
