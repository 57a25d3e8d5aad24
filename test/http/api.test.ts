import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { Dataset } from '../../src/iban/dataset.ts'
import { generateIbans, validateIban } from '../../src/iban/index.ts'
import { assertError, startApp, type TestApp } from '../helpers/app.ts'
import { startRedis } from '../helpers/redis.ts'
import { waitFor } from '../helpers/wait.ts'

// The same black-box suite runs with the embedded defaults (key file, memory limits) and on
// a real Redis (keys and limits in Redis).
for (const backend of ['memory', 'redis'] as const) {
  describe(`HTTP API v1 (${backend})`, () => {
    let app: TestApp
    const cleanup: (() => unknown)[] = []
    const hooks = { after: (fn: () => unknown) => cleanup.unshift(fn) }
    before(async () => {
      const redis = backend === 'redis' ? await startRedis(hooks) : undefined
      app = await startApp(hooks, redis === undefined ? {} : { redisUrl: redis.url })
    })
    after(async () => {
      for (const fn of cleanup) await fn()
    })

    test('GET /api/v1 is public and lists name, version, documentation, authentication, endpoints', async () => {
      const res = await app.call('GET', '/api/v1')
      assert.equal(res.status, 200)
      const index = res.body as Record<string, unknown>
      assert.equal(index['name'], 'ibanmint')
      assert.equal(index['version'], 'v1')
      assert.equal(index['documentation'], `${app.url}/docs`) // PORT=0: the port it got
      assert.equal(index['openapi'], `${app.url}/api/v1/openapi.json`)
      assert.deepEqual(index['authentication'], {
        type: 'api_key',
        header: 'X-API-Key',
        alternatives: ['Authorization: Bearer <key>'],
      })
      const endpoints = index['endpoints'] as { method: string; path: string }[]
      assert.ok(endpoints.some((e) => e.method === 'GET' && e.path === '/api/v1/generate/{country}'))
      assert.ok(endpoints.some((e) => e.method === 'POST' && e.path === '/api/v1/validate/batch'))
    })

    test('GET /api/v1/openapi.json is public OpenAPI 3.1, document version 1.1.0', async () => {
      const res = await app.call('GET', '/api/v1/openapi.json')
      assert.equal(res.status, 200)
      const doc = res.body as { openapi: string; info: { version: string }; paths: Record<string, unknown> }
      assert.equal(doc.openapi, '3.1.0')
      assert.equal(doc.info.version, '1.1.0')
      assert.ok(doc.paths['/api/v1/generate/{country}'])
    })

    test('GET /countries lists 91 countries with every field', async () => {
      const res = await app.call('GET', '/api/v1/countries', { headers: app.auth })
      assert.equal(res.status, 200)
      const list = res.body as { count: number; countries: { code: string; structure: string }[] }
      assert.equal(list.count, 91)
      assert.equal(list.countries.length, 91)
      assert.equal(list.countries[0]?.structure, 'DEkk bbbb bbbb cccc cccc cc')
    })

    test('GET /countries/{code} accepts lower case; unknown → 404 not_found', async () => {
      const res = await app.call('GET', '/api/v1/countries/fr', { headers: app.auth })
      assert.equal(res.status, 200)
      const { country } = res.body as { country: Record<string, unknown> }
      assert.equal(country['code'], 'FR')
      assert.equal(country['iban_length'], 27)
      assert.equal(country['bban_format'], '5n5n11c2n')
      assert.equal(country['example'], 'FR1420041010050500013M02606')
      assertError(await app.call('GET', '/api/v1/countries/XX', { headers: app.auth }), 404, 'not_found')
      assertError(await app.call('GET', '/api/v1/countries/DEU', { headers: app.auth }), 404, 'not_found')
    })

    test('the registry release is stated in the index and the country list; countries carry sepa', async () => {
      const index = (await app.call('GET', '/api/v1')).body as { registry: { release: number } }
      assert.equal(index.registry.release, 102)
      const list = (await app.call('GET', '/api/v1/countries', { headers: app.auth })).body as {
        registry: { release: number; published: string }
        countries: { code: string; sepa: boolean }[]
      }
      assert.deepEqual([list.registry.release, list.registry.published], [102, '2026-06'])
      const sepa = new Map(list.countries.map((c) => [c.code, c.sepa]))
      assert.deepEqual(
        ['DE', 'CH', 'GB', 'NO', 'AL', 'TR', 'RS', 'BR'].map((code) => sepa.get(code)),
        [true, true, true, true, true, false, false, false],
      )
    })

    test('GET /countries/{code} lists the real banks, the national check and the capacity per mode', async () => {
      const { country } = (await app.call('GET', '/api/v1/countries/NO', { headers: app.auth })).body as {
        country: {
          banks: { code: string; name: string; bic: string | null }[]
          bank_count: number
          bank_registry: boolean
          capacity: { realistic: number; random: number }
          national_check: { algorithm: string } | null
        }
      }
      assert.equal(country.bank_count, 2297)
      assert.equal(country.bank_registry, true)
      assert.equal(country.banks.length, 100)
      assert.deepEqual(country.banks[0], { code: '0500', name: 'DNB Bank ASA', bic: 'DNBANOKK' })
      // Realistic rows are weighted: the units of every bank × the accounts per unit of the bank
      // with the most units (each Norwegian bank holds 891,000), the dataset's own figure.
      assert.equal(country.capacity.realistic, new Dataset({ countries: ['NO'] }).capacity)
      assert.equal(new Dataset({ countries: ['NO'], bankMix: 'uniform' }).capacity, country.bank_count * 891_000)
      assert.equal(country.capacity.random, 9999 * 99 * 1000 * 9)
      assert.equal(country.national_check?.algorithm, 'no-mod11')
      const germany = (await app.call('GET', '/api/v1/countries/de', { headers: app.auth })).body as {
        country: { national_check: unknown; bank_count: number; banks: { method?: string }[]; sepa_registry: boolean }
      }
      assert.deepEqual(germany.country.national_check, { algorithm: 'bundesbank', status: 'confirmed' })
      assert.equal(germany.country.bank_count, 3503)
      assert.ok(germany.country.banks.every((bank) => /^[0-9A-E][0-9]$/.test(bank.method ?? '')))
      const albania = (await app.call('GET', '/api/v1/countries/AL', { headers: app.auth })).body as {
        country: { sepa: boolean; sepa_registry: boolean | null }
      }
      assert.deepEqual([albania.country.sepa, albania.country.sepa_registry], [true, false])
    })

    test('GET /countries/{code}/banks pages through every bank by code; offset and limit are checked', async () => {
      const page = (await app.call('GET', '/api/v1/countries/DE/banks?offset=3500&limit=10', { headers: app.auth }))
        .body as { country: string; count: number; offset: number; limit: number; banks: { code: string }[] }
      assert.deepEqual(
        [page.country, page.count, page.offset, page.limit, page.banks.length],
        ['DE', 3503, 3500, 10, 3],
      )
      const all: string[] = []
      for (let offset = 0; offset < 3503; offset += 1000) {
        const chunk = (
          await app.call('GET', `/api/v1/countries/DE/banks?offset=${offset}&limit=1000`, { headers: app.auth })
        ).body as { banks: { code: string }[] }
        all.push(...chunk.banks.map((bank) => bank.code))
      }
      assert.equal(new Set(all).size, 3503)
      assert.deepEqual(all, [...all].sort())
      assert.match(
        assertError(
          await app.call('GET', '/api/v1/countries/DE/banks?limit=1001', { headers: app.auth }),
          422,
          'invalid_request',
        ),
        /limit must be an integer between 1 and 1,000/,
      )
      assertError(await app.call('GET', '/api/v1/countries/XX/banks', { headers: app.auth }), 404, 'not_found')
    })

    test('territories: listed beside the 91 countries, accepted as country codes, minting the parent’s IBANs', async () => {
      const list = (await app.call('GET', '/api/v1/countries', { headers: app.auth })).body as {
        count: number
        countries: unknown[]
        territories: { code: string; name: string; iban_country: string }[]
      }
      assert.equal(list.count, 91)
      assert.equal(list.countries.length, 91)
      assert.equal(list.territories.length, 16)
      assert.deepEqual(
        list.territories.find((t) => t.code === 'AX'),
        { code: 'AX', name: 'Åland Islands', iban_country: 'FI' },
      )
      const detail = (await app.call('GET', '/api/v1/countries/gf', { headers: app.auth })).body as {
        country: { code: string }
        territory: { code: string; iban_country: string }
      }
      assert.deepEqual([detail.country.code, detail.territory.code, detail.territory.iban_country], ['FR', 'GF', 'FR'])
      for (const [territory, parent] of [
        ['GF', 'FR'],
        ['ax', 'FI'],
        ['JE', 'GB'],
      ] as const) {
        const result = (await app.call('GET', `/api/v1/generate/${territory}?count=3&seed=t`, { headers: app.auth }))
          .body as { country: { code: string }; territory: string; ibans: { iban: string }[] }
        assert.equal(result.country.code, parent)
        assert.equal(result.territory, territory.toUpperCase())
        assert.ok(result.ibans.every((iban) => iban.iban.startsWith(parent)))
        const same = (await app.call('GET', `/api/v1/generate/${parent}?count=3&seed=t`, { headers: app.auth }))
          .body as {
          ibans: { iban: string }[]
        }
        assert.deepEqual(result.ibans, same.ibans)
      }
      const posted = await app.call('POST', '/api/v1/generate', {
        headers: app.auth,
        json: { country: 'RE', count: 2 },
      })
      assert.equal((posted.body as { country: { code: string } }).country.code, 'FR')
      const exported = await app.call('GET', '/export/MQ?count=2&format=txt')
      assert.equal(exported.status, 200)
      assert.ok(
        exported.text
          .split('\n')
          .filter(Boolean)
          .every((line) => line.startsWith('FR')),
      )
      // An IBAN itself always carries the parent's code: GF… is not an IBAN country.
      const validated = (await app.call('GET', '/api/v1/validate/GF7630006000011234567890189', { headers: app.auth }))
        .body as { country_supported: boolean; valid: boolean }
      assert.deepEqual([validated.country_supported, validated.valid], [false, false])
    })

    test('POST /iban builds the IBAN of a bank and account; a bad part is a 422 naming it', async () => {
      const res = await app.call('POST', '/api/v1/iban', {
        headers: app.auth,
        json: { country: 'DE', bank: '37040044', account: '0532013000' },
      })
      assert.equal(res.status, 200)
      assert.deepEqual(res.body, {
        iban: 'DE89370400440532013000',
        formatted: 'DE89 3704 0044 0532 0130 00',
        country: 'DE',
        check_digits: '89',
        bban: '370400440532013000',
        length: 22,
        valid: true,
        bank: { code: '37040044', name: 'Commerzbank', bic: 'COBADEFF' },
      })
      const fr = await app.call('POST', '/api/v1/iban', {
        headers: app.auth,
        json: { country: 'fr', bank: '30006', branch: '00001', account: '12345678901' },
      })
      assert.equal((fr.body as { iban: string }).iban, 'FR7630006000011234567890189')
      const cases: [Record<string, unknown>, number, RegExp][] = [
        [{ country: 'DE', bank: '3704004', account: '1' }, 422, /^bank must be 8 characters for DE, not 7$/],
        [{ country: 'DE', bank: '37040044', account: '1X' }, 422, /^account must be 10 characters/],
        [{ country: 'DE', bank: '37040044' }, 422, /^account is required for DE \(10 characters\)$/],
        [{ country: 'DE', bank: '37040044', branch: '1', account: '1' }, 422, /^branch: DE has no branch part/],
        [{ country: 'DE', bank: '37040044', account: 5 }, 422, /^account must be a string/],
        [{ country: 'DE', bank: '37040044', account: '1', colour: 'red' }, 422, /colour/],
        [{ country: 'XX', bank: '1', account: '1' }, 404, /country "XX" is not supported/],
        [
          { country: 'DE', bank: '37040044', account: '0542013000' },
          422,
          /^account 0542013000 fails the check method 13 of bank 37040044 \(Commerzbank\)/,
        ],
        [
          { country: 'GB', bank: 'NWBK', branch: '60-16-13', account: '31926818' },
          422,
          /^account 31926818 fails the modulus check \(MOD11\) of sort code 60-16-13/,
        ],
      ]
      for (const [json, status, message] of cases) {
        const error = await app.call('POST', '/api/v1/iban', { headers: app.auth, json })
        assert.match(assertError(error, status, status === 404 ? 'not_found' : 'invalid_request'), message)
      }
    })

    test('GET /generate: distinct IBANs with their bank; bank= and invalid= as documented', async () => {
      const res = await app.call('GET', '/api/v1/generate/NO?count=100&seed=api', { headers: app.auth })
      const result = res.body as { ibans: { iban: string; bank: { code: string } }[] }
      assert.equal(new Set(result.ibans.map((i) => i.iban)).size, 100)
      for (const item of result.ibans) assert.equal(item.iban.slice(4, 8), item.bank.code)
      const banked = await app.call('POST', '/api/v1/generate', {
        headers: app.auth,
        json: { country: 'DE', count: 5, bank: '70150000', invalid: 'mod97' },
      })
      const body = banked.body as { bank: string; invalid: string; ibans: { iban: string; valid: boolean }[] }
      assert.equal(body.bank, '70150000')
      assert.equal(body.invalid, 'mod97')
      for (const item of body.ibans) {
        assert.equal(item.valid, false)
        assert.equal(item.iban.slice(4, 12), '70150000')
        assert.equal(validateIban(item.iban).checks.mod97, false)
      }
      assert.match(
        assertError(
          await app.call('GET', '/api/v1/generate/AT?invalid=national', { headers: app.auth }),
          422,
          'invalid_request',
        ),
        /^invalid=national cannot be made for AT: it has no national check digits$/,
      )
      // GB: accounts that fail their sort code's modulus check, at a sort code given as bank=.
      const british = await app.call('GET', '/api/v1/generate/GB?invalid=national&bank=60-16-13&count=20', {
        headers: app.auth,
      })
      for (const item of (british.body as { ibans: { iban: string }[] }).ibans) {
        assert.equal(item.iban.slice(4, 14), 'NWBK601613')
        assert.equal(validateIban(item.iban).checks.national, false)
      }
    })

    test('GET and POST /generate: bank_mix (weighted by default, uniform on request) and qr_iban, echoed; bad values are 422s naming them', async () => {
      const get = async (query: string) =>
        (await app.call('GET', `/api/v1/generate/NL?count=100&seed=mix${query}`, { headers: app.auth })).body as {
          bank_mix?: string
          qr_iban?: boolean
          ibans: { iban: string; bank: { code: string } }[]
        }
      // Weighted: most Dutch rows at ING, Rabobank and ABN AMRO; uniform: the same rows as the library's.
      const weighted = await get('')
      assert.equal(weighted.bank_mix, undefined)
      const big = weighted.ibans.filter((item) => ['INGB', 'RABO', 'ABNA'].includes(item.bank.code)).length
      assert.ok(big >= 70, `${big} of 100 rows at the three largest banks`)
      const uniform = await get('&bank_mix=uniform')
      assert.equal(uniform.bank_mix, 'uniform')
      assert.deepEqual(
        uniform.ibans.map((item) => item.iban),
        generateIbans('NL', 100, { seed: 'mix', bankMix: 'uniform' }).map((item) => item.iban),
      )
      assert.deepEqual(
        (await get('&bank_mix=weighted')).ibans.map((item) => item.iban),
        weighted.ibans.map((item) => item.iban),
      )
      // QR-IBANs: POST as GET, every IBAN one, and validation says so.
      const posted = await app.call('POST', '/api/v1/generate', {
        headers: app.auth,
        json: { country: 'CH', count: 20, seed: 'qr', qr_iban: true, bank_mix: 'uniform' },
      })
      const qr = posted.body as { qr_iban: boolean; bank_mix: string; ibans: { iban: string }[] }
      assert.equal(qr.qr_iban, true)
      assert.equal(qr.bank_mix, 'uniform')
      for (const item of qr.ibans) assert.equal(validateIban(item.iban).qr_iban, true, item.iban)
      const queried = await app.call('GET', '/api/v1/generate/CH?count=20&seed=qr&qr_iban=1&bank_mix=uniform', {
        headers: app.auth,
      })
      assert.deepEqual((queried.body as typeof qr).ibans, qr.ibans)
      const validated = await app.call('GET', `/api/v1/validate/${qr.ibans[0]?.iban ?? ''}`, { headers: app.auth })
      assert.equal((validated.body as { qr_iban: boolean }).qr_iban, true)
      for (const [query, message] of [
        ['bank_mix=even', /^bank_mix must be one of weighted, uniform$/],
        ['qr_iban=yes', /^qr_iban must be one of 1, 0, true, false$/],
        ['qr_iban=true', /^qr_iban: QR-IBANs exist only for CH and LI, not DE$/],
      ] as const)
        assert.match(
          assertError(
            await app.call('GET', `/api/v1/generate/DE?${query}`, { headers: app.auth }),
            422,
            'invalid_request',
          ),
          message,
        )
      assert.match(
        assertError(
          await app.call('POST', '/api/v1/generate', { headers: app.auth, json: { country: 'CH', qr_iban: 'yes' } }),
          422,
          'invalid_request',
        ),
        /^qr_iban must be a boolean$/,
      )
    })

    test('GET /generate/{country} returns count valid IBANs and echoes realistic', async () => {
      const res = await app.call('GET', '/api/v1/generate/it?count=5&realistic=0', { headers: app.auth })
      assert.equal(res.status, 200)
      const result = res.body as {
        country: unknown
        count: number
        realistic: boolean
        ibans: { iban: string; country: string }[]
      }
      assert.deepEqual(result.country, { code: 'IT', name: 'Italy', iban_length: 27 })
      assert.equal(result.count, 5)
      assert.equal(result.realistic, false)
      assert.equal(result.ibans.length, 5)
      for (const iban of result.ibans) {
        assert.equal(iban.country, 'IT')
        assert.equal(validateIban(iban.iban).valid, true)
      }
    })

    test('GET /generate defaults: count 1, realistic true; realistic accepts 1, 0, true, false', async () => {
      const plain = (await app.call('GET', '/api/v1/generate/DE', { headers: app.auth })).body as {
        count: number
        realistic: boolean
      }
      assert.equal(plain.count, 1)
      assert.equal(plain.realistic, true)
      for (const [value, expected] of [
        ['1', true],
        ['true', true],
        ['0', false],
        ['false', false],
      ] as const) {
        const res = await app.call('GET', `/api/v1/generate/DE?realistic=${value}`, { headers: app.auth })
        assert.equal((res.body as { realistic: boolean }).realistic, expected, value)
      }
    })

    test('GET /generate with a seed is reproducible, and equals POST /generate with the same seed', async () => {
      const a = await app.call('GET', '/api/v1/generate/ES?count=3&seed=fixture-1', { headers: app.auth })
      const b = await app.call('GET', '/api/v1/generate/ES?count=3&seed=fixture-1', { headers: app.auth })
      const c = await app.call('POST', '/api/v1/generate', {
        headers: app.auth,
        json: { country: 'es', count: 3, seed: 'fixture-1' },
      })
      assert.deepEqual(a.body, b.body)
      assert.deepEqual(a.body, c.body)
      assert.equal((a.body as { seed: string }).seed, 'fixture-1')
      const numeric = await app.call('POST', '/api/v1/generate', {
        headers: app.auth,
        json: { country: 'ES', count: 3, seed: 42 },
      })
      const text = await app.call('GET', '/api/v1/generate/ES?count=3&seed=42', { headers: app.auth })
      assert.deepEqual(numeric.body, text.body)
    })

    const badGenerate: [string, string, RegExp][] = [
      ['count=0', 'count', /count must be an integer between 1 and 100/],
      ['count=101', 'count', /count must be an integer between 1 and 100/],
      ['count=abc', 'count', /count must be an integer between 1 and 100/],
      ['count=2.5', 'count', /count must be an integer between 1 and 100/],
      ['count=-1', 'count', /count must be an integer between 1 and 100/],
      ['realistic=yes', 'realistic', /realistic must be one of 1, 0, true, false/],
      ['seed=', 'seed', /seed must be a string of 1 to 128 characters/],
      ['count=1&count=2', 'count', /count must be given once/],
    ]
    for (const [query, name, message] of badGenerate) {
      test(`GET /generate/DE?${query} → 422 invalid_request naming ${name}`, async () => {
        const res = await app.call('GET', `/api/v1/generate/DE?${query}`, { headers: app.auth })
        assert.match(assertError(res, 422, 'invalid_request'), message)
      })
    }

    test('GET /generate/{unknown country} → 404 not_found', async () => {
      assertError(await app.call('GET', '/api/v1/generate/US', { headers: app.auth }), 404, 'not_found')
    })

    test('POST /generate validates its body: required country, types, unknown fields', async () => {
      const cases: [unknown, number, string, RegExp][] = [
        [{}, 422, 'invalid_request', /country is required/],
        [{ country: 'DE', count: '5' }, 422, 'invalid_request', /count must be an integer between 1 and 100/],
        [{ country: 'DE', count: 0 }, 422, 'invalid_request', /count/],
        [{ country: 'DE', realistic: 'false' }, 422, 'invalid_request', /realistic must be a boolean/],
        [{ country: 'DE', conut: 5 }, 422, 'invalid_request', /unknown field "conut"/],
        [{ country: 7 }, 422, 'invalid_request', /country must be a two-letter country code/],
        [{ country: 'ZZ' }, 404, 'not_found', /ZZ/],
        [[1, 2], 422, 'invalid_request', /JSON object/],
        ['DE', 422, 'invalid_request', /JSON object/],
      ]
      for (const [json, status, code, message] of cases) {
        const res = await app.call('POST', '/api/v1/generate', { headers: app.auth, json })
        assert.match(assertError(res, status, code), message, JSON.stringify(json))
      }
      const ok = await app.call('POST', '/api/v1/generate', {
        headers: app.auth,
        json: { country: 'NO', count: 2, realistic: false },
      })
      assert.equal(ok.status, 200)
      assert.equal((ok.body as { realistic: boolean }).realistic, false)
    })

    test('POST bodies: not JSON → 415, bad JSON → 400 invalid_json, empty → 400, over 16 KiB → 413', async () => {
      const text = await app.call('POST', '/api/v1/generate', {
        headers: { ...app.auth, 'content-type': 'text/plain' },
        raw: '{"country":"DE"}',
      })
      assertError(text, 415, 'unsupported_media_type')
      const missing = await app.call('POST', '/api/v1/generate', { headers: app.auth, raw: '{"country":"DE"}' })
      assertError(missing, 415, 'unsupported_media_type')
      const broken = await app.call('POST', '/api/v1/generate', {
        headers: { ...app.auth, 'content-type': 'application/json' },
        raw: '{"country":',
      })
      assert.match(assertError(broken, 400, 'invalid_json'), /not valid JSON/)
      const empty = await app.call('POST', '/api/v1/validate', {
        headers: { ...app.auth, 'content-type': 'application/json' },
        raw: '',
      })
      assertError(empty, 400, 'invalid_json')
      const large = await app.call('POST', '/api/v1/validate', {
        headers: app.auth,
        json: { iban: 'DE89370400440532013000', padding: 'x'.repeat(17 * 1024) },
      })
      assertError(large, 413, 'payload_too_large')
      const charset = await app.call('POST', '/api/v1/validate', {
        headers: { ...app.auth, 'content-type': 'application/json; charset=utf-8' },
        raw: '{"iban":"DE89370400440532013000"}',
      })
      assert.equal(charset.status, 200)
    })

    test('GET /validate/{iban}: valid, invalid and unsupported IBANs are 200 results with every check', async () => {
      const valid = await app.call('GET', '/api/v1/validate/DE89370400440532013000', { headers: app.auth })
      assert.equal(valid.status, 200)
      assert.equal((valid.body as { valid: boolean }).valid, true)
      const wrong = (await app.call('GET', '/api/v1/validate/DE89370400440532013001', { headers: app.auth })).body as {
        valid: boolean
        checks: Record<string, unknown>
      }
      assert.equal(wrong.valid, false)
      assert.deepEqual(wrong.checks, {
        mod97: false,
        length: true,
        format: true,
        country_supported: true,
        national: true,
        bank_code: true,
      })
      const unsupported = (await app.call('GET', '/api/v1/validate/US64SVBKUS6S3300958879', { headers: app.auth }))
        .body as {
        expected_length: null
        country_supported: boolean
      }
      assert.equal(unsupported.country_supported, false)
      assert.equal(unsupported.expected_length, null)
      const national = (await app.call('GET', '/api/v1/validate/fr7630006000011234567890188', { headers: app.auth }))
        .body as {
        iban: string
        checks: { national: boolean }
        national_check: { algorithm: string }
        bban_parts: Record<string, string>
      }
      assert.equal(national.iban, 'FR7630006000011234567890188')
      assert.equal(national.checks.national, false)
      assert.equal(national.national_check.algorithm, 'rib-key')
      assert.equal(national.bban_parts['bank'], '30006')
    })

    test('GET /validate/{iban} with spaces or other characters → 422 naming iban', async () => {
      for (const path of ['DE89%203704', 'DE89-3704-0044', 'DE89%2F3704', '%E2%82%AC', 'A'.repeat(65), '%zz']) {
        const res = await app.call('GET', `/api/v1/validate/${path}`, { headers: app.auth })
        assert.match(assertError(res, 422, 'invalid_request'), /iban/, path)
      }
    })

    test('POST /validate removes spaces and returns the full result', async () => {
      const res = await app.call('POST', '/api/v1/validate', {
        headers: app.auth,
        json: { iban: ' gb29 nwbk 6016 1331 9268 19 ' },
      })
      assert.equal(res.status, 200)
      const result = res.body as { iban: string; valid: boolean; formatted: string }
      assert.equal(result.iban, 'GB29NWBK60161331926819')
      assert.equal(result.valid, true)
      assert.equal(result.formatted, 'GB29 NWBK 6016 1331 9268 19')
      for (const iban of ['', '   ', 'DE89-3704', 42, null, ['DE89']]) {
        const bad = await app.call('POST', '/api/v1/validate', { headers: app.auth, json: { iban } })
        assert.match(assertError(bad, 422, 'invalid_request'), /iban/, JSON.stringify(iban))
      }
      assert.match(
        assertError(
          await app.call('POST', '/api/v1/validate', { headers: app.auth, json: {} }),
          422,
          'invalid_request',
        ),
        /iban is required/,
      )
    })

    test('POST /validate/batch returns one result per item, in order; a bad item names its index', async () => {
      const ibans = ['DE89370400440532013000', 'DE89370400440532013001', 'nl91 abna 0417 1643 00']
      const res = await app.call('POST', '/api/v1/validate/batch', { headers: app.auth, json: { ibans } })
      assert.equal(res.status, 200)
      const batch = res.body as { count: number; valid: number; results: { iban: string; valid: boolean }[] }
      assert.equal(batch.count, 3)
      assert.equal(batch.valid, 2)
      assert.deepEqual(
        batch.results.map((r) => [r.iban, r.valid]),
        [
          ['DE89370400440532013000', true],
          ['DE89370400440532013001', false],
          ['NL91ABNA0417164300', true],
        ],
      )
      const bad = await app.call('POST', '/api/v1/validate/batch', {
        headers: app.auth,
        json: { ibans: ['DE89370400440532013000', 'x-y'] },
      })
      assert.match(assertError(bad, 422, 'invalid_request'), /ibans\[1\]/)
      const tooMany = await app.call('POST', '/api/v1/validate/batch', {
        headers: app.auth,
        json: { ibans: new Array(1001).fill('DE89370400440532013000') },
      })
      assert.match(assertError(tooMany, 422, 'invalid_request'), /ibans must be an array of 1 to 1,000 strings/)
      const full = await app.call('POST', '/api/v1/validate/batch', {
        headers: app.auth,
        json: { ibans: new Array(1000).fill('DE89370400440532013000') },
      })
      assert.equal(full.status, 200)
      assertError(
        await app.call('POST', '/api/v1/validate/batch', { headers: app.auth, json: { ibans: [] } }),
        422,
        'invalid_request',
      )
    })

    test('keys: missing, malformed, unknown, revoked and expired all get the same 401', async () => {
      const { key: revokedKey, id: revokedId } = await app.createKey()
      await app.service.keyStore.revoke(revokedId, new Date())
      const { key: expiredKey } = await app.createKey({ expiresAt: new Date(Date.now() - 1000) })
      const unknown = 'imk_AAAAAAAAAAAA_' + 'B'.repeat(32)
      // The key with its last character changed (to another one: a key may end in Z).
      const key = app.auth['x-api-key'] as string
      const wrongSecret = key.slice(0, -1) + (key.endsWith('Z') ? 'Y' : 'Z')
      const messages = new Set<string>()
      for (const headers of [
        {},
        { 'x-api-key': 'nonsense' },
        { 'x-api-key': unknown },
        { 'x-api-key': wrongSecret },
        { 'x-api-key': revokedKey },
        { 'x-api-key': expiredKey },
        { authorization: 'Basic abc' },
      ]) {
        const res = await app.call('GET', '/api/v1/countries', { headers })
        messages.add(assertError(res, 401, 'unauthorized'))
        assert.match(String(res.headers['www-authenticate']), /Bearer/)
      }
      assert.equal(messages.size, 1, 'one message for every failure: no hint which')
      const bearer = await app.call('GET', '/api/v1/countries', {
        headers: { authorization: `Bearer ${app.auth['x-api-key']}` },
      })
      assert.equal(bearer.status, 200)
    })

    test('two different keys (X-API-Key and Bearer) are refused with 401, never served under either', async () => {
      const other = (await app.createKey()).key
      const mine = app.auth['x-api-key'] as string
      for (const headers of [
        { 'x-api-key': mine, authorization: `Bearer ${other}` },
        { 'x-api-key': other, authorization: `Bearer ${mine}` },
        { 'x-api-key': mine, authorization: 'Bearer imk_nothing_here' },
      ]) {
        const res = await app.call('GET', '/api/v1/countries', { headers })
        assert.match(assertError(res, 401, 'unauthorized'), /two different API keys/)
        assert.equal(res.headers['ratelimit-remaining'], undefined, 'no key was counted')
      }
      const same = await app.call('GET', '/api/v1/countries', {
        headers: { 'x-api-key': mine, authorization: `Bearer ${mine}` },
      })
      assert.equal(same.status, 200, 'the same key twice is one credential')
    })

    test('keyed responses carry RateLimit headers; a key with limit 2 gets 429 on its third request', async () => {
      const { key } = await app.createKey({ limit: 2 })
      const headers = { 'x-api-key': key }
      const first = await app.call('GET', '/api/v1/countries', { headers })
      assert.equal(first.headers['ratelimit-limit'], '2')
      assert.equal(first.headers['ratelimit-remaining'], '1')
      assert.equal(first.headers['ratelimit-policy'], '2;w=60')
      assert.equal((await app.call('GET', '/api/v1/generate/DE', { headers })).headers['ratelimit-remaining'], '0')
      const third = await app.call('GET', '/api/v1/generate/DE', { headers })
      assert.match(assertError(third, 429, 'rate_limited'), /2 requests per minute/)
      const retryAfter = Number(third.headers['retry-after'])
      assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter))
      assert.equal(third.headers['ratelimit-remaining'], '0')
      assert.equal(
        (await app.call('GET', '/api/v1/generate/DE', { headers: app.auth })).status,
        200,
        'other keys are unaffected',
      )
    })

    test('a key without its own limit gets the default of 60 per minute', async () => {
      const { key } = await app.createKey({ limit: null })
      const res = await app.call('GET', '/api/v1/countries', { headers: { 'x-api-key': key } })
      assert.equal(res.headers['ratelimit-limit'], '60')
    })

    test('unknown endpoints → 404 not_found; wrong method → 405 with Allow', async () => {
      assertError(await app.call('GET', '/api/v1/nothing', { headers: app.auth }), 404, 'not_found')
      assertError(await app.call('GET', '/api/v2/countries'), 404, 'not_found')
      const wrong = await app.call('DELETE', '/api/v1/countries', { headers: app.auth })
      assertError(wrong, 405, 'method_not_allowed')
      assert.equal(wrong.headers['allow'], 'GET, HEAD')
      const post = await app.call('GET', '/api/v1/generate', { headers: app.auth })
      assertError(post, 405, 'method_not_allowed')
      assert.equal(post.headers['allow'], 'POST')
    })

    test('HEAD on a GET route answers headers only; a trailing slash is the same path', async () => {
      const head = await app.call('HEAD', '/api/v1/countries', { headers: app.auth })
      assert.equal(head.status, 200)
      assert.equal(head.text, '')
      assert.ok(Number(head.headers['content-length']) > 1000)
      assert.equal((await app.call('GET', '/api/v1/countries/', { headers: app.auth })).status, 200)
    })

    test('GET /healthz and /readyz answer 200', async () => {
      assert.deepEqual((await app.call('GET', '/healthz')).body, { status: 'ok' })
      assert.deepEqual((await app.call('GET', '/readyz')).body, { status: 'ready' })
    })

    test('access logs name route, status, duration and key id, never the key (security)', async () => {
      const ids = [`log-a-${backend}`, `log-b-${backend}`, `log-c-${backend}`]
      await app.call('GET', '/api/v1/generate/DE', { headers: { ...app.auth, 'x-request-id': ids[0] as string } })
      await app.call('GET', '/api/v1/countries', {
        headers: { authorization: `Bearer ${app.auth['x-api-key']}`, 'x-request-id': ids[1] as string },
      })
      await app.call('GET', '/api/v1/countries', {
        headers: { 'x-api-key': 'imk_AAAAAAAAAAAA_' + 'C'.repeat(32), 'x-request-id': ids[2] as string },
      })
      // An access line is written when the response closes, which may follow its arrival.
      await waitFor(() => ids.every((id) => app.logText().includes(`"req":"${id}"`)), {
        message: 'the three access log lines',
      })
      const text = app.logText()
      const secret = (app.auth['x-api-key'] as string).split('_')[2] as string
      assert.ok(!text.includes(secret), 'the key secret is never logged')
      assert.ok(!text.includes('C'.repeat(32)), 'presented keys are never logged')
      const entry = app.logs.find((line) => line['route'] === '/api/v1/generate/{country}')
      assert.ok(entry, 'an access log line for the route')
      assert.equal(entry['status'], 200)
      assert.equal(typeof entry['ms'], 'number')
      assert.equal(entry['key'], (app.auth['x-api-key'] as string).split('_')[1])
    })
  })
}
