// The format table: every file format is served with a type and an extension, and every format
// (records included) is a document that batches cut anywhere rebuild byte for byte.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ByteWriter } from '../../src/formats/byte-writer.ts'
import type { BatchOptions } from '../../src/formats/format-entry.ts'
import {
  FORMATS,
  PAYMENT_FORMATS,
  ROW_FORMATS,
  type PaymentFormat,
  type RenderFormat,
} from '../../src/formats/format-names.ts'
import { SQL_ROWS_PER_INSERT, fileTypeOf, renderBatch } from '../../src/formats/render.ts'
import { resolvePaymentRequest } from '../../src/core/payment-request.ts'
import { PaymentFile } from '../../src/iban/index.ts'
import { Dataset, recordsOf, type DatasetOptions } from '../../src/iban/dataset.ts'

const RENDER_FORMATS: readonly RenderFormat[] = [...ROW_FORMATS, 'records']

type Request = DatasetOptions

const REQUESTS: Request[] = [
  { countries: ['DE'], realistic: true, seed: 'cut' },
  { countries: ['FR'], realistic: false, seed: 'cut' },
  { countries: ['NO'], realistic: true, seed: 'cut', bank: '1503' },
  { countries: ['PL'], realistic: true, seed: 'cut', invalid: 'national' },
  { countries: ['GB'], realistic: true, seed: 'cut', invalid: 'length' },
  { countries: ['DE', 'FR', 'IT', 'SC'], realistic: true, seed: 'cut' },
]

const OFFSET = 1_234
const COUNT = 1_203

/** The document of rows OFFSET … OFFSET + COUNT − 1 rendered as batches cut at `cuts`. */
function rendered(request: Request, format: RenderFormat, cuts: readonly number[]): string {
  const edges = [0, ...cuts, COUNT]
  const batches = edges.slice(1).map((end, i) => {
    const from = edges[i] as number
    const first = i === 0
    const last = i === edges.length - 2
    return renderBatch({ dataset: request, format, start: OFFSET + from, count: end - from, first, last })
  })
  return Buffer.concat(batches).toString('utf8')
}

/** One script of the same rows, whatever the INSERTs they were grouped in. */
function oneInsert(sql: string): string {
  return sql.replace(/;\nINSERT INTO ibans \([^)]*\) VALUES\n/g, ',\n')
}

test('every file format has its facts in the table: content type, extension, summary, fewest row bytes, failure line', () => {
  const types = FORMATS.map((format) => fileTypeOf(format))
  for (const [i, type] of types.entries()) {
    assert.match(type.contentType, /^[a-z]+\/[a-z0-9.+-]+; charset=utf-8$/, FORMATS[i])
    assert.match(type.extension, /^[a-z]+$/, FORMATS[i])
    assert.ok(type.summary.length > 0, FORMATS[i])
    assert.ok(Number.isInteger(type.minRowBytes) && type.minRowBytes >= 0, FORMATS[i])
    assert.ok(Number.isInteger(type.maxRowBytes) && type.maxRowBytes > type.minRowBytes, FORMATS[i])
    assert.ok(['json', 'hash', 'sql', 'xml'].includes(type.failure), FORMATS[i])
  }
  // Row formats each their own type and extension; payment files are XML.
  const rows = ROW_FORMATS.map((format) => fileTypeOf(format))
  assert.equal(new Set(rows.map((type) => type.contentType)).size, ROW_FORMATS.length)
  assert.equal(new Set(rows.map((type) => type.extension)).size, ROW_FORMATS.length)
  for (const format of PAYMENT_FORMATS) {
    assert.equal(fileTypeOf(format).contentType, 'application/xml; charset=utf-8', format)
    assert.equal(fileTypeOf(format).extension, 'xml', format)
    assert.equal(fileTypeOf(format).failure, 'xml', format)
  }
  assert.equal(fileTypeOf('csv').contentType, 'text/csv; charset=utf-8')
  assert.equal(fileTypeOf('ndjson').extension, 'ndjson')
})

test('payment formats through the table: batches cut anywhere (mid-block) give the library’s whole document', () => {
  const documents: Record<PaymentFormat, 'initiation' | 'status-report' | 'statement'> = {
    'pain.001': 'initiation',
    'pain.001.001.03': 'initiation',
    'pain.008': 'initiation',
    'pain.008.001.02': 'initiation',
    'pain.002': 'status-report',
    'camt.053': 'statement',
  }
  const rows = { countries: ['DE', 'FR'], count: 1_203, offset: OFFSET, seed: 'cut' }
  const query = { batch_size: '300', defects: 'AC01,AM05,AM17', defect_share: '0.1', date: '2026-03-02' }
  for (const format of PAYMENT_FORMATS) {
    const payment = resolvePaymentRequest(format, rows, query)
    const file = new PaymentFile(payment)
    const whole = Buffer.concat([...file.chunks(documents[format])]).toString('utf8')
    for (const cuts of [[], [1], [299, 300, 301], [613, 1_000]]) {
      const edges = [0, ...cuts, rows.count]
      const batches = edges.slice(1).map((end, i) => {
        const from = edges[i] as number
        const options = { dataset: { countries: rows.countries, realistic: true, seed: 'cut' }, payment, format }
        return renderBatch({
          ...options,
          start: OFFSET + from,
          count: end - from,
          first: i === 0,
          last: i === edges.length - 2,
        })
      })
      assert.equal(Buffer.concat(batches).toString('utf8'), whole, `${format} cut at ${cuts.join(',')}`)
    }
  }
})

test('batches cut anywhere concatenate to the whole document, in every format', () => {
  const anywhere = [[1], [COUNT - 1], [2, 3, 700], [499, 500, 501], [613, 1_000]]
  const aligned = [[SQL_ROWS_PER_INSERT], [SQL_ROWS_PER_INSERT, 2 * SQL_ROWS_PER_INSERT]]
  for (const request of REQUESTS) {
    for (const format of RENDER_FORMATS) {
      const whole = rendered(request, format, [])
      const label = `${request.countries.join(',')} ${String(request.invalid ?? '')} ${format}`
      for (const cuts of aligned)
        assert.equal(rendered(request, format, cuts), whole, `${label} cut at ${cuts.join(',')}`)
      for (const cuts of anywhere) {
        const document = rendered(request, format, cuts)
        // A SQL batch ends its last INSERT: cut elsewhere than between two INSERTs, the script
        // holds the same rows in more statements.
        if (format === 'sql') assert.equal(oneInsert(document), oneInsert(whole), `${label} cut at ${cuts.join(',')}`)
        else assert.equal(document, whole, `${label} cut at ${cuts.join(',')}`)
      }
    }
  }
})

test('each format holds the rows: parsed back, the same IBANs in every format', () => {
  for (const request of REQUESTS) {
    const dataset = new Dataset(request)
    const records = recordsOf(dataset, OFFSET, COUNT)
    const ibans = records.map((record) => record.iban)
    const label = request.countries.join(',')
    assert.deepEqual(JSON.parse(rendered(request, 'records', [])), records, label)
    const json = JSON.parse(rendered(request, 'json', [])) as { iban: string }[]
    assert.deepEqual(
      json.map((row) => row.iban),
      ibans,
    )
    const ndjson = rendered(request, 'ndjson', []).split('\n')
    assert.equal(ndjson.pop(), '')
    assert.deepEqual(
      ndjson,
      json.map((row) => JSON.stringify(row)),
      label,
    )
    assert.deepEqual(rendered(request, 'txt', []), ibans.map((iban) => `${iban}\n`).join(''), label)
    const csv = rendered(request, 'csv', []).split('\n')
    assert.equal(csv.length, COUNT + 2, label)
    assert.deepEqual(
      csv.slice(1, -1).map((line) => line.slice(0, line.indexOf(','))),
      ibans,
    )
    const sql = rendered(request, 'sql', [])
    assert.match(sql, /^BEGIN;\nCREATE TABLE IF NOT EXISTS ibans \(/)
    assert.ok(sql.endsWith(';\nCOMMIT;\n'), label)
    assert.equal(sql.split('\nINSERT INTO ibans ').length - 1, Math.ceil(COUNT / SQL_ROWS_PER_INSERT), label)
    assert.deepEqual(
      [...sql.matchAll(/^\('([0-9A-Z]+)'/gm)].map((match) => match[1]),
      ibans,
    )
  }
})

test('the byte writer grows as it is written, and refuses an encoder that writes past its room', () => {
  const options: BatchOptions = {
    dataset: REQUESTS[5] as Request,
    format: 'json',
    start: 0,
    count: 500,
    first: true,
    last: true,
  }
  assert.deepEqual(renderBatch(options, new ByteWriter(1)), renderBatch(options))
  const writer = new ByteWriter(4)
  writer.ascii('ab')
  writer.append(new Uint8Array([0x63, 0x64, 0x65]))
  writer.encode(2, (out, at) => ((out[at] = 0x66), at + 1), undefined)
  assert.equal(Buffer.from(writer.view()).toString(), 'abcdef')
  assert.throws(() => writer.encode(2, (_out, at) => at + 3, undefined), RangeError)
  assert.equal(writer.length, 6)
  writer.clear()
  assert.equal(writer.view().length, 0)
})

test('csv with header: false is the csv document without its first line; only csv has a header row to leave out', () => {
  for (const request of REQUESTS) {
    const options: BatchOptions = { dataset: request, format: 'csv', start: OFFSET, count: 50, first: true, last: true }
    const whole = Buffer.from(renderBatch(options)).toString('utf8')
    const rows = Buffer.from(renderBatch({ ...options, header: false })).toString('utf8')
    assert.match(whole, /^iban,iban_print,country,check_digits,/)
    assert.equal(rows, whole.slice(whole.indexOf('\n') + 1), request.countries.join(','))
    // A batch that does not open the document has no header either way.
    assert.deepEqual(
      renderBatch({ ...options, first: false, header: false }),
      renderBatch({ ...options, first: false }),
    )
  }
})
