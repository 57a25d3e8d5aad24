// KeyStore on a local JSON file: the embedded default. Any number of processes may change it
// at once (the `ibanmint keys` commands, while the server reads it): each change is a
// read-modify-write of the freshest file under a lock shared by every process (file-lock.ts),
// and lands whole (temporary file, fsync, rename, then the folder's fsync), so a process killed
// at any moment leaves the file as it was before or after its change, never a mix, and never
// loses another process's change. Reads pick up other processes' changes by the file's identity
// (inode, size, modification and change times: a rename within one clock tick keeps the
// modification time but not the inode), looked at most once a second, and at once for an id
// that is not in the file as last read: a key created a moment ago is found on its first use. A file that cannot be read (truncated, foreign JSON) is never
// written over: reads and changes fail with KeyFileError naming it and why, until it is repaired.
import { mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { withFileLock, type LockOwner } from './file-lock.ts'
import type { KeyRecord } from './key.ts'
import type { KeyStore } from './store.ts'

interface KeyFile {
  version: 1
  keys: KeyRecord[]
}

/** How often a known key's lookup looks for other processes' changes. */
const RECHECK_MS = 1000

/** The key file exists but cannot be read as one (truncated, not JSON, someone else's JSON). */
export class KeyFileError extends Error {
  /** Why, without the path (for answers to clients). */
  readonly reason: string

  constructor(path: string, reason: string, options?: ErrorOptions) {
    super(`the key file ${path} cannot be read: ${reason}`, options)
    this.name = 'KeyFileError'
    this.reason = reason
  }
}

/** The records of a key file's text, or the reason it is not one. */
function parseKeyFile(path: string, text: string): KeyRecord[] {
  let file: Partial<KeyFile>
  try {
    file = JSON.parse(text) as Partial<KeyFile>
  } catch (error) {
    // The parser's message quotes the file, whose hashes and names clients are not to see: kept as the cause.
    throw new KeyFileError(path, 'it is not valid JSON (truncated, or not JSON at all)', { cause: error })
  }
  const records = file?.keys
  if (file?.version !== 1 || !Array.isArray(records))
    throw new KeyFileError(path, 'it is not an ibanmint key file (expected {"version": 1, "keys": [...]})')
  const bad = records.findIndex((r) => typeof r?.id !== 'string' || typeof r?.hash !== 'string')
  if (bad >= 0) throw new KeyFileError(path, `key ${bad + 1} has no string id and hash`)
  return records
}

/** What tells one version of the file from another; '' when there is no file. */
async function identityOf(path: string): Promise<string> {
  try {
    const info = await stat(path, { bigint: true })
    return `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ''
    throw error
  }
}

export class FileKeyStore implements KeyStore {
  readonly path: string
  readonly name: string
  #records = new Map<string, KeyRecord>()
  /** The identity of the file the records (or the error) were read from; undefined: not read yet. */
  #identity: string | undefined
  /** Why the file as last looked at cannot be read. */
  #failure: KeyFileError | undefined
  #checkedAt = 0
  #writing: Promise<void> = Promise.resolve()
  #loading: Promise<void> | undefined

  constructor(path: string) {
    this.path = path
    this.name = `key file ${path}`
  }

  /**
   * Loads the file if it changed since it was last looked at more than `maxAgeMs` ago;
   * concurrent callers share one load (none sees a half-done one). Throws the file's failure.
   */
  async #load(maxAgeMs: number): Promise<void> {
    if (this.#loading === undefined && Date.now() - this.#checkedAt >= maxAgeMs)
      this.#loading = this.#reload().finally(() => (this.#loading = undefined))
    if (this.#loading !== undefined) await this.#loading
    if (this.#failure !== undefined) throw this.#failure
  }

  /** Reads the file once more, after any read under way (which may have begun before a change). */
  async #loadFresh(): Promise<void> {
    while (this.#loading !== undefined) await this.#loading
    this.#identity = undefined
    await this.#load(0)
  }

  async #reload(): Promise<void> {
    this.#checkedAt = Date.now()
    try {
      const identity = await identityOf(this.path)
      if (identity === this.#identity) return
      if (identity === '') {
        this.#records = new Map()
        this.#failure = undefined
        this.#identity = identity
        return
      }
      let text: string
      try {
        text = await readFile(this.path, 'utf8')
      } catch (error) {
        // Replaced or removed between the two calls: the next look reads it.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
        throw error
      }
      // A file replaced while it was read is read again on the next look.
      const after = await identityOf(this.path)
      this.#identity = after === identity ? identity : undefined
      this.#records = new Map(parseKeyFile(this.path, text).map((record) => [record.id, record]))
      this.#failure = undefined
    } catch (error) {
      this.#failure =
        error instanceof KeyFileError
          ? error
          : new KeyFileError(this.path, (error as Error).message.replace(`, open '${this.path}'`, ''), {
              cause: error,
            })
      if (!(error instanceof KeyFileError)) this.#identity = undefined
    }
  }

  async #save(): Promise<void> {
    const file: KeyFile = { version: 1, keys: [...this.#records.values()] }
    const folder = dirname(this.path)
    const temporary = temporaryOf(this.path, process.pid)
    const handle = await open(temporary, 'w', 0o600)
    try {
      await handle.writeFile(JSON.stringify(file, null, 2) + '\n')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, this.path)
    await syncFolder(folder)
    this.#identity = await identityOf(this.path)
    this.#checkedAt = Date.now()
  }

  /**
   * Runs a read-modify-write on the file as it is now, under the lock every process takes:
   * nobody changes it between this read and this write.
   */
  #update<T>(change: () => T): Promise<T> {
    const result = this.#writing.then(async () => {
      await mkdir(dirname(this.path), { recursive: true })
      return withFileLock(
        this.path,
        async () => {
          await this.#loadFresh()
          const value = change()
          await this.#save()
          return value
        },
        { onBroken: (owner) => this.#removeLeftovers(owner) },
      )
    })
    this.#writing = result.then(
      () => undefined,
      () => undefined,
    )
    return result
  }

  /** The temporary file of a writer that died holding the lock. */
  async #removeLeftovers(owner: LockOwner | undefined): Promise<void> {
    if (owner !== undefined) await unlink(temporaryOf(this.path, owner.pid)).catch(() => {})
  }

  add(record: KeyRecord): Promise<void> {
    return this.#update(() => {
      if (this.#records.has(record.id)) throw new Error(`key id ${record.id} exists`)
      this.#records.set(record.id, record)
    })
  }

  async find(id: string): Promise<KeyRecord | null> {
    await this.#load(RECHECK_MS)
    const record = this.#records.get(id)
    if (record !== undefined) return record
    // An id not in the file as last read: the file as it is now (one stat, shared by lookups
    // under way; it is read again only when it changed).
    await this.#load(0)
    return this.#records.get(id) ?? null
  }

  async list(): Promise<KeyRecord[]> {
    await this.#load(0)
    return [...this.#records.values()]
  }

  revoke(id: string, at: Date): Promise<KeyRecord | null> {
    return this.#update(() => {
      const record = this.#records.get(id)
      if (record === undefined) return null
      const revoked = { ...record, revoked_at: record.revoked_at ?? at.toISOString() }
      this.#records.set(id, revoked)
      return revoked
    })
  }

  /** Reads the file if it changed; throws KeyFileError when it cannot be read. */
  async check(): Promise<void> {
    await this.#load(0)
  }

  async close(): Promise<void> {
    await this.#writing
  }
}

function temporaryOf(path: string, pid: number): string {
  return join(dirname(path), `${basename(path)}.${pid}.tmp`)
}

/** Makes a rename in `folder` durable (where folders can be opened: not on Windows). */
async function syncFolder(folder: string): Promise<void> {
  let handle
  try {
    handle = await open(folder, 'r')
    await handle.sync()
  } catch {
    // a folder that cannot be synced: the rename is still atomic
  } finally {
    await handle?.close()
  }
}
