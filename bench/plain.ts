// The plain keyed handler (plain-handler.ts) listening on PORT, for the HTTP benchmarks.
import { createServer } from 'node:http'
import { plainHandler } from './plain-handler.ts'

const server = createServer(plainHandler(process.env['PLAIN_KEY'] ?? 'plain-key'))
server.keepAliveTimeout = 5_000
server.listen(Number(process.env['PORT'] ?? 0), '127.0.0.1', () => {
  process.stderr.write(`plain listening on ${JSON.stringify(server.address())}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
