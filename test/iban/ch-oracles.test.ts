// CH postal accounts judged by an independent implementation: npm swissqrbill 4.4.1, whose
// calculateQRReferenceChecksum is the modulo 10 recursive routine (no npm package validates
// PostFinance IBANs as such). Its check digit of the first 8 postal digits must be the 9th for
// generated PostFinance accounts (and its isIBANValid must accept the IBAN), and must not be for
// negative data; on altered accounts ibanmint's verdict equals its answer except where it
// departs from what ibanmint holds, each departure named here and shown on a vector.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { test } from 'node:test'
import { asciiString } from '../../src/iban/generate.ts'
import { validateIban } from '../../src/iban/index.ts'
import { Dataset, MAX_IBAN_LENGTH } from '../../src/iban/internal.ts'
import { ibanCheckDigits } from '../../src/iban/mod97.ts'
import { LONG } from '../helpers/fixtures.ts'

const require = createRequire(import.meta.url)
const { calculateQRReferenceChecksum, isIBANValid, isQRIBAN } = require('swissqrbill/utils') as {
  calculateQRReferenceChecksum: (digits: string) => string
  isIBANValid: (iban: string) => boolean
  isQRIBAN: (iban: string) => boolean
}

/** The package's verdict on a PostFinance IBAN: the check digit it computes for the first 8 postal digits is the 9th. */
function theirs(iban: string): boolean {
  const postal = iban.slice(12)
  return calculateQRReferenceChecksum(postal.slice(0, 8)) === postal[8]
}

/** ibanmint's: the IBAN's national check passes (or does not apply). */
function ours(iban: string): boolean {
  return validateIban(iban).checks.national !== false
}

/** A departure: its name, and whether a disagreement (ours vs the package's) is one. */
interface Departure {
  readonly name: string
  readonly matches: (iban: string, ours: boolean, theirs: boolean) => boolean
}

const DEPARTURES: readonly Departure[] = [
  {
    name: 'the "000" before the postal account: the package reads the 9 postal digits only (ibanmint: a PostFinance account is 000 and a postal account)',
    matches: (iban, mine, package_) => !mine && package_ && iban.slice(9, 12) !== '000',
  },
]

function departureOf(iban: string, mine: boolean, package_: boolean): Departure | undefined {
  return DEPARTURES.find((departure) => departure.matches(iban, mine, package_))
}

const SIZE = LONG ? 100_000 : 10_000
const SEEDS = LONG ? ['1', 'oracles', 'ch'] : ['1', 'oracles']

/** The CH IBAN of a BBAN, MOD-97 digits computed. */
const ibanOf = (bban: string) => `CH${ibanCheckDigits('CH', bban)}${bban}`

function ibansOf(options: ConstructorParameters<typeof Dataset>[0], count: number): string[] {
  const dataset = new Dataset(options)
  const out = new Uint8Array(MAX_IBAN_LENGTH)
  const list: string[] = []
  for (let i = 0; i < count; i++) {
    dataset.mint(i, out)
    list.push(asciiString(out, dataset.ibanLength))
  }
  return list
}

test('the package gives the 16 postal vectors’ check digits and the IBANs’ MOD-97, as ibanmint does', () => {
  const { postal_vectors } = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'fixtures', 'ch-postfinance-vectors.json'), 'utf8'),
  ) as {
    postal_vectors: {
      id: string
      iban: string
      postal_check_ok: boolean
      iban_checksum_ok: boolean
      expected_check_digit: number
    }[]
  }
  for (const vector of postal_vectors) {
    assert.equal(calculateQRReferenceChecksum(vector.iban.slice(12, 20)), String(vector.expected_check_digit))
    assert.equal(theirs(vector.iban), vector.postal_check_ok, vector.id)
    assert.equal(ours(vector.iban), vector.postal_check_ok, vector.id)
    assert.equal(isIBANValid(vector.iban), vector.iban_checksum_ok, vector.id)
  }
})

test(`generated PostFinance accounts (bank=09000, ${SIZE.toLocaleString('en')} rows × ${SEEDS.length} seeds) pass the package, and so do their IBANs`, () => {
  for (const seed of SEEDS) {
    for (const iban of ibansOf({ countries: ['CH'], bank: '09000', seed }, SIZE)) {
      assert.ok(theirs(iban), iban)
      assert.ok(isIBANValid(iban) && !isQRIBAN(iban), iban)
    }
  }
})

test(`generated CH rows of both modes (${SIZE.toLocaleString('en')} × ${SEEDS.length} seeds): every PostFinance row passes the package; random rows carry none`, () => {
  for (const realistic of [true, false]) {
    let postfinance = 0
    for (const seed of SEEDS) {
      for (const iban of ibansOf({ countries: ['CH'], realistic, seed }, SIZE)) {
        assert.ok(isIBANValid(iban), iban)
        if (iban.slice(4, 9) !== '09000') continue
        postfinance++
        assert.ok(theirs(iban) && ours(iban), iban)
      }
    }
    // One bank in about 1,000 is PostFinance in realistic mode; random IIDs avoid 09xxx.
    if (realistic) assert.ok(postfinance > 0, 'realistic rows draw PostFinance')
    else assert.equal(postfinance, 0)
  }
})

test(`invalid=national CH accounts (${SIZE.toLocaleString('en')} rows × ${SEEDS.length} seeds) fail the package`, () => {
  for (const seed of SEEDS) {
    for (const iban of ibansOf({ countries: ['CH'], seed, invalid: 'national' }, SIZE)) {
      assert.equal(ours(iban), false, iban)
      assert.equal(theirs(iban), false, iban)
      assert.ok(isIBANValid(iban), iban)
    }
  }
})

test('on altered PostFinance accounts ibanmint’s verdict equals the package’s except where it departs', () => {
  const departed = new Map<string, number>()
  let compared = 0
  for (const [index, iban] of ibansOf({ countries: ['CH'], bank: '09000', seed: 'altered' }, SIZE).entries()) {
    // One digit of the 12-digit account changed (the MOD-97 digits made right again).
    const account = iban.slice(9)
    const at = index % 12
    const altered = account.slice(0, at) + String((Number(account[at]) + 1 + (index % 9)) % 10) + account.slice(at + 1)
    const next = ibanOf(`09000${altered}`)
    const [mine, package_] = [ours(next), theirs(next)]
    compared++
    if (mine === package_) continue
    const named = departureOf(next, mine, package_)
    assert.ok(named !== undefined, `the package says ${package_}, ibanmint ${mine}: ${next}`)
    departed.set(named.name, (departed.get(named.name) ?? 0) + 1)
  }
  assert.equal(compared, SIZE)
  // A change among the 9 postal digits is always caught by both (the carry table is a
  // permutation); a change in the pad only by ibanmint: a quarter of the changes.
  const padded = departed.get(DEPARTURES[0]?.name as string) ?? 0
  assert.ok(padded > 0.2 * SIZE && padded < 0.3 * SIZE, JSON.stringify([...departed]))
})

// ---- each departure on a vector ----

test('the package departs: it does not see the pad (0900 0100 1000 8060 7 fails ibanmint, its 9 digits pass)', () => {
  const iban = ibanOf('09000100100080607')
  assert.equal(validateIban(iban).checks.mod97, true)
  assert.deepEqual([ours(iban), theirs(iban)], [false, true])
  assert.equal(departureOf(iban, false, true)?.name, DEPARTURES[0]?.name)
})

test('the package departs off the IBAN path: a non-digit gives "NaN", not a check digit (1000806A)', () => {
  // ibanmint's judge reads a letter in a PostFinance account as a failure, never a digit.
  assert.equal(calculateQRReferenceChecksum('1000806A'), 'NaN')
  const iban = ibanOf('0900000010008060A')
  assert.equal(validateIban(iban).checks.mod97, true, iban)
  assert.equal(validateIban(iban).checks.national, false, iban)
})
