import assert from 'node:assert/strict'
import { test } from 'node:test'
import { COUNTRIES, DatasetError, buildIban, generateIbans, validateIban } from '../../src/iban/index.ts'

test('DE, bank 37040044, account 0532013000 gives DE89370400440532013000 with its bank', () => {
  const record = buildIban({ country: 'de', bank: '37040044', account: '532013000' })
  assert.equal(record.iban, 'DE89370400440532013000')
  assert.deepEqual(record.bank, { code: '37040044', name: 'Commerzbank', bic: 'COBADEFF' })
  assert.equal(
    buildIban({ country: 'FR', bank: '20041', branch: '01005', account: '0500013m026' }).iban,
    'FR1420041010050500013M02606',
  )
})

test('every country and mode: the parts of a generated IBAN build that IBAN again', () => {
  for (const spec of COUNTRIES) {
    for (const realistic of [true, false]) {
      for (const { iban } of generateIbans(spec.code, 50, { realistic, seed: 'build' })) {
        const parts = { ...validateIban(iban).bban_parts }
        delete parts.national_check
        assert.equal(buildIban({ country: spec.code, ...parts }).iban, iban)
      }
    }
  }
})

function fails(input: Parameters<typeof buildIban>[0], parameter: string, message: RegExp): void {
  assert.throws(
    () => buildIban(input),
    (error) => error instanceof DatasetError && error.parameter === parameter && message.test(error.message),
  )
}

test('wrong parts are refused naming the field', () => {
  fails({ country: 'DE', bank: '3704004', account: '1' }, 'bank', /bank must be 8 characters for DE, not 7/)
  fails({ country: 'DE', bank: '37040044', account: '05320130001' }, 'account', /account must be 10 characters/)
  fails({ country: 'DE', bank: '37040044' }, 'account', /account is required for DE/)
  fails({ country: 'DE', bank: '3704004X', account: '1' }, 'bank', /character 8 \("X"\) must be a digit/)
  fails({ country: 'DE', bank: '37040044', branch: '1', account: '1' }, 'branch', /DE has no branch part/)
  fails({ country: 'XX', bank: '1', account: '1' }, 'country', /"XX" is not supported/)
  // About 1 in 11 NO accounts have a weighted sum ≡ 1 (mod 11): no check digit exists for them.
  let refused = 0
  for (let n = 0; n < 200; n++) {
    try {
      buildIban({ country: 'NO', bank: '1503', account: String(n) })
    } catch (error) {
      assert.ok(error instanceof DatasetError && error.parameter === 'account', String(error))
      refused++
    }
  }
  assert.ok(refused > 5 && refused < 40, `${refused} of 200 NO accounts have no check digit`)
})
