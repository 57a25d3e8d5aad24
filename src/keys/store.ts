// Where key records live. Two implementations share this interface: a local JSON file (the
// embedded default) and Redis (several instances share it).
import type { KeyRecord } from './key.ts'

export interface KeyStore {
  /** Adds a record (ids are unique). */
  add(record: KeyRecord): Promise<void>
  find(id: string): Promise<KeyRecord | null>
  list(): Promise<KeyRecord[]>
  /** Marks a key revoked; returns the updated record, or null when the id is unknown. */
  revoke(id: string, at: Date): Promise<KeyRecord | null>
  close(): Promise<void>
}
