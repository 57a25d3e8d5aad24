import assert from 'node:assert/strict'
import { parse } from 'fast-csv'
import { Writable } from 'node:stream'
import { after, test } from 'node:test'
import { renderBatch } from '../../src/formats/render.ts'
import type { DatasetOptions } from '../../src/iban/dataset.ts'
import { RecordBatcher } from '../../src/formats/record-batches.ts'
import { SharedBuffers } from '../../src/formats/shared-buffers.ts'
import { MAX_RECORD_BYTES, VALIDATE_CSV_COLUMNS, type ValidateFormat } from '../../src/formats/validate-batch.ts'
import { COUNTRIES, validateIban, type InvalidCheck } from '../../src/iban/index.ts'
import { WorkPool } from '../../src/pool/pool.ts'
import {
  validateStream,
  ValidateInputError,
  type ValidateStreamOptions,
  type ValidateSummary,
} from '../../src/pool/validate-stream.ts'
import { heapAfterGc } from '../helpers/heap.ts'
import { waitFor } from '../helpers/wait.ts'

// Validation of streams (files, standard input, request bodies): records cut into batches at
// any chunk boundary, validated in this thread or on a real worker pool, rows in input order.

const pool = new WorkPool({ threads: 2 })
after(() => pool.close())
const runner = { pool: () => pool }

const ALL = COUNTRIES.map((country) => country.code)
const utf8 = (text: string) => new TextEncoder().encode(text)

/** IBAN lines: every country, realistic rows; or rows failing one check. */
function ibans(count: number, seed: string, invalid?: InvalidCheck): string[] {
  const countries = invalid === undefined ? ALL : ['DE', 'FR', 'IT', 'NO', 'BE', 'ES']
  const bytes = renderBatch({
    dataset: { countries, realistic: true, seed, invalid },
    start: 0,
    count,
    format: 'txt',
    first: true,
    last: true,
  })
  return new TextDecoder().decode(bytes).trim().split('\n')
}

/** A source that hands `bytes` over in chunks of the given sizes (cycled). */
async function* chunked(bytes: Uint8Array, sizes: readonly number[]): AsyncGenerator<Uint8Array> {
  let at = 0
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length] as number
    yield bytes.subarray(at, at + size)
    at += size
  }
}

class Collect extends Writable {
  readonly chunks: Buffer[] = []
  override _write(chunk: Buffer, _encoding: string, callback: () => void): void {
    this.chunks.push(Buffer.from(chunk))
    callback()
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8')
  }
}

async function run(
  input: string | Uint8Array,
  options: Partial<ValidateStreamOptions> = {},
  sizes: readonly number[] = [65_536],
): Promise<{ text: string; summary: ValidateSummary }> {
  const sink = new Collect()
  const bytes = typeof input === 'string' ? utf8(input) : input
  const summary = await validateStream(
    chunked(bytes, sizes),
    { input: 'lines', format: 'ndjson', ...options },
    sink,
    new AbortController().signal,
    runner,
  )
  return { text: sink.text(), summary }
}

const rowsOf = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)

test('ndjson rows are the ValidateResult, line, failed and reason, as JSON.stringify writes them, for every country', async () => {
  const lines = [
    ...ibans(4_000, 'rows'),
    ...['mod97', 'national', 'length', 'format', 'country'].flatMap((check) =>
      ibans(300, check, check as InvalidCheck),
    ),
  ]
  const { text, summary } = await run(lines.join('\n'))
  const rows = text.trim().split('\n')
  assert.equal(rows.length, lines.length)
  rows.forEach((row, i) => {
    const result = validateIban(lines[i] as string)
    const { failed, reason } = JSON.parse(row) as { failed: string | null; reason: string | null }
    assert.equal(row, JSON.stringify({ line: i + 1, ...result, failed, reason }))
    assert.equal(failed === null, result.valid)
    assert.equal(reason === null, result.valid)
  })
  assert.equal(summary.rows, lines.length)
  assert.equal(summary.valid, 4_000)
  assert.deepEqual(summary.failed, { input: 0, country: 300, length: 300, format: 300, mod97: 300, national: 300 })
})

test('valid rows of every kind (written from templates) are the rows written from the result, ndjson and csv', async () => {
  // Registered banks and unknown ones, every German check method met, British sort codes of
  // every method and exception (and of banks known or not), Dutch accounts passing and failing
  // the advisory elfproef, compact and in print form with lower case.
  const rows = (countries: string[], realistic: boolean, seed: string) =>
    new TextDecoder()
      .decode(
        renderBatch({
          dataset: { countries, realistic, seed },
          start: 0,
          count: 3_000,
          format: 'txt',
          first: true,
          last: true,
        }),
      )
      .trim()
      .split('\n')
  const realistic = rows(ALL, true, 'kinds')
  const plain = rows(ALL, false, 'kinds')
  const german = rows(['DE', 'NL', 'GB'], true, 'de')
  const british = rows(['GB'], false, 'gb')
  const dutch = rows(['NL'], false, 'nl')
  const printed = realistic.slice(0, 500).map((iban) => iban.toLowerCase().replace(/(.{4})/g, '$1 '))
  // QR-IBANs among ordinary CH and LI IBANs, and a French Polynesian bank (sepa false) among
  // French ones: rows of one country that differ in qr_iban or sepa.
  const batch = (options: Partial<DatasetOptions>) =>
    new TextDecoder()
      .decode(
        renderBatch({
          dataset: { countries: ['CH'], realistic: true, seed: 'qr', ...options },
          start: 0,
          count: 300,
          format: 'txt',
          first: true,
          last: true,
        }),
      )
      .trim()
      .split('\n')
  const swiss = [
    ...batch({ countries: ['CH', 'LI'], qrIban: true }),
    ...batch({ countries: ['CH', 'LI'] }),
    ...batch({ countries: ['FR'], bank: '17469' }),
    ...batch({ countries: ['FR'] }),
  ].sort()
  const lines = [...realistic, ...plain, ...german, ...british, ...dutch, ...printed, ...swiss]
  const results = lines.map((line) => validateIban(line))
  assert.ok(results.every((result) => result.valid))
  assert.ok(results.some((result) => result.qr_iban === true) && results.some((result) => result.qr_iban === false))
  assert.ok(results.some((result) => result.country_code === 'FR' && result.sepa === false))
  assert.ok(results.some((result) => result.bank === null) && results.some((result) => result.bank !== null))
  assert.ok(results.some((result) => result.national_check?.status === 'advisory' && !result.national_check.valid))

  const ndjson = (await run(lines.join('\n'))).text.trim().split('\n')
  assert.equal(ndjson.length, lines.length)
  ndjson.forEach((row, i) =>
    assert.equal(row, JSON.stringify({ line: i + 1, ...results[i], failed: null, reason: null })),
  )

  const csv = (await run(lines.join('\n'), { format: 'csv' })).text
  const records: string[][] = []
  await new Promise<void>((resolve, reject) => {
    const parser = parse({ headers: false })
    parser
      .on('data', (record: string[]) => records.push(record))
      .on('end', resolve)
      .on('error', reject)
    parser.end(csv)
  })
  assert.deepEqual(records[0], [...VALIDATE_CSV_COLUMNS])
  assert.equal(records.length, lines.length + 1)
  const text = (value: string | number | boolean | null | undefined) =>
    value === null || value === undefined ? '' : String(value)
  results.forEach((result, i) => {
    const parts = result.bban_parts ?? {}
    const { checks } = result
    assert.deepEqual(
      records[i + 1],
      [
        i + 1,
        result.iban,
        result.formatted,
        result.valid,
        '',
        '',
        result.country_code,
        result.country_supported,
        result.check_digits,
        result.bban,
        result.length,
        result.expected_length,
        checks.mod97,
        checks.length,
        checks.format,
        checks.national,
        checks.bank_code,
        result.national_check?.algorithm,
        parts.bank,
        parts.branch,
        parts.account,
        parts.national_check,
        parts.account_type,
        parts.other,
        result.bank?.name,
        result.bank?.bic,
        result.sepa,
      ].map(text),
      lines[i],
    )
  })
})

test('records cut at any chunk boundary keep their order and line numbers (pool, many batches)', async () => {
  const lines = ibans(60_000, 'order')
  lines[12_345] = 'DE00 0000 0000 0000 0000 00'
  const input = lines.join('\r\n') + '\r\n'
  for (const sizes of [[7, 1, 300], [65_536], [1_000_003]]) {
    const { text, summary } = await run(input, { format: 'text', invalidOnly: true }, sizes)
    assert.equal(summary.rows, 60_000)
    assert.equal(summary.invalid, 1)
    assert.equal(text, 'DE00 0000 0000 0000 0000 00\tinvalid: MOD-97 check digits are wrong\tline 12346\n')
  }
  // ndjson batches are smaller (32 KiB, text ones 512 KiB): some fifty of them, in order.
  const ndjson = await run(input, { format: 'ndjson', invalidOnly: true }, [65_536])
  assert.deepEqual(
    rowsOf(ndjson.text).map((row) => row['line']),
    [12_346],
  )
  const { text } = await run(input, { format: 'text' }, [4_099])
  const printed = text.trim().split('\n')
  assert.equal(printed.length, lines.length)
  printed.forEach((row, i) => assert.ok(row.startsWith(validateIban(lines[i] as string).formatted), `row ${i + 1}`))
})

test('streams that share their memory give it back: a second stream reuses the first one’s buffers', async () => {
  /** Counts the buffers made anew: a take that found none kept. */
  class Counted extends SharedBuffers {
    made = 0
    override take(size: number): SharedArrayBuffer {
      const before = this.kept
      const buffer = super.take(size)
      if (this.kept === before) this.made++
      return buffer
    }
  }
  const buffers = new Counted()
  const input = utf8(ibans(20_000, 'reuse').join('\n'))
  const once = async () => {
    const sink = new Collect()
    const options = { input: 'lines', format: 'ndjson' } as const
    await validateStream(chunked(input, [65_536]), options, sink, new AbortController().signal, {
      pool: () => pool,
      buffers,
    })
    await new Promise((resolve) => setImmediate(resolve))
    return sink.text().split('\n').length
  }
  const rows = await once()
  const [made, kept] = [buffers.made, buffers.kept]
  assert.ok(kept >= 3, `kept ${kept}`)
  assert.equal(await once(), rows)
  // The second stream takes the kept buffers; it makes one or two more at most, when its batches
  // happen to overlap more than the first one's did.
  const madeAgain = buffers.made - made
  assert.ok(madeAgain <= 2 && madeAgain < made, `the first stream made ${made} buffers, the second ${madeAgain}`)
  assert.ok(buffers.kept >= kept, `kept ${buffers.kept} after the second stream, ${kept} after the first`)
})

test('a BOM, CRLF, spaces, lower case and blank lines are fine; a UTF-16 file is refused', async () => {
  const input = '\ufeffde89 3704 0044 0532 0130 00\r\n\r\n   \nGB82WEST12345698765432\n'
  const { text, summary } = await run(input, { format: 'text' }, [1, 2, 3])
  assert.equal(text, 'DE89 3704 0044 0532 0130 00\tvalid\nGB82 WEST 1234 5698 7654 32\tvalid\n')
  assert.equal(summary.rows, 2)
  const utf16 = Buffer.from('\ufeffDE89370400440532013000\n', 'utf16le')
  await assert.rejects(
    run(utf16),
    (error: unknown) => error instanceof ValidateInputError && /UTF-16/.test(error.message),
  )
})

test('binary data, over-long lines and other characters are invalid rows that name the problem, never errors', async () => {
  const long = 'A'.repeat(MAX_RECORD_BYTES + 10)
  const binary = new Uint8Array([0, 255, 254, 7, 1, 2, 0x80, 10])
  const input = Buffer.concat([
    utf8(`DE89370400440532013000\n${long}\nDE89-3704\n${'1'.repeat(70)}\n`),
    binary,
    utf8('DE89370400440532013000'), // the last line without a newline
  ])
  for (const sizes of [[65_536], [3, 1_000]]) {
    const { text, summary } = await run(input, {}, sizes)
    const rows = rowsOf(text)
    assert.deepEqual(
      rows.map((row) => [row['line'], row['failed'], row['reason']]),
      [
        [1, null, null],
        [2, 'input', `line longer than ${MAX_RECORD_BYTES} bytes`],
        [3, 'input', 'not an IBAN: characters other than letters, digits and spaces'],
        [4, 'input', 'not an IBAN: 70 letters and digits (at most 64)'],
        [5, 'input', 'not an IBAN: characters other than letters, digits and spaces'],
        [6, null, null],
      ],
    )
    assert.deepEqual([summary.rows, summary.valid, summary.failed.input], [6, 2, 4])
  }
})

test('CSV: a column by header name or number, quoted fields with separators and newlines, ; and tab', async () => {
  const csv =
    'name,"IBAN",note\r\n' +
    'Anna,DE89370400440532013000,plain\r\n' +
    '"Smith, Bob","GB82 WEST 1234 5698 7654 32","two\nlines"\r\n' +
    'Eve,GB82WEST12345698765433,\r\n' +
    'Short\r\n'
  for (const sizes of [[65_536], [1, 5]]) {
    const { text, summary } = await run(csv, { input: 'csv', column: 'iban', format: 'text' }, sizes)
    assert.equal(
      text,
      'DE89 3704 0044 0532 0130 00\tvalid\n' +
        'GB82 WEST 1234 5698 7654 32\tvalid\n' +
        'GB82 WEST 1234 5698 7654 33\tinvalid: MOD-97 check digits are wrong\tline 5\n' +
        'Short\tinvalid: no column 2\tline 6\n',
    )
    assert.equal(summary.rows, 4)
  }
  const numbered = await run('x;DE89370400440532013000\ny;GB82WEST12345698765432\n', {
    input: 'csv',
    column: 2,
    delimiter: ';',
    format: 'csv',
  })
  const [header, first, second] = numbered.text.trim().split('\n')
  assert.match(header ?? '', /^line,iban,formatted,valid,failed,reason,country_code,/)
  assert.match(first ?? '', /^1,DE89370400440532013000,DE89 3704 0044 0532 0130 00,true,,,DE,true,89,/)
  assert.match(second ?? '', /^2,GB82WEST12345698765432,/)
  const tab = await run('iban\tx\nDE89370400440532013000\t1\n', {
    input: 'csv',
    column: 1,
    header: true,
    delimiter: '\\t',
  })
  assert.deepEqual(
    rowsOf(tab.text).map((row) => row['line']),
    [2],
  )
  await assert.rejects(
    run('name,account\nA,1\n', { input: 'csv', column: 'iban' }),
    (error: unknown) =>
      error instanceof ValidateInputError &&
      error.message === 'column "iban" is not in the header (columns: "name", "account")',
  )
})

test('NDJSON input: {"iban": …} per line; a line that is not one is an invalid row', async () => {
  const input = '{"iban":"DE89370400440532013000","id":1}\n"GB82WEST12345698765432"\n{"id":3}\nnot json\n'
  const rows = rowsOf((await run(input, { input: 'ndjson' })).text)
  assert.deepEqual(
    rows.map((row) => [row['line'], row['valid'], row['reason']]),
    [
      [1, true, null],
      [2, true, null],
      [3, false, 'not a JSON object with an "iban" string'],
      [4, false, 'not a JSON line'],
    ],
  )
})

test('maxRecords: the first records are validated and the stream says it stopped', async () => {
  const lines = ibans(1_000, 'max')
  const exact = await run(lines.join('\n') + '\n', { maxRecords: 1_000, format: 'text' })
  assert.deepEqual([exact.summary.rows, exact.summary.exceeded], [1_000, false])
  const over = await run(lines.join('\n') + '\nDE89370400440532013000\n', { maxRecords: 1_000, format: 'text' }, [100])
  assert.deepEqual([over.summary.rows, over.summary.exceeded], [1_000, true])
})

test('the batcher copies records in runs and counts lines across chunks', () => {
  const batcher = new RecordBatcher({ quotes: true, batchBytes: 16 })
  const batches = [
    ...batcher.push(utf8('a\n"b\nc"\nd\n')),
    ...batcher.push(utf8('eeeeeeeeeeeeeeeeee\nf')),
    ...batcher.end(),
  ]
  const decoded = batches.map((batch) => [new TextDecoder().decode(batch.bytes), batch.firstLine])
  assert.deepEqual(decoded, [
    ['a\n"b\nc"\nd\neeeeeeeeeeeeeeeeee\n', 1],
    ['f', 6],
  ])
})

test('a stream of 3,000,000 lines is validated with constant memory (not read into it)', async () => {
  const line = utf8('DE89370400440532013000\n')
  const block = new Uint8Array(line.length * 10_000)
  for (let i = 0; i < 10_000; i++) block.set(line, i * line.length)
  async function* lines(): AsyncGenerator<Uint8Array> {
    for (let i = 0; i < 300; i++) yield block.slice()
  }
  const before = await heapAfterGc()
  let peak = 0
  const sink = new Writable({
    write(_chunk, _encoding, callback) {
      peak = Math.max(peak, process.memoryUsage().heapUsed / 2 ** 20)
      callback()
    },
  })
  const summary = await validateStream(
    lines(),
    { input: 'lines', format: 'text' },
    sink,
    new AbortController().signal,
    runner,
  )
  assert.equal(summary.rows, 3_000_000)
  assert.equal(summary.valid, 3_000_000)
  // 69 MB of input went through; the heap never held more than a few batches of it.
  assert.ok(peak - before < 40, `heap grew by ${(peak - before).toFixed(1)} MB`)
})

test('a reader that leaves stops the stream: no batch keeps running, the source is released', async () => {
  let released = false
  async function* endless(): AsyncGenerator<Uint8Array> {
    const chunk = utf8('DE89370400440532013000\n'.repeat(10_000))
    try {
      for (;;) yield chunk.slice()
    } finally {
      released = true
    }
  }
  const controller = new AbortController()
  let written = 0
  const sink = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, callback) {
      written += chunk.length
      if (written > 5_000_000) controller.abort()
      callback()
    },
  })
  const summary = await validateStream(endless(), { input: 'lines', format: 'text' }, sink, controller.signal, runner)
  assert.ok(summary.rows > 0)
  assert.equal(released, true)
  // The batches under way finish (a millisecond or two each); nothing new is scheduled.
  await waitFor(() => pool.outstanding === 0, { message: 'the batches under way to finish' })
})

for (const format of ['text', 'ndjson', 'csv'] as ValidateFormat[]) {
  test(`small inputs are validated without the pool (${format})`, async () => {
    const sink = new Collect()
    const summary = await validateStream(
      chunked(utf8('DE89370400440532013000\n'), [100]),
      { input: 'lines', format },
      sink,
      new AbortController().signal,
      { pool: () => assert.fail('the pool was asked for') },
    )
    assert.equal(summary.valid, 1)
    assert.ok(sink.text().includes('DE89'))
  })
}

test('an over-long last record without a newline is a row, alone or after others, at any chunk size', async () => {
  const tail = 'A'.repeat(100 * 1024)
  for (const sizes of [[65_536], [7, 50_000], [1 << 20]]) {
    for (const input of ['lines', 'csv'] as const) {
      const options = { input, ...(input === 'csv' ? { column: 1 } : {}) }
      const after = await run(`DE89370400440532013000\n${tail}`, options, sizes)
      const what = input === 'csv' ? 'record' : 'line'
      assert.deepEqual(
        rowsOf(after.text).map((row) => [row['line'], row['failed'], row['reason']]),
        [
          [1, null, null],
          [2, 'input', `${what} longer than ${MAX_RECORD_BYTES} bytes`],
        ],
        `${input} ${sizes.join(',')}`,
      )
      assert.deepEqual([after.summary.rows, after.summary.invalid, after.summary.complete], [2, 1, true])
      const alone = await run(tail.repeat(2), options, sizes)
      assert.deepEqual([alone.summary.rows, alone.summary.failed.input, alone.summary.complete], [1, 1, true])
    }
  }
  // 200 MB of one line: one row, read with constant memory.
  async function* huge(): AsyncGenerator<Uint8Array> {
    const block = utf8('A'.repeat(1 << 20))
    for (let i = 0; i < 200; i++) yield block
  }
  const sink = new Collect()
  const summary = await validateStream(
    huge(),
    { input: 'lines', format: 'ndjson' },
    sink,
    new AbortController().signal,
    runner,
  )
  assert.deepEqual([summary.rows, summary.failed.input, summary.complete], [1, 1, true])
  assert.equal(rowsOf(sink.text())[0]?.['reason'], `line longer than ${MAX_RECORD_BYTES} bytes`)
})

test('a CSV quote never closed: one row names the line it opened on, the summary is not complete', async () => {
  const good = ibans(10, 'quote')
  const swallowed = ibans(10_000, 'swallowed')
  const csv =
    'name,iban\n' +
    good.map((iban, i) => `n${i},${iban}\n`).join('') +
    '"Bob,DE89370400440532013000\n' +
    swallowed.map((iban, i) => `s${i},${iban}\n`).join('')
  for (const sizes of [[65_536], [333, 4_096]]) {
    const { text, summary } = await run(csv, { input: 'csv', column: 'iban' }, sizes)
    const rows = rowsOf(text)
    assert.equal(rows.length, 11)
    assert.deepEqual(
      rows.slice(0, 10).map((row) => row['valid']),
      new Array(10).fill(true),
    )
    assert.deepEqual([rows[10]?.['line'], rows[10]?.['failed']], [12, 'input'])
    assert.equal(
      rows[10]?.['reason'],
      'a quoted field opened on line 12 is never closed: lines 12 to 10,012 (the end of the input) are one damaged record',
    )
    assert.deepEqual([summary.rows, summary.valid, summary.failed.input, summary.complete], [11, 10, 1, false])
  }
  // A short one at the end, and quotes that are no field's start (O"Brien) open nothing.
  const short = await run('name,iban\nO"Brien,DE89370400440532013000\n"Eve,GB82WEST12345698765432', {
    input: 'csv',
    column: 'iban',
  })
  assert.deepEqual(
    rowsOf(short.text).map((row) => [row['line'], row['valid'], row['failed']]),
    [
      [2, true, null],
      [3, false, 'input'],
    ],
  )
  assert.equal(short.summary.complete, false)
  // A quoted field closed at the very end is whole.
  const closed = await run('iban\n"DE89 3704 0044 0532 0130 00"', { input: 'csv', column: 'iban' })
  assert.deepEqual([closed.summary.valid, closed.summary.complete], [1, true])
})
