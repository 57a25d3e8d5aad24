// The MCP server through the official SDK clients of both eras against a real listening
// server: a 1.x client (2025-era initialize handshake) and the v2 client pinned to
// 2026-07-28 (server/discover, per-request envelope), plus the v2 client's auto negotiation.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { COUNTRIES, validateIban } from '../../src/iban/index.ts'
import { startApp, type TestApp } from '../helpers/app.ts'

/** The calls the tests make, whichever client makes them. */
interface ToolClient {
  listTools(): Promise<{ tools: { name: string; [key: string]: unknown }[] }>
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<Record<string, unknown>>
  getServerVersion(): unknown
  close(): Promise<void>
}

type Era = 'legacy (SDK 1.x)' | 'modern (v2, 2026-07-28)' | 'auto (v2)'

async function connect(app: TestApp, era: Era): Promise<ToolClient> {
  const url = new URL(`${app.url}/mcp`)
  if (era === 'legacy (SDK 1.x)') {
    const client = new LegacyClient({ name: 'ibanmint-tests', version: '1.0.0' })
    const transport = new LegacyTransport(url)
    await client.connect(transport)
    assert.equal(transport.sessionId, undefined, 'stateless: no session id')
    return client
  }
  const mode = era === 'auto (v2)' ? 'auto' : { pin: '2026-07-28' }
  const client = new Client({ name: 'ibanmint-tests', version: '1.0.0' }, { versionNegotiation: { mode } })
  await client.connect(new StreamableHTTPClientTransport(url))
  if (era === 'modern (v2, 2026-07-28)') assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28')
  return client
}

function textOf(result: Record<string, unknown>): string {
  const content = result['content'] as { type: string; text: string }[]
  assert.equal(content.length, 1)
  assert.equal(content[0]?.type, 'text')
  return content[0]?.text ?? ''
}

/** GET /api/v1/generate's GenerateResult. */
interface RestResult {
  country: unknown
  count: number
  realistic: boolean
  seed?: string
  ibans: { iban: string; valid: boolean; bank?: { code: string; name: string; bic: string | null } }[]
}

/** generate_iban's result. */
interface CompactResult {
  country: { code: string }
  count: number
  realistic: boolean
  seed?: string
  offset?: number
  next_offset?: number
  bank?: string
  valid: boolean
  banks?: { code: string; name: string; bic: string | null }[]
  ibans: { iban: string; bank?: number }[]
}

interface BankPage {
  country: string
  search?: string
  count: number
  offset: number
  next_offset?: number
  banks: { code: string; name: string; bic: string | null }[]
}

/** generate_iban's rows as REST writes them: every field an IBAN's own, its bank looked up in `banks`. */
function expand(result: CompactResult): RestResult['ibans'] {
  return result.ibans.map((row) => {
    const { iban } = row
    const bank = row.bank === undefined ? undefined : result.banks?.[row.bank]
    return {
      iban,
      formatted: iban.replace(/(.{4})(?=.)/g, '$1 '),
      country: iban.slice(0, 2),
      check_digits: iban.slice(2, 4),
      bban: iban.slice(4),
      length: iban.length,
      valid: result.valid,
      ...(bank === undefined ? {} : { bank }),
    }
  })
}

/** A tool error: isError with the REST error body as its text. */
function errorOf(result: Record<string, unknown>): { code: string; message: string } {
  assert.equal(result['isError'], true, JSON.stringify(result))
  assert.equal(result['structuredContent'], undefined)
  const body = JSON.parse(textOf(result)) as { error: { code: string; message: string } }
  return body.error
}

describe('MCP server with the official clients', () => {
  let app: TestApp
  const cleanup: (() => unknown)[] = []
  before(async () => {
    app = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { MCP_RATE_LIMIT: '100000' } })
  })
  after(async () => {
    for (const fn of cleanup) await fn()
  })

  for (const era of ['legacy (SDK 1.x)', 'modern (v2, 2026-07-28)', 'auto (v2)'] as const) {
    describe(era, () => {
      let client: ToolClient
      before(async () => {
        client = await connect(app, era)
        cleanup.unshift(() => client.close())
      })

      test('server info agrees with the server card', async () => {
        const card = (await app.call('GET', '/.well-known/mcp/server-card.json')).body as Record<string, unknown>
        const info = client.getServerVersion() as Record<string, unknown>
        assert.equal(card['name'], `127.0.0.1/${String(info['name'])}`)
        assert.equal(card['version'], info['version'])
        assert.equal(card['title'], info['title'])
      })

      test('tools/list: seven tools in a fixed order, with bounds, output schemas and annotations', async () => {
        const { tools } = await client.listTools()
        assert.deepEqual(
          tools.map((tool) => tool.name),
          [
            'list_countries',
            'list_banks',
            'generate_iban',
            'validate_iban',
            'build_iban',
            'lookup_bic',
            'generate_payment_file',
          ],
        )
        for (const tool of tools) {
          assert.equal(typeof tool['title'], 'string')
          assert.ok(String(tool['description']).length > 80, `${tool.name} tells an assistant when to use it`)
          const annotations = tool['annotations'] as Record<string, boolean>
          assert.equal(annotations['readOnlyHint'], true)
          assert.equal(annotations['destructiveHint'], false)
          assert.equal(annotations['openWorldHint'], false)
          assert.equal(annotations['idempotentHint'], !tool.name.startsWith('generate_'))
          assert.equal((tool['outputSchema'] as { type: string }).type, 'object')
          assert.doesNotMatch(JSON.stringify(tool), /x-message/)
        }
        const generate = tools[2]?.['inputSchema'] as {
          properties: Record<string, Record<string, unknown>>
          required: string[]
          additionalProperties: boolean
        }
        assert.deepEqual(generate.required, ['country'])
        assert.equal(generate.additionalProperties, false)
        assert.deepEqual(
          [generate.properties['count']?.['minimum'], generate.properties['count']?.['maximum']],
          [1, 100],
        )
        assert.equal(generate.properties['count']?.['default'], 1)
        assert.equal(generate.properties['realistic']?.['default'], true)
        assert.deepEqual(Object.keys(generate.properties), [
          'country',
          'count',
          'realistic',
          'seed',
          'offset',
          'bank',
          'invalid',
          'invalid_share',
          'bank_details',
          'bank_mix',
          'qr_iban',
        ])
        // One check, or a comma-separated list of them.
        assert.match(String(generate.properties['invalid']?.['pattern']), /national\|mod97\|length\|format\|country/)
        assert.equal(generate.properties['invalid_share']?.['maximum'], 1)
        assert.equal(generate.properties['bank_details']?.['default'], false)
        const list = tools[0]?.['inputSchema'] as {
          properties: object
          required?: string[]
          additionalProperties: boolean
        }
        assert.deepEqual([Object.keys(list.properties), list.required ?? []], [['country'], []])
        assert.equal(list.additionalProperties, false)
        const banks = tools[1]?.['inputSchema'] as {
          properties: Record<string, Record<string, unknown>>
          required: string[]
        }
        assert.deepEqual(
          [Object.keys(banks.properties), banks.required],
          [['country', 'search', 'limit', 'offset'], ['country']],
        )
        assert.deepEqual([banks.properties['limit']?.['default'], banks.properties['limit']?.['maximum']], [50, 100])
      })

      test('structured results conform to the advertised output schemas', async () => {
        const { tools } = await client.listTools()
        const ajv = new Ajv2020({ strict: false })
        const calls: [string, Record<string, unknown>][] = [
          ['list_countries', {}],
          ['list_countries', { country: 'de' }],
          ['list_countries', { country: 'GP' }],
          ['list_banks', { country: 'DE' }],
          ['list_banks', { country: 'fr', search: 'societe generale', limit: 3 }],
          ['generate_iban', { country: 'IT', count: 5 }],
          ['generate_iban', { country: 'GB', count: 5, seed: 1, offset: 10, bank_details: true }],
          ['generate_iban', { country: 'PL', count: 5, invalid: 'national', bank_details: true, realistic: true }],
          ['generate_iban', { country: 'GP', count: 2, realistic: false, bank_details: true }],
          ['validate_iban', { iban: 'GB82 WEST 1234 5698 7654 32' }],
          ['build_iban', { country: 'DE', bank: '37040044', account: '532013000' }],
          ['lookup_bic', { bic: 'coba de ff xxx' }],
          ['generate_payment_file', { countries: ['DE', 'FR'], count: 4, defects: ['AC01'], defect_share: 0.5 }],
          ['generate_payment_file', { format: 'camt.053', seed: 3, date: '2026-03-02' }],
        ]
        const schemas = new Map(tools.map((tool) => [tool.name, ajv.compile(tool['outputSchema'] as object)]))
        for (const [name, args] of calls) {
          const result = await client.callTool({ name, arguments: args })
          const validate = schemas.get(name)
          assert.ok(validate?.(result['structuredContent']), `${name}: ${ajv.errorsText(validate?.errors)}`)
          assert.deepEqual(JSON.parse(textOf(result)), result['structuredContent'], 'the text is a copy')
        }
        assert.deepEqual([...schemas.keys()].sort(), [...new Set(calls.map(([name]) => name))].sort(), 'every tool')
      })

      test('generate_iban gives the rows of REST for the same seed, shared fields once, banks once each', async () => {
        for (const realistic of [true, false]) {
          const result = await client.callTool({
            name: 'generate_iban',
            arguments: { country: 'de', count: 7, realistic, seed: 'mcp-vs-rest', bank_details: true },
          })
          const rest = await app.call('GET', `/api/v1/generate/DE?count=7&realistic=${realistic}&seed=mcp-vs-rest`, {
            headers: app.auth,
          })
          assert.equal(rest.status, 200)
          const { ibans: rows, ...shared } = rest.body as RestResult
          const compact = result['structuredContent'] as CompactResult
          assert.deepEqual(
            { country: compact.country, count: compact.count, realistic: compact.realistic, seed: compact.seed },
            shared,
          )
          assert.deepEqual([compact.offset, compact.next_offset, compact.valid], [0, 7, true])
          assert.deepEqual(expand(compact), rows, 'every row of REST, its bank from the banks table')
          assert.equal(new Set(compact.banks?.map((bank) => bank.code)).size, compact.banks?.length, 'each bank once')
          assert.equal(compact.banks?.length, realistic ? new Set(rows.map((row) => row.bank?.code)).size : 0)
        }
        const plain = await client.callTool({ name: 'generate_iban', arguments: { country: 'DE', count: 3, seed: 1 } })
        const value = plain['structuredContent'] as CompactResult
        assert.equal(value.banks, undefined, 'banks only with bank_details')
        assert.ok(
          value.ibans.every((row) => Object.keys(row).join() === 'iban'),
          'rows of the IBAN alone',
        )
      })

      test('100 IBANs are under 8 KB of text, as the model reads it (and as structuredContent)', async () => {
        for (const country of ['DE', 'PL', 'IT', 'FR', 'MT', 'LC']) {
          const result = await client.callTool({ name: 'generate_iban', arguments: { country, count: 100 } })
          const text = Buffer.byteLength(textOf(result))
          const structured = Buffer.byteLength(JSON.stringify(result['structuredContent']))
          assert.equal((result['structuredContent'] as CompactResult).ibans.length, 100)
          assert.ok(text < 8_000 && structured < 8_000, `${country}: ${text} bytes of text, ${structured} structured`)
        }
      })

      test('generate_iban with offset continues a seeded dataset: the rows of GET /api/v1/bulk with that seed', async () => {
        const rows: string[] = []
        let offset: number | undefined = 0
        while (offset !== undefined && offset < 250) {
          const result = await client.callTool({
            name: 'generate_iban',
            arguments: { country: 'FR', count: 100, seed: 'slices', offset },
          })
          const value = result['structuredContent'] as CompactResult
          assert.equal(value.offset, offset)
          rows.push(...value.ibans.map((row) => row.iban))
          offset = value.next_offset
        }
        assert.equal(offset, 300)
        const bulk = await app.call('GET', '/api/v1/bulk/FR?format=txt&count=300&seed=slices', { headers: app.auth })
        assert.equal(bulk.status, 200)
        assert.deepEqual(rows, bulk.text.trim().split('\n'))
        const sliced = await app.call('GET', '/api/v1/bulk/FR?format=txt&count=50&offset=120&seed=slices', {
          headers: app.auth,
        })
        const middle = await client.callTool({
          name: 'generate_iban',
          arguments: { country: 'FR', count: 50, seed: 'slices', offset: 120 },
        })
        assert.deepEqual(
          (middle['structuredContent'] as CompactResult).ibans.map((row) => row.iban),
          sliced.text.trim().split('\n'),
        )
        // The last rows of a dataset (891,000 for this bank): no next_offset; past them, an error.
        const end = { country: 'NO', count: 10, seed: 3, bank: '1503' }
        const last = await client.callTool({ name: 'generate_iban', arguments: { ...end, offset: 890_990 } })
        assert.deepEqual(
          [
            (last['structuredContent'] as CompactResult).offset,
            (last['structuredContent'] as CompactResult).next_offset,
          ],
          [890_990, undefined],
        )
        const beyond = errorOf(await client.callTool({ name: 'generate_iban', arguments: { ...end, offset: 890_991 } }))
        assert.match(beyond.message, /^offset \+ count must be at most 891,000/)
      })

      test('generate_iban: defaults to one realistic IBAN; every IBAN validates', async () => {
        for (const code of ['FR', 'NO', 'BR', 'LC']) {
          const result = await client.callTool({ name: 'generate_iban', arguments: { country: code } })
          const value = result['structuredContent'] as { count: number; realistic: boolean; ibans: { iban: string }[] }
          assert.equal(value.count, 1)
          assert.equal(value.realistic, true)
          assert.equal(value.ibans.length, 1)
          assert.equal(validateIban(value.ibans[0]?.iban ?? '').valid, true)
        }
        const many = await client.callTool({ name: 'generate_iban', arguments: { country: 'PL', count: 100 } })
        assert.equal((many['structuredContent'] as { ibans: unknown[] }).ibans.length, 100)
      })

      test('generate_iban: bank and invalid as over REST; build_iban equals POST /api/v1/iban', async () => {
        const broken = await client.callTool({
          name: 'generate_iban',
          arguments: { country: 'IT', count: 20, invalid: 'national', seed: 'mcp' },
        })
        const rest = await app.call('GET', '/api/v1/generate/IT?count=20&invalid=national&seed=mcp', {
          headers: app.auth,
        })
        const brokenRows = (rest.body as RestResult).ibans
        assert.deepEqual(
          (broken['structuredContent'] as CompactResult).ibans.map((row) => row.iban),
          brokenRows.map((row) => row.iban),
        )
        assert.equal((broken['structuredContent'] as CompactResult).valid, false)
        assert.ok(
          brokenRows.every((row) => row.valid === false),
          'REST says each row is invalid',
        )
        for (const { iban } of (broken['structuredContent'] as { ibans: { iban: string }[] }).ibans) {
          assert.equal(validateIban(iban).checks.national, false)
        }
        const bank = await client.callTool({
          name: 'generate_iban',
          arguments: { country: 'DE', count: 3, bank: '10011001', bank_details: true },
        })
        const oneBank = bank['structuredContent'] as CompactResult
        assert.deepEqual([oneBank.bank, oneBank.banks?.map((entry) => entry.name)], ['10011001', ['N26 Bank']])
        assert.deepEqual(
          oneBank.ibans.map((row) => row.bank),
          [0, 0, 0],
        )
        const built = await client.callTool({
          name: 'build_iban',
          arguments: { country: 'DE', bank: '37040044', account: '0532013000' },
        })
        const post = await app.call('POST', '/api/v1/iban', {
          headers: app.auth,
          json: { country: 'DE', bank: '37040044', account: '0532013000' },
        })
        assert.equal(post.status, 200)
        assert.deepEqual(built['structuredContent'], post.body)
        assert.equal((post.body as { iban: string }).iban, 'DE89370400440532013000')
        const territory = await client.callTool({
          name: 'generate_iban',
          arguments: { country: 'GP', count: 3, seed: 'mcp' },
        })
        const parent = await app.call('GET', '/api/v1/generate/GP?count=3&seed=mcp', { headers: app.auth })
        assert.deepEqual(
          (territory['structuredContent'] as CompactResult).ibans.map((row) => row.iban),
          (parent.body as RestResult).ibans.map((row) => row.iban),
        )
        assert.equal((territory['structuredContent'] as { territory: string }).territory, 'GP')
        assert.equal((territory['structuredContent'] as CompactResult).country.code, 'FR')
      })

      test('validate_iban equals REST: valid, invalid (a result, not an error), spaces and lower case', async () => {
        for (const iban of [
          'de89 3704 0044 0532 0130 00',
          'DE89370400440532013001',
          'XX00123',
          'NO9386011117948',
          'GB98BARC20309966831036',
        ]) {
          const result = await client.callTool({ name: 'validate_iban', arguments: { iban } })
          assert.equal(result['isError'] ?? false, false)
          const rest = await app.call('POST', '/api/v1/validate', { headers: app.auth, json: { iban } })
          assert.deepEqual(result['structuredContent'], rest.body)
        }
      })

      test('list_countries: all 91 countries with their IBAN length in one call, under 16 KB; country gives one in full', async () => {
        const rest = (await app.call('GET', '/api/v1/countries', { headers: app.auth })).body as {
          countries: { code: string; name: string; iban_length: number; sepa: boolean }[]
          registry: unknown
          territories: unknown
        }
        const result = await client.callTool({ name: 'list_countries', arguments: {} })
        const list = result['structuredContent'] as Record<string, unknown> & { countries: unknown[] }
        assert.equal(list['count'], COUNTRIES.length)
        assert.equal(list.countries.length, 91)
        assert.equal(list['next_offset'], undefined)
        assert.deepEqual(
          list.countries,
          rest.countries.map(({ code, name, iban_length, sepa }) => ({ code, name, iban_length, sepa })),
        )
        assert.deepEqual([list['registry'], list['territories']], [rest.registry, rest.territories])
        const text = Buffer.byteLength(textOf(result))
        const whole = Buffer.byteLength(JSON.stringify(result))
        assert.ok(text < 8_000 && whole < 16_000, `${text} bytes of text, ${whole} with structuredContent`)
        for (const code of ['de', 'GP', 'NO']) {
          const one = await client.callTool({ name: 'list_countries', arguments: { country: code } })
          const detail = await app.call('GET', `/api/v1/countries/${code}`, { headers: app.auth })
          const { banks, ...country } = (detail.body as { country: { banks: unknown[] } }).country
          assert.ok(banks.length > 0, `${code}: its banks are listed by list_banks instead`)
          assert.deepEqual(one['structuredContent'], { ...(detail.body as object), country })
        }
        const unknown = errorOf(await client.callTool({ name: 'list_countries', arguments: { country: 'ZZ' } }))
        assert.deepEqual([unknown.code, unknown.message], ['not_found', 'country "ZZ" is not supported'])
      })

      test('list_banks finds Deutsche Bank by name and by BIC: its codes generate IBANs at that bank', async () => {
        const found = await client.callTool({
          name: 'list_banks',
          arguments: { country: 'DE', search: 'Deutsche Bank', limit: 10 },
        })
        const page = found['structuredContent'] as BankPage
        assert.deepEqual([page.country, page.search, page.offset, page.next_offset], ['DE', 'Deutsche Bank', 0, 10])
        assert.ok(page.count > 100, `${page.count} matches`)
        assert.deepEqual(
          page.banks.map((bank) => bank.name),
          Array(10).fill('Deutsche Bank'),
          'the exact name first',
        )
        assert.ok(
          page.banks.every((bank) => bank.bic?.startsWith('DEUT')),
          'Deutsche Bank’s BICs',
        )
        const byBic = (
          await client.callTool({ name: 'list_banks', arguments: { country: 'de', search: 'deut de ff' } })
        )['structuredContent'] as BankPage
        assert.ok(byBic.banks.length > 0, 'the BIC finds banks')
        assert.deepEqual(
          byBic.banks.filter((bank) => !bank.bic?.startsWith('DEUTDEFF')),
          [],
          'only the banks whose BIC starts with it',
        )
        const accents = (
          await client.callTool({ name: 'list_banks', arguments: { country: 'DE', search: 'ISBANK KOLN' } })
        )['structuredContent'] as BankPage
        assert.deepEqual(
          accents.banks.map((bank) => bank.name),
          ['Isbank Fil Köln'],
          'case and accents ignored',
        )
        const words = (
          await client.callTool({ name: 'list_banks', arguments: { country: 'DE', search: 'raiffeisen plankstetten' } })
        )['structuredContent'] as BankPage
        assert.deepEqual(
          words.banks.map((bank) => bank.name),
          ['Raiffeisenbank Plankstetten'],
          'each word starts a word of the name',
        )
        const code = page.banks[0]?.code ?? ''
        const generated = await client.callTool({
          name: 'generate_iban',
          arguments: { country: 'DE', count: 2, bank: code, bank_details: true },
        })
        const value = generated['structuredContent'] as CompactResult
        assert.deepEqual(
          value.banks?.map((bank) => [bank.code, bank.name]),
          [[code, 'Deutsche Bank']],
        )
        const none = (
          await client.callTool({ name: 'list_banks', arguments: { country: 'DE', search: 'no such bank xyz' } })
        )['structuredContent'] as BankPage
        assert.deepEqual([none.count, none.banks, none.next_offset], [0, [], undefined])
      })

      test('list_banks pages through GET /api/v1/countries/{code}/banks with its total and next_offset', async () => {
        const rest = await app.call('GET', '/api/v1/countries/AT/banks?limit=1000', { headers: app.auth })
        const all = rest.body as { count: number; banks: unknown[] }
        const banks: unknown[] = []
        for (let offset: number | undefined = 0; offset !== undefined;) {
          const page = (
            await client.callTool({ name: 'list_banks', arguments: { country: 'at', limit: 100, offset } })
          )['structuredContent'] as BankPage
          assert.deepEqual([page.count, page.offset], [all.count, offset])
          banks.push(...page.banks)
          offset = page.next_offset
        }
        assert.deepEqual(banks, all.banks)
        const first = (await client.callTool({ name: 'list_banks', arguments: { country: 'DE' } }))[
          'structuredContent'
        ] as BankPage
        assert.deepEqual([first.banks.length, first.next_offset], [50, 50])
        assert.ok(Buffer.byteLength(JSON.stringify(first)) < 8_000, 'a page of 50 banks under 8 KB')
      })

      test('bad arguments are tool errors with the REST error body, naming the argument', async () => {
        const cases: [string, Record<string, unknown>, string, RegExp][] = [
          [
            'generate_iban',
            { country: 'DE', count: 0 },
            'invalid_request',
            /^count must be an integer between 1 and 100$/,
          ],
          ['generate_iban', { country: 'DE', count: 101 }, 'invalid_request', /^count must be an integer/],
          ['generate_iban', { country: 'DE', count: '5' }, 'invalid_request', /^count must be an integer/],
          ['generate_iban', { country: 'ZZ' }, 'not_found', /country "ZZ" is not supported/],
          ['generate_iban', { country: 5 }, 'invalid_request', /^country must be a two-letter country code$/],
          ['generate_iban', {}, 'invalid_request', /^country is required$/],
          ['generate_iban', { country: 'DE', realistic: 'yes' }, 'invalid_request', /^realistic must be a boolean$/],
          ['generate_iban', { country: 'DE', colour: 'red' }, 'invalid_request', /^unknown argument "colour"$/],
          ['generate_iban', { country: 'DE', seed: '' }, 'invalid_request', /^seed must be/],
          ['validate_iban', { iban: 42 }, 'invalid_request', /^iban must be a string/],
          ['validate_iban', { iban: 'DE89-3704' }, 'invalid_request', /^iban must be 1 to 64 letters and digits/],
          ['validate_iban', {}, 'invalid_request', /^iban or ibans is required$/],
          [
            'generate_iban',
            { country: 'AT', invalid: 'national' },
            'invalid_request',
            /^invalid=national cannot be made for AT/,
          ],
          [
            'generate_iban',
            { country: 'DE', bank: 'x' },
            'invalid_request',
            /^bank "x" is not a registered bank code of DE/,
          ],
          [
            'build_iban',
            { country: 'DE', bank: '37040044', account: '0542013000' },
            'invalid_request',
            /^account 0542013000 fails the check method 13 of bank 37040044 \(Commerzbank\)/,
          ],
          [
            'build_iban',
            { country: 'GB', bank: 'NWBK', branch: '601613', account: '31926818' },
            'invalid_request',
            /^account 31926818 fails the modulus check \(MOD11\) of sort code 60-16-13/,
          ],
          [
            'build_iban',
            { country: 'DE', bank: '1', account: '1' },
            'invalid_request',
            /^bank must be 8 characters for DE, not 1$/,
          ],
          ['build_iban', { country: 'DE', bank: '37040044' }, 'invalid_request', /^account is required for DE/],
          ['list_countries', { all: true }, 'invalid_request', /^unknown argument "all"$/],
          ['list_countries', { country: 'DEU' }, 'invalid_request', /^country must be a two-letter country code$/],
          ['list_banks', {}, 'invalid_request', /^country is required$/],
          ['list_banks', { country: 'XX' }, 'not_found', /^country "XX" is not supported$/],
          ['list_banks', { country: 'DE', search: 'd' }, 'invalid_request', /^search must be a string of 2 to 100/],
          ['list_banks', { country: 'DE', search: '--' }, 'invalid_request', /^search must hold a letter or a digit$/],
          [
            'list_banks',
            { country: 'DE', limit: 101 },
            'invalid_request',
            /^limit must be an integer between 1 and 100$/,
          ],
          ['list_banks', { country: 'DE', offset: -1 }, 'invalid_request', /^offset must be a non-negative integer$/],
          ['generate_iban', { country: 'DE', offset: 5 }, 'invalid_request', /^offset needs a seed/],
          [
            'generate_iban',
            { country: 'DE', seed: 1, offset: -1 },
            'invalid_request',
            /^offset must be an integer between 0/,
          ],
          [
            'generate_iban',
            { country: 'DE', bank_details: 'yes' },
            'invalid_request',
            /^bank_details must be a boolean$/,
          ],
          [
            'lookup_bic',
            { bic: 'COBADEFFXXX', limit: 0 },
            'invalid_request',
            /^limit must be an integer between 1 and 60$/,
          ],
        ]
        for (const [name, args, code, message] of cases) {
          const error = errorOf(await client.callTool({ name, arguments: args }))
          assert.equal(error.code, code, `${name} ${JSON.stringify(args)}`)
          assert.match(error.message, message)
        }
      })

      test('an unknown tool is a protocol error (-32602)', async () => {
        await assert.rejects(client.callTool({ name: 'mint_money', arguments: {} }), (error: Error) => {
          assert.match(error.message, /Tool mint_money not found/)
          assert.equal((error as { code?: number }).code, -32602)
          return true
        })
      })
    })
  }

  test('50 concurrent fresh clients of both eras each get their own answers', async () => {
    const runs = Array.from({ length: 50 }, async (_, i) => {
      const client = await connect(app, i % 2 === 0 ? 'legacy (SDK 1.x)' : 'modern (v2, 2026-07-28)')
      try {
        const country = COUNTRIES[i % COUNTRIES.length]?.code ?? 'DE'
        const result = await client.callTool({
          name: 'generate_iban',
          arguments: { country, count: 3, seed: `client-${i}` },
        })
        const value = result['structuredContent'] as { country: { code: string }; seed: string; ibans: unknown[] }
        assert.equal(value.country.code, country)
        assert.equal(value.seed, `client-${i}`)
        assert.equal(value.ibans.length, 3)
      } finally {
        await client.close()
      }
    })
    await Promise.all(runs)
  })
})
