import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { test } from 'node:test'
import { validateBic } from '../../src/iban/index.ts'

// The built command line (bin/ibanmint.js runs dist/), as users run it.
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ibanmint.js')

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

test('bic prints one line per BIC and exits 0 when all are valid', () => {
  const { code, stdout } = run('bic', 'cobadeffxxx', 'ABCD US 30')
  assert.equal(code, 0)
  const [commerzbank, testBic, ...rest] = stdout.split('\n')
  assert.match(commerzbank ?? '', /^COBADEFFXXX\tvalid\tDE \d{8} Commerzbank.* \(and \d+ more\)$/)
  assert.equal(testBic, 'ABCDUS30\tvalid (test BIC)\tno registered bank')
  assert.deepEqual(rest, [''])
})

test('bic exits 1 when one BIC is invalid, naming the failed rule', () => {
  const { code, stdout } = run('bic', 'COBADEFF', 'COBADEF', 'C0BADEFF', 'COBAQQFF')
  assert.equal(code, 1)
  assert.deepEqual(stdout.trim().split('\n').slice(1), [
    'COBADEF\tinvalid: length 7, expected 8 or 11',
    'C0BADEFF\tinvalid: not 4 letters, 2 letters, then letters or digits',
    'COBAQQFF\tinvalid: country "QQ" is not an ISO 3166-1 code',
  ])
})

test('bic --json prints the library’s BicResult, one per line', () => {
  const { code, stdout } = run('bic', '--json', 'PSSTFRPPBOR', 'XX')
  assert.equal(code, 1)
  const lines = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown)
  assert.deepEqual(
    lines,
    [validateBic('PSSTFRPPBOR'), validateBic('XX')].map((result) => JSON.parse(JSON.stringify(result)) as unknown),
  )
})

test('bic --help shows a worked example that holds; no BIC or an unknown option is usage (2)', () => {
  const help = run('bic', '--help')
  assert.equal(help.code, 0)
  const [, command, output] = /\$ ibanmint (bic [^\n]+)\n {2}([^\n]+)\n/.exec(help.stdout) ?? []
  assert.ok(command !== undefined && output !== undefined, help.stdout)
  assert.equal(run(...command.split(' ')).stdout, output + '\n')
  for (const args of [['bic'], ['bic', '--nope', 'COBADEFF']]) {
    const usage = run(...args)
    assert.equal(usage.code, 2)
    assert.match(usage.stderr, /^ibanmint: /)
  }
  assert.match(run('--help').stdout, /^ {2}bic +check BICs/m)
})
