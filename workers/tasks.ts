// The pool's tasks. A small descriptor crosses the thread boundary each way, and the bytes are
// copied into the task's slot or a buffer of their own and transferred back, never cloned.
// - generateBatch (the default task): one batch of rows, serialized.
// - validateBatch: one batch of input records in, its rows of verdicts and its counts out.
import { move } from 'piscina'
import type { BatchOptions } from '../src/formats/format-entry.ts'
import { renderBatchInto } from '../src/formats/render.ts'
import { ByteWriter } from '../src/formats/byte-writer.ts'
import { sealInto, sealedSize, type ValidateBatch } from '../src/formats/validate-batch.ts'
import { validateBatchInto } from '../src/formats/verdict-rows.ts'

export interface BatchTask extends BatchOptions {
  /**
   * Where the bytes go (streams): a resizable buffer transferred here with the task and back with
   * the bytes, grown when they need more room, so that the main thread allocates nothing per batch.
   */
  slot?: ArrayBuffer
  /** The stream's stop flag: once set, its batches that have not started are skipped. */
  stop?: Int32Array
}

const writer = new ByteWriter(1 << 20)

/** Whether the task's stream has stopped (its reader left): the batch is not wanted any more. */
const stopped = (task: { stop?: Int32Array }) => task.stop !== undefined && Atomics.load(task.stop, 0) !== 0

/**
 * `size` bytes, written by `fill`, transferred back: in the task's slot (grown if need be), else in a
 * buffer of their own (no slot, or one that cannot grow so far: the slot stays behind).
 */
function transferred(slot: ArrayBuffer | undefined, size: number, fill: (target: Uint8Array) => void): Uint8Array {
  if (slot !== undefined && size > slot.byteLength && size <= slot.maxByteLength) slot.resize(size)
  const target = slot !== undefined && size <= slot.byteLength ? new Uint8Array(slot, 0, size) : new Uint8Array(size)
  fill(target)
  return move(target) as Uint8Array
}

/** The batch's bytes, transferred (in `task.slot` when it has one); none once its stream has stopped. */
export default function generateBatch(task: BatchTask): Uint8Array {
  if (stopped(task)) return transferred(task.slot, 0, () => {})
  renderBatchInto(task, writer)
  const bytes = writer.view()
  return transferred(task.slot, bytes.length, (target) => target.set(bytes))
}

/**
 * The batch's rows with its counts sealed after them (see sealInto), transferred (in `task.slot`
 * when it has one); none once its stream has stopped.
 */
export function validateBatch(task: ValidateBatch & { stop?: Int32Array }): Uint8Array {
  if (stopped(task)) return transferred(task.slot, 0, () => {})
  const counts = validateBatchInto(task, writer)
  return transferred(task.slot, sealedSize(writer, counts), (target) => sealInto(target, writer, counts))
}
