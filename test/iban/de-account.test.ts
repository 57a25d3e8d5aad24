// German accounts as the banks check them, judged by ktoblzcheck with its own bank file (its
// 2020 copy of the Bundesbank's): for every registered bank code whose method is the same in
// both, generated accounts pass, and on altered accounts our verdict is ktoblzcheck's. Codes
// whose method changed since 2020, or that ktoblzcheck does not know, are counted and skipped.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { mintRow, planFor, type MintPlan } from '../../src/iban/generate.ts'
import { deAccountMethod } from '../../src/iban/de-account/index.ts'
import { banksOf, generateIbans, validateIban, type BankRow } from '../../src/iban/index.ts'
import { ibanCheckDigits } from '../../src/iban/mod97.ts'
import { METHOD_VECTORS } from '../helpers/bundesbank.ts'
import { LONG } from '../helpers/fixtures.ts'
import { judgeByBank, ktoblzcheckMethods } from '../helpers/ktoblzcheck.ts'

const PER_BANK = LONG ? 100 : 8

/** Changes one digit of the account (`at` counted from its left), so MOD-97 must be made again. */
function altered(account: string, at: number, by: number): string {
  const digit = (Number(account[at]) + by) % 10
  return account.slice(0, at) + digit + account.slice(at + 1)
}

test('every registered German bank code against ktoblzcheck, where its method is unchanged since 2020', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-de-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const theirs = ktoblzcheckMethods()
  const banks = banksOf('DE')
  // ktoblzcheck's file names E4 for a bank, but its library (1.53) does not implement E4.
  const same = banks.filter((bank) => theirs.get(bank.code) === bank.method)
  const compared = same.filter((bank) => bank.method !== 'E4')
  const changed = banks.filter((bank) => theirs.has(bank.code) && theirs.get(bank.code) !== bank.method)
  const unknown = banks.filter((bank) => !theirs.has(bank.code))
  t.diagnostic(
    `${banks.length} registered codes: ${compared.length} compared, ${changed.length} skipped (method changed since 2020), ${unknown.length} skipped (not in ktoblzcheck's 2020 file), ${same.length - compared.length} skipped (E4, which ktoblzcheck 1.53 does not implement)`,
  )
  assert.ok(compared.length > 2500, `${compared.length} codes compared`)

  // Generated accounts: all pass.
  const generated = compared.flatMap((bank) =>
    generateIbans('DE', PER_BANK, { bank: bank.code, seed: 'ktoblzcheck' }).map((iban) => ({
      bank: bank.code,
      account: iban.bban.slice(8),
    })),
  )
  const verdicts = judgeByBank(generated, dir)
  const rejected = generated.filter((_, i) => verdicts[i] !== 0)
  assert.deepEqual(rejected.slice(0, 5), [], `ktoblzcheck rejects ${rejected.length} of ${generated.length}`)

  // Altered accounts: one digit changed; ours (through validateIban) equals ktoblzcheck's, but
  // where ktoblzcheck is known to read a method otherwise (test/fixtures/bundesbank-vectors).
  const questions = generated.map((pair, i) => ({
    bank: pair.bank,
    account: altered(pair.account, i % 2 === 0 ? 9 : i % 10, 1 + (i % 9)),
  }))
  const answers = judgeByBank(questions, dir)
  const methodOf = new Map(compared.map((bank) => [bank.code, bank.method ?? '']))
  let refused = 0
  let known = 0
  const differing: string[] = []
  questions.forEach((question, i) => {
    const bban = question.bank + question.account
    const iban = `DE${ibanCheckDigits('DE', bban)}${bban}`
    const ours = validateIban(iban).checks.national
    const method = methodOf.get(question.bank) ?? ''
    if (answers[i] !== 0) refused++
    if ((ours !== false) === (answers[i] === 0)) return
    if (METHOD_VECTORS.get(method)?.ktoblzcheck !== undefined) known++
    else differing.push(`${question.bank} ${question.account} (${method})`)
  })
  assert.deepEqual(differing.slice(0, 10), [], `${differing.length} of ${questions.length} verdicts differ`)
  t.diagnostic(
    `${generated.length} generated accounts passed; ${questions.length} altered, ${refused} refused by ktoblzcheck, ${known} judged otherwise where ktoblzcheck reads the method differently`,
  )
  assert.ok(refused > questions.length / 2)
})

test('ktoblzcheck rejects a wrong account, so the test above can fail', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-de-'))
  try {
    assert.deepEqual(
      judgeByBank(
        [
          { bank: '37040044', account: '0532013000' },
          { bank: '37040044', account: '0542013000' },
        ],
        dir,
      ),
      [0, 2],
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('every method in use: consecutive row numbers give distinct accounts that pass, guards included', () => {
  const byMethod = new Map<string, BankRow>()
  for (const bank of banksOf('DE'))
    if (bank.method !== undefined && !byMethod.has(bank.method)) byMethod.set(bank.method, bank)
  assert.equal(byMethod.size, 92)
  const bytes = new Uint8Array(34)
  for (const [method, bank] of byMethod) {
    const plan = planFor('DE', true, bank) as MintPlan
    const seen = new Set<string>()
    // Low row numbers vary the last free digits (and a guard, where the layout has one) first.
    for (let row = 0; row < 20_000; row++) {
      mintRow(plan, row, bytes)
      const iban = String.fromCharCode(...bytes.subarray(0, 22))
      seen.add(iban)
      if (row % 97 === 0)
        assert.equal(
          validateIban(iban).checks.national,
          deAccountMethod(bank.method ?? '09').checks ? true : null,
          `${method}: ${iban}`,
        )
    }
    assert.equal(seen.size, 20_000, `method ${method}: ${20_000 - seen.size} repeated`)
  }
})
