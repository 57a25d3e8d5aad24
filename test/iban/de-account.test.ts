import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { banksOf, generateIbans } from '../../src/iban/index.ts'
import { LONG } from '../helpers/fixtures.ts'

// ktoblzcheck (Debian package) is an independent implementation of the Bundesbank account
// check methods with its own bank data: every realistic German IBAN must pass it.
test('realistic DE accounts pass their bank’s Bundesbank check method (ktoblzcheck)', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-de-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const ibans = generateIbans('DE', LONG ? 50_000 : 5_000)
  const file = join(dir, 'accounts.txt')
  writeFileSync(file, ibans.map((i) => `${i.bban.slice(0, 8)}\t${i.bban.slice(8)}`).join('\n') + '\n')
  // With --infile, ktoblzcheck still wants two positional arguments, which it ignores.
  const output = execFileSync('ktoblzcheck', [`--infile=${file}`, '-', '-'], { encoding: 'latin1' })
  const lines = output.trim().split('\n')
  assert.equal(lines.length, ibans.length)
  const failures = lines.filter((line) => !line.startsWith('0 '))
  assert.deepEqual(failures.slice(0, 5), [], `${failures.length} accounts rejected`)
  const banks = new Set(ibans.map((i) => i.bban.slice(0, 8)))
  assert.equal(banks.size, banksOf('DE').length, 'every listed bank was drawn')
})

test('ktoblzcheck rejects a wrong account, so the test above can fail', () => {
  const run = (account: string) => {
    try {
      execFileSync('ktoblzcheck', ['--returncode', '37040044', account])
      return 0
    } catch (error) {
      return (error as { status: number }).status
    }
  }
  assert.equal(run('0532013000'), 0)
  assert.equal(run('0542013000'), 2) // one base-number digit changed
})
