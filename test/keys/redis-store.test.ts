// The key store contract (test/helpers/key-store-contract.ts) on a real redis-server.
import { after } from 'node:test'
import { RedisKeyStore } from '../../src/keys/redis-store.ts'
import { connectRedis } from '../../src/redis.ts'
import { storeSuite } from '../helpers/key-store-contract.ts'
import { startRedis } from '../helpers/redis.ts'

const redisServer = await startRedis()
after(() => redisServer.stop())
storeSuite('Redis', async () => {
  const client = await connectRedis(redisServer.url)
  client.on('error', () => {})
  after(() => client.disconnect())
  await new Promise((resolve) => client.once('ready', resolve))
  return new RedisKeyStore(client)
})
