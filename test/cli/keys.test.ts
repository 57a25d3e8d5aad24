// `ibanmint keys` as a user meets it, in child processes: the table it lists, the store each
// action names (the key file of the data directory, shared by every folder; the former
// ./data/keys.json with its notice; Redis by host, port and db), and what odd paths do.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { BIN, runBin } from '../helpers/process.ts'
import { freePort, startRedis } from '../helpers/redis.ts'

const dir = mkdtempSync(join(tmpdir(), 'ibanmint-keys-'))
after(() => rmSync(dir, { recursive: true, force: true }))
const env = { KEYS_FILE: join(dir, 'keys.json'), REDIS_URL: '' }

test('keys list lines its columns up under the header, with or without an expiry', () => {
  assert.equal(runBin(['keys', 'create', '--name', 'never'], env).code, 0)
  // Options may come before the action.
  assert.equal(runBin(['keys', '--name', 'later', '--expires', '2031-01-31', 'create'], env).code, 0)
  const { code, stdout } = runBin(['keys', 'list'], env)
  assert.equal(code, 0)
  const [header = '', ...rows] = stdout.trimEnd().split('\n')
  assert.equal(rows.length, 2)
  for (const column of ['STATE', 'LIMIT', 'CREATED', 'EXPIRES', 'NAME'])
    for (const row of rows) assert.match(row.slice(header.indexOf(column)), /^\S/, `${column} in "${row}"`)
  assert.match(rows[0] ?? '', /active +default +\S+ +- +never$/)
  assert.match(rows[1] ?? '', / 2031-01-31T00:00:00 {2}later$/)
})

/** The environment of a user with no KEYS_FILE, whose home and data directory are under `root`. */
function userEnv(root: string): NodeJS.ProcessEnv {
  return {
    HOME: join(root, 'home'),
    XDG_DATA_HOME: join(root, 'xdg'),
    LOCALAPPDATA: join(root, 'local'),
    KEYS_FILE: '',
    REDIS_URL: '',
  }
}

/** Where that user's key file is by default on this platform (src/keys/location.ts). */
function defaultKeyFile(root: string): string {
  if (process.platform === 'win32') return join(root, 'local', 'ibanmint', 'keys.json')
  if (process.platform === 'darwin')
    return join(root, 'home', 'Library', 'Application Support', 'ibanmint', 'keys.json')
  return join(root, 'xdg', 'ibanmint', 'keys.json')
}

/** `ibanmint args…` run in the folder `cwd`. */
function runIn(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    // Before the lock fix, a link at the lock's path kept `keys create` spinning for ever.
    timeout: 60_000,
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

test('without KEYS_FILE, every folder shares one key file in the data directory, and each action names it', () => {
  const root = mkdtempSync(join(dir, 'user-'))
  const env = userEnv(root)
  const [first, second] = [join(root, 'first'), join(root, 'second')]
  mkdirSync(first)
  mkdirSync(second)
  const file = defaultKeyFile(root)
  const created = runIn(first, env, 'keys', 'create', '--name', 'from-first')
  assert.equal(created.code, 0, created.stderr)
  const id = /^imk_(\w{12})_/.exec(created.stdout)?.[1] ?? ''
  assert.equal(
    created.stderr,
    `Created key ${id} for "from-first" in key file ${file}. Store it now: it is not shown again.\n`,
  )
  const listed = runIn(second, env, 'keys', 'list', '--json')
  assert.equal(listed.code, 0, listed.stderr)
  assert.deepEqual(
    (JSON.parse(listed.stdout) as { id: string }[]).map((r) => r.id),
    [id],
    'the key made in the first folder is listed from the second',
  )
  assert.equal(listed.stderr, `1 key in key file ${file}.\n`)
  const revoked = runIn(second, env, 'keys', 'revoke', id)
  assert.match(revoked.stdout, new RegExp(`^Revoked ${id} \\("from-first"\\) in key file ${escape(file)};`))
  const unknown = runIn(first, env, 'keys', 'revoke', 'AAAAAAAAAAAA')
  assert.equal(unknown.code, 1)
  assert.equal(
    unknown.stderr,
    `ibanmint: no key with id "AAAAAAAAAAAA" in key file ${file} (see "ibanmint keys list")\n`,
  )
  assert.ok(!existsSync(join(first, 'data')) && !existsSync(join(second, 'data')), 'no store in the folders')
  const empty = runIn(first, { ...env, XDG_DATA_HOME: join(root, 'other'), HOME: join(root, 'other') }, 'keys', 'list')
  assert.match(empty.stderr, /^0 keys in key file .*; make one with "ibanmint keys create --name NAME"\.\n$/)
})

test('a ./data/keys.json in the folder (the former default) is still used, with a notice saying how to move it', () => {
  const root = mkdtempSync(join(dir, 'former-'))
  const env = userEnv(root)
  const project = join(root, 'project')
  mkdirSync(join(project, 'data'), { recursive: true })
  const former = join(project, 'data', 'keys.json')
  writeFileSync(former, JSON.stringify({ version: 1, keys: [] }))
  const created = runIn(project, env, 'keys', 'create', '--name', 'kept')
  assert.equal(created.code, 0, created.stderr)
  const [notice = '', line = ''] = created.stderr.split('\n')
  assert.ok(
    notice.startsWith(
      `ibanmint: using the key file ${former} (./data/keys.json of this folder, the former default); other folders use ${defaultKeyFile(root)}.`,
    ),
    notice,
  )
  assert.match(notice, /mv .* \(or set KEYS_FILE to keep this one\)\.$/)
  assert.match(line, new RegExp(`in key file ${escape(former)}\\.`))
  assert.equal((JSON.parse(readFileSync(former, 'utf8')) as { keys: unknown[] }).keys.length, 1)
  assert.ok(!existsSync(defaultKeyFile(root)), 'nothing written to the data directory')
  // Followed, the notice's advice moves the keys where every folder finds them.
  const moved = spawnSync('sh', ['-c', /: (mkdir -p .*) \(or set/.exec(notice)?.[1] ?? 'false'], { cwd: project })
  assert.equal(moved.status, 0)
  const listed = runIn(root, env, 'keys', 'list', '--json')
  assert.equal((JSON.parse(listed.stdout) as unknown[]).length, 1)
  assert.equal(listed.stderr, `1 key in key file ${defaultKeyFile(root)}.\n`)
})

test('a KEYS_FILE link stays a link; a link at the lock path, a FIFO or a folder at KEYS_FILE exits 1 naming it', () => {
  const root = mkdtempSync(join(dir, 'paths-'))
  mkdirSync(join(root, 'real'))
  symlinkSync(join(root, 'real', 'keys.json'), join(root, 'keys.json'))
  const linked = { KEYS_FILE: join(root, 'keys.json'), REDIS_URL: '' }
  assert.equal(runIn(root, linked, 'keys', 'create', '--name', 'one').code, 0)
  assert.equal(runIn(root, linked, 'keys', 'create', '--name', 'two').code, 0)
  assert.ok(lstatSync(join(root, 'keys.json')).isSymbolicLink())
  assert.equal(
    (JSON.parse(readFileSync(join(root, 'real', 'keys.json'), 'utf8')) as { keys: unknown[] }).keys.length,
    2,
  )

  const locked = { KEYS_FILE: join(root, 'locked.json'), REDIS_URL: '' }
  symlinkSync('locked.json.lock', join(root, 'locked.json.lock'))
  const looping = runIn(root, locked, 'keys', 'create', '--name', 'x')
  assert.equal(looping.code, 1, 'an error, not a spin')
  assert.equal(
    looping.stderr,
    `ibanmint: the lock file ${join(root, 'locked.json.lock')} is a symbolic link (to locked.json.lock, a loop), not a lock ibanmint made: remove it, then retry\n`,
  )

  const fifo = join(root, 'fifo.json')
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0)
  for (const [path, kind] of [
    [fifo, 'a FIFO (named pipe)'],
    [join(root, 'real'), 'a folder'],
  ]) {
    const listed = runIn(root, { KEYS_FILE: path ?? '', REDIS_URL: '' }, 'keys', 'list')
    assert.equal(listed.code, 1)
    assert.equal(listed.stderr, `ibanmint: the key file ${path} cannot be read: it is ${kind}, not a regular file\n`)
  }
})

test('with REDIS_URL, each action names Redis by host, port and db, never by its password', async (t) => {
  const redis = await startRedis(t)
  const client = redis.client()
  t.after(() => client.disconnect())
  await client.call('ACL', 'SETUSER', 'ops', 'on', '>s3cret-pass', '~*', '&*', '+@all')
  const env = { REDIS_URL: `redis://ops:s3cret-pass@127.0.0.1:${redis.port}/3` }
  const created = runIn(dir, env, 'keys', 'create', '--name', 'in-redis')
  assert.equal(created.code, 0, created.stderr)
  assert.match(
    created.stderr,
    new RegExp(`^Created key \\w{12} for "in-redis" in Redis at 127\\.0\\.0\\.1:${redis.port}, db 3\\.`),
  )
  const listed = runIn(dir, env, 'keys', 'list')
  assert.equal(listed.stderr, `1 key in Redis at 127.0.0.1:${redis.port}, db 3.\n`)
  const closed = await freePort()
  const unreachable = runIn(dir, { REDIS_URL: `redis://ops:s3cret-pass@127.0.0.1:${closed}` }, 'keys', 'list')
  assert.equal(unreachable.code, 1)
  assert.equal(unreachable.stderr, `ibanmint: cannot reach Redis at 127.0.0.1:${closed}, db 0 (REDIS_URL)\n`)
  for (const output of [created, listed, unreachable]) assert.ok(!`${output.stdout}${output.stderr}`.includes('s3cret'))
})

/** `text` as a regular expression that matches it literally. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
