// The baseline of the HTTP benchmarks: a bare node:http server answering every request with the
// same ~300-byte JSON body. Every HTTP figure in bench/RESULTS.md is also given as a ratio to it.
import { createServer } from 'node:http'
import { SAMPLE_RESULT } from './sample.ts'

const body = Buffer.from(JSON.stringify({ ...SAMPLE_RESULT, note: 'baseline' }))

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length })
  res.end(body)
})
server.keepAliveTimeout = 5_000
server.listen(Number(process.env['PORT'] ?? 0), '127.0.0.1', () => {
  process.stderr.write(`hello listening on ${JSON.stringify(server.address())} (${body.length} bytes)\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
