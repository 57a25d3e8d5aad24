// How many cores this process may use: the CPUs it may run on (os.availableParallelism) and, in a
// container or a systemd unit with a CPU limit, the cgroup's CPU quota (cgroup v2 `cpu.max`, v1
// `cpu.cfs_quota_us` over `cpu.cfs_period_us`, the smallest along the cgroup's ancestors).
// A container limited to 2 CPUs on a 16-core host should start 2 generation threads, not 16:
// threads beyond the quota only queue for it. Node 22 and 24 (libuv 1.49 and later) count the
// quota in availableParallelism themselves; Node 20 (libuv 1.46) does not, and this reads it the
// same way on every line. Like libuv, a fractional quota is rounded down, to at least one.
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, posix } from 'node:path'

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

/** The quota of one cgroup directory in CPUs, or undefined when it sets none. */
type QuotaReader = (directory: string) => number | undefined

const readV2: QuotaReader = (directory) => {
  const [quota, period] = (read(join(directory, 'cpu.max')) ?? '').trim().split(/\s+/)
  const cpus = Number(quota) / Number(period ?? 100_000)
  return quota === 'max' || !(cpus > 0) ? undefined : cpus
}

const readV1: QuotaReader = (directory) => {
  const quota = Number(read(join(directory, 'cpu.cfs_quota_us')))
  const period = Number(read(join(directory, 'cpu.cfs_period_us')))
  return quota > 0 && period > 0 ? quota / period : undefined
}

/** The smallest quota of a cgroup and its ancestors up to the mount point. */
function smallestQuota(mountPoint: string, cgroup: string, readQuota: QuotaReader): number | undefined {
  let smallest: number | undefined
  let path = posix.normalize(`/${cgroup}`)
  for (;;) {
    const quota = readQuota(join(mountPoint, path))
    if (quota !== undefined) smallest = Math.min(smallest ?? Infinity, quota)
    if (path === '/') return smallest
    path = posix.dirname(path)
  }
}

/**
 * The CPU quota of this process's cgroup, in CPUs (fractional), or undefined when none is set.
 * `root` is where /proc and /sys are found (tests point it at a directory of their own).
 */
export function cgroupCpuQuota(root = '/'): number | undefined {
  const cgroups = read(join(root, 'proc/self/cgroup'))
  const mounts = read(join(root, 'proc/self/mountinfo'))
  if (cgroups === undefined || mounts === undefined) return undefined
  // /proc/self/cgroup: "hierarchy:controllers:path" per line; v2's unified line is "0::path".
  const lines = cgroups.split('\n').map((line) => line.split(':'))
  const v2 = lines.find(([hierarchy, controllers]) => hierarchy === '0' && controllers === '')?.[2]
  const v1 = lines.find(([, controllers]) => controllers?.split(',').includes('cpu') === true)?.[2]
  // /proc/self/mountinfo: "id parent dev root mountpoint options ... - fstype source superoptions".
  // A hybrid host mounts both: each hierarchy that sets a quota counts.
  let smallest: number | undefined
  for (const line of mounts.split('\n')) {
    const fields = line.split(' ')
    const dash = fields.indexOf('-')
    const [mountRoot = '/', mountPoint = ''] = fields.slice(3, 5)
    const type = fields[dash + 1]
    // A cgroup namespace shows the process's own cgroup as the mount's root.
    const within = (path: string) => (path.startsWith(mountRoot) ? path.slice(mountRoot.length) : path)
    let quota: number | undefined
    if (type === 'cgroup2' && v2 !== undefined) quota = smallestQuota(join(root, mountPoint), within(v2), readV2)
    else if (type === 'cgroup' && v1 !== undefined && fields[dash + 3]?.split(',').includes('cpu') === true)
      quota = smallestQuota(join(root, mountPoint), within(v1), readV1)
    if (quota !== undefined) smallest = Math.min(smallest ?? Infinity, quota)
  }
  return smallest
}

/** Cores this process may use: its CPU affinity, capped by its cgroup's CPU quota (rounded down, at least 1). */
export function usableCores(root = '/', affinity = availableParallelism()): number {
  const quota = cgroupCpuQuota(root)
  return Math.max(1, quota === undefined ? affinity : Math.min(affinity, Math.floor(quota)))
}
