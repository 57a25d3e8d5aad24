// The key store the configuration names: the key file, or Redis when REDIS_URL is set. Shared by
// the server (src/main.ts) and `ibanmint keys`, which must not load the server to manage keys.
import type { Redis } from 'ioredis'
import type { Config } from '../config.ts'
import { FileKeyStore } from './file-store.ts'
import { describeKeyStore } from './location.ts'
import { RedisKeyStore } from './redis-store.ts'
import type { KeyStore } from './store.ts'

export function openKeyStore(config: Config, redis: Redis | undefined): KeyStore {
  if (redis === undefined) return new FileKeyStore(config.keysFile)
  return new RedisKeyStore(redis, describeKeyStore(config))
}
