// `ibanmint mcp`: the MCP tools over stdio for a local AI assistant, no server or key needed.
// stdout carries the protocol and nothing else: whatever else would write there (a stray
// console.log, a worker thread's output) goes to stderr with the diagnostics.
import { Writable } from 'node:stream'
import { runningPoolLimits } from '../pool/inline.ts'
import { WorkPool } from '../pool/pool.ts'
import { MCP_PROTOCOL_VERSIONS, TOOL_NAMES } from '../mcp/info.ts'
import { MAX_LINE_BYTES } from '../mcp/stdio-lines.ts'
import { VERSION } from '../version.ts'
import { parseCommand, readCliConfig, type CommandSpec } from './usage.ts'

/** Words joined by ", " in lines of at most `width` characters, each line indented by `indent`. */
function wrapList(words: readonly string[], indent: string, width = 80): string {
  const lines: string[] = []
  let line = ''
  for (const [index, word] of words.entries()) {
    const item = index < words.length - 1 ? `${word},` : word
    if (line !== '' && indent.length + line.length + 1 + item.length > width) {
      lines.push(line)
      line = item
    } else line = line === '' ? item : `${line} ${item}`
  }
  return [...lines, line].map((text) => indent + text).join('\n')
}

const MAX_LINE_MIB = MAX_LINE_BYTES / (1024 * 1024)

const HELP = `Usage: ibanmint mcp

Serves the MCP tools on stdin and stdout, for an MCP client that starts it:
Claude Desktop, Claude Code, VS Code, Cursor (configuration for each:
docs/mcp.md). No server, no API key. When the client closes stdin, it answers
every request it has read, then stops; SIGTERM or SIGINT stop it at once.
stdout carries only the protocol; diagnostics go to stderr. A line that is not
JSON, or longer than ${MAX_LINE_MIB} MiB, gets a JSON-RPC error and the next line is read.
Tools:
${wrapList(TOOL_NAMES, '  ')}
MCP revisions:
${wrapList(MCP_PROTOCOL_VERSIONS, '  ')}

Options:
  -h, --help           show this help

Environment (default in brackets):
  POOL_THREADS         generation threads [1: one assistant, one call at a time]
  POOL_MAX_QUEUE       batches waiting for a thread before a tool error [256]
  POOL_INLINE_MAX      generate_iban counts answered without the pool [100]

Exit codes: 0 stopped (stdin closed, or a signal); 1 could not start; 2 bad
usage or a bad environment variable (one line on stderr).

Examples:
  # Claude Code: add it once, the client starts it when needed (the command
  # installed on the PATH; or node /path/to/ibanmint/bin/ibanmint.js mcp)
  $ claude mcp add ibanmint -- ibanmint mcp
  # the tools, asked by hand:
  $ echo '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' | ibanmint mcp |
      grep -o '"name":"[a-z_]*"'
${TOOL_NAMES.map((name) => `  "name":"${name}"`).join('\n')}
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

/** Pool settings from POOL_THREADS, POOL_MAX_QUEUE and POOL_INLINE_MAX only: the HTTP service's other variables do not apply. */
function poolOptions(env: NodeJS.ProcessEnv): { threads: number; maxQueue: number; inlineMax: number } {
  const config = readCliConfig({
    POOL_THREADS: env['POOL_THREADS'] ?? '1',
    POOL_MAX_QUEUE: env['POOL_MAX_QUEUE'],
    POOL_INLINE_MAX: env['POOL_INLINE_MAX'],
  })
  return { threads: config.poolThreads, maxQueue: config.poolMaxQueue, inlineMax: config.poolInlineMax }
}

/** One diagnostic on stderr: with its stack for a failure of ours, its message alone for the client's. */
function logError(message: string, error: unknown, stack = true): void {
  const text = error instanceof Error ? ((stack ? error.stack : undefined) ?? error.message) : String(error)
  process.stderr.write(`ibanmint mcp: ${message}: ${text}\n`)
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
  const { inlineMax, ...options } = poolOptions(process.env)
  const pool = new WorkPool(options)
  const { serveMcpStdio } = await import('../mcp/stdio.ts').catch(async (error: unknown) => {
    await pool.close() // its thread would keep the process alive
    throw error
  })
  const connection = serveMcpStdio(
    {
      pool,
      inline: runningPoolLimits(inlineMax),
      onInternalError: (error, tool) => logError(`${tool} failed`, error),
      onProtocolError: (error) => logError('protocol error', error, false),
    },
    { stdout: reserveStdout() },
  )
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void connection.close())
  process.stderr.write(
    `ibanmint ${VERSION}: MCP server on stdio (${pool.threads} generation thread${pool.threads === 1 ? '' : 's'}); stops when stdin closes, once it has answered every request read\n`,
  )
  await connection.closed
  await pool.close()
  return 0
}
