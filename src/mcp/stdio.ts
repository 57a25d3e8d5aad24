// The MCP server over stdio: one connection for the life of the process, newline-delimited
// JSON-RPC on stdin and stdout, as MCP clients (Claude Desktop, Claude Code, VS Code, Cursor)
// run a local server. The SDK's stdio entry picks the protocol era from the opening message (a
// 2025-era initialize or a 2026-07-28 request) and pins one McpServer from the same factory the
// HTTP endpoint uses, so both transports serve the same tools on the same pool.
import type { Readable, Writable } from 'node:stream'
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio'
import type { McpDeps } from './info.ts'
import { mcpServerFactory } from './server.ts'

export interface StdioConnection {
  /** Settles when the connection ends: the client closed stdin, stdout broke, or close() was called. */
  closed: Promise<void>
  close(): Promise<void>
}

/** Serves the tools on `stdin`/`stdout` (default: the process's own). */
export function serveMcpStdio(deps: McpDeps, streams: { stdin?: Readable; stdout?: Writable } = {}): StdioConnection {
  const transport = new StdioServerTransport(streams.stdin, streams.stdout)
  const handle = serveStdio(mcpServerFactory(deps), {
    transport,
    ...(deps.onProtocolError === undefined ? {} : { onerror: deps.onProtocolError }),
  })
  let ended!: () => void
  const closed = new Promise<void>((resolve) => (ended = resolve))
  // The entry has set the transport's onclose (it tears the pinned server down); ours runs after.
  const entryOnClose = transport.onclose
  transport.onclose = () => {
    entryOnClose?.()
    ended()
  }
  return {
    closed,
    close: async () => {
      await handle.close()
      ended()
    },
  }
}
