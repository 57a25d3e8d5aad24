// The MCP endpoint loaded on first use: the SDK (about 28 MB of resident memory) and the tools
// (their schemas and validators) only when an MCP request arrives.
import type { McpDeps, McpEndpoint } from './info.ts'

export function lazyMcpEndpoint(deps: McpDeps): McpEndpoint {
  let loading: Promise<McpEndpoint> | undefined
  const load = () => (loading ??= import('./server.ts').then(({ createMcpEndpoint }) => createMcpEndpoint(deps)))
  return {
    fetch: async (request, parsedBody) => (await load()).fetch(request, parsedBody),
    close: async () => {
      if (loading !== undefined) await (await loading).close()
    },
  }
}
