// Every realistic row read back against the registry, as a user checks a fixture file: the rows
// of every country rendered as csv (100,000 per country with IBANMINT_LONG_TESTS=1, 2,000 by
// default), each IBAN validated. Its bank is one the rule of realistic-banks.ts keeps, the row's
// bank name and BIC are the registry's for that code, the BIC belongs to the IBAN's institution
// where the IBAN names one (its bank code is the BIC's first four letters: GB, IE, NL, …), and
// `sepa` (the row's and validation's) is what the SEPA schemes' scope says of the bank. CH and
// LI rows are no QR-IBANs; with qr_iban they all are.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { csvCell } from '../../src/formats/csv-cell.ts'
import { renderBatch } from '../../src/formats/render.ts'
import { COUNTRIES, validateIban } from '../../src/iban/index.ts'
import { bicOutsideSepa } from '../../src/iban/payment-scope.ts'
import { exclusionOf } from '../../src/iban/realistic-banks.ts'
import type { CountrySpec } from '../../src/iban/registry.ts'
import { LONG } from '../helpers/fixtures.ts'

const ROWS = LONG ? 100_000 : 2_000

/** The csv rows of a country's realistic dataset, as records by column name. */
function csvRows(country: string, qrIban: boolean): Record<string, string>[] {
  const text = new TextDecoder().decode(
    renderBatch({
      dataset: { countries: [country], realistic: true, seed: 'read back', qrIban },
      format: 'csv',
      start: 0,
      count: ROWS,
      first: true,
      last: true,
    }),
  )
  const [header = '', ...lines] = text.trimEnd().split('\n')
  const columns = header.split(',')
  return lines.map((line) => {
    // Bank names may hold commas (quoted): the last two fields are the BIC and sepa, the
    // IBAN the first.
    const fields = line.split(',')
    assert.equal(columns.at(-1), 'sepa')
    return { iban: fields[0] as string, bic: fields.at(-2) as string, sepa: fields.at(-1) as string, line }
  })
}

function readBack(spec: CountrySpec, qrIban: boolean): void {
  for (const row of csvRows(spec.code, qrIban)) {
    const result = validateIban(row['iban'] as string)
    const where = `${spec.code} ${row['iban']}`
    assert.equal(result.valid, true, where)
    const bank = result.bank
    if (bank !== null) {
      const listed = { code: bank.code, name: bank.name, ...(bank.bic === null ? {} : { bic: bank.bic }) }
      assert.equal(exclusionOf(listed, spec.code), qrIban ? 'QR-IID' : undefined, `${where}: ${bank.name}`)
      assert.equal(row['bic'], bank.bic ?? '', where)
      assert.ok((row['line'] as string).includes(`,${csvCell(bank.name)},${bank.bic ?? ''},`), where)
      if (/^[A-Z]{4}/.test(bank.code) && bank.bic !== null)
        assert.equal(bank.bic.slice(0, 4), bank.code.slice(0, 4), where)
    }
    const inScope = spec.sepa && bicOutsideSepa(spec.code, bank?.bic) === undefined
    assert.equal(result.sepa, inScope, where)
    assert.equal(row['sepa'], String(inScope), where)
    if (spec.code === 'CH' || spec.code === 'LI') assert.equal(result.qr_iban, qrIban, where)
    else assert.equal('qr_iban' in result, false, where)
  }
}

test(`every realistic row (${ROWS.toLocaleString('en')} per country) read back against the registry: a bank customers could pay, its name and BIC, sepa as the scheme's scope says`, () => {
  for (const spec of COUNTRIES) readBack(spec, false)
})

test('with qr_iban, every CH and LI row is a QR-IBAN of a bank the rule keeps', () => {
  for (const code of ['CH', 'LI']) readBack(COUNTRIES.find((spec) => spec.code === code) as CountrySpec, true)
})

test('sepa is per bank: rows of a French Polynesian bank (bank=17469, BIC SOCBPFTX) say false in every format and in validation', () => {
  const options = {
    dataset: { countries: ['FR'], realistic: true, seed: 'cfp', bank: '17469' },
    start: 0,
    count: 3,
    first: true,
    last: true,
  }
  const csv = new TextDecoder().decode(renderBatch({ ...options, format: 'csv' }))
  for (const line of csv.trimEnd().split('\n').slice(1)) {
    assert.ok(line.endsWith(',SOCBPFTX,false'), line)
    assert.equal(validateIban(line.split(',')[0] as string).sepa, false)
  }
  const json = JSON.parse(new TextDecoder().decode(renderBatch({ ...options, format: 'json' }))) as { sepa: boolean }[]
  assert.deepEqual(
    json.map((row) => row.sepa),
    [false, false, false],
  )
  assert.match(new TextDecoder().decode(renderBatch({ ...options, format: 'sql' })), /'SOCBPFTX',FALSE\)/)
  // A mainland bank and an overseas department's (Réunion is in SEPA) say true.
  const reunion = new TextDecoder().decode(
    renderBatch({ ...options, dataset: { ...options.dataset, bank: '19906' }, format: 'csv' }),
  )
  assert.ok(
    reunion
      .trimEnd()
      .split('\n')
      .slice(1)
      .every((line) => line.endsWith(',true')),
    reunion,
  )
})
