// A real ibanmint server on port 0 for black-box tests, called with undici. Every response
// that passes through `call` is checked against the OpenAPI schema of its route and status.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { pino } from 'pino'
import { request } from 'undici'
import { readConfig, type Config } from '../../src/config.ts'
import { mintKey } from '../../src/keys/key.ts'
import { startService, type Service, type StartOptions } from '../../src/main.ts'

export interface Response {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  body: unknown
}

export interface CallOptions {
  headers?: Record<string, string>
  /** A JSON value (sent with Content-Type: application/json) or raw text. */
  json?: unknown
  raw?: string
  /** Skip the OpenAPI check (for deliberately odd requests, e.g. HEAD). */
  unchecked?: boolean
}

export interface TestApp {
  service: Service
  url: string
  config: Config
  /** Every log line the server wrote, parsed. */
  logs: Record<string, unknown>[]
  logText: () => string
  createKey(options?: {
    limit?: number | null
    expiresAt?: Date | null
    name?: string
  }): Promise<{ key: string; id: string }>
  call(method: string, path: string, options?: CallOptions): Promise<Response>
  /** Headers that authenticate with a fresh default key. */
  auth: Record<string, string>
  close(): Promise<void>
}

interface Hooks {
  after(fn: () => unknown): void
}

let openApiChecker: ((method: string, path: string, status: number, body: unknown) => void) | undefined

function buildChecker(document: Record<string, unknown>) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, formats: { uri: (value: string) => URL.canParse(value) } })
  ajv.addSchema({ $id: 'openapi.json', components: (document as { components: unknown }).components })
  const paths = document['paths'] as Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >
  const compiled = new Map<string, ValidateFunction>()
  const templates = Object.keys(paths).map((template) => ({
    template,
    pattern: new RegExp('^' + template.replace(/\{\w+\}/g, '[^/]+') + '$'),
  }))
  return (method: string, path: string, status: number, body: unknown) => {
    const clean = path.split('?')[0]?.replace(/(.)\/$/, '$1') ?? ''
    const exact = templates.find((t) => t.template === clean)
    const found = exact ?? templates.find((t) => t.pattern.test(clean))
    if (found === undefined) {
      assert.equal(status, 404, `no OpenAPI path for ${path}`)
      return
    }
    const operation = paths[found.template]?.[method.toLowerCase()]
    if (operation === undefined) {
      assert.equal(status, 405, `no OpenAPI operation ${method} ${found.template}`)
      return
    }
    const response = operation.responses[String(status)]
    assert.ok(response, `${method} ${found.template}: status ${status} is not documented`)
    const schema = response.content?.['application/json']?.schema
    if (schema === undefined || body === undefined) return
    const key = `${method} ${found.template} ${status}`
    let validate = compiled.get(key)
    if (validate === undefined) {
      const rewritten = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'),
      ) as object
      validate = ajv.compile(rewritten)
      compiled.set(key, validate)
    }
    assert.ok(validate(body), `${key}: ${ajv.errorsText(validate.errors)}`)
  }
}

/** Starts a server (memory limits and a temporary key file, or Redis when `redisUrl` is given). */
export async function startApp(
  t: Hooks,
  options: { redisUrl?: string; env?: Record<string, string>; start?: Omit<StartOptions, 'logger'> } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-test-'))
  const env: Record<string, string> = {
    PORT: '0',
    KEYS_FILE: join(dir, 'keys.json'),
    LOG_LEVEL: 'info',
    ...options.env,
  }
  if (options.redisUrl !== undefined) env['REDIS_URL'] = options.redisUrl
  const config = readConfig(env)
  const lines: string[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      callback()
    },
  })
  const service = await startService(config, { logger: pino({ level: 'info' }, sink), ...options.start })
  const url = service.url
  if (openApiChecker === undefined) {
    const { body } = await request(`${url}/api/v1/openapi.json`)
    openApiChecker = buildChecker((await body.json()) as Record<string, unknown>)
  }
  const check = openApiChecker
  const app: TestApp = {
    service,
    url,
    config,
    logs: [],
    logText: () => lines.join('\n'),
    async createKey({ limit = 1_000_000, expiresAt = null, name = 'test' } = {}) {
      const { key, record } = mintKey({ name, limit, expiresAt })
      await service.keyStore.add(record)
      return { key, id: record.id }
    },
    async call(method, path, { headers = {}, json, raw, unchecked = false } = {}) {
      const sendHeaders: Record<string, string> = { ...headers }
      let body: string | undefined = raw
      if (json !== undefined) {
        body = JSON.stringify(json)
        sendHeaders['content-type'] ??= 'application/json'
      }
      const response = await request(url + path, { method: method as 'GET', headers: sendHeaders, body: body ?? null })
      const text = await response.body.text()
      let parsed: unknown = undefined
      // application/json and the JSON types with a +json suffix (the MCP server card's)
      if (text !== '' && /^application\/([\w.-]+\+)?json\b/.test(String(response.headers['content-type'])))
        parsed = JSON.parse(text)
      if (!unchecked && method !== 'HEAD') check(method, path, response.statusCode, parsed)
      app.logs.splice(0, app.logs.length, ...lines.map((line) => JSON.parse(line) as Record<string, unknown>))
      return { status: response.statusCode, headers: response.headers, text, body: parsed }
    },
    auth: {},
    async close() {
      await service.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
  // With its store down (a Redis fault test) the app starts without a default key.
  const created = await app.createKey().catch(() => undefined)
  if (created !== undefined) app.auth = { 'x-api-key': created.key }
  t.after(() => app.close())
  return app
}

/** Asserts an Error body with the given status and code; returns its message. */
export function assertError(response: Response, status: number, code: string): string {
  assert.equal(response.status, status, response.text)
  const { error } = response.body as { error: { code: string; message: string } }
  assert.equal(error.code, code)
  assert.equal(typeof error.message, 'string')
  return error.message
}
