import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { request } from 'undici'
import { COUNTRIES, findCountry, generateIbans, validateIban } from '../../src/iban/index.ts'
import { columnsOf, renderBatch } from '../../src/formats/render.ts'
import { batchesOf } from '../../src/formats/batches.ts'
import { assertError, startApp, type TestApp } from '../helpers/app.ts'
import { parseCsv } from '../helpers/csv.ts'
import { sqlite, startPostgres, type Postgres } from '../helpers/databases.ts'
import { waitFor } from '../helpers/wait.ts'

/** The part columns a row of `code` must have, from the registry. */
function expectedParts(code: string, iban: string): Record<string, string> {
  const parts = validateIban(iban).bban_parts
  assert.ok(parts, `${iban} has BBAN parts`)
  assert.deepEqual(Object.keys(parts), findCountry(code)?.partNames)
  return parts
}

/** What a single thread renders for this request: the reference for pool output. */
function reference(countries: string[], count: number, format: 'csv' | 'txt', seed: string): Buffer {
  const chunks = [...batchesOf(count)].map((batch) =>
    renderBatch({
      dataset: { countries, realistic: true, seed },
      start: batch.start,
      count: batch.count,
      format,
      first: batch.first,
      last: batch.last,
    }),
  )
  return Buffer.concat(chunks)
}

describe('export and bulk downloads', () => {
  let app: TestApp
  let postgres: Postgres
  const cleanup: (() => unknown)[] = []
  before(async () => {
    app = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { EXPORT_RATE_LIMIT: '1000' } })
    postgres = await startPostgres()
    cleanup.push(() => postgres.stop())
  })
  after(async () => {
    for (const fn of cleanup) await fn()
  })

  test('GET /export/{country}: csv by default, 10 rows, a column per BBAN part, file name and type', async () => {
    const res = await app.call('GET', '/export/fr')
    assert.equal(res.status, 200)
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8')
    assert.equal(res.headers['content-disposition'], 'attachment; filename="ibans-fr-10.csv"')
    const rows = await parseCsv(res.text)
    assert.equal(rows.length, 10)
    assert.deepEqual(Object.keys(rows[0] ?? {}), [
      'iban',
      'iban_print',
      'country',
      'check_digits',
      'bank',
      'branch',
      'account',
      'national_check',
      'bank_name',
      'bic',
      'sepa',
    ])
    for (const row of rows) {
      const result = validateIban(row['iban'] as string)
      assert.ok(result.valid)
      assert.equal(row['iban_print'], result.formatted)
      assert.equal(row['country'], 'FR')
      assert.equal(row['check_digits'], result.check_digits)
      assert.equal(row['bank_name'], result.bank?.name)
      assert.equal(row['bic'], result.bank?.bic)
      assert.equal(row['sepa'], 'true')
      const { iban: _iban, iban_print: _print, country: _country, check_digits: _digits, ...rest } = row
      const { bank_name: _name, bic: _bic, sepa: _sepa, ...parts } = rest
      assert.deepEqual(parts, expectedParts('FR', row['iban'] as string))
    }
  })

  test('export rows are distinct and carry bank name and BIC in realistic mode, nothing in random mode', async () => {
    for (const realistic of ['1', '0']) {
      const json = JSON.parse(
        (await app.call('GET', `/export/NO?count=100&format=json&realistic=${realistic}`)).text,
      ) as Record<string, unknown>[]
      assert.equal(new Set(json.map((row) => row['iban'])).size, 100)
      for (const row of json) {
        const bank = validateIban(row['iban'] as string).bank
        if (realistic === '1') {
          assert.ok(bank !== null)
          assert.equal(row['bank_name'], bank.name)
          assert.equal(row['bic'], bank.bic)
        } else {
          assert.equal(row['bank_name'], null)
          assert.equal(row['bic'], null)
        }
        assert.equal(row['sepa'], true)
      }
    }
    const turkey = await parseCsv((await app.call('GET', '/export/TR?count=3&realistic=0')).text)
    assert.deepEqual(
      turkey.map((row) => [row['bank_name'], row['bic'], row['sepa']]),
      [
        ['', '', 'false'],
        ['', '', 'false'],
        ['', '', 'false'],
      ],
    )
  })

  for (const spec of COUNTRIES.filter((_, i) => i % 9 === 0)) {
    test(`every format parses back and matches the registry: ${spec.code}`, async () => {
      const base = `/export/${spec.code}?count=25&seed=formats`
      const csv = await parseCsv((await app.call('GET', `${base}&format=csv`)).text)
      const json = JSON.parse((await app.call('GET', `${base}&format=json`)).text) as Record<string, string>[]
      const ndjson = (await app.call('GET', `${base}&format=ndjson`)).text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, string>)
      const txt = (await app.call('GET', `${base}&format=txt`)).text.trim().split('\n')
      assert.equal(csv.length, 25)
      // csv writes null as an empty field and booleans as true/false
      const asCsv = json.map((row) =>
        Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : String(v)])),
      )
      assert.deepEqual(csv, asCsv, 'csv and json carry the same rows')
      assert.deepEqual(json, ndjson)
      assert.deepEqual(
        txt,
        json.map((row) => row['iban']),
      )
      for (const row of json) {
        const { iban, iban_print: _print, country, check_digits: _digits, ...rest } = row
        const { bank_name: _name, bic: _bic, sepa, ...parts } = rest
        assert.equal(country, spec.code)
        assert.equal(sepa, spec.sepa)
        assert.deepEqual(parts, expectedParts(spec.code, iban as string))
      }
    })
  }

  test('sql loads into real SQLite and PostgreSQL and reads back the same rows', async () => {
    for (const code of ['DE', 'CZ', 'MT', 'BR']) {
      const res = await app.call('GET', `/export/${code}?format=sql&count=100&seed=sql&realistic=0`)
      assert.equal(res.headers['content-type'], 'application/sql; charset=utf-8')
      assert.equal(res.headers['content-disposition'], `attachment; filename="ibans-${code.toLowerCase()}-100.sql"`)
      const json = JSON.parse(
        (await app.call('GET', `/export/${code}?format=json&count=100&seed=sql&realistic=0`)).text,
      ) as Record<string, string>[]
      // Booleans print differently in each database: sepa is compared on its own.
      const columns = columnsOf([code]).filter((column) => column !== 'sepa')
      const query = `SELECT ${columns.join(', ')} FROM ibans ORDER BY iban;`
      const expected = json.map((row) => columns.map((c) => row[c]).join(',')).sort()
      assert.deepEqual(sqlite(res.text, query), expected, `SQLite ${code}`)
      assert.deepEqual(postgres.run(`DROP TABLE IF EXISTS ibans;\n${res.text}`, query), expected, `PostgreSQL ${code}`)
      const sepa = 'SELECT DISTINCT sepa FROM ibans;'
      assert.deepEqual(sqlite(res.text, sepa), [code === 'BR' ? '0' : '1'])
      assert.deepEqual(postgres.run(`DROP TABLE IF EXISTS ibans;\n${res.text}`, sepa), [code === 'BR' ? 'f' : 't'])
    }
  })

  test('export errors: unknown country 404, bad format / count / realistic 422 naming the parameter', async () => {
    assertError(await app.call('GET', '/export/XX'), 404, 'not_found')
    assert.match(
      assertError(await app.call('GET', '/export/DE?format=xml'), 422, 'invalid_request'),
      /format must be one of csv, json, ndjson, sql, txt/,
    )
    assert.match(
      assertError(await app.call('GET', '/export/DE?count=101'), 422, 'invalid_request'),
      /count must be an integer between 1 and 100/,
    )
    assert.match(assertError(await app.call('GET', '/export/DE?count=0'), 422, 'invalid_request'), /count/)
    assert.match(assertError(await app.call('GET', '/export/DE?realistic=2'), 422, 'invalid_request'), /realistic/)
    assert.equal((await app.call('GET', '/export/DE?realistic=0&count=1')).status, 200)
    assertError(await app.call('POST', '/export/DE'), 405, 'method_not_allowed')
  })

  test('export is keyless and limited to 30 downloads per minute per client IP', async () => {
    const limited = await startApp({ after: (fn) => cleanup.push(fn) })
    for (let i = 0; i < 30; i++) {
      const res = await limited.call('GET', '/export/DE?count=1&format=txt')
      assert.equal(res.status, 200, `download ${i + 1}`)
    }
    const over = await limited.call('GET', '/export/DE?count=1&format=txt')
    assertError(over, 429, 'rate_limited')
    assert.ok(Number(over.headers['retry-after']) >= 1)
    assert.equal(over.headers['ratelimit-limit'], '30')
  })

  test('TRUST_PROXY decides whether X-Forwarded-For names the client', async () => {
    const direct = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { EXPORT_RATE_LIMIT: '1' } })
    assert.equal(
      (await direct.call('GET', '/export/DE?count=1', { headers: { 'x-forwarded-for': '203.0.113.1' } })).status,
      200,
    )
    assert.equal(
      (await direct.call('GET', '/export/DE?count=1', { headers: { 'x-forwarded-for': '203.0.113.2' } })).status,
      429,
      'forged header ignored',
    )
    const proxied = await startApp(
      { after: (fn) => cleanup.push(fn) },
      { env: { EXPORT_RATE_LIMIT: '1', TRUST_PROXY: '1' } },
    )
    assert.equal(
      (await proxied.call('GET', '/export/DE?count=1', { headers: { 'x-forwarded-for': '203.0.113.1' } })).status,
      200,
    )
    assert.equal(
      (await proxied.call('GET', '/export/DE?count=1', { headers: { 'x-forwarded-for': '203.0.113.2' } })).status,
      200,
      'another client',
    )
    assert.equal(
      (await proxied.call('GET', '/export/DE?count=1', { headers: { 'x-forwarded-for': '198.51.100.9, 203.0.113.2' } }))
        .status,
      429,
      'only the last hop is believed',
    )
  })

  test('bulk needs a key, counts as one request, and takes counts beyond 100', async () => {
    assertError(await app.call('GET', '/api/v1/bulk/DE?count=5'), 401, 'unauthorized')
    const { key } = await app.createKey({ limit: 2 })
    const res = await app.call('GET', '/api/v1/bulk/DE?count=25000&format=txt', { headers: { 'x-api-key': key } })
    assert.equal(res.status, 200)
    assert.equal(res.headers['ratelimit-remaining'], '1')
    assert.equal(res.headers['content-disposition'], 'attachment; filename="ibans-de-25000.txt"')
    const lines = res.text.trim().split('\n')
    assert.equal(lines.length, 25000)
    assert.ok(lines.every((iban) => iban.startsWith('DE') && iban.length === 22))
    assert.match(
      assertError(
        await app.call('GET', '/api/v1/bulk/DE?count=10000001', { headers: app.auth }),
        422,
        'invalid_request',
      ),
      /10,000,000/,
    )
    assertError(await app.call('GET', '/api/v1/bulk/DE,XX', { headers: app.auth }), 404, 'not_found')
  })

  test('bulk with a comma list draws across countries; csv has the union of their part columns', async () => {
    const res = await app.call('GET', '/api/v1/bulk/de,fr,cz?count=3000&seed=mix', { headers: app.auth })
    assert.equal(res.headers['content-disposition'], 'attachment; filename="ibans-de-fr-cz-3000.csv"')
    const rows = await parseCsv(res.text)
    assert.equal(rows.length, 3000)
    assert.deepEqual(Object.keys(rows[0] ?? {}), [
      'iban',
      'iban_print',
      'country',
      'check_digits',
      'bank',
      'account',
      'branch',
      'national_check',
      'bank_name',
      'bic',
      'sepa',
    ])
    assert.equal(new Set(rows.map((row) => row['iban'])).size, rows.length)
    const seen = new Set(rows.map((row) => row['country']))
    assert.deepEqual([...seen].sort(), ['CZ', 'DE', 'FR'])
    for (const row of rows) {
      const parts = expectedParts(row['country'] as string, row['iban'] as string)
      for (const column of ['bank', 'account', 'branch', 'national_check'])
        assert.equal(row[column], parts[column] ?? '', column)
    }
  })

  test('bulk: 1,000,000 NO rows in realistic mode hold no IBAN twice (rows from every pool thread)', async () => {
    const res = await app.call('GET', '/api/v1/bulk/NO?count=1000000&format=txt&seed=1', { headers: app.auth })
    assert.equal(res.status, 200)
    const lines = res.text.trim().split('\n')
    assert.equal(lines.length, 1_000_000)
    assert.equal(new Set(lines).size, 1_000_000)
  })

  test('a count beyond what the dataset holds is a 422 naming count and the capacity, before streaming', async () => {
    // bank_mix=uniform: 2,297 Norwegian banks × 891,000 accounts each.
    const res = await app.call('GET', '/api/v1/bulk/NO?offset=2046626995&count=10&bank_mix=uniform', {
      headers: app.auth,
    })
    assert.match(
      assertError(res, 422, 'invalid_request'),
      /^offset \+ count must be at most 2,046,627,000: NO holds 2,046,627,000 distinct IBANs in realistic mode$/,
    )
    // Weighted (the default): the units × the accounts per unit, as GET /countries/NO says.
    const { country } = (await app.call('GET', '/api/v1/countries/NO', { headers: app.auth })).body as {
      country: { capacity: { realistic: number } }
    }
    const capacity = country.capacity.realistic
    const shown = capacity.toLocaleString('en')
    const weighted = await app.call('GET', `/api/v1/bulk/NO?offset=${capacity - 5}&count=10`, { headers: app.auth })
    assert.equal(
      assertError(weighted, 422, 'invalid_request'),
      `offset + count must be at most ${shown}: NO holds ${shown} distinct IBANs in realistic mode`,
    )
    const last = await app.call('GET', `/api/v1/bulk/NO?offset=${capacity - 5}&count=5&format=txt&seed=edge`, {
      headers: app.auth,
    })
    assert.equal(last.status, 200)
    for (const iban of last.text.trim().split('\n')) assert.ok(validateIban(iban).valid, iban)
    assert.match(
      assertError(
        await app.call('GET', '/api/v1/bulk/NO?count=900000&bank=1503', { headers: app.auth }),
        422,
        'invalid_request',
      ),
      /count must be at most 891,000: .* for bank 1503/,
    )
    assert.equal(
      (await app.call('GET', '/api/v1/bulk/NO?count=891000&bank=1503&format=txt', { headers: app.auth })).status,
      200,
    )
  })

  test('bank_mix and qr_iban: bulk rows are the library’s rows of the same options; bad values are 422s naming them', async () => {
    for (const [query, options] of [
      ['country=NL&bank_mix=uniform', { bankMix: 'uniform' }],
      ['country=NL', {}],
      ['country=CH&qr_iban=true', { qrIban: true }],
    ] as const) {
      const country = query.slice(8, 10)
      const res = await app.call('GET', `/api/v1/bulk/${country}?count=200&format=txt&seed=mix&${query.slice(11)}`, {
        headers: app.auth,
      })
      assert.equal(res.status, 200, query)
      assert.deepEqual(
        res.text.trim().split('\n'),
        generateIbans(country, 200, { seed: 'mix', ...options }).map((row) => row.iban),
        query,
      )
    }
    const swiss = await parseCsv((await app.call('GET', '/export/LI?count=30&qr_iban=1')).text)
    for (const row of swiss) assert.equal(validateIban(row['iban'] as string).qr_iban, true, row['iban'])
    assert.match(
      assertError(await app.call('GET', '/export/DE?bank_mix=half'), 422, 'invalid_request'),
      /^bank_mix must be one of weighted, uniform$/,
    )
    assert.match(
      assertError(await app.call('GET', '/export/FR?qr_iban=true'), 422, 'invalid_request'),
      /^qr_iban: QR-IBANs exist only for CH and LI, not FR$/,
    )
  })

  test('bank= keeps realistic rows to one bank; invalid= gives rows that fail exactly that check', async () => {
    const rows = await parseCsv((await app.call('GET', '/export/DE?count=50&bank=50010517')).text)
    assert.ok(
      rows.every((row) => row['bank'] === '50010517' && row['bank_name'] === 'ING-DiBa' && row['bic'] === 'INGDDEFF'),
    )
    for (const check of ['national', 'mod97', 'length', 'format', 'country'] as const) {
      const txt = (
        await app.call('GET', `/api/v1/bulk/IT,FR?count=2000&format=txt&invalid=${check}`, { headers: app.auth })
      ).text
      const ibans = txt.trim().split('\n')
      assert.equal(new Set(ibans).size, 2000)
      const name = check === 'country' ? 'country_supported' : check
      for (const iban of ibans) {
        const checks = validateIban(iban).checks as unknown as Record<string, boolean | null>
        assert.deepEqual(
          Object.keys(checks).filter((k) => checks[k] === false && k !== 'bank_code'),
          [name],
          iban,
        )
      }
    }
    assert.match(
      assertError(await app.call('GET', '/export/AT?invalid=national'), 422, 'invalid_request'),
      /invalid=national cannot be made for AT: it has no national check digits/,
    )
    // DE: the account fails its bank's Bundesbank method, MOD-97 right.
    const german = (await app.call('GET', '/export/DE?invalid=national&count=50&format=txt')).text.trim().split('\n')
    for (const iban of german) {
      const result = validateIban(iban)
      assert.deepEqual(
        [result.checks.national, result.checks.mod97, result.checks.bank_code],
        [false, true, true],
        iban,
      )
    }
    assert.match(
      assertError(await app.call('GET', '/export/DE?invalid=national&realistic=0'), 422, 'invalid_request'),
      /invalid=national cannot be made for DE: it has, in random mode, bank codes no bank uses/,
    )
    assert.match(
      assertError(await app.call('GET', '/export/DE?invalid=checksum'), 422, 'invalid_request'),
      /invalid must be one of/,
    )
    assert.match(
      assertError(await app.call('GET', '/export/DE?bank=99999999'), 422, 'invalid_request'),
      /bank "99999999" is not a registered bank code of DE/,
    )
    assert.match(
      assertError(await app.call('GET', '/export/DE?bank=37040044&realistic=0'), 422, 'invalid_request'),
      /bank needs realistic mode/,
    )
  })

  test('1,000,000 rows stream through bulk complete and in order (same bytes as one thread renders)', async () => {
    const response = await request(`${app.url}/api/v1/bulk/DE?count=1000000&seed=million`, { headers: app.auth })
    assert.equal(response.statusCode, 200)
    const hash = createHash('sha256')
    let bytes = 0
    for await (const chunk of response.body) {
      hash.update(chunk as Buffer)
      bytes += (chunk as Buffer).length
    }
    const expected = reference(['DE'], 1_000_000, 'csv', 'million')
    assert.equal(bytes, expected.length)
    assert.equal(hash.digest('hex'), createHash('sha256').update(expected).digest('hex'))
  })

  test('seeded output is byte-identical on 1 and 4 threads', async () => {
    const one = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { POOL_THREADS: '1' } })
    const four = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { POOL_THREADS: '4' } })
    assert.equal(one.service.pool.threads, 1)
    assert.equal(four.service.pool.threads, 4)
    for (const query of [
      'count=95000&seed=s1&format=csv',
      'count=30001&seed=s2&format=json&realistic=0',
      'count=20000&seed=s3&format=sql',
    ]) {
      const a = await one.call('GET', `/api/v1/bulk/IT,GB?${query}`, { headers: one.auth })
      const b = await four.call('GET', `/api/v1/bulk/IT,GB?${query}`, { headers: four.auth })
      assert.equal(a.status, 200)
      assert.equal(a.text.length, b.text.length, query)
      assert.ok(a.text === b.text, query)
    }
  })

  test('slices: offset=0&count=a then offset=a&count=b are the rows of count=a+b, any format, 1 or 4 threads', async () => {
    const one = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { POOL_THREADS: '1' } })
    const four = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { POOL_THREADS: '4' } })
    const total = 25_000
    /** The data rows of a document, framing aside (csv header, json brackets, SQL statements). */
    const rowsOf = (format: string, text: string): string[] => {
      if (format === 'csv') return text.trim().split('\n').slice(1)
      if (format === 'json') return (JSON.parse(text) as unknown[]).map((row) => JSON.stringify(row))
      if (format === 'sql') return [...text.matchAll(/^\('.*\)[,;]?$/gm)].map((match) => match[0].replace(/[,;]$/, ''))
      return text.trim().split('\n')
    }
    for (const format of ['csv', 'json', 'ndjson', 'sql', 'txt']) {
      const query = `seed=slices&format=${format}&realistic=${format === 'txt' ? 0 : 1}`
      const whole = rowsOf(
        format,
        (await one.call('GET', `/api/v1/bulk/NO,GB?count=${total}&${query}`, { headers: one.auth })).text,
      )
      assert.equal(whole.length, total)
      assert.equal(new Set(whole).size, total)
      for (const split of [1, 9_999, 10_000, 12_345]) {
        const [app, other] = split % 2 === 0 ? [one, four] : [four, one]
        const first = await app.call('GET', `/api/v1/bulk/NO,GB?offset=0&count=${split}&${query}`, {
          headers: app.auth,
        })
        const second = await other.call('GET', `/api/v1/bulk/NO,GB?offset=${split}&count=${total - split}&${query}`, {
          headers: other.auth,
        })
        assert.equal(first.status, 200)
        assert.equal(second.status, 200)
        if (format === 'json') JSON.parse(second.text) // each slice is a well-formed document
        assert.deepEqual(
          [...rowsOf(format, first.text), ...rowsOf(format, second.text)],
          whole,
          `${format} at ${split}`,
        )
      }
    }
    const capacity = 891_000
    assert.match(
      assertError(
        await one.call('GET', `/api/v1/bulk/NO?bank=1503&offset=${capacity - 10}&count=11`, { headers: one.auth }),
        422,
        'invalid_request',
      ),
      /^offset \+ count must be at most 891,000: NO holds 891,000 distinct IBANs in realistic mode$/,
    )
    assert.equal(
      (
        await one.call('GET', `/api/v1/bulk/NO?bank=1503&offset=${capacity - 10}&count=10&format=txt`, {
          headers: one.auth,
        })
      ).status,
      200,
    )
    assert.match(
      assertError(await one.call('GET', '/export/DE?offset=-1'), 422, 'invalid_request'),
      /^offset must be an integer/,
    )
  })

  test('header=false: csv rows from the first line, the same rows as with the header (export and bulk, one batch and many); other formats 422 naming header', async () => {
    for (const [path, count] of [
      ['/export/DE', 20],
      ['/api/v1/bulk/DE,GB', 25_000],
    ] as const) {
      const query = `count=${count}&seed=rows-only&format=csv`
      const whole = await app.call('GET', `${path}?${query}`, { headers: app.auth })
      const rows = await app.call('GET', `${path}?${query}&header=false`, { headers: app.auth })
      assert.equal(rows.status, 200, rows.text)
      assert.match(rows.headers['content-type'] as string, /^text\/csv/)
      assert.match(whole.text, /^iban,iban_print,country,check_digits,/)
      assert.equal(rows.text, whole.text.slice(whole.text.indexOf('\n') + 1))
      assert.equal(rows.text.split('\n').length, count + 1)
      for (const header of ['true', '1']) {
        const explicit = await app.call('GET', `${path}?${query}&header=${header}`, { headers: app.auth })
        assert.equal(explicit.text, whole.text)
      }
    }
    for (const format of ['json', 'ndjson', 'sql', 'txt']) {
      assert.equal(
        assertError(
          await app.call('GET', `/api/v1/bulk/DE?format=${format}&header=0`, { headers: app.auth }),
          422,
          'invalid_request',
        ),
        'header=0 needs format=csv: only csv has a header row',
      )
    }
    assert.match(
      assertError(await app.call('GET', '/export/DE?header=no'), 422, 'invalid_request'),
      /^header must be one of 1, 0, true, false/,
    )
  })

  test('a client that aborts mid-stream stops the work: the pool goes idle', async () => {
    const before = app.service.pool.completed
    const controller = new AbortController()
    const response = await request(`${app.url}/api/v1/bulk/DE?count=10000000`, {
      headers: app.auth,
      signal: controller.signal,
    })
    let received = 0
    try {
      for await (const chunk of response.body) {
        received += (chunk as Buffer).length
        if (received > 2_000_000) controller.abort()
      }
    } catch {
      // aborted on purpose
    }
    const pool = app.service.pool
    await waitFor(() => pool.outstanding === 0, { message: 'the pool to go idle after the client left' })
    const ran = pool.completed - before
    assert.ok(ran < 100, `only the batches in flight ran (${ran} of 1000)`)
  })

  test('a full queue answers 503 with Retry-After, not a hang', async () => {
    const tiny = await startApp(
      { after: (fn) => cleanup.push(fn) },
      { env: { POOL_THREADS: '1', POOL_MAX_QUEUE: '1' } },
    )
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        tiny.call('GET', '/api/v1/bulk/DE?count=200000&format=txt', { headers: tiny.auth }),
      ),
    )
    const statuses = results.map((r) => r.status)
    assert.ok(statuses.includes(200), statuses.join(','))
    const busy = results.find((r) => r.status === 503)
    assert.ok(busy, `some request was refused: ${statuses.join(',')}`)
    assertError(busy, 503, 'service_unavailable')
    assert.equal(busy.headers['retry-after'], '1')
  })

  test('a download past the memory budget is refused before its 200: 503 naming STREAM_MEMORY_MB, with Retry-After', async () => {
    const small = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { STREAM_MEMORY_MB: '16' } })
    const url = `${small.url}/api/v1/bulk/DE?count=10000000&format=json`
    // Downloads held open (their clients read nothing more) until the budget refuses one.
    const held: Awaited<ReturnType<typeof request>>[] = []
    let refused: Awaited<ReturnType<typeof request>> | undefined
    while (refused === undefined && held.length < 16) {
      const response = await request(url, { headers: { ...small.auth, 'accept-encoding': 'br' } })
      if (response.statusCode === 200) held.push(response)
      else refused = response
    }
    assert.ok(refused !== undefined && held.length >= 1, `${held.length} admitted, then one refused`)
    assert.equal(refused.statusCode, 503)
    assert.equal(refused.headers['retry-after'], '1')
    assert.equal(refused.headers['content-encoding'], undefined)
    const { error } = (await refused.body.json()) as { error: { code: string; message: string } }
    assert.equal(error.code, 'service_unavailable')
    assert.match(
      error.message,
      /^the memory for streams is taken: \d+ streams? under way holds? [\d.]+ MB of the 16 MB budget \(STREAM_MEMORY_MB\), and this one needs [\d.]+ MB; retry shortly$/,
    )
    const pool = small.service.pool
    assert.ok(pool.memory.reserved <= pool.memory.budget)
    for (const response of held) response.body.destroy()
    // Once the streams have ended, their memory is given back and a download is admitted again.
    await waitFor(() => pool.memory.reserved === 0, { message: 'the streams to give their memory back' })
    assert.equal(
      (await small.call('GET', '/api/v1/bulk/DE?count=20000&format=json', { headers: small.auth })).status,
      200,
    )
  })

  test('JSON generate through the pool equals inline generation byte for byte', async () => {
    const pooled = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { POOL_INLINE_MAX: '0' } })
    for (const query of ['count=1&seed=p', 'count=100&seed=p&realistic=false', 'count=7&seed=%22quoted%22']) {
      const a = await app.call('GET', `/api/v1/generate/SM?${query}`, { headers: app.auth })
      const b = await pooled.call('GET', `/api/v1/generate/SM?${query}`, { headers: pooled.auth })
      assert.equal(b.status, 200)
      assert.equal(a.text, b.text, query)
    }
    assert.ok(pooled.service.pool.completed >= 3, 'the pool served them')
  })
})
