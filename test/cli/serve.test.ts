import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
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
  const started = Date.now()
  await waitFor(
    async () => {
      const res = await request(`${url}/api/v1/countries`, { headers: { 'x-api-key': key } })
      await res.body.dump()
      return res.statusCode === 401
    },
    { timeout: 8000, interval: 100, message: 'the revoked key to be refused' },
  )
  assert.ok(Date.now() - started <= 6500, `revocation took ${Date.now() - started} ms (documented: within 5 s)`)
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
