// Turns a presented API key into its record, with a short bounded cache so the hot path does
// not touch the store: a revocation takes effect within CACHE_TTL_MS. When the store fails
// (Redis down), a cached record keeps working until the store is back; an unknown key then
// gets 503, never a wrong 401. Every 401 carries why (KeyRefusal) for the log, never for the
// client, and never the key.
import { ApiError } from '../core/errors.ts'
import { isUsable, parseKey, secretMatches, type KeyRecord } from './key.ts'
import type { StoreHealth } from '../limits/store-health.ts'
import type { KeyStore } from './store.ts'

/** How long a looked-up record (or its absence) is trusted: the revocation bound. */
export const CACHE_TTL_MS = 5000
const MAX_ENTRIES = 10_000
const UNKNOWN_TTL_MS = 1000

interface Entry {
  record: KeyRecord | null
  expires: number
}

const UNAUTHORIZED_MESSAGE = 'a valid API key is required (X-API-Key header or Authorization: Bearer)'
const WWW_AUTHENTICATE = 'ApiKey header="X-API-Key", Bearer realm="ibanmint"'

/** Why a key was refused: written to the log, while the client gets one message for all. */
export type RefusalReason =
  'no key' | 'not an ibanmint key' | 'two different keys' | 'unknown key id' | 'wrong secret' | 'revoked' | 'expired'

/** A 401's reason, its key id when the key had one of ours, and the store that was asked. */
export class KeyRefusal {
  readonly reason: RefusalReason
  readonly id: string | undefined
  /** The store's name (an unknown id may have been created in another one). */
  readonly store: string | undefined

  constructor(reason: RefusalReason, id?: string, store?: string) {
    this.reason = reason
    this.id = id
    this.store = store
  }

  /** "unknown key id 3kT9xQ2mLw8Z (not in key file /srv/keys.json)", "wrong secret (key 3kT9xQ2mLw8Z)". */
  describe(): string {
    if (this.id === undefined) return this.reason
    if (this.store === undefined) return `${this.reason} (key ${this.id})`
    return `${this.reason} ${this.id} (not in ${this.store})`
  }
}

/** The 401 every refused key gets; `refusal` (the error's cause) says why, for the log. */
export function unauthorized(message = UNAUTHORIZED_MESSAGE, refusal?: KeyRefusal): ApiError {
  return new ApiError('unauthorized', message, {
    headers: { 'www-authenticate': WWW_AUTHENTICATE },
    ...(refusal === undefined ? {} : { cause: refusal }),
  })
}

/** Why a 401 was given, or undefined for any other error. */
export function refusalOf(error: unknown): KeyRefusal | undefined {
  return error instanceof ApiError && error.cause instanceof KeyRefusal ? error.cause : undefined
}

function verify(record: KeyRecord | null, id: string, secret: string, now: number, store: string): KeyRecord {
  if (record === null) throw unauthorized(undefined, new KeyRefusal('unknown key id', id, store))
  if (!secretMatches(secret, record.hash)) throw unauthorized(undefined, new KeyRefusal('wrong secret', id))
  if (!isUsable(record, now))
    throw unauthorized(undefined, new KeyRefusal(record.revoked_at === null ? 'expired' : 'revoked', id))
  return record
}

export class KeyAuthenticator {
  readonly #store: KeyStore
  readonly #cache = new Map<string, Entry>()
  readonly #ttl: number

  readonly #health: StoreHealth | undefined

  constructor(store: KeyStore, ttlMs = CACHE_TTL_MS, health?: StoreHealth) {
    this.#store = store
    this.#ttl = ttlMs
    this.#health = health
  }

  /**
   * The record of a valid key; throws 401 (same message for missing, unknown, revoked, expired;
   * the reason in its KeyRefusal cause). A key found in the cache is answered synchronously (the
   * hot path); otherwise a promise.
   */
  authenticate(presented: string | undefined): KeyRecord | Promise<KeyRecord> {
    if (presented === undefined) throw unauthorized(undefined, new KeyRefusal('no key'))
    const parsed = parseKey(presented)
    if (parsed === null) throw unauthorized(undefined, new KeyRefusal('not an ibanmint key'))
    const { id, secret } = parsed
    const now = Date.now()
    const cached = this.#cache.get(id)
    if (cached !== undefined && cached.expires > now) return verify(cached.record, id, secret, now, this.#store.name)
    return this.#lookup(id, now).then((record) => verify(record, id, secret, now, this.#store.name))
  }

  async #lookup(id: string, now: number): Promise<KeyRecord | null> {
    const cached = this.#cache.get(id)
    if (cached !== undefined && cached.expires > now) return cached.record
    // The store failed a moment ago: a cached record keeps working without waiting for it.
    if (cached !== undefined && this.#health?.degraded() === true) return cached.record
    let record: KeyRecord | null
    try {
      record = await this.#store.find(id)
    } catch (error) {
      this.#health?.markFailed(performance.now(), error)
      if (cached !== undefined) return cached.record
      throw new ApiError('service_unavailable', 'the key store is unavailable, retry shortly', {
        retryAfter: 1,
        cause: error,
      })
    }
    if (this.#cache.size >= MAX_ENTRIES) this.#cache.delete(this.#cache.keys().next().value as string)
    this.#cache.delete(id)
    // An unknown id is remembered briefly (cheap 401 floods) but shorter than a record, so a
    // key created moments ago starts working within a second.
    this.#cache.set(id, { record, expires: now + (record === null ? Math.min(this.#ttl, UNKNOWN_TTL_MS) : this.#ttl) })
    return record
  }
}
