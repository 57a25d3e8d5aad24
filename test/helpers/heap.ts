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

/**
 * MB of heap in use once collections stop freeing memory. Between collections the event loop
 * turns once, so that what a collection let go (sockets closing, finalizers) runs and is
 * collected in the next round.
 */
export async function heapAfterGc(): Promise<number> {
  gc()
  let heap = heapUsedMb()
  for (let round = 1; round < MAX_ROUNDS; round++) {
    await new Promise((resolve) => setImmediate(resolve))
    gc()
    const next = heapUsedMb()
    const freed = heap - next
    heap = next
    if (freed < SETTLED_MB) break
  }
  return heap
}
