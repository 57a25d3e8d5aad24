// API key format, hashing and parsing. A key is `imk_<id>_<secret>`: the id (12 base62
// characters) finds the record, the secret (32 base62 characters, ~190 bits) is checked
// against its SHA-256 hash in constant time. Keys are shown once and never stored.
import { createHash, hash as oneShotHash, randomBytes } from 'node:crypto'

export const KEY_PREFIX = 'imk_'
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const ID_LENGTH = 12
const SECRET_LENGTH = 32
const KEY_PATTERN = /^imk_[0-9A-Za-z]{12}_[0-9A-Za-z]{32}$/
const ID_START = KEY_PREFIX.length
const SECRET_START = ID_START + ID_LENGTH + 1

/** A stored key: never the key itself, only the hash of its secret. */
export interface KeyRecord {
  id: string
  name: string
  /** SHA-256 of the secret, hex. */
  hash: string
  /** Requests per minute; null means the service default. */
  limit: number | null
  created_at: string
  expires_at: string | null
  revoked_at: string | null
}

/** Random base62 text without modulo bias (bytes ≥ 248 are drawn again). */
function randomBase62(length: number): string {
  let text = ''
  while (text.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && text.length < length) text += BASE62[byte % 62]
    }
  }
  return text
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/** A new key and its record; the key is returned to be shown once. */
export function mintKey(input: { name: string; limit: number | null; expiresAt: Date | null }, now = new Date()) {
  const id = randomBase62(ID_LENGTH)
  const secret = randomBase62(SECRET_LENGTH)
  const record: KeyRecord = {
    id,
    name: input.name,
    hash: hashSecret(secret),
    limit: input.limit,
    created_at: now.toISOString(),
    expires_at: input.expiresAt?.toISOString() ?? null,
    revoked_at: null,
  }
  return { key: `${KEY_PREFIX}${id}_${secret}`, record }
}

/** Splits a presented key into id and secret, or null when it is not shaped like one of ours. */
export function parseKey(presented: string): { id: string; secret: string } | null {
  if (!KEY_PATTERN.test(presented)) return null
  return { id: presented.slice(ID_START, SECRET_START - 1), secret: presented.slice(SECRET_START) }
}

/**
 * Constant-time comparison of a presented secret with a stored hash: the secret's SHA-256 (hex,
 * one native call, no Buffer) against the stored hex, every character compared, no early exit.
 */
export function secretMatches(secret: string, hash: string): boolean {
  const actual = oneShotHash('sha256', secret, 'hex')
  if (actual.length !== hash.length) return false
  let difference = 0
  for (let i = 0; i < actual.length; i++) difference |= actual.charCodeAt(i) ^ hash.charCodeAt(i)
  return difference === 0
}

/** Whether a record may be used at `now`. */
export function isUsable(record: KeyRecord, now: number): boolean {
  if (record.revoked_at !== null) return false
  return record.expires_at === null || Date.parse(record.expires_at) > now
}
