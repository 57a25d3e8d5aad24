// The CPU quota read from cgroup files laid out as Linux lays them out, in a directory of the
// test's own (v2, v1, hybrid, a cgroup namespace, nested limits), and on this machine itself.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, test } from 'node:test'
import { cgroupCpuQuota, usableCores } from '../src/cpu-quota.ts'

const roots = mkdtempSync(join(tmpdir(), 'ibanmint-cgroup-'))
after(() => rmSync(roots, { recursive: true, force: true }))

/** A root holding the given files (paths relative to it). */
function rootWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(roots, 'root-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

const V2_MOUNT = '30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw\n'
const V1_MOUNTS =
  '32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n' +
  '35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n'

const CASES: [string, Record<string, string>, number | undefined][] = [
  [
    'cgroup v2 in a container (cgroup namespace): cpu.max 150000 100000 → 1.5',
    { 'proc/self/cgroup': '0::/\n', 'proc/self/mountinfo': V2_MOUNT, 'sys/fs/cgroup/cpu.max': '150000 100000\n' },
    1.5,
  ],
  [
    'cgroup v2 without a limit: cpu.max max 100000 → none',
    { 'proc/self/cgroup': '0::/\n', 'proc/self/mountinfo': V2_MOUNT, 'sys/fs/cgroup/cpu.max': 'max 100000\n' },
    undefined,
  ],
  [
    'cgroup v2, a systemd unit: the smallest quota of the cgroup and its ancestors counts',
    {
      'proc/self/cgroup': '0::/system.slice/app.service\n',
      'proc/self/mountinfo': V2_MOUNT,
      'sys/fs/cgroup/system.slice/app.service/cpu.max': 'max 100000\n',
      'sys/fs/cgroup/system.slice/cpu.max': '300000 100000\n',
    },
    3,
  ],
  [
    'cgroup v1: cpu.cfs_quota_us 200000 over cpu.cfs_period_us 100000 → 2',
    {
      'proc/self/cgroup': '4:memory:/docker/abc\n3:cpu,cpuacct:/docker/abc\n0::/\n',
      'proc/self/mountinfo': V1_MOUNTS,
      'sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us': '200000\n',
      'sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us': '100000\n',
    },
    2,
  ],
  [
    'cgroup v1 without a limit: cpu.cfs_quota_us -1 → none',
    {
      'proc/self/cgroup': '3:cpu,cpuacct:/\n',
      'proc/self/mountinfo': V1_MOUNTS,
      'sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us': '-1\n',
      'sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us': '100000\n',
    },
    undefined,
  ],
  [
    'cgroup v1 mounted at the process’s own cgroup (its root is /docker/abc)',
    {
      'proc/self/cgroup': '3:cpu,cpuacct:/docker/abc\n',
      'proc/self/mountinfo': '32 31 0:29 /docker/abc /sys/fs/cgroup/cpu,cpuacct ro - cgroup cgroup rw,cpu,cpuacct\n',
      'sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us': '50000\n',
      'sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us': '100000\n',
    },
    0.5,
  ],
  [
    'a hybrid host: the v1 cpu hierarchy’s quota, the unified hierarchy setting none',
    {
      'proc/self/cgroup': '3:cpu,cpuacct:/\n0::/\n',
      'proc/self/mountinfo': V1_MOUNTS + '40 31 0:37 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n',
      'sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us': '400000\n',
      'sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us': '100000\n',
    },
    4,
  ],
  ['no /proc (not Linux): none', {}, undefined],
]

for (const [title, files, expected] of CASES) {
  test(`cgroupCpuQuota: ${title}`, () => {
    assert.equal(cgroupCpuQuota(rootWith(files)), expected)
  })
}

test('usableCores: the affinity capped by the quota, rounded down, at least one', () => {
  const quota = (cpus: string) =>
    rootWith({ 'proc/self/cgroup': '0::/\n', 'proc/self/mountinfo': V2_MOUNT, 'sys/fs/cgroup/cpu.max': cpus })
  assert.equal(usableCores(quota('200000 100000'), 16), 2)
  assert.equal(usableCores(quota('250000 100000'), 16), 2)
  assert.equal(usableCores(quota('50000 100000'), 16), 1)
  assert.equal(usableCores(quota('800000 100000'), 4), 4)
  assert.equal(usableCores(quota('max 100000'), 6), 6)
})

test('this machine: the quota its cgroup files set, and usable cores within its affinity', () => {
  const quota = cgroupCpuQuota()
  let v2: string | undefined
  try {
    v2 = readFileSync('/sys/fs/cgroup/cpu.max', 'utf8')
  } catch {
    v2 = undefined
  }
  if (v2?.startsWith('max') === true) assert.equal(quota, undefined)
  const cores = usableCores()
  assert.ok(cores >= 1 && cores <= availableParallelism(), `${cores} of ${availableParallelism()}`)
  if (quota !== undefined) assert.ok(cores <= Math.max(1, Math.floor(quota)))
})
