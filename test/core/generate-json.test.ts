// The API's inline generate replies are rendered as bytes from the rows (generateJson), not
// through JSON.stringify: they must be the very bytes JSON.stringify writes for generate().
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { generate, generateJson, requireCountry, type GenerateRequest } from '../../src/core/operations.ts'
import { COUNTRIES, INVALID_CHECKS, banksOf, isMod97Valid } from '../../src/iban/index.ts'

function request(code: string, fields: Partial<GenerateRequest> = {}): GenerateRequest {
  return { country: requireCountry(code), count: 3, realistic: true, seed: undefined, ...fields }
}

test('seeded: the same bytes as JSON.stringify(generate()) in every country, both modes', () => {
  for (const { code } of COUNTRIES) {
    for (const realistic of [true, false]) {
      for (const count of [1, 17]) {
        const asked = request(code, { realistic, count, seed: `s-${code}` })
        assert.equal(generateJson(asked).toString('utf8'), JSON.stringify(generate(asked)), `${code} ${realistic}`)
      }
    }
  }
})

test('seeded with a bank (names beyond ASCII included) and with every invalid kind', () => {
  let banks = 0
  for (const { code } of COUNTRIES) {
    for (const bank of banksOf(code).slice(0, 3)) {
      const asked = request(code, { seed: '"quoted" seed', bank: bank.code })
      assert.equal(generateJson(asked).toString('utf8'), JSON.stringify(generate(asked)), `${code} ${bank.code}`)
      banks++
    }
  }
  assert.ok(banks > 100, `${banks} banks`)
  for (const invalid of INVALID_CHECKS) {
    const asked = request('FR', { seed: 'x', invalid, count: 5 })
    assert.equal(generateJson(asked).toString('utf8'), JSON.stringify(generate(asked)), invalid)
  }
})

test('unseeded: a GenerateResult of fresh, valid IBANs, no row repeated across calls', () => {
  const seen = new Set<string>()
  for (let call = 0; call < 200; call++) {
    const asked = request('DE', { count: 5 })
    const result = JSON.parse(generateJson(asked).toString('utf8')) as ReturnType<typeof generate>
    const { ibans, ...head } = result
    assert.deepEqual(head, { country: { code: 'DE', name: 'Germany', iban_length: 22 }, count: 5, realistic: true })
    assert.equal(ibans.length, 5)
    for (const iban of ibans) {
      assert.ok(isMod97Valid(iban.iban), iban.iban)
      assert.equal(seen.has(iban.iban), false, `${iban.iban} repeated`)
      seen.add(iban.iban)
    }
  }
})

test('an unknown bank and an impossible count are the same API errors as generate()', () => {
  for (const asked of [request('DE', { bank: '00000000' }), request('DE', { bank: '00000000', seed: 'x' })]) {
    assert.throws(
      () => generateJson(asked),
      (error: unknown) => {
        assert.throws(() => generate(asked), { message: (error as Error).message })
        return (error as { code?: string }).code === 'invalid_request'
      },
    )
  }
})
