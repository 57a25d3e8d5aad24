// `ibanmint keys create|list|revoke`: the operator's key management, on the same store the
// server uses (the key file, or Redis when REDIS_URL is set). Every action names the store it
// used on stderr: a key made in one store and presented to a server reading another is the
// usual reason for a 401.
import type { Redis } from 'ioredis'
import { mintKey, type KeyRecord } from '../keys/key.ts'
import type { KeyStore } from '../keys/store.ts'
import { isDigits } from '../core/digits.ts'
import { describeKeyStore } from '../keys/location.ts'
import { openKeyStore } from '../keys/open-store.ts'
import { connectRedis, waitForRedis } from '../redis.ts'
import { actionOf, parseCommand, readCliConfig, UsageError, type CommandSpec, type ParsedCommand } from './usage.ts'

const HELP = `Usage:
  ibanmint keys create --name NAME [--limit N] [--expires DATE] [--json]
  ibanmint keys list [--json]
  ibanmint keys revoke ID

Manages the API keys of the store the server uses: the key file, or Redis when
REDIS_URL is set (the same variables as "ibanmint serve"); each action names
the store it used, on stderr. A new key is printed once; only its SHA-256 hash
is stored.

The key file is KEYS_FILE, else keys.json in ibanmint's data directory, the
same from every folder:
  Linux     $XDG_DATA_HOME/ibanmint/keys.json, else
            ~/.local/share/ibanmint/keys.json
  macOS     ~/Library/Application Support/ibanmint/keys.json
  Windows   %LOCALAPPDATA%\\ibanmint\\keys.json
A ./data/keys.json in the current folder (the former default) is still used,
with a notice saying how to move it.

Options:
      --name NAME      create: who the key is for (required, 1 to 200
                       characters)
      --limit N        create: requests per minute for this key (default: the
                       server's RATE_LIMIT, 60)
      --expires DATE   create: expiry, an ISO 8601 date or time (default:
                       never), e.g. 2027-01-31
      --json           create, list: JSON instead of text
  -h, --help           show this help

Exit codes: 0 done; 1 no key has that ID, or the store cannot be reached or
read (the message names it and why); 2 bad usage or a bad environment
variable (one line on stderr).

Examples:
  # prints the new key once: imk_<id>_<secret>
  $ ibanmint keys create --name ci --limit 600
  # one line per key: id, state, limit, created, expires, name
  $ ibanmint keys list
  # servers stop accepting the key within 5 seconds
  $ ibanmint keys revoke 3kT9xQ2mLw8Z
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
    (record.expires_at?.slice(0, 19) ?? '-').padEnd(19),
    record.name,
  ].join('  ')
}

/** The record without its hash: what list and create show. */
function publicView(record: KeyRecord): Omit<KeyRecord, 'hash'> {
  const { hash: _hash, ...rest } = record
  return rest
}

/** The actions, each with its usage and options; their order is the help's. */
const ACTIONS = {
  create: {
    usage: 'keys create --name NAME [--limit N] [--expires DATE] [--json]',
    options: {
      name: { type: 'string', value: 'NAME' },
      limit: { type: 'string', value: 'N' },
      expires: { type: 'string', value: 'DATE' },
      json: { type: 'boolean' },
    },
    arguments: { min: 0, max: 0, what: 'no arguments' },
  },
  list: {
    usage: 'keys list [--json]',
    options: { json: { type: 'boolean' } },
    arguments: { min: 0, max: 0, what: 'no arguments' },
  },
  revoke: {
    usage: 'keys revoke ID',
    options: {},
    arguments: { min: 1, max: 1, what: 'one key id (see "ibanmint keys list")' },
  },
} satisfies Record<string, Omit<CommandSpec, 'name'>>

const USAGE = `keys ${Object.keys(ACTIONS).join('|')} [options]`

/** What `keys create` was asked for, checked before the store is opened. */
function createRequest(values: ParsedCommand['values']): {
  name: string
  limit: number | null
  expiresAt: Date | null
} {
  const name = values['name']
  if (typeof name !== 'string' || name.trim() === '' || name.length > 200)
    throw new UsageError('--name is required (1 to 200 characters): --name NAME')
  let limit: number | null = null
  if (typeof values['limit'] === 'string') {
    limit = Number(values['limit'])
    if (!isDigits(values['limit']) || limit < 1 || limit > 1_000_000_000)
      throw new UsageError('--limit must be an integer between 1 and 1,000,000,000')
  }
  let expiresAt: Date | null = null
  if (typeof values['expires'] === 'string') {
    expiresAt = new Date(values['expires'])
    if (Number.isNaN(expiresAt.getTime())) throw new UsageError('--expires must be an ISO 8601 date, e.g. 2027-01-31')
  }
  return { name: name.trim(), limit, expiresAt }
}

async function createKey(store: KeyStore, request: ReturnType<typeof createRequest>, json: boolean): Promise<number> {
  const { key, record } = mintKey(request)
  await store.add(record)
  if (json) process.stdout.write(JSON.stringify({ key, ...publicView(record) }) + '\n')
  else process.stdout.write(`${key}\n`)
  process.stderr.write(
    `Created key ${record.id} for "${record.name}" in ${store.name}.${json ? '' : ' Store it now: it is not shown again.'}\n`,
  )
  return 0
}

async function listKeys(store: KeyStore, json: boolean): Promise<number> {
  const records = (await store.list()).sort((a, b) => a.created_at.localeCompare(b.created_at))
  if (json) process.stdout.write(JSON.stringify(records.map(publicView)) + '\n')
  else {
    process.stdout.write(`ID            STATE    LIMIT     CREATED              EXPIRES              NAME\n`)
    for (const record of records) process.stdout.write(describe(record) + '\n')
  }
  const count = records.length === 1 ? '1 key' : `${records.length} keys`
  process.stderr.write(
    `${count} in ${store.name}${records.length === 0 ? '; make one with "ibanmint keys create --name NAME"' : ''}.\n`,
  )
  return 0
}

/** Exit 1 when no key has the id: the store was reached, the id is wrong (not a usage error). */
async function revokeKey(store: KeyStore, id: string): Promise<number> {
  const revoked = await store.revoke(id, new Date())
  if (revoked === null) {
    process.stderr.write(`ibanmint: no key with id "${id}" in ${store.name} (see "ibanmint keys list")\n`)
    return 1
  }
  process.stdout.write(
    `Revoked ${revoked.id} ("${revoked.name}") in ${store.name}; servers stop accepting it within 5 seconds.\n`,
  )
  return 0
}

export async function runKeys(args: string[]): Promise<number> {
  const found = actionOf('keys', ACTIONS, args, USAGE)
  if (found === 'help') {
    process.stdout.write(HELP)
    return 0
  }
  const { action } = found
  const { values, positionals: rest } = parseCommand(found.rest, { name: `keys ${action}`, ...ACTIONS[action] })
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  const create = action === 'create' ? createRequest(values) : undefined
  const json = values.json === true
  const config = readCliConfig()
  let redis: Redis | undefined
  if (config.redisUrl !== undefined) {
    redis = await connectRedis(config.redisUrl)
    redis.on('error', () => {})
    await waitForRedis(redis).catch(() => {
      // The client would keep reconnecting, and the command would never exit.
      redis?.disconnect()
      throw new Error(`cannot reach ${describeKeyStore(config)} (REDIS_URL)`)
    })
  } else if (config.keysFileNotice !== undefined) process.stderr.write(`${config.keysFileNotice}\n`)
  const store = openKeyStore(config, redis)
  try {
    if (create !== undefined) return await createKey(store, create, json)
    if (action === 'list') return await listKeys(store, json)
    return await revokeKey(store, rest[0] as string)
  } finally {
    await store.close()
    if (redis !== undefined) redis.disconnect()
  }
}
