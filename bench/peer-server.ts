// One peer of bench/peers.ts listening on PORT: `plain` (bench/peers/plain.ts) or `fastify`
// (bench/peers/fastify.ts); or bench/bulk.ts's minimal bulk writer, `writer`
// (bench/peers/bulk-writer.ts). Keys from KEYS_FILE (written by `ibanmint keys create`), RATE_LIMIT
// for keys without their own limit, rate limits on REDIS_URL when it is set, the access log to
// LOG_FILE. bench/lib.ts runs it compiled to JavaScript (compiledPeers), as a TypeScript service
// is deployed; `node --import tsx` runs it from source.
// Usage: node --import tsx bench/peer-server.ts plain|fastify|writer
import { createServer } from 'node:http'
import { Redis } from 'ioredis'
import { bulkWriter } from './peers/bulk-writer.ts'
import { fastifyPeer } from './peers/fastify.ts'
import { KeyBook } from './peers/keys.ts'
import { plainPeer } from './peers/plain.ts'
import { accessLog, type PeerOptions } from './peers/shared.ts'

const kind = process.argv[2]
const port = Number(process.env['PORT'] ?? 0)
const redisUrl = process.env['REDIS_URL']
const log = accessLog(process.env['LOG_FILE'] ?? '/dev/null', `${kind}-peer`)
const options: PeerOptions = {
  keys: new KeyBook(process.env['KEYS_FILE'] ?? 'keys.json', Number(process.env['RATE_LIMIT'] ?? 60)),
  redis: redisUrl === undefined ? undefined : new Redis(redisUrl),
  log: log.logger,
}
const announce = (address: unknown) =>
  process.stderr.write(`${kind} peer listening on ${JSON.stringify(address)} (${options.redis ? 'Redis' : 'memory'})\n`)

let close: () => Promise<void>
if (kind === 'plain') {
  const server = createServer(plainPeer(options))
  server.keepAliveTimeout = 5_000
  server.listen(port, '127.0.0.1', () => announce(server.address()))
  close = () => new Promise((resolve) => server.close(() => resolve()))
} else if (kind === 'writer') {
  const server = createServer(bulkWriter())
  server.listen(port, '127.0.0.1', () => announce(server.address()))
  close = () => new Promise((resolve) => server.close(() => resolve()))
} else if (kind === 'fastify') {
  const app = await fastifyPeer(options)
  announce(await app.listen({ port, host: '127.0.0.1' }))
  close = () => app.close()
} else {
  throw new Error(`usage: peer-server.ts plain|fastify|writer, not ${kind}`)
}
process.on('SIGTERM', () => {
  void close().then(() => {
    log.flush()
    options.redis?.disconnect()
    process.exit(0)
  })
})
