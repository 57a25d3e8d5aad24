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
// Only a regular file is read (a FIFO or a folder is named as such), and a read that does not
// finish within READ_TIMEOUT_MS (a hung network mount) is reported as a failure, so a server still
// starts and says why on /readyz. A KEYS_FILE that is a symbolic link stays one: changes are
// written beside the file it points to.
import { constants, type BigIntStats } from 'node:fs'
import { lstat, mkdir, open, readlink, realpath, rename, stat, unlink } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { kindOf, withFileLock, type LockOwner } from './file-lock.ts'
import type { KeyRecord } from './key.ts'
import type { KeyStore } from './store.ts'

interface KeyFile {
  version: 1
  keys: KeyRecord[]
}

/** How often a known key's lookup looks for other processes' changes. */
const RECHECK_MS = 1000

/**
 * How long one read of the key file may take. A local file of thousands of keys reads in about
 * a millisecond; past this, the file system is hung (an unreachable network mount), and waiting
 * longer would keep a starting server from listening.
 */
export const READ_TIMEOUT_MS = 5000

// Opened without waiting for a writer: a FIFO at the path would otherwise block the open (and a
// thread of libuv's pool) for ever. O_NONBLOCK does not exist on Windows, nor such FIFOs.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/** Symbolic links followed to find the file a KEYS_FILE link names (Linux's own limit). */
const MAX_LINKS = 40

export interface FileKeyStoreOptions {
  /** How long one read may take before it counts as failed (default READ_TIMEOUT_MS). */
  readTimeoutMs?: number
}

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

const identityOfStats = (info: BigIntStats) => `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`

/** The stats of what `path` names (links followed); undefined when there is nothing. */
async function statOf(path: string): Promise<BigIntStats | undefined> {
  try {
    return await stat(path, { bigint: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** What tells one version of the file from another; '' when there is no file. */
async function identityOf(path: string): Promise<string> {
  const info = await statOf(path)
  return info === undefined ? '' : identityOfStats(info)
}

/** A regular file's text and the identity of the file read; undefined when it is gone. */
async function readRegularFile(path: string): Promise<{ text: string; identity: string } | undefined> {
  let handle
  try {
    handle = await open(path, READ_FLAGS)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  try {
    // The opened file's own stats: whatever the path names by now, this is what is read.
    const info = await handle.stat({ bigint: true })
    if (!info.isFile()) throw new KeyFileError(path, `it is ${kindOf(info)}, not a regular file`)
    return { text: await handle.readFile('utf8'), identity: identityOfStats(info) }
  } finally {
    await handle.close()
  }
}

/** Why a file could not be read, in words, without its path (which KeyFileError adds). */
function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EACCES' || code === 'EPERM') return `permission denied (${code})`
  if (code === 'ELOOP') return 'it is a symbolic link that loops (ELOOP)'
  if (code === 'ENOTDIR') return 'a part of its path is a file, not a folder (ENOTDIR)'
  return (error as Error).message.replace(/, \w+ '.*'$/, '')
}

/**
 * The file a path names once its symbolic links are followed (it may not exist yet). Changes
 * are written there: a rename over the link itself would replace it with a plain file, and the
 * file it pointed to would no longer see them.
 */
async function linkTarget(path: string): Promise<string> {
  let current = resolve(path)
  for (let links = 0; links <= MAX_LINKS; links++) {
    let info
    try {
      info = await lstat(current)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return current
      throw error
    }
    if (!info.isSymbolicLink()) return current
    // A relative link is relative to the folder it is in, as the system resolves that folder.
    current = resolve(await realpath(dirname(current)), await readlink(current))
  }
  throw new KeyFileError(path, `it is a symbolic link that loops (more than ${MAX_LINKS} links)`)
}

/** What one look at the file found: its records, why it cannot be read, or nothing new. */
type Reading =
  | { kind: 'unchanged' }
  | { kind: 'records'; identity: string | undefined; records: Map<string, KeyRecord> }
  | { kind: 'failure'; identity: string | undefined; failure: KeyFileError }

/** A promise's value if it settles within `ms`, else undefined (the promise runs on). */
function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined)
    timer.unref()
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
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

  readonly #readTimeoutMs: number
  /** The read under way, which may outlive its caller's wait (a hung file system). */
  #reading: Promise<Reading> | undefined
  /** Whether the read under way was already waited for in vain: then nobody waits again. */
  #overdue = false

  constructor(path: string, options: FileKeyStoreOptions = {}) {
    this.path = path
    this.name = `key file ${path}`
    this.#readTimeoutMs = options.readTimeoutMs ?? READ_TIMEOUT_MS
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

  /**
   * Looks at the file, within the read timeout. A read that overruns it keeps running, alone:
   * until it ends, every look fails at once with the same reason rather than starting another
   * read that would hang too (each one holds a thread of libuv's pool of four).
   */
  async #reload(): Promise<void> {
    this.#checkedAt = Date.now()
    let reading = this.#reading
    if (reading === undefined) {
      const started = this.#read(this.#identity)
      this.#reading = reading = started
      this.#overdue = false
      void started.then(() => {
        if (this.#reading === started) this.#reading = undefined
      })
    } else if (this.#overdue) return
    const found = await settledWithin(reading, this.#readTimeoutMs)
    if (found === undefined) {
      this.#overdue = true
      this.#identity = undefined
      this.#failure = new KeyFileError(
        this.path,
        `reading it did not finish within ${this.#readTimeoutMs} ms (a hung file system or network mount?)`,
      )
      return
    }
    if (found.kind === 'unchanged') return
    this.#identity = found.identity
    if (found.kind === 'failure') this.#failure = found.failure
    else {
      this.#records = found.records
      this.#failure = undefined
    }
  }

  /** One look at the file, compared with the identity of the version last read; never rejects. */
  async #read(known: string | undefined): Promise<Reading> {
    let identity: string | undefined
    try {
      const info = await statOf(this.path)
      if (info === undefined) return { kind: 'records', identity: '', records: new Map() }
      identity = identityOfStats(info)
      if (identity === known) return { kind: 'unchanged' }
      if (!info.isFile()) throw new KeyFileError(this.path, `it is ${kindOf(info)}, not a regular file`)
      // Replaced or removed since it was looked at: the next look reads it.
      const read = await readRegularFile(this.path)
      if (read === undefined) return { kind: 'unchanged' }
      identity = read.identity
      const records = new Map(parseKeyFile(this.path, read.text).map((record) => [record.id, record]))
      // A file replaced while it was read is read again on the next look.
      return { kind: 'records', identity: (await identityOf(this.path)) === identity ? identity : undefined, records }
    } catch (error) {
      // A file that cannot be read as a key file is looked at again when it changes; any other
      // failure (permissions, a vanished folder) on every look.
      if (error instanceof KeyFileError) return { kind: 'failure', identity, failure: error }
      const failure = new KeyFileError(this.path, reasonOf(error), { cause: error })
      return { kind: 'failure', identity: undefined, failure }
    }
  }

  /** Writes the records to `target`, the file the path names (links followed). */
  async #save(target: string): Promise<void> {
    const file: KeyFile = { version: 1, keys: [...this.#records.values()] }
    const folder = dirname(target)
    const temporary = temporaryOf(target, process.pid)
    const handle = await open(temporary, 'w', 0o600)
    try {
      await handle.writeFile(JSON.stringify(file, null, 2) + '\n')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, target)
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
      // The lock and the temporary file go beside the file itself, where every writer meets,
      // whether it names the file or a link to it.
      const target = await linkTarget(this.path)
      await mkdir(dirname(target), { recursive: true })
      return withFileLock(
        target,
        async () => {
          await this.#loadFresh()
          const value = change()
          await this.#save(target)
          return value
        },
        { onBroken: (owner) => this.#removeLeftovers(target, owner) },
      )
    })
    this.#writing = result.then(
      () => undefined,
      () => undefined,
    )
    return result
  }

  /** The temporary file of a writer that died holding the lock. */
  async #removeLeftovers(target: string, owner: LockOwner | undefined): Promise<void> {
    if (owner !== undefined) await unlink(temporaryOf(target, owner.pid)).catch(() => {})
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
