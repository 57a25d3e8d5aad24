// The pool's task: one batch in, its serialized bytes out (transferred, not cloned). A small
// descriptor crosses the thread boundary each way; never arrays of objects.
import { move } from 'piscina'
import { randomForBatch } from '../src/formats/batches.ts'
import { renderBatch, type RenderFormat } from '../src/formats/render.ts'
import { ByteWriter } from '../src/formats/byte-writer.ts'

export interface BatchTask {
  countries: string[]
  count: number
  realistic: boolean
  seed: string | undefined
  /** Batch number: seeded output draws from seeded stream `batch`. */
  batch: number
  format: RenderFormat
  first: boolean
  last: boolean
}

const writer = new ByteWriter(1 << 20)

export default function generateBatch(task: BatchTask): Uint8Array {
  const bytes = renderBatch(
    {
      countries: task.countries,
      count: task.count,
      realistic: task.realistic,
      format: task.format,
      random: randomForBatch(task.seed, task.batch),
      first: task.first,
      last: task.last,
    },
    writer,
  )
  return move(bytes) as Uint8Array
}
