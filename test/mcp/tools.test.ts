// lookup_bic, and generate_iban's bank_mix and qr_iban, as clients call them, through the official SDK clients of both eras against a real
// listening server (digit fields sent as JSON numbers: tool-arguments.test.ts).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { validateBic, validateIban } from '../../src/iban/index.ts'
import { startApp, type TestApp } from '../helpers/app.ts'

interface ToolClient {
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<Record<string, unknown>>
  listTools(): Promise<{ tools: { name: string; inputSchema: unknown; annotations?: unknown }[] }>
  close(): Promise<void>
}

async function connect(app: TestApp, era: 'legacy' | 'modern'): Promise<ToolClient> {
  const url = new URL(`${app.url}/mcp`)
  if (era === 'legacy') {
    const client = new LegacyClient({ name: 'ibanmint-tests', version: '1.0.0' })
    await client.connect(new LegacyTransport(url))
    return client
  }
  const client = new Client({ name: 'ibanmint-tests', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } })
  await client.connect(new StreamableHTTPClientTransport(url))
  return client
}

function structured(result: Record<string, unknown>): Record<string, unknown> {
  assert.notEqual(result['isError'], true, JSON.stringify(result))
  return result['structuredContent'] as Record<string, unknown>
}

function errorOf(result: Record<string, unknown>): { code: string; message: string } {
  assert.equal(result['isError'], true, JSON.stringify(result))
  const content = result['content'] as { text: string }[]
  return (JSON.parse(content[0]?.text ?? '') as { error: { code: string; message: string } }).error
}

let app: TestApp
const cleanup: (() => unknown)[] = []
before(async () => {
  app = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { MCP_RATE_LIMIT: '100000' } })
})
after(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

for (const era of ['legacy', 'modern'] as const) {
  describe(`tools through the ${era} SDK client`, () => {
    let client: ToolClient
    before(async () => {
      client = await connect(app, era)
      cleanup.push(() => client.close())
    })

    test('lookup_bic answers the BicResult of GET /api/v1/bic/{bic} with its bank count, read-only', async () => {
      const result = structured(await client.callTool({ name: 'lookup_bic', arguments: { bic: 'psst fr pp bor' } }))
      const { bank_count: count, offset, ...bic } = result
      assert.deepEqual(bic, JSON.parse(JSON.stringify(validateBic('PSSTFRPPBOR'))))
      assert.deepEqual([count, offset], [validateBic('PSSTFRPPBOR').banks.length, 0])
      const rest = await app.call('GET', '/api/v1/bic/PSSTFRPPBOR', { headers: app.auth })
      assert.deepEqual(bic, rest.body)
      const invalid = structured(await client.callTool({ name: 'lookup_bic', arguments: { bic: 'COBAQQFF' } }))
      assert.equal(invalid['valid'], false)
      const { tools } = await client.listTools()
      const tool = tools.find((candidate) => candidate.name === 'lookup_bic')
      assert.deepEqual(tool?.annotations, {
        title: 'Look up a BIC',
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      })
    })

    test('lookup_bic refuses what is not a BIC candidate, naming bic', async () => {
      for (const bic of [42, '', 'COBA-DEFF', 'A'.repeat(33)]) {
        const error = errorOf(await client.callTool({ name: 'lookup_bic', arguments: { bic } }))
        assert.equal(error.code, 'invalid_request')
        assert.match(error.message, /^bic must be/, JSON.stringify(bic))
      }
      assert.match(errorOf(await client.callTool({ name: 'lookup_bic', arguments: {} })).message, /^bic is required$/)
    })

    test('generate_iban takes bank_mix and qr_iban as GET /api/v1/generate does, and refuses bad values naming them', async () => {
      const generate = (args: Record<string, unknown>) => client.callTool({ name: 'generate_iban', arguments: args })
      for (const args of [
        { country: 'NL', count: 50, seed: 'mcp', bank_mix: 'uniform' },
        { country: 'NL', count: 50, seed: 'mcp' },
        { country: 'CH', count: 20, seed: 'mcp', qr_iban: true },
      ]) {
        const result = structured(await generate(args))
        const query = new URLSearchParams(Object.entries(args).map(([name, value]) => [name, String(value)]))
        query.delete('country')
        const rest = (await app.call('GET', `/api/v1/generate/${args.country}?${query}`, { headers: app.auth }))
          .body as { ibans: { iban: string }[]; bank_mix?: string; qr_iban?: boolean }
        const where = JSON.stringify(args)
        assert.deepEqual(
          (result['ibans'] as { iban: string }[]).map((row) => row.iban),
          rest.ibans.map((row) => row.iban),
          where,
        )
        assert.equal(result['bank_mix'], rest.bank_mix, where)
        assert.equal(result['qr_iban'], rest.qr_iban, where)
      }
      const qr = structured(await generate({ country: 'LI', count: 10, seed: 'mcp', qr_iban: true }))
      assert.equal(qr['qr_iban'], true)
      for (const item of qr['ibans'] as { iban: string }[]) assert.equal(validateIban(item.iban).qr_iban, true)
      for (const [args, message] of [
        [{ country: 'DE', bank_mix: 'even' }, /^bank_mix must be one of weighted, uniform$/],
        [{ country: 'DE', qr_iban: 'yes' }, /^qr_iban must be a boolean$/],
        [{ country: 'DE', qr_iban: true }, /^qr_iban: QR-IBANs exist only for CH and LI, not DE$/],
      ] as const) {
        const error = errorOf(await generate(args))
        assert.equal(error.code, 'invalid_request')
        assert.match(error.message, message, JSON.stringify(args))
      }
    })
  })
}
