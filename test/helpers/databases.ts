// Real databases for the SQL output tests: the sqlite3 command-line shell, and a throwaway
// PostgreSQL cluster (initdb + postgres on a Unix socket in a temporary directory).
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './redis.ts'
import { waitFor } from './wait.ts'

/** Runs SQL in a fresh in-memory SQLite database, then `query`; returns the query's output lines. */
export function sqlite(sql: string, query: string): string[] {
  const output = execFileSync('sqlite3', ['-batch', ':memory:'], {
    input: `${sql}\n.mode list\n.separator ,\n${query}\n`,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  })
  return output.trim().split('\n')
}

function postgresBin(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
  if (versions.length === 0) throw new Error('PostgreSQL server binaries not found in /usr/lib/postgresql')
  return join('/usr/lib/postgresql', versions[0] as string, 'bin')
}

const asRoot = process.getuid?.() === 0

/** Runs a PostgreSQL binary, as the postgres user when we are root (initdb refuses root). */
function asPostgres(command: string, args: string[]) {
  return asRoot ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] } : { command, args }
}

export interface Postgres {
  /** Runs a SQL script (stops at the first error) and then `query`; returns the rows as `a,b` lines. */
  run(sql: string, query: string): string[]
  stop(): Promise<void>
}

export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBin()
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-pg-'))
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  const init = asPostgres(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ])
  const initResult = spawnSync(init.command, init.args, { encoding: 'utf8' })
  if (initResult.status !== 0) throw new Error(`initdb failed: ${initResult.stderr}`)
  const port = await freePort()
  const server = asPostgres(join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=',
    '-c',
    'fsync=off',
  ])
  const child = spawn(server.command, server.args, { stdio: 'ignore' })
  await waitFor(() => spawnSync(join(bin, 'pg_isready'), ['-h', dir, '-p', String(port)]).status === 0, {
    timeout: 20_000,
    interval: 100,
    message: 'PostgreSQL to start',
  })
  return {
    run(sql, query) {
      const file = join(dir, `script-${Date.now()}.sql`)
      writeFileSync(file, `${sql}\n${query}\n`)
      if (asRoot) chownSync(file, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), 0)
      const output = execFileSync(
        'psql',
        [
          '-h',
          dir,
          '-p',
          String(port),
          '-U',
          'postgres',
          '-v',
          'ON_ERROR_STOP=1',
          '-q',
          '-t',
          '-A',
          '-F',
          ',',
          '-f',
          file,
        ],
        {
          encoding: 'utf8',
          maxBuffer: 1 << 30,
        },
      )
      return output.trim().split('\n')
    },
    async stop() {
      // Signal the postmaster itself (its pid heads postmaster.pid): runuser, which started it
      // as the postgres user, does not forward signals. SIGINT is PostgreSQL's fast shutdown.
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
        process.kill(pid, 'SIGINT')
      })
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
