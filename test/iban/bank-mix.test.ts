// The population of realistic rows (src/iban/bank-mix.ts, bank-weights.ts and the units of
// generate.ts): weighted by default, the largest banks carrying most rows and the long tail
// beneath, as each country's facts say; bank_mix=uniform keeps equal shares. A row number still
// names exactly one bank and account: rows stay distinct, seeds, slices and the capacity honest.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { test } from 'node:test'
import { bankUnits, bankWeights, groupOf } from '../../src/iban/bank-mix.ts'
import { BANK_WEIGHT_FACTS } from '../../src/iban/bank-weight-facts.ts'
import { BANK_WEIGHTS } from '../../src/iban/bank-weights.ts'
import { Dataset, DatasetError } from '../../src/iban/dataset.ts'
import { MAX_IBAN_LENGTH, asciiString, mintRow, planFor, type MintPlan } from '../../src/iban/generate.ts'
import { findCountry, generateIbans, validateIban } from '../../src/iban/index.ts'
import { realisticBanks } from '../../src/iban/realistic-banks.ts'
import { LONG } from '../helpers/fixtures.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const WEIGHTED = Object.keys(BANK_WEIGHTS)

function drawn(country: string) {
  return realisticBanks(findCountry(country) as NonNullable<ReturnType<typeof findCountry>>, 'pass', false)
}

test('the weights cover the 20 countries most used in fixtures, each group’s share with its fact’s source, shares and rest summing to 100', () => {
  assert.deepEqual(WEIGHTED.toSorted(), [
    'AT',
    'BE',
    'CH',
    'CZ',
    'DE',
    'DK',
    'ES',
    'FI',
    'FR',
    'GB',
    'GR',
    'HU',
    'IE',
    'IT',
    'LU',
    'NL',
    'NO',
    'PL',
    'PT',
    'SE',
  ])
  assert.deepEqual(Object.keys(BANK_WEIGHT_FACTS), WEIGHTED)
  for (const [country, weights] of Object.entries(BANK_WEIGHTS)) {
    const total = weights.groups.reduce((sum, group) => sum + group.share, weights.rest)
    assert.ok(Math.abs(total - 100) < 0.01, `${country}: ${total}`)
    const facts = BANK_WEIGHT_FACTS[country]?.groups ?? []
    assert.equal(facts.length, weights.groups.length, country)
    weights.groups.forEach((group, index) => {
      const { basis, fact, derivation } = facts[index] as (typeof facts)[number]
      assert.ok(derivation.length > 0, `${country} ${group.name}`)
      if (fact !== null) assert.match(fact.source, /^https:\/\//, `${country} ${group.name}`)
      else assert.match(basis, /judgement|rank/, `${country} ${group.name}: a share without a fact is a judgement`)
    })
  }
})

test('every group with a share takes at least one bank realistic rows draw from (none silently loses its share)', () => {
  for (const [country, weights] of Object.entries(BANK_WEIGHTS)) {
    const banks = drawn(country)
    weights.groups.forEach((group, index) => {
      const members = banks.filter((bank) => groupOf(country, bank) === index).length
      if (group.share > 0) assert.ok(members > 0, `${country} ${group.name}: no bank`)
    })
    // The rest has banks too.
    assert.ok(
      banks.some((bank) => groupOf(country, bank) < 0),
      `${country}: no bank in the rest`,
    )
  }
})

test('the weights split a group’s share equally over its banks and give every bank at least one unit', () => {
  for (const country of WEIGHTED) {
    const banks = drawn(country)
    const weights = bankWeights(country, banks) as Float64Array
    assert.ok(Math.abs(weights.reduce((sum, w) => sum + w, 0) - 1) < 1e-9, country)
    const units = bankUnits(country, banks) as Int32Array
    assert.ok(
      units.every((n) => n >= 1),
      country,
    )
    // Two members of one group weigh the same, and their units differ by one at most.
    const byGroup = new Map<number, [number, number, number]>()
    banks.forEach((bank, i) => {
      const group = groupOf(country, bank)
      const [weight, least, most] = byGroup.get(group) ?? [weights[i] as number, Infinity, 0]
      assert.ok(Math.abs(weight - (weights[i] as number)) < 1e-12, `${country} ${bank.code}`)
      byGroup.set(group, [weight, Math.min(least, units[i] as number), Math.max(most, units[i] as number)])
    })
    for (const [group, [, least, most]] of byGroup) assert.ok(most - least <= 1, `${country} group ${group}`)
  }
  // A country without weights, and a single bank, share equally.
  assert.equal(bankWeights('LI', drawn('LI')), undefined)
  assert.equal(bankWeights('NL', drawn('NL').slice(0, 1)), undefined)
})

test('the unit table is a one-to-one map: rows 0 … units × k − 1 give each bank exactly its units × k rows, all distinct', () => {
  for (const country of ['NL', 'GB', 'CH', 'DE']) {
    const plan = planFor(country, true) as MintPlan
    const table = plan.unitTable
    assert.ok(table !== undefined, country)
    assert.equal(table.length, plan.units)
    const units = bankUnits(country, drawn(country)) as Int32Array
    const k = country === 'DE' ? 2 : 8
    const counts = new Int32Array(plan.banks.length)
    const seen = new Set<string>()
    const out = new Uint8Array(MAX_IBAN_LENGTH)
    // The first and the last rows the capacity holds, where a mistake in the arithmetic would collide.
    for (const start of [0, plan.capacity - plan.units * k]) {
      counts.fill(0)
      for (let row = start; row < start + plan.units * k; row++) {
        const bank = mintRow(plan, row, out)
        counts[bank] = (counts[bank] as number) + 1
        seen.add(asciiString(out, plan.spec.ibanLength))
      }
      units.forEach((u, bank) => assert.equal(counts[bank], u * k, `${country} bank ${bank}`))
    }
    assert.equal(seen.size, 2 * plan.units * k, country)
  }
})

test('the capacity stays honest: the last row mints a valid IBAN, the next is refused, and the API’s figure is it', () => {
  for (const country of ['DE', 'GB', 'NL', 'FR', 'CH']) {
    const dataset = new Dataset({ countries: [country], seed: 'edge' })
    const last = generateIbans(country, 2, { seed: 'edge', offset: dataset.capacity - 2 })
    assert.notEqual(last[0]?.iban, last[1]?.iban)
    for (const iban of last) assert.ok(validateIban(iban.iban).valid, iban.iban)
    assert.throws(
      () => generateIbans(country, 1, { seed: 'edge', offset: dataset.capacity }),
      new RegExp(`holds ${dataset.capacity.toLocaleString('en')} distinct IBANs`),
    )
    assert.equal((planFor(country, true) as MintPlan).capacity, dataset.capacity)
  }
})

test('bank_mix=uniform keeps equal shares (row r at bank r mod banks); a country whose banks weigh alike gives the same rows either way', () => {
  const plan = planFor('NL', true, undefined, false, 'uniform') as MintPlan
  assert.equal(plan.unitTable, undefined)
  assert.equal(plan.units, plan.banks.length)
  const out = new Uint8Array(MAX_IBAN_LENGTH)
  for (let row = 0; row < 3 * plan.banks.length; row++) assert.equal(mintRow(plan, row, out), row % plan.banks.length)
  for (const country of ['LI', 'IS', 'LC']) {
    const weighted = generateIbans(country, 50, { seed: 'alike' })
    assert.deepEqual(weighted, generateIbans(country, 50, { seed: 'alike', bankMix: 'uniform' }), country)
  }
})

test('weighted rows are distinct, and slices of a seeded dataset are the same rows as the whole', () => {
  const whole = generateIbans('DE', 20_000, { seed: 'slices' }).map((iban) => iban.iban)
  assert.equal(new Set(whole).size, whole.length)
  const slice = generateIbans('DE', 500, { seed: 'slices', offset: 12_345 }).map((iban) => iban.iban)
  assert.deepEqual(slice, whole.slice(12_345, 12_845))
})

test('bank_mix must be weighted or uniform: a DatasetError naming it', () => {
  assert.throws(
    () => new Dataset({ countries: ['DE'], bankMix: 'even' as 'uniform' }),
    (error) =>
      error instanceof DatasetError &&
      error.parameter === 'bank_mix' &&
      error.message === 'bank_mix must be one of weighted, uniform',
  )
})

const ROWS = LONG ? 100_000 : 20_000

test(`the population: per country, the share of ${ROWS.toLocaleString('en')} rows at its five largest groups is within 1.5 points of the weights’ share`, () => {
  for (const [country, weights] of Object.entries(BANK_WEIGHTS)) {
    const banks = drawn(country)
    // The weights' shares of the groups that have banks, scaled so that they and the rest make 100%.
    const present = weights.groups.map((_, index) => banks.some((bank) => groupOf(country, bank) === index))
    const total = weights.groups.reduce((sum, group, index) => sum + (present[index] ? group.share : 0), weights.rest)
    const largest = weights.groups
      .map((group, index) => ({ index, name: group.name, expected: (100 * group.share) / total }))
      .filter(({ index }) => present[index])
      .sort((a, b) => b.expected - a.expected)
      .slice(0, 5)
    const dataset = new Dataset({ countries: [country], seed: 'population' })
    const counts = new Map<number, number>()
    const out = new Uint8Array(MAX_IBAN_LENGTH)
    for (let i = 0; i < ROWS; i++) {
      dataset.mint(i, out)
      const group = groupOf(country, dataset.bank as NonNullable<typeof dataset.bank>)
      counts.set(group, (counts.get(group) ?? 0) + 1)
    }
    for (const { index, name, expected } of largest) {
      const share = (100 * (counts.get(index) ?? 0)) / ROWS
      assert.ok(
        Math.abs(share - expected) <= 1.5,
        `${country} ${name}: ${share.toFixed(2)}% of rows, weights ${expected.toFixed(2)}%`,
      )
    }
  }
})

test('docs/generation.md’s tables (banks left out per country, the population) are what scripts/bank-tables.ts makes', () => {
  execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'bank-tables.ts'), '--check'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
})
