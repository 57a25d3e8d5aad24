import assert from 'node:assert/strict'
import { test } from 'node:test'
import { Dataset } from '../../src/iban/dataset.ts'
import { MAX_IBAN_LENGTH, asciiString } from '../../src/iban/generate.ts'
import { COUNTRIES, banksOf, generateIbans, validateIban } from '../../src/iban/index.ts'
import { Permutation } from '../../src/iban/permutation.ts'
import { realisticBanks } from '../../src/iban/realistic-banks.ts'
import { LONG } from '../helpers/fixtures.ts'

/** Rows offset … offset + count − 1 of a dataset as IBAN strings. */
function rows(dataset: Dataset, offset: number, count: number): string[] {
  const out = new Uint8Array(MAX_IBAN_LENGTH)
  const list: string[] = []
  for (let i = offset; i < offset + count; i++) {
    dataset.mint(i, out)
    list.push(asciiString(out, dataset.ibanLength))
  }
  return list
}

test('a Permutation maps [0, size) onto itself, one to one, for awkward sizes', () => {
  for (const size of [1, 2, 3, 7, 97, 1000, 4099, 65_537]) {
    const permutation = new Permutation(size, [1, 2, 3, 4])
    const seen = new Uint8Array(size)
    for (let i = 0; i < size; i++) {
      const image = permutation.at(i)
      assert.ok(Number.isInteger(image) && image >= 0 && image < size, `${size}: ${i} → ${image}`)
      assert.equal(seen[image], 0, `${size}: ${image} reached twice`)
      seen[image] = 1
    }
  }
})

test('a Permutation of a large domain keeps images in range and distinct, and depends on its keys', () => {
  const size = 2 ** 50 - 3
  const a = new Permutation(size, [9, 8, 7])
  const b = new Permutation(size, [9, 8, 5])
  const images = new Set<number>()
  for (let i = 0; i < 50_000; i++) {
    const image = a.at(size - 1 - i)
    assert.ok(image >= 0 && image < size)
    images.add(image)
  }
  assert.equal(images.size, 50_000)
  assert.notEqual(a.at(12345), b.at(12345))
})

test('NO realistic for one bank: the whole capacity, every row distinct and valid (guards keep mod 11 computable)', () => {
  const dataset = new Dataset({ countries: ['NO'], seed: 'all', bank: '1503' })
  // BBAN[4..5] 01-99, BBAN[6..8] 000-999, BBAN[9] one of the 9 digits whose mod 11 check exists
  assert.equal(dataset.capacity, 99 * 1000 * 9)
  const out = new Uint8Array(MAX_IBAN_LENGTH)
  const seen = new Set<string>()
  for (let i = 0; i < dataset.capacity; i++) {
    dataset.mint(i, out)
    seen.add(asciiString(out, dataset.ibanLength))
  }
  assert.equal(seen.size, dataset.capacity)
  for (const iban of [...seen].filter((_, i) => i % 97 === 0)) assert.ok(validateIban(iban).valid, iban)
})

test('1,000,000 NO realistic rows (the default mode) are distinct; 10,000 of every country and mode too', () => {
  const norway = rows(new Dataset({ countries: ['NO'], seed: '1' }), 0, LONG ? 5_000_000 : 1_000_000)
  assert.equal(new Set(norway).size, norway.length)
  for (const spec of COUNTRIES) {
    for (const realistic of [true, false]) {
      const list = rows(new Dataset({ countries: [spec.code], realistic, seed: 'distinct' }), 0, 10_000)
      assert.equal(new Set(list).size, list.length, `${spec.code} ${realistic ? 'realistic' : 'random'}`)
    }
  }
})

test('capacity: every country reports it per mode; realistic NO holds banks × 891,000', () => {
  for (const spec of COUNTRIES) {
    for (const realistic of [true, false]) {
      const capacity = new Dataset({ countries: [spec.code], realistic }).capacity
      assert.ok(Number.isSafeInteger(capacity) && capacity >= 1_000_000, `${spec.code}: ${capacity}`)
    }
  }
  assert.equal(new Dataset({ countries: ['NO'], bankMix: 'uniform' }).capacity, banksOf('NO').length * 891_000)
  assert.throws(() => generateIbans('NO', 1, { bank: '1503', offset: 891_000 }), /holds 891,000 distinct IBANs/)
  // Weighted: every bank has units; the capacity is the units × what the bank with the most
  // accounts per unit can hold (each NO bank holds 891,000).
  const plan = new Dataset({ countries: ['NO'] }).plans[0]
  assert.ok(plan !== undefined && plan.unitTable !== undefined)
  const most = Math.max(...Array.from(plan.unitTable, (entry) => (entry & 0xffff) + 1))
  assert.equal(plan.capacity, plan.units * Math.floor(891_000 / most))
})

test('rows depend only on seed, options and row index: any slice equals the same rows of the whole', () => {
  for (const countries of [['DE'], ['NO'], ['FR', 'IT', 'NL'], ['LC']]) {
    for (const realistic of [true, false]) {
      const whole = rows(new Dataset({ countries, realistic, seed: 'slices' }), 0, 3000)
      for (const [offset, count] of [
        [0, 1],
        [1, 999],
        [1000, 2000],
        [2999, 1],
        [1234, 567],
      ] as const) {
        const slice = rows(new Dataset({ countries, realistic, seed: 'slices' }), offset, count)
        assert.deepEqual(slice, whole.slice(offset, offset + count), `${countries.join(',')} ${offset}+${count}`)
      }
    }
  }
})

test('several countries: rows are spread evenly and every row is distinct', () => {
  const list = rows(new Dataset({ countries: ['DE', 'FR', 'IT'], seed: 'mix' }), 0, 30_000)
  assert.equal(new Set(list).size, list.length)
  for (const code of ['DE', 'FR', 'IT']) {
    const share = list.filter((iban) => iban.startsWith(code)).length
    assert.ok(share > 9_000 && share < 11_000, `${code}: ${share} of 30,000`)
  }
})

test('realistic rows (bank_mix=uniform) spread over every bank they draw from; bank= keeps one, with its name and BIC', () => {
  for (const spec of COUNTRIES) {
    const banks = realisticBanks(spec, 'pass', false)
    if (banks.length === 0) continue
    const dataset = new Dataset({ countries: [spec.code], seed: 'banks', bankMix: 'uniform' })
    const counts = new Map<string, number>()
    const bytes = new Uint8Array(34)
    for (let i = 0; i < 30 * banks.length; i++) {
      dataset.mint(i, bytes)
      const code = dataset.bank?.code ?? ''
      counts.set(code, (counts.get(code) ?? 0) + 1)
    }
    assert.equal(counts.size, banks.length, `${spec.code}: ${counts.size} of ${banks.length} banks`)
    const first = banks[0]
    assert.ok(first !== undefined)
    for (const iban of generateIbans(spec.code, 20, { bank: first.code.toLowerCase() })) {
      assert.deepEqual(iban.bank, { code: first.code, name: first.name, bic: first.bic ?? null })
      assert.ok(validateIban(iban.iban).valid, iban.iban)
      assert.deepEqual(validateIban(iban.iban).bank, iban.bank)
    }
  }
})

test('bank= is refused for an unknown code, random mode or several countries, naming bank', () => {
  assert.throws(() => new Dataset({ countries: ['DE'], bank: '12345678' }), {
    parameter: 'bank',
    message:
      /not a registered bank code of DE \(3,503 are: GET \/api\/v1\/countries\/DE\/banks or ibanmint countries DE --banks lists them\)/,
  })
  assert.throws(() => new Dataset({ countries: ['DE'], bank: '37040044', realistic: false }), { parameter: 'bank' })
  assert.throws(() => new Dataset({ countries: ['DE', 'AT'], bank: '37040044' }), { parameter: 'bank' })
  assert.throws(() => new Dataset({ countries: ['LC'], bank: '1' }), {
    parameter: 'bank',
    message: /no real bank codes/,
  })
})
