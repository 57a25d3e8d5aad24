// Mixed negative data through the service: `invalid=mod97,national` with `invalid_share` on
// GET and POST /api/v1/generate, the bulk download (through the pool, in slices), the keyless
// export and the MCP tool generate_iban (the official SDK client), against a real server. Every
// row read back is judged by our validation and by ibantools; bad values are 422s naming them.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import * as ibantools from 'ibantools'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { generateIbans, validateIban, type Iban } from '../../src/iban/index.ts'
import { batchesOf } from '../../src/formats/batches.ts'
import { renderBatch } from '../../src/formats/render.ts'
import { assertError, startApp, type TestApp } from '../helpers/app.ts'
import { parseCsv } from '../helpers/csv.ts'

const CHECK_OF: Record<string, string> = { country: 'country_supported' }

/** Valid when unlabelled; else failing exactly the labelled check (ours), and not valid for ibantools. */
function assertLabelled(iban: string, label: string | null | undefined, where: string): void {
  const checks = validateIban(iban).checks as unknown as Record<string, boolean | null>
  const failed = Object.keys(checks).filter((name) => checks[name] === false && name !== 'bank_code')
  if (label === null || label === '' || label === undefined) {
    assert.deepEqual(failed, [], `${where}: ${iban} unlabelled`)
    assert.equal(ibantools.isValidIBAN(iban), true, `${where}: ${iban} unlabelled, ibantools refuses it`)
    return
  }
  assert.deepEqual(failed, [CHECK_OF[label] ?? label], `${where}: ${iban} labelled ${label}`)
  if (label !== 'national') assert.equal(ibantools.isValidIBAN(iban), false, `${where}: ${iban} labelled ${label}`)
}

describe('mixed negative data over HTTP and MCP', () => {
  let app: TestApp
  const cleanup: (() => unknown)[] = []
  before(async () => {
    app = await startApp(
      { after: (fn) => cleanup.push(fn) },
      { env: { EXPORT_RATE_LIMIT: '1000', MCP_RATE_LIMIT: '1000' } },
    )
  })
  after(async () => {
    for (const fn of cleanup.reverse()) await fn()
  })

  test('GET and POST /api/v1/generate with invalid=mod97,national&invalid_share=0.3: each IBAN labelled, the labels true, the library’s rows, echoed', async () => {
    const options = { seed: 'api', invalid: ['mod97', 'national'] as const, invalidShare: 0.3 }
    for (const count of [5, 100]) {
      const get = await app.call(
        'GET',
        `/api/v1/generate/DE?count=${count}&seed=api&invalid=mod97,national&invalid_share=0.3`,
        {
          headers: app.auth,
        },
      )
      assert.equal(get.status, 200)
      const body = get.body as { invalid: string; invalid_share: number; ibans: Iban[] }
      assert.equal(body.invalid, 'mod97,national')
      assert.equal(body.invalid_share, 0.3)
      assert.deepEqual(
        body.ibans,
        JSON.parse(JSON.stringify(generateIbans('DE', count, { ...options, invalid: [...options.invalid] }))),
      )
      for (const [i, item] of body.ibans.entries()) {
        assert.equal(item.valid, item.invalid === null)
        assertLabelled(item.iban, item.invalid, `row ${i}`)
      }
      const post = await app.call('POST', '/api/v1/generate', {
        headers: app.auth,
        json: { country: 'DE', count, seed: 'api', invalid: 'mod97,national', invalid_share: 0.3 },
      })
      assert.deepEqual(post.body, get.body)
    }
    const labels = (
      (
        await app.call('GET', '/api/v1/generate/DE?count=100&seed=api&invalid=mod97,national&invalid_share=0.3', {
          headers: app.auth,
        })
      ).body as { ibans: Iban[] }
    ).ibans.map((item) => item.invalid)
    assert.ok(labels.includes(null) && labels.includes('mod97') && labels.includes('national'), String(labels))
  })

  test('GET /api/v1/bulk/DE,FR,AT?invalid=mod97,national,length&invalid_share=0.05: the pool’s file is one thread’s bytes, slices remake its rows, each labelled truly', async () => {
    const query = 'seed=bulk&invalid=mod97,national,length&invalid_share=0.05&format=csv'
    const res = await app.call('GET', `/api/v1/bulk/DE,FR,AT?count=25000&${query}`, { headers: app.auth })
    assert.equal(res.status, 200)
    const reference = Buffer.concat(
      [...batchesOf(25_000)].map((batch) =>
        renderBatch({
          dataset: {
            countries: ['DE', 'FR', 'AT'],
            realistic: true,
            seed: 'bulk',
            invalid: ['mod97', 'national', 'length'],
            invalidShare: 0.05,
          },
          format: 'csv',
          ...batch,
        }),
      ),
    )
    assert.equal(res.text, reference.toString('utf8'))
    const rows = await parseCsv(res.text)
    assert.equal(Object.keys(rows[0] ?? {}).at(-1), 'invalid')
    for (const [i, row] of rows.entries()) {
      assertLabelled(row['iban'] as string, row['invalid'], `row ${i}`)
      if (row['country'] === 'AT') assert.notEqual(row['invalid'], 'national')
    }
    const broken = rows.filter((row) => row['invalid'] !== '').length
    assert.ok(Math.abs(broken - 1250) < 5 * Math.sqrt(25_000 * 0.05 * 0.95), `${broken} rows broken`)
    const slice = await app.call('GET', `/api/v1/bulk/DE,FR,AT?count=1000&offset=12345&${query}&header=0`, {
      headers: app.auth,
    })
    assert.deepEqual(slice.text.trim().split('\n'), res.text.trim().split('\n').slice(12346, 13346))
  })

  test('GET /export/FR?invalid=mod97,national&invalid_share=0.5: json rows end with invalid, null where valid; txt has no label', async () => {
    const json = await app.call(
      'GET',
      '/export/FR?count=100&seed=x&invalid=mod97,national&invalid_share=0.5&format=json',
    )
    assert.equal(json.status, 200)
    const rows = JSON.parse(json.text) as Record<string, string | null>[]
    for (const [i, row] of rows.entries()) {
      assert.equal(Object.keys(row).at(-1), 'invalid')
      assertLabelled(row['iban'] as string, row['invalid'], `row ${i}`)
    }
    const txt = await app.call('GET', '/export/FR?count=100&seed=x&invalid=mod97,national&invalid_share=0.5&format=txt')
    assert.deepEqual(
      txt.text.trim().split('\n'),
      rows.map((row) => row['iban']),
    )
  })

  test('bad invalid lists and shares are 422s naming the parameter, on every route', async () => {
    const cases: [string, RegExp][] = [
      ['invalid=mod97&invalid_share=2', /^invalid_share must be a number greater than 0 and at most 1$/],
      ['invalid=mod97&invalid_share=0', /^invalid_share must be a number greater than 0 and at most 1$/],
      ['invalid=mod97&invalid_share=half', /^invalid_share must be a number greater than 0 and at most 1$/],
      ['invalid_share=0.5', /^invalid_share needs invalid: the checks the broken rows fail$/],
      [
        'invalid=mod97,checksum',
        /^invalid must be one of national, mod97, length, format, country, or a comma-separated list of them$/,
      ],
      ['invalid=mod97,,national', /^invalid must be one of/],
      ['invalid=mod97,mod97', /^invalid names mod97 twice: list each check once$/],
    ]
    for (const [query, message] of cases) {
      for (const path of [`/api/v1/generate/DE?${query}`, `/api/v1/bulk/DE?${query}`, `/export/DE?${query}`]) {
        const res = await app.call('GET', path, { headers: app.auth })
        assert.match(assertError(res, 422, 'invalid_request'), message, path)
      }
    }
    const post = await app.call('POST', '/api/v1/generate', {
      headers: app.auth,
      json: { country: 'AT', invalid: 'mod97,national', invalid_share: 0.5 },
    })
    assert.match(
      assertError(post, 422, 'invalid_request'),
      /^invalid=national cannot be made for AT: it has no national check digits$/,
    )
    const md = await app.call('GET', '/api/v1/bulk/MD?invalid=national,format', { headers: app.auth })
    assert.match(assertError(md, 422, 'invalid_request'), /^invalid=national,format: none can be made for MD/)
  })

  test('MCP generate_iban with invalid "mod97,national" and invalid_share: rows that fail name their check, the same rows as the API', async () => {
    const client = new Client({ name: 'ibanmint-tests', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`)))
    cleanup.push(() => client.close())
    const result = (await client.callTool({
      name: 'generate_iban',
      arguments: { country: 'GB', count: 50, seed: 'mcp', invalid: 'mod97,national', invalid_share: 0.5 },
    })) as { isError?: boolean; structuredContent: Record<string, unknown> }
    assert.notEqual(result.isError, true, JSON.stringify(result))
    const content = result.structuredContent as {
      invalid: string
      invalid_share: number
      valid: boolean
      ibans: { iban: string; invalid?: string }[]
    }
    assert.equal(content.invalid, 'mod97,national')
    assert.equal(content.invalid_share, 0.5)
    assert.equal(content.valid, false)
    const library = generateIbans('GB', 50, { seed: 'mcp', invalid: ['mod97', 'national'], invalidShare: 0.5 })
    assert.deepEqual(
      content.ibans,
      library.map((item) => (item.invalid === null ? { iban: item.iban } : { iban: item.iban, invalid: item.invalid })),
    )
    for (const [i, row] of content.ibans.entries()) assertLabelled(row.iban, row.invalid, `row ${i}`)
    const refused = (await client.callTool({
      name: 'generate_iban',
      arguments: { country: 'GB', invalid: 'mod97', invalid_share: 1.5 },
    })) as { isError?: boolean; content: { text: string }[] }
    assert.equal(refused.isError, true)
    assert.match(refused.content[0]?.text ?? '', /invalid_share must be a number greater than 0 and at most 1/)
  })
})
