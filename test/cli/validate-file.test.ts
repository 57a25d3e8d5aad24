import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { parse } from 'fast-csv'
import { validateIBAN } from 'ibantools'
import { renderBatch } from '../../src/formats/render.ts'
import { COUNTRIES, validateIban, type InvalidCheck } from '../../src/iban/index.ts'

// `ibanmint validate --file` as users run it (bin/ibanmint.js runs dist/): files and standard
// input, CSV columns, the output formats, the summary and the exit codes.
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ibanmint.js')
const dir = mkdtempSync(join(tmpdir(), 'ibanmint-validate-'))
after(() => rmSync(dir, { recursive: true, force: true }))

function run(args: string[], input?: string | Buffer) {
  const result = spawnSync(process.execPath, [BIN, 'validate', ...args], {
    input,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

/** Rows of every country and, a tenth, rows that fail one check each. */
function mixed(count: number): string[] {
  const render = (countries: string[], rows: number, invalid?: InvalidCheck) =>
    new TextDecoder()
      .decode(
        renderBatch({
          dataset: { countries, realistic: true, seed: `cli-${invalid}`, invalid },
          start: 0,
          count: rows,
          format: 'txt',
          first: true,
          last: true,
        }),
      )
      .trim()
      .split('\n')
  const valid = render(
    COUNTRIES.map((country) => country.code),
    Math.round(count * 0.9),
  )
  const checks: InvalidCheck[] = ['mod97', 'national', 'length', 'format', 'country']
  const invalid = checks.flatMap((check) => render(['DE', 'FR', 'IT', 'NO', 'ES'], Math.round(count / 50), check))
  // Interleaved: invalid rows land in every batch.
  return valid.flatMap((line, i) => (i % 9 === 0 && invalid.length > 0 ? [line, invalid.pop() as string] : [line]))
}

test('--file: 60,000 mixed IBANs on the pool; every verdict equals validateIban, in order, and agrees with ibantools', () => {
  const lines = mixed(60_000)
  const path = file('mixed.txt', lines.join('\n') + '\n')
  const { code, stdout, stderr } = run(['--file', path])
  assert.equal(code, 1)
  const rows = stdout.trimEnd().split('\n')
  assert.equal(rows.length, lines.length)
  let invalid = 0
  rows.forEach((row, i) => {
    const input = lines[i] as string
    const result = validateIban(input)
    const [printed, verdict] = row.split('\t')
    assert.equal(printed, result.formatted, `line ${i + 1}`)
    assert.equal(verdict === 'valid', result.valid, `line ${i + 1}: ${row}`)
    if (!result.valid) {
      invalid++
      assert.ok(row.endsWith(`\tline ${i + 1}`), row)
    }
    // ibantools checks MOD-97, length and format (not every national check): it never
    // accepts what ibanmint refuses for those, and never refuses what ibanmint accepts.
    if (result.valid) assert.equal(validateIBAN(input).valid, true, input)
    if (!result.checks.mod97 || result.checks.length === false || !result.checks.country_supported)
      assert.equal(validateIBAN(input).valid, false, input)
  })
  assert.match(
    stderr,
    new RegExp(
      `^${lines.length.toLocaleString('en')} rows: [\\d,]+ valid, ${invalid.toLocaleString('en')} invalid \\(country [\\d,]+, length [\\d,]+, format [\\d,]+, mod97 [\\d,]+, national [\\d,]+\\) in [\\d.]+ s`,
    ),
  )
})

test('--file - reads standard input; exit 0 when all are valid, with the summary on stderr', () => {
  const { code, stdout, stderr } = run(
    ['--file', '-'],
    '\ufeffDE89 3704 0044 0532 0130 00\r\n\r\ngb82west12345698765432\r\n',
  )
  assert.equal(code, 0)
  assert.equal(stdout, 'DE89 3704 0044 0532 0130 00\tvalid\nGB82 WEST 1234 5698 7654 32\tvalid\n')
  assert.match(stderr, /^2 rows: 2 valid, 0 invalid in [\d.]+ s/)
})

test('--column NAME, --invalid-only, --format csv and -o: a CSV of the invalid rows that fast-csv reads', async () => {
  const source = file(
    'customers.csv',
    'id;Name;IBAN\n1;"Doe; Jane";DE89370400440532013000\n2;Bob;DE89370400440532013001\n3;"Multi\nline";XX00\n',
  )
  const out = join(dir, 'bad.csv')
  const { code, stdout, stderr } = run([
    '--file',
    source,
    '--column',
    'iban',
    '--delimiter',
    ';',
    '--invalid-only',
    '--format',
    'csv',
    '-o',
    out,
  ])
  assert.equal(code, 1)
  assert.equal(stdout, '')
  assert.match(stderr, /^3 rows: 1 valid, 2 invalid \(country 1, mod97 1\)/)
  const rows: Record<string, string>[] = []
  await new Promise<void>((resolve, reject) => {
    const parser = parse({ headers: true })
      .on('data', (row: Record<string, string>) => rows.push(row))
      .on('end', () => resolve())
      .on('error', reject)
    parser.end(readFileSync(out))
  })
  assert.deepEqual(
    rows.map((row) => [row['line'], row['iban'], row['valid'], row['failed'], row['reason']]),
    [
      ['3', 'DE89370400440532013001', 'false', 'mod97', 'MOD-97 check digits are wrong'],
      ['4', 'XX00', 'false', 'country', 'country "XX" is not supported'],
    ],
  )
})

test('--json (ndjson) and --column N with --header', () => {
  const source = file('numbered.csv', 'iban,x\nDE89370400440532013000,1\n')
  const { code, stdout } = run(['--file', source, '--column', '1', '--header', '--json'])
  assert.equal(code, 0)
  const row = JSON.parse(stdout) as Record<string, unknown>
  assert.deepEqual(row, {
    line: 2,
    ...JSON.parse(JSON.stringify(validateIban('DE89370400440532013000'))),
    failed: null,
    reason: null,
  })
})

test('exit 2 for what cannot be read or asked: a missing file, a directory, UTF-16, an unknown column, bad options', () => {
  const utf16 = file('utf16.txt', Buffer.from('\ufeffDE89370400440532013000\n', 'utf16le'))
  const csv = file('cols.csv', 'a,b\n1,2\n')
  const cases: [string[], RegExp][] = [
    [['--file', join(dir, 'nope.txt')], /cannot read .*nope\.txt: no such file/],
    [['--file', dir], /it is a directory/],
    [['--file', utf16], /UTF-16/],
    [['--file', csv, '--column', 'iban'], /column "iban" is not in the header \(columns: "a", "b"\)/],
    [['--file', csv, '--column', '0'], /--column must be a name or a number from 1/],
    [['--file', csv, '--format', 'xml'], /--format must be one of text, ndjson, csv/],
    [['--file', csv, 'DE89370400440532013000'], /not both/],
    [['--invalid-only', 'DE89370400440532013000'], /--invalid-only needs --file/],
    [['--file', csv, '--header'], /--header needs --column/],
  ]
  for (const [args, message] of cases) {
    const { code, stderr } = run(args)
    assert.equal(code, 2, args.join(' '))
    assert.match(stderr, message, args.join(' '))
  }
})

test('binary garbage and over-long lines are invalid rows, not crashes', () => {
  const garbage = Buffer.concat([
    Buffer.from([0, 1, 2, 255, 254, 10]),
    Buffer.alloc(200_000, 65),
    Buffer.from('\nDE89370400440532013000\n'),
  ])
  const { code, stdout } = run(['--file', '-'], garbage)
  assert.equal(code, 1)
  const rows = stdout.trimEnd().split('\n')
  assert.equal(rows.length, 3)
  assert.match(rows[0] ?? '', /\tinvalid: not an IBAN: characters other than letters, digits and spaces\tline 1$/)
  assert.match(rows[1] ?? '', /^\tinvalid: line longer than 65536 bytes\tline 2$/)
  assert.equal(rows[2], 'DE89 3704 0044 0532 0130 00\tvalid')
})

test('a damaged tail is a row and exit 1: an over-long last line without a newline, a CSV quote never closed', () => {
  const overlong = run(['--file', '-'], `DE89370400440532013000\n${'A'.repeat(100 * 1024)}`)
  assert.equal(overlong.code, 1)
  assert.deepEqual(overlong.stdout.trimEnd().split('\n'), [
    'DE89 3704 0044 0532 0130 00\tvalid',
    '\tinvalid: line longer than 65536 bytes\tline 2',
  ])
  assert.match(overlong.stderr, /^2 rows: 1 valid, 1 invalid \(input 1\)/m)
  const alone = run(['--file', file('huge.txt', Buffer.alloc(3 << 20, 65))])
  assert.equal(alone.code, 1)
  assert.match(alone.stderr, /^1 row: 0 valid, 1 invalid \(input 1\)/m)
  const lines = Array.from({ length: 5_000 }, () => 'x,DE89370400440532013000').join('\n')
  const quoted = run(['--file', '-', '--column', '2'], `x,DE89370400440532013000\n"stray,${lines}\n`)
  assert.equal(quoted.code, 1)
  assert.match(
    quoted.stdout,
    /invalid: a quoted field opened on line 2 is never closed: lines 2 to 5,001 .*\tline 2\n$/,
  )
  assert.match(quoted.stderr, /^2 rows: 1 valid, 1 invalid \(input 1\)/m)
})
