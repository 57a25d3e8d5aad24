// The MCP server on the official SDK (v2 server packages): one handler serves clients of both
// protocol eras statelessly — 2026-07-28 clients (server/discover, per-request envelope) and
// 2025-era clients (initialize handshake) — building a fresh McpServer per request, as the SDK
// requires for stateless serving. Our guards (origin, size, batches, rate limit) run before it.
// The same server factory serves `ibanmint mcp` over stdio (src/mcp/stdio.ts).
import {
  McpServer,
  WebStandardStreamableHTTPServerTransport,
  createMcpHandler,
  isLegacyRequest,
  fromJsonSchema,
  type CallToolResult,
  type McpHttpHandler,
  type JsonSchemaValidator,
  type StandardSchemaWithJSON,
  type ToolAnnotations,
  type jsonSchemaValidator,
} from '@modelcontextprotocol/server'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv'
import { MCP_INSTRUCTIONS, MCP_PROTOCOL_VERSIONS, MCP_SERVER_INFO } from './info.ts'
import type { McpDeps, McpEndpoint } from './info.ts'
import { listedSchema, toolDefinitions, toolError, type ToolDefinition } from './tools.ts'

/** Tool lists and discovery never change while a process runs: clients may cache them for an hour. */
const CACHE_HINT = { ttlMs: 3_600_000, cacheScope: 'public' } as const

/**
 * Arguments are validated by the tool itself (src/core/validation.ts), so that a bad argument
 * is a tool error with the REST error body; and outputs come from our own operations, whose
 * shapes the tests check against these schemas. The SDK's own schema check therefore passes
 * values through unchanged instead of validating them a second time.
 */
const PASS_THROUGH: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined })
  },
}

/** The SDK's Ajv-backed validator (used for elicitation answers, which we never request), shared. */
const SHARED_VALIDATOR = new AjvJsonSchemaValidator()

/** A tool as registered with the SDK; the schema objects are built once, not per request. */
interface Registration {
  name: string
  config: {
    title: string
    description: string
    inputSchema: StandardSchemaWithJSON
    outputSchema: StandardSchemaWithJSON
    annotations: ToolAnnotations
  }
  run(args: unknown, signal: AbortSignal): Promise<CallToolResult>
}

function registrationOf(tool: ToolDefinition, deps: McpDeps): Registration {
  return {
    name: tool.name,
    config: {
      title: tool.title,
      description: tool.description,
      inputSchema: fromJsonSchema(listedSchema(tool.inputSchema), PASS_THROUGH),
      outputSchema: fromJsonSchema(listedSchema(tool.outputSchema), PASS_THROUGH),
      annotations: { title: tool.title, ...tool.annotations },
    },
    async run(args, signal) {
      try {
        const result = await tool.call(args, signal)
        // The text is the same JSON as structuredContent, compact, as the specification asks
        // (2025-06-18 to 2026-07-28: "SHOULD also return the serialized JSON in a TextContent
        // block"): most assistants hand the model the text, not structuredContent, so a
        // summary in its place would hide the data. Sizes are kept small by paging instead.
        return { content: [{ type: 'text', text: result.text }], structuredContent: result.structured }
      } catch (error) {
        const failure = toolError(error)
        if (failure.internal) deps.onInternalError(error, tool.name)
        // The error body goes in the text only: clients check structuredContent against the
        // output schema even on errors (SDK 1.x does), and the error is not a GenerateResult.
        return { content: [{ type: 'text', text: JSON.stringify(failure.body) }], isError: true }
      }
    },
  }
}

/**
 * Makes a fresh McpServer with the tools registered: per HTTP request (stateless serving), or
 * once per stdio connection. The tool schemas are built once, here, for every server it makes.
 */
export function mcpServerFactory(deps: McpDeps) {
  const registrations = toolDefinitions(deps).map((tool) => registrationOf(tool, deps))
  return (): McpServer => {
    const server = new McpServer(MCP_SERVER_INFO, {
      instructions: MCP_INSTRUCTIONS,
      // One validator for every instance: by default each McpServer builds its own Ajv.
      jsonSchemaValidator: SHARED_VALIDATOR,
      supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS],
      capabilities: { tools: { listChanged: false } },
      cacheHints: { 'tools/list': CACHE_HINT, 'server/discover': CACHE_HINT },
    })
    for (const registration of registrations) {
      server.registerTool(registration.name, registration.config, (args: unknown, ctx) =>
        registration.run(args, ctx.mcpReq.signal),
      )
    }
    return server
  }
}

export function createMcpEndpoint(deps: McpDeps): McpEndpoint {
  const factory = mcpServerFactory(deps)
  const onerror = deps.onProtocolError === undefined ? {} : { onerror: deps.onProtocolError }
  // 2026-07-28 requests: the SDK's stateless entry. 2025-era requests: routed here by the
  // SDK's own classifier to a per-request transport of our own, because the entry's built-in
  // legacy leg always answers as an event stream; ours answers one plain JSON body.
  const modern: McpHttpHandler = createMcpHandler(factory, {
    legacy: 'reject',
    // 'auto' answers one JSON body unless a tool emits messages before its result; ours never do.
    responseMode: 'auto',
    keepAliveMs: 0,
    ...onerror,
  })
  async function legacy(request: Request, parsedBody: unknown): Promise<Response> {
    const server = factory()
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      ...onerror,
    })
    await server.connect(transport)
    const teardown = () => {
      void transport.close().catch(() => undefined)
      void server.close().catch(() => undefined)
    }
    request.signal.addEventListener('abort', teardown, { once: true })
    try {
      return await transport.handleRequest(request, { parsedBody })
    } finally {
      request.signal.removeEventListener('abort', teardown)
      teardown()
    }
  }
  return {
    fetch: async (request, parsedBody) =>
      (await isLegacyRequest(request, parsedBody))
        ? legacy(request, parsedBody)
        : modern.fetch(request, { parsedBody }),
    close: () => modern.close(),
  }
}
