import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as ibantools from 'ibantools'
import {
  COUNTRIES,
  Dataset,
  INVALID_CHECKS,
  generateIbans,
  isMod97Valid,
  validateIban,
  type InvalidCheck,
} from '../../src/iban/index.ts'
import { LONG } from '../helpers/fixtures.ts'

const PER_COUNTRY = LONG ? 10_000 : 1_000
const CHECK_OF: Record<InvalidCheck, string> = {
  national: 'national',
  mod97: 'mod97',
  length: 'length',
  format: 'format',
  country: 'country_supported',
}

/** Countries where the check can be broken alone. */
function fit(check: InvalidCheck) {
  return COUNTRIES.filter(
    (spec) =>
      (check !== 'national' || spec.nationalCheck !== null) &&
      (check !== 'format' || /[na]/.test(spec.positionClasses)),
  )
}

for (const check of INVALID_CHECKS) {
  test(`invalid=${check}: ${PER_COUNTRY} rows per country and mode fail exactly that check, all distinct`, () => {
    for (const spec of fit(check)) {
      for (const realistic of [true, false]) {
        const ibans = generateIbans(spec.code, PER_COUNTRY, { realistic, invalid: check, seed: check })
        assert.equal(new Set(ibans.map((i) => i.iban)).size, PER_COUNTRY, `${spec.code} rows repeat`)
        for (const { iban, valid } of ibans) {
          assert.equal(valid, false)
          const result = validateIban(iban)
          const failed = Object.entries(result.checks)
            .filter(([, value]) => value === false)
            .map(([name]) => name)
          assert.deepEqual(failed, [CHECK_OF[check]], `${iban}: ${JSON.stringify(result.checks)}`)
          assert.equal(result.valid, false)
          if (check !== 'mod97') assert.ok(isMod97Valid(iban), `${iban} fails MOD-97`)
        }
      }
    }
  })
}

test('invalid=national rows pass an independent MOD-97-only check but fail ibantools where it checks the country', () => {
  const ibans = generateIbans('FR', 500, { invalid: 'national' })
  for (const { iban } of ibans) {
    assert.ok(ibantools.isValidIBAN(iban.slice(0, 4) + iban.slice(4)) === false)
    assert.ok(isMod97Valid(iban))
  }
})

test('a check that cannot be broken alone for a country is refused, naming invalid', () => {
  assert.throws(() => new Dataset({ countries: ['DE'], invalid: 'national' }), {
    parameter: 'invalid',
    message: 'invalid=national cannot be made for DE: it has no national check digits',
  })
  assert.throws(() => new Dataset({ countries: ['MD'], invalid: 'format' }), { parameter: 'invalid' })
  assert.throws(() => new Dataset({ countries: ['FR', 'GB'], invalid: 'national' }), { message: /GB/ })
})
