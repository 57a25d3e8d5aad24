// The heap after garbage collection, for the cases that compare memory before and after a load:
// a leak shows as heap that collection cannot free, not as garbage not yet collected.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

setFlagsFromString('--expose-gc')
// The flag only reaches contexts made after it is set: a new context carries `gc`.
const gc = runInNewContext('gc') as () => void

/** A collection that frees less than this (MB) has found all there was to free. */
const SETTLED_MB = 0.25
const MAX_ROUNDS = 10

const heapUsedMb = () => process.memoryUsage().heapUsed / 2 ** 20
/** The heap and the array buffers it points at (chunks of bytes live outside the heap). */
const heldMb = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage()
  return (heapUsed + arrayBuffers) / 2 ** 20
}

/**
 * MB of heap in use once collections stop freeing memory. Between collections the event loop
 * turns once, so that what a collection let go (sockets closing, finalizers) runs and is
 * collected in the next round.
 */
export async function heapAfterGc(measure: () => number = heapUsedMb): Promise<number> {
  gc()
  let heap = measure()
  for (let round = 1; round < MAX_ROUNDS; round++) {
    await new Promise((resolve) => setImmediate(resolve))
    gc()
    const next = measure()
    const freed = heap - next
    heap = next
    if (freed < SETTLED_MB) break
  }
  return heap
}

/** MB of heap and array buffers in use once collections stop freeing memory (see heapAfterGc). */
export const heldAfterGc = (): Promise<number> => heapAfterGc(heldMb)
