// The pool's task: one batch in, its serialized bytes out (copied into shared memory, or
// transferred, never cloned). A small descriptor crosses the thread boundary each way.
import { move } from 'piscina'
import { renderBatchInto, type BatchOptions } from '../src/formats/render.ts'
import { ByteWriter } from '../src/formats/byte-writer.ts'

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
