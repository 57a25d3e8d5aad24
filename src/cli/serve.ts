// `ibanmint serve`: runs the HTTP service until SIGTERM or SIGINT, in one process or, with
// --workers N (WORKERS), in N processes on one port (see cluster.ts).
import cluster from 'node:cluster'
import { startService } from '../main.ts'
import { runPrimary, type ListeningMessage } from './cluster.ts'
import { parseCommand, readCliConfig, UsageError } from './usage.ts'

const HELP = `Usage: ibanmint serve [--workers N|auto]

Runs the service on HOST:PORT (default 127.0.0.1:8080): the web page (/), the JSON API
(/api/v1), the keyless export (/export) and the MCP server (/mcp). Configuration comes from
the environment: HOST, PORT, PUBLIC_URL, KEYS_FILE, REDIS_URL, RATE_LIMIT, LOG_LEVEL,
SHUTDOWN_TIMEOUT_MS and more (see the README). Without REDIS_URL, keys live in KEYS_FILE and
rate limits in memory. Access logs are JSON lines on stdout. SIGTERM or SIGINT: stop accepting,
finish in-flight responses (up to SHUTDOWN_TIMEOUT_MS), exit 0; a second signal exits at once.

Options:
      --workers N      N HTTP processes on one port (default: WORKERS, else 1; auto: one per
                       core), each with POOL_THREADS = cores / N generation threads. Limits
                       hold across them (in the primary process without Redis). A process that
                       dies is replaced. WORKERS_LISTEN: how they share the port (auto,
                       reuseport or shared; see the README).
  -h, --help           show this help

Examples:
  $ ibanmint serve               # prints "ibanmint listening on http://127.0.0.1:8080 ..." on stderr
  $ PORT=9000 REDIS_URL=redis://127.0.0.1:6379 ibanmint serve --workers auto
                                 # one process per core on port 9000, keys and limits in Redis
`

export async function runServe(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, { workers: { type: 'string' } })
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  if (positionals.length > 0) throw new UsageError('serve takes no arguments')
  if (values.workers !== undefined) process.env['WORKERS'] = values.workers as string
  const config = readCliConfig()
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
  const store = config.redisUrl === undefined ? `key file ${config.keysFile}` : 'Redis'
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
