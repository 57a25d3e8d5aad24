// The --output FILE of the commands that write rows, and generate's --manifest FILE: opened
// before the first row is made, so a path that cannot be written is one line and exit 2, not a
// stack trace once the work began. A manifest appears whole or not at all (written beside, then
// renamed), and only once its part is written.
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream, type WriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import type { Writable } from 'node:stream'
import type { ChunkSink } from '../pool/ordered-window.ts'
import { reasonOf } from './reason.ts'
import { UsageError } from './usage.ts'

/** Ends the file and resolves once its last bytes are written; rejects with the failure. */
export function closeOutput(sink: WriteStream): Promise<void> {
  return new Promise<void>((resolve, reject) => sink.end((error?: Error | null) => (error ? reject(error) : resolve())))
}

/** The file, created or truncated and open; a usage error naming it (or `shownAs`) when it cannot be. */
export async function openOutput(path: string, shownAs = path): Promise<WriteStream> {
  const stream = createWriteStream(path)
  try {
    await once(stream, 'open')
  } catch (error) {
    throw new UsageError(`cannot write ${shownAs}: ${reasonOf(error)}`)
  }
  return stream
}

/** A sink that passes every chunk on to `sink` and keeps their size and SHA-256 (a part's manifest). */
export class DigestSink implements ChunkSink {
  readonly #sink: Writable
  readonly #hash = createHash('sha256')
  bytes = 0

  constructor(sink: Writable) {
    this.#sink = sink
  }

  write(chunk: Uint8Array, done?: (error?: Error | null) => void): boolean {
    // Hashed before it is handed on: a chunk in shared memory is reused once `done` runs.
    this.#hash.update(chunk)
    this.bytes += chunk.length
    return this.#sink.write(chunk, done)
  }

  // Listeners go to the sink itself, whose events they are; with on and removeListener too, as
  // node:events' once(), which waits for a drain, takes anything that has them for an emitter.
  /** @public node:events calls it. */
  on(event: string, listener: (...args: unknown[]) => void): this {
    this.#sink.on(event, listener)
    return this
  }

  once(event: string, listener: (...args: unknown[]) => void): this {
    this.#sink.once(event, listener)
    return this
  }

  off(event: string, listener: (...args: unknown[]) => void): this {
    this.#sink.off(event, listener)
    return this
  }

  /** @public node:events calls it. */
  removeListener(event: string, listener: (...args: unknown[]) => void): this {
    this.#sink.removeListener(event, listener)
    return this
  }

  get destroyed(): boolean {
    return this.#sink.destroyed
  }

  /** The SHA-256 (hex) of everything written; once only. */
  sha256(): string {
    return this.#hash.digest('hex')
  }
}

/** A file written whole or not at all: its bytes go to a file beside it, renamed into place on commit. */
export interface PendingFile {
  commit(text: string): Promise<void>
  discard(): Promise<void>
}

/** Opens `path`'s pending file now (a usage error naming `path` when its folder cannot be written). */
export async function openPendingFile(path: string): Promise<PendingFile> {
  const pending = `${path}.${process.pid}.tmp`
  const stream = await openOutput(pending, path)
  let settled = false
  return {
    async commit(text) {
      settled = true
      stream.write(text)
      await closeOutput(stream)
      await rename(pending, path)
    },
    async discard() {
      if (settled) return
      settled = true
      await closeOutput(stream).catch(() => {})
      await rm(pending, { force: true })
    },
  }
}
