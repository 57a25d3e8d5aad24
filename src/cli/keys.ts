// `ibanmint keys create|list|revoke`: the operator's key management, on the same store the
// server uses (KEYS_FILE, or Redis when REDIS_URL is set).
import type { Redis } from 'ioredis'
import { mintKey, type KeyRecord } from '../keys/key.ts'
import { openKeyStore } from '../main.ts'
import { connectRedis, waitForRedis } from '../redis.ts'
import { parseCommand, readCliConfig, UsageError } from './usage.ts'

const HELP = `Usage:
  ibanmint keys create --name NAME [--limit N] [--expires DATE] [--json]
  ibanmint keys list [--json]
  ibanmint keys revoke ID

Manages API keys in the store the server uses: KEYS_FILE (default ./data/keys.json), or
Redis when REDIS_URL is set. A new key is printed once; only its SHA-256 hash is stored.

Options:
      --name NAME      who the key is for (required)
      --limit N        requests per minute for this key (default: the service's RATE_LIMIT, 60)
      --expires DATE   expiry, an ISO 8601 date or time (e.g. 2027-01-31)
      --json           machine-readable output
  -h, --help           show this help

Examples:
  $ ibanmint keys create --name ci --limit 600   # prints the new key once: imk_<id>_<secret>
  $ ibanmint keys list                           # one line per key: id, state, limit, dates, name
  $ ibanmint keys revoke 3kT9xQ2mLw8Z            # servers stop accepting it within 5 seconds
`

function describe(record: KeyRecord): string {
  const state =
    record.revoked_at !== null
      ? 'revoked'
      : record.expires_at !== null && Date.parse(record.expires_at) <= Date.now()
        ? 'expired'
        : 'active'
  return [
    record.id,
    state.padEnd(7),
    String(record.limit ?? 'default').padEnd(8),
    record.created_at.slice(0, 19),
    record.expires_at?.slice(0, 19) ?? '-',
    record.name,
  ].join('  ')
}

/** The record without its hash: what list and create show. */
function publicView(record: KeyRecord): Omit<KeyRecord, 'hash'> {
  const { hash: _hash, ...rest } = record
  return rest
}

export async function runKeys(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, {
    name: { type: 'string' },
    limit: { type: 'string' },
    expires: { type: 'string' },
    json: { type: 'boolean' },
  })
  const [action, ...rest] = positionals
  if (values.help === true || action === undefined) {
    ;(action === undefined && values.help !== true ? process.stderr : process.stdout).write(HELP)
    return values.help === true ? 0 : 2
  }
  const config = readCliConfig()
  let redis: Redis | undefined
  if (config.redisUrl !== undefined) {
    redis = await connectRedis(config.redisUrl)
    redis.on('error', () => {})
    await waitForRedis(redis).catch(() => {
      throw new Error(`cannot reach Redis at REDIS_URL`)
    })
  }
  const store = openKeyStore(config, redis)
  try {
    switch (action) {
      case 'create': {
        if (rest.length > 0) throw new UsageError('keys create takes no positional arguments')
        const name = values.name as string | undefined
        if (name === undefined || name.trim() === '' || name.length > 200)
          throw new UsageError('--name is required (1 to 200 characters)')
        let limit: number | null = null
        if (values.limit !== undefined) {
          limit = Number(values.limit)
          if (!/^\d+$/.test(values.limit as string) || limit < 1 || limit > 1_000_000_000) {
            throw new UsageError('--limit must be an integer between 1 and 1000000000')
          }
        }
        let expiresAt: Date | null = null
        if (values.expires !== undefined) {
          expiresAt = new Date(values.expires as string)
          if (Number.isNaN(expiresAt.getTime()))
            throw new UsageError('--expires must be an ISO 8601 date, e.g. 2027-01-31')
        }
        const { key, record } = mintKey({ name: name.trim(), limit, expiresAt })
        await store.add(record)
        if (values.json === true) process.stdout.write(JSON.stringify({ key, ...publicView(record) }) + '\n')
        else {
          process.stdout.write(`${key}\n`)
          process.stderr.write(`Created key ${record.id} for "${record.name}". Store it now: it is not shown again.\n`)
        }
        return 0
      }
      case 'list': {
        const records = (await store.list()).sort((a, b) => a.created_at.localeCompare(b.created_at))
        if (values.json === true) process.stdout.write(JSON.stringify(records.map(publicView)) + '\n')
        else {
          process.stdout.write(`ID            STATE    LIMIT     CREATED              EXPIRES              NAME\n`)
          for (const record of records) process.stdout.write(describe(record) + '\n')
        }
        return 0
      }
      case 'revoke': {
        if (rest.length !== 1) throw new UsageError('keys revoke takes one key id (see "ibanmint keys list")')
        const revoked = await store.revoke(rest[0] as string, new Date())
        if (revoked === null) {
          process.stderr.write(`ibanmint: no key with id "${rest[0]}"\n`)
          return 1
        }
        process.stdout.write(`Revoked ${revoked.id} ("${revoked.name}"); servers stop accepting it within 5 seconds.\n`)
        return 0
      }
      default:
        throw new UsageError(`unknown keys action "${action}" (create, list or revoke)`)
    }
  } finally {
    await store.close()
    if (redis !== undefined) redis.disconnect()
  }
}
