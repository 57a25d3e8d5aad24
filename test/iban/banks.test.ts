// The banks of every country: the national registries as the project's own data, merged with
// the hand-checked table, and every registered code through generation and validation.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { test } from 'node:test'
import { CURATED_BANKS } from '../../src/iban/banks-curated.ts'
import { bankRegistry } from '../../src/iban/banks-registry-data.ts'
import { BANK_REGISTRY_INFO } from '../../src/iban/banks-registry-info.ts'
import { bankIndexOf, findBank, hasBankRegistry, readBankTable, tableOf } from '../../src/iban/banks.ts'
import { Dataset } from '../../src/iban/dataset.ts'
import { deAccountMethod, DE_METHOD_IDS, type DeMethodId } from '../../src/iban/de-account/index.ts'
import { banksOfSortCode } from '../../src/iban/uk-modulus/index.ts'
import { COUNTRIES, banksOf, findCountry, generateIbans, validateIban } from '../../src/iban/index.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const CLASS: Record<string, RegExp> = { n: /^[0-9]$/, a: /^[A-Z]$/, c: /^[0-9A-Z]$/ }

test('the bank data modules are what npm run data:banks makes of vendor/bank-registry', () => {
  execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'bank-data.ts'), '--check'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
})

test('45 countries have a registry; the counts are those of the data, SA holds BICs only', () => {
  assert.equal(Object.keys(BANK_REGISTRY_INFO).length, 45)
  const withCodes = Object.entries(BANK_REGISTRY_INFO).filter(([, info]) => info.codes > 0)
  assert.equal(withCodes.length, 44)
  assert.equal(BANK_REGISTRY_INFO['DE']?.codes, 3503)
  assert.equal(BANK_REGISTRY_INFO['DK']?.codes, 6947)
  assert.equal(BANK_REGISTRY_INFO['PL']?.codes, 3156)
  assert.equal(hasBankRegistry('SA'), false)
  assert.equal(hasBankRegistry('de'), true)
  for (const [country, info] of withCodes) {
    const registered = banksOf(country).filter((bank) => findBank(country, bank.code) === bank)
    assert.ok(registered.length >= info.codes, `${country}: ${registered.length} banks, ${info.codes} registered`)
  }
})

test('the codes and check methods read without the names are the banks’, index for index', () => {
  for (const { code: country } of COUNTRIES) {
    // A fresh module state is not needed: the lean table is read first, the banks from it.
    const table = tableOf(country)
    const codesFirst = table.methodIndexes.length
    const banks = table.banks
    assert.equal(codesFirst, banks.length, country)
    banks.forEach((bank, index) => {
      assert.equal(bankIndexOf(country, bank.code.padEnd(40, '0'), -table.offset), index, `${country} ${bank.code}`)
      const method = bank.method === undefined ? -1 : DE_METHOD_IDS.indexOf(bank.method)
      const checks = method >= 0 && deAccountMethod(bank.method as DeMethodId).checks
      assert.equal(table.methodIndexes[index], checks ? method : -1, `${country} ${bank.code}`)
    })
    // A bank's record read alone from its registry line is the one read with all the banks.
    const fresh = readBankTable(country)
    assert.deepEqual(
      banks.map((_, index) => fresh.record(index)),
      table.records,
      country,
    )
  }
})

test('every bank code fits its country’s BBAN at the bank position, branches too', () => {
  for (const spec of COUNTRIES) {
    const offset = spec.segments.find((s) => s.name === 'bank')?.offset ?? 0
    for (const bank of banksOf(spec.code)) {
      const widths = new Set((bank.branches ?? []).map((branch) => branch.length))
      assert.ok(widths.size <= 1, `${spec.code} ${bank.code}: branches of several lengths`)
      for (const text of [bank.code, ...(bank.branches ?? []).map((branch) => bank.code + branch)]) {
        for (let i = 0; i < text.length; i++) {
          const chars = spec.positionClasses[offset + i]
          assert.ok(chars !== undefined && CLASS[chars]?.test(text[i] as string), `${spec.code} ${text} at ${i + 1}`)
        }
      }
    }
  }
})

test('every hand-checked bank adds something: a branch, a bank the registry lacks, or a country without one', () => {
  for (const [country, curated] of Object.entries(CURATED_BANKS)) {
    const registered = new Set(
      (bankRegistry()[country] ?? '')
        .split('\n')
        .map((line) => line.split('\t')[0] ?? '')
        .filter((code) => code !== '' && code !== '+' && code !== '*'),
    )
    for (const bank of curated) assert.ok(!registered.has(bank.code), `${country} ${bank.code} repeats the registry`)
  }
})

test('every registered code round-trips: generated with bank=, validation names that bank', () => {
  let codes = 0
  for (const spec of COUNTRIES) {
    const banks = banksOf(spec.code)
    for (const bank of banks) {
      const dataset = new Dataset({ countries: [spec.code], bank: bank.code, seed: 'round-trip' })
      const [iban] = generateIbans(spec.code, 1, { bank: bank.code, seed: 'round-trip' })
      assert.ok(iban !== undefined && dataset.capacity >= 1)
      assert.deepEqual(iban.bank, { code: bank.code, name: bank.name, bic: bank.bic ?? null }, iban.iban)
      const result = validateIban(iban.iban)
      assert.equal(result.valid, true, `${iban.iban}: ${JSON.stringify(result.checks)}`)
      assert.deepEqual(result.bank, iban.bank, iban.iban)
      assert.equal(result.checks.bank_code, hasBankRegistry(spec.code) ? true : null, iban.iban)
      codes++
    }
  }
  assert.ok(codes > 22_000, `${codes} codes`)
})

test('bank_code informs without deciding: an unregistered code is false and the IBAN stays valid', () => {
  // A random-mode IBAN of a registry country whose bank code is not registered.
  const result = validateIban('AT611904300234573201')
  assert.equal(result.checks.bank_code, false)
  assert.equal(result.valid, true)
  assert.equal(result.bank, null)
  // No registry of bank codes (LC): null.
  assert.equal(validateIban(generateIbans('LC', 1)[0]?.iban ?? '').checks.bank_code, null)
  for (const iban of generateIbans('AT', 2000, { realistic: false, seed: 'random' })) {
    assert.equal(validateIban(iban.iban).valid, true, iban.iban)
  }
})

test('the registry’s identifier is the bank code: PL 8-digit sort code, SI 5 digits, HR 7 digits', () => {
  for (const [country, length] of [
    ['PL', 8],
    ['SI', 5],
    ['HR', 7],
  ] as const) {
    for (const iban of generateIbans(country, 200, { seed: 'identifier' })) {
      assert.equal(iban.bank?.code.length, length, iban.iban)
      const parts = validateIban(iban.iban).bban_parts ?? {}
      const spec = findCountry(country)
      assert.ok(spec !== undefined)
      assert.equal(iban.bban.slice(0, length), iban.bank?.code)
      assert.ok(
        parts.bank !== undefined && iban.bank?.code.startsWith(parts.bank),
        `${country}: ${JSON.stringify(parts)}`,
      )
    }
  }
})

test('GB rows of a bank carry sort codes of that bank: NatWest rows NatWest sort codes, bank=60-16-13 that one', () => {
  assert.equal(findBank('GB', 'NWBK')?.branches, undefined)
  const sortCodes = new Set<string>()
  for (const iban of generateIbans('GB', 200, { bank: 'nwbk', seed: 'natwest' })) {
    assert.equal(iban.bban.slice(0, 4), 'NWBK')
    assert.deepEqual(banksOfSortCode(Number(iban.bban.slice(4, 10))), ['NWBK'], iban.iban)
    sortCodes.add(iban.bban.slice(4, 10))
  }
  assert.ok(sortCodes.size > 100, `${sortCodes.size} sort codes`)
  for (const iban of generateIbans('GB', 20, { bank: '60-16-13' })) assert.equal(iban.bban.slice(0, 10), 'NWBK601613')
})

test('distinct at capacity: every row of a one-bank dataset, and the next one refused', () => {
  // Norwegian banks hold the fewest accounts (891,000 each); every other one-bank dataset holds millions.
  for (const [country, bank] of [
    ['NO', '0500'],
    ['NO', '1503'],
  ] as const) {
    const dataset = new Dataset({ countries: [country], bank, seed: 'capacity' })
    assert.ok(dataset.capacity <= 3_000_000, `${country} ${bank}: ${dataset.capacity}`)
    const seen = new Set<string>()
    const bytes = new Uint8Array(34)
    for (let i = 0; i < dataset.capacity; i++) {
      dataset.mint(i, bytes)
      seen.add(String.fromCharCode(...bytes.subarray(0, dataset.ibanLength)))
    }
    assert.equal(seen.size, dataset.capacity, `${country} ${bank}`)
    assert.throws(() => dataset.mint(dataset.capacity, bytes), { parameter: 'count' })
  }
})

test('corrected registry entries: Bank of Scotland’s code has its own name and BIC, truncated and annotated names are whole', () => {
  const gb = (code: string) => banksOf('GB').find((bank) => bank.code === code)
  assert.deepEqual([gb('BOFS')?.name, gb('BOFS')?.bic], ['BANK OF SCOTLAND PLC', 'BOFSGBS1'])
  assert.deepEqual([gb('LOYD')?.name, gb('LOYD')?.bic], ['LLOYDS BANK PLC', 'LOYDGB2L'])
  assert.equal(gb('DABA')?.name, 'NORTHERN BANK LIMITED TRADING AS DANSKE BANK')
  assert.equal(gb('YORK')?.name, 'VIRGIN MONEY')
  assert.equal(banksOf('NL').find((bank) => bank.code === 'ZWLB')?.name, 'SNS')
  // A GB IBAN at BOFS validates with Bank of Scotland's record, and its BIC names BOFS.
  const [iban] = generateIbans('GB', 1, { bank: 'BOFS', seed: 'scotland' })
  assert.equal(iban?.bank?.bic?.slice(0, 4), 'BOFS')
  assert.equal(validateIban(iban?.iban ?? '').bank?.name, 'BANK OF SCOTLAND PLC')
})

test('where the IBAN’s bank code is its institution’s letters (GB, IE, NL, …), the BIC belongs to that institution', () => {
  for (const spec of COUNTRIES) {
    const bank = spec.segments.find((segment) => segment.name === 'bank')
    if (bank === undefined || bank.chars === 'n' || !hasBankRegistry(spec.code)) continue
    for (const row of banksOf(spec.code)) {
      if (row.bic === undefined || !/^[A-Z]{4}/.test(row.code)) continue
      assert.equal(row.bic.slice(0, 4), row.code.slice(0, 4), `${spec.code} ${row.code} ${row.name}: BIC ${row.bic}`)
    }
  }
})
