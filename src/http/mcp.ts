// The keyless MCP endpoint (POST /mcp) and its discovery documents (server card, MCP catalog).
// The route table's pipeline gives /mcp its method gate (GET and DELETE → 405) and the per-IP
// limit; the handler here adds our guards — Origin allow-list, 64 KiB body, one message per
// request — and hands the parsed message to the SDK. Guard failures use the service's error
// body, like every route.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { ApiError } from '../core/errors.ts'
import { DEFAULT_LIMITS } from '../config.ts'
import { buildCatalog, buildServerCard, catalogSchema, SERVER_CARD_MEDIA_TYPE, serverCardSchema } from '../mcp/card.ts'
import { TOOL_NAMES, type McpEndpoint } from '../mcp/info.ts'
import { readJsonBody } from './body.ts'
import type { Schema } from '../core/schemas.ts'
import { JSON_TYPE, type ExampleCall } from './example.ts'
import type { Context } from './exchange.ts'
import { mcpExamples, preflightExamples } from './mcp-examples.ts'
import { contentHash, isNotModified } from './respond.ts'
import { route, type Reply, type Route } from './route.ts'

export const MAX_MCP_BODY = 64 * 1024

/** Request headers the SDK reads; nothing else is passed on. */
const FORWARDED_HEADERS = [
  'accept',
  'content-type',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'mcp-session-id',
  'last-event-id',
] as const

const CORS_ALLOW_HEADERS = FORWARDED_HEADERS.filter((name) => name !== 'accept' && name !== 'content-type').join(', ')
const CORS_EXPOSE_HEADERS =
  'mcp-protocol-version, mcp-session-id, ratelimit-limit, ratelimit-remaining, ratelimit-reset, ratelimit-policy, retry-after'

export interface McpRouteDeps {
  mcp: McpEndpoint
  publicUrl: string
  /** Browser origins that may call /mcp; `*` allows every origin. Requests without Origin pass. */
  allowedOrigins: readonly string[]
}

/** The origin a request came from when it must be answered with CORS headers; throws 403 for a foreign one. */
function checkOrigin(req: IncomingMessage, allowed: readonly string[]): string | undefined {
  const origin = req.headers.origin
  if (origin === undefined) return undefined
  if (allowed.includes('*') || allowed.includes(origin.toLowerCase())) return origin
  throw new ApiError('forbidden', `origin ${JSON.stringify(origin.slice(0, 200))} may not call this MCP server`)
}

/** The CORS headers of an answer to an allowed origin. */
function corsHeaders(origin: string): Record<string, string> {
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': CORS_EXPOSE_HEADERS, vary: 'origin' }
}

function webRequest(req: IncomingMessage, url: string, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const name of FORWARDED_HEADERS) {
    const value = req.headers[name]
    if (typeof value === 'string') headers.set(name, value)
  }
  return new Request(url, { method: 'POST', headers, signal })
}

/** Writes the SDK's web Response: JSON in one piece, an event stream chunk by chunk. */
async function writeResponse(res: ServerResponse, response: Response, signal: AbortSignal): Promise<void> {
  res.statusCode = response.status
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection') res.setHeader(name, value)
  })
  res.setHeader('cache-control', 'no-store')
  if (response.body === null) {
    res.end()
    return
  }
  const type = response.headers.get('content-type') ?? ''
  if (!type.startsWith('text/event-stream')) {
    const bytes = Buffer.from(await response.arrayBuffer())
    res.setHeader('content-length', bytes.length)
    res.end(bytes)
    return
  }
  const reader = response.body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done || signal.aborted) break
      if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve))
    }
  } finally {
    void reader.cancel().catch(() => undefined)
  }
  if (!signal.aborted) res.end()
}

/** One JSON-RPC 2.0 message a client sends. */
const jsonRpcRequestSchema: Schema = {
  type: 'object',
  description: 'One JSON-RPC 2.0 request (with `id`) or notification (without).',
  required: ['jsonrpc', 'method'],
  properties: {
    jsonrpc: { type: 'string', const: '2.0' },
    id: { type: ['string', 'integer'] },
    method: { type: 'string', description: 'e.g. initialize, tools/list, tools/call, server/discover' },
    params: { type: 'object' },
  },
}

/** A JSON-RPC 2.0 response: a result or an error with an integer code. */
const jsonRpcResponseSchema: Schema = {
  type: 'object',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer', 'null'] },
    result: { type: 'object' },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
    },
  },
}

/**
 * The card's media type, unless the client asks for application/json without naming it or a
 * wildcard (q-values are not weighed: both types carry the same JSON).
 */
function cardMediaType(accept: string | undefined): string {
  if (accept === undefined) return SERVER_CARD_MEDIA_TYPE
  const types = accept.split(',').map((part) => (part.split(';')[0] ?? '').trim().toLowerCase())
  const named = [SERVER_CARD_MEDIA_TYPE, '*/*', 'application/*'].some((type) => types.includes(type))
  return !named && types.includes('application/json') ? 'application/json' : SERVER_CARD_MEDIA_TYPE
}

/** CORS and caching of the discovery documents: public, read-only, cacheable for an hour. */
const DISCOVERY_HEADERS = {
  'cache-control': 'public, max-age=3600',
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD',
  'access-control-allow-headers': 'Content-Type, If-None-Match',
  'access-control-expose-headers': 'ETag',
}

/** A discovery document as served: its bytes and their strong ETag, made once. */
interface Document {
  bytes: Buffer
  etag: string
}

function documentOf(value: unknown): Document {
  const bytes = Buffer.from(JSON.stringify(value))
  return { bytes, etag: `"${contentHash(bytes, 27)}"` }
}

/** A discovery document's example: as served at `path` in `type` (to a request that accepts `accept` alone, when given). */
function discoveryExample(
  name: string,
  summary: string,
  path: string,
  document: Document,
  type: string,
  accept?: string,
): ExampleCall {
  const request = { path, ...(accept === undefined ? {} : { headers: { accept } }) }
  return { name, summary, request, status: 200, type, value: JSON.parse(document.bytes.toString()) as unknown }
}

/** Answers 304 when If-None-Match names the document's ETag; else the bytes. */
function discoveryReply(context: Context, { bytes, etag }: Document, contentType: string, vary?: string): Reply {
  const headers: Record<string, string> = { ...DISCOVERY_HEADERS, etag, ...(vary === undefined ? {} : { vary }) }
  if (isNotModified(context.req, etag)) return { status: 304, headers }
  return { bytes, headers: { ...headers, 'content-type': contentType } }
}

function serverCardRoute(path: string, operationId: string, card: Document): Route {
  return route({
    method: 'GET',
    path,
    operationId,
    access: 'public',
    summary: 'MCP server card: how to reach the MCP server (SEP-2127 draft)',
    description: `The same document at /.well-known/mcp/server-card.json and /mcp/server-card (the draft's reserved location), as ${SERVER_CARD_MEDIA_TYPE} (application/json when Accept asks for that alone). Cacheable for an hour; ETag and If-None-Match give 304. CORS is open.`,
    tag: 'mcp',
    responses: {
      200: {
        description: 'The server card.',
        schema: serverCardSchema,
        schemaName: 'McpServerCard',
        contentTypes: [SERVER_CARD_MEDIA_TYPE, 'application/json'],
        headers: ['ETag'],
      },
      304: { description: 'Not modified (If-None-Match).' },
    },
    // The card in its own media type, and as application/json to a client that asks for that alone.
    examples: () => [
      discoveryExample('card', 'The server card', path, card, SERVER_CARD_MEDIA_TYPE),
      discoveryExample(
        'card_json',
        'The server card, to a client that accepts application/json only',
        path,
        card,
        JSON_TYPE,
        JSON_TYPE,
      ),
    ],
    handle: (_inputs, context) => discoveryReply(context, card, cardMediaType(context.req.headers.accept), 'accept'),
  })
}

/** POST /mcp, its CORS preflight, the server card at both locations, and the MCP catalog. */
export function mcpRoutes(deps: McpRouteDeps): Route[] {
  const endpointUrl = `${deps.publicUrl}/mcp`
  const card = documentOf(buildServerCard(deps.publicUrl))
  const catalog = documentOf(buildCatalog(deps.publicUrl))
  const allowed = deps.allowedOrigins.map((origin) => origin.toLowerCase())

  // Written by the MCP SDK's response (JSON or an event stream): the handler takes the response
  // before anything can fail, so that an error body also carries the CORS headers.
  async function handleMcp(context: Context): Promise<Reply> {
    const { req } = context
    const res = context.takeResponse()
    const signal = context.signal()
    const origin = checkOrigin(req, allowed)
    if (origin !== undefined)
      for (const [name, value] of Object.entries(corsHeaders(origin))) res.setHeader(name, value)
    const message = await readJsonBody(req, MAX_MCP_BODY)
    if (Array.isArray(message)) {
      throw new ApiError(
        'batch_not_supported',
        'send one JSON-RPC message per request; batches (arrays) are not supported',
      )
    }
    const response = await deps.mcp.fetch(webRequest(req, endpointUrl, signal), message)
    await writeResponse(res, response, signal)
    return 'sent'
  }

  return [
    route({
      method: 'POST',
      path: '/mcp',
      operationId: 'callMcp',
      access: { ip: 'mcp' },
      summary: `MCP server (Streamable HTTP, JSON-RPC 2.0): tools ${TOOL_NAMES.join(', ')}`,
      description: `Keyless and stateless. Serves MCP revisions 2026-07-28 (server/discover) and 2025-03-26 to 2025-11-25 (initialize). One JSON-RPC message per request, at most ${MAX_MCP_BODY / 1024} KiB; browser origins must be allowed by MCP_ALLOWED_ORIGINS (others get 403). Limited per client IP (MCP_RATE_LIMIT, default ${DEFAULT_LIMITS.mcpRateLimit} per minute). Protocol errors are JSON-RPC errors; a tool called with bad arguments returns \`isError: true\` with the REST error body as its text.`,
      tag: 'mcp',
      requestBody: {
        description: 'One JSON-RPC 2.0 request or notification.',
        schema: jsonRpcRequestSchema,
        schemaName: 'JsonRpcRequest',
      },
      errors: ['batch_not_supported', 'forbidden'],
      responses: {
        // As the SDK made it: never compressed.
        200: {
          description: 'The JSON-RPC response.',
          schema: jsonRpcResponseSchema,
          schemaName: 'JsonRpcResponse',
          verbatim: true,
        },
        202: { description: 'A notification was accepted.' },
        400: {
          description: 'Or a JSON-RPC error from the protocol layer (bad message, protocol version or headers).',
          schema: jsonRpcResponseSchema,
        },
        404: {
          description: 'A 2026-07-28 request for an unknown method (JSON-RPC -32601).',
          schema: jsonRpcResponseSchema,
        },
        406: { description: 'Accept must list application/json and text/event-stream.', schema: jsonRpcResponseSchema },
      },
      examples: () => mcpExamples(MAX_MCP_BODY),
      handle: (_inputs, context) => handleMcp(context),
    }),
    route({
      method: 'OPTIONS',
      path: '/mcp',
      operationId: 'preflightMcp',
      access: 'public',
      errors: ['forbidden'],
      summary: 'CORS preflight for browser-based MCP clients from an allowed origin',
      tag: 'mcp',
      responses: { 204: { description: 'The origin may POST to /mcp.' } },
      examples: preflightExamples,
      handle: (_inputs, context) => {
        const origin = checkOrigin(context.req, allowed)
        const cors =
          origin === undefined
            ? {}
            : {
                ...corsHeaders(origin),
                'access-control-allow-methods': 'POST',
                'access-control-allow-headers': `content-type, ${CORS_ALLOW_HEADERS}`,
                'access-control-max-age': '600',
              }
        return { status: 204, headers: { ...cors, allow: 'POST, OPTIONS' } }
      },
    }),
    serverCardRoute('/.well-known/mcp/server-card.json', 'getMcpServerCard', card),
    serverCardRoute('/mcp/server-card', 'getMcpServerCardAlias', card),
    route({
      method: 'GET',
      path: '/.well-known/mcp/catalog.json',
      operationId: 'getMcpCatalog',
      access: 'public',
      summary: 'MCP catalog: the MCP servers of this site and where their cards are',
      description: 'One entry, this MCP server, pointing at /mcp/server-card. Cacheable for an hour; CORS is open.',
      tag: 'mcp',
      responses: {
        200: { description: 'The MCP catalog.', schema: catalogSchema, schemaName: 'McpCatalog', headers: ['ETag'] },
        304: { description: 'Not modified (If-None-Match).' },
      },
      examples: () => [
        discoveryExample('catalog', 'The MCP catalog', '/.well-known/mcp/catalog.json', catalog, JSON_TYPE),
      ],
      handle: (_inputs, context) => discoveryReply(context, catalog, 'application/json'),
    }),
  ]
}
