// The ceiling of the official MCP SDK on this machine: a bare node:http server with the SDK's
// stateless handler (the same createMcpHandler setup ibanmint uses) and one tool that returns
// a constant GenerateResult-sized value. No ibanmint code, no limits, no logging, no pool.
// The HTTP benchmarks measure it next to ibanmint's /mcp.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { McpServer, createMcpHandler, fromJsonSchema } from '@modelcontextprotocol/server'
import { SAMPLE_RESULT } from './sample.ts'

const result = SAMPLE_RESULT
const text = JSON.stringify(result)
const schema = fromJsonSchema({ type: 'object' })

const handler = createMcpHandler(
  () => {
    const server = new McpServer(
      { name: 'bare', version: '1.0.0' },
      { supportedProtocolVersions: ['2026-07-28', '2025-11-25'] },
    )
    server.registerTool(
      'generate_iban',
      { description: 'constant', inputSchema: schema, outputSchema: schema },
      async () => ({
        content: [{ type: 'text', text }],
        structuredContent: result,
      }),
    )
    return server
  },
  { legacy: 'reject', responseMode: 'auto', keepAliveMs: 0 },
)

const server = createServer((req, res) => void answer(req, res))

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const name of ['accept', 'content-type', 'mcp-protocol-version', 'mcp-method', 'mcp-name']) {
    const value = req.headers[name]
    if (typeof value === 'string') headers.set(name, value)
  }
  const response = await handler.fetch(new Request('http://127.0.0.1/mcp', { method: 'POST', headers }), {
    parsedBody: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
  })
  const body = Buffer.from(await response.arrayBuffer())
  res.writeHead(response.status, {
    'content-type': response.headers.get('content-type') ?? 'application/json',
    'content-length': body.length,
  })
  res.end(body)
}
server.keepAliveTimeout = 5_000
server.listen(Number(process.env['PORT'] ?? 0), '127.0.0.1', () => {
  process.stderr.write(`bare MCP listening on ${JSON.stringify(server.address())}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
