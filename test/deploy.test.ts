// The Dockerfile and compose file: linted and checked for what they must do (multi-stage,
// non-root, health check on /healthz, no development dependencies in the image, two instances on
// one Redis that keeps its data in an append-only file on a volume, the image tagged with the
// package's version). Where a Docker engine answers, the image is also built and the compose
// file resolved by Docker itself; the same topology (two instances on one redis-server) runs for
// real in test/reliability, as does a restart of the persistent Redis (redis-restart.test.ts).
import assert from 'node:assert/strict'
import { execFile, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { validate, ValidationSeverity } from 'dockerfile-utils'
import { parse } from 'yaml'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DOCKERFILE = readFileSync(join(ROOT, 'Dockerfile'), 'utf8')
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
const run = promisify(execFile)
const engine = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 10_000 }).status === 0
const NO_ENGINE = 'no Docker engine answers on this machine'

/** The Dockerfile's instructions (continuation lines joined, comments dropped). */
function instructions(): { keyword: string; args: string }[] {
  return DOCKERFILE.replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/)
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') }
    })
}

interface Compose {
  services: Record<string, Record<string, unknown>>
  volumes?: Record<string, unknown>
}

function readCompose(): Compose {
  return parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8')) as Compose
}

/** The argument that follows `flag` in a command given as a list, or undefined. */
function option(command: unknown, flag: string): string | undefined {
  assert.ok(Array.isArray(command), 'the command is a list of arguments')
  const at = command.indexOf(flag)
  return at === -1 ? undefined : String(command[at + 1])
}

test('the Dockerfile has no lint errors or warnings (dockerfile-utils)', () => {
  const problems = validate(DOCKERFILE).filter(
    (d) => d.severity === ValidationSeverity.ERROR || d.severity === ValidationSeverity.WARNING,
  )
  assert.deepEqual(
    problems.map((d) => `${d.range.start.line + 1}: ${typeof d.message === 'string' ? d.message : d.message.value}`),
    [],
  )
})

test('the Dockerfile is multi-stage, runs as a non-root user, checks /healthz, ships no dev dependencies', () => {
  const all = instructions()
  const stages = all.filter((i) => i.keyword === 'FROM')
  assert.ok(stages.length >= 2, 'multi-stage')
  const final = all.slice(all.lastIndexOf(stages[stages.length - 1] as { keyword: string; args: string }))
  const user = final.filter((i) => i.keyword === 'USER').pop()
  assert.ok(user !== undefined && !/^(root|0)(:|$)/.test(user.args), `final stage user: ${user?.args}`)
  assert.match(final.find((i) => i.keyword === 'HEALTHCHECK')?.args ?? '', /\/healthz/)
  assert.match(final.find((i) => i.keyword === 'CMD')?.args ?? '', /bin\/ibanmint\.js", "serve"/)
  const installs = all.filter((i) => i.keyword === 'RUN' && /npm ci/.test(i.args))
  assert.ok(
    installs.some((i) => /--omit=dev/.test(i.args)),
    'production dependencies installed with --omit=dev',
  )
  const copiedFrom = final.filter((i) => i.keyword === 'COPY' && i.args.startsWith('--from=')).map((i) => i.args)
  assert.ok(copiedFrom.some((args) => /node_modules/.test(args) && !args.includes('--from=build ')))
  // Every file the build context must hold exists, so a moved file cannot break the image.
  for (const { keyword, args } of all) {
    if (keyword !== 'COPY' || args.startsWith('--from=')) continue
    const sources = args.split(/\s+/).slice(0, -1)
    for (const source of sources) assert.ok(existsSync(join(ROOT, source)), `COPY ${source}`)
  }
  const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n')
  for (const path of ['node_modules', 'dist', '.git']) assert.ok(ignored.includes(path), `.dockerignore ${path}`)
})

test('compose runs two instances of the service on one Redis, on published ports', () => {
  const { redis, ibanmint } = readCompose().services
  assert.ok(redis && ibanmint)
  assert.match(String(redis['image']), /^redis:/)
  assert.equal((ibanmint['deploy'] as { replicas: number }).replicas, 2)
  const environment = ibanmint['environment'] as Record<string, string>
  assert.equal(environment['REDIS_URL'], 'redis://redis:6379')
  assert.deepEqual(ibanmint['ports'], ['8080-8081:8080'])
  assert.deepEqual(ibanmint['depends_on'], { redis: { condition: 'service_healthy' } })
  assert.equal(ibanmint['build'], '.')
  assert.equal(ibanmint['image'], `ibanmint:${VERSION}`, 'the image is tagged with the package version')
})

// Redis holds the API keys, the only durable data: without the append-only file on a volume a
// restart of Redis, or a recreated container, would delete every key.
test('compose keeps Redis data on a named volume with append-only persistence', () => {
  const compose = readCompose()
  const redis = compose.services['redis'] ?? {}
  const command = redis['command']
  assert.equal(option(command, '--appendonly'), 'yes')
  assert.ok(
    ['everysec', 'always'].includes(option(command, '--appendfsync') ?? 'everysec'),
    `appendfsync ${option(command, '--appendfsync')}`,
  )
  const dir = option(command, '--dir') ?? '/data' // the working directory of the redis image
  const mounts = ((redis['volumes'] ?? []) as string[]).map((mount) => mount.split(':'))
  const data = mounts.find(([, target]) => target === dir)
  assert.ok(data !== undefined, `a volume mounted at ${dir}`)
  const [source = ''] = data
  assert.ok(!source.startsWith('/') && !source.startsWith('.'), `${source} is a named volume, not a host path`)
  assert.ok(compose.volumes !== undefined && source in compose.volumes, `volume ${source} is declared`)
})

test('docker builds the image and resolves the compose file', { skip: engine ? false : NO_ENGINE }, async () => {
  await run('docker', ['build', '--tag', 'ibanmint:test', ROOT], { timeout: 600_000 })
  const { stdout } = await run('docker', ['compose', '--file', join(ROOT, 'compose.yaml'), 'config', '--quiet'], {
    cwd: ROOT,
  })
  assert.equal(stdout, '')
})
