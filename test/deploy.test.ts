// The Dockerfile and compose file: linted and checked for what they must do (multi-stage,
// non-root, health check on /healthz, no development dependencies in the image, base images
// pinned to exact releases, OCI labels, two instances on one Redis that keeps its data in an
// append-only file on a volume, one proxy as the only published address, CPU and memory limits,
// every container hardened, the image tagged with the package's version). Where a Docker engine
// answers, the image is also built and the compose file resolved by Docker itself; the same
// topology runs for real in test/deploy/proxy.test.ts (nginx with deploy/nginx.conf in front of
// two ibanmint processes on one redis-server) and test/reliability (a restart of the persistent
// Redis, redis-restart.test.ts).
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

/** An image reference pinned to an exact release: name:MAJOR.MINOR.PATCH[-variant][@sha256:…]. */
const EXACT_IMAGE = /^[\w./-]+:\d+\.\d+\.\d+(?:-[\w.-]+)?(?:@sha256:[0-9a-f]{64})?$/

/** Bytes of a compose memory value (`384M`, `1g`, `512m`). */
function bytesOf(value: unknown): number {
  const match = /^(\d+(?:\.\d+)?)([kmg]?)b?$/i.exec(String(value))
  assert.ok(match, `memory limit ${String(value)}`)
  const unit = { '': 1, k: 2 ** 10, m: 2 ** 20, g: 2 ** 30 }[(match[2] as string).toLowerCase() as '' | 'k' | 'm' | 'g']
  return Number(match[1]) * unit
}

function limitsOf(service: Record<string, unknown>): { cpus: number; memory: number } {
  const limits = (service['deploy'] as { resources?: { limits?: { cpus?: unknown; memory?: unknown } } } | undefined)
    ?.resources?.limits
  assert.ok(limits?.cpus !== undefined && limits.memory !== undefined, 'deploy.resources.limits sets cpus and memory')
  const cpus = Number(limits.cpus)
  assert.ok(cpus > 0, `cpus ${JSON.stringify(limits.cpus)}`)
  return { cpus, memory: bytesOf(limits.memory) }
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

test('the Dockerfile pins its base image to an exact release and labels the image (OCI source, version, licenses)', () => {
  const all = instructions()
  const args = new Map(
    all
      .filter((i) => i.keyword === 'ARG')
      .map((i) => i.args.split('='))
      .map(([name = '', value = '']) => [name, value.replace(/^"|"$/g, '')]),
  )
  for (const stage of all.filter((i) => i.keyword === 'FROM')) {
    const image = (stage.args.split(/\s+/)[0] as string).replace(
      /^\$\{(\w+)\}$/,
      (_, name: string) => args.get(name) ?? '',
    )
    assert.match(image, EXACT_IMAGE, `FROM ${stage.args}`)
  }
  const labels = all
    .filter((i) => i.keyword === 'LABEL')
    .map((i) => i.args)
    .join(' ')
  const label = (name: string) =>
    new RegExp(`org\\.opencontainers\\.image\\.${name}="([^"]+)"`)
      .exec(labels)?.[1]
      ?.replace(/^\$\{(\w+)\}$/, (_, arg: string) => args.get(arg) ?? '')
  assert.equal(label('version'), VERSION, 'the version label is the package version')
  assert.equal(label('licenses'), 'MIT')
  assert.match(label('source') ?? '', /^https:\/\/\S+$/)
})

test('compose runs two instances of the service on one Redis, behind one proxy that is the only published address', () => {
  const { redis, ibanmint, proxy } = readCompose().services
  assert.ok(redis && ibanmint && proxy)
  assert.equal((ibanmint['deploy'] as { replicas: number }).replicas, 2)
  const environment = ibanmint['environment'] as Record<string, string>
  assert.equal(environment['REDIS_URL'], 'redis://redis:6379')
  assert.equal(ibanmint['ports'], undefined, 'the replicas publish no port')
  assert.equal(redis['ports'], undefined, 'Redis publishes no port')
  assert.deepEqual(proxy['ports'], ['8080:8080'])
  // The one public address is what every replica names in its links, and the replicas believe one proxy.
  assert.equal(environment['PUBLIC_URL'], 'http://localhost:8080')
  assert.equal(environment['TRUST_PROXY'], '1')
  assert.deepEqual(ibanmint['depends_on'], { redis: { condition: 'service_healthy' } })
  assert.deepEqual(proxy['depends_on'], { ibanmint: { condition: 'service_healthy' } })
  assert.equal(ibanmint['build'], '.')
  assert.equal(ibanmint['image'], `ibanmint:${VERSION}`, 'the image is tagged with the package version')
})

test('compose pins every image it pulls to an exact release; the proxy is the official nginx with deploy/nginx.conf', () => {
  const { services } = readCompose()
  for (const [name, service] of Object.entries(services)) {
    if (service['build'] !== undefined) continue
    assert.match(String(service['image']), EXACT_IMAGE, `${name}: ${String(service['image'])}`)
  }
  const proxy = services['proxy'] ?? {}
  assert.match(String(proxy['image']), /^nginx:/)
  const mounts = ((proxy['volumes'] ?? []) as string[]).map((mount) => mount.split(':'))
  const config = mounts.find(([, target]) => target === '/etc/nginx/nginx.conf')
  assert.ok(config !== undefined, 'deploy/nginx.conf is mounted as nginx.conf')
  assert.equal(config[0], './deploy/nginx.conf')
  assert.equal(config[2], 'ro')
  assert.ok(existsSync(join(ROOT, 'deploy', 'nginx.conf')))
})

test("compose sets CPU and memory limits on every service, the replicas' memory sized to their generation threads", () => {
  const { services } = readCompose()
  for (const [name, service] of Object.entries(services)) {
    const { memory } = limitsOf(service)
    assert.ok(memory >= 64 * 2 ** 20, `${name}: at least 64 MB`)
  }
  // A replica starts one thread per CPU of its limit (POOL_THREADS unset: read from the cgroup);
  // each thread's heap is capped at 64 MB, and the main thread needs about 100 MB under load.
  const ibanmint = services['ibanmint'] ?? {}
  const { cpus, memory } = limitsOf(ibanmint)
  assert.equal((ibanmint['environment'] as Record<string, string>)['POOL_THREADS'], undefined)
  assert.ok(memory >= (128 + 128 * Math.floor(cpus)) * 2 ** 20, `${memory} bytes for ${cpus} CPUs`)
})

test('every container runs unprivileged: read-only root, no capabilities, no new privileges, a tmpfs where it writes', () => {
  const { services, volumes } = readCompose()
  for (const [name, service] of Object.entries(services)) {
    assert.equal(service['read_only'], true, `${name}: read_only`)
    assert.deepEqual(service['cap_drop'], ['ALL'], `${name}: cap_drop ALL`)
    assert.deepEqual(service['security_opt'], ['no-new-privileges:true'], `${name}: no-new-privileges`)
    const tmpfs = (service['tmpfs'] ?? []) as string[]
    assert.ok(
      tmpfs.some((mount) => mount.split(':')[0] === '/tmp'),
      `${name}: /tmp is a tmpfs`,
    )
    // An image's own user (the Dockerfile's USER node) or a numeric one that is not root.
    const user = service['user']
    if (service['build'] === undefined)
      assert.match(String(user), /^[1-9]\d*:[1-9]\d*$/, `${name}: user ${String(user)}`)
    // Whatever else it writes is a named volume, never the image's file system.
    for (const mount of (service['volumes'] ?? []) as string[]) {
      const [source = '', , mode] = mount.split(':')
      assert.ok(mode === 'ro' || (volumes !== undefined && source in volumes), `${name}: ${mount}`)
    }
  }
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
