// generate_payment_file through the official SDK client against a real listening server: each
// format's XML passes xmllint against its schema and is the bulk route's file for the same
// arguments; the figures match what the XML holds; the status report names exactly the rejected
// transactions; a bad argument is an error result naming it.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { transactionAt } from '../../src/iban/index.ts'
import { startApp, type TestApp } from '../helpers/app.ts'
import { readPaymentXml, schemaErrors } from '../helpers/payment-reader.ts'

const dir = mkdtempSync(join(tmpdir(), 'ibanmint-payment-tool-'))
let app: TestApp
let client: Client
const cleanup: (() => unknown)[] = []
before(async () => {
  app = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { MCP_RATE_LIMIT: '100000' } })
  client = new Client({ name: 'ibanmint-tests', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`)))
  cleanup.push(() => client.close())
})
after(async () => {
  for (const fn of cleanup.reverse()) await fn()
  rmSync(dir, { recursive: true, force: true })
})

async function call(args: Record<string, unknown>): Promise<Record<string, unknown>> {
  return await client.callTool({ name: 'generate_payment_file', arguments: args })
}

const ARGS = {
  countries: ['DE', 'FR'],
  count: 60,
  seed: 'tool',
  date: '2026-03-02',
  batch_size: 25,
  defects: ['AC01', 'AM04'],
  defect_share: 0.2,
}

test('generate_payment_file: every format valid against its schema, the bulk route’s bytes, figures stated once', async () => {
  const formats = [
    ['pain.001', 'pain.001.001.09'],
    ['pain.001.001.03', 'pain.001.001.03'],
    ['pain.002', 'pain.002.001.10'],
    ['camt.053', 'camt.053.001.08'],
  ] as const
  for (const [format, message] of formats) {
    const result = await call({ ...ARGS, format })
    assert.notEqual(result['isError'], true, JSON.stringify(result))
    const value = result['structuredContent'] as Record<string, string | number>
    assert.equal(value['message'], message)
    assert.equal(value['file_name'], `${format}-de-fr-60.xml`)
    const file = join(dir, `${format}.xml`)
    writeFileSync(file, String(value['xml']))
    assert.equal(await schemaErrors(file, message), '', format)
    const bulk = await app.call(
      'GET',
      `/api/v1/bulk/DE,FR?format=${format}&count=60&seed=tool&date=2026-03-02&batch_size=25&defects=AC01,AM04&defect_share=0.2`,
      { headers: app.auth },
    )
    assert.equal(value['xml'], bulk.text, format)
  }
  const report = (await call({ ...ARGS, format: 'pain.002' }))['structuredContent'] as Record<string, string | number>
  const rejected: string[] = []
  for (let i = 0; i < 60; i++) {
    const row = transactionAt(
      {
        countries: ['DE', 'FR'],
        count: 60,
        seed: 'tool',
        date: '2026-03-02',
        batchSize: 25,
        defects: ['AC01', 'AM04'],
        defectShare: 0.2,
      },
      i,
    )
    if (row.status === 'RJCT') rejected.push(row.end_to_end_id)
  }
  const named = readPaymentXml(String(report['xml']), ['TxInfAndSts']).records.get('TxInfAndSts') ?? []
  assert.deepEqual(named.map((record) => record.get('OrgnlEndToEndId')).sort(), rejected.sort())
  assert.equal(report['rejected'], rejected.length)
  assert.equal(report['accepted'], 60 - rejected.length)
  assert.equal(report['status'], 'PART')
})

test('generate_payment_file: pain.008 B2B of the 2009 version; bad arguments are errors naming them', async () => {
  const result = await call({ format: 'pain.008.001.02', scheme: 'B2B', sequence_type: 'FRST', count: 10, seed: 2 })
  const value = result['structuredContent'] as Record<string, string>
  const file = join(dir, 'dd.xml')
  writeFileSync(file, value['xml'] as string)
  assert.equal(await schemaErrors(file, 'pain.008.001.02'), '')
  assert.match(value['xml'] as string, /<LclInstrm><Cd>B2B<\/Cd><\/LclInstrm><SeqTp>FRST<\/SeqTp>/)
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ count: 101 }, /^count must be an integer between 1 and 100/],
    [{ format: 'pain.009' }, /^format must be one of pain\.001/],
    [{ defects: ['ZZ99'] }, /^defects must be a list of reason codes/],
    [{ defect_share: 2 }, /^defect_share must be a number from 0 to 1/],
    [{ scheme: 'B2B' }, /^scheme applies to direct debits/],
    [{ format: 'pain.008', instant: true }, /^instant applies to credit transfers/],
    [{ countries: ['MT'] }, /^country: payment files have counterparties in/],
    [{ offset: 5 }, /^offset needs a seed/],
  ]
  for (const [args, message] of cases) {
    const failed = await call(args)
    assert.equal(failed['isError'], true, JSON.stringify(args))
    const content = failed['content'] as { text: string }[]
    const { error } = JSON.parse(content[0]?.text ?? '') as { error: { code: string; message: string } }
    assert.equal(error.code, 'invalid_request')
    assert.match(error.message, message, JSON.stringify(args))
  }
})

test('generate_payment_file: made here when small (POOL_INLINE_MAX), on the pool otherwise: the same result', async () => {
  const pooled = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { POOL_INLINE_MAX: '0' } })
  const poolClient = new Client({ name: 'ibanmint-tests', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } })
  await poolClient.connect(new StreamableHTTPClientTransport(new URL(`${pooled.url}/mcp`)))
  cleanup.push(() => poolClient.close())
  for (const format of ['pain.001', 'pain.008', 'camt.053']) {
    const args = { ...ARGS, format, ...(format === 'pain.008' ? { defects: ['MD01'] } : {}) }
    const here = await call(args)
    const there = await poolClient.callTool({ name: 'generate_payment_file', arguments: args })
    assert.notEqual(here['isError'], true, JSON.stringify(here))
    assert.deepEqual(there['structuredContent'], here['structuredContent'], format)
  }
})
