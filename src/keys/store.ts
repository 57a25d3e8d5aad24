// Where key records live. Two implementations share this interface: a local JSON file (the
// embedded default) and Redis (several instances share it).
import type { KeyRecord } from './key.ts'

export interface KeyStore {
  /** What the store is, for people: "key file /srv/keys.json", "Redis at cache.internal:6379, db 0". */
  readonly name: string
  /** Adds a record (ids are unique). */
  add(record: KeyRecord): Promise<void>
  find(id: string): Promise<KeyRecord | null>
  list(): Promise<KeyRecord[]>
  /** Marks a key revoked; returns the updated record, or null when the id is unknown. */
  revoke(id: string, at: Date): Promise<KeyRecord | null>
  /** Resolves when the store can be read; rejects with why not (readiness). */
  check(): Promise<void>
  close(): Promise<void>
}
