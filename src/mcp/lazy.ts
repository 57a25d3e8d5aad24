// The MCP endpoint with the SDK loaded on first use: the tool list (for the server card) is
// ready at once; the SDK (about 28 MB of resident memory) only when an MCP request arrives.
import type { McpDeps, McpEndpoint } from './info.ts'
import { toolDefinitions } from './tools.ts'

export function lazyMcpEndpoint(deps: McpDeps): McpEndpoint {
  let loading: Promise<McpEndpoint> | undefined
  const load = () => (loading ??= import('./server.ts').then(({ createMcpEndpoint }) => createMcpEndpoint(deps)))
  return {
    tools: toolDefinitions(deps),
    fetch: async (request, parsedBody) => (await load()).fetch(request, parsedBody),
    close: async () => {
      if (loading !== undefined) await (await loading).close()
    },
  }
}
