import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { request } from 'undici'
import { announces, listening } from '../helpers/process.ts'
import { freePort } from '../helpers/redis.ts'
import { waitFor } from '../helpers/wait.ts'

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ibanmint.js')
const dir = mkdtempSync(join(tmpdir(), 'ibanmint-serve-'))
after(() => rmSync(dir, { recursive: true, force: true }))

function cli(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, ...env } })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

async function serve(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null> }> {
  const port = await freePort()
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  after(() => child.kill('SIGKILL'))
  await listening(child)
  return { child, url: `http://127.0.0.1:${port}`, exited }
}

test('keys create, serve, call /countries with the key, list, revoke: as the README shows', async () => {
  const env = { KEYS_FILE: join(dir, 'flow.json') }
  const created = cli(env, 'keys', 'create', '--name', 'readme', '--limit', '100')
  assert.equal(created.code, 0, created.stderr)
  const key = created.stdout.trim()
  assert.match(key, /^imk_\w{12}_\w{32}$/)
  assert.match(created.stderr, /not shown again/)
  const { url, child, exited } = await serve(env)
  const ok = await request(`${url}/api/v1/countries`, { headers: { 'x-api-key': key } })
  assert.equal(ok.statusCode, 200)
  assert.equal(((await ok.body.json()) as { count: number }).count, 91)
  const list = cli(env, 'keys', 'list', '--json')
  const [record] = JSON.parse(list.stdout) as { id: string; name: string; limit: number; hash?: string }[]
  assert.equal(record?.name, 'readme')
  assert.equal(record?.limit, 100)
  assert.equal(record?.hash, undefined, 'list never shows hashes')
  assert.equal(cli(env, 'keys', 'revoke', record?.id ?? '').code, 0)
  // Refused within the documented bound (5 s key cache + 1 s file recheck): the wait's deadline.
  await waitFor(
    async () => {
      const res = await request(`${url}/api/v1/countries`, { headers: { 'x-api-key': key } })
      await res.body.dump()
      return res.statusCode === 401
    },
    { timeout: 6500, interval: 100, message: 'the revoked key to be refused' },
  )
  child.kill('SIGTERM')
  assert.equal(await exited, 0)
})

test('SIGTERM lets an in-flight request finish, then exits 0', async () => {
  const env = { KEYS_FILE: join(dir, 'term.json') }
  const key = cli(env, 'keys', 'create', '--name', 'term').stdout.trim()
  const { url, child, exited } = await serve(env)
  const { port } = new URL(url)
  const socket = connect(Number(port), '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  const body = JSON.stringify({ country: 'DE', count: 3 })
  // The headers and the start of the body. The server answers Expect: 100-continue as it takes
  // the request up, so its interim response says the request is in flight.
  const interim = new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString())))
  socket.write(
    `POST /api/v1/generate HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n${body.slice(0, 5)}`,
  )
  assert.equal(await interim, 'HTTP/1.1 100 Continue\r\n\r\n')
  const stopping = announces(child, 'no longer accepting')
  child.kill('SIGTERM')
  await stopping
  let response = ''
  socket.on('data', (chunk: Buffer) => (response += chunk.toString()))
  const closed = new Promise((resolve) => socket.once('close', resolve))
  socket.write(body.slice(5))
  await closed
  assert.match(response, /^HTTP\/1\.1 200 OK/)
  assert.match(response, /"count":3/)
  assert.equal(await exited, 0)
})

test('serve rejects bad configuration with one line and exit code 2', () => {
  const result = cli({ PORT: 'eighty' }, 'serve')
  assert.equal(result.code, 2)
  assert.equal(
    result.stderr,
    'ibanmint: PORT must be an integer between 0 and 65535, got "eighty". Try "ibanmint serve --help".\n',
  )
  const redis = cli({ REDIS_URL: 'http://nope' }, 'serve')
  assert.equal(redis.code, 2)
  assert.match(redis.stderr, /REDIS_URL must start with redis:\/\//)
})

test('keys: bad usage exits 2; revoking an unknown id exits 1', () => {
  const env = { KEYS_FILE: join(dir, 'usage.json') }
  assert.equal(cli(env, 'keys', 'create').code, 2)
  assert.equal(cli(env, 'keys', 'create', '--name', 'x', '--limit', '0').code, 2)
  assert.equal(cli(env, 'keys', 'create', '--name', 'x', '--expires', 'someday').code, 2)
  assert.equal(cli(env, 'keys', 'frobnicate').code, 2)
  assert.equal(cli(env, 'keys', 'revoke', 'AAAAAAAAAAAA').code, 1)
  assert.equal(cli(env, 'keys', '--help').code, 0)
  const created = JSON.parse(
    cli(env, 'keys', 'create', '--name', 'json', '--expires', '2030-01-31', '--json').stdout,
  ) as Record<string, unknown>
  assert.match(String(created['key']), /^imk_/)
  assert.equal(created['expires_at'], '2030-01-31T00:00:00.000Z')
  assert.equal(created['hash'], undefined)
})

/** `ibanmint serve args…` in `cwd`, once it listens, with what it wrote to stderr until then. */
async function serveWith(
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = dir,
): Promise<{ child: ChildProcess; banner: string; url: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  after(() => child.kill('SIGKILL'))
  let banner = ''
  child.stderr?.on('data', (chunk: Buffer) => (banner += chunk.toString()))
  await listening(child)
  const url = /listening on (http:\/\/\S+) /.exec(banner)?.[1] ?? ''
  return { child, banner, url }
}

test('serve --host and --port win over HOST and PORT', async () => {
  const port = await freePort()
  const { banner, url } = await serveWith(['--host', '127.0.0.1', '--port', String(port)], {
    KEYS_FILE: join(dir, 'options.json'),
    HOST: 'not an address',
    PORT: 'eighty',
  })
  assert.equal(url, `http://127.0.0.1:${port}`)
  assert.match(banner, new RegExp(`public URL http://127\\.0\\.0\\.1:${port};`))
  const res = await request(`${url}/healthz`)
  assert.equal(res.statusCode, 200)
  await res.body.dump()
})

test('serve --host and --port: a wrong value is one line naming the option and what it takes, exit 2', () => {
  const cases: [string[], string][] = [
    [['--port', '70000'], '--port must be an integer between 0 and 65535 (0: any free port), got "70000".'],
    [['--port=-1'], '--port must be an integer between 0 and 65535 (0: any free port), got "-1".'],
    [['--port', 'http'], '--port must be an integer between 0 and 65535 (0: any free port), got "http".'],
    [['--port'], '--port needs a value: --port N.'],
    [
      ['--host', 'http://0.0.0.0'],
      '--host takes an address, not a URL (got "http://0.0.0.0"); the address users reach is PUBLIC_URL.',
    ],
    [['--host', 'localhost:8081'], '--host takes no port (got "localhost:8081"): --host localhost --port 8081.'],
    [
      ['--host', 'my_host'],
      '--host must be an IP address or a host name, such as 127.0.0.1, 0.0.0.0 (every interface), ::1 or localhost; got "my_host".',
    ],
  ]
  for (const [args, message] of cases) {
    const result = cli({}, 'serve', ...args)
    assert.equal(result.code, 2, args.join(' '))
    assert.equal(result.stderr, `ibanmint: ${message} Try "ibanmint serve --help".\n`)
  }
})

test('a FIFO at KEYS_FILE: serve still listens, /readyz names why it is not ready until a key file is there', async () => {
  const fifo = join(dir, 'fifo-keys.json')
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0)
  // Before the store refused non-files, serve waited for a writer to the FIFO and never listened.
  const { url } = await serveWith(['--port', '0'], { KEYS_FILE: fifo })
  const waiting = await request(`${url}/readyz`)
  assert.equal(waiting.statusCode, 503)
  assert.deepEqual(await waiting.body.json(), {
    error: {
      code: 'service_unavailable',
      message: 'the key file cannot be read: it is a FIFO (named pipe), not a regular file',
    },
  })
  rmSync(fifo)
  const key = cli({ KEYS_FILE: fifo }, 'keys', 'create', '--name', 'after-the-fifo').stdout.trim()
  await waitFor(
    async () => {
      const res = await request(`${url}/readyz`)
      await res.body.dump()
      return res.statusCode === 200
    },
    { message: '/readyz to answer 200 once the key file is there' },
  )
  const res = await request(`${url}/api/v1/countries`, { headers: { 'x-api-key': key } })
  assert.equal(res.statusCode, 200)
  await res.body.dump()
})

test('a key made in one folder works for a server started in another; the banner names the store it reads', async () => {
  const root = mkdtempSync(join(dir, 'user-'))
  const user = {
    HOME: join(root, 'home'),
    XDG_DATA_HOME: join(root, 'xdg'),
    LOCALAPPDATA: join(root, 'local'),
    KEYS_FILE: '',
  }
  const [here, there] = [join(root, 'here'), join(root, 'there')]
  mkdirSync(here)
  mkdirSync(there)
  const created = spawnSync(process.execPath, [BIN, 'keys', 'create', '--name', 'here'], {
    cwd: here,
    encoding: 'utf8',
    env: { ...process.env, ...user },
  })
  const file = /in key file (.+)\. Store it now/.exec(created.stderr)?.[1] ?? ''
  assert.ok(file.startsWith(root), created.stderr)
  const { banner, url } = await serveWith(['--port', '0'], user, there)
  assert.match(banner, new RegExp(`keys and limits: key file ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)`))
  const res = await request(`${url}/api/v1/countries`, { headers: { 'x-api-key': created.stdout.trim() } })
  assert.equal(res.statusCode, 200)
  await res.body.dump()
  // A folder with the former default ./data/keys.json: served from it, with the notice first.
  mkdirSync(join(there, 'data'))
  writeFileSync(join(there, 'data', 'keys.json'), JSON.stringify({ version: 1, keys: [] }))
  const former = await serveWith(['--port', '0'], user, there)
  const [notice = '', listeningLine = ''] = former.banner.split('\n')
  assert.match(
    notice,
    /^ibanmint: using the key file .*data\/keys\.json \(\.\/data\/keys\.json of this folder, the former default\)/,
  )
  assert.match(listeningLine, new RegExp(`keys and limits: key file ${join(there, 'data', 'keys.json')}\\)`))
})
