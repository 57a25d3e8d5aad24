// The reference page as the built service serves it (dist/, as `npm start` and the installed
// package run it): Redoc's files come from dist/docs, where the build copied them from the redoc
// package, so the page works where node_modules holds no redoc (a production install); the
// guide's pages come from dist/guide.json, which the build rendered (no marked at run time), and
// every file is sent gzipped as the build compressed it (dist/site).
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { request } from 'undici'
import { REDOC_LOGO } from '../../src/http/reference.ts'
import { listening } from '../helpers/process.ts'
import { freePort } from '../helpers/redis.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const BIN = join(ROOT, 'bin', 'ibanmint.js')
const REDOC_BUNDLE = fileURLToPath(import.meta.resolve('redoc/bundles/redoc.standalone.js'))

test('the built service serves /docs with Redoc’s script and licences from dist/docs, and the guide from dist', async () => {
  const built = join(ROOT, 'dist', 'docs', 'redoc.standalone.js')
  assert.ok(existsSync(built), 'dist/ is built (npm run build)')
  assert.ok(readFileSync(built).equals(readFileSync(REDOC_BUNDLE)), 'the build copied the package’s file as it is')
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-reference-built-'))
  after(() => rmSync(dir, { recursive: true, force: true }))
  const port = await freePort()
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { ...process.env, PORT: String(port), KEYS_FILE: join(dir, 'keys.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  after(() => child.kill('SIGKILL'))
  await listening(child)
  const url = `http://127.0.0.1:${port}`

  const page = await request(`${url}/docs`)
  const html = await page.body.text()
  assert.equal(page.statusCode, 200)
  const script = /<script src="(\/docs\/assets\/redoc\.standalone-[\w-]{16}\.js)">/.exec(html)?.[1]
  assert.ok(script, html)
  const served = await request(`${url}${script}`)
  assert.equal(served.headers['content-type'], 'text/javascript; charset=utf-8')
  // As served, the logo's address is emptied (src/http/reference.ts): the rest is the build's copy.
  const bytes = Buffer.from(await served.body.arrayBuffer())
  assert.equal(bytes.length, readFileSync(built).length - REDOC_LOGO.length + 'data:,'.length)
  assert.ok(bytes.toString('latin1') === readFileSync(built, 'latin1').replace(REDOC_LOGO, 'data:,'))
  // Gzipped by the build (dist/site), sent as the build wrote it.
  const gzipped = await request(`${url}${script}`, { headers: { 'accept-encoding': 'gzip' } })
  assert.equal(gzipped.headers['content-encoding'], 'gzip')
  const name = script.slice('/docs/assets/'.length)
  assert.ok(
    Buffer.from(await gzipped.body.arrayBuffer()).equals(readFileSync(join(ROOT, 'dist', 'site', `${name}.gz`))),
  )
  const licences = await request(`${url}/docs/assets/redoc.standalone.js.LICENSE.txt`)
  assert.match(await licences.body.text(), /^The MIT License \(MIT\)[\s\S]+ReDoc - OpenAPI\/Swagger-generated/)
  const doc = (await (await request(`${url}/api/v1/openapi.json`)).body.json()) as { info: { version: string } }
  assert.equal(doc.info.version, '1.1.0')
  // The guide the build rendered (dist/guide.json): the README as a page, linked from /docs and /.
  assert.match(html, /<a href="\/guide">README<\/a>/)
  assert.match(await (await request(`${url}/`)).body.text(), /<a href="\/guide">README<\/a>/)
  const guide = await request(`${url}/guide/web-page`)
  assert.equal(guide.statusCode, 200)
  assert.equal(guide.headers['content-type'], 'text/html; charset=utf-8')
  assert.match(await guide.body.text(), /<h1 id="the-web-page">The web page<\/h1>/)
})
