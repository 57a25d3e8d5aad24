// Child processes that announce themselves on stderr: the CLI server ("ibanmint listening on …")
// and the benchmark servers. Shared by the shutdown tests and bench/lib.ts.
import type { ChildProcess } from 'node:child_process'

/** Resolves once the child wrote "listening on" to stderr; rejects with its output if it exits first. */
export function listening(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let text = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      if (text.includes('listening on')) resolve()
    })
    child.once('exit', () => reject(new Error(text)))
  })
}
