// The web page as it looks, in headless Chromium at 1280 × 900 and 390 × 844, light and dark:
// ten result rows of one line each above the fold at desktop width, nothing scrolling sideways
// on a phone, every text's contrast measured in both schemes, and no request of a page load
// failing (the icon included, which Chromium fetches outside the page: a recording proxy in
// front of the server sees it). Screenshots land in artifacts/screenshots/ (the path is printed)
// for a person to look at.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { startApp, type TestApp } from '../helpers/app.ts'
import { CHROMIUM, generateIn, settled, typeIban } from './driver.ts'
import { startRecordingProxy, type RecordingProxy } from './recording-proxy.ts'

const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'artifacts', 'screenshots')
const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 390, height: 844 }
type Scheme = 'light' | 'dark'

/** Countries whose rows are the widest: long IBANs (LC 32, RU 33), long bank names (DE, PL, IT), a branch code, letters. */
const WIDE_ROWS: [string, boolean][] = [
  ['DE', true],
  ['PL', true],
  ['IT', true],
  ['FR', true],
  ['BR', true],
  ['MT', true],
  ['LC', false],
  ['RU', false],
]

describe('web page layout in Chromium', () => {
  let app: TestApp
  let proxy: RecordingProxy
  let browser: Browser
  const cleanup: (() => unknown)[] = []

  before(async () => {
    assert.ok(CHROMIUM, 'chromium is installed (apt-get install -y chromium)')
    app = await startApp({ after: (fn) => cleanup.push(fn) })
    proxy = await startRecordingProxy(app.url)
    cleanup.push(() => proxy.close())
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
    cleanup.push(() => browser.close())
  })
  after(async () => {
    for (const fn of cleanup.reverse()) await fn()
  })

  interface Opened {
    context: BrowserContext
    page: Page
    /** Requests the page saw fail, and errors it logged (a blocked load logs one). */
    problems: string[]
  }

  /** A new browser window of that size and scheme on `path`, through the proxy; for the page, once it is ready. */
  async function open(path: string, viewport: typeof DESKTOP, scheme: Scheme = 'light'): Promise<Opened> {
    const phone = viewport === PHONE
    const context = await browser.newContext({
      viewport,
      colorScheme: scheme,
      ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
    })
    // tsx compiles this file with esbuild's keepNames: a named function inside page.evaluate
    // calls __name(), which the page must have.
    await context.addInitScript('globalThis.__name = (target) => target')
    // How far the page's content moves as it loads (cumulative layout shift), for the screenshots' test.
    await context.addInitScript(() => {
      const page = window as unknown as { shift: number }
      page.shift = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) page.shift += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    const page = await context.newPage()
    const problems: string[] = []
    page.on('requestfailed', (request) => problems.push(`${request.url()}: ${request.failure()?.errorText}`))
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.url()}: ${response.status()}`)
    })
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    await page.goto(proxy.url + path)
    if (path === '/') await page.waitForSelector('html[data-ready="true"]')
    return { context, page, problems }
  }

  test('no request of a page load fails, the icon included, on the page and the documents a browser opens here', async () => {
    const loads: [string, Scheme][] = [
      ['/', 'light'],
      ['/', 'dark'],
      ['/guide', 'light'],
      ['/api/v1', 'light'],
      ['/api/v1/openapi.json', 'light'],
      ['/.well-known/mcp/server-card.json', 'light'],
    ]
    for (const [path, scheme] of loads) {
      const from = proxy.seen.length
      const { context, problems } = await open(path, DESKTOP, scheme)
      // The browser asks for the icon on its own after the load: wait until it has had its answer.
      const icon = (exchange: { path: string }) => /^\/(favicon\.ico|assets\/icon-[\w-]{16}\.svg)$/.test(exchange.path)
      const deadline = Date.now() + 10_000
      while (!proxy.seen.slice(from).some(icon) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50))
      await context.close()
      const seen = proxy.seen.slice(from)
      assert.ok(seen.some(icon), `${path}: the browser asked for an icon (${seen.map((e) => e.path).join(', ')})`)
      const failed = seen.filter((exchange) => exchange.status >= 400)
      assert.deepEqual(failed, [], `${path} (${scheme}): ${JSON.stringify(failed)}`)
      assert.deepEqual(problems, [], `${path} (${scheme})`)
      if (path === '/') assert.ok(seen.length >= 5, `page, stylesheet, script, bank data, icon: ${seen.length}`)
    }
  })

  test('the icons decode in the browser: favicon.ico at 16, 32 and 48 px, the SVG and the phone icon', async () => {
    const { context, page } = await open('/', DESKTOP)
    const sizes = await page.evaluate(async () => {
      const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"], link[rel="apple-touch-icon"]')]
      return Promise.all(
        links.map(
          (link) =>
            new Promise<string>((resolve) => {
              const image = new Image()
              image.onload = () => resolve(`${link.rel} ${link.type || '-'} ${image.naturalWidth}`)
              image.onerror = () => resolve(`${link.rel} ${link.href}: does not decode`)
              image.src = link.href
            }),
        ),
      )
    })
    await context.close()
    assert.equal(sizes.length, 3)
    assert.match(sizes[0] ?? '', /^icon - (16|32|48)$/)
    assert.match(sizes[1] ?? '', /^icon image\/svg\+xml \d+$/)
    assert.equal(sizes[2], 'apple-touch-icon - 180')
    const ico = await app.call('GET', '/favicon.ico')
    assert.equal(ico.status, 200)
    assert.equal(ico.headers['content-type'], 'image/x-icon')
  })

  /** Each result row: how many lines each of its cells takes, and where the row ends on the page. */
  async function rowLayout(page: Page): Promise<{ lines: number[]; bottom: number }[]> {
    return page.locator('#results tbody tr').evaluateAll((rows: HTMLElement[]) =>
      rows.map((row) => {
        const lines = [...row.children].map((cell) => {
          const range = document.createRange()
          range.selectNodeContents(cell)
          const tops: number[] = []
          for (const rect of range.getClientRects()) {
            if (rect.width === 0 || rect.height === 0) continue
            if (!tops.some((top) => Math.abs(top - rect.top) < rect.height / 2)) tops.push(rect.top)
          }
          return tops.length
        })
        return { lines, bottom: row.getBoundingClientRect().bottom + window.scrollY }
      }),
    )
  }

  test('at 1280 × 900 ten rows fit above the fold, each on one line, for the widest rows there are', async () => {
    const { context, page } = await open('/', DESKTOP)
    // As the page first shows itself: ten rows of German IBANs with their banks.
    const first = await rowLayout(page)
    assert.equal(first.length, 10)
    for (const [code, realistic] of WIDE_ROWS) {
      await generateIn(page, code, 10, `wide-${code}`, realistic)
      const rows = await rowLayout(page)
      assert.equal(rows.length, 10, code)
      rows.forEach((row, i) =>
        assert.ok(Math.max(...row.lines) <= 1, `${code} row ${i + 1}: lines ${row.lines.join(',')}`),
      )
      const fold = rows.at(-1)?.bottom ?? Infinity
      assert.ok(fold <= DESKTOP.height, `${code}: the tenth row ends at ${fold} px, below the fold (${DESKTOP.height})`)
      assert.ok(
        await page.evaluate((width) => document.documentElement.scrollWidth <= width, DESKTOP.width),
        `${code}: no sideways scrolling`,
      )
    }
    await context.close()
  })

  test('at 390 × 844 nothing scrolls sideways: the widest rows, a long IBAN in the validator, its tables', async () => {
    // The schemes differ in colours only; the screenshots' test checks the dark one's width too.
    for (const scheme of ['light'] as const) {
      const { context, page } = await open('/', PHONE, scheme)
      // Against the phone's width, not innerWidth: a phone widens its layout viewport to fit
      // content that sticks out (and zooms out), so innerWidth would grow with the overflow.
      const overflow = () => page.evaluate((width) => document.documentElement.scrollWidth - width, PHONE.width)
      assert.ok((await overflow()) <= 0, `as it loads: ${await overflow()} px`)
      for (const [code, realistic] of WIDE_ROWS) {
        await generateIn(page, code, 10, `phone-${code}`, realistic)
        assert.ok((await overflow()) <= 0, `${code} (${scheme}): ${await overflow()} px`)
        // No cell spills out of its row either (an overflow the document might hide).
        const spill = await page
          .locator('#results tbody tr')
          .evaluateAll(
            (rows: HTMLElement[]) =>
              rows.flatMap((row) =>
                [...row.children].filter(
                  (cell) => cell.getBoundingClientRect().right > row.getBoundingClientRect().right + 1,
                ),
              ).length,
          )
        assert.equal(spill, 0, `${code}: cells past the row's edge`)
      }
      for (const iban of [
        'LC55 HEMM 0001 0001 0012 0012 0002 3015',
        'RU02 0445 2560 0407 0281 0412 3456 7890 1',
        'Q'.repeat(64),
      ]) {
        await typeIban(page, iban)
        await page.locator('#iban').press('Enter')
        await settled(page, 'validat')
        assert.ok((await overflow()) <= 0, `${iban.slice(0, 12)}… in the validator: ${await overflow()} px`)
      }
      await context.close()
    }
  })

  /** Every text on the page whose contrast with what is behind it is below 4.5:1 (3:1 when large). */
  function lowContrast(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      type Rgba = [number, number, number, number]
      const parse = (color: string): Rgba => {
        const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number)
        return [r, g, b, a]
      }
      const over = (top: Rgba, below: Rgba): Rgba =>
        [0, 1, 2].map((i) => top[i]! * top[3] + below[i]! * (1 - top[3])).concat(1) as Rgba
      const behind = (element: Element): Rgba => {
        const layers: Rgba[] = []
        for (let node: Element | null = element; node !== null; node = node.parentElement) {
          const color = parse(getComputedStyle(node).backgroundColor)
          if (color[3] > 0) layers.push(color)
          if (color[3] === 1) break
        }
        return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255, 1] as Rgba)
      }
      const luminance = ([r, g, b]: Rgba) => {
        const linear = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
      }
      const failures: string[] = []
      const check = (element: Element, color: string, what: string) => {
        const style = getComputedStyle(element)
        const background = behind(element)
        const [light, dark] = [luminance(over(parse(color), background)), luminance(background)].sort((a, b) => b - a)
        const ratio = (light! + 0.05) / (dark! + 0.05)
        const size = parseFloat(style.fontSize)
        const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700)
        if (ratio < (large ? 3 : 4.5))
          failures.push(`${what}: ${ratio.toFixed(2)}:1 (${color} on rgb(${background.slice(0, 3).join(', ')}))`)
      }
      for (const element of document.querySelectorAll('body *')) {
        if (element.getClientRects().length === 0 || element.closest('.visually-hidden')) continue
        const name = `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} class="${element.className}"> ${element.textContent?.trim().slice(0, 30)}`
        const text = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        )
        if (text) check(element, getComputedStyle(element).color, name)
        if (element.matches('input:not([type=checkbox]), select')) {
          check(element, getComputedStyle(element).color, `${name} value`)
          if ((element as HTMLInputElement).placeholder)
            check(element, getComputedStyle(element, '::placeholder').color, `${name} placeholder`)
        }
      }
      return failures
    })
  }

  test('every text has at least 4.5:1 contrast (3:1 when large), in the light and the dark scheme, in every state and in the guide', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page } = await open('/', DESKTOP, scheme)
      const failures: string[] = []
      const measure = async (state: string) => failures.push(...(await lowContrast(page)).map((f) => `${state}: ${f}`))
      await measure('loaded')
      await generateIn(page, 'FR', 10, 'contrast')
      await typeIban(page, 'DE89370400440532013000')
      await measure('French rows, a valid IBAN')
      await page.selectOption('#invalid', 'national')
      await page.fill('#count', '0')
      await page.click('#generate')
      await settled(page, 'generat')
      await typeIban(page, 'DE74370400440542013000')
      await measure('an error, an invalid IBAN')
      await typeIban(page, 'DE89 3704')
      await measure('an incomplete IBAN')
      await context.close()
      // The guide's pages: prose, code, tables, the note.
      for (const path of ['/guide', '/guide/http-api']) {
        const guide = await open(path, DESKTOP, scheme)
        failures.push(...(await lowContrast(guide.page)).map((f) => `${path}: ${f}`))
        await guide.context.close()
      }
      assert.deepEqual(failures, [], scheme)
    }
  })

  test('screenshots at 1280 × 900 and 390 × 844, light and dark; script size and first contentful paint', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true })
    const shots: string[] = []
    const paints: string[] = []
    for (const scheme of ['light', 'dark'] as const) {
      for (const [name, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const { context, page } = await open('/', viewport, scheme)
        const [paint, shift] = await page.evaluate(() => [
          performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
          (window as unknown as { shift: number }).shift,
        ])
        paints.push(`${name} ${scheme} ${paint?.toFixed(0)} ms (layout shift ${shift?.toFixed(3)})`)
        // The table holds empty rows of a row's height until the first IBANs fill it: what is
        // below it stays where it is (the threshold of a "good" page is 0.1).
        assert.ok((shift ?? 1) < 0.05, `${name} ${scheme}: layout shift ${shift} as the page loads`)
        // Above the fold, as the page first shows itself; then the whole page with a verdict.
        await page.screenshot({ path: join(SCREENSHOTS, `${name}-${scheme}.png`) })
        await typeIban(page, 'DE89 3704 0044 0532 0130 00')
        await page.locator('#iban').blur()
        await page.evaluate(() => window.scrollTo(0, 0))
        await page.screenshot({ path: join(SCREENSHOTS, `${name}-${scheme}-full.png`), fullPage: true })
        const overflow = await page.evaluate((width) => document.documentElement.scrollWidth - width, viewport.width)
        assert.ok(overflow <= 0, `${name} ${scheme}: ${overflow} px sideways`)
        shots.push(`${name}-${scheme}.png`, `${name}-${scheme}-full.png`)
        await context.close()
      }
    }
    const script = proxy.seen.find((exchange) => /^\/assets\/app-[\w-]{16}\.js$/.test(exchange.path))?.path as string
    const bytes = (await (await fetch(app.url + script)).arrayBuffer()).byteLength
    // fetch decompresses the body; the length it was sent with is the gzipped size.
    const gzipped = Number(
      (await fetch(app.url + script, { headers: { 'accept-encoding': 'gzip' } })).headers.get('content-length'),
    )
    assert.ok(gzipped <= 60 * 1024, `script ${gzipped} bytes gzipped; at most 60 KB`)
    console.log(`# web: screenshots in ${SCREENSHOTS}: ${shots.join(', ')}`)
    console.log(`# web: script ${bytes} bytes (${gzipped} gzipped); first contentful paint ${paints.join(', ')}`)
  })
})
