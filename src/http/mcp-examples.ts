// The examples of POST /mcp and its preflight (http/mcp.ts names them): a tool call and its
// answer, and the refusals of our guards and of the SDK's protocol layer, each to a request of
// its own.
import { validate } from '../core/operations.ts'
import { errorExample, FORBIDDEN_ORIGIN, invalidJsonMessage } from './error-examples.ts'
import { asJson, BAD_JSON, FOREIGN_ORIGIN, IBAN, JSON_TYPE, jsonBody, type ExampleCall } from './example.ts'

/** What a client of the MCP endpoint accepts, as the transport asks. */
const MCP_ACCEPT = { accept: 'application/json, text/event-stream' }

/** A JSON-RPC error the SDK answers with `status` to `message` sent with `headers`. */
function jsonRpcError(
  status: number,
  name: string,
  summary: string,
  message: unknown,
  headers: Record<string, string>,
  error: { code: number; message: string },
): ExampleCall {
  const id = (message as { id: number }).id
  return {
    name,
    summary,
    request: { path: '/mcp', headers, body: jsonBody(message) },
    status,
    type: JSON_TYPE,
    // A message refused before it is read (400, 406) is answered without its id.
    value: { jsonrpc: '2.0', error, id: status === 404 ? id : null },
  }
}

/** The JSON-RPC errors of the SDK's protocol layer: a message that is none, an unknown method, a wrong Accept. */
function protocolErrors(): ExampleCall[] {
  return [
    jsonRpcError(400, 'invalid_message', 'Not a JSON-RPC message', { jsonrpc: '2.0', id: 2 }, MCP_ACCEPT, {
      code: -32600,
      message: 'Bad Request: the request body is not a valid JSON-RPC message',
    }),
    jsonRpcError(
      404,
      'unknown_method',
      'A 2026-07-28 request for a method the server does not have',
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'resources/list',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      },
      { ...MCP_ACCEPT, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'resources/list' },
      { code: -32601, message: 'Method not found' },
    ),
    jsonRpcError(
      406,
      'not_acceptable',
      'Accept does not list both application/json and text/event-stream',
      { jsonrpc: '2.0', id: 4, method: 'tools/list' },
      { accept: 'application/json' },
      { code: -32000, message: 'Not Acceptable: Client must accept both application/json and text/event-stream' },
    ),
  ]
}

/** POST /mcp: tools/call validate_iban, and what our guards (a body of `maxBody` bytes at most) and the SDK refuse. */
export function mcpExamples(maxBody: number): ExampleCall[] {
  const result = validate(IBAN)
  const call = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'validate_iban', arguments: { iban: IBAN } },
  }
  const answer = {
    jsonrpc: '2.0',
    id: 1,
    result: { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: asJson(result) },
  }
  const sent = (body: { type: string; text: string }, headers: Record<string, string> = MCP_ACCEPT) => ({
    path: '/mcp',
    headers,
    body,
  })
  return [
    {
      name: 'tools_call',
      summary: 'tools/call validate_iban',
      request: sent(jsonBody(call)),
      status: 200,
      type: JSON_TYPE,
      value: answer,
    },
    errorExample('invalid_json', invalidJsonMessage(), sent({ type: JSON_TYPE, text: BAD_JSON })),
    errorExample(
      'batch_not_supported',
      'send one JSON-RPC message per request; batches (arrays) are not supported',
      sent(jsonBody([])),
    ),
    errorExample(
      'forbidden',
      FORBIDDEN_ORIGIN,
      sent(jsonBody({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { ...MCP_ACCEPT, origin: FOREIGN_ORIGIN }),
    ),
    errorExample(
      'payload_too_large',
      `the request body must be at most ${maxBody / 1024} KiB`,
      sent(jsonBody({ jsonrpc: '2.0', id: 1, method: 'x'.repeat(maxBody) })),
    ),
    ...protocolErrors(),
  ]
}

/** OPTIONS /mcp from a foreign origin. */
export function preflightExamples(): ExampleCall[] {
  return [
    errorExample('forbidden', FORBIDDEN_ORIGIN, {
      path: '/mcp',
      headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': 'POST' },
    }),
  ]
}
