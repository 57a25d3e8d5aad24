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

/** Resolves once the child writes `text` to stderr from now on; rejects if it exits first. */
export function announces(child: ChildProcess, text: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let seen = ''
    const onData = (chunk: Buffer) => {
      seen += chunk.toString()
      if (!seen.includes(text)) return
      child.stderr?.off('data', onData)
      resolve()
    }
    child.stderr?.on('data', onData)
    child.once('exit', () => reject(new Error(`exited before "${text}": ${seen}`)))
  })
}
