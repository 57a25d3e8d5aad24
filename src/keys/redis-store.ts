// KeyStore on Redis: one JSON value per key id plus a set of ids, so every instance sharing
// the Redis sees the same keys.
import type { Redis } from 'ioredis'
import type { KeyRecord } from './key.ts'
import type { KeyStore } from './store.ts'

const PREFIX = 'ibanmint:key:'
const INDEX = 'ibanmint:keys'

export class RedisKeyStore implements KeyStore {
  readonly name: string
  readonly #redis: Redis

  /** `name` says where, for people: "Redis at cache.internal:6379, db 0" (location.ts). */
  constructor(redis: Redis, name = 'Redis') {
    this.#redis = redis
    this.name = name
  }

  async add(record: KeyRecord): Promise<void> {
    const created = await this.#redis.set(PREFIX + record.id, JSON.stringify(record), 'NX')
    if (created !== 'OK') throw new Error(`key id ${record.id} exists`)
    await this.#redis.sadd(INDEX, record.id)
  }

  async find(id: string): Promise<KeyRecord | null> {
    const value = await this.#redis.get(PREFIX + id)
    return value === null ? null : (JSON.parse(value) as KeyRecord)
  }

  async list(): Promise<KeyRecord[]> {
    const ids = await this.#redis.smembers(INDEX)
    if (ids.length === 0) return []
    const values = await this.#redis.mget(ids.map((id) => PREFIX + id))
    return values.flatMap((value) => (value === null ? [] : [JSON.parse(value) as KeyRecord]))
  }

  async revoke(id: string, at: Date): Promise<KeyRecord | null> {
    const record = await this.find(id)
    if (record === null) return null
    const revoked = { ...record, revoked_at: record.revoked_at ?? at.toISOString() }
    await this.#redis.set(PREFIX + id, JSON.stringify(revoked))
    return revoked
  }

  async check(): Promise<void> {
    await this.#redis.ping()
  }

  async close(): Promise<void> {}
}
