// API keys for the peers of bench/peers.ts, checked as a careful service would check them: the
// records come from a key file written by `ibanmint keys create` (only the SHA-256 hash of each
// secret is stored), a presented key `imk_<id>_<secret>` finds its record by id, and the
// secret's SHA-256 digest is compared with the stored one by crypto.timingSafeEqual. The
// records are read once at start and kept in memory: no store round trip per request. The
// digest is taken with the one-shot crypto.hash (Node 20.12+), which the Node documentation
// recommends for small inputs over a createHash object: measured in-process with
// bench/pipeline.ts, createHash().update().digest() was 7% of the plain peer's CPU per request.
import { hash, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'

const KEY = /^imk_[0-9A-Za-z]{12}_[0-9A-Za-z]{32}$/
const ID_START = 'imk_'.length
const SECRET_START = ID_START + 12 + 1
const BEARER = /^bearer\s+/i

export interface PeerKey {
  id: string
  /** Requests per minute: the record's own limit, else the service default. */
  limit: number
  /** The RateLimit-Limit and RateLimit-Policy headers of this limit (one-minute window), made once. */
  limitText: string
  policy: string
  hash: Buffer
  expiresAt: number
  revoked: boolean
}

interface KeyFileRecord {
  id: string
  hash: string
  limit: number | null
  expires_at: string | null
  revoked_at: string | null
}

export class KeyBook {
  readonly #byId = new Map<string, PeerKey>()

  /** The keys of an ibanmint key file (KEYS_FILE); `defaultLimit` for those without their own. */
  constructor(file: string, defaultLimit: number) {
    const { keys } = JSON.parse(readFileSync(file, 'utf8')) as { keys: KeyFileRecord[] }
    for (const record of keys) {
      const limit = record.limit ?? defaultLimit
      this.#byId.set(record.id, {
        id: record.id,
        limit,
        limitText: String(limit),
        policy: `${limit};w=60`,
        hash: Buffer.from(record.hash, 'hex'),
        expiresAt: record.expires_at === null ? Infinity : Date.parse(record.expires_at),
        revoked: record.revoked_at !== null,
      })
    }
  }

  /** The key a request presents, if it is one of ours and usable now; undefined for any other. */
  verify(presented: string | undefined): PeerKey | undefined {
    if (presented === undefined) return undefined
    if (!KEY.test(presented)) return undefined
    const key = this.#byId.get(presented.slice(ID_START, SECRET_START - 1))
    if (key === undefined) return undefined
    const digest = hash('sha256', presented.slice(SECRET_START), 'buffer')
    if (!timingSafeEqual(digest, key.hash)) return undefined
    return key.revoked || key.expiresAt <= Date.now() ? undefined : key
  }
}

/** The key of `X-API-Key`, else of `Authorization: Bearer`. */
export function presentedKey(headers: IncomingHttpHeaders): string | undefined {
  const apiKey = headers['x-api-key']
  if (typeof apiKey === 'string') return apiKey.trim()
  const authorization = headers.authorization
  return authorization !== undefined && BEARER.test(authorization)
    ? authorization.replace(BEARER, '').trim()
    : undefined
}
