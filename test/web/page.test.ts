// The web page in headless Chromium (Debian's chromium, driven by playwright-core): generate for
// several countries and compare with the API, the country search's ranking, copy, validate as
// you type (incomplete, then valid or invalid) with each country's names for its parts, errors
// that go once fixed, downloads that hold the rows shown (every format, at 1280 and 390 px),
// keyboard use, labels, no external requests and no key anywhere. Layout, contrast, icons and
// screenshots: layout.test.ts; the links of the page and the guide: guide.test.ts.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { COUNTRIES, TERRITORIES, validateIban } from '../../src/iban/index.ts'
import { startApp, type TestApp } from '../helpers/app.ts'
import { parseCsv } from '../helpers/csv.ts'
import { CHROMIUM, generateIn as generateOn, settled as settledOn, typeIban as typeOn } from './driver.ts'
import { SEARCH_CASES } from './search-cases.ts'

/** The IBANs of a downloaded file, in order, read the way each format writes them. */
async function ibansOf(format: string, text: string): Promise<string[]> {
  if (format === 'csv') return (await parseCsv(text)).map((row) => row['iban'] as string)
  if (format === 'json') return (JSON.parse(text) as { iban: string }[]).map((row) => row.iban)
  if (format === 'sql') return [...text.matchAll(/^\('([A-Z0-9]+)',/gm)].map((match) => match[1] as string)
  return text.trim().split('\n')
}

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

  const settled = (what: 'generat' | 'validat') => settledOn(page, what)
  const generateIn = (code: string, count: number, seed: string, realistic = true) =>
    generateOn(page, code, count, seed, realistic)
  const typeIban = (input: string) => typeOn(page, input)

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
    const banks = await page.locator('#results td.bank').allTextContents()
    const bics = await page.locator('#results td.bic').allTextContents()
    assert.equal(banks.length, 3)
    const rest = await app.call('GET', '/api/v1/generate/DE?count=3&seed=bank', { headers: app.auth })
    const expected = (rest.body as { ibans: { bank: { name: string; bic: string } }[] }).ibans
    assert.deepEqual(
      banks,
      expected.map((item) => item.bank.name),
    )
    assert.deepEqual(
      bics,
      expected.map((item) => item.bank.bic),
    )
    // A row's full bank name is its cell's title too: a long one is cut short with an ellipsis.
    assert.deepEqual(
      await page.locator('#results td.bank').evaluateAll((cells: HTMLElement[]) => cells.map((cell) => cell.title)),
      banks,
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
    assert.equal(await page.locator('#results tbody tr').count(), 0)
    await page.selectOption('#invalid', '')
    await settled('generat')
  })

  test('shows the format and highlights the parts by structure letter', async () => {
    await generateIn('FR', 1, 'parts')
    assert.match((await page.textContent('#format')) ?? '', /27 characters · BBAN 5n5n11c2n/)
    const parts = await page
      .locator('#results tbody tr')
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
    await page.fill('#search', 'gf')
    assert.deepEqual(await page.locator('#country option').allTextContents(), ['French Guiana (GF, FR IBANs)'])
    await page.fill('#search', 'land')
    const names = await page.locator('#country option').allTextContents()
    assert.ok(names.includes('Finland (FI)') && names.includes('Iceland (IS)'), names.join(', '))
    assert.ok(names.includes('Åland Islands (AX, FI IBANs)'), names.join(', '))
    await page.fill('#search', '')
  })

  test('the search chooses the best match: an exact code, then UK for GB, then names (a table of inputs)', async () => {
    const codes = () =>
      page.locator('#country option').evaluateAll((options: HTMLOptionElement[]) => options.map((o) => o.value))
    for (const [typed, first] of SEARCH_CASES) {
      await page.fill('#search', typed)
      const listed = await codes()
      assert.deepEqual(listed.slice(0, first.length), first, `${typed}: ${listed.join(' ')}`)
      assert.equal(await page.inputValue('#country'), first[0] ?? '', typed)
    }
    // Nothing matches: said under the form once committed, and nothing is chosen.
    await page.fill('#search', 'zz top')
    await page.click('#generate')
    await settled('generat')
    assert.equal(await page.textContent('#generate-error'), 'No country matches the search: change or clear it.')
    // Cleared, every entry is back and the last choice stays.
    await page.fill('#search', 'uk')
    await page.fill('#search', '')
    assert.equal(await page.inputValue('#country'), 'GB')
    assert.equal((await codes()).length, 107)
    await settled('generat')
  })

  test('each of the 91 country codes and 16 territory codes, typed exactly, chooses that entry and generates for it', async () => {
    const typed = [...COUNTRIES.map((c) => c.code), ...TERRITORIES.map((t) => t.code)]
    assert.equal(typed.length, 107)
    const wrong: string[] = []
    for (const code of typed) {
      await page.fill('#search', code)
      const chosen = await page.inputValue('#country')
      if (chosen !== code) wrong.push(`${code} → ${chosen}`)
    }
    assert.deepEqual(wrong, [])
    // The last one typed (Guernsey) is what the table shows, with GB IBANs.
    await settled('generat')
    assert.match((await page.textContent('#summary')) ?? '', /IBANs? for Guernsey/)
    assert.match((await page.locator('#results code.iban').first().textContent()) ?? '', /^GB/)
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
      ['GF76 3000 6000', /^Invalid\. GF is not an IBAN country code: French Guiana uses FR IBANs\.$/, {}],
      ['DE89-3704', /^Invalid\. “-” cannot be in an IBAN/, {}],
    ]
    for (const [input, verdict, checks] of cases) {
      await typeIban(input)
      assert.match((await page.textContent('#verdict')) ?? '', verdict, input)
      for (const [label, expected] of Object.entries(checks)) {
        const cell = page.locator('#validation tr', { hasText: label }).locator('td')
        assert.equal(await cell.textContent(), expected, `${input}: ${label}`)
      }
    }
    await typeIban('GB82WEST12345698765432')
    const parts = await page.locator('#validation table').nth(1).textContent()
    assert.match(parts ?? '', /bank codeWEST/)
    // WEST is no registered bank: informative, a plain "no" beside a valid verdict, not a red "fail".
    assert.match((await page.textContent('#verdict')) ?? '', /^Valid: GB82 WEST/)
    const registered = page.locator('#validation tr', { hasText: 'Bank code in the registry' }).locator('td')
    assert.deepEqual([await registered.textContent(), await registered.getAttribute('class')], ['no', 'na'])
    // A German account that fails its bank's method (Commerzbank, method 13), MOD-97 right.
    await typeIban('DE74370400440542013000')
    assert.match(
      (await page.textContent('#verdict')) ?? '',
      /^Invalid\. The account fails its bank’s check method 13: no account there has this number\./,
    )
    assert.ok(
      requested.some((url) => /\/assets\/banks-de-[\w-]{16}\.txt$/.test(url)),
      'DE bank data fetched',
    )
  })

  test('the national check and the BBAN parts carry the names of the IBAN’s own country', async () => {
    const cases: [string, string, [string, string][]][] = [
      [
        'GB33BUKB20201555555555',
        'Sort code and account number (UK modulus check)',
        [
          ['bank code', 'BUKB'],
          ['sort code', '202015'],
          ['account number', '55555555'],
        ],
      ],
      [
        'FR7630006000011234567890189',
        'National check digits (RIB key)',
        [
          ['bank code', '30006'],
          ['branch code', '00001'],
          ['account number', '12345678901'],
          ['RIB key', '89'],
        ],
      ],
      [
        'IT60X0542811101000000123456',
        'National check digit (CIN)',
        [
          ['national check digit (CIN)', 'X'],
          ['bank code (ABI)', '05428'],
          ['branch code (CAB)', '11101'],
          ['account number', '000000123456'],
        ],
      ],
      [
        'ES9121000418450200051332',
        'National check digits (DC digit 1 and DC digit 2)',
        [
          ['bank code', '2100'],
          ['branch code', '0418'],
          ['DC digit 1 (bank and branch)', '4'],
          ['DC digit 2 (account)', '5'],
          ['account number', '0200051332'],
        ],
      ],
      [
        'DE89370400440532013000',
        'Account number by its bank’s check method',
        [
          ['bank code', '37040044'],
          ['account number', '0532013000'],
        ],
      ],
      [
        'CH9300762011623852957',
        'PostFinance postal account check digit (IID 09000)',
        [
          ['IID (clearing number)', '00762'],
          ['account number', '011623852957'],
        ],
      ],
    ]
    for (const [iban, national, parts] of cases) {
      await typeIban(iban)
      assert.match((await page.textContent('#verdict')) ?? '', /^Valid: /, iban)
      const checks = await page.locator('#validation table').first().locator('th').allTextContents()
      assert.equal(checks[4], national, iban)
      const rows = await page
        .locator('#validation table.parts tr')
        .evaluateAll((trs: HTMLTableRowElement[]) =>
          trs.map((tr) => [tr.cells[0]?.textContent, tr.cells[1]?.textContent]),
        )
      assert.deepEqual(rows.slice(0, parts.length), parts, iban)
    }
    // A British account its sort code's check refuses (MOD-97 made right): said in those words.
    await typeIban('GB06BUKB20201555555556')
    assert.match(
      (await page.textContent('#verdict')) ?? '',
      /^Invalid\. The account fails its sort code’s modulus check \(/,
    )
  })

  /** The verdict's text and class, the progress line, and whether the field is marked invalid. */
  async function verdict(): Promise<{ text: string; kind: string; progress: string; invalid: boolean }> {
    return {
      text: (await page.textContent('#verdict')) ?? '',
      kind: ((await page.getAttribute('#verdict', 'class')) ?? '').replace('verdict', '').trim(),
      progress: (await page.textContent('#iban-progress')) ?? '',
      invalid: (await page.getAttribute('#iban', 'aria-invalid')) === 'true',
    }
  }

  test('while an IBAN is shorter than its country’s length it is “incomplete” in grey; red only once complete, submitted or left', async () => {
    const iban = 'DE89370400440532013000'
    // Every prefix typed one key at a time, from the first character to the last but one.
    await page.fill('#iban', '')
    for (let i = 1; i < iban.length; i++) {
      await page.locator('#iban').press(iban[i - 1] as string)
      await settled('validat')
      const now = await verdict()
      assert.equal(now.kind, 'pending', `after ${i} characters: ${now.text}`)
      assert.match(
        now.text,
        i < 2 ? /^Incomplete: an IBAN starts with/ : /^Incomplete: Germany IBANs have 22 characters\.$/,
      )
      if (i >= 2) assert.equal(now.progress, `${i} of 22 characters`)
      assert.equal(now.invalid, false)
      assert.equal(await page.locator('#validation table').count(), 0)
    }
    await page.locator('#iban').press('0')
    await settled('validat')
    assert.deepEqual((await verdict()).kind, 'ok')
    // Complete with a typo: red at once, with the checks.
    await typeIban('DE89370400440532013001')
    assert.equal((await verdict()).kind, 'bad')
    assert.equal((await verdict()).invalid, true)
    // Too short, submitted with Enter: red, saying how long it is.
    await typeIban('DE89 3704 0044 0532 0130 0')
    assert.equal((await verdict()).kind, 'pending')
    await page.locator('#iban').press('Enter')
    await settled('validat')
    const submitted = await verdict()
    assert.equal(submitted.kind, 'bad')
    assert.match(submitted.text, /^Invalid\. DE IBANs have 22 characters; this one has 21\.$/)
    // Typing again is typing again: incomplete until complete; fixed, the error is gone.
    await page.locator('#iban').press('Backspace')
    await settled('validat')
    assert.equal((await verdict()).kind, 'pending')
    await page.locator('#iban').pressSequentially('00', { delay: 0 })
    await settled('validat')
    assert.deepEqual(await verdict(), {
      text: 'Valid: DE89 3704 0044 0532 0130 00',
      kind: 'ok',
      progress: '',
      invalid: false,
    })
    // Too short, left for the next field: red as well.
    await typeIban('NO93 8601 1117')
    assert.equal((await verdict()).kind, 'pending')
    await page.locator('#iban').press('Tab')
    await settled('validat')
    assert.match((await verdict()).text, /^Invalid\. NO IBANs have 15 characters; this one has 12\.$/)
    // The Validate button submits too; one character too many is red without it.
    await typeIban('NO93 8601 1117 9470')
    assert.match((await verdict()).text, /^Invalid\. NO IBANs have 15 characters; this one has 16\.$/)
    await typeIban('N')
    await page.click('#validate')
    await settled('validat')
    assert.equal((await verdict()).text, 'Invalid. An IBAN starts with its two-letter country code.')
    await typeIban('')
    assert.deepEqual(await verdict(), { text: '', kind: '', progress: '', invalid: false })
  })

  test('a setting error shows when committed, not while typing, and goes as soon as the setting is fixed', async () => {
    await generateIn('DE', 3, 'errors')
    const error = async () => (await page.textContent('#generate-error')) ?? ''
    // Typing a count that is not (yet) valid: no error, the rows stay.
    await page.fill('#count', '')
    assert.equal(await error(), '')
    assert.equal(await page.locator('#results tbody tr').count(), 3)
    // Committed (Generate): the error, on the field too.
    await page.fill('#count', '0')
    await page.click('#generate')
    await settled('generat')
    assert.equal(await error(), 'Count must be a whole number from 1 to 100.')
    assert.equal(await page.getAttribute('#count', 'aria-invalid'), 'true')
    // Fixed: gone at once, and the rows follow the new count.
    await page.fill('#count', '4')
    await settled('generat')
    assert.equal(await error(), '')
    assert.equal(await page.getAttribute('#count', 'aria-invalid'), null)
    assert.equal(await page.locator('#results tbody tr').count(), 4)
    // Leaving the field commits it as well.
    await page.fill('#count', '101')
    await page.locator('#count').press('Tab')
    assert.equal(await error(), 'Count must be a whole number from 1 to 100.')
    await page.fill('#count', '2')
    await settled('generat')
    assert.equal(await error(), '')
    // A kind the country cannot have: the error goes with a country that can.
    await page.selectOption('#invalid', 'national')
    await page.fill('#search', '')
    await page.selectOption('#country', 'AT')
    await settled('generat')
    assert.match(await error(), /cannot be made for AT/)
    assert.equal(await page.getAttribute('#invalid', 'aria-invalid'), 'true')
    await page.selectOption('#country', 'FR')
    await settled('generat')
    assert.equal(await error(), '')
    assert.equal(await page.locator('#results tbody tr').count(), 2)
    await page.selectOption('#invalid', '')
    await settled('generat')
  })

  test('countries and territories are listed together by English name; the format names the country', async () => {
    await page.fill('#search', '')
    const labels = await page.locator('#country option').allTextContents()
    assert.deepEqual(
      labels,
      [...labels].sort((a, b) => a.localeCompare(b, 'en')),
    )
    assert.equal(labels[0], 'Åland Islands (AX, FI IBANs)')
    assert.equal(labels.at(-1), 'Yemen (YE)')
    const at = (label: string) => labels.indexOf(label)
    assert.ok(at('France (FR)') < at('French Guiana (GF, FR IBANs)'))
    assert.ok(at('French Guiana (GF, FR IBANs)') < at('French Polynesia (PF, FR IBANs)'))
    assert.ok(at('Germany (DE)') > at('Georgia (GE)'))
    await page.selectOption('#country', 'AX')
    await settled('generat')
    assert.match((await page.textContent('#format')) ?? '', /^Åland Islands \(FI IBANs\): 18 characters/)
    assert.match((await page.textContent('#summary')) ?? '', /^\d+ IBANs? for Åland Islands(, seed [a-z2-9]{8})?$/)
  })

  test('territories mint their country’s IBANs; realistic rows come from the whole registry', async () => {
    const guiana = await generateIn('GF', 3, 'territory')
    const api = await app.call('GET', '/api/v1/generate/GF?count=3&seed=territory', { headers: app.auth })
    assert.deepEqual(
      guiana,
      (api.body as { ibans: { iban: string }[] }).ibans.map((i) => i.iban),
    )
    assert.ok(guiana.every((iban) => iban.startsWith('FR')))
    // The page draws from the whole registry in the weighted mix, as the API does: the same rows.
    const german = await generateIn('DE', 100, 'registry')
    const apiGerman = await app.call('GET', '/api/v1/generate/DE?count=100&seed=registry', { headers: app.auth })
    assert.deepEqual(
      german,
      (apiGerman.body as { ibans: { iban: string }[] }).ibans.map((i) => i.iban),
    )
    assert.ok(new Set(german.map((iban) => iban.slice(4, 12))).size > 60, 'banks from the whole registry')
  })

  /** The rows the table shows, compact. */
  const shown = (on: Page) =>
    on
      .locator('#results code.iban')
      .allTextContents()
      .then((texts) => texts.map((text) => text.replace(/ /g, '')))

  const FORMATS = ['csv', 'json', 'sql', 'txt']

  /** Each format's download, clicked: its file name and its IBANs. */
  async function downloads(on: Page): Promise<Map<string, { name: string; ibans: string[] }>> {
    const files = new Map<string, { name: string; ibans: string[] }>()
    for (const format of FORMATS) {
      const [download] = await Promise.all([on.waitForEvent('download'), on.click(`a[data-format="${format}"]`)])
      const text = readFileSync(await download.path(), 'utf8')
      files.set(format, { name: download.suggestedFilename(), ibans: await ibansOf(format, text) })
    }
    return files
  }

  /**
   * Each format's file as its link names it, fetched here: Chromium lets one tab download ten
   * files, then refuses the eleventh without a word.
   */
  async function linkedFiles(on: Page): Promise<Map<string, string[]>> {
    const files = new Map<string, string[]>()
    for (const format of FORMATS) {
      const href = await on.locator(`a[data-format="${format}"]`).evaluate((link: HTMLAnchorElement) => link.href)
      files.set(format, await ibansOf(format, await (await fetch(href)).text()))
    }
    return files
  }

  test('every download holds exactly the rows shown, no seed typed or one typed, at 1280 and 390 px', async () => {
    const phone = await browser.newContext({
      acceptDownloads: true,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    })
    cleanup.push(() => phone.close())
    const small = await phone.newPage()
    await small.goto(app.url + '/')
    await small.waitForSelector('html[data-ready="true"]')
    for (const on of [page, small]) {
      const width = on === page ? 1280 : 390
      // No seed typed: the page draws one, shows it, and the files use it.
      await generateOn(on, 'DE', 7, '')
      const rows = await shown(on)
      assert.equal(rows.length, 7)
      for (const [format, file] of await downloads(on)) {
        assert.equal(file.name, `ibans-de-7.${format}`)
        assert.deepEqual(file.ibans, rows, `${width} ${format}`)
      }
      const seed = (await on.locator('#summary .seed code').textContent()) ?? ''
      assert.match(seed, /^[a-z2-9]{8}$/, `${width}: the drawn seed is shown`)
      // The same seed typed gives the same rows; more rows continue them.
      const api = await app.call('GET', `/api/v1/generate/DE?count=7&seed=${seed}`, { headers: app.auth })
      assert.deepEqual(
        (api.body as { ibans: { iban: string }[] }).ibans.map((i) => i.iban),
        rows,
      )
      await on.fill('#count', '12')
      await settledOn(on, 'generat')
      const more = await shown(on)
      assert.deepEqual(more.slice(0, 7), rows, `${width}: 12 rows begin with the 7`)
      assert.equal(await on.locator('#summary .seed code').textContent(), seed)
      for (const [format, ibans] of await linkedFiles(on)) assert.deepEqual(ibans, more, `${width} ${format} (12)`)
      // Generate asks for new IBANs: a new seed, new rows, and files that follow.
      await on.click('#generate')
      await settledOn(on, 'generat')
      const fresh = await shown(on)
      assert.notEqual(await on.locator('#summary .seed code').textContent(), seed)
      assert.notDeepEqual(fresh, more)
      for (const [format, ibans] of await linkedFiles(on)) assert.deepEqual(ibans, fresh, `${width} ${format} (new)`)
      // A territory in random mode, negative data, and a typed seed: the same holds.
      await on.selectOption('#invalid', 'national')
      await generateOn(on, 'GF', 5, '', false)
      const broken = await shown(on)
      for (const [format, ibans] of await linkedFiles(on)) assert.deepEqual(ibans, broken, `${width} GF ${format}`)
      for (const iban of broken) assert.equal(validateIban(iban).checks.national, false, iban)
      await on.selectOption('#invalid', '')
      const typed = await generateOn(on, 'IT', 4, 'my-seed')
      assert.equal(await on.locator('#summary .seed').count(), 0, 'a typed seed is not repeated')
      for (const [format, file] of await downloads(on)) {
        assert.equal(file.name, `ibans-it-4.${format}`)
        assert.deepEqual(file.ibans, typed, `${width} IT ${format}`)
      }
      await on.fill('#seed', '')
    }
  })

  test('keyboard only: every control in order, Enter generates, a row’s copy button copies its IBAN', async () => {
    await page.fill('#count', '2')
    await settled('generat')
    await page.focus('#search')
    const order: string[] = []
    for (let i = 0; i < 13; i++) {
      order.push(
        await page.evaluate(() => {
          const active = document.activeElement as HTMLElement
          return active.id || `${active.tagName.toLowerCase()}:${active.textContent?.trim() ?? ''}`
        }),
      )
      await page.keyboard.press('Tab')
    }
    assert.deepEqual(order, [
      'search',
      'country',
      'count',
      'seed',
      'invalid',
      'realistic',
      'generate',
      'copy-all',
      'a:CSV',
      'a:JSON',
      'a:SQL',
      'a:TXT',
      'button:Copy',
    ])
    await page.focus('#generate')
    await page.keyboard.press('Enter')
    await settled('generat')
    const ibans = (await page.locator('#results code.iban').allTextContents()).map((text) => text.replace(/ /g, ''))
    assert.equal(ibans.length, 2)
    await page.focus('#results button.copy >> nth=1')
    await page.keyboard.press('Enter')
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), ibans[1])
    assert.equal(await page.textContent('#status'), `Copied ${ibans[1]}`)
    // The masthead's link to the validator moves the focus there.
    await page.click('nav a[href="#validate-title"]')
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'validate-title')
  })

  test('every control has a label or name; results and verdicts are announced; links to the API reference', async () => {
    const unlabeled = await page.evaluate(() =>
      [...document.querySelectorAll('input, select')]
        .filter((el) => (el as HTMLInputElement).labels?.length === 0)
        .map((el) => el.id),
    )
    assert.deepEqual(unlabeled, [])
    const nameless = await page.evaluate(() =>
      [...document.querySelectorAll('button, a')]
        .filter((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() === '')
        .map((el) => el.outerHTML),
    )
    assert.deepEqual(nameless, [])
    // Each row's copy button says which IBAN it copies.
    const first = await page.locator('#results code.iban').first().textContent()
    assert.equal(
      await page.locator('#results button.copy').first().getAttribute('aria-label'),
      `Copy ${first?.replace(/ /g, '')}`,
    )
    assert.equal(await page.getAttribute('#verdict', 'role'), 'status')
    assert.equal(await page.getAttribute('#status', 'role'), 'status')
    assert.equal(await page.getAttribute('#generate-error', 'role'), 'alert')
    assert.match((await page.textContent('#status')) ?? '', /^(\d+ IBANs? for|Copied)/)
    assert.equal(await page.getAttribute('#results', 'role'), 'table')
    assert.equal((await page.locator('#results tbody tr[role="row"] td[role="cell"]').count()) > 0, true)
    // The API reference, from the masthead and the footer.
    assert.equal(await page.locator('a[href="/docs"]', { hasText: 'API reference' }).count(), 2)
  })

  test('no external request; no key in the page', async () => {
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
})
