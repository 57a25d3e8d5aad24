import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as ibantools from 'ibantools'
import { COUNTRIES, banksOf, generateIban, generateIbans, validateIban } from '../../src/iban/index.ts'
import { isMod97Valid } from '../../src/iban/mod97.ts'
import { LONG } from '../helpers/fixtures.ts'

const PER_COUNTRY = LONG ? 100_000 : 10_000
const LETTER = /[A-Z]/

for (const spec of COUNTRIES) {
  const bankOffset = spec.segments.find((s) => s.name === 'bank')?.offset ?? 0
  const banks = banksOf(spec.code)
  const bankCodes = new Set(banks.map((bank) => bank.code))

  for (const realistic of [true, false]) {
    const mode = realistic ? 'realistic' : 'random'
    test(`${spec.code} ${mode}: ${PER_COUNTRY} IBANs pass length, format, MOD-97, national check and ibantools`, () => {
      const ibans = generateIbans(spec.code, PER_COUNTRY, { realistic })
      const lettersSeen = spec.segments.map(() => false)
      for (const generated of ibans) {
        const { iban, bban } = generated
        assert.equal(iban.length, spec.ibanLength, iban)
        assert.equal(iban.slice(0, 2), spec.code)
        assert.ok(spec.formatPattern.test(bban), `${iban} does not match ${spec.bbanFormat}`)
        assert.ok(isMod97Valid(iban), `${iban} fails MOD-97`)
        const result = validateIban(iban)
        assert.equal(result.valid, true, `${iban}: ${JSON.stringify(result.checks)}`)
        if (spec.nationalCheck !== null) assert.equal(result.checks.national, true, iban)
        if (spec.accountCheck !== null) assert.notEqual(result.checks.national, false, iban)
        assert.ok(ibantools.validateIBAN(iban).valid, `ibantools rejects ${iban}`)
        spec.segments.forEach((segment, index) => {
          const value = bban.slice(segment.offset, segment.offset + segment.length)
          if (LETTER.test(value)) lettersSeen[index] = true
        })
        if (realistic && banks.length > 0) {
          const bank = generated.bank
          assert.ok(bank !== undefined && bankCodes.has(bank.code), `${iban} does not carry a known bank`)
          assert.ok(bban.startsWith(bank.code, bankOffset), `${iban} does not start with ${bank.code}`)
          assert.deepEqual(result.bank, bank, iban)
          const branches = banks.find((b) => b.code === bank.code)?.branches
          if (branches !== undefined) {
            const at = bankOffset + bank.code.length
            assert.ok(
              branches.some((branch) => bban.startsWith(branch, at)),
              `${iban}: not a listed branch of ${bank.code}`,
            )
          }
        }
      }
      spec.segments.forEach((segment, index) => {
        if (segment.chars === 'a') assert.ok(lettersSeen[index], `${segment.name} never held letters`)
        if (segment.chars === 'c' && segment.fixed === undefined) {
          const coveredByBank =
            realistic && banks.length > 0 && segment.offset < bankOffset + (banks[0]?.code.length ?? 0)
          // realistic: digits in alphanumeric fields (except real bank codes); random: letters too
          if (!coveredByBank) assert.equal(lettersSeen[index], !realistic, `${segment.name} letters in ${mode} mode`)
        }
      })
      const distinct = new Set(ibans.map((i) => i.iban)).size
      assert.equal(distinct, PER_COUNTRY, `${PER_COUNTRY - distinct} repeated IBANs`)
    })
  }
}

test('generateIban returns the Iban record, with the bank in realistic mode', () => {
  const random = generateIban('be', { seed: 'record', realistic: false })
  assert.deepEqual(Object.keys(random), ['iban', 'formatted', 'country', 'check_digits', 'bban', 'length', 'valid'])
  const iban = generateIban('be', { seed: 'record' })
  assert.deepEqual(Object.keys(iban), [
    'iban',
    'formatted',
    'country',
    'check_digits',
    'bban',
    'length',
    'valid',
    'bank',
  ])
  assert.equal(iban.bban.slice(0, 3), iban.bank?.code)
  assert.equal(iban.country, 'BE')
  assert.equal(iban.formatted.replace(/ /g, ''), iban.iban)
  assert.equal(iban.check_digits + iban.bban, iban.iban.slice(2))
  assert.equal(iban.length, 16)
  assert.equal(iban.valid, true)
})

test('generateIban rejects an unsupported country with a RangeError naming it', () => {
  assert.throws(
    () => generateIban('US'),
    (error) => error instanceof RangeError && /"US"/.test(error.message),
  )
})

// Pinned seeded output: a change here changes every user's reproducible fixtures (0.3.0 changed
// realistic rows, which now draw from the national bank registries, and German random rows;
// the next release drew realistic rows only from banks where customers hold accounts, and GB
// rows from sort codes of their bank with accounts that pass the modulus check; the one after
// that shared realistic rows among the banks as the country's accounts are, bank_mix=weighted).
const PINNED: [string, boolean, string[]][] = [
  ['DE', true, ['DE40653512607850688510', 'DE69202303005888819558']],
  ['DE', false, ['DE37925145885165464806', 'DE78907324438513848663']],
  ['FR', true, ['FR7630004015875940699653927', 'FR7618715383660290780257618']],
  ['IT', true, ['IT23R3609204028671067287167', 'IT35A0313585377860234360008']],
  ['GB', true, ['GB87CITI18500823612619', 'GB62MIDL40142578922926']],
  ['IS', true, ['IS400714509653020401533659', 'IS090318042666750512806449']],
  ['CZ', false, ['CZ7180069800295639489698', 'CZ4773983616663904469032']],
  ['LC', false, ['LC40HSPNG2YU3R50H6EWKRU172OO1XFU', 'LC67SAXWPZNKAQJU1MBQBH5H644MPGTG']],
]

for (const [code, realistic, expected] of PINNED) {
  test(`seed "ibanmint" gives the pinned ${code} IBANs (${realistic ? 'realistic' : 'random'})`, () => {
    const ibans = generateIbans(code, 2, { realistic, seed: 'ibanmint' })
    assert.deepEqual(
      ibans.map((i) => i.iban),
      expected,
    )
  })
}

test('the same seed gives the same IBANs for every country, another seed other ones', () => {
  for (const spec of COUNTRIES) {
    const a = generateIbans(spec.code, 5, { seed: 's' }).map((i) => i.iban)
    const b = generateIbans(spec.code, 5, { seed: 's' }).map((i) => i.iban)
    const c = generateIbans(spec.code, 5, { seed: 't' }).map((i) => i.iban)
    assert.deepEqual(a, b)
    assert.notDeepEqual(a, c)
  }
})

test('country rules hold: CH/LI avoid QR-IIDs, CR leads with 0, NO avoids bank 0000, TR reserved 0, MU 000', () => {
  const sample = (code: string) => generateIbans(code, 5000, { realistic: false }).map((i) => i.bban)
  for (const bban of [...sample('CH'), ...sample('LI')]) assert.ok(!/^3[01]/.test(bban), bban)
  for (const bban of sample('CR')) assert.equal(bban[0], '0')
  for (const bban of sample('NO')) assert.ok(!bban.startsWith('0000') && bban.slice(4, 6) !== '00', bban)
  for (const bban of sample('TR')) assert.equal(bban[5], '0')
  for (const bban of sample('MU')) assert.equal(bban.slice(20, 23), '000')
})

test('IS kennitala is a real date with century digit 9 or 0; RU BIK starts 04 and ends 050–999', () => {
  for (const { bban } of generateIbans('IS', 5000)) {
    const kennitala = bban.slice(12)
    const day = Number(kennitala.slice(0, 2)) % 40
    const month = Number(kennitala.slice(2, 4))
    assert.ok(day >= 1 && day <= 28 && month >= 1 && month <= 12, kennitala)
    assert.ok(kennitala[9] === '9' || kennitala[9] === '0', kennitala)
  }
  for (const { bban } of generateIbans('RU', 5000, { realistic: false })) {
    assert.ok(bban.startsWith('04') && Number(bban.slice(6, 9)) >= 50, bban)
  }
})

test('realistic NL accounts pass the advisory elfproef; MU/SC realistic currencies are real codes', () => {
  for (const { iban } of generateIbans('NL', 2000)) assert.equal(validateIban(iban).national_check?.valid, true)
  for (const { bban } of generateIbans('MU', 500)) assert.ok(['MUR', 'USD', 'EUR'].includes(bban.slice(23)), bban)
  for (const { bban } of generateIbans('SC', 500)) assert.ok(['SCR', 'USD', 'EUR'].includes(bban.slice(24)), bban)
})
