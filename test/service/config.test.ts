import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { ConfigError, readConfig, withListeningPort } from '../../src/config.ts'
import { usableCores } from '../../src/cpu-quota.ts'
import { VERSION } from '../../src/version.ts'

test('defaults: loopback, port 8080, public URL from them, MCP origins = the public origin', () => {
  const config = readConfig({})
  assert.equal(config.host, '127.0.0.1')
  assert.equal(config.port, 8080)
  assert.equal(config.publicUrl, 'http://127.0.0.1:8080')
  assert.deepEqual(config.mcpAllowedOrigins, ['http://127.0.0.1:8080'])
  assert.equal(config.mcpRateLimit, 120)
})

test('MCP_ALLOWED_ORIGINS: a list (lower-cased), *, or an error naming the variable', () => {
  assert.deepEqual(
    readConfig({ MCP_ALLOWED_ORIGINS: 'https://A.example.com, http://localhost:6274' }).mcpAllowedOrigins,
    ['https://a.example.com', 'http://localhost:6274'],
  )
  assert.deepEqual(readConfig({ MCP_ALLOWED_ORIGINS: '*' }).mcpAllowedOrigins, ['*'])
  assert.deepEqual(readConfig({ PUBLIC_URL: 'https://mint.example.com/' }).mcpAllowedOrigins, [
    'https://mint.example.com',
  ])
  for (const bad of ['app.example.com', 'https://app.example.com/path', 'ftp://x']) {
    assert.throws(
      () => readConfig({ MCP_ALLOWED_ORIGINS: bad }),
      (error: Error) => {
        assert.ok(error instanceof ConfigError)
        assert.match(error.message, /^MCP_ALLOWED_ORIGINS must list origins/)
        return true
      },
    )
  }
})

test('bad numbers name their variable', () => {
  assert.throws(() => readConfig({ MCP_RATE_LIMIT: '0' }), /MCP_RATE_LIMIT must be an integer between 1 and/)
  assert.throws(() => readConfig({ PORT: 'http' }), /PORT must be an integer/)
})

test('the version the MCP server reports is package.json’s', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  assert.equal(VERSION, pkg.version)
})

test('the protocol versions the server card lists are the SDK’s, with 2026-07-28 first', async () => {
  const { SUPPORTED_PROTOCOL_VERSIONS } = await import('@modelcontextprotocol/server')
  const { MCP_PROTOCOL_VERSIONS } = await import('../../src/mcp/info.ts')
  assert.deepEqual(MCP_PROTOCOL_VERSIONS, ['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS])
})

test('withListeningPort: PORT=0 without PUBLIC_URL names the port the server got; anything else is kept', () => {
  const any = readConfig({ PORT: '0' })
  assert.equal(any.publicUrl, 'http://127.0.0.1:0')
  const listening = withListeningPort(any, 43210)
  assert.equal(listening.publicUrl, 'http://127.0.0.1:43210')
  assert.deepEqual(listening.mcpAllowedOrigins, ['http://127.0.0.1:43210'])
  assert.equal(listening.port, 0, 'the setting itself is unchanged')
  const v6 = withListeningPort(readConfig({ PORT: '0', HOST: '::1' }), 43210)
  assert.equal(v6.publicUrl, 'http://[::1]:43210')
  const given = readConfig({ PORT: '0', PUBLIC_URL: 'https://ibans.example.test' })
  assert.equal(withListeningPort(given, 43210), given)
  const origins = readConfig({ PORT: '0', MCP_ALLOWED_ORIGINS: 'https://app.example.com' })
  assert.deepEqual(withListeningPort(origins, 43210).mcpAllowedOrigins, ['https://app.example.com'])
  const fixed = readConfig({ PORT: '8080' })
  assert.equal(withListeningPort(fixed, 8080), fixed)
})

test('POOL_THREADS and WORKERS=auto default to the cores this process may use (a container’s CPU quota counts)', () => {
  assert.equal(readConfig({}).poolThreads, usableCores())
  assert.equal(readConfig({ WORKERS: 'auto' }).workers, usableCores())
  assert.equal(readConfig({ POOL_THREADS: '3' }).poolThreads, 3)
})
