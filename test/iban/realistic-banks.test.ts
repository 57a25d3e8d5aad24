// The banks realistic rows draw from (src/iban/realistic-banks.ts): one rule for every registry,
// banks a customer could pay (no central bank, no code for a bank's or a system's own
// operations, no inactive bank or replaced code, no insurer's or fund's account, no unassigned
// code, no bank outside the country's payment scheme, no QR-IID), every realistic bank's name
// and code read, German rows without such names, every registered code still taken by bank=
// and known to validation.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { asciiString } from '../../src/iban/generate.ts'
import { COUNTRIES, banksOf, generateIbans, validateIban } from '../../src/iban/index.ts'
import { Dataset, MAX_IBAN_LENGTH } from '../../src/iban/internal.ts'
import {
  exclusionOf,
  holdsCustomerAccounts,
  notDrawnBecause,
  realisticBanks,
  type Exclusion,
} from '../../src/iban/realistic-banks.ts'
import { LONG } from '../helpers/fixtures.ts'

/** Names (and BICs) no realistic German row may carry. */
const NOT_CUSTOMER_BANK =
  /Bundesbank|Settlement|ITGK|PCC|-alt-|Clearing|interne Zwecke|Sonder-BLZ|Service-BZ|DZ BANK GF/i

const bankOf = (country: string, code: string) => {
  const bank = banksOf(country).find((candidate) => candidate.code === code)
  assert.ok(bank !== undefined, `${country} ${code} is registered`)
  return bank
}

test('central banks are left out by their BIC, in every registry that lists one', () => {
  for (const [country, code, name] of [
    ['DE', '10000000', 'Bundesbank'],
    ['FR', '30001', 'BANQUE DE FRANCE'],
    ['AT', '00100', 'Oesterreichische Nationalbank'],
    ['NL', 'FLOR', 'DE NEDERLANDSCHE BANK'],
    ['PL', '10100000', 'Narodowy Bank Polski'],
    ['CH', '00100', 'Schweizerische Nationalbank'],
    ['BA', '000', 'Centralna banka BH'],
    ['CH', '08899', 'BIZ Bank für Internationalen Zahlungsausgleich'],
  ] as const) {
    const bank = bankOf(country, code)
    assert.equal(bank.name, name)
    assert.equal(holdsCustomerAccounts(bank, country), false, `${country} ${code}`)
    assert.equal(notDrawnBecause(bank, country), 'it is a central bank')
  }
  // A national bank that is a commercial bank stays.
  assert.equal(holdsCustomerAccounts(bankOf('GR', '011'), 'GR'), true)
})

test('each class of the rule, by registry entries users met in realistic rows', () => {
  const cases: [string, string, Exclusion][] = [
    // Internal, clearing, service and settlement codes (whole words were not enough).
    ['DE', '55150098', 'operations'], // Clearingkonto LRP-SI
    ['DE', '74020150', 'operations'], // Raiffeisenlandesbank OÖ Ndl Deutschl.- für interne Zwecke
    ['DE', '10061006', 'operations'], // Bank für Kirche und Diakonie - KD-Bank Gf Sonder-BLZ
    ['DE', '10045050', 'operations'], // Commerzbank Service-BZ
    ['DE', '50060423', 'operations'], // DZ BANK GF V23
    ['DE', '50060421', 'operations'], // DZ BANK GF AIS
    ['DE', '38011000', 'operations'], // VÖB-ZVD Processing
    ['NL', 'ABNC', 'operations'], // ABN AMRO Clearing Bank
    ['BE', '687', 'operations'], // Euroclear Bank
    ['CH', '08880', 'operations'], // SIX SIS AG
    ['LU', '289', 'operations'], // Clearstream Banking
    // Inactive banks and replaced codes.
    ['NL', 'BCDM', 'inactive'], // BANQUE CHAABI DU MAROC * (langdurig) inactief sinds 31 december 2020 *
    ['DE', '70169538', 'inactive'], // -alt-
    ['CZ', '6800', 'inactive'], // Sberbank CZ v likvidaci
    ['IE', 'ULSB', 'inactive'], // Ulster Bank Ireland left the market
    ['ES', '2001', 'inactive'], // a savings bank merged away
    // Insurers' and funds' accounts.
    ['CH', '83034', 'insurer or fund'], // Zürich Lebensvers.-Ges. AG … geb. Vermögen
    ['CH', '30003', 'insurer or fund'], // the same insurer's tied assets under a QR-IID
    ['CH', '08850', 'insurer or fund'], // compenswiss
    ['PT', '0407', 'insurer or fund'], // a fund management company
    // Codes of no bank.
    ['BE', '154', 'unassigned'], // VRIJ
    // Outside the payment scheme: French Polynesia and New Caledonia under FR codes.
    ['FR', '17469', 'outside the payment scheme'], // Banque Socredo (PF)
    ['FR', '18319', 'outside the payment scheme'], // Société Générale Calédonienne (NC)
    // QR-IIDs.
    ['CH', '30000', 'QR-IID'], // PostFinance's
    ['LI', '30172', 'QR-IID'], // Liechtensteinische Landesbank's
  ]
  for (const [country, code, why] of cases) {
    const bank = bankOf(country, code)
    assert.equal(exclusionOf(bank, country), why, `${country} ${code} ${bank.name}`)
  }
  // Ordinary banks and branches, direct banks and a bank's brands stay.
  for (const [country, code] of [
    ['DE', '20041133'], // Commerzbank - GF comdirect
    ['DE', '50050222'], // Frankfurter Sparkasse GF 1822direkt
    ['DE', '50010517'], // ING
    ['CH', '09000'], // PostFinance's IID
    ['CH', '08401'], // Migros Bank
    ['ES', '2045'], // Caja de Ahorros de Ontinyent: still a bank
    ['FR', '19906'], // Crédit Agricole de la Réunion: Réunion is in SEPA
    ['NL', 'ZWLB'], // SNS
    ['GB', 'BOFS'],
  ] as const)
    assert.equal(exclusionOf(bankOf(country, code), country), undefined, `${country} ${code}`)
})

/**
 * Words that mark a registry entry as no bank customers could pay, read independently of the
 * rule: every realistic bank's name is read, and a name with one of them must be on the list of
 * customer banks whose names happen to hold it.
 */
const SUSPECT =
  /\binterne?\b|sonder|service ?- ?b|service-?center|clearing|verrechn|settle|process|transit|\bGAA\b|\bITGK\b|\bPCC\b|inactie|inaktiv|liquid|likvid|likwid|upadło|straordinaria|running payments|versicher|vers\.-|assuran|insuranc|geb\. Verm|\bVRIJ\b|Onbeschikbaar|depositor|depozitar|\bDZ BANK GF|^ZVA |Nationalbank|central bank|-alt-/i
const SUSPECT_BUT_CUSTOMER_BANK = new Set([
  'Commerz Service-Center Intensive', // Commerzbank's service centre for customers in difficulty
  'CBC Banque et Assurances', // KBC's bank in Wallonia
  'CENTRAL BANK OF SAVINGS BANKS FINLAND LTD', // the savings banks' central credit institution, no central bank
  'Settlego Solutions Limited', // a payment institution
])

test('every realistic bank of every country, name and code read: none of a class the rule leaves out', () => {
  for (const spec of COUNTRIES) {
    for (const qrIban of spec.code === 'CH' || spec.code === 'LI' ? [false, true] : [false]) {
      for (const bank of realisticBanks(spec, 'pass', false, qrIban)) {
        const where = `${spec.code} ${bank.code} ${bank.name}`
        const why = exclusionOf(bank, spec.code)
        assert.equal(why, qrIban ? 'QR-IID' : undefined, where)
        if (SUSPECT.test(bank.name)) assert.ok(SUSPECT_BUT_CUSTOMER_BANK.has(bank.name), `${where}: review`)
        // Independently of the rule: QR-IIDs are 30000–31999, PF/NC/WF banks carry those BICs.
        const iid = Number(bank.code)
        if (spec.code === 'CH' || spec.code === 'LI') assert.equal(iid >= 30000 && iid <= 31999, qrIban, where)
        if (spec.sepa) assert.ok(!['PF', 'NC', 'WF'].includes(bank.bic?.slice(4, 6) ?? ''), where)
      }
    }
  }
})

test('the counts of banks drawn per registry', () => {
  const drawn = Object.fromEntries(
    COUNTRIES.map((spec) => [spec.code, [realisticBanks(spec, 'pass', false).length, banksOf(spec.code).length]]),
  )
  assert.deepEqual(drawn['DE'], [2592, 3503])
  assert.deepEqual(drawn['FR'], [207, 215])
  assert.deepEqual(drawn['NL'], [83, 86])
  assert.deepEqual(drawn['CH'], [822, 1079])
  assert.deepEqual(drawn['LI'], [11, 20])
  // GB: the banks with known sort codes (the others have none to draw).
  assert.deepEqual(drawn['GB'], [22, 39])
  // SE: the banks with clearing numbers every source lists under an undisputed IBAN rule (not
  // Swedbank's 9300–9349, Plusgirot, nor MedMera, which only BSAB lists).
  assert.deepEqual(drawn['SE'], [33, 36])
  for (const spec of COUNTRIES) {
    const left = banksOf(spec.code).filter((bank) => !holdsCustomerAccounts(bank, spec.code))
    const [count, all] = drawn[spec.code] as [number, number]
    if (spec.code !== 'GB' && spec.code !== 'SE') assert.equal(count, all - left.length, spec.code)
  }
})

test(`realistic DE rows (${LONG ? '1,000,000' : '100,000'}) carry no central bank, internal, clearing, service, settlement or -alt- code, and at least 1,000 codes`, () => {
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
  assert.ok(codes.size >= 1_000, `${codes.size} distinct codes in 100,000 rows`)
})

test('bank= still takes every such code, and validation still knows it', () => {
  for (const [country, code] of [
    ['DE', '10000000'],
    ['DE', '20730082'],
    ['DE', '10080086'],
    ['DE', '50060423'],
    ['NL', 'BCDM'],
    ['FR', '17469'],
    ['CH', '30003'],
  ] as const) {
    const [iban] = generateIbans(country, 1, { bank: code, seed: 'kept' })
    assert.ok(iban !== undefined)
    assert.equal(iban.bank?.code, code)
    const result = validateIban(iban.iban)
    assert.equal(result.valid, true)
    assert.equal(result.bank?.code, code)
    assert.equal(result.checks.bank_code, true)
  }
})
