// The API reference page (/docs): served by the service from Redoc's own npm build (no CDN, its
// logo's address emptied), with the right types and caching, linked from the index and the
// document; and in headless Chromium, at 1280 and 390 px, it renders every operation of the
// document under a bar whose link leads back to the page, with nothing fetched from elsewhere
// and nothing refused by its Content-Security-Policy.
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { after, before, describe, test } from 'node:test'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { request } from 'undici'
import { REDOC_LOGO } from '../../src/http/reference.ts'
import { startApp } from '../helpers/app.ts'

const ARTIFACTS = join(import.meta.dirname, '..', '..', 'artifacts', 'screenshots')
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path))
const REDOC_BUNDLE = fileURLToPath(import.meta.resolve('redoc/bundles/redoc.standalone.js'))

/** Redoc's standalone build as the page serves it: the package's bytes, its logo's address emptied. */
function servedRedoc(file: string): Buffer {
  const bytes = readFileSync(file)
  const at = bytes.indexOf(`"${REDOC_LOGO}"`)
  assert.ok(at > 0, 'the package names its logo where the page expects it')
  return Buffer.concat([bytes.subarray(0, at), Buffer.from('"data:,"'), bytes.subarray(at + REDOC_LOGO.length + 2)])
}

const app = await startApp({ after })

interface Document {
  externalDocs: { url: string }
  paths: Record<string, Record<string, { operationId: string }>>
}

const doc = (await app.call('GET', '/api/v1/openapi.json')).body as Document
const operationIds = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId))

/** The page's script path, as the page names it. */
async function scriptPath(): Promise<string> {
  const html = (await app.call('GET', '/docs')).text
  const found = /<script src="(\/docs\/assets\/redoc\.standalone-[\w-]{16}\.js)"><\/script>/.exec(html)?.[1]
  assert.ok(found, 'the page loads Redoc from the service itself')
  return found
}

describe('the reference page over HTTP', () => {
  test('GET /docs is HTML that renders the served document, revalidated with its ETag', async () => {
    const res = await app.call('GET', '/docs')
    assert.equal(res.status, 200)
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8')
    assert.equal(res.headers['cache-control'], 'no-cache')
    assert.match(String(res.headers['content-security-policy']), /default-src 'none'; script-src 'self';/)
    assert.match(res.text, /<redoc spec-url="\/api\/v1\/openapi\.json"/)
    assert.doesNotMatch(res.text, /https?:\/\//, 'nothing is loaded from another host')
    const etag = String(res.headers['etag'])
    const again = await app.call('GET', '/docs', { headers: { 'if-none-match': etag } })
    assert.equal(again.status, 304)
    assert.equal(again.text, '')
  })

  test('the script is Redoc’s standalone build from its npm package, its logo’s address emptied, cached for a year', async () => {
    const path = await scriptPath()
    const plain = await request(`${app.url}${path}`)
    const bytes = Buffer.from(await plain.body.arrayBuffer())
    assert.equal(plain.statusCode, 200)
    assert.equal(plain.headers['content-type'], 'text/javascript; charset=utf-8')
    assert.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.equal(plain.headers['x-content-type-options'], 'nosniff')
    assert.ok(bytes.equals(servedRedoc(REDOC_BUNDLE)))
    assert.equal(bytes.indexOf('cdn.redoc.ly'), -1)
    const gzipped = await request(`${app.url}${path}`, { headers: { 'accept-encoding': 'gzip' } })
    const packed = Buffer.from(await gzipped.body.arrayBuffer())
    assert.equal(gzipped.headers['content-encoding'], 'gzip')
    assert.equal(gzipped.headers['vary'], 'accept-encoding')
    assert.ok(gunzipSync(packed).equals(bytes))
    assert.ok(packed.length < bytes.length / 3, `${packed.length} bytes gzipped of ${bytes.length}`)
    const head = await request(`${app.url}${path}`, { method: 'HEAD' })
    assert.equal(head.statusCode, 200)
    assert.equal(await head.body.text(), '')
  })

  test('the licences sit where the script’s first line points: Redoc’s own and those of what it bundles', async () => {
    const path = await scriptPath()
    const script = await (await request(`${app.url}${path}`)).body.text()
    const named = /For license information please see ([\w.]+)/.exec(script.slice(0, 200))?.[1]
    assert.equal(named, 'redoc.standalone.js.LICENSE.txt')
    const res = await app.call('GET', `/docs/assets/${named}`)
    assert.equal(res.status, 200)
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8')
    assert.match(res.text, /^The MIT License \(MIT\)\n\nCopyright \(c\) 2015-present, Rebilly, Inc\./)
    assert.match(res.text, /ReDoc - OpenAPI\/Swagger-generated API Reference Documentation/)
  })

  test('an unknown asset is a 404 error body; /api/v1/docs redirects to /docs', async () => {
    const missing = await app.call('GET', '/docs/assets/redoc.standalone-0000000000000000.js')
    assert.equal(missing.status, 404)
    assert.equal((missing.body as { error: { code: string } }).error.code, 'not_found')
    const moved = await app.call('GET', '/api/v1/docs')
    assert.equal(moved.status, 308)
    assert.equal(moved.headers['location'], '/docs')
    const slash = await app.call('GET', '/docs/')
    assert.equal(slash.status, 200)
  })

  test('the index’s documentation and the document’s externalDocs link the page', async () => {
    const index = (await app.call('GET', '/api/v1')).body as { documentation: string; openapi: string }
    assert.equal(index.documentation, `${app.url}/docs`)
    assert.equal(index.openapi, `${app.url}/api/v1/openapi.json`)
    assert.equal(doc.externalDocs.url, `${app.url}/docs`)
  })
})

describe('the reference page in Chromium', () => {
  let context: BrowserContext
  let page: Page
  let profile: string
  const requested: string[] = []
  const refused: string[] = []
  const problems: string[] = []

  before(async () => {
    assert.ok(CHROMIUM, 'chromium is installed (apt-get install -y chromium)')
    profile = mkdtempSync(join(tmpdir(), 'ibanmint-reference-chromium-'))
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 900 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
    page = context.pages()[0] ?? (await context.newPage())
    page.on('request', (req) => requested.push(req.url()))
    page.on('requestfailed', (req) => {
      if (req.failure()?.errorText === 'csp') refused.push(req.url())
    })
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`page: ${error.message}`))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP refused ${event.violatedDirective}: ${event.blockedURI}`)
      })
    })
    await page.goto(`${app.url}/docs`)
    await page.waitForSelector('[data-section-id^="operation/"]', { timeout: 60_000 })
  })
  after(async () => {
    await context?.close()
    rmSync(profile, { recursive: true, force: true })
  })

  test('renders every operation of the document, each once', async () => {
    const rendered = await page.$$eval('[data-section-id^="operation/"]', (elements) =>
      elements.map((element) => (element.getAttribute('data-section-id') as string).slice('operation/'.length)),
    )
    assert.equal(new Set(rendered).size, rendered.length, 'no operation twice')
    assert.deepEqual([...rendered].sort(), [...operationIds].sort())
    assert.ok(operationIds.length >= 27, `${operationIds.length} operations`)
  })

  test('shows the introduction, the schemas’ names and the examples', async () => {
    const text = await page.locator('body').innerText()
    for (const expected of ['ibanmint API', 'Test IBANs for 91 countries', 'Authentication', 'Rate limits', 'Errors']) {
      assert.ok(text.includes(expected), expected)
    }
    const generate = page.locator('[data-section-id="operation/generateIbans"]')
    const generateText = await generate.innerText()
    assert.match(generateText, /Two realistic German IBANs/, 'the example’s summary')
    assert.match(generateText, /"iban": "DE\d{20}"/, 'the example itself')
  })

  test('its search finds operations (the search index runs in a worker)', async () => {
    await page.fill('input[placeholder="Search..."]', 'bulk')
    const result = page.locator('[data-role="search:results"] [data-item-id$="/operation/streamBulkIbans"]')
    await result.waitFor({ timeout: 10_000 })
    assert.match(await result.innerText(), /Stream up to [\d,]+ test IBANs/)
    await page.fill('input[placeholder="Search..."]', '')
  })

  // Redoc's side menu ends with its maker's logo, an image on cdn.redoc.ly that no option turns
  // off: the served script names an empty data: address instead, and Redoc leaves it out.
  test('loads nothing from elsewhere, asks for no logo, and nothing is refused or fails', async () => {
    assert.ok(requested.length >= 3, requested.join('\n'))
    for (const url of requested) {
      assert.ok(url.startsWith(`${app.url}/`) || url.startsWith(`blob:${app.url}/`), url)
    }
    assert.deepEqual(refused, [])
    assert.deepEqual(problems, [])
    assert.equal(await page.locator('img[alt="redocly logo"]').count(), 0)
  })

  test('a bar at the top links back to the page and to the README, at 1280 and 390 px', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport)
      const home = page.locator('#site a[href="/"]')
      assert.ok(await home.isVisible(), `${viewport.width}: the link home is visible`)
      const box = await home.boundingBox()
      assert.ok(
        box !== null && box.y >= 0 && box.y + box.height <= 60,
        `${viewport.width}: at the top: ${JSON.stringify(box)}`,
      )
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), viewport.width)
      // Scrolled down, the bar stays at the top, above Redoc's side menu.
      await page.evaluate(() => window.scrollTo(0, 3000))
      assert.ok(await home.isVisible())
      assert.ok(((await home.boundingBox())?.y ?? -1) >= 0, `${viewport.width}: still at the top once scrolled`)
      await page.evaluate(() => window.scrollTo(0, 0))
      mkdirSync(ARTIFACTS, { recursive: true })
      await page.screenshot({ path: join(ARTIFACTS, `reference-${viewport.width}.png`) })
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    assert.equal(await page.getAttribute('#site a:text("README")', 'href'), '/guide')
    assert.deepEqual(problems, [])
    // Followed, the link home opens the web page.
    await Promise.all([page.waitForURL(`${app.url}/`), page.click('#site a[href="/"]')])
    assert.match(await page.title(), /^ibanmint: test IBANs/)
  })
})
