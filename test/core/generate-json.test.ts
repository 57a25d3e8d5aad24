// Generate results are rendered as bytes from the rows (the records renderer, inline or on the
// pool), never through JSON.stringify: they must be the very bytes JSON.stringify writes for
// the result the library's object form gives, and generate() must be that result.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  generate,
  generateJson,
  generateRequestOf,
  type DatasetParams,
  type GenerateRequest,
} from '../../src/core/operations.ts'
import { COUNTRIES, INVALID_CHECKS, banksOf, generateIbans } from '../../src/iban/index.ts'
import { isMod97Valid } from '../../src/iban/mod97.ts'
import { generateOnPool } from '../../src/pool/generate-result.ts'
import { WorkPool } from '../../src/pool/pool.ts'

/** The request the API makes of a country (or territory) code and its parameters: 3 rows by default. */
function request(code: string, fields: DatasetParams & { count?: number } = {}): GenerateRequest {
  return generateRequestOf(code, { count: 3, ...fields })
}

/** The GenerateResult of a seeded request, made of the library's Iban objects. */
function expected(asked: GenerateRequest): Record<string, unknown> {
  const { country, count, territory } = asked
  const { realistic, seed, bank, invalid } = asked.dataset
  return {
    country: { code: country.code, name: country.name, iban_length: country.ibanLength },
    count,
    realistic,
    ...(territory === undefined ? {} : { territory }),
    seed,
    ...(bank === undefined ? {} : { bank: bank.toUpperCase() }),
    ...(invalid === undefined ? {} : { invalid }),
    ibans: generateIbans(country.code, count, { realistic, seed, bank, invalid }),
  }
}

/** generateJson's bytes are JSON.stringify of the library's result, and generate() is that result. */
function assertSame(asked: GenerateRequest, label: string): void {
  const result = expected(asked)
  assert.equal(generateJson(asked).toString('utf8'), JSON.stringify(result), label)
  assert.deepEqual(generate(asked), result, label)
}

test('seeded: the bytes of the library result in every country, both modes', () => {
  for (const { code } of COUNTRIES) {
    for (const realistic of [true, false]) {
      for (const count of [1, 17])
        assertSame(request(code, { realistic, count, seed: `s-${code}` }), `${code} ${realistic}`)
    }
  }
})

test('seeded with a bank (names beyond ASCII included), a territory and every invalid kind', () => {
  let banks = 0
  for (const { code } of COUNTRIES) {
    for (const bank of banksOf(code).slice(0, 3)) {
      assertSame(request(code, { seed: '"quoted" seed', bank: bank.code }), `${code} ${bank.code}`)
      banks++
    }
  }
  assert.ok(banks > 100, `${banks} banks`)
  assertSame(request('GF', { seed: 't' }), 'GF')
  for (const invalid of INVALID_CHECKS) assertSame(request('FR', { seed: 'x', invalid, count: 5 }), invalid)
  // PL: negative data of the sort code's own check digit carries no bank.
  assertSame(request('PL', { seed: 'x', invalid: 'national', count: 30 }), 'PL national')
})

test('unseeded: a GenerateResult of fresh, valid IBANs, no row repeated across calls', () => {
  const seen = new Set<string>()
  for (let call = 0; call < 200; call++) {
    const asked = request('DE', { count: 5 })
    const bytes = generateJson(asked).toString('utf8')
    const result = JSON.parse(bytes) as ReturnType<typeof generate>
    assert.equal(JSON.stringify(result), bytes)
    const { ibans, ...head } = call % 2 === 0 ? result : generate(asked)
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

test('the pool renders the same bytes as the inline path', async () => {
  const pool = new WorkPool({ threads: 1 })
  try {
    for (const asked of [
      request('DE', { seed: 'pool', count: 100 }),
      request('NO', { seed: 'pool', count: 250, realistic: false }),
      request('JE', { seed: 'pool', count: 7 }),
      request('PL', { seed: 'pool', count: 40, invalid: 'national' }),
      request('DE', { seed: 'pool', bank: '37040044', count: 12 }),
    ]) {
      assert.deepEqual(await generateOnPool(pool, asked), generateJson(asked), asked.country.code)
    }
  } finally {
    await pool.close()
  }
})
