// Mixed negative data read back: every row of csv, json, ndjson and sql documents of a dataset
// with `invalid` (a list of checks) and `invalid_share`, judged by our validation and by
// ibantools with a MOD-97 of its own; the label must name exactly the check that fails.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as ibantools from 'ibantools'
import { INVALID_CHECKS, validateIban, type InvalidCheck } from '@ibanmint/iban'
import { Dataset } from '@ibanmint/iban/internal'
import type { FormatName } from '../../src/formats/format-names.ts'
import { renderBatch } from '../../src/formats/render.ts'
import type { DatasetOptions } from '../../src/iban/dataset.ts'
import { parseCsv } from '../helpers/csv.ts'
import { sqlite } from '../helpers/databases.ts'

const ROWS = 100_000
const SHARE = 0.05
/** AT and NL have no national check digits, MD's format is letters or digits everywhere. */
const COUNTRIES = ['DE', 'FR', 'IT', 'GB', 'NO', 'BE', 'ES', 'PL', 'AT', 'NL', 'MD']

/** Rows of a dataset: its options, and where the rows start and how many there are. */
type Rows = DatasetOptions & { start: number; count: number }

const MIXED: Rows = {
  countries: COUNTRIES,
  realistic: true,
  seed: 'mixed',
  invalid: INVALID_CHECKS,
  invalidShare: SHARE,
  start: 0,
  count: ROWS,
}

const UTF8 = new TextDecoder()

function rendered(options: Rows, format: FormatName, start = options.start, count = options.count): string {
  const { start: _start, count: _count, ...dataset } = options
  return UTF8.decode(renderBatch({ dataset, format, start, count, first: true, last: true }))
}

/** The check names of our validation's result (bank_code informs and never fails a row). */
const CHECK_OF: Record<InvalidCheck, string> = {
  national: 'national',
  mod97: 'mod97',
  length: 'length',
  format: 'format',
  country: 'country_supported',
}

/** MOD-97 (ISO 7064) written apart from the project's: the BBAN and country moved to the end. */
function mod97Holds(iban: string): boolean {
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55))
  return BigInt(digits) % 97n === 1n
}

const E = ibantools.ValidationErrorsIBAN

/**
 * What ibantools must say of each kind: the error of the check (it reads a malformed BBAN on, so
 * more may follow; what must not, excluded), and for national either nothing or the error of
 * the national digits, where it checks the country's.
 */
const IBANTOOLS: Record<InvalidCheck, (codes: readonly ibantools.ValidationErrorsIBAN[]) => boolean> = {
  mod97: (codes) => codes.length === 1 && codes[0] === E.WrongIBANChecksum,
  length: (codes) => codes.includes(E.WrongBBANLength) && !codes.includes(E.NoIBANCountry),
  format: (codes) => codes.includes(E.WrongBBANFormat) && !codes.includes(E.WrongBBANLength),
  country: (codes) => codes.includes(E.NoIBANCountry),
  national: (codes) => codes.length === 0 || (codes.length === 1 && codes[0] === E.WrongAccountBankBranchChecksum),
}

/** Asserts that `iban` is what its label says: valid, or failing exactly the labelled check. */
function assertLabelled(iban: string, label: string | null, where: string): void {
  const ours = validateIban(iban)
  const theirs = ibantools.validateIBAN(iban)
  if (label === null || label === '') {
    assert.equal(ours.valid, true, `${where}: ${iban} unlabelled but ${JSON.stringify(ours.checks)}`)
    assert.deepEqual(
      theirs.errorCodes,
      [],
      `${where}: ${iban} unlabelled, ibantools says ${theirs.errorCodes.join(',')}`,
    )
    assert.ok(mod97Holds(iban), `${where}: ${iban} fails MOD-97`)
    return
  }
  const check = label as InvalidCheck
  assert.ok(INVALID_CHECKS.includes(check), `${where}: label ${label}`)
  const failed = Object.entries(ours.checks)
    .filter(([name, value]) => value === false && name !== 'bank_code')
    .map(([name]) => name)
  assert.deepEqual(failed, [CHECK_OF[check]], `${where}: ${iban} labelled ${label}`)
  assert.equal(ours.valid, false)
  assert.ok(
    IBANTOOLS[check](theirs.errorCodes),
    `${where}: ${iban} labelled ${label}, ibantools says ${theirs.errorCodes.join(',')}`,
  )
  assert.equal(mod97Holds(iban), check !== 'mod97', `${where}: ${iban} labelled ${label}, MOD-97`)
}

test('invalid=<every check>&invalid_share=0.05: 100,000 csv rows read back, each valid or failing exactly its label, by our validation and by ibantools (spec: mixed negative data)', async () => {
  const rows = await parseCsv(rendered(MIXED, 'csv'))
  assert.equal(rows.length, ROWS)
  const byCountry = new Map<string, number>()
  const byKind = new Map<string, number>()
  for (const [i, row] of rows.entries()) {
    assertLabelled(row['iban'] as string, row['invalid'] as string, `row ${i}`)
    byCountry.set(row['country'] as string, (byCountry.get(row['country'] as string) ?? 0) + 1)
    if (row['invalid'] !== '') byKind.set(row['invalid'] as string, (byKind.get(row['invalid'] as string) ?? 0) + 1)
  }
  assert.equal(new Set(rows.map((row) => row['iban'])).size, ROWS, 'rows repeat')
  // The share: binomial, within five standard deviations.
  const broken = [...byKind.values()].reduce((a, b) => a + b, 0)
  const sd = Math.sqrt(ROWS * SHARE * (1 - SHARE))
  assert.ok(Math.abs(broken - ROWS * SHARE) < 5 * sd, `${broken} rows broken of ${ROWS}`)
  // Each kind: drawn alike among those the row's country can fail. The `country` column of a
  // row broken by `country` names the dataset's country (the IBAN's code is not its own).
  const dataset = new Dataset({ countries: COUNTRIES, invalid: INVALID_CHECKS, invalidShare: SHARE, seed: 'mixed' })
  for (const kind of INVALID_CHECKS) {
    let expected = 0
    dataset.kindsByCountry.forEach((kinds, which) => {
      const code = dataset.plans[which]?.spec.code as string
      if (kinds.includes(kind)) expected += ((byCountry.get(code) ?? 0) * SHARE) / kinds.length
    })
    const seen = byKind.get(kind) ?? 0
    assert.ok(
      Math.abs(seen - expected) < 5 * Math.sqrt(expected),
      `${kind}: ${seen} rows, ${expected.toFixed(0)} expected`,
    )
  }
  // Countries that cannot fail a check never get it: AT and NL have no national check, MD no format.
  for (const row of rows) {
    if (row['country'] === 'AT' || row['country'] === 'NL') assert.notEqual(row['invalid'], 'national')
    if (row['country'] === 'MD') assert.notEqual(row['invalid'], 'format')
  }
})

test('mixed negative data in json, ndjson and sql: the same rows and labels as csv, `invalid` last, null where valid', async () => {
  const options = { ...MIXED, count: 3_000, invalidShare: 0.3 }
  const csv = await parseCsv(rendered(options, 'csv'))
  const labels = csv.map((row) => [row['iban'], row['invalid'] === '' ? null : row['invalid']])
  for (const format of ['json', 'ndjson'] as const) {
    const text = rendered(options, format)
    const objects = (
      format === 'json'
        ? JSON.parse(text)
        : text
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as Record<string, unknown>)
    ) as Record<string, unknown>[]
    assert.deepEqual(
      objects.map((row) => [row['iban'], row['invalid']]),
      labels,
      format,
    )
    for (const row of objects) assert.equal(Object.keys(row).at(-1), 'invalid', format)
    for (const [i, row] of objects.entries())
      assertLabelled(row['iban'] as string, row['invalid'] as string | null, `${format} row ${i}`)
  }
  // SQL read back by a real database: NULL for valid rows, the check's name for the others.
  const lines = sqlite(rendered(options, 'sql'), "SELECT iban, coalesce(invalid, '-') FROM ibans;")
  assert.deepEqual(
    lines.map((line) => line.split(',')),
    labels.map(([iban, label]) => [iban, label ?? '-']),
  )
  // txt has no columns: the same IBANs, one a line, unlabelled.
  assert.deepEqual(
    rendered(options, 'txt').trim().split('\n'),
    labels.map(([iban]) => iban),
  )
})

test('mixed negative data: row i depends on the seed and i alone (slices remake it), the same seed gives the same rows, another seed others', () => {
  const options = { ...MIXED, count: 20_000, invalidShare: 0.2 }
  const whole = rendered(options, 'ndjson').trim().split('\n')
  for (const [start, count] of [
    [0, 7],
    [5_123, 1_000],
    [19_990, 10],
  ] as const) {
    assert.deepEqual(rendered(options, 'ndjson', start, count).trim().split('\n'), whole.slice(start, start + count))
  }
  assert.deepEqual(rendered(options, 'ndjson').trim().split('\n'), whole)
  const other = rendered({ ...options, seed: 'other' }, 'ndjson')
    .trim()
    .split('\n')
  const labels = (rows: string[]) => rows.map((row) => (JSON.parse(row) as { invalid: unknown }).invalid === null)
  assert.notDeepEqual(labels(other), labels(whole))
})

test('mixed negative data keeps the valid rows of the same seed: an unbroken row is the row of the dataset without invalid', () => {
  const base: Rows = {
    ...MIXED,
    countries: ['FR', 'IT', 'AT'],
    count: 5_000,
    invalid: undefined,
    invalidShare: undefined,
  }
  const valid = rendered(base, 'txt').trim().split('\n')
  const mixed = rendered({ ...base, invalid: ['mod97', 'length'], invalidShare: 0.25 }, 'csv')
    .trim()
    .split('\n')
    .slice(1)
  let kept = 0
  for (const [i, line] of mixed.entries()) {
    if (line.endsWith(',')) {
      assert.equal(line.slice(0, line.indexOf(',')), valid[i], `row ${i}`)
      kept++
    }
  }
  assert.ok(kept > 3_500 && kept < 4_000, `${kept} rows kept`)
})

test('one check without a share keeps the columns of before; the share 1 given labels every row with it', async () => {
  const single = { ...MIXED, count: 200, invalid: 'mod97' as const, invalidShare: undefined }
  const plain = rendered(single, 'csv')
  assert.ok(!plain.split('\n')[0]?.endsWith(',invalid'))
  const labelled = await parseCsv(rendered({ ...single, invalidShare: 1 }, 'csv'))
  assert.deepEqual(
    labelled.map((row) => row['iban']),
    plain
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.slice(0, line.indexOf(','))),
  )
  assert.ok(labelled.every((row) => row['invalid'] === 'mod97'))
})
