// A mock server made from the served document alone by Prism (@stoplight/prism-cli, what API
// users run to build a client before they have a key or a server): asked for each documented
// answer (`Prefer: code=…, example=…`), it answers with the document's example, in the documented
// status and media type. Prism checks each request against the document as it mocks (--errors:
// a request the document does not allow is refused), so the requests the examples name are
// valid ones, and flags an answer that breaks its own schema (`sl-violations`): none does.
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { request } from 'undici'
import { startApp } from '../helpers/app.ts'
import { freePort } from '../helpers/redis.ts'

const PRISM = fileURLToPath(import.meta.resolve('@stoplight/prism-cli/dist/index.js'))

interface XRequest {
  method: string
  path: string
  headers?: Record<string, string>
  body?: { type: string; text: string }
}

interface Example {
  value: unknown
  'x-request'?: XRequest
}

interface Operation {
  operationId: string
  security: unknown[]
  parameters: { name: string; in: string; schema: { examples?: string[] } }[]
  responses: Record<string, { content?: Record<string, { examples?: Record<string, Example> }> }>
}

const app = await startApp({ after })
const served = (await app.call('GET', '/api/v1/openapi.json')).text
const doc = JSON.parse(served) as { paths: Record<string, Record<string, Operation>> }

const dir = mkdtempSync(join(tmpdir(), 'ibanmint-prism-'))
after(() => rmSync(dir, { recursive: true, force: true }))

let prism: ChildProcess
let mockUrl: string

before(async () => {
  const file = join(dir, 'openapi.json')
  writeFileSync(file, served)
  const port = await freePort()
  mockUrl = `http://127.0.0.1:${port}`
  prism = spawn(process.execPath, [PRISM, 'mock', '--host', '127.0.0.1', '--port', String(port), '--errors', file], {
    env: { ...process.env, NODE_V8_COVERAGE: undefined },
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${output}`)), 60_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Prism is listening')) {
        clearTimeout(timer)
        resolve()
      }
    }
    prism.stdout?.on('data', read)
    prism.stderr?.on('data', read)
    prism.once('exit', (code) => reject(new Error(`Prism exited (${code}):\n${output}`)))
  })
  prism.stdout?.resume()
  prism.stderr?.resume()
})
after(() => prism?.kill())

/**
 * A request the document allows for the operation: its path with each path parameter's first
 * example (a plain value where there is none), and the body and headers of its first success
 * example's request. (Prism reads a comma in a path parameter as a list, as `style: simple`
 * does for arrays: the bulk examples' `DE,FR` would not be a string to it.)
 */
function validRequest(template: string, method: string, operation: Operation): XRequest {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name)
    return parameter?.schema.examples?.[0] ?? 'x'
  })
  const successes = Object.entries(operation.responses).filter(([status]) => Number(status) < 300)
  const sent = successes
    .flatMap(([, response]) => Object.values(response.content ?? {}))
    .flatMap((media) => Object.values(media.examples ?? {}))
    .map((example) => example['x-request'])
    .find((request) => request !== undefined)
  return { ...sent, method: method.toUpperCase(), path }
}

test('the mock answers every documented answer with its example: status, media type and body', async () => {
  let answered = 0
  const wrong: string[] = []
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const sent = validRequest(template, method, operation)
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          for (const [name, example] of Object.entries(media.examples ?? {})) {
            const where = `${operation.operationId} ${status} ${type} ${name}`
            const headers: Record<string, string> = {
              ...sent.headers,
              accept: type,
              prefer: `code=${status}, example=${name}`,
            }
            if (operation.security.length > 0) headers['x-api-key'] = 'any key: the mock checks its presence'
            if (sent.body !== undefined) headers['content-type'] = sent.body.type
            const res = await request(`${mockUrl}${sent.path}`, {
              method: sent.method as 'GET',
              headers,
              body: sent.body?.text ?? null,
            })
            const text = await res.body.text()
            if (res.statusCode !== Number(status)) {
              wrong.push(`${where}: status ${res.statusCode} ${text.slice(0, 300)}`)
              continue
            }
            if (res.headers['sl-violations'] !== undefined)
              wrong.push(`${where}: ${String(res.headers['sl-violations'])}`)
            assert.equal(String(res.headers['content-type']).split(';')[0], type, where)
            if (type === 'application/json' || type.endsWith('+json'))
              assert.deepEqual(JSON.parse(text), example.value, where)
            else assert.equal(text, example.value, where)
            answered++
          }
        }
      }
    }
  }
  assert.deepEqual(wrong, [])
  assert.ok(answered >= 150, `${answered} answers`)
})

test('the mock refuses a request the document does not allow: a keyed operation without a key', async () => {
  const res = await request(`${mockUrl}/api/v1/countries`)
  assert.equal(res.statusCode, 401)
  await res.body.dump()
})
