// GB accounts made to pass (or fail) their sort code's modulus check (src/iban/uk-modulus/
// accounts.ts) and GB datasets: every scheme's tail lists by sums equal those by the check, the
// state of a head decides its tails, every account made passes (fails) the check, rows stay
// distinct at capacity, and realistic rows carry sort codes of their own bank.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { asciiString } from '../../src/iban/generate.ts'
import { findCountry, generateIbans, validateIban, type CountrySpec } from '../../src/iban/index.ts'
import { Dataset, MAX_IBAN_LENGTH } from '../../src/iban/internal.ts'
import { realisticBanks } from '../../src/iban/realistic-banks.ts'
import { tailListsBothWays } from '../../src/iban/uk-modulus/accounts.ts'
import { ukVerdict } from '../../src/iban/uk-modulus/check.ts'
import { banksOfSortCode, tailChoices, ukAccount } from '../../src/iban/uk-modulus/index.ts'
import { ukRanges } from '../../src/iban/uk-modulus/table.ts'
import { LONG } from '../helpers/fixtures.ts'

function digitsOf(sortCode: number, account: string): Uint8Array {
  return Uint8Array.from(String(sortCode).padStart(6, '0') + account, Number)
}

/** Rows offset … offset + count − 1 of a dataset as IBAN strings. */
function rows(dataset: Dataset, count: number, offset = 0): string[] {
  const out = new Uint8Array(MAX_IBAN_LENGTH)
  const list: string[] = []
  for (let i = offset; i < offset + count; i++) {
    dataset.mint(i, out)
    list.push(asciiString(out, dataset.ibanLength))
  }
  return list
}

test('every range and kind: the tail lists made by sums are the lists made by running the check', () => {
  let compared = 0
  for (const range of ukRanges()) {
    for (const kind of ['pass', 'fail'] as const) {
      for (const sortCode of new Set([range.start, range.end, Math.floor((range.start + range.end) / 2)])) {
        for (let head = 3; head < 100_000; head += LONG ? 9_973 : 39_989) {
          const digits = digitsOf(sortCode, String(head).padStart(5, '0') + '000')
          const [bySums, byCheck] = tailListsBothWays(range, kind, digits)
          assert.deepEqual(bySums, byCheck, `${kind} ${sortCode} head ${head}`)
          compared++
        }
      }
    }
  }
  assert.ok(compared > 7_000, `${compared}`)
})

test('a head’s state decides its tails: heads of one state at one sort code take the same list', () => {
  // The accounts of choice k at heads h and h′ of one state share their tail: checked through
  // ukAccount, which looks the list up by state, against the check itself.
  for (const range of ukRanges()) {
    for (const kind of ['pass', 'fail'] as const) {
      const sortCode = range.start
      const choices = tailChoices(sortCode, kind)
      if (choices === 0) continue
      for (let head = 11; head < 100_000; head += 7_919) {
        const account = ukAccount(sortCode, head, (head * 7) % choices, kind)
        assert.equal(account.slice(0, 5), String(head).padStart(5, '0'))
        assert.equal(ukVerdict(digitsOf(sortCode, account)), kind === 'pass', `${kind} ${sortCode} ${account}`)
      }
    }
  }
})

test('every choice of k at the first and last sort code of every range makes an account of its kind', () => {
  let made = 0
  for (const range of ukRanges()) {
    for (const sortCode of new Set([range.start, range.end])) {
      for (const kind of ['pass', 'fail'] as const) {
        const choices = tailChoices(sortCode, kind)
        for (let head = 0; head < 100_000; head += LONG ? 33_331 : 77_777) {
          const accounts = new Set<string>()
          for (let k = 0; k < choices; k++) {
            const account = ukAccount(sortCode, head, k, kind)
            assert.equal(ukVerdict(digitsOf(sortCode, account)), kind === 'pass', `${kind} ${sortCode} ${account}`)
            accounts.add(account)
            made++
          }
          assert.equal(accounts.size, choices, `${kind} ${sortCode}: distinct k, distinct accounts`)
        }
      }
    }
  }
  assert.ok(made > 50_000, `${made}`)
})

test('sort codes where no account can pass (Bank of Ireland) or none can fail (23-14-70) offer no choice', () => {
  assert.equal(tailChoices(900000, 'pass'), 0)
  assert.ok(tailChoices(900017, 'pass') > 0)
  assert.equal(tailChoices(231470, 'fail'), 0)
  assert.ok(tailChoices(231470, 'pass') > 0)
  // A sort code the table does not check: any account passes, none fails.
  assert.equal(tailChoices(123456, 'pass'), 100)
  assert.equal(tailChoices(123456, 'fail'), 0)
})

const SIZE = LONG ? 100_000 : 20_000

for (const realistic of [true, false]) {
  test(`GB ${realistic ? 'realistic' : 'random'} rows (${SIZE.toLocaleString('en')}, three seeds): distinct, and every account passes its sort code’s check`, () => {
    for (const seed of ['1', 'gb', 'modulus']) {
      const list = rows(new Dataset({ countries: ['GB'], realistic, seed }), SIZE)
      assert.equal(new Set(list).size, list.length)
      for (const iban of list) {
        const result = validateIban(iban)
        assert.ok(result.valid && result.checks.national !== false, `${iban}: ${JSON.stringify(result.checks)}`)
      }
      if (realistic) {
        const checked = list.filter((iban) => validateIban(iban).checks.national === true).length
        assert.equal(checked, list.length, 'realistic rows draw checked sort codes only')
      }
    }
  })
}

test(`GB invalid=national rows (${SIZE.toLocaleString('en')}, three seeds) fail exactly the modulus check`, () => {
  for (const seed of ['1', 'gb', 'modulus']) {
    const list = rows(new Dataset({ countries: ['GB'], seed, invalid: 'national' }), SIZE)
    assert.equal(new Set(list).size, list.length)
    for (const iban of list) {
      const { checks } = validateIban(iban)
      assert.deepEqual(
        checks,
        { mod97: true, length: true, format: true, country_supported: true, national: false, bank_code: true },
        iban,
      )
    }
  }
})

test('realistic GB rows carry a sort code of their own bank, from every bank with known sort codes', () => {
  const banks = realisticBanks(findCountry('GB') as CountrySpec, 'pass', false)
  assert.ok(banks.length >= 20, `${banks.length} banks`)
  const seen = new Map<string, Set<string>>()
  for (const iban of rows(new Dataset({ countries: ['GB'], seed: 'own' }), 50 * banks.length)) {
    const bank = iban.slice(4, 8)
    const sortCode = iban.slice(8, 14)
    assert.ok(banksOfSortCode(Number(sortCode)).includes(bank), `${iban}: ${sortCode} is not ${bank}'s`)
    seen.set(bank, (seen.get(bank) ?? new Set()).add(sortCode))
  }
  assert.deepEqual([...seen.keys()].sort(), banks.map((bank) => bank.code).sort())
  const natwest = seen.get('NWBK')?.size ?? 0
  assert.ok(natwest > 40, `NatWest: ${natwest} sort codes in 50 rows`)
})

test('capacity is honest: every row of a one-sort-code dataset is distinct and passes; the next is refused', () => {
  for (const bank of ['BARC200052', '60-83-71']) {
    const dataset = new Dataset({ countries: ['GB'], bank, seed: 'capacity' })
    const sortCode = bank.replace(/\D/g, '')
    assert.equal(dataset.capacity, 100_000 * tailChoices(Number(sortCode), 'pass'), bank)
    if (dataset.capacity > 1_000_000 && !LONG) continue
    const seen = new Set<string>()
    const out = new Uint8Array(MAX_IBAN_LENGTH)
    for (let i = 0; i < dataset.capacity; i++) {
      dataset.mint(i, out)
      const iban = asciiString(out, dataset.ibanLength)
      seen.add(iban)
      if (i % 101 === 0) assert.equal(ukVerdict(Uint8Array.from(iban.slice(8), Number)), true, iban)
    }
    assert.equal(seen.size, dataset.capacity, bank)
    assert.throws(() => dataset.mint(dataset.capacity, out), { parameter: 'count' })
  }
})

test('seeds, slices and offsets: a GB dataset’s slices join into its rows', () => {
  const whole = generateIbans('GB', 300, { seed: 'slices' }).map((iban) => iban.iban)
  const parts = [
    ...generateIbans('GB', 100, { seed: 'slices' }),
    ...generateIbans('GB', 200, { seed: 'slices', offset: 100 }),
  ].map((iban) => iban.iban)
  assert.deepEqual(parts, whole)
  assert.notDeepEqual(generateIbans('GB', 5, { seed: 'other' }), generateIbans('GB', 5, { seed: 'slices' }))
})

test('bank= takes a GB bank code, a sort code, or both; refuses unknown and hopeless sort codes', () => {
  for (const iban of generateIbans('GB', 30, { bank: 'SRLG', seed: 'b' }))
    assert.equal(iban.bban.slice(0, 10), 'SRLG608371')
  for (const iban of generateIbans('GB', 30, { bank: '60 83 71', seed: 'b' })) {
    assert.equal(iban.bban.slice(0, 10), 'SRLG608371')
    assert.equal(iban.bank?.code, 'SRLG')
  }
  for (const iban of generateIbans('GB', 30, { bank: 'barc601613', seed: 'b' })) {
    assert.equal(iban.bban.slice(0, 10), 'BARC601613')
    assert.ok(validateIban(iban.iban).valid)
  }
  // A registered bank without known sort codes: free sort codes, accounts passing where checked.
  for (const iban of generateIbans('GB', 200, { bank: 'TCCL', seed: 'b' })) {
    assert.equal(iban.bban.slice(0, 4), 'TCCL')
    assert.ok(validateIban(iban.iban).valid, iban.iban)
  }
  assert.throws(() => generateIbans('GB', 1, { bank: '12-34-56' }), {
    parameter: 'bank',
    message: /no bank ibanmint knows has sort code 12-34-56/,
  })
  assert.throws(() => generateIbans('GB', 1, { bank: 'BOFA900000' }), {
    parameter: 'bank',
    message: /no account passes the modulus check at sort code 90-00-00/,
  })
  assert.throws(() => generateIbans('GB', 1, { bank: 'WEST' }), { parameter: 'bank', message: /sort code/ })
})

test('invalid=national for GB needs realistic mode and a bank with checked sort codes', () => {
  assert.throws(() => new Dataset({ countries: ['GB'], realistic: false, invalid: 'national' }), {
    parameter: 'invalid',
    message: /GB: it has, in random mode, free sort codes/,
  })
  assert.throws(() => new Dataset({ countries: ['GB'], bank: 'TCCL', invalid: 'national' }), {
    parameter: 'invalid',
    message: /no sort code of bank TCCL/,
  })
  assert.throws(() => new Dataset({ countries: ['GB'], bank: 'NWBK123456', invalid: 'national' }), {
    parameter: 'invalid',
  })
  const list = rows(new Dataset({ countries: ['GB'], bank: '40-05-15', seed: 'x', invalid: 'national' }), 500)
  for (const iban of list) assert.equal(validateIban(iban).checks.national, false, iban)
})
