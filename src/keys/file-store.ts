// KeyStore on a local JSON file: the embedded default. Writes are atomic (temporary file,
// fsync, rename) and serialized; reads pick up changes made by other processes (the CLI
// creates keys while the server runs) by checking the file's mtime at most once a second.
import { mkdir, open, readFile, rename, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { KeyRecord } from './key.ts'
import type { KeyStore } from './store.ts'

interface KeyFile {
  version: 1
  keys: KeyRecord[]
}

const RECHECK_MS = 1000

export class FileKeyStore implements KeyStore {
  readonly path: string
  #records = new Map<string, KeyRecord>()
  #loadedMtime = -1
  #checkedAt = 0
  #writing: Promise<void> = Promise.resolve()
  #loading: Promise<void> | undefined

  constructor(path: string) {
    this.path = path
  }

  /** Loads the file if it changed; concurrent callers share one load (none sees a half-done one). */
  #load(force = false): Promise<void> {
    if (this.#loading !== undefined) return this.#loading
    if (!force && Date.now() - this.#checkedAt < RECHECK_MS) return Promise.resolve()
    this.#loading = this.#reload().finally(() => (this.#loading = undefined))
    return this.#loading
  }

  async #reload(): Promise<void> {
    this.#checkedAt = Date.now()
    let mtime: number
    try {
      mtime = (await stat(this.path)).mtimeMs
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        this.#records = new Map()
        this.#loadedMtime = -1
        return
      }
      throw error
    }
    if (mtime === this.#loadedMtime) return
    const file = JSON.parse(await readFile(this.path, 'utf8')) as KeyFile
    if (file.version !== 1 || !Array.isArray(file.keys)) throw new Error(`${this.path}: not an ibanmint key file`)
    this.#records = new Map(file.keys.map((record) => [record.id, record]))
    this.#loadedMtime = mtime
  }

  async #save(): Promise<void> {
    const file: KeyFile = { version: 1, keys: [...this.#records.values()] }
    await mkdir(dirname(this.path), { recursive: true })
    const temporary = `${this.path}.${process.pid}.tmp`
    const handle = await open(temporary, 'w', 0o600)
    try {
      await handle.writeFile(JSON.stringify(file, null, 2) + '\n')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, this.path)
    this.#loadedMtime = (await stat(this.path)).mtimeMs
  }

  /** Runs a read-modify-write under the store's write lock, on the freshest file. */
  #update<T>(change: () => T): Promise<T> {
    const result = this.#writing.then(async () => {
      await this.#load(true)
      const value = change()
      await this.#save()
      return value
    })
    this.#writing = result.then(
      () => undefined,
      () => undefined,
    )
    return result
  }

  add(record: KeyRecord): Promise<void> {
    return this.#update(() => {
      if (this.#records.has(record.id)) throw new Error(`key id ${record.id} exists`)
      this.#records.set(record.id, record)
    })
  }

  async find(id: string): Promise<KeyRecord | null> {
    await this.#load()
    return this.#records.get(id) ?? null
  }

  async list(): Promise<KeyRecord[]> {
    await this.#load(true)
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

  async close(): Promise<void> {
    await this.#writing
  }
}
