// `ibanmint mcp`: the MCP tools over stdio for a local AI assistant, no server or key needed.
// stdout carries the protocol and nothing else: whatever else would write there (a stray
// console.log, a worker thread's output) goes to stderr with the diagnostics.
import { Writable } from 'node:stream'
import { GenerationPool } from '../pool/pool.ts'
import { MCP_PROTOCOL_VERSIONS } from '../mcp/info.ts'
import { VERSION } from '../version.ts'
import { parseCommand, readCliConfig, type CommandSpec } from './usage.ts'

const HELP = `Usage: ibanmint mcp

Serves the MCP tools (list_countries, generate_iban, validate_iban, build_iban,
lookup_bic) on stdin and stdout, for an MCP client that starts it: Claude
Desktop, Claude Code, VS Code, Cursor (configuration for each: docs/mcp.md).
No server, no API key. It stops when the client closes stdin, or on SIGTERM or
SIGINT. stdout carries only the protocol; diagnostics go to stderr.
MCP revisions:
  ${MCP_PROTOCOL_VERSIONS.join(', ')}.

Options:
  -h, --help           show this help

Environment (default in brackets):
  POOL_THREADS         generation threads [1: one assistant, one call at a time]
  POOL_MAX_QUEUE       batches waiting for a thread before a tool error [256]

Exit codes: 0 stopped (stdin closed, or a signal); 1 could not start; 2 bad
usage or a bad environment variable (one line on stderr).

Examples:
  # Claude Code: add it once, the client starts it when needed
  $ claude mcp add ibanmint -- npx -y ibanmint mcp
  # the tools, asked by hand:
  $ echo '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' | ibanmint mcp |
      grep -o '"name":"[a-z_]*"'
  "name":"list_countries"
  "name":"generate_iban"
  "name":"validate_iban"
  "name":"build_iban"
  "name":"lookup_bic"
`

/**
 * Reserves stdout for the protocol: the returned stream writes to it, and every other write to
 * process.stdout (console.log, piped worker output) goes to stderr instead.
 */
function reserveStdout(): Writable {
  const stdout = process.stdout
  const write = stdout.write.bind(stdout)
  stdout.write = process.stderr.write.bind(process.stderr)
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (write(chunk)) callback()
      else stdout.once('drain', () => callback())
    },
  })
}

/** Pool settings from POOL_THREADS and POOL_MAX_QUEUE only: the HTTP service's variables do not apply. */
function poolOptions(env: NodeJS.ProcessEnv): { threads: number; maxQueue: number } {
  const config = readCliConfig({ POOL_THREADS: env['POOL_THREADS'] ?? '1', POOL_MAX_QUEUE: env['POOL_MAX_QUEUE'] })
  return { threads: config.poolThreads, maxQueue: config.poolMaxQueue }
}

function logError(message: string, error: unknown): void {
  process.stderr.write(
    `ibanmint mcp: ${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
}

const SPEC: CommandSpec = {
  name: 'mcp',
  usage: 'mcp',
  options: {},
  arguments: { min: 0, max: 0, what: 'no arguments' },
}

export async function runMcp(args: string[]): Promise<number> {
  const { values } = parseCommand(args, SPEC)
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  // The pool's worker thread starts loading on another core while this one loads the SDK.
  const pool = new GenerationPool(poolOptions(process.env))
  const { serveMcpStdio } = await import('../mcp/stdio.ts').catch(async (error: unknown) => {
    await pool.close() // its thread would keep the process alive
    throw error
  })
  const connection = serveMcpStdio(
    {
      pool,
      onInternalError: (error, tool) => logError(`${tool} failed`, error),
      onProtocolError: (error) => logError('protocol error', error),
    },
    { stdout: reserveStdout() },
  )
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void connection.close())
  process.stderr.write(
    `ibanmint ${VERSION}: MCP server on stdio (${pool.threads} generation thread${pool.threads === 1 ? '' : 's'}); stops when stdin closes\n`,
  )
  await connection.closed
  await pool.close()
  return 0
}
