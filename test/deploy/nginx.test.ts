// The proxy of compose.yaml for real: nginx with deploy/nginx.conf (its upstream, listen address
// and temporary paths pointed at this test's own) in front of two ibanmint processes, run as
// users run them (the built bin) with compose's settings (one Redis, TRUST_PROXY=1, PUBLIC_URL the
// proxy's address). Clients connect from their own loopback addresses (127.0.0.5, 127.0.0.6), so
// that the address each replica logs and limits can be told from the proxy's. Skipped where nginx
// is not installed (test/ensure-tools.sh installs it).
import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { get as httpGet, type IncomingHttpHeaders } from 'node:http'
import { request } from 'undici'
import { generateIbans } from '../../src/iban/index.ts'
import { listening } from '../helpers/process.ts'
import { freePort, startRedis, type RedisServer } from '../helpers/redis.ts'
import { waitFor } from '../helpers/wait.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BIN = join(ROOT, 'bin', 'ibanmint.js')
const hasNginx = spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0
const SKIP = hasNginx ? false : 'nginx is not installed (test/ensure-tools.sh installs it)'

/** deploy/nginx.conf with its upstream, address and paths made local; each change must apply. */
function localConfig(replicas: readonly number[], port: number, dir: string): string {
  const replace = (text: string, pattern: RegExp, by: string) => {
    assert.match(text, pattern, `deploy/nginx.conf has ${String(pattern)}`)
    return text.replace(pattern, by)
  }
  let config = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8')
  config = replace(config, /^\s*resolver [^;]+;\n/m, '')
  config = replace(
    config,
    /server ibanmint:8080 resolve ([^;]*);/,
    replicas.map((replica) => `server 127.0.0.1:${replica} $1;`).join('\n    '),
  )
  config = replace(config, /listen 8080;/, `listen 127.0.0.1:${port};`)
  config = replace(config, /\/tmp\//g, `${dir}/`)
  return config
}

/**
 * Makes a replica's first keyed and per-IP requests, then waits until it trusts Redis again: on a
 * busy machine a process's first Redis commands (a new limiter loads its script) may exceed the
 * 250 ms command timeout, after which it decides keys and limits locally for a second.
 */
async function warmUp(port: number, key: string): Promise<void> {
  const url = `http://127.0.0.1:${port}`
  await waitFor(
    async () => (await request(`${url}/api/v1/countries`, { headers: { 'x-api-key': key } })).statusCode === 200,
    { timeout: 10_000, message: 'the replica to accept the key' },
  )
  await (await request(`${url}/export/DE?count=1`)).body.dump()
  await waitFor(
    async () => {
      const res = await request(`${url}/metrics`, { headers: { 'x-api-key': key } })
      return /^ibanmint_store_degraded 0$/m.test(await res.body.text())
    },
    { timeout: 10_000, message: 'the replica to use Redis' },
  )
}

interface Replica {
  port: number
  child: ChildProcess
  lines: () => Record<string, unknown>[]
}

/** A GET from the loopback address `from` (node:http: undici does not bind a local address). */
function getFrom(
  from: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { localAddress: from, headers, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    }).once('error', reject)
  })
}

describe('nginx (deploy/nginx.conf) in front of two ibanmint processes on one Redis', { skip: SKIP }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-nginx-'))
  // nginx's worker processes (another user when the test runs as root) write their temporary files here.
  chmodSync(dir, 0o755)
  const alice = '127.0.0.5'
  const bob = '127.0.0.6'
  let redis: RedisServer
  let nginx: ChildProcess
  let proxy = ''
  let key = ''
  const replicas: Replica[] = []

  before(async () => {
    redis = await startRedis({ after })
    const proxyPort = await freePort()
    proxy = `http://127.0.0.1:${proxyPort}`
    const env = {
      ...process.env,
      REDIS_URL: redis.url,
      PUBLIC_URL: proxy,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
      EXPORT_RATE_LIMIT: '3',
      POOL_THREADS: '1',
    }
    key = spawnSync(process.execPath, [BIN, 'keys', 'create', '--name', 'proxy'], {
      env,
      encoding: 'utf8',
    }).stdout.trim()
    assert.match(key, /^imk_/)
    for (let i = 0; i < 2; i++) {
      const port = await freePort()
      const child = spawn(process.execPath, [BIN, 'serve'], {
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let out = ''
      child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()))
      await listening(child)
      const lines = () =>
        out
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>)
      replicas.push({ port, child, lines })
      await warmUp(port, key)
    }
    writeFileSync(
      join(dir, 'nginx.conf'),
      localConfig(
        replicas.map((replica) => replica.port),
        proxyPort,
        dir,
      ),
    )
    nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let errors = ''
    nginx.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    await waitFor(
      async () => {
        if (nginx.exitCode !== null) throw new Error(`nginx exited: ${errors}`)
        return (await request(`${proxy}/healthz`).catch(() => undefined))?.statusCode === 200
      },
      { timeout: 10_000, message: 'nginx to answer' },
    )
  })

  after(async () => {
    const stopped = [nginx, ...replicas.map((replica) => replica.child)]
      .filter((child) => child !== undefined && child.exitCode === null && child.signalCode === null)
      .map((child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM')))
    await Promise.all(stopped)
    rmSync(dir, { recursive: true, force: true })
  })

  test('one public address: the service index links to the proxy, whichever replica answers', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await request(`${proxy}/api/v1`)
      const index = JSON.stringify(await res.body.json())
      assert.equal(res.statusCode, 200)
      assert.ok(index.includes(`"${proxy}/api/v1/openapi.json"`), index.slice(0, 300))
    }
  })

  test('requests are shared out between the two replicas', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await request(`${proxy}/api/v1/generate/DE`, { headers: { 'x-api-key': key } })
      assert.equal(res.statusCode, 200, await res.body.text())
    }
    await waitFor(
      () => replicas.every((replica) => replica.lines().some((line) => line['route'] === '/api/v1/generate/{country}')),
      { timeout: 2_000, message: 'both replicas to log a generate request' },
    )
  })

  test('each replica logs the address the proxy saw, not one the client wrote in X-Forwarded-For', async () => {
    const res = await getFrom(alice, `${proxy}/api/v1/countries/DE?api_key=${key}`, {
      'x-api-key': key,
      'x-forwarded-for': '198.51.100.9',
      'x-request-id': 'forged-hop-1',
    })
    assert.equal(res.status, 200)
    const line = await waitFor(
      () => replicas.flatMap((replica) => replica.lines()).find((entry) => entry['req'] === 'forged-hop-1'),
      { timeout: 2_000, message: 'the request’s access line' },
    )
    assert.equal(line['ip'], '127.0.0.5')
    assert.equal(line['path'], '/api/v1/countries/DE?api_key=[redacted]')
    assert.ok(!JSON.stringify(line).includes(key.slice(4)), 'no part of the key is logged')
  })

  // Each replica counts in Redis, so the limit of 3 holds across both; while a replica decides
  // locally (its first Redis commands slower than their timeout on a busy machine), it holds per
  // replica: a fourth to sixth request may pass then. Either way it is the client that is counted.
  test('per-IP limits count each client behind the proxy, not the proxy (EXPORT_RATE_LIMIT=3)', async () => {
    const statuses: number[] = []
    while (statuses.length < 7 && !statuses.includes(429))
      statuses.push((await getFrom(alice, `${proxy}/export/DE?count=1`)).status)
    assert.deepEqual(statuses.slice(0, 3), [200, 200, 200])
    assert.equal(statuses.at(-1), 429, `127.0.0.5: ${statuses.join(', ')}`)
    assert.equal((await getFrom(bob, `${proxy}/export/DE?count=1`)).status, 200, '127.0.0.6 is not limited')
  })

  test('X-Request-Id: nginx’s own when the client sends none, the client’s when it does; the service echoes it', async () => {
    const made = await request(`${proxy}/healthz`)
    await made.body.dump()
    assert.match(String(made.headers['x-request-id']), /^[0-9a-f]{32}$/)
    const given = await request(`${proxy}/healthz`, { headers: { 'x-request-id': 'client-chosen-7' } })
    await given.body.dump()
    assert.equal(given.headers['x-request-id'], 'client-chosen-7')
  })

  test('a bulk download streams through the proxy gzipped, and decodes to the bytes sent uncompressed', async () => {
    const url = `${proxy}/api/v1/bulk/DE?count=200000&seed=proxy`
    const plain = await request(url, { headers: { 'x-api-key': key } })
    const identity = Buffer.from(await plain.body.arrayBuffer())
    const zipped = await request(url, { headers: { 'x-api-key': key, 'accept-encoding': 'gzip' } })
    assert.equal(zipped.statusCode, 200)
    assert.equal(zipped.headers['content-encoding'], 'gzip')
    assert.equal(zipped.headers['vary'], 'x-api-key, authorization, accept-encoding')
    assert.equal(zipped.headers['cache-control'], 'private, max-age=86400')
    assert.equal(zipped.headers['transfer-encoding'], 'chunked')
    const compressed = Buffer.from(await zipped.body.arrayBuffer())
    assert.ok(compressed.length < identity.length / 2, `${compressed.length} of ${identity.length} bytes`)
    assert.ok(gunzipSync(compressed).equals(identity))
  })

  test('a validation streams through the proxy both ways: rows come back before the body is complete', async () => {
    const lines = (n: number) =>
      `${generateIbans('DE', n, { seed: String(n) })
        .map((iban) => iban.iban)
        .join('\n')}\n`
    let answered: () => void = () => {}
    const firstRows = new Promise<void>((resolve) => (answered = resolve))
    let rest = false
    async function* body() {
      // More batches than the replica validates at once: the first are answered before the rest is sent.
      yield lines(8_000)
      await Promise.race([firstRows, new Promise((resolve) => setTimeout(resolve, 10_000))])
      rest = true
      yield lines(500)
    }
    const response = request(`${proxy}/api/v1/validate/stream`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'text/plain', 'accept-encoding': 'gzip' },
      body: Readable.from(body()),
    })
    const res = await response
    answered()
    assert.equal(rest, false, 'the answer began while the body was still open')
    assert.equal(res.headers['content-encoding'], 'gzip')
    const text = gunzipSync(Buffer.from(await res.body.arrayBuffer())).toString()
    const summary = JSON.parse(text.trim().split('\n').at(-1) as string) as { summary: { rows: number; valid: number } }
    assert.equal(summary.summary.rows, 8_500)
    assert.equal(summary.summary.valid, 8_500)
  })

  test('/metrics through the proxy: 401 without a key, the Prometheus text format with one', async () => {
    const refused = await request(`${proxy}/metrics`)
    assert.equal(refused.statusCode, 401)
    await refused.body.dump()
    const res = await request(`${proxy}/metrics`, { headers: { authorization: `Bearer ${key}` } })
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/)
    assert.match(
      await res.body.text(),
      /^ibanmint_http_requests_total\{route="\/api\/v1\/generate\/\{country\}",status="200",access="key"\} \d+$/m,
    )
  })

  test('with one replica gone, requests are answered by the other', async () => {
    const gone = replicas[0] as Replica
    await new Promise((resolve) => gone.child.once('exit', resolve).kill('SIGKILL'))
    for (let i = 0; i < 6; i++) {
      const res = await request(`${proxy}/api/v1/generate/DE`, { headers: { 'x-api-key': key } })
      await res.body.dump()
      assert.equal(res.statusCode, 200)
    }
  })
})
