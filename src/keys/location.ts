// Where the API keys live, and how a store is named to the people who use it. Without KEYS_FILE
// the key file is in the user's data directory, the same from every folder, so that
// `ibanmint keys create` run anywhere reaches the store `ibanmint serve` reads; a key file at
// ./data/keys.json of the working directory (the former default) is still used, with a notice
// saying how to move it, so that no one's keys vanish. Names never carry a password.
import { lstatSync } from 'node:fs'
import { homedir } from 'node:os'
import { posix, win32 } from 'node:path'

/** The key file's path, and the notice to print when it is the former default. */
export interface KeysFileLocation {
  /** Absolute. */
  path: string
  /** One line for the operator (stderr), or undefined. */
  notice: string | undefined
}

/** Where the platform keeps a user's application data, or undefined without a home directory. */
export function dataDirectory(env: NodeJS.ProcessEnv, platform: string, home: string | undefined): string | undefined {
  if (platform === 'win32') {
    const local = env['LOCALAPPDATA']
    if (local !== undefined && win32.isAbsolute(local)) return local
    return home === undefined ? undefined : win32.join(home, 'AppData', 'Local')
  }
  if (platform === 'darwin') return home === undefined ? undefined : posix.join(home, 'Library', 'Application Support')
  // XDG Base Directory: a relative XDG_DATA_HOME is invalid and is to be ignored.
  const xdg = env['XDG_DATA_HOME']
  if (xdg !== undefined && posix.isAbsolute(xdg)) return xdg
  return home === undefined ? undefined : posix.join(home, '.local', 'share')
}

/** The user's home directory; undefined when there is none (no HOME and no account entry). */
function homeDirectory(): string | undefined {
  try {
    return homedir() || undefined
  } catch {
    return undefined
  }
}

/** Whether anything (a file, a link, even a dangling one) is at `path`. */
function occupied(path: string): boolean {
  try {
    lstatSync(path)
    return true
  } catch {
    return false
  }
}

interface LocationOptions {
  cwd?: string
  platform?: string
  home?: string | undefined
}

/** The key file: KEYS_FILE, else ./data/keys.json where it exists, else the data directory's. */
export function keysFileLocation(env: NodeJS.ProcessEnv, options: LocationOptions = {}): KeysFileLocation {
  const platform = options.platform ?? process.platform
  const path = platform === 'win32' ? win32 : posix
  const cwd = options.cwd ?? process.cwd()
  const given = env['KEYS_FILE']
  if (given !== undefined && given !== '') return { path: path.resolve(cwd, given), notice: undefined }
  const former = path.join(cwd, 'data', 'keys.json')
  const home = 'home' in options ? options.home : homeDirectory()
  const data = dataDirectory(env, platform, home)
  if (data === undefined)
    return {
      path: former,
      notice: `ibanmint: no home directory to keep the key file in; using ${former} (set KEYS_FILE to choose)`,
    }
  const standard = path.join(data, 'ibanmint', 'keys.json')
  if (standard === former || !occupied(former)) return { path: standard, notice: undefined }
  const advice = occupied(standard)
    ? `Both exist: set KEYS_FILE to the one to use.`
    : platform === 'win32'
      ? `To use one store from every folder, move it to ${standard} (or set KEYS_FILE to keep this one).`
      : `To use one store from every folder: mkdir -p '${path.dirname(standard)}' && mv '${former}' '${standard}' (or set KEYS_FILE to keep this one).`
  return {
    path: former,
    notice: `ibanmint: using the key file ${former} (./data/keys.json of this folder, the former default); other folders use ${standard}. ${advice}`,
  }
}

/** "Redis at cache.internal:6380, db 2 (TLS)": where a REDIS_URL points, without its credentials. */
export function describeRedis(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'Redis'
  }
  const db = /^\/(\d+)/.exec(parsed.pathname)?.[1] ?? parsed.searchParams.get('db') ?? '0'
  const tls = parsed.protocol === 'rediss:' ? ' (TLS)' : ''
  return `Redis at ${parsed.hostname || 'localhost'}:${parsed.port || '6379'}, db ${db}${tls}`
}

/** Where a configuration keeps the keys, as the commands name it: "key file /…", "Redis at …". */
export function describeKeyStore(config: { keysFile: string; redisUrl: string | undefined }): string {
  return config.redisUrl === undefined ? `key file ${config.keysFile}` : describeRedis(config.redisUrl)
}
