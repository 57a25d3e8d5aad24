// deploy/kubernetes: every overlay rendered and every object validated against the Kubernetes
// API's own schemas (kubernetes-models: validators compiled from the API's OpenAPI document),
// then checked for what it must do: the hardening and sizes of compose.yaml, probes on routes
// the server has, Redis keeping its keys in an append-only file on a claim, the Secret, the
// disruption budget, and the Indexed Job's contract (its pods run for real below).
// Rendering: kubectl and kustomize are Go programs that neither npm nor Debian (whose
// kubernetes-client is 1.20, without kustomize components) provides here, so the overlays use a
// subset of kustomize that renderKustomization implements with the yaml package (resources,
// namespace, images, components holding images; any other field fails the test). Where a
// kubectl is installed, its `kubectl kustomize` renders every overlay too and must agree.
import assert from 'node:assert/strict'
import { execFile, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Namespace, PersistentVolumeClaim, Service } from 'kubernetes-models/v1'
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1'
import { Job } from 'kubernetes-models/batch/v1'
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1'
import { parse, parseAllDocuments } from 'yaml'
import { probeRoutes } from '../../src/http/probes.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const KUBERNETES = join(ROOT, 'deploy', 'kubernetes')
const BIN = join(ROOT, 'bin', 'ibanmint.js')
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
const OVERLAYS = ['service', 'generate', 'check', 'generate-object-storage']
const run = promisify(execFile)

// A Kubernetes object, read loosely: the API schemas hold its shape (the validation test below),
// so this file reads fields as the YAML has them rather than restate the API's types.
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument,
   @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return,
   @typescript-eslint/no-explicit-any */
type Manifest = Record<string, any>

/** The kustomization fields renderKustomization implements; the overlays may use no other. */
const SUPPORTED = new Set(['apiVersion', 'kind', 'resources', 'components', 'namespace', 'images'])
/** The kinds the overlays hold, each with the model that validates it; every kind is namespaced but Namespace. */
const MODELS: Record<string, new (data: Manifest) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
}

interface ImageEntry {
  name: string
  newName?: string
  newTag?: string
}

function readKustomization(dir: string): Manifest {
  const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Manifest
  for (const field of Object.keys(kustomization))
    assert.ok(SUPPORTED.has(field), `${dir}: kustomization field ${field} is outside the subset rendered here`)
  return kustomization
}

/** The pod spec of a workload, or undefined. */
function podSpecOf(object: Manifest): Manifest | undefined {
  return object['spec']?.template?.spec as Manifest | undefined
}

function containersOf(object: Manifest): Manifest[] {
  const pod = podSpecOf(object)
  return pod === undefined
    ? []
    : [...((pod['initContainers'] as Manifest[]) ?? []), ...(pod['containers'] as Manifest[])]
}

/** kustomize's images transformer: a container image named `name` (with or without a tag) becomes newName:newTag. */
function setImages(objects: Manifest[], images: readonly ImageEntry[]): void {
  for (const container of objects.flatMap(containersOf)) {
    const image = container['image'] as string
    const entry = images.find((e) => image === e.name || image.startsWith(`${e.name}:`))
    if (entry === undefined) continue
    const tag = entry.newTag ?? (image.includes(':') ? image.slice(image.indexOf(':') + 1) : undefined)
    container['image'] = `${entry.newName ?? entry.name}${tag === undefined ? '' : `:${tag}`}`
  }
}

/** The objects a kustomization renders, as `kubectl kustomize DIR` does for this subset. */
function renderKustomization(dir: string): Manifest[] {
  const kustomization = readKustomization(dir)
  const objects = ((kustomization['resources'] as string[]) ?? []).flatMap((resource) => {
    const path = join(dir, resource)
    if (statSync(path).isDirectory()) return renderKustomization(path)
    return parseAllDocuments(readFileSync(path, 'utf8')).map((doc) => doc.toJS() as Manifest)
  })
  for (const component of (kustomization['components'] as string[]) ?? []) {
    const spec = readKustomization(join(dir, component))
    assert.equal(spec['kind'], 'Component')
    assert.equal(spec['resources'], undefined, 'a component brings images only')
    setImages(objects, (spec['images'] as ImageEntry[]) ?? [])
  }
  setImages(objects, (kustomization['images'] as ImageEntry[]) ?? [])
  const namespace = kustomization['namespace'] as string | undefined
  if (namespace !== undefined)
    for (const object of objects) if (object['kind'] !== 'Namespace') object['metadata'].namespace = namespace
  return objects
}

const keyOf = (object: Manifest) =>
  `${object['kind']}/${object['metadata']?.namespace ?? ''}/${object['metadata'].name}`

function byKey(objects: Manifest[]): Map<string, Manifest> {
  const map = new Map(objects.map((object) => [keyOf(object), object]))
  assert.equal(map.size, objects.length, 'no two objects of one kind share a name')
  return map
}

const RENDERED = new Map(OVERLAYS.map((overlay) => [overlay, renderKustomization(join(KUBERNETES, overlay))]))
const ALL = [...RENDERED.values()].flat()

function find(overlay: string, kind: string, name: string): Manifest {
  const object = RENDERED.get(overlay)?.find((o) => o['kind'] === kind && o['metadata'].name === name)
  assert.ok(object, `${overlay}: ${kind} ${name}`)
  return object
}

function container(object: Manifest, name: string): Manifest {
  const found = containersOf(object).find((c) => c['name'] === name)
  assert.ok(found, `${object['metadata'].name}: container ${name}`)
  return found
}

/** Bytes or CPUs of a Kubernetes quantity (`384Mi`, `250m`, `2`). */
function quantity(value: unknown): number {
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi|k|M|G)?$/.exec(String(value))
  assert.ok(match, `quantity ${String(value)}`)
  const unit = { m: 1e-3, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, k: 1e3, M: 1e6, G: 1e9 }
  return Number(match[1]) * (match[2] === undefined ? 1 : unit[match[2] as keyof typeof unit])
}

/** Bytes of a compose memory value, as Docker reads it (`384M` is 384 MiB). */
function composeBytes(value: unknown): number {
  const match = /^(\d+)([kmg])$/i.exec(String(value))
  assert.ok(match)
  return (
    Number(match[1]) * { k: 2 ** 10, m: 2 ** 20, g: 2 ** 30 }[(match[2] as string).toLowerCase() as 'k' | 'm' | 'g']
  )
}

const kubectl = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore', timeout: 10_000 }).status === 0

test(
  'every overlay renders with the same objects as kubectl kustomize',
  { skip: !kubectl && 'no kubectl on this machine' },
  async () => {
    for (const [overlay, objects] of RENDERED) {
      const { stdout } = await run('kubectl', ['kustomize', join(KUBERNETES, overlay)], { maxBuffer: 1 << 24 })
      const theirs = parseAllDocuments(stdout).map((doc) => doc.toJS() as Manifest)
      assert.deepEqual(byKey(objects), byKey(theirs), overlay)
    }
  },
)

test('every rendered object is valid against the Kubernetes API schemas (kubernetes-models)', () => {
  assert.ok(ALL.length >= 12, `${ALL.length} objects`)
  for (const object of ALL) {
    const Model = MODELS[`${object['apiVersion']}/${object['kind']}`]
    assert.ok(Model, `a model for ${object['apiVersion']} ${object['kind']}`)
    assert.doesNotThrow(() => new Model(object).validate(), keyOf(object))
  }
  // The validator does refuse what the API refuses: a misspelt enum, a string for a boolean.
  const job = structuredClone(find('generate', 'Job', 'ibanmint-generate'))
  job['spec'].completionMode = 'Indexd'
  assert.throws(() => new Job(job).validate(), /completionMode/)
  const deployment = structuredClone(find('service', 'Deployment', 'ibanmint'))
  deployment['spec'].template.spec.securityContext.runAsNonRoot = 'yes'
  assert.throws(() => new Deployment(deployment).validate(), /runAsNonRoot/)
})

test('every pod is hardened as compose hardens its containers, and its image is the project image of this release', () => {
  const workloads = ALL.filter((object) => podSpecOf(object) !== undefined)
  assert.equal(workloads.length, 5)
  for (const workload of workloads) {
    const pod = podSpecOf(workload) as Manifest
    const name = keyOf(workload)
    assert.equal(pod['automountServiceAccountToken'], false, name)
    assert.equal(pod['securityContext']?.runAsNonRoot, true, name)
    assert.notEqual(pod['securityContext']?.runAsUser, 0, name)
    assert.equal(pod['securityContext']?.seccompProfile?.type, 'RuntimeDefault', name)
    for (const c of containersOf(workload)) {
      const where = `${name} ${c['name']}`
      assert.equal(c['securityContext']?.allowPrivilegeEscalation, false, where)
      assert.equal(c['securityContext']?.readOnlyRootFilesystem, true, where)
      assert.deepEqual(c['securityContext']?.capabilities, { drop: ['ALL'] }, where)
      assert.ok(c['resources']?.limits?.cpu !== undefined && c['resources']?.limits?.memory !== undefined, where)
      assert.match(c['image'] as string, /^(ibanmint|[\w./-]+):\d+\.\d+\.\d+(-[\w.-]+)?$/, `${where}: an exact release`)
      if (/^ibanmint[:@]/.test(c['image'] as string)) assert.equal(c['image'], `ibanmint:${VERSION}`, where)
    }
    // What the read-only root file system keeps from being written goes to /tmp, a memory volume.
    for (const c of pod['containers'] as Manifest[]) {
      const tmp = (c['volumeMounts'] as Manifest[]).find((mount) => mount['mountPath'] === '/tmp')
      const volume = (pod['volumes'] as Manifest[]).find((v) => v['name'] === tmp?.['name'])
      assert.equal(volume?.['emptyDir']?.medium, 'Memory', `${name} ${c['name']}: /tmp`)
    }
  }
})

test('the service: sized as compose sizes it, probes on /healthz and /readyz, REDIS_URL from the Secret, a disruption budget', () => {
  const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8')) as Manifest
  const deployment = find('service', 'Deployment', 'ibanmint')
  const ibanmint = container(deployment, 'ibanmint')
  const limits = compose['services'].ibanmint.deploy.resources.limits as Manifest
  assert.equal(quantity(ibanmint['resources'].limits.cpu), Number(limits['cpus']))
  assert.equal(quantity(ibanmint['resources'].limits.memory), composeBytes(limits['memory']))
  assert.equal(deployment['spec'].replicas, compose['services'].ibanmint.deploy.replicas)
  // The probes ask routes the server has, on the port the image listens on.
  const served = probeRoutes(async () => {}).map((route) => route.path)
  const port = (ibanmint['ports'] as Manifest[]).find((p) => p['name'] === ibanmint['livenessProbe'].httpGet.port)
  assert.equal(port?.['containerPort'], Number(/PORT=(\d+)/.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'))?.[1]))
  assert.equal(ibanmint['livenessProbe'].httpGet.path, '/healthz')
  assert.equal(ibanmint['readinessProbe'].httpGet.path, '/readyz')
  for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'])
    assert.ok(served.includes(ibanmint[probe].httpGet.path), probe)
  const env = new Map((ibanmint['env'] as Manifest[]).map((e) => [e['name'], e]))
  assert.deepEqual(env.get('REDIS_URL')?.['valueFrom'], { secretKeyRef: { name: 'ibanmint-redis', key: 'url' } })
  assert.equal(env.get('TRUST_PROXY')?.['value'], '1')
  // Shutdown: the grace period covers the preStop pause and SHUTDOWN_TIMEOUT_MS (10 s by default).
  const pause = Number(ibanmint['lifecycle'].preStop.exec.command[1])
  assert.ok(deployment['spec'].template.spec.terminationGracePeriodSeconds >= pause + 10)
  // The Service and the budget select exactly the replicas' pods.
  const labels = deployment['spec'].template.metadata.labels as Record<string, string>
  const service = find('service', 'Service', 'ibanmint')
  for (const [key, value] of Object.entries(service['spec'].selector as Record<string, string>))
    assert.equal(labels[key], value)
  assert.ok((ibanmint['ports'] as Manifest[]).some((p) => p['name'] === service['spec'].ports[0].targetPort))
  const budget = find('service', 'PodDisruptionBudget', 'ibanmint')
  assert.deepEqual(budget['spec'].selector, deployment['spec'].selector)
  assert.ok(budget['spec'].minAvailable >= 1 && budget['spec'].minAvailable < deployment['spec'].replicas)
  assert.equal(deployment['spec'].strategy.rollingUpdate.maxUnavailable, 0)
})

test("Redis keeps the keys in an append-only file on a claim, as compose runs it, behind the Secret's password", () => {
  const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8')) as Manifest
  const statefulSet = find('service', 'StatefulSet', 'ibanmint-redis')
  const redis = container(statefulSet, 'redis')
  assert.equal(redis['image'], compose['services'].redis.image)
  const argv = [...(redis['command'] as string[]), ...(redis['args'] as string[])]
  const composed = compose['services'].redis.command as string[]
  for (const flag of ['--appendonly', '--appendfsync', '--save', '--dir']) {
    assert.equal(argv[argv.indexOf(flag) + 1], composed[composed.indexOf(flag) + 1], flag)
  }
  assert.equal(argv[argv.indexOf('--requirepass') + 1], '$(REDIS_PASSWORD)')
  const env = new Map((redis['env'] as Manifest[]).map((e) => [e['name'], e['valueFrom']]))
  for (const name of ['REDIS_PASSWORD', 'REDISCLI_AUTH'])
    assert.deepEqual(env.get(name), { secretKeyRef: { name: 'ibanmint-redis', key: 'password' } })
  // --dir is the mount of a claim of the StatefulSet: it outlives the pod.
  const data = (redis['volumeMounts'] as Manifest[]).find((m) => m['mountPath'] === argv[argv.indexOf('--dir') + 1])
  assert.ok(
    (statefulSet['spec'].volumeClaimTemplates as Manifest[]).some((claim) => claim['metadata'].name === data?.['name']),
  )
  const limits = compose['services'].redis.deploy.resources.limits as Manifest
  assert.equal(quantity(redis['resources'].limits.cpu), Number(limits['cpus']))
  assert.equal(quantity(redis['resources'].limits.memory), composeBytes(limits['memory']))
  // The REDIS_URL the docs create points at this Service.
  const service = find('service', 'Service', 'ibanmint-redis')
  assert.equal(service['spec'].ports[0].port, 6379)
  assert.match(readFileSync(join(KUBERNETES, 'service', 'kustomization.yaml'), 'utf8'), /@ibanmint-redis:6379"/)
})

/** The generate container's args as a map of option → value (the two positionals under '_'). */
function optionsOf(args: readonly string[]): Map<string, string> {
  const options = new Map<string, string>([['_', args.slice(0, 2).join(' ')]])
  for (let i = 2; i < args.length; i += 2) options.set(args[i] as string, args[i + 1] as string)
  return options
}

test('the Indexed Job: one pod per part, the part count in IBANMINT_SLICE_COUNT, each part and manifest on the claim; the check reads them all', () => {
  for (const [overlay, name, where] of [
    ['generate', 'ibanmint-generate', '/out/part-$(JOB_COMPLETION_INDEX)'],
    ['generate-object-storage', 'ibanmint-generate-object-storage', '/stream/part'],
  ] as const) {
    const job = find(overlay, 'Job', name)
    assert.equal(job['spec'].completionMode, 'Indexed')
    assert.equal(job['spec'].template.spec.restartPolicy, 'Never')
    const generate = container(job, 'generate')
    const count = (generate['env'] as Manifest[]).find((e) => e['name'] === 'IBANMINT_SLICE_COUNT')
    assert.equal(Number(count?.['value']), job['spec'].completions, 'IBANMINT_SLICE_COUNT is the number of parts')
    const options = optionsOf(generate['args'] as string[])
    assert.equal(options.get('_')?.split(' ')[0], 'generate')
    assert.equal(options.get('--slice'), 'auto')
    assert.equal(options.get('-f'), 'csv')
    assert.ok(options.has('--seed') && options.has('-n'), 'a seeded dataset of a given count')
    assert.equal(options.get('--manifest'), `${where}.json`)
    assert.equal(options.get('-o'), `${where}.csv`)
  }
  const job = find('generate', 'Job', 'ibanmint-generate')
  const claimOf = (workload: Manifest, path: string) => {
    const pod = podSpecOf(workload) as Manifest
    const mount = (pod['containers'] as Manifest[])
      .flatMap((c) => c['volumeMounts'] as Manifest[])
      .find((m) => m['mountPath'] === path)
    return (pod['volumes'] as Manifest[]).find((v) => v['name'] === mount?.['name'])?.['persistentVolumeClaim']
      ?.claimName
  }
  assert.equal(claimOf(job, '/out'), 'ibanmint-parts')
  assert.deepEqual(find('generate', 'PersistentVolumeClaim', 'ibanmint-parts')['spec'].accessModes, ['ReadWriteMany'])
  const check = find('check', 'Job', 'ibanmint-generate-check')
  assert.equal(claimOf(check, '/out'), 'ibanmint-parts')
  assert.match(container(check, 'check')['command'].join(' '), /node bin\/ibanmint\.js slices check \/out\/\*\.json$/)
})

/** Kubernetes' $(VAR) expansion of a command or argument from the container's environment. */
function expand(text: string, env: Record<string, string>): string {
  return text.replace(/\$\$|\$\((\w+)\)/g, (match, name: string | undefined) =>
    name === undefined ? '$' : (env[name] ?? match),
  )
}

test("the Indexed Job's pods, run as Kubernetes runs them (index 0 … n−1, the job's env), write parts that the check accepts and that join into the unsliced dataset", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-k8s-'))
  try {
    const job = find('generate', 'Job', 'ibanmint-generate')
    const generate = container(job, 'generate')
    const parts = job['spec'].completions as number
    // The job's dataset at a size for a test: an odd count past one pool batch, uneven parts.
    const args = (generate['args'] as string[]).map((arg, i, all) => (all[i - 1] === '-n' ? '25003' : arg))
    const jobEnv = Object.fromEntries((generate['env'] as Manifest[]).map((e) => [e['name'], e['value']]))
    for (let index = 0; index < parts; index++) {
      const env = { ...jobEnv, JOB_COMPLETION_INDEX: String(index) }
      const argv = [...(generate['command'] as string[]), ...args].map((arg) =>
        expand(arg, env).replace(/^\/out\//, `${dir}/`),
      )
      assert.deepEqual(argv.slice(0, 2), ['node', 'bin/ibanmint.js'])
      await run(process.execPath, [BIN, ...argv.slice(2)], { cwd: ROOT, env: { ...process.env, ...env } })
    }
    const files = readdirSync(dir).sort()
    assert.equal(files.filter((file) => file.endsWith('.csv')).length, parts)
    assert.equal(files.filter((file) => file.endsWith('.json')).length, parts)
    const check = container(find('check', 'Job', 'ibanmint-generate-check'), 'check')
    const script = (check['command'] as string[]).map((part) => part.replaceAll('/out/', `${dir}/`))
    const checkEnv = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env['PATH'] ?? ''}` }
    await run(script[0] as string, script.slice(1), { cwd: ROOT, env: checkEnv })
    // The parts, joined (each part's csv header once), are the unsliced dataset.
    const options = optionsOf(args)
    const whole = (
      await run(
        process.execPath,
        [
          BIN,
          ...(options.get('_') as string).split(' '),
          '-n',
          '25003',
          '--seed',
          options.get('--seed') as string,
          '-f',
          'csv',
        ],
        { maxBuffer: 1 << 26 },
      )
    ).stdout
    const header = whole.slice(0, whole.indexOf('\n') + 1)
    const joined = Array.from({ length: parts }, (_, k) => {
      const text = readFileSync(join(dir, `part-${k}.csv`), 'utf8')
      return k > 0 && text.startsWith(header) ? text.slice(header.length) : text
    }).join('')
    assert.equal(joined, whole)
    // The check can fail: a part missing is refused.
    unlinkSync(join(dir, `part-${parts - 1}.csv`))
    await assert.rejects(run(script[0] as string, script.slice(1), { cwd: ROOT, env: checkEnv }))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the overlays are the ones the docs name, each a folder with its kustomization', () => {
  const folders = readdirSync(KUBERNETES).filter((name) => existsSync(join(KUBERNETES, name, 'kustomization.yaml')))
  assert.deepEqual(folders.sort(), ['base', ...OVERLAYS].sort())
  const docs = readFileSync(join(ROOT, 'docs', 'deployment.md'), 'utf8')
  for (const overlay of OVERLAYS) assert.ok(docs.includes(`deploy/kubernetes/${overlay}`), overlay)
})
