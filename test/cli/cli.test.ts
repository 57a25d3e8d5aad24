import assert from 'node:assert/strict'
import { execFile, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { promisify } from 'node:util'
import { validateIban } from '../../src/iban/index.ts'
import { parseCsv } from '../helpers/csv.ts'

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ibanmint.js')

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

test('generate prints valid IBANs, one per line (txt)', () => {
  const { code, stdout } = run('generate', 'de', '--count', '25')
  assert.equal(code, 0)
  const lines = stdout.trim().split('\n')
  assert.equal(lines.length, 25)
  for (const line of lines) assert.ok(validateIban(line).valid, line)
})

test('generate --seed is reproducible and --random changes the mode', () => {
  const a = run('generate', 'FR', '-n', '3', '--seed', '7').stdout
  assert.equal(a, run('generate', 'FR', '-n', '3', '--seed', '7').stdout)
  assert.notEqual(a, run('generate', 'FR', '-n', '3', '--seed', '8').stdout)
  assert.notEqual(a, run('generate', 'FR', '-n', '3', '--seed', '7', '--random').stdout)
})

test('generate --format csv has the IBAN columns then the BBAN parts, and parses with fast-csv', async () => {
  const { code, stdout } = run('generate', 'ES', '-n', '20', '-f', 'csv')
  assert.equal(code, 0)
  const rows = await parseCsv(stdout)
  assert.equal(rows.length, 20)
  assert.deepEqual(Object.keys(rows[0]!), [
    'iban',
    'iban_print',
    'country',
    'check_digits',
    'bank',
    'branch',
    'national_check',
    'account',
    'bank_name',
    'bic',
    'sepa',
  ])
  for (const row of rows) {
    const result = validateIban(row['iban']!)
    assert.ok(result.valid)
    assert.equal(row['iban_print'], result.formatted)
    assert.equal(row['bank_name'], result.bank?.name)
    assert.deepEqual(
      { ...result.bban_parts },
      { bank: row['bank'], branch: row['branch'], national_check: row['national_check'], account: row['account'] },
    )
  }
})

test('generate --offset, --bank and --invalid; capacity and bad values are usage errors (exit 2)', () => {
  const whole = run('generate', 'NO', '-n', '30', '--seed', 'cli').stdout.trim().split('\n')
  assert.equal(new Set(whole).size, 30)
  const tail = run('generate', 'NO', '-n', '10', '--seed', 'cli', '--offset', '20').stdout.trim().split('\n')
  assert.deepEqual(tail, whole.slice(20))
  const bank = run('generate', 'DE', '-n', '5', '--bank', '37040044').stdout.trim().split('\n')
  assert.ok(bank.every((iban) => iban.slice(4, 12) === '37040044'))
  const broken = run('generate', 'FR', '-n', '5', '--invalid', 'national').stdout.trim().split('\n')
  assert.ok(broken.every((iban) => validateIban(iban).checks.national === false && validateIban(iban).checks.mod97))
  const over = run('generate', 'NO', '-n', '900000', '--bank', '1503')
  assert.equal(over.code, 2)
  assert.match(
    over.stderr,
    /--count must be at most 891,000: NO holds 891,000 distinct IBANs in realistic mode for bank 1503/,
  )
  const national = run('generate', 'AT', '--invalid', 'national')
  assert.equal(national.code, 2)
  assert.match(national.stderr, /invalid=national cannot be made for AT/)
  const german = run('generate', 'DE', '-n', '5', '--invalid', 'national').stdout.trim().split('\n')
  assert.ok(german.every((iban) => validateIban(iban).checks.national === false && validateIban(iban).checks.mod97))
  assert.match(
    run('generate', 'DE', '--invalid', 'nope').stderr,
    /--invalid must be one of national, mod97, length, format, country/,
  )
  assert.match(run('generate', 'DE', '--bank', '1').stderr, /--bank "1" is not a registered bank code of DE/)
})

test('the README recipe at small scale: 10 processes make 10 slices of one seeded dataset, no line twice', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-slices-'))
  try {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        promisify(execFile)(process.execPath, [
          BIN,
          'generate',
          'DE',
          '--random',
          '--seed',
          'fixtures-2026',
          '-n',
          '1000',
          '--offset',
          String(i * 1000),
          '-f',
          'txt',
          '-o',
          join(dir, `slice-${i}.txt`),
        ]),
      ),
    )
    const repeated = spawnSync('bash', ['-c', `sort ${dir}/slice-*.txt | uniq -d | wc -l`], { encoding: 'utf8' })
    assert.equal(repeated.stdout.trim(), '0')
    const slices = Array.from({ length: 10 }, (_, i) => readFileSync(join(dir, `slice-${i}.txt`), 'utf8')).join('')
    const whole = run('generate', 'DE', '--random', '--seed', 'fixtures-2026', '-n', '10000').stdout
    assert.equal(slices, whole)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('iban builds an IBAN from bank and account; countries CC shows banks and capacity', () => {
  const built = run('iban', 'DE', '--bank', '37040044', '--account', '0532013000')
  assert.equal(built.code, 0)
  assert.equal(built.stdout, 'DE89370400440532013000\n')
  const json = JSON.parse(
    run('iban', 'GB', '--bank', 'NWBK', '--branch', '601613', '--account', '31926819', '--json').stdout,
  ) as { iban: string; bank: { bic: string } }
  assert.equal(json.iban, 'GB29NWBK60161331926819')
  assert.equal(json.bank.bic, 'NWBKGB2L')
  const short = run('iban', 'DE', '--bank', '3704004', '--account', '1')
  assert.equal(short.code, 2)
  assert.match(short.stderr, /--bank must be 8 characters for DE, not 7/)
  const refused = run('iban', 'DE', '--bank', '37040044', '--account', '0542013000')
  assert.equal(refused.code, 2)
  assert.match(refused.stderr, /account 0542013000 fails the check method 13 of bank 37040044 \(Commerzbank\)/)
  const norway = run('countries', 'NO')
  assert.match(norway.stdout, /distinct IBANs\s+1,088,950,500 realistic/)
  assert.match(norway.stdout, /banks\s+2,297 \(national registry\)/)
  assert.match(norway.stdout, /0500\s+DNBANOKK\s+DNB Bank ASA/)
  assert.match(run('countries', 'NO', '--banks').stdout, /^1503\s+DNBANOKK\s+DNB Bank ASA$/m)
  assert.equal(run('countries', 'DE', '--banks').stdout.trim().split('\n').length, 3503)
  assert.match(run('countries', 'DE', '--banks').stdout, /^37040044\s+COBADEFF\s+13\s+Commerzbank$/m)
  assert.match(run('countries', 'GF').stdout, /^GF {2}French Guiana: uses the IBANs of FR$/m)
  assert.match(run('countries', '--help').stdout, /SWIFT IBAN Registry release 102/)
})

test('generate --format json and ndjson carry the same rows', () => {
  const json = JSON.parse(run('generate', 'IT', '-n', '4', '-f', 'json', '--seed', 'j').stdout) as { country: string }[]
  const ndjson = run('generate', 'IT', '-n', '4', '-f', 'ndjson', '--seed', 'j')
    .stdout.trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { country: string })
  assert.equal(json.length, 4)
  assert.deepEqual(json, ndjson)
  assert.equal(json[0]?.country, 'IT')
})

test('validate exits 0 when all are valid and 1 when one is not', () => {
  const ok = run('validate', 'DE89 3704 0044 0532 0130 00', 'gb29nwbk60161331926819')
  assert.equal(ok.code, 0)
  assert.match(ok.stdout, /DE89 3704 0044 0532 0130 00\tvalid/)
  const bad = run('validate', 'DE89370400440532013000', 'DE89370400440532013001')
  assert.equal(bad.code, 1)
  assert.match(bad.stdout, /invalid: MOD-97/)
  const json = run('validate', '--json', 'XX00').stdout
  assert.equal((JSON.parse(json) as { country_supported: boolean }).country_supported, false)
})

test('countries lists all 91 with their capacity per mode, then the 16 territories; --json gives the CountryList', () => {
  const [table = '', territories = ''] = run('countries')
    .stdout.trim()
    .split('\n\nTerritories (the IBANs of another country):\n')
  const [header = '', ...countries] = table.split('\n')
  assert.match(header, /^CC\s+LEN\s+BBAN\s+STRUCTURE\s+SEPA\s+REALISTIC\s+RANDOM\s+NAME$/)
  assert.equal(countries.length, 91)
  assert.match(table, /^NO {2}15\s+4n6n1n\s+NOkk bbbb cccc ccx\s+SEPA {2}1.1B\s+8.9B\s+Norway$/m)
  assert.equal(territories.split('\n').length, 16)
  assert.match(territories, /^GF {2}uses FR IBANs\s+French Guiana$/m)
  const list = JSON.parse(run('countries', '--json').stdout) as {
    count: number
    countries: { code: string; structure: string; capacity: { realistic: number; random: number } }[]
    territories: { code: string; iban_country: string }[]
  }
  assert.equal(list.count, 91)
  assert.equal(list.territories.length, 16)
  assert.deepEqual(
    list.territories.find((territory) => territory.code === 'JE'),
    { code: 'JE', name: 'Jersey', iban_country: 'GB' },
  )
  assert.equal(list.countries[0]?.structure, 'DEkk bbbb bbbb cccc cccc cc')
  for (const code of ['NO', 'DE', 'GI']) {
    const detail = JSON.parse(run('countries', code, '--json').stdout) as { country: { capacity: unknown } }
    assert.deepEqual(list.countries.find((country) => country.code === code)?.capacity, detail.country.capacity)
  }
  assert.equal(list.countries.find((country) => country.code === 'NO')?.capacity.realistic, 1_088_950_500)
})

test('generate above one batch runs on the pool: --output, --threads and seeds give the same bytes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-cli-'))
  try {
    const file = join(dir, 'out.csv')
    const written = run('generate', 'PL', '-n', '25000', '-f', 'csv', '--seed', 'pool', '-o', file)
    assert.equal(written.code, 0, written.stderr)
    assert.equal(written.stdout, '')
    const text = readFileSync(file, 'utf8')
    assert.equal(text.trim().split('\n').length, 25001)
    assert.equal(run('generate', 'PL', '-n', '25000', '-f', 'csv', '--seed', 'pool', '--threads', '1').stdout, text)
    assert.equal(run('generate', 'PL', '-n', '25000', '-f', 'csv', '--seed', 'pool', '--threads', '3').stdout, text)
    assert.equal(run('generate', 'PL', '--threads', '0').code, 2)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('generate --threads 1 makes its batches on the command’s own thread: the same bytes as the pool for sql at an offset, a payment file and party columns', () => {
  for (const args of [
    ['DE,FR', '-n', '23456', '--offset', '777', '-f', 'sql', '--seed', 'one'],
    ['DE,FR', '-n', '21000', '-f', 'pain.001', '--seed', 'one'],
    // A batch of 10,000 direct debits can outgrow a result slot (16 MB): it comes back in a buffer of its own.
    ['DE,FR', '-n', '10001', '-f', 'pain.008', '--seed', 'one'],
    ['NL', '-n', '20500', '-f', 'csv', '--columns', 'parties', '--seed', 'one'],
  ]) {
    const pooled = run('generate', ...args, '--threads', '2')
    assert.equal(pooled.code, 0, pooled.stderr)
    assert.equal(run('generate', ...args, '--threads', '1').stdout, pooled.stdout, args.join(' '))
  }
})
