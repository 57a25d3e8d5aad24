// Child processes: the command line run to its end (runBin), and those that announce themselves
// on stderr: the CLI server ("ibanmint listening on …") and the benchmark servers. Shared by the
// command-line tests, the shutdown tests and bench/lib.ts.
import { spawnSync, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'

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

/** The built command line (bin/ibanmint.js runs dist/), as users run it. */
export const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ibanmint.js')

export interface BinResult {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs `ibanmint args…` to its end; `env` is added to this process's environment. */
export function runBin(args: string[], env: NodeJS.ProcessEnv = {}): BinResult {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 1 << 26,
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}
