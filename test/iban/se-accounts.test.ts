// Swedish accounts (src/iban/se-account, se-account-check.ts): the reference vectors
// (test/fixtures/se-account-vectors.json: published accounts and IBANs from BSAB, BankData,
// kontonummer and ibandit, and constructed ones for the rules no one publishes an example of),
// the range table against BankData's, SE IBANs read back, and SE datasets: every row passes its
// clearing number's check, rows are distinct at capacity, realistic rows carry clearing numbers
// of their own bank, negative rows fail exactly the Swedish check, bank= and buildIban.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { asciiString } from '../../src/iban/generate.ts'
import {
  buildIban,
  checkSeAccount,
  findCountry,
  generateIbans,
  isValidIban,
  isValidSeAccount,
  validateIban,
  type CountrySpec,
} from '../../src/iban/index.ts'
import { Dataset, judgeIban, MAX_IBAN_LENGTH, nationalFailure, type ValidIban } from '../../src/iban/internal.ts'
import { ibanCheckDigits } from '../../src/iban/mod97.ts'
import { realisticBanks } from '../../src/iban/realistic-banks.ts'
import { drawnRange } from '../../src/iban/se-account/accounts.ts'
import { luhnPasses, rangeOfClearing, ruleSum, sumPasses } from '../../src/iban/se-account/check.ts'
import { CLEARING_RANGES } from '../../src/iban/se-account/ranges.ts'
import { LONG } from '../helpers/fixtures.ts'

const ROOT = join(import.meta.dirname, '..', '..')

interface AccountVector {
  id: string
  group: string
  clearing: string
  account: string
  expected: {
    valid: boolean
    reason: 'check-digit' | 'clearing-check-digit' | 'account-length' | 'unknown-clearing' | null
  }
  type: number | null
  variant: number | null
  iban_id: number | null
  iban: string | null
  iban_published: string | null
}
interface IbanVector {
  id: string
  iban: string
  iban_checksum_ok: boolean
  expected: { valid: boolean; reason: string | null }
  /** The readings of the IBAN (null where its MOD-97 fails). */
  decoded: { range: string; clearing: string; account: string; valid: boolean }[] | null
}
const VECTORS = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'se-account-vectors.json'), 'utf8')) as {
  account_vectors: AccountVector[]
  iban_vectors: IbanVector[]
}

const SE = findCountry('SE') as CountrySpec

/** An SE IBAN of a 20-digit BBAN, its check digits computed. */
function ibanOf(bban: string): string {
  return `SE${ibanCheckDigits('SE', bban)}${bban}`
}

function methodOf(vector: AccountVector): string {
  return vector.variant === 4 ? 'type 2 variant 4' : `type ${vector.type} comment ${vector.variant}`
}

// ---- the vectors ----

test('every account vector gives its expected result, and the IBAN checkSeAccount makes is the published one', () => {
  assert.equal(VECTORS.account_vectors.length, 65)
  for (const vector of VECTORS.account_vectors) {
    const label = `${vector.id}: ${vector.clearing} ${vector.account}`
    switch (vector.expected.reason) {
      case null: {
        const check = checkSeAccount(vector.clearing, vector.account)
        assert.equal(check.valid, true, label)
        assert.equal(check.method, methodOf(vector), label)
        assert.equal(check.iban, vector.iban, label)
        if (vector.iban_published !== null) assert.equal(check.iban, vector.iban_published.replace(/ /g, ''), label)
        break
      }
      case 'check-digit':
      case 'clearing-check-digit':
        assert.equal(checkSeAccount(vector.clearing, vector.account).valid, false, label)
        break
      case 'account-length':
        assert.throws(() => checkSeAccount(vector.clearing, vector.account), { name: 'RangeError', message: /digits/ })
        break
      case 'unknown-clearing':
        assert.deepEqual(
          { ...checkSeAccount(vector.clearing, vector.account), account: '' },
          { clearing: vector.clearing, account: '', valid: null, method: null, bank: null, iban: null },
          label,
        )
        break
    }
    assert.equal(isValidSeAccount(vector.clearing, vector.account), vector.expected.valid, label)
  }
})

test('both policies, both sides: a type 1 account is written with its 7 digits; Swedbank’s fifth digit may be left out, not wrong', () => {
  // Type 1: 5140-0010004 passes; 10004 (the same account without its zeros) is refused, naming the rule.
  assert.equal(checkSeAccount('5140', '0010004').valid, true)
  assert.throws(() => checkSeAccount('5140', '10004'), {
    message:
      'account "10004": accounts at clearing number 5140 (SEB, type 1) have 7 digits, not 5: write its leading zeros (0010004)',
  })
  // Nordea's personal accounts are 10 digits; Sparbanken Syd's may drop leading zeros (BankData's minimum 5).
  assert.throws(() => checkSeAccount('3300', '12344'), { message: /have 10 digits, not 5/ })
  assert.equal(checkSeAccount('9570', '12344').account, '0000012344')
  // Swedbank: 8327 derives its check digit 9 (the IBAN carries it); 8327-0 fails.
  const lenient = checkSeAccount('8327', '123456782')
  assert.deepEqual([lenient.clearing, lenient.valid, lenient.iban], ['83279', true, 'SE3380000832790123456782'])
  assert.equal(checkSeAccount('8327-0', '123456782').valid, false)
  assert.throws(() => checkSeAccount('5491-3', '0000003'), {
    message: 'clearing number "5491-3": only Swedbank’s 8000 series has a fifth digit (SEB: 5491)',
  })
  assert.throws(() => checkSeAccount('549', '0000003'), { message: /must be 4 digits/ })
  assert.throws(() => checkSeAccount('5491', '00000A3'), { message: /must be 1 to 10 digits/ })
  assert.equal(isValidSeAccount('5491', '00000A3'), false)
})

test('the mod 10 and mod 11 vectors of BankData’s tests pass; a zero sum does not', () => {
  const values = (digits: string) => Uint8Array.from(digits.padStart(17, '0'), Number)
  for (const digits of ['832790', '83279', '123456782', '3316812057492'])
    assert.ok(luhnPasses(Uint8Array.from(digits, Number), 0, digits.length), digits)
  // Mod 11 with weights 1–10 from the right: a type 1 comment 2 string weighs 11 digits (rule 1), shorter ones rule 0.
  for (const digits of ['11150', '1041234562', '1021234567', '2763608957', '12763608956']) {
    const rule = digits.length === 11 ? 1 : 0
    assert.ok(sumPasses(ruleSum(values(digits), 0, rule), 11), digits)
  }
  assert.equal(sumPasses(ruleSum(values('0000000000'), 0, 0), 11), false)
  assert.equal(luhnPasses(Uint8Array.from('00000', Number), 0, 5), false)
})

test('every IBAN vector validates as expected; every valid account vector’s IBAN validates with its rule', () => {
  for (const vector of VECTORS.iban_vectors) {
    const result = validateIban(vector.iban)
    assert.equal(result.valid, vector.expected.valid, vector.id)
    assert.equal(result.checks.mod97, vector.iban_checksum_ok, vector.id)
    // Each decoded candidate's verdict is the national check's (the 3300 and 3782 readings are one account).
    if (vector.decoded !== null) assert.equal(result.checks.national, vector.decoded[0]?.valid, vector.id)
    assert.equal(isValidIban(vector.iban), vector.expected.valid, vector.id)
  }
  for (const vector of VECTORS.account_vectors) {
    if (vector.iban === null || !vector.expected.valid) continue
    const result = validateIban(vector.iban)
    assert.equal(result.valid, true, vector.id)
    assert.deepEqual(
      result.national_check,
      { algorithm: 'se-clearing', method: methodOf(vector), status: 'confirmed', valid: true },
      vector.id,
    )
    assert.equal(result.bban_parts?.bank, String(vector.iban_id), vector.id)
  }
})

test('an SE IBAN that carries no clearing number of a known range cannot be checked: national is null, not true', () => {
  for (const [bban, why] of [
    ['12300000012740235305', 'an IBAN ID no range has'],
    ['50012345678901234567', 'SEB’s IBAN ID, 17 digits no method lays out'],
    ['30000000058398257466', 'SEB’s clearing number 5839 under Nordea’s IBAN ID'],
    ['30000000010001234567', 'clearing number 1000, which no bank has'],
    ['98800000098806543212', 'Riksgälden: no IBAN ID'],
  ] as const) {
    const result = validateIban(ibanOf(bban))
    assert.equal(result.checks.national, null, why)
    assert.equal(result.national_check, null, why)
    assert.equal(result.valid, true, why)
  }
  // Nordea's personal accounts at 3300 and 3782 are the same accounts: one IBAN, which passes.
  assert.equal(checkSeAccount('3782', '101010-1010').iban, checkSeAccount('3300', '101010-1010').iban)
})

test('national_check is shared per rule and verdict; a failing row’s reason names the Swedish check and its rule', () => {
  const failing = validateIban('SE4112000000012740235306')
  assert.equal(failing.checks.mod97, false)
  const passing = ibanOf('12000000012740235306')
  const result = validateIban(passing)
  assert.deepEqual([result.valid, result.checks.mod97, result.checks.national], [false, true, false])
  assert.equal(result.national_check, failing.national_check)
  assert.equal(Object.isFrozen(result.national_check), true)
  assert.equal(
    nationalFailure(SE, result.national_check),
    'the clearing number and account fail their Swedish account check (type 1 comment 1)',
  )
  // The fast path tells the same, and the same result object.
  const valid = {} as ValidIban
  assert.equal(judgeIban('SE4112000000012740235305', valid), true)
  assert.equal(valid.national, validateIban('SE4112000000012740235305').national_check)
  assert.equal(judgeIban(passing, undefined), false)
})

// ---- the range table ----

test('the range table: ordered, never overlapping, every range of a known rule and length', () => {
  let last = 999
  for (const range of CLEARING_RANGES) {
    assert.ok(range.from > last && range.to >= range.from, `${range.from}`)
    last = range.to
    assert.ok(range.minLength >= 1 && range.minLength <= range.length, `${range.from}`)
    assert.equal(range.length, range.type === 1 ? 7 : range.comment === 2 ? 9 : 10, `${range.from}`)
    assert.equal(range.ibanId === null, range.method === null, `${range.from}`)
  }
  assert.equal(CLEARING_RANGES.length, 63)
  assert.equal(rangeOfClearing(1050), undefined)
  assert.equal(rangeOfClearing(8327)?.bank, 'Swedbank (incl. savings banks)')
})

test('every row of BankData’s source.psv is a row of the table, but where the table names what changed since', () => {
  const lines = readFileSync(join(ROOT, 'vendor', 'se-accounts', 'source.psv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
  assert.equal(lines.length, 53)
  const changed = new Map<number, string>()
  for (const line of lines) {
    const [from, to, ibanId, , , type, comment, method, minLength, length] = line.split('|')
    const ours = CLEARING_RANGES.find((range) => range.from === Number(from))
    const theirs = {
      to: Number(to),
      ibanId,
      type: Number(type?.slice(4)),
      comment: Number(comment?.slice(7)),
      method: method === 'MethodUnknown' ? null : Number(method?.slice(6)),
      minLength: Number(minLength),
      length: Number(length),
    }
    const mine =
      ours === undefined
        ? undefined
        : {
            to: ours.to,
            ibanId: ours.ibanId,
            type: ours.type,
            comment: ours.comment,
            method: ours.method,
            minLength: ours.minLength,
            length: ours.length,
          }
    if (JSON.stringify(mine) !== JSON.stringify(theirs)) changed.set(Number(from), JSON.stringify(theirs))
  }
  // BSAB's 2025 table gives 3782 method 2 and 9180–9189 IBAN ID 918 with method 1 (both need
  // 10 digits), Plusgirot method 3 (its giro numbers have 2 to 8 digits), and splits Avanza's
  // 9550–9569 at 9565 (type 2 variant 4).
  assert.deepEqual([...changed.keys()], [3782, 9180, 9500, 9550, 9960])
  const missing = CLEARING_RANGES.filter((range) => !lines.some((line) => line.startsWith(`${range.from}|`)))
  assert.deepEqual(
    missing.map((range) => range.from),
    [2110, 2120, 2130, 2140, 2150, 9565, 9600, 9650, 9880, 9890],
  )
  assert.ok(missing.every((range) => range.sources !== 'all'))
})

// ---- datasets ----

const SIZE = LONG ? 100_000 : 10_000
const SEEDS = LONG ? ['1', 'se', 'clearing'] : ['1', 'se']

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

/** The clearing number an SE IBAN carries (4 digits), or '' for method 2 (none). */
function clearingOf(iban: string): string {
  const field = iban.slice(7)
  if (field.startsWith('000000') && field[6] !== '0') return field.slice(6, 10)
  if (field.startsWith('00') && field[2] === '8') return field.slice(2, 6)
  if (field.startsWith('000') && field[3] !== '0') return field.slice(3, 7)
  return ''
}

for (const realistic of [true, false]) {
  test(`SE ${realistic ? 'realistic' : 'random'} rows (${SIZE.toLocaleString('en')} × ${SEEDS.length} seeds): distinct, every account passes its clearing number’s check`, () => {
    for (const seed of SEEDS) {
      const list = rows(new Dataset({ countries: ['SE'], realistic, seed }), SIZE)
      assert.equal(new Set(list).size, list.length)
      const methods = new Set<string>()
      for (const iban of list) {
        const result = validateIban(iban)
        assert.ok(result.valid && result.checks.national === true, `${iban}: ${JSON.stringify(result.checks)}`)
        methods.add(result.national_check?.method ?? '')
        // Only ranges every source lists with an undisputed IBAN rule, no personal identity numbers.
        const clearing = clearingOf(iban)
        const range = clearing === '' ? undefined : rangeOfClearing(Number(clearing))
        if (range !== undefined) assert.ok(drawnRange(range), iban)
        assert.ok(!['930', '950', '965'].includes(iban.slice(4, 7)), iban)
        assert.ok(!(iban.slice(4, 7) === '300' && clearing === ''), `${iban}: a personal account`)
      }
      // Random rows spread over clearing numbers: Handelsbanken and Sparbanken Syd are one each of about 8,000.
      assert.ok(methods.size >= (realistic ? 5 : 3), `${[...methods].join(', ')}: every rule but variant 4`)
    }
  })
}

test('realistic SE rows carry a clearing number of their own bank, from every bank drawn; random rows spread over clearing numbers', () => {
  const banks = realisticBanks(SE, 'pass', false)
  assert.equal(banks.length, 33)
  const seen = new Map<string, Set<string>>()
  for (const iban of rows(new Dataset({ countries: ['SE'], seed: 'own' }), 300 * banks.length)) {
    const clearing = clearingOf(iban)
    const range = clearing === '' ? undefined : rangeOfClearing(Number(clearing))
    if (range !== undefined) assert.equal(range.ibanId, iban.slice(4, 7), iban)
    seen.set(iban.slice(4, 7), (seen.get(iban.slice(4, 7)) ?? new Set()).add(clearing))
  }
  assert.deepEqual([...seen.keys()].sort(), banks.map((bank) => bank.code).sort())
  // Swedbank's rows: its 7000 series (type 1) and its savings banks' 8000 series with five digits.
  const swedbank = [...(seen.get('800') ?? [])]
  assert.ok(
    swedbank.some((clearing) => clearing.startsWith('7')) && swedbank.some((clearing) => clearing.startsWith('8')),
  )
  assert.ok((seen.get('300')?.size ?? 0) > 250, 'Nordea: hundreds of clearing numbers')
  // Random rows: one choice over every clearing number, so the big banks' series dominate.
  const random = rows(new Dataset({ countries: ['SE'], realistic: false, seed: 'own' }), 10_000)
  const nordea = random.filter((iban) => iban.slice(4, 7) === '300').length
  assert.ok(nordea > 3_900 && nordea < 4_600, `${nordea} Nordea rows of 10,000 (2,786 of 6,556 clearing numbers)`)
  for (const iban of random.slice(0, 1_000)) {
    const clearing = clearingOf(iban)
    if (clearing !== '') assert.equal(rangeOfClearing(Number(clearing))?.ibanId, iban.slice(4, 7), iban)
  }
})

for (const realistic of [true, false]) {
  test(`SE invalid=national rows (${realistic ? 'realistic' : 'random'}, ${SIZE.toLocaleString('en')}) fail exactly the Swedish check, in their last digit`, () => {
    const list = rows(new Dataset({ countries: ['SE'], realistic, seed: 'bad', invalid: 'national' }), SIZE)
    assert.equal(new Set(list).size, list.length)
    for (const iban of list) {
      const result = validateIban(iban)
      // Random rows take IBAN IDs the registry lacks too (Lunar's 971): bank_code informs only.
      assert.deepEqual(
        { ...result.checks, bank_code: realistic ? result.checks.bank_code : true },
        { mod97: true, length: true, format: true, country_supported: true, national: false, bank_code: true },
        iban,
      )
      // Another last digit makes it pass: only the check digit was changed.
      const passing = '0123456789'
        .split('')
        .map((digit) => ibanOf(iban.slice(4, 23) + digit))
        .filter((candidate) => validateIban(candidate).checks.national === true)
      assert.equal(passing.length, 1, iban)
    }
  })
}

test('capacity is honest: every row of a one-clearing-number dataset is distinct and passes; the next is refused', () => {
  // 5000 weighs 0 in its clearing digits: its accounts start at 1–9, so 9 × 10^4 × 9 guard digits.
  const dataset = new Dataset({ countries: ['SE'], bank: '5000', seed: 'capacity' })
  assert.equal(dataset.capacity, 810_000)
  const seen = new Set<string>()
  const out = new Uint8Array(MAX_IBAN_LENGTH)
  for (let i = 0; i < dataset.capacity; i++) {
    dataset.mint(i, out)
    const iban = asciiString(out, dataset.ibanLength)
    seen.add(iban)
    if (LONG || i % 7 === 0) assert.ok(isValidIban(iban) && validateIban(iban).checks.national === true, iban)
  }
  assert.equal(seen.size, dataset.capacity)
  assert.throws(() => dataset.mint(dataset.capacity, out), { parameter: 'count' })
  // A bank's rows: clearing numbers × 10^5 free digits × 9 guards, every bank the share of the smallest (10 clearing numbers).
  assert.equal(new Dataset({ countries: ['SE'], bank: '904' }).capacity, 10 * 900_000)
  assert.equal(new Dataset({ countries: ['SE'], bank: '8327-9' }).capacity, 900_000_000)
  assert.equal(new Dataset({ countries: ['SE'], bankMix: 'uniform' }).capacity, 33 * 10 * 900_000)
})

test('seeds, slices and offsets: an SE dataset’s slices join into its rows, in both modes', () => {
  for (const realistic of [true, false]) {
    const whole = generateIbans('SE', 300, { seed: 'slices', realistic }).map((iban) => iban.iban)
    const parts = [
      ...generateIbans('SE', 100, { seed: 'slices', realistic }),
      ...generateIbans('SE', 200, { seed: 'slices', realistic, offset: 100 }),
    ].map((iban) => iban.iban)
    assert.deepEqual(parts, whole)
  }
})

// ---- bank= and building ----

test('bank= takes an IBAN ID or a clearing number (Swedbank’s with or without its check digit), with clear refusals', () => {
  for (const iban of generateIbans('SE', 30, { bank: '8327-9', seed: 'b' })) {
    assert.equal(iban.bban.slice(0, 10), '8000083279')
    assert.equal(iban.bank?.name, 'Swedbank')
  }
  assert.deepEqual(
    generateIbans('SE', 5, { bank: '8327', seed: 'b' }),
    generateIbans('SE', 5, { bank: '83279', seed: 'b' }),
  )
  for (const iban of generateIbans('SE', 30, { bank: '5491', seed: 'b' }))
    assert.equal(iban.bban.slice(0, 13), '5000000005491')
  // Handelsbanken's IBANs do not carry the clearing number: 6789's rows are Handelsbanken's.
  for (const iban of generateIbans('SE', 30, { bank: '6789', seed: 'b' })) {
    assert.equal(iban.bban.slice(0, 11), '60000000000')
    assert.equal(validateIban(iban.iban).national_check?.method, 'type 2 comment 2')
  }
  // Nordea's personal accounts only when asked for; Plusgirot and 9300–9349 (rules in dispute) too.
  for (const [bank, method] of [
    ['3300', 'type 2 comment 1'],
    ['950', 'type 2 comment 3'],
    ['930', 'type 2 comment 1'],
    ['9565', 'type 2 variant 4'],
  ] as const) {
    for (const iban of generateIbans('SE', 50, { bank, seed: 'b' })) {
      const result = validateIban(iban.iban)
      assert.ok(result.valid, iban.iban)
      assert.equal(result.national_check?.method, method, `${bank}: ${iban.iban}`)
    }
  }
  const refusals: [string, RegExp][] = [
    ['8327-0', /bank "8327-0": 8327-0 is no clearing number: Swedbank’s fifth digit is a check digit \(8327-9\)/],
    ['54913', /only Swedbank’s 8000-series clearing numbers have a fifth digit \(SEB: 5491\)/],
    ['1050', /no bank ibanmint knows has clearing number 1050/],
    ['9880', /clearing number 9880 \(Riksgälden\) has no IBAN ID: no IBAN carries its accounts/],
    ['2110', /clearing number 2110 belongs to Juni Technology AB, whose IBAN ID 211 is not in the bank registry/],
    ['12', /is not a registered IBAN ID \(500\) or a clearing number \(5491, Swedbank’s 8327-9\) of SE/],
  ]
  for (const [bank, message] of refusals)
    assert.throws(() => generateIbans('SE', 1, { bank }), { parameter: 'bank', message }, bank)
})

test('invalid=national works in both modes and for every bank filter; its rows fail as the reason says', () => {
  for (const bank of ['8327-9', '600', '950', '9565', '3300']) {
    for (const iban of generateIbans('SE', 100, { bank, seed: 'x', invalid: 'national' })) {
      const result = validateIban(iban.iban)
      assert.deepEqual([result.checks.mod97, result.checks.national], [true, false], `${bank}: ${iban.iban}`)
    }
  }
  assert.equal(generateIbans('SE', 10, { realistic: false, invalid: 'national', seed: 'x' }).length, 10)
})

test('building an SE IBAN refuses an account that fails, naming the clearing number, the bank and the rule', () => {
  assert.equal(buildIban({ country: 'SE', bank: '120', account: '12740235305' }).iban, 'SE4112000000012740235305')
  assert.equal(buildIban({ country: 'SE', bank: '800', account: '832790147258925' }).iban, 'SE5580000832790147258925')
  const refusals: [Parameters<typeof buildIban>[0], string][] = [
    [
      { country: 'SE', bank: '120', account: '12740235306' },
      'account 0235306 fails the check of clearing number 1274, Danske Bank (type 1 comment 1: mod 11 over the clearing number’s last three digits and the 7-digit account): no account there has this number',
    ],
    [
      { country: 'SE', bank: '800', account: '832750147258925' },
      'clearing number 8327-5 (Swedbank (incl. savings banks)) fails its check digit: Swedbank’s five-digit clearing numbers end in a mod 10 check digit (8327-9)',
    ],
    [
      { country: 'SE', bank: '800', account: '8327 9014 7258 926' },
      'account 0147258926 fails the check of clearing number 8327-9, Swedbank (incl. savings banks) (type 2 comment 3: mod 10 over the 10-digit account): no account there has this number',
    ],
    [
      { country: 'SE', bank: '600', account: '517182352' },
      'account 517182352 fails the check of Handelsbanken’s clearing numbers 6000–6999 (type 2 comment 2: mod 11 over the 9-digit account; the IBAN does not carry the clearing number): no account there has this number',
    ],
  ]
  for (const [input, message] of refusals) assert.throws(() => buildIban(input), { parameter: 'account', message })
  // An account no known range holds cannot be checked, and is built as given.
  assert.equal(buildIban({ country: 'SE', bank: '500', account: '123' }).bban, '50000000000000000123')
})
