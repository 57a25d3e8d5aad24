// The web page in headless Chromium (Debian's chromium, driven by playwright-core): generate for
// several countries and compare with the API, copy, validate as you type, download every format,
// no external requests and no key anywhere; screenshots at desktop and phone width.
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { validateIban } from '../../src/iban/index.ts'
import { startApp, type TestApp } from '../helpers/app.ts'
import { parseCsv } from '../helpers/csv.ts'

const ARTIFACTS = join(import.meta.dirname, '..', '..', 'artifacts', 'screenshots')
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path))

describe('web page in Chromium', () => {
  let app: TestApp
  let browser: Browser
  let context: BrowserContext
  let page: Page
  const requested: string[] = []
  const cleanup: (() => unknown)[] = []

  before(async () => {
    assert.ok(CHROMIUM, 'chromium is installed (apt-get install -y chromium)')
    app = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { EXPORT_RATE_LIMIT: '1000' } })
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
    cleanup.push(() => browser.close())
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url })
    page = await context.newPage()
    page.on('request', (request) => requested.push(request.url()))
    await page.goto(app.url + '/')
    await page.waitForSelector('html[data-ready="true"]')
  })
  after(async () => {
    for (const fn of cleanup.reverse()) await fn()
  })

  /** Waits until the page finished the latest run it started of `what` (generat…, validat…). */
  async function settled(what: 'generat' | 'validat'): Promise<void> {
    await page.waitForFunction((name) => {
      const data = document.documentElement.dataset
      return data[`${name}ing`] !== undefined && data[`${name}ing`] === data[`${name}ed`]
    }, what)
  }

  async function generateIn(code: string, count: number, seed: string, realistic = true): Promise<string[]> {
    await page.fill('#search', code.toLowerCase())
    await page.selectOption('#country', code)
    await page.fill('#count', String(count))
    await page.fill('#seed', seed)
    await page.setChecked('#realistic', realistic)
    await page.click('#generate')
    await settled('generat')
    const texts = await page.locator('#results code.iban').allTextContents()
    return texts.map((text) => text.replace(/ /g, ''))
  }

  async function typeIban(input: string): Promise<void> {
    await page.fill('#iban', '')
    await page.locator('#iban').pressSequentially(input, { delay: 0 })
    await settled('validat')
  }

  test('generates what the API generates for the same seed, for several countries and both modes', async () => {
    for (const [code, realistic] of [
      ['DE', true],
      ['FR', true],
      ['NO', false],
      ['GB', true],
      ['BR', false],
      ['LC', true],
    ] as const) {
      const ibans = await generateIn(code, 4, `page-${code}`, realistic)
      const rest = await app.call('GET', `/api/v1/generate/${code}?count=4&seed=page-${code}&realistic=${realistic}`, {
        headers: app.auth,
      })
      const expected = (rest.body as { ibans: { iban: string }[] }).ibans.map((i) => i.iban)
      assert.deepEqual(ibans, expected, code)
      for (const iban of ibans) assert.equal(validateIban(iban).valid, true, iban)
    }
  })

  test('shows each realistic IBAN’s bank and BIC; negative test data fails the chosen check, as the API does', async () => {
    await generateIn('DE', 3, 'bank')
    const banks = await page.locator('#results .bank').allTextContents()
    assert.equal(banks.length, 3)
    const rest = await app.call('GET', '/api/v1/generate/DE?count=3&seed=bank', { headers: app.auth })
    const expected = (rest.body as { ibans: { bank: { name: string; bic: string } }[] }).ibans
    assert.deepEqual(
      banks,
      expected.map((item) => `${item.bank.name} · ${item.bank.bic}`),
    )
    await page.selectOption('#invalid', 'national')
    const broken = await generateIn('FR', 5, 'broken')
    const api = await app.call('GET', '/api/v1/generate/FR?count=5&seed=broken&invalid=national', { headers: app.auth })
    assert.deepEqual(
      broken,
      (api.body as { ibans: { iban: string }[] }).ibans.map((i) => i.iban),
    )
    for (const iban of broken) assert.equal(validateIban(iban).checks.national, false)
    assert.match((await page.getAttribute('a[data-format="csv"]', 'href')) ?? '', /invalid=national/)
    await generateIn('AT', 2, 'none')
    assert.match((await page.textContent('#generate-error')) ?? '', /invalid=national cannot be made for AT/)
    await page.selectOption('#invalid', '')
  })

  test('shows the format and highlights the parts by structure letter', async () => {
    await generateIn('FR', 1, 'parts')
    assert.match((await page.textContent('#format')) ?? '', /27 characters · BBAN 5n5n11c2n/)
    const parts = await page
      .locator('#results li')
      .first()
      .locator('span.part')
      .evaluateAll((nodes: HTMLElement[]) =>
        nodes.map((node): [string, string] => [
          node.className.replace('part part-', ''),
          (node.textContent ?? '').replace(/ /g, ''),
        ]),
      )
    const letters = parts.map(([letter]) => letter)
    for (const letter of ['k', 'b', 's', 'c', 'x'])
      assert.ok(letters.includes(letter), `${letter} in ${letters.join('')}`)
    const bank = parts
      .filter(([letter]) => letter === 'b')
      .map(([, text]) => text)
      .join('')
    assert.equal(bank.length, 5)
  })

  test('search filters the 91 countries and 16 territories; the select keeps every match', async () => {
    await page.fill('#search', '')
    assert.equal(await page.locator('#country option').count(), 107)
    await page.fill('#search', 'land')
    const names = await page.locator('#country option').allTextContents()
    assert.ok(names.includes('Finland (FI)') && names.includes('Iceland (IS)'), names.join(', '))
    assert.ok(names.includes('Åland Islands (AX, FI IBANs)'), names.join(', '))
    await page.fill('#search', '')
  })

  test('copy one and copy all put the IBANs on the clipboard', async () => {
    const ibans = await generateIn('IT', 3, 'copy')
    await page.locator('#results button.copy').nth(1).click()
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), ibans[1])
    await page.click('#copy-all')
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), ibans.join('\n'))
  })

  test('validates as you type: valid, broken check digits, wrong national check, unsupported, bad characters', async () => {
    const cases: [string, RegExp, Record<string, string>][] = [
      ['de89 3704 0044 0532 0130 00', /^Valid: DE89 3704 0044 0532 0130 00$/, { 'MOD-97 check digits': 'pass' }],
      ['DE89370400440532013001', /^Invalid\. The check digits do not match/, { 'MOD-97 check digits': 'fail' }],
      ['FR7630006000011234567890188', /^Invalid\./, { 'Country supported': 'pass' }],
      ['XX12 3456', /^Invalid\. XX is not a supported IBAN country\.$/, { 'Country supported': 'fail' }],
      ['DE89-3704', /^iban must be 1 to 64 letters and digits/, {}],
    ]
    for (const [input, verdict, checks] of cases) {
      await typeIban(input)
      assert.match((await page.textContent('#validation .verdict')) ?? '', verdict, input)
      for (const [label, expected] of Object.entries(checks)) {
        const cell = page.locator('#validation tr', { hasText: label }).locator('td')
        assert.equal(await cell.textContent(), expected, `${input}: ${label}`)
      }
    }
    await typeIban('GB82WEST12345698765432')
    const parts = await page.locator('#validation table').nth(1).textContent()
    assert.match(parts ?? '', /bankWEST/)
    // A German account that fails its bank's method (Commerzbank, method 13), MOD-97 right.
    await typeIban('DE74370400440542013000')
    assert.match((await page.textContent('#validation .verdict')) ?? '', /fails its bank’s check method 13/)
    assert.ok(
      requested.some((url) => /\/assets\/banks-de-[\w-]{16}\.txt$/.test(url)),
      'DE bank data fetched',
    )
  })

  test('territories mint their country’s IBANs; realistic rows come from the whole registry', async () => {
    const guiana = await generateIn('GF', 3, 'territory')
    const api = await app.call('GET', '/api/v1/generate/GF?count=3&seed=territory', { headers: app.auth })
    assert.deepEqual(
      guiana,
      (api.body as { ibans: { iban: string }[] }).ibans.map((i) => i.iban),
    )
    assert.ok(guiana.every((iban) => iban.startsWith('FR')))
    const german = await generateIn('DE', 100, 'registry')
    assert.ok(new Set(german.map((iban) => iban.slice(4, 12))).size > 90, 'banks from the whole registry')
  })

  test('downloads every format from the keyless export with the current settings', async () => {
    await generateIn('DE', 7, 'download')
    for (const format of ['csv', 'json', 'sql', 'txt']) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(`a[data-format="${format}"]`)])
      assert.equal(download.suggestedFilename(), `ibans-de-7.${format}`)
      const text = readFileSync(await download.path(), 'utf8')
      const api = await app.call('GET', `/export/DE?format=${format}&count=7&realistic=1&seed=download`)
      assert.equal(text, api.text, format)
      if (format === 'csv') assert.equal((await parseCsv(text)).length, 7)
      if (format === 'json') assert.equal((JSON.parse(text) as unknown[]).length, 7)
      if (format === 'sql') assert.match(text, /INSERT INTO ibans/)
      if (format === 'txt') assert.equal(text.trim().split('\n').length, 7)
    }
  })

  test('keyboard only: tab to Generate and press Enter', async () => {
    await page.fill('#count', '2')
    await page.focus('#invalid')
    await page.keyboard.press('Tab')
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'generate')
    await page.keyboard.press('Enter')
    await settled('generat')
    assert.equal(await page.locator('#results li').count(), 2)
  })

  test('every form control has a label; no external request; no key in the page', async () => {
    const unlabeled = await page.evaluate(() =>
      [...document.querySelectorAll('input, select')]
        .filter((el) => (el as HTMLInputElement).labels?.length === 0)
        .map((el) => el.id),
    )
    assert.deepEqual(unlabeled, [])
    assert.ok(requested.length >= 3)
    for (const url of requested) assert.ok(url.startsWith(app.url), url)
    const html = await page.content()
    const scripts = await Promise.all(
      requested.filter((u) => u.endsWith('.js')).map(async (u) => (await fetch(u)).text()),
    )
    for (const text of [html, ...scripts]) {
      assert.doesNotMatch(text, /imk_[0-9A-Za-z]{12}_/)
      assert.doesNotMatch(text, /x-api-key/i)
    }
  })

  test('screenshots at desktop and phone width; first render and bundle size', async () => {
    mkdirSync(ARTIFACTS, { recursive: true })
    await generateIn('DE', 5, 'shot')
    await typeIban('DE89 3704 0044 0532 0130 00')
    await page.screenshot({ path: join(ARTIFACTS, 'desktop.png'), fullPage: true })
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
    })
    const small = await phone.newPage()
    await small.goto(app.url + '/')
    await small.waitForSelector('html[data-ready="true"]')
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert.ok(overflow <= 0, `no horizontal scrolling on a phone (${overflow} px)`)
    await small.screenshot({ path: join(ARTIFACTS, 'phone.png'), fullPage: true })
    const paint = await small.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1)
    await phone.close()
    const script = requested.find((u) => /\/assets\/app-.*\.js$/.test(u)) as string
    const bytes = (await (await fetch(script)).arrayBuffer()).byteLength
    // fetch decompresses the body; the length it was sent with is the gzipped size.
    const gzipped = Number(
      (await fetch(script, { headers: { 'accept-encoding': 'gzip' } })).headers.get('content-length'),
    )
    assert.ok(gzipped <= 60 * 1024, `script ${gzipped} bytes gzipped; at most 60 KB`)
    assert.ok(existsSync(join(ARTIFACTS, 'desktop.png')) && existsSync(join(ARTIFACTS, 'phone.png')))
    console.log(
      `# web: script ${bytes} bytes (${gzipped} gzipped), first contentful paint ${paint.toFixed(0)} ms (phone context)`,
    )
  })
})
