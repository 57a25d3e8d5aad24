// API keys across a restart of Redis, with the real CLI: `ibanmint serve` keeps running while
// redis-server is killed and started again on the same port and directory. With the append-only
// file (as compose.yaml runs it) every key still works and the revoked one stays refused;
// without persistence every key is gone and every client gets 401.
import assert from 'node:assert/strict'
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { request } from 'undici'
import { CACHE_TTL_MS } from '../../src/keys/authenticator.ts'
import { listening } from '../helpers/process.ts'
import { freePort, startRedis, type RedisServer } from '../helpers/redis.ts'
import { waitFor } from '../helpers/wait.ts'
import { record } from './report.ts'

const BIN = fileURLToPath(new URL('../../bin/ibanmint.js', import.meta.url))
const run = promisify(execFile)
const KEYS = 20
/** Keys 0 … USED - 1 are used (and so cached by the service) before the restart; the rest never are. */
const USED = 10
const CLI_BATCH = 4

interface CreatedKey {
  key: string
  id: string
}

interface Outcome {
  /** Status of every key on a keyed route after the restart, in creation order. */
  statuses: number[]
  /** The key records the CLI lists from the restarted Redis: id → revoked. */
  listed: Map<string, boolean>
  keys: CreatedKey[]
  revoked: string
}

describe('reliability: API keys across a Redis restart', () => {
  const cleanup: (() => unknown)[] = []
  const hooks = { after: (fn: () => unknown) => cleanup.push(fn) }
  after(async () => {
    for (const fn of cleanup.reverse()) await fn()
  })

  function temporaryDirectory(): string {
    const dir = mkdtempSync(join(tmpdir(), 'ibanmint-redis-restart-'))
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
    return dir
  }

  /** The CLI's environment: the Redis under test, and a key file nobody else uses (never read with Redis). */
  function environment(redis: RedisServer, dir: string): NodeJS.ProcessEnv {
    return { ...process.env, REDIS_URL: redis.url, KEYS_FILE: join(dir, 'keys.json'), LOG_LEVEL: 'warn' }
  }

  async function ibanmint(env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
    const { stdout } = await run(process.execPath, [BIN, ...args], { env, encoding: 'utf8' })
    return stdout
  }

  async function serve(env: NodeJS.ProcessEnv): Promise<string> {
    const port = await freePort()
    // Every key refused after a lossy restart is a failed authentication: the per-IP limit on
    // those (30 a minute) must not turn the 401s this suite counts into 429s.
    const child: ChildProcess = spawn(process.execPath, [BIN, 'serve'], {
      env: { ...env, PORT: String(port), POOL_THREADS: '1', AUTH_FAILURE_LIMIT: '1000' },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    cleanup.push(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    })
    await listening(child)
    return `http://127.0.0.1:${port}`
  }

  async function statusOf(url: string, key?: string, path = '/api/v1/generate/DE'): Promise<number> {
    const response = await request(url + path, {
      headers: key === undefined ? {} : { 'x-api-key': key },
    })
    await response.body.dump()
    return response.statusCode
  }

  async function createKey(env: NodeJS.ProcessEnv, name: string): Promise<CreatedKey> {
    const { key, id } = JSON.parse(await ibanmint(env, 'keys', 'create', '--name', name, '--json')) as CreatedKey
    return { key, id }
  }

  /** KEYS keys, in order, made by the CLI a few processes at a time (each is mostly Node's start-up). */
  async function createKeys(env: NodeJS.ProcessEnv): Promise<CreatedKey[]> {
    const keys: CreatedKey[] = []
    for (let first = 0; keys.length < KEYS; first += CLI_BATCH) {
      const names = Array.from({ length: Math.min(CLI_BATCH, KEYS - first) }, (_, i) => `restart-${first + i}`)
      keys.push(...(await Promise.all(names.map((name) => createKey(env, name)))))
    }
    return keys
  }

  async function listKeys(env: NodeJS.ProcessEnv): Promise<Map<string, boolean>> {
    const records = JSON.parse(await ibanmint(env, 'keys', 'list', '--json')) as { id: string; revoked_at: unknown }[]
    return new Map(records.map((r) => [r.id, r.revoked_at !== null]))
  }

  /**
   * Creates the keys, uses the first USED of them, revokes key 0 and waits until the service
   * refuses it, restarts Redis under the running service, then asks for every key again. Keys
   * used before the restart are asked only once their cache entries have expired, and the
   * others were never cached: every answer comes from the restarted Redis.
   */
  async function restartScenario(appendonly: boolean): Promise<Outcome> {
    const dir = temporaryDirectory()
    const redis = await startRedis(hooks, appendonly ? { appendonlyDir: dir } : {})
    const env = environment(redis, dir)
    const url = await serve(env)
    const keys = await createKeys(env)
    const used = keys.slice(0, USED)
    assert.deepEqual(
      await Promise.all(used.map(({ key }) => statusOf(url, key))),
      used.map(() => 200),
    )
    const lastUse = Date.now()
    const revoked = keys[0] as CreatedKey
    await ibanmint(env, 'keys', 'revoke', revoked.id)
    await waitFor(async () => (await statusOf(url, revoked.key)) === 401, {
      timeout: CACHE_TTL_MS + 5_000,
      interval: 200,
      message: 'the revoked key to be refused',
    })

    await redis.restart()
    await waitFor(async () => (await statusOf(url, undefined, '/readyz')) === 200, {
      timeout: 10_000,
      message: 'the service to be ready on the restarted Redis',
    })
    // Usually long past already: the revocation above waited out the same cache lifetime.
    const cacheExpired = lastUse + CACHE_TTL_MS + 100
    await waitFor(() => Date.now() >= cacheExpired, { timeout: CACHE_TTL_MS + 1_000, message: 'the cache to expire' })
    const statuses: number[] = []
    for (const { key } of keys) statuses.push(await statusOf(url, key))
    return { statuses, listed: await listKeys(env), keys, revoked: revoked.id }
  }

  test('R7: with the append-only file every key works after Redis restarts; the revoked one stays refused', async () => {
    const started = performance.now()
    const { statuses, listed, keys, revoked } = await restartScenario(true)
    assert.deepEqual(
      statuses,
      keys.map(({ id }) => (id === revoked ? 401 : 200)),
    )
    assert.equal(listed.size, KEYS, 'every key record is in the restarted Redis')
    for (const { id } of keys) assert.equal(listed.get(id), id === revoked, `key ${id}`)
    record(
      'R7',
      'API keys across a Redis restart (SIGKILL, append-only file, service running)',
      `${KEYS} keys made with the CLI (${USED} used before, ${KEYS - USED} never), 1 revoked: after the restart ${KEYS - 1} × 200, the revoked one 401, ${listed.size} records listed; ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
  })

  // The contrast shows the test can fail, and that it asks Redis rather than the service's key
  // cache: the same steps without persistence lose every key, those used before the restart too.
  test('R8: without persistence every key is gone after Redis restarts: 401 for every client', async () => {
    const { statuses, listed } = await restartScenario(false)
    assert.deepEqual(statuses, Array<number>(KEYS).fill(401))
    assert.equal(listed.size, 0)
    record(
      'R8',
      'API keys across a Redis restart without persistence',
      `${KEYS} keys: all ${statuses.filter((s) => s === 401).length} refused (401) after the restart, 0 records left`,
    )
  })
})
