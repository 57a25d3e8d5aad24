// A fault-injecting worker module for the generation pool, used only by the reliability tests
// (passed as StartOptions.workerModule; nothing in the environment can select it). A task whose
// dataset seed names a fault suffers it (fault:throw-later: every batch but the first throws); a
// validation batch that holds the line FAULT-THROW throws; every other task is served by the
// real worker module.
import { Buffer } from 'node:buffer'
import { register } from 'tsx/esm/api'

register()
const { default: generateBatch, validateBatch: realValidateBatch } = await import('../../workers/tasks.ts')

export function validateBatch(task) {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength)
  if (bytes.includes('FAULT-THROW')) throw new Error('injected worker failure')
  return realValidateBatch(task)
}

export default function faultyBatch(task) {
  switch (task.dataset.seed) {
    case 'fault:exit':
      process.exit(1)
      break
    case 'fault:throw':
      throw new Error('injected worker failure')
    case 'fault:throw-later':
      if (task.start > 0) throw new Error('injected worker failure')
      break
    case 'fault:oom': {
      const hoard = []
      for (;;) hoard.push(new Array(1 << 20).fill(hoard.length))
    }
    case 'fault:slow': {
      const until = Date.now() + 1_500
      while (Date.now() < until) {
        // hold the thread, as a pathological batch would
      }
      break
    }
  }
  return generateBatch(task)
}
