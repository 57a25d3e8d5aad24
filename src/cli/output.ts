// The --output FILE of the commands that write rows: opened before the first row is made, so
// a path that cannot be written is one line and exit 2, not a stack trace once the work began.
import { once } from 'node:events'
import { createWriteStream, type WriteStream } from 'node:fs'
import { UsageError } from './usage.ts'

const REASONS: Record<string, string> = {
  ENOENT: 'no such directory',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
}

/** Why a file cannot be written, in a few words. */
export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  return (code !== undefined && REASONS[code]) || (error instanceof Error ? error.message : String(error))
}

/** Ends the file and resolves once its last bytes are written; rejects with the failure. */
export function closeOutput(sink: WriteStream): Promise<void> {
  return new Promise<void>((resolve, reject) => sink.end((error?: Error | null) => (error ? reject(error) : resolve())))
}

/** The file, created or truncated and open; a usage error naming it when it cannot be. */
export async function openOutput(path: string): Promise<WriteStream> {
  const stream = createWriteStream(path)
  try {
    await once(stream, 'open')
  } catch (error) {
    throw new UsageError(`cannot write ${path}: ${reasonOf(error)}`)
  }
  return stream
}
