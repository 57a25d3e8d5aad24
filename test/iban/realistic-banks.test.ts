// The banks realistic rows draw from (src/iban/realistic-banks.ts): one rule for every registry
// (no central bank, no code for a bank's own operations, no replaced code), German rows without
// such names, every registered code still taken by bank= and known to validation.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { asciiString } from '../../src/iban/generate.ts'
import { COUNTRIES, banksOf, generateIbans, validateIban } from '../../src/iban/index.ts'
import { Dataset, MAX_IBAN_LENGTH } from '../../src/iban/internal.ts'
import { holdsCustomerAccounts, notDrawnBecause, realisticBanks } from '../../src/iban/realistic-banks.ts'
import { LONG } from '../helpers/fixtures.ts'

/** Names (and BICs) no realistic German row may carry. */
const NOT_CUSTOMER_BANK = /Bundesbank|Settlement|ITGK|PCC|-alt-/i

test('central banks are left out by their BIC, in every registry that lists one', () => {
  for (const [country, code, name] of [
    ['DE', '10000000', 'Bundesbank'],
    ['FR', '30001', 'BANQUE DE FRANCE'],
    ['AT', '00100', 'Oesterreichische Nationalbank'],
    ['NL', 'FLOR', 'DE NEDERLANDSCHE BANK'],
    ['PL', '10100000', 'Narodowy Bank Polski'],
    ['CH', '00100', 'Schweizerische Nationalbank'],
  ] as const) {
    const bank = banksOf(country).find((candidate) => candidate.code === code)
    assert.equal(bank?.name, name)
    assert.equal(holdsCustomerAccounts(bank), false, `${country} ${code}`)
    assert.equal(notDrawnBecause(bank), 'it is a central bank')
  }
  // A national bank that is a commercial bank stays.
  const greece = banksOf('GR').find((bank) => bank.code === '011')
  assert.equal(greece?.name, 'NATIONAL BANK OF GREECE S.A.')
  assert.equal(holdsCustomerAccounts(greece), true)
})

test('codes for a bank’s own operations and replaced codes are left out; ordinary branches and direct banks stay', () => {
  const cases: [string, boolean][] = [
    ['Commerzbank vormals Dresdner Bank, PCC DCC-ITGK 4', false],
    ['Commerzbank vormals Dresdner Bank ITGK', false],
    ['UniCredit Bank - HVB Settlement EAC82', false],
    ['Helaba Düsseldorf Gf Verrechnung FI-Dus', false],
    ['Hamburger Volksbank (Gf GAA)', false],
    ['VÖB-ZVD Processing', false],
    ['ABN AMRO Clearing Bank N.V.', false],
    ['PSD Bank Berlin-Brandenburg -alt-', false],
    ['Münsterländische Bank Thie,Zndl. d.VR-Bank Westmünst.-alt-', false],
    ['Commerzbank vormals Dresdner Bank', true],
    ['Commerzbank - GF comdirect', true],
    ['Frankfurter Sparkasse GF 1822direkt', true],
    ['Volksbank Kehdingen Zndl. der Ostfriesischen Volksbank', true],
    ['Deutsche Bank', true],
  ]
  for (const [name, holds] of cases) assert.equal(holdsCustomerAccounts({ name }), holds, name)
})

test('the rule applies to every registry alike: the counts of banks drawn', () => {
  const drawn = Object.fromEntries(
    COUNTRIES.map((spec) => [spec.code, [realisticBanks(spec, 'pass', false).length, banksOf(spec.code).length]]),
  )
  assert.deepEqual(drawn['DE'], [2618, 3503])
  assert.deepEqual(drawn['FR'], [214, 215])
  assert.deepEqual(drawn['NL'], [84, 86])
  // GB: the banks with known sort codes (the others have none to draw).
  assert.deepEqual(drawn['GB'], [22, 39])
  // SE: the banks with clearing numbers every source lists under an undisputed IBAN rule (not
  // Swedbank's 9300–9349, Plusgirot, nor MedMera, which only BSAB lists).
  assert.deepEqual(drawn['SE'], [33, 36])
  for (const spec of COUNTRIES) {
    const left = banksOf(spec.code).filter((bank) => !holdsCustomerAccounts(bank))
    const [count, all] = drawn[spec.code] as [number, number]
    if (spec.code !== 'GB' && spec.code !== 'SE') assert.equal(count, all - left.length, spec.code)
  }
})

test(`realistic DE rows (${LONG ? '1,000,000' : '100,000'}) carry no central bank, settlement, ITGK, PCC or -alt- code, and at least 1,500 codes`, () => {
  const dataset = new Dataset({ countries: ['DE'], seed: 'customers' })
  const out = new Uint8Array(MAX_IBAN_LENGTH)
  const codes = new Set<string>()
  const size = LONG ? 1_000_000 : 100_000
  for (let i = 0; i < size; i++) {
    dataset.mint(i, out)
    const bank = dataset.bank
    assert.ok(bank !== undefined)
    if (NOT_CUSTOMER_BANK.test(bank.name) || bank.bic?.startsWith('MARKDE') === true)
      assert.fail(`${asciiString(out, dataset.ibanLength)}: ${bank.code} ${bank.name}`)
    if (i < 100_000) codes.add(bank.code)
  }
  assert.ok(codes.size >= 1_500, `${codes.size} distinct codes in 100,000 rows`)
})

test('bank= still takes every such code, and validation still knows it', () => {
  for (const code of ['10000000', '20730082', '10080086', '10090900']) {
    const [iban] = generateIbans('DE', 1, { bank: code, seed: 'kept' })
    assert.ok(iban !== undefined)
    assert.equal(iban.bank?.code, code)
    const result = validateIban(iban.iban)
    assert.equal(result.valid, true)
    assert.equal(result.bank?.code, code)
    assert.equal(result.checks.bank_code, true)
  }
})
