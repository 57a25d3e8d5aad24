import assert from 'node:assert/strict'
import { test } from 'node:test'
import { COUNTRIES, banksOf, generateIbans, validateBic } from '../../src/iban/index.ts'

test('validateBic splits a BIC into institution, country, location and branch, every check reported', () => {
  const { banks, ...result } = validateBic('PSSTFRPPBOR')
  assert.deepEqual(result, {
    bic: 'PSSTFRPPBOR',
    valid: true,
    institution: 'PSST',
    country: 'FR',
    location: 'PP',
    branch: 'BOR',
    checks: { length: true, format: true, country: true, iban_country: true },
    test_bic: false,
  })
  assert.ok(banks.some((bank) => bank.country === 'FR' && bank.code === '20041' && bank.bic === 'PSSTFRPPBOR'))
  assert.ok(
    banks.every((bank) => bank.bic === 'PSSTFRPPBOR'),
    'a branch BIC lists only the banks registered with it',
  )
})

test('validateBic normalizes case and whitespace; an 8-character BIC has no branch', () => {
  const result = validateBic(' coba de ff ')
  assert.equal(result.bic, 'COBADEFF')
  assert.equal(result.branch, null)
  assert.equal(result.valid, true)
})

test('an 8-character BIC and its primary office (XXX) list every bank whose BIC starts the same', () => {
  const short = validateBic('COBADEFF')
  const primary = validateBic('COBADEFFXXX')
  assert.deepEqual(primary.banks, short.banks)
  const commerzbank = short.banks.find((bank) => bank.code === '37040044')
  assert.deepEqual(commerzbank, { country: 'DE', code: '37040044', name: 'Commerzbank', bic: 'COBADEFF' })
  const expected = banksOf('DE').filter((bank) => bank.bic?.startsWith('COBADEFF')).length
  assert.equal(short.banks.filter((bank) => bank.country === 'DE').length, expected)
})

test('each check fails on its own: length, format, country', () => {
  const cases: [string, Partial<Record<'length' | 'format' | 'country', boolean>>][] = [
    ['COBADEFF1', { length: false }],
    ['COBADEFF12345', { length: false }],
    ['C0BADEFF', { format: false }],
    ['COBADEFF-XX', { format: false }],
    ['COBAQQFF', { country: false }],
  ]
  for (const [input, failing] of cases) {
    const result = validateBic(input)
    assert.equal(result.valid, false, input)
    assert.deepEqual(result.banks, [])
    for (const check of ['length', 'format', 'country'] as const) {
      assert.equal(result.checks[check], failing[check] ?? true, `${input}: ${check}`)
    }
  }
  assert.equal(validateBic('').valid, false)
})

test('a BIC of a country without IBANs is valid, with iban_country false', () => {
  const result = validateBic('CHASUS33XXX')
  assert.equal(result.valid, true)
  assert.deepEqual(result.checks, { length: true, format: true, country: true, iban_country: false })
  assert.equal(validateBic('BNPAGFGFXXX').checks.country, true, 'a territory of the IBAN registry')
  assert.equal(validateBic('RZBAXKPRXXX').checks.iban_country, true, 'XK, which the IBAN registry uses')
})

test('test BICs: the location ends in 0', () => {
  assert.equal(validateBic('ABCDDEF0').test_bic, true)
  assert.equal(validateBic('ABCDDEF0').valid, true)
  assert.equal(validateBic('COBADEFF').test_bic, false)
})

test('a well-formed BIC no registry lists is valid with no banks', () => {
  const result = validateBic('ZZZZDE22ABC')
  assert.equal(result.valid, true)
  assert.deepEqual(result.banks, [])
})

test('every BIC in the bank data validates and lists its bank', () => {
  let checked = 0
  for (const { code: country } of COUNTRIES) {
    const byBic = new Map<string, Set<string>>()
    for (const bank of banksOf(country)) {
      if (bank.bic === undefined) continue
      const codes = byBic.get(bank.bic) ?? new Set()
      byBic.set(bank.bic, codes.add(bank.code))
    }
    for (const [bic, codes] of byBic) {
      const result = validateBic(bic)
      assert.equal(result.valid, true, `${country} ${bic}`)
      const listed = new Set(result.banks.filter((bank) => bank.country === country).map((bank) => bank.code))
      for (const code of codes) assert.ok(listed.has(code), `${bic} lists ${country} ${code}`)
      checked += codes.size
    }
  }
  assert.ok(checked > 20_000, `${checked} banks with a BIC`)
})

test('the BICs of realistic generated rows validate and list the row’s bank', () => {
  let checked = 0
  for (const { code } of COUNTRIES) {
    for (const iban of generateIbans(code, 20, { seed: 'bic' })) {
      const bank = iban.bank
      if (bank === undefined || bank.bic === null) continue
      const result = validateBic(bank.bic)
      assert.equal(result.valid, true, iban.iban)
      assert.ok(
        result.banks.some((found) => found.country === code && found.code === bank.code),
        iban.iban,
      )
      checked++
    }
  }
  assert.ok(checked > 500, `${checked} rows with a BIC`)
})
