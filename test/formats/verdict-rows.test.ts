// Validation rows are UTF-8 in every format: every failure reason of every country and kind
// (GB's modulus and DE's account method among them) decodes as strict UTF-8 to the very text
// the library gives for it. Text rows were once written as ASCII bytes, which turned the ’ of
// GB's reason into the byte 0x19.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parse } from 'fast-csv'
import { ByteWriter } from '../../src/formats/byte-writer.ts'
import {
  FAILED_CHECKS,
  VALIDATE_CSV_COLUMNS,
  VALIDATE_FORMATS,
  type FailedCheck,
  type ValidateFormat,
} from '../../src/formats/validate-batch.ts'
import { failureOf, validateBatchInto } from '../../src/formats/verdict-rows.ts'
import { COUNTRIES, DatasetError, INVALID_CHECKS, generateIbans, validateIban } from '../../src/iban/index.ts'

const STRICT = new TextDecoder('utf-8', { fatal: true })

/** Records that hold no IBAN candidate, and the reason each row gives. */
const INPUT_FAILURES: readonly [string, string][] = [
  ['DE89 3704 ✓ 0044', 'not an IBAN: characters other than letters, digits and spaces'],
  ['D'.repeat(65), 'not an IBAN: 65 letters and digits (at most 64)'],
]

interface Expected {
  failed: FailedCheck
  reason: string
}

/** One line per country and check it can fail (three rows each), then the input failures. */
function cases(): { lines: string[]; expected: Expected[] } {
  const lines: string[] = []
  const expected: Expected[] = []
  for (const { code } of COUNTRIES) {
    for (const invalid of INVALID_CHECKS) {
      let ibans: string[]
      try {
        ibans = generateIbans(code, 3, { seed: 'utf-8 rows', invalid }).map((row) => row.iban)
      } catch (error) {
        // This check cannot be broken alone for this country (no national check digits, …).
        if (error instanceof DatasetError) continue
        throw error
      }
      for (const iban of ibans) {
        const [failed, reason] = failureOf(validateIban(iban))
        lines.push(iban)
        expected.push({ failed, reason })
      }
    }
  }
  for (const [input, reason] of INPUT_FAILURES) {
    lines.push(input)
    expected.push({ failed: 'input', reason })
  }
  return { lines, expected }
}

const { lines, expected } = cases()

/** The rows of `format` for the lines, as bytes. */
function validated(format: ValidateFormat): Uint8Array {
  const out = new ByteWriter(1024)
  validateBatchInto(
    {
      input: 'lines',
      column: 0,
      delimiter: 44,
      format,
      invalidOnly: false,
      bytes: new TextEncoder().encode(lines.join('\n')),
      firstLine: 1,
      damaged: [],
      skipHeader: false,
    },
    out,
  )
  return out.view().slice()
}

/** Each row's reason and (ndjson, csv) failed check, as the format writes them. */
async function reasonsOf(format: ValidateFormat, text: string): Promise<Partial<Expected>[]> {
  if (format === 'ndjson')
    return text
      .trimEnd()
      .split('\n')
      .map((row) => JSON.parse(row) as Expected)
  if (format === 'text')
    return text
      .trimEnd()
      .split('\n')
      .map((row) => {
        const [, verdict = ''] = row.split('\t')
        return { reason: verdict.replace(/^invalid: /, '') }
      })
  const rows: Expected[] = []
  await new Promise<void>((resolve, reject) => {
    const parser = parse({ headers: [...VALIDATE_CSV_COLUMNS] })
      .on('data', (row: Expected) => rows.push({ failed: row.failed, reason: row.reason }))
      .on('end', () => resolve())
      .on('error', reject)
    parser.end(text)
  })
  return rows
}

test('the cases cover every failure kind, GB’s modulus check and DE’s account method', () => {
  assert.deepEqual(new Set(expected.map((row) => row.failed)), new Set(FAILED_CHECKS))
  assert.ok(expected.some((row) => row.reason.includes('sort code’s modulus check')))
  assert.ok(expected.some((row) => row.reason.includes('its bank’s check method')))
  assert.ok(lines.length > 5 * COUNTRIES.length, `${lines.length} lines`)
})

for (const format of VALIDATE_FORMATS) {
  test(`${format} rows of every failure reason are strict UTF-8 and say the library’s reason`, async () => {
    const text = STRICT.decode(validated(format))
    const rows = await reasonsOf(format, text)
    assert.equal(rows.length, expected.length)
    if (format !== 'text') assert.ok(rows.every((row) => row.failed !== undefined))
    rows.forEach((row, i) => {
      const want = expected[i] as Expected
      assert.equal(row.reason, want.reason, `line ${i + 1}: ${lines[i]}`)
      if (row.failed !== undefined) assert.equal(row.failed, want.failed, `line ${i + 1}: ${lines[i]}`)
    })
  })
}
