// `ibanmint serve`: runs the HTTP service until SIGTERM or SIGINT, in one process or, with
// --workers N (WORKERS), in N processes on one port (see cluster.ts). --host and --port win
// over HOST and PORT.
import cluster from 'node:cluster'
import { isIP } from 'node:net'
import { isDigits } from '../core/digits.ts'
import { describeKeyStore } from '../keys/location.ts'
import { startService } from '../main.ts'
import { runPrimary, type ListeningMessage } from './cluster.ts'
import { parseCommand, readCliConfig, UsageError, type CommandSpec } from './usage.ts'

const HELP = `Usage: ibanmint serve [--host ADDRESS] [--port N] [--workers N|auto]

Runs the service on HOST:PORT: the web page (/), the JSON API (/api/v1), the
keyless export (/export) and the MCP server (/mcp). Without REDIS_URL, keys
live in KEYS_FILE (default: ibanmint/keys.json in the user's data directory,
as "ibanmint keys --help" says) and rate limits in memory; the first line
says which store it reads. Access logs are JSON lines on stdout. SIGTERM or
SIGINT: stop accepting, finish in-flight responses (up to
SHUTDOWN_TIMEOUT_MS), exit 0; a second signal exits at once.

Options:
      --host ADDRESS   address to listen on: 0.0.0.0 (or ::) for every
                       interface (default: HOST, else 127.0.0.1)
      --port N         port to listen on, 0 for any free port (default: PORT,
                       else 8080)
      --workers N      N HTTP processes on one port (auto: one per core), each
                       with cores / N generation threads; limits hold across
                       them, and a process that dies is replaced (default:
                       WORKERS, else 1)
  -h, --help           show this help

Environment (default in brackets):
  HOST                 address to listen on, 0.0.0.0 for all [127.0.0.1]
  PORT                 port to listen on, 0 for any free port [8080]
  PUBLIC_URL           base of the links the service gives [http://HOST:PORT]
  KEYS_FILE            the key file without Redis [<data>/ibanmint/keys.json]
  REDIS_URL            keys and limits in Redis, redis://host:6379 [unset]
  RATE_LIMIT           requests per minute of a key without its own limit [60]
  STREAMS_PER_KEY      downloads and validation streams open at once per key [8]
  EXPORT_RATE_LIMIT    keyless /export downloads per minute per client IP [30]
  MCP_RATE_LIMIT       keyless /mcp requests per minute per client IP [120]
  MCP_ALLOWED_ORIGINS  browser origins that may call /mcp, or * [PUBLIC_URL's]
  AUTH_FAILURE_LIMIT   failed authentications per minute per client IP [30]
  TRUST_PROXY          proxies believed in X-Forwarded-For: a number, true [0]
  BULK_MAX_COUNT       the largest count of one bulk download [10000000]
  VALIDATE_MAX_ROWS    the most lines of one streamed validation [10000000]
  REQUEST_TIMEOUT_MS   time the server waits for a request's body [30000]
  SHUTDOWN_TIMEOUT_MS  time to finish in-flight responses when stopped [10000]
  LOG_LEVEL            fatal, error, warn, info, debug or trace [info]
  WORKERS              HTTP processes, as --workers [1]
  WORKERS_LISTEN       how they share the port: auto, reuseport, shared [auto]
  POOL_THREADS         generation threads per process [one per core]
  POOL_MAX_QUEUE       batches waiting for a thread before a 503 [256]
  POOL_INLINE_MAX      JSON generate counts served without the pool [100]
  STREAM_MEMORY_MB     MB streams may hold at once per process; then a 503 [128]

Exit codes: 0 stopped by a signal; 1 could not start (the port is taken), or a
second signal cut the stop short; 2 bad usage or a bad environment variable
(one line on stderr).

Examples:
  # prints "ibanmint listening on http://127.0.0.1:8080 ..." on stderr:
  $ ibanmint serve
  # every interface, port 8081:
  $ ibanmint serve --host 0.0.0.0 --port 8081
  # one process per core on port 9000, keys and limits in Redis:
  $ PORT=9000 REDIS_URL=redis://127.0.0.1:6379 ibanmint serve --workers auto
`

const SPEC: CommandSpec = {
  name: 'serve',
  usage: 'serve [--host ADDRESS] [--port N] [--workers N|auto]',
  options: {
    host: { type: 'string', value: 'ADDRESS' },
    port: { type: 'string', value: 'N' },
    workers: { type: 'string', value: 'N|auto' },
  },
  arguments: { min: 0, max: 0, what: 'no arguments' },
}

// A host name as listen() takes it: labels of letters, digits and hyphens ("localhost").
const HOST_NAME = /^(?=.{1,253}$)[a-z\d]([a-z\d-]{0,61}[a-z\d])?(\.[a-z\d]([a-z\d-]{0,61}[a-z\d])?)*$/i

/** --host's value as listen() takes it; a usage error saying what was wrong with it. */
function hostOption(text: string): string {
  const host = text.trim()
  if (/^[a-z][\w+.-]*:\/\//i.test(host))
    throw new UsageError(`--host takes an address, not a URL (got "${host}"); the address users reach is PUBLIC_URL`)
  // [::1] as in a URL: the address inside the brackets.
  const bare = /^\[(.*)\]$/.exec(host)?.[1] ?? host
  if (isIP(bare) !== 0 || HOST_NAME.test(bare)) return bare
  const port = /^([^:]*):(\d+)$/.exec(host)
  if (port !== null)
    throw new UsageError(`--host takes no port (got "${host}"): --host ${port[1] || '127.0.0.1'} --port ${port[2]}`)
  throw new UsageError(
    `--host must be an IP address or a host name, such as 127.0.0.1, 0.0.0.0 (every interface), ::1 or localhost; got "${host}"`,
  )
}

/** --port's value; a usage error naming the range. */
function portOption(text: string): string {
  if (!/^\d{1,5}$/.test(text.trim()) || Number(text) > 65535)
    throw new UsageError(`--port must be an integer between 0 and 65535 (0: any free port), got "${text}"`)
  return String(Number(text))
}

export async function runServe(args: string[]): Promise<number> {
  const { values } = parseCommand(args, SPEC)
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  // Options win over the environment; they are passed on as the variables they stand for, so
  // that the processes of a clustered server (which read the environment) see them too. Checked
  // here so that a message names the option typed, not the variable it sets.
  if (values.host !== undefined) process.env['HOST'] = hostOption(values.host as string)
  if (values.port !== undefined) process.env['PORT'] = portOption(values.port as string)
  if (values.workers !== undefined) {
    // Checked here so that the message names the option typed, not the variable it sets.
    const workers = values.workers as string
    if (workers !== 'auto' && (!isDigits(workers) || Number(workers) < 1 || Number(workers) > 64))
      throw new UsageError('--workers must be auto or an integer between 1 and 64')
    process.env['WORKERS'] = workers
  }
  const config = readCliConfig()
  // The former default key file in use: said once, before the server's first line.
  if (cluster.isPrimary && config.redisUrl === undefined && config.keysFileNotice !== undefined)
    process.stderr.write(`${config.keysFileNotice}\n`)
  if (cluster.isPrimary && config.workers > 1) return runPrimary(config, config.workers)
  const service = await startService(config).catch((error: unknown) => {
    if (!cluster.isWorker) throw error
    // A process of a clustered server that cannot start (the port is taken, say) exits, so that
    // the primary sees it: its channel to the primary would keep it alive, doing nothing.
    process.stderr.write(`ibanmint: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
  if (cluster.isWorker) {
    // One process of a clustered server: the primary prints the banner and coordinates signals.
    process.send?.({
      type: 'ibanmint:listening',
      url: service.url,
      publicUrl: service.publicUrl,
    } satisfies ListeningMessage)
    process.on('SIGINT', () => {}) // a terminal's Ctrl-C reaches the primary, which sends SIGTERM
    await new Promise<void>((resolve) => {
      let stopping = false
      process.on('SIGTERM', () => {
        if (stopping) process.exit(1)
        stopping = true
        void service.close().then(resolve)
      })
    })
    cluster.worker?.disconnect()
    return 0
  }
  const store = describeKeyStore(config)
  process.stderr.write(
    `ibanmint listening on ${service.url} (one process; public URL ${service.publicUrl}; keys and limits: ${store})\n` +
      `  web page:      ${service.publicUrl}/\n` +
      `  create a key:  ibanmint keys create --name my-app${config.redisUrl === undefined ? '' : '   (with the same REDIS_URL)'}\n` +
      `  try it:        curl -H "X-API-Key: <key>" ${service.publicUrl}/api/v1/countries\n`,
  )
  await new Promise<void>((resolve) => {
    let stopping = false
    const stop = (signal: string) => {
      if (stopping) {
        // A second signal: the operator does not want to wait for in-flight responses.
        process.stderr.write(`ibanmint: second ${signal}, exiting now\n`)
        process.exit(1)
      }
      stopping = true
      const closed = service.close() // stops listening before it returns
      process.stderr.write(`ibanmint: ${signal}, no longer accepting; finishing in-flight requests\n`)
      void closed.then(resolve)
    }
    process.on('SIGTERM', () => stop('SIGTERM'))
    process.on('SIGINT', () => stop('SIGINT'))
  })
  return 0
}
