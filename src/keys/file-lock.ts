// A lock shared by every process that writes one file: a lock file beside it, created
// exclusively (O_EXCL), that names its holder (process id, host, a random token). Whoever
// creates it holds the lock; the others retry every few milliseconds. A holder that was killed
// (kill -9 leaves its lock behind) is recognised by its process id being gone on this host, or
// by the lock's age, and its lock is removed, by one process at a time (under a second lock),
// so that no two processes ever remove and take it at once. Anything else at the lock's path
// (a symbolic link, dangling or looping, a folder) is not a lock: an error naming it, at once.
import { randomUUID } from 'node:crypto'
import { constants } from 'node:fs'
import { lstat, open, readlink, stat, unlink } from 'node:fs/promises'
import { hostname } from 'node:os'

/** Who holds a lock, as its file says. */
export interface LockOwner {
  pid: number
  host: string
  token: string
  /** When it was taken (ISO 8601). */
  at: string
}

/** How long a writer waits for a lock held by a live process before giving up. */
export const LOCK_WAIT_MS = 10_000
/** A lock older than this is stale whoever holds it: a change holds it for a few milliseconds. */
const STALE_MS = 30_000
/** A lock still empty after this long lost its holder between creating and writing it. */
const EMPTY_STALE_MS = 2_000
/** A breaker's lock older than this was left by a breaker that died: breaking takes a millisecond. */
const BREAKER_STALE_MS = 5_000
/** A lock held longer than this has its holder looked at (a change takes a few milliseconds). */
const SUSPECT_MS = 50
/**
 * Waits between tries grow from 1 ms to 50 ms (up to half less, at random): fifty waiting
 * processes that each tried every 2 to 20 ms kept the holder from the CPU: a round of 50
 * changes at once took 1.5 to 2.5 s on two cores, 0.6 s with these waits (10 writers: 60 ms).
 */
const RETRY_FIRST_MS = 1
const RETRY_MAX_MS = 50

const HOST = hostname()

/** The lock could not be had within LOCK_WAIT_MS: a live process holds it. */
export class LockTimeoutError extends Error {}

/** Something that is not a lock file is where the lock goes: it is never waited for nor removed. */
export class LockPathError extends Error {}

// A lock is read without following a link (a link there is no lock of ours) and without waiting
// for a writer (a FIFO there would block the read for ever). Neither flag exists on Windows.
const READ_LOCK_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code

/** Whether a process of this host is alive (one of another user's counts: EPERM). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return codeOf(error) === 'EPERM'
  }
}

interface LockState {
  owner: LockOwner | undefined
  /** Which lock file this is: its inode and modification time (an inode number is soon reused). */
  id: string
  mtimeMs: number
}

const idOf = (info: { ino: number; mtimeMs: number }) => `${info.ino}:${info.mtimeMs}`

/** What kind of thing a non-file is, for the errors that name it: "a folder". */
export function kindOf(info: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean }): string {
  if (info.isDirectory()) return 'a folder'
  if (info.isFIFO()) return 'a FIFO (named pipe)'
  if (info.isSocket()) return 'a socket'
  return 'a device'
}

/** The error for a lock path that holds a symbolic link or another non-file. */
async function notALock(lock: string, what: 'lock' | "lock's breaker"): Promise<LockPathError> {
  const info = await lstat(lock).catch(() => undefined)
  let kind = 'not a file'
  if (info?.isSymbolicLink() === true) {
    const target = await readlink(lock).catch(() => '?')
    const reached = await stat(lock).then(
      () => '',
      (error: unknown) => (codeOf(error) === 'ELOOP' ? ', a loop' : ', which does not exist'),
    )
    kind = `a symbolic link (to ${target}${reached})`
  } else if (info !== undefined) kind = kindOf(info)
  return new LockPathError(`the ${what} file ${lock} is ${kind}, not a lock ibanmint made: remove it, then retry`)
}

/** The lock file's identity when it is a plain file; undefined when there is none; else LockPathError. */
async function lockId(lock: string): Promise<string | undefined> {
  let info
  try {
    info = await lstat(lock)
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined
    throw error
  }
  if (!info.isFile()) throw await notALock(lock, 'lock')
  return idOf(info)
}

/** The lock file's holder and identity; undefined when there is no lock. */
async function readLock(lock: string): Promise<LockState | undefined> {
  let handle
  try {
    handle = await open(lock, READ_LOCK_FLAGS)
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined
    if (codeOf(error) === 'ELOOP') throw await notALock(lock, 'lock')
    throw error
  }
  try {
    const info = await handle.stat()
    if (!info.isFile()) throw await notALock(lock, 'lock')
    const text = await handle.readFile('utf8')
    let owner: LockOwner | undefined
    try {
      const parsed = JSON.parse(text) as Partial<LockOwner>
      if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') owner = parsed as LockOwner
    } catch {
      owner = undefined
    }
    return { owner, id: idOf(info), mtimeMs: info.mtimeMs }
  } finally {
    await handle.close()
  }
}

function isStale(state: LockState, now = Date.now()): boolean {
  const age = now - state.mtimeMs
  if (state.owner === undefined) return age > EMPTY_STALE_MS
  if (state.owner.host === HOST && !isAlive(state.owner.pid)) return true
  return age > STALE_MS
}

/** Creates `path` exclusively, holding `text`; false when it exists. */
async function createExclusive(path: string, text: string): Promise<boolean> {
  let handle
  try {
    handle = await open(path, 'wx', 0o600)
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false
    throw error
  }
  try {
    await handle.writeFile(text)
  } finally {
    await handle.close()
  }
  return true
}

/**
 * Removes the lock if it is stale, under the breaker's lock: between the check made there and
 * the removal, only a breaker removes a lock it does not hold, and there is one breaker at a
 * time. Returns the owner removed, or undefined.
 */
async function breakStale(lock: string, seen: LockState): Promise<LockOwner | undefined> {
  const breaker = `${lock}.break`
  if (!(await createExclusive(breaker, String(process.pid)))) {
    const info = await lstat(breaker).catch(() => undefined)
    if (info !== undefined && !info.isFile()) throw await notALock(breaker, "lock's breaker")
    if (info !== undefined && Date.now() - info.mtimeMs > BREAKER_STALE_MS) await unlink(breaker).catch(() => {})
    return undefined
  }
  try {
    const now = await readLock(lock)
    if (now === undefined || now.id !== seen.id || !isStale(now)) return undefined
    await unlink(lock)
    return now.owner
  } finally {
    await unlink(breaker).catch(() => {})
  }
}

export interface FileLockOptions {
  /** How long to wait for a lock held by a live process (default LOCK_WAIT_MS). */
  waitMs?: number
  /** Runs after a stale lock was removed (its holder's leftovers can be cleaned up). */
  onBroken?: (owner: LockOwner | undefined) => Promise<void> | void
}

/** Takes the lock of `path` (the file `path.lock`), waiting for its holder; returns its release. */
export async function acquireLock(path: string, options: FileLockOptions = {}): Promise<() => Promise<void>> {
  const lock = `${path}.lock`
  const owner: LockOwner = { pid: process.pid, host: HOST, token: randomUUID(), at: '' }
  const deadline = Date.now() + (options.waitMs ?? LOCK_WAIT_MS)
  // The lock seen held, and since when: its holder is looked at only once it has held it longer
  // than a change takes, so that waiting costs one stat per try.
  let seen = ''
  let seenSince = 0
  let pause = RETRY_FIRST_MS
  for (;;) {
    owner.at = new Date().toISOString()
    if (await createExclusive(lock, JSON.stringify(owner))) break
    // lstat, not stat: a dangling or looping link there would read as "released meanwhile" for ever.
    const id = await lockId(lock)
    if (id === undefined) continue // released meanwhile
    const now = Date.now()
    if (id !== seen) {
      seen = id
      seenSince = now
    } else if (now - seenSince >= SUSPECT_MS) {
      const state = await readLock(lock)
      if (state === undefined) continue
      if (isStale(state)) {
        const broken = await breakStale(lock, state)
        if (broken !== undefined) await options.onBroken?.(broken)
        continue
      }
      if (now > deadline) {
        const holder =
          state.owner === undefined ? 'another process' : `process ${state.owner.pid} on ${state.owner.host}`
        throw new LockTimeoutError(
          `${path} is being changed by ${holder} (lock ${lock}, taken ${state.owner?.at ?? 'just now'}); retry, or remove the lock file if that process is gone`,
        )
      }
    }
    await sleep(pause * (0.5 + Math.random() / 2))
    pause = Math.min(RETRY_MAX_MS, pause * 2)
  }
  return async () => {
    // Only our own lock is removed (one broken as stale meanwhile may be another's now).
    const state = await readLock(lock).catch(() => undefined)
    if (state?.owner?.token === owner.token) await unlink(lock).catch(() => {})
  }
}

/** Runs `change` while holding the lock of `path`. */
export async function withFileLock<T>(path: string, change: () => Promise<T>, options?: FileLockOptions): Promise<T> {
  const release = await acquireLock(path, options)
  try {
    return await change()
  } finally {
    await release()
  }
}
