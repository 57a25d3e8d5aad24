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

      test('tools/list: five tools in a fixed order, with bounds, output schemas and annotations', async () => {
        const { tools } = await client.listTools()
        assert.deepEqual(
          tools.map((tool) => tool.name),
          ['list_countries', 'generate_iban', 'validate_iban', 'build_iban', 'lookup_bic'],
        )
        for (const tool of tools) {
          assert.equal(typeof tool['title'], 'string')
          assert.ok(String(tool['description']).length > 80, `${tool.name} tells an assistant when to use it`)
          const annotations = tool['annotations'] as Record<string, boolean>
          assert.equal(annotations['readOnlyHint'], true)
          assert.equal(annotations['destructiveHint'], false)
          assert.equal(annotations['openWorldHint'], false)
          assert.equal(annotations['idempotentHint'], tool.name !== 'generate_iban')
          assert.equal((tool['outputSchema'] as { type: string }).type, 'object')
          assert.doesNotMatch(JSON.stringify(tool), /x-message/)
        }
        const generate = tools[1]?.['inputSchema'] as {
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
        assert.deepEqual(Object.keys(generate.properties), ['country', 'count', 'realistic', 'seed', 'bank', 'invalid'])
        assert.deepEqual(generate.properties['invalid']?.['enum'], ['national', 'mod97', 'length', 'format', 'country'])
        const list = tools[0]?.['inputSchema'] as {
          properties: Record<string, Record<string, unknown>>
          additionalProperties: boolean
        }
        assert.deepEqual(Object.keys(list.properties), ['limit', 'offset'])
        assert.deepEqual([list.properties['limit']?.['default'], list.properties['limit']?.['maximum']], [15, 25])
        assert.equal(list.additionalProperties, false)
      })

      test('structured results conform to the advertised output schemas', async () => {
        const { tools } = await client.listTools()
        const ajv = new Ajv2020({ strict: false })
        const calls: Record<string, Record<string, unknown>> = {
          list_countries: {},
          generate_iban: { country: 'IT', count: 5 },
          validate_iban: { iban: 'GB82 WEST 1234 5698 7654 32' },
          build_iban: { country: 'DE', bank: '37040044', account: '532013000' },
          lookup_bic: { bic: 'coba de ff xxx' },
        }
        for (const tool of tools) {
          const result = await client.callTool({ name: tool.name, arguments: calls[tool.name] ?? {} })
          const validate = ajv.compile(tool['outputSchema'] as object)
          assert.ok(validate(result['structuredContent']), `${tool.name}: ${ajv.errorsText(validate.errors)}`)
          assert.deepEqual(JSON.parse(textOf(result)), result['structuredContent'], 'the text is a copy')
        }
      })

      test('generate_iban equals REST for the same seed, in both modes', async () => {
        for (const realistic of [true, false]) {
          const result = await client.callTool({
            name: 'generate_iban',
            arguments: { country: 'de', count: 7, realistic, seed: 'mcp-vs-rest' },
          })
          const rest = await app.call('GET', `/api/v1/generate/DE?count=7&realistic=${realistic}&seed=mcp-vs-rest`, {
            headers: app.auth,
          })
          assert.equal(rest.status, 200)
          assert.deepEqual(result['structuredContent'], rest.body)
        }
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
        assert.deepEqual(broken['structuredContent'], rest.body)
        for (const { iban } of (broken['structuredContent'] as { ibans: { iban: string }[] }).ibans) {
          assert.equal(validateIban(iban).checks.national, false)
        }
        const bank = await client.callTool({
          name: 'generate_iban',
          arguments: { country: 'DE', count: 3, bank: '10011001' },
        })
        for (const item of (bank['structuredContent'] as { ibans: { bank: { name: string } }[] }).ibans) {
          assert.equal(item.bank.name, 'N26 Bank')
        }
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
        assert.deepEqual(territory['structuredContent'], parent.body)
        assert.equal((territory['structuredContent'] as { territory: string }).territory, 'GP')
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

      test('list_countries pages through GET /api/v1/countries: 15 a page, next_offset to the last', async () => {
        const rest = (await app.call('GET', '/api/v1/countries', { headers: app.auth })).body as Record<string, unknown>
        const countries: unknown[] = []
        let offset: number | undefined = 0
        let pages = 0
        while (offset !== undefined) {
          const result = await client.callTool({ name: 'list_countries', arguments: pages === 0 ? {} : { offset } })
          const page = result['structuredContent'] as Record<string, unknown> & { countries: unknown[] }
          assert.equal(page['offset'], offset)
          assert.equal(page['count'], COUNTRIES.length)
          assert.deepEqual(page['registry'], rest['registry'])
          assert.deepEqual(page['territories'], rest['territories'])
          assert.equal(page.countries.length, Math.min(15, COUNTRIES.length - offset))
          countries.push(...page.countries)
          offset = page['next_offset'] as number | undefined
          pages++
        }
        assert.equal(pages, Math.ceil(COUNTRIES.length / 15))
        assert.deepEqual(countries, rest['countries'])
        const all = await client.callTool({ name: 'list_countries', arguments: { limit: 25, offset: 75 } })
        const last = all['structuredContent'] as { countries: unknown[]; next_offset?: number }
        assert.deepEqual(last.countries, (rest['countries'] as unknown[]).slice(75))
        assert.equal(last.next_offset, undefined)
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
          ['list_countries', { limit: 26 }, 'invalid_request', /^limit must be an integer between 1 and 25$/],
          ['list_countries', { offset: -1 }, 'invalid_request', /^offset must be a non-negative integer$/],
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
