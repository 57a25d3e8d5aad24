// `ibanmint serve`: runs the HTTP service until SIGTERM or SIGINT.
import { startService } from '../main.ts'
import { parseCommand, readCliConfig, UsageError } from './usage.ts'

const HELP = `Usage: ibanmint serve

Runs the service on HOST:PORT (default 127.0.0.1:8080): the web page (/), the JSON API
(/api/v1), the keyless export (/export) and the MCP server (/mcp). Configuration comes from
the environment: HOST, PORT, PUBLIC_URL, KEYS_FILE, REDIS_URL, RATE_LIMIT, LOG_LEVEL,
SHUTDOWN_TIMEOUT_MS and more (see the README). Without REDIS_URL, keys live in KEYS_FILE and
rate limits in memory. Access logs are JSON lines on stdout. SIGTERM or SIGINT: stop accepting,
finish in-flight responses (up to SHUTDOWN_TIMEOUT_MS), exit 0; a second signal exits at once.
`

export async function runServe(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, {})
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  if (positionals.length > 0) throw new UsageError('serve takes no arguments')
  const config = readCliConfig()
  const service = await startService(config)
  const store = config.redisUrl === undefined ? `key file ${config.keysFile}` : 'Redis'
  process.stderr.write(
    `ibanmint listening on ${service.url} (public URL ${config.publicUrl}; keys and limits: ${store})\n` +
      `  web page:      ${config.publicUrl}/\n` +
      `  create a key:  ibanmint keys create --name my-app${config.redisUrl === undefined ? '' : '   (with the same REDIS_URL)'}\n` +
      `  try it:        curl -H "X-API-Key: <key>" ${config.publicUrl}/api/v1/countries\n`,
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
      process.stderr.write(`ibanmint: ${signal}, finishing in-flight requests\n`)
      void service.close().then(resolve)
    }
    process.on('SIGTERM', () => stop('SIGTERM'))
    process.on('SIGINT', () => stop('SIGINT'))
  })
  return 0
}
