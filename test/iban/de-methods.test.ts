// Every Bundesbank account check method (src/iban/de-account), on its own:
//   - the Bundesbank's own test account numbers (test/fixtures/bundesbank-vectors/*.json);
//   - generation: accounts made from the method's layout pass the method, keep their free
//     digits, respect the allowed digits, and the guard holds as many digits as it claims;
//   - against ktoblzcheck's implementation (its library, asked by method): generated accounts
//     pass, and on random and near-miss accounts both give the same verdict, except where a
//     vector file records that ktoblzcheck 1.53 (2020) judges the method otherwise than its
//     current text (8 methods: an older text, or its own reading), and by how much at most.
// IBANMINT_DE_METHODS=00,13,63 limits the run to some methods.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { deAccountMethod, DE_METHOD_IDS, type AccountMethod } from '../../src/iban/de-account/index.ts'
import { METHOD_VECTORS } from '../helpers/bundesbank.ts'
import { LONG } from '../helpers/fixtures.ts'
import { judgeByMethod, type Question } from '../helpers/ktoblzcheck.ts'

const VECTORS = METHOD_VECTORS

const ONLY = process.env['IBANMINT_DE_METHODS']?.split(',').filter(Boolean)
const IDS = DE_METHOD_IDS.filter((id) => ONLY === undefined || ONLY.includes(id))
const SAMPLES = LONG ? 50_000 : 2_000
/**
 * ktoblzcheck 1.53 knows every method but the newest (E4, 2021) and 12, which the
 * specification leaves unassigned ("frei"; the table treats it as checking nothing).
 */
const UNKNOWN_TO_KTOBLZCHECK = new Set(['E4', '12'])
const DEFAULT_BANK = '10000000'

function digitsOf(text: string): Uint8Array {
  const padded = text.padStart(10, '0')
  return Uint8Array.from(padded, (char) => char.charCodeAt(0) - 48)
}

function textOf(digits: Uint8Array): string {
  return Array.from(digits, String).join('')
}

/** A small seeded generator (xorshift32) so failures reproduce. */
function random(seed: number): () => number {
  let state = seed | 0 || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 0x100000000
  }
}

function pick(next: () => number, chars: string): string {
  return chars[Math.floor(next() * chars.length)] as string
}

/**
 * One generated account: free positions drawn, the guard's digit the k-th that completes
 * (also counting how many do), then completed. Returns the account, or a failure message.
 */
function generateOne(method: AccountMethod, bank: Uint8Array, next: () => number): Uint8Array | string {
  const { positions, complete, guard } = method.layout
  const account = new Uint8Array(10)
  for (let i = 0; i < 10; i++) {
    const allowed = positions[i] as string
    account[i] = allowed === '' ? 0 : Number(pick(next, allowed))
  }
  if (guard !== undefined) {
    const allowed = positions[guard.position] as string
    const working: number[] = []
    for (const char of allowed) {
      account[guard.position] = Number(char)
      if (complete(account, bank)) working.push(Number(char))
    }
    if (working.length < guard.size) {
      return `guard at position ${guard.position + 1} has ${working.length} working digits (claims ${guard.size}) for ${textOf(account)}`
    }
    account[guard.position] = working[Math.floor(next() * guard.size)] as number
  }
  const free = Uint8Array.from(account)
  if (!complete(account, bank)) return `complete failed for ${textOf(account)}`
  for (let i = 0; i < 10; i++) {
    if (positions[i] !== '' && account[i] !== free[i])
      return `complete changed free position ${i + 1} of ${textOf(free)}`
    if (positions[i] !== '' && !(positions[i] as string).includes(String(account[i]))) {
      return `position ${i + 1} holds ${account[i]}, not one of ${positions[i]}`
    }
  }
  return account
}

function capacityOf(method: AccountMethod): number {
  const { positions, guard } = method.layout
  return positions.reduce(
    (product, allowed, i) => product * (allowed === '' ? 1 : i === guard?.position ? guard.size : allowed.length),
    1,
  )
}

test('a verdict only reads its digits (validation passes views of one buffer)', () => {
  const next = random(0x4ead)
  for (const id of DE_METHOD_IDS) {
    const method = deAccountMethod(id)
    for (let i = 0; i < 2_000; i++) {
      const account = Uint8Array.from({ length: 10 }, () => Math.floor(next() * 10))
      const bank = Uint8Array.from({ length: 8 }, () => Math.floor(next() * 10))
      const before = [textOf(account), textOf(bank)]
      method.valid(account, bank)
      assert.deepEqual([textOf(account), textOf(bank)], before, `${id} changed its input`)
    }
  }
})

test('only the methods that say so read the bank code (52, 53, B6, C0)', () => {
  const next = random(0xb1a)
  const readers = DE_METHOD_IDS.filter((id) => deAccountMethod(id).readsBank === true)
  assert.deepEqual(readers, ['52', '53', 'B6', 'C0'])
  for (const id of DE_METHOD_IDS) {
    if (readers.includes(id)) continue
    const method = deAccountMethod(id)
    for (let i = 0; i < 2_000; i++) {
      const account = Uint8Array.from({ length: 10 }, () => Math.floor(next() * 10))
      const bank = Uint8Array.from({ length: 8 }, () => Math.floor(next() * 10))
      assert.equal(method.valid(account, bank), method.valid(account, new Uint8Array(8)), `${id}: ${textOf(account)}`)
    }
  }
})

test('a plain method’s verdict is exactly its described digit (validation computes it from the digits)', () => {
  const next = random(0x91a1)
  const plain = DE_METHOD_IDS.filter((id) => deAccountMethod(id).plain === true)
  assert.ok(plain.length >= 30, `${plain.length} plain methods`)
  for (const id of plain) {
    const method = deAccountMethod(id)
    const derive = method.layout.derive
    assert.ok(derive !== undefined, id)
    for (let i = 0; i < 5_000; i++) {
      const account = Uint8Array.from({ length: 10 }, () => Math.floor(next() * 10))
      let sum = 0
      derive.indices.forEach((index, k) => {
        const product = (account[index] as number) * (derive.weights[k] as number)
        sum += derive.digitSums ? (product % 10) + Math.floor(product / 10) : product
      })
      const expected: boolean = derive.digits[sum % derive.modulus] === account[derive.at]
      assert.equal(method.valid(account, new Uint8Array(8)), expected, `${id}: ${textOf(account)}`)
    }
  }
})

test('the table has every method id of the specification (145), each with a layout of 10 positions', () => {
  assert.equal(DE_METHOD_IDS.length, 145)
  for (const id of DE_METHOD_IDS) {
    const method = deAccountMethod(id)
    assert.ok(method !== undefined, id)
    assert.equal(method.layout.positions.length, 10, id)
  }
})

for (const id of IDS) {
  const method = deAccountMethod(id)
  const vectors = VECTORS.get(id)
  const bankCode = vectors?.bank ?? DEFAULT_BANK
  const bank = digitsOf(bankCode).slice(2)

  test(`method ${id}: the Bundesbank's test accounts`, (t) => {
    if (vectors === undefined || vectors.valid.length + vectors.invalid.length === 0) {
      t.skip('the specification lists no test accounts for this method')
      return
    }
    for (const account of vectors.valid)
      assert.equal(method.valid(digitsOf(account), bank), true, `${account} must pass`)
    for (const account of vectors.invalid)
      assert.equal(method.valid(digitsOf(account), bank), false, `${account} must fail`)
  })

  test(`method ${id}: generated accounts pass, keep their free digits, and agree with ktoblzcheck`, () => {
    const next = random(0x5eed + id.charCodeAt(0) * 256 + id.charCodeAt(1))
    assert.ok(
      capacityOf(method) >= 1_000_000,
      `layout holds ${capacityOf(method)} accounts; at least 1,000,000 expected`,
    )
    const generated: Uint8Array[] = []
    const derive = method.layout.derive
    for (let i = 0; i < SAMPLES; i++) {
      const account = generateOne(method, bank, next)
      if (typeof account === 'string') assert.fail(account)
      assert.equal(method.valid(account, bank), true, `generated ${textOf(account)} fails the method`)
      if (derive !== undefined) {
        // The description generation computes from: the same digit as `complete` wrote.
        let sum = 0
        derive.indices.forEach((index, k) => {
          const product = (account[index] as number) * (derive.weights[k] as number)
          sum += derive.digitSums ? (product % 10) + Math.floor(product / 10) : product
        })
        assert.equal(derive.digits[sum % derive.modulus], account[derive.at], `${textOf(account)}: described digit`)
      }
      generated.push(account)
    }
    if (method.checks) {
      // Negative data changes a derived digit until the method refuses the account: some value
      // of some derived digit must do so for every generated account.
      const derived = method.layout.positions.flatMap((allowed, k) => (allowed === '' ? [k] : []))
      assert.ok(derived.length > 0, 'a method that checks derives at least one digit')
      for (const account of generated) {
        const broken = derived.some((k) => {
          const digit = account[k] as number
          let refused = false
          for (let v = 1; v < 10 && !refused; v++) {
            account[k] = (digit + v) % 10
            refused = !method.valid(account, bank)
          }
          account[k] = digit
          return refused
        })
        assert.ok(broken, `no derived digit of ${textOf(account)} can make the method refuse it`)
      }
      // Near misses: one digit of a passing account changed. A method that checks must refuse some.
      const refused = generated.filter((account) => {
        const changed = Uint8Array.from(account)
        const at = Math.floor(next() * 10)
        changed[at] = ((changed[at] as number) + 1 + Math.floor(next() * 9)) % 10
        return !method.valid(changed, bank)
      }).length
      assert.ok(refused > 0, 'no near miss refused')
    }
    if (UNKNOWN_TO_KTOBLZCHECK.has(id)) return
    const verdicts = judgeByMethod(
      generated.map((account) => ({ method: id, bank: bankCode, account: textOf(account) })),
    )
    const rejected = generated.filter((_, i) => verdicts[i] !== 0).map(textOf)
    if (vectors?.ktoblzcheck === undefined) {
      assert.deepEqual(
        rejected.slice(0, 10),
        [],
        `ktoblzcheck rejects ${rejected.length} of ${SAMPLES} generated accounts`,
      )
    } else {
      assert.ok(
        rejected.length <= SAMPLES * vectors.ktoblzcheck.maxDisagreement,
        `ktoblzcheck rejects ${rejected.length} of ${SAMPLES} generated accounts (${vectors.ktoblzcheck.reason})`,
      )
    }
  })

  test(`method ${id}: the same verdict as ktoblzcheck on random and near-miss accounts`, (t) => {
    if (UNKNOWN_TO_KTOBLZCHECK.has(id)) {
      t.skip('ktoblzcheck 1.53 does not know this method id; the Bundesbank test accounts above are the check')
      return
    }
    const next = random(0xacc0 + id.charCodeAt(0) * 256 + id.charCodeAt(1))
    const questions: Question[] = []
    for (let i = 0; i < SAMPLES; i++) {
      const kind = i % 3
      let text: string
      if (kind === 0) text = Array.from({ length: 10 }, () => pick(next, '0123456789')).join('')
      else if (kind === 1)
        text = Array.from({ length: 1 + Math.floor(next() * 9) }, () => pick(next, '0123456789')).join('')
      else {
        const account = generateOne(method, bank, next)
        if (typeof account === 'string') assert.fail(account)
        const at = Math.floor(next() * 10)
        account[at] = ((account[at] as number) + 1 + Math.floor(next() * 9)) % 10
        text = textOf(account)
      }
      questions.push({ method: id, bank: bankCode, account: text.padStart(10, '0') })
    }
    const verdicts = judgeByMethod(questions)
    const differing = questions.filter((question, i) => {
      if (verdicts[i] === 4) return false // an input ktoblzcheck cannot be asked about
      const ours = method.valid(digitsOf(question.account), bank)
      return ours !== (verdicts[i] === 0)
    })
    const allowed = vectors?.ktoblzcheck === undefined ? 0 : Math.floor(SAMPLES * vectors.ktoblzcheck.maxDisagreement)
    assert.ok(
      differing.length <= allowed,
      `${differing.length} of ${SAMPLES} verdicts differ from ktoblzcheck, e.g. ${differing
        .slice(0, 8)
        .map((q) => `${q.account} (ours ${method.valid(digitsOf(q.account), bank)})`)
        .join(', ')}`,
    )
  })
}
