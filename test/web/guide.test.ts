// Every link a person can follow from the web page answers, and the README link opens a page a
// person can read: the guide (/guide, the README and docs/*.md as HTML, src/http/guide.ts), whose
// own links all lead to its pages or the service's, each fragment to a heading that exists, at
// 1280 and 390 px with nothing scrolling sideways and nothing refused by its policy. Links are
// read from the documents as served and from the DOM Chromium builds (the reference page's
// are made by its script); each one inside the service is asked for and must answer 200.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { startApp, type TestApp } from '../helpers/app.ts'
import { CHROMIUM } from './driver.ts'

const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'artifacts', 'screenshots')
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]

describe('the page’s links and the guide in Chromium', () => {
  let app: TestApp
  let browser: Browser
  const cleanup: (() => unknown)[] = []

  before(async () => {
    assert.ok(CHROMIUM, 'chromium is installed (apt-get install -y chromium)')
    // Every download link of the page is asked for too.
    app = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { EXPORT_RATE_LIMIT: '1000' } })
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
    cleanup.push(() => browser.close())
  })
  after(async () => {
    for (const fn of cleanup.reverse()) await fn()
  })

  interface Visit {
    page: Page
    context: BrowserContext
    /** Console errors, failed requests and policy violations while the page was open. */
    problems: string[]
  }

  async function visit(path: string, viewport: (typeof WIDTHS)[number]): Promise<Visit> {
    const context = await browser.newContext({
      viewport,
      ...(viewport.width < 500 ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
    })
    const page = await context.newPage()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    page.on('requestfailed', (request) => problems.push(`${request.url()}: ${request.failure()?.errorText}`))
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.url()}: ${response.status()}`)
    })
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP refused ${event.violatedDirective}: ${event.blockedURI}`),
      ),
    )
    await page.goto(app.url + path)
    if (path === '/') await page.waitForSelector('html[data-ready="true"]')
    if (path === '/docs') await page.waitForSelector('[data-section-id^="operation/"]', { timeout: 60_000 })
    return { page, context, problems }
  }

  /**
   * The links of a page: in its DOM as Chromium built it, and in its HTML as served (noscript's
   * too). Redoc turns every address inside an example's JSON into a link (the MCP server card's
   * "url": …/mcp, which only takes POST): those are values of the examples, not ways to go.
   */
  async function linksOf(page: Page, path: string): Promise<string[]> {
    const dom = await page
      .locator('a[href]')
      .evaluateAll((links: HTMLAnchorElement[]) => links.filter((a) => !a.closest('.redoc-json')).map((a) => a.href))
    const html = (await app.call('GET', path)).text
    const served = [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map(
      (match) => new URL((match[1] as string).replaceAll('&amp;', '&'), app.url + path).href,
    )
    return [...new Set([...dom, ...served])]
  }

  test('the README link, in the masthead and the footer, opens the README as a readable page', async () => {
    for (const viewport of WIDTHS) {
      const { page, context, problems } = await visit('/', viewport)
      for (const where of ['nav', 'footer']) {
        assert.equal(await page.getAttribute(`${where} a:text-is("README")`, 'href'), '/guide', where)
      }
      const [response] = await Promise.all([page.waitForNavigation(), page.click('nav a:text-is("README")')])
      assert.equal(response?.status(), 200)
      assert.equal(response?.headers()['content-type'], 'text/html; charset=utf-8')
      assert.equal(await page.locator('main h1').first().textContent(), 'ibanmint')
      assert.equal(await page.title(), 'README · ibanmint')
      // Its table of the docs links each page, as pages of the guide.
      const documentation = await page
        .locator('main table a')
        .evaluateAll((links: HTMLAnchorElement[]) => links.map((a) => a.getAttribute('href')))
      assert.ok(documentation.includes('/guide/http-api'), documentation.join(' '))
      assert.ok(documentation.includes('/guide/web-page'), documentation.join(' '))
      assert.deepEqual(problems, [], `${viewport.width}`)
      await context.close()
    }
  })

  test('every link of the page, the reference page and every page of the guide answers 200; every fragment exists', async () => {
    const queue = ['/', '/docs', '/guide']
    const seen = new Set(queue)
    const checked = new Map<string, number>()
    const external = new Set<string>()
    const missing: string[] = []
    /** Each guide page's ids, for the fragments that point into it. */
    const ids = new Map<string, Set<string>>()
    const fragments: [string, string, string][] = []
    while (queue.length > 0) {
      const path = queue.shift() as string
      const { page, context, problems } = await visit(path, WIDTHS[0] as (typeof WIDTHS)[number])
      ids.set(path, new Set(await page.locator('[id]').evaluateAll((nodes) => nodes.map((node) => node.id))))
      for (const href of await linksOf(page, path)) {
        const url = new URL(href)
        if (url.origin !== app.url) {
          external.add(href)
          continue
        }
        const target = url.pathname + url.search
        if (!checked.has(target)) checked.set(target, (await app.call('GET', target, { unchecked: true })).status)
        // Redoc's own fragments are routes of its script, not ids.
        if (url.hash !== '' && path !== '/docs')
          fragments.push([path, url.pathname, decodeURIComponent(url.hash.slice(1))])
        if ((url.pathname === '/guide' || url.pathname.startsWith('/guide/')) && !seen.has(url.pathname)) {
          seen.add(url.pathname)
          queue.push(url.pathname)
        }
      }
      assert.deepEqual(problems, [], path)
      await context.close()
    }
    const failed = [...checked].filter(([, status]) => status !== 200)
    assert.deepEqual(failed, [])
    for (const [from, to, id] of fragments) if (!ids.get(to)?.has(id)) missing.push(`${from} → ${to}#${id}`)
    assert.deepEqual(missing, [])
    // The guide holds the README, every docs/*.md and what they link; all were reached.
    assert.ok(seen.size >= 17, [...seen].join(' '))
    for (const path of ['/guide/http-api', '/guide/web-page', '/guide/changelog', '/guide/license']) {
      assert.ok(seen.has(path), path)
    }
    // What leads elsewhere is a web address of its own, never a local server's.
    for (const href of external) assert.match(href, /^https:\/\/(?!127\.|localhost)/, href)
  })

  test('the guide’s pages fit 390 px (wide tables and code scroll inside); screenshots', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true })
    for (const path of ['/guide', '/guide/http-api', '/guide/configuration', '/guide/license']) {
      for (const viewport of WIDTHS) {
        const { page, context, problems } = await visit(path, viewport)
        const overflow = await page.evaluate((width) => document.documentElement.scrollWidth - width, viewport.width)
        assert.ok(overflow <= 0, `${path} at ${viewport.width}: ${overflow} px sideways`)
        // The way home is there on every page.
        assert.ok(await page.locator('header a[href="/"]').first().isVisible(), path)
        assert.deepEqual(problems, [], path)
        if (path !== '/guide/license') {
          const name = `guide${path.slice(6).replace('/', '-')}-${viewport.width}.png`
          await page.screenshot({ path: join(SCREENSHOTS, name) })
        }
        await context.close()
      }
    }
    const res = await app.call('GET', '/guide/no-such-page')
    assert.equal(res.status, 404)
    assert.equal(
      (res.body as { error: { code: string; message: string } }).error.message,
      'no page "no-such-page" in the guide',
    )
    // The raw Markdown stays where scripts fetch it.
    const raw = await app.call('GET', '/README.md')
    assert.equal(raw.headers['content-type'], 'text/markdown; charset=utf-8')
  })
})
