// Payment files through the download routes (docs/payment-files.md): GET /api/v1/bulk/{countries}
// and the keyless /export stream pain.001, pain.008, pain.002 and camt.053 from the worker pool,
// plain and gzip, with seeds and offsets as for rows: the bytes are the library's file for the same
// options, every file passes xmllint against its ISO 20022 schema, the status report names exactly
// the defective transactions and the statement books exactly the others. Bad options are a 422
// naming them; csv, json, ndjson and sql take the party columns of the same file (columns=parties).
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { after, before, describe, test } from 'node:test'
import { request } from 'undici'
import { PaymentFile, transactionAt, type PaymentFileOptions } from '../../src/iban/index.ts'
import { assertError, startApp, type TestApp } from '../helpers/app.ts'
import { parseCsv } from '../helpers/csv.ts'
import { readPaymentXml, schemaErrors } from '../helpers/payment-reader.ts'

const dir = mkdtempSync(join(tmpdir(), 'ibanmint-payment-downloads-'))
after(() => rmSync(dir, { recursive: true, force: true }))

/** The file's schema errors ('' when valid): the text written out and checked by xmllint. */
async function invalidity(text: string, message: string): Promise<string> {
  const file = join(dir, `${message}-${Math.random().toString(36).slice(2)}.xml`)
  writeFileSync(file, text)
  return schemaErrors(file, message)
}

const libraryText = (options: PaymentFileOptions, document: 'initiation' | 'status-report' | 'statement') =>
  Buffer.concat([...new PaymentFile(options).chunks(document)]).toString('utf8')

// Over two pool batches (10,000 rows each), with blocks of 7,000 cut by them.
const COUNT = 25_000
const QUERY = `count=${COUNT}&seed=hub&date=2026-03-02&batch_size=7000&defects=AC01,AM04,RR03,DU04&defect_share=0.02`
const OPTIONS: PaymentFileOptions = {
  message: 'pain.001.001.09',
  countries: ['DE', 'FR'],
  count: COUNT,
  seed: 'hub',
  date: '2026-03-02',
  batchSize: 7000,
  defects: ['AC01', 'AM04', 'RR03', 'DU04'],
  defectShare: 0.02,
}

describe('payment files through the download routes', () => {
  let app: TestApp
  const cleanup: (() => unknown)[] = []
  before(async () => {
    app = await startApp({ after: (fn) => cleanup.push(fn) }, { env: { EXPORT_RATE_LIMIT: '1000' } })
  })
  after(async () => {
    for (const fn of cleanup) await fn()
  })

  test('bulk format=pain.001 of 25,000 transactions: the library’s bytes, xml type and name, valid against pain.001.001.09', async () => {
    const res = await app.call('GET', `/api/v1/bulk/DE,FR?format=pain.001&${QUERY}`, { headers: app.auth })
    assert.equal(res.status, 200)
    assert.equal(res.headers['content-type'], 'application/xml; charset=utf-8')
    assert.equal(res.headers['content-disposition'], `attachment; filename="pain.001-de-fr-${COUNT}.xml"`)
    assert.equal(res.text, libraryText(OPTIONS, 'initiation'))
    assert.equal(await invalidity(res.text, 'pain.001.001.09'), '')
  })

  test('bulk format=pain.008 of 25,000 direct debits: whole batches of 10,000 outgrow a result slot and still arrive, the library’s bytes', async () => {
    // A batch of 10,000 direct debits takes more than the 16 MB a result slot may grow to: it
    // comes back in a buffer of its own (it was a 500 once, the slot refused at its making).
    const options: PaymentFileOptions = { ...OPTIONS, message: 'pain.008.001.08', defects: ['MD01', 'AM04'] }
    const query = `count=${COUNT}&seed=hub&date=2026-03-02&batch_size=7000&defects=MD01,AM04&defect_share=0.02`
    const res = await app.call('GET', `/api/v1/bulk/DE,FR?format=pain.008&${query}`, { headers: app.auth })
    assert.equal(res.status, 200)
    assert.equal(res.text, libraryText(options, 'initiation'))
    assert.equal(await invalidity(res.text, 'pain.008.001.08'), '')
  })

  test('bulk format=pain.002 names exactly the defective transactions; camt.053 books exactly the others', async () => {
    // Each rejected row is named by the id it carries (a DU04 row carries its predecessor's).
    const defective: string[] = []
    const accepted = new Set<string>()
    for (let i = 0; i < COUNT; i++) {
      const row = transactionAt(OPTIONS, i)
      if (row.status === 'RJCT') defective.push(row.end_to_end_id)
      else accepted.add(row.end_to_end_id)
    }
    assert.ok(defective.length > 300 && defective.length < 700, `${defective.length} defective`)
    const report = await app.call('GET', `/api/v1/bulk/DE,FR?format=pain.002&${QUERY}`, { headers: app.auth })
    assert.equal(report.status, 200)
    assert.equal(report.headers['content-disposition'], `attachment; filename="pain.002-de-fr-${COUNT}.xml"`)
    assert.equal(await invalidity(report.text, 'pain.002.001.10'), '')
    const named = readPaymentXml(report.text, ['TxInfAndSts']).records.get('TxInfAndSts') ?? []
    assert.deepEqual(named.map((record) => record.get('OrgnlEndToEndId')).sort(), defective.sort())
    const statement = await app.call('GET', `/api/v1/bulk/DE,FR?format=camt.053&${QUERY}`, { headers: app.auth })
    assert.equal(statement.status, 200)
    assert.equal(await invalidity(statement.text, 'camt.053.001.08'), '')
    const booked = readPaymentXml(statement.text, ['Ntry']).records.get('Ntry') ?? []
    assert.deepEqual(new Set(booked.map((entry) => entry.get('NtryDtls/TxDtls/Refs/EndToEndId'))), accepted)
    assert.equal(report.text, libraryText(OPTIONS, 'status-report'))
    assert.equal(statement.text, libraryText(OPTIONS, 'statement'))
  })

  test('gzip: the same file compressed; an offset gives the slice of the same dataset', async () => {
    const res = await request(`${app.url}/api/v1/bulk/DE,FR?format=pain.001&${QUERY}`, {
      headers: { ...app.auth, 'accept-encoding': 'gzip' },
    })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-encoding'], 'gzip')
    const text = gunzipSync(Buffer.from(await res.body.arrayBuffer())).toString('utf8')
    assert.equal(text, libraryText(OPTIONS, 'initiation'))
    const slice = await app.call(
      'GET',
      '/api/v1/bulk/DE,FR?format=pain.008&count=3000&offset=12345&seed=hub&date=2026-03-02&scheme=B2B&sequence_type=FRST&defects=MD01,BE05&defect_share=0.1',
      { headers: app.auth },
    )
    assert.equal(slice.status, 200)
    const options: PaymentFileOptions = {
      message: 'pain.008.001.08',
      countries: ['DE', 'FR'],
      count: 3000,
      offset: 12345,
      seed: 'hub',
      date: '2026-03-02',
      scheme: 'B2B',
      sequenceType: 'FRST',
      defects: ['MD01', 'BE05'],
      defectShare: 0.1,
    }
    assert.equal(slice.text, libraryText(options, 'initiation'))
    assert.equal(await invalidity(slice.text, 'pain.008.001.08'), '')
    assert.match(slice.text, /<EndToEndId>E2E-[0-9A-F]{8}-12345<\/EndToEndId>/)
  })

  test('the keyless export makes 100-transaction files of each message, valid against their schemas', async () => {
    const cases = [
      ['pain.001', 'pain.001.001.09', 'instant=1&address=hybrid&amounts=10-5000'],
      ['pain.001.001.03', 'pain.001.001.03', 'execution_date=2026-03-10'],
      ['pain.008', 'pain.008.001.08', 'sequence_type=OOFF'],
      ['pain.008.001.02', 'pain.008.001.02', 'scheme=B2B&amount_distribution=uniform&amounts=1-100'],
      ['pain.002', 'pain.002.001.03', 'message=pain.008.001.02&defects=AC01,MD01&defect_share=0.3'],
      ['camt.053', 'camt.053.001.02', 'message=pain.001.001.03&defects=AM17'],
    ] as const
    for (const [format, schema, extra] of cases) {
      const res = await app.call('GET', `/export/NL?format=${format}&count=100&seed=e&${extra}`)
      assert.equal(res.status, 200, `${format}: ${res.text}`)
      assert.equal(res.headers['content-disposition'], `attachment; filename="${format}-nl-100.xml"`)
      assert.equal(await invalidity(res.text, schema), '', `${format} ${extra}`)
    }
    const instant = await app.call('GET', '/export/NL?format=pain.001&count=3&instant=true')
    assert.match(instant.text, /<LclInstrm><Cd>INST<\/Cd><\/LclInstrm>/)
  })

  test('bad payment options are 422s naming the option', async () => {
    const cases: [string, RegExp][] = [
      ['format=pain.001&batch_size=0', /^batch_size must be a positive integer or all/],
      ['format=pain.001&defects=AC01,ZZ99', /^defects: ZZ99 is not one of/],
      ['format=pain.001&defects=MD01', /^defects: MD01 applies to direct debits/],
      ['format=pain.001&defect_share=2', /^defect_share must be a number from 0 to 1/],
      ['format=pain.001&amounts=500-10', /^amounts: MIN must not exceed MAX/],
      ['format=pain.001&amounts=ten', /^amounts must be a range/],
      ['format=pain.001&scheme=B2B', /^scheme applies to direct debits/],
      ['format=pain.008&instant=1', /^instant applies to credit transfers/],
      ['format=pain.008&sequence_type=LAST', /^sequence_type must be one of/],
      ['format=pain.001&address=street', /^address must be one of/],
      ['format=pain.001&execution_date=2026-02-30', /^execution_date must be a date written YYYY-MM-DD/],
      ['format=pain.001&date=yesterday', /^date must be a date written YYYY-MM-DD/],
      ['format=pain.001&message=pain.008', /^message applies to pain\.002 and camt\.053/],
      ['format=pain.001&realistic=0', /^realistic cannot go with pain\.001/],
      ['format=pain.001&invalid=mod97', /^invalid cannot go with pain\.001/],
      ['format=pain.001&columns=parties', /^columns=parties applies to csv, json, ndjson and sql/],
      ['format=csv&instant=1', /^instant applies to payment formats/],
      ['format=txt&columns=parties', /^columns=parties applies to csv, json, ndjson and sql, not to txt/],
      ['format=csv&columns=parties&bank=37040044', /^bank cannot go with columns=parties/],
    ]
    for (const [query, message] of cases) {
      const res = await app.call('GET', `/api/v1/bulk/DE?count=5&${query}`, { headers: app.auth })
      assert.match(assertError(res, 422, 'invalid_request'), message, query)
    }
    const res = await app.call('GET', '/api/v1/bulk/DE,US?format=pain.001&count=5', { headers: app.auth })
    assert.equal(res.status, 404, 'an unknown country is a 404 as for rows')
    const outside = await app.call('GET', '/api/v1/bulk/DE,MT?format=pain.001&count=5', { headers: app.auth })
    assert.match(assertError(outside, 422, 'invalid_request'), /^country: payment files have counterparties in/)
  })

  test('columns=parties: csv and json rows carry the holder, address, amount and end-to-end id of the same file', async () => {
    const csv = await app.call('GET', '/api/v1/bulk/DE,FR?format=csv&count=40&seed=hub&columns=parties', {
      headers: app.auth,
    })
    assert.equal(csv.status, 200)
    const rows = await parseCsv(csv.text)
    assert.deepEqual(Object.keys(rows[0] ?? {}).slice(-7), [
      'holder_name',
      'street',
      'building_number',
      'postcode',
      'town',
      'amount',
      'end_to_end_id',
    ])
    const options: PaymentFileOptions = { countries: ['DE', 'FR'], count: 40, seed: 'hub', date: '2026-03-02' }
    for (const [i, row] of rows.entries()) {
      const tx = transactionAt(options, i)
      assert.deepEqual(
        [
          row['iban'],
          row['holder_name'],
          row['street'],
          row['postcode'],
          row['town'],
          row['amount'],
          row['end_to_end_id'],
        ],
        [tx.iban, tx.holder_name, tx.street, tx.postcode, tx.town, tx.amount, tx.end_to_end_id],
      )
    }
    const json = await app.call('GET', '/api/v1/bulk/DE,FR?format=json&count=40&seed=hub&columns=parties', {
      headers: app.auth,
    })
    const objects = JSON.parse(json.text) as Record<string, string>[]
    assert.deepEqual(
      objects.map((object) => object['end_to_end_id']),
      rows.map((row) => row['end_to_end_id']),
    )
    // Without columns, today's columns and bytes.
    const plain = await app.call('GET', '/api/v1/bulk/DE,FR?format=csv&count=40&seed=hub', { headers: app.auth })
    assert.equal(plain.text.split('\n')[0], csv.text.split('\n')[0]?.split(',holder_name')[0])
  })
})
