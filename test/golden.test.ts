// Golden outputs: for a fixed seed and options, the bytes every surface writes stay the same
// across refactors. Each case's output is hashed (SHA-256) and compared with
// test/fixtures/golden.json, which holds the hashes taken from main before a redesign started.
// A deliberate change of output (a new column, a new population) rewrites the file with
//   GOLDEN_WRITE=1 node --import tsx test/run.ts golden
// and says why in its commit. The cases cover the command line (every format and mode, the
// pool's streamed path, each negative-data kind, bank= and offsets), validation of a file in its
// three formats, the library's objects, and the JSON API's answers.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { COUNTRIES, INVALID_CHECKS, generateIbans, validateIban } from '@ibanmint/iban'
import { startApp } from './helpers/app.ts'
import { runBin } from './helpers/process.ts'

const FIXTURE = join(import.meta.dirname, 'fixtures', 'golden.json')
const WRITE = process.env['GOLDEN_WRITE'] === '1'
const expected: Record<string, string> = WRITE
  ? {}
  : (JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string>)
const actual: Record<string, string> = {}

const ALL = COUNTRIES.map((country) => country.code).join(',')
const FORMATS = ['txt', 'csv', 'json', 'ndjson', 'sql'] as const
const NEGATIVE = 'DE,FR,IT,GB,NO,BE,ES,PL'

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex')

function record(name: string, output: string | Buffer): void {
  actual[name] = sha256(output)
  if (!WRITE) assert.equal(actual[name], expected[name], `${name}: the output changed`)
}

/** The command's standard output; `exit` is the status it must end with (validate: 1 for any invalid row). */
function cli(args: string[], exit = 0): string {
  const result = runBin(args)
  assert.equal(result.code, exit, `ibanmint ${args.join(' ')}: ${result.stderr}`)
  return result.stdout
}

const generated: string[] = []

test('golden: ibanmint generate, every format in both modes, the same bytes for the same seed', () => {
  for (const format of FORMATS)
    for (const random of [false, true]) {
      const args = ['generate', ALL, '-n', '3000', '-f', format, '--seed', '42', ...(random ? ['--random'] : [])]
      const output = cli(args)
      record(`cli ${args.slice(1).join(' ').replace(ALL, 'ALL')}`, output)
      if (format === 'txt') generated.push(...output.trim().split('\n'))
    }
})

test('golden: ibanmint generate through the pool (25,000 rows), both modes', () => {
  for (const random of [false, true]) {
    const args = ['generate', ALL, '-n', '25000', '-f', 'csv', '--seed', 'pool', ...(random ? ['--random'] : [])]
    record(`cli ${args.slice(1).join(' ').replace(ALL, 'ALL')}`, cli(args))
  }
})

test('golden: negative data of each kind, banks, offsets and seeds', () => {
  const cases: string[][] = [
    ...INVALID_CHECKS.map((kind) => ['generate', NEGATIVE, '-n', '500', '-f', 'csv', '--seed', '9', '--invalid', kind]),
    ['generate', 'DE', '-n', '300', '-f', 'csv', '--seed', '3', '--bank', '37040044'],
    ['generate', 'GB', '-n', '300', '-f', 'csv', '--seed', '3', '--bank', 'NWBK601613'],
    ['generate', 'GB', '-n', '300', '-f', 'csv', '--seed', '3', '--bank', '60-16-13'],
    ['generate', 'DE', '-n', '100', '-f', 'ndjson', '--seed', '42', '--offset', '12345'],
    ['generate', 'DE,GB,CH,SE,IL', '-n', '500', '-f', 'json', '--seed', 'abc'],
    ['generate', 'DE,GB,CH,SE,IL', '-n', '500', '-f', 'json', '--seed', '7', '--random'],
  ]
  for (const args of cases) {
    const output = cli(args)
    record(`cli ${args.slice(1).join(' ')}`, output)
    if (args.includes('--invalid'))
      generated.push(
        ...output
          .split('\n')
          .slice(1, 40)
          .map((line) => line.split(',')[0] ?? ''),
      )
  }
})

/**
 * The countries whose banks realistic rows draw from are the same as before the rule of banks a
 * customer could pay and the corrections of registry names (every country but DE, FR, IT, ES, NL,
 * BE, GB, CH, LU, LI, IE, PT, CY, BG, SI, SK, CZ, HU, PL, BA, MD, CR): with bank_mix=uniform
 * their rows are byte for byte those of the build before weighted rows (the hash was taken from
 * that build's `generate` of the same list without the option).
 */
const UNTOUCHED =
  'AT,MC,SM,VA,AD,GI,SE,NO,FI,DK,IS,EE,LV,LT,FO,GL,GR,MT,RO,HR,AL,XK,ME,MK,RS,AZ,BY,GE,RU,UA,SA,AE,JO,TR,BH,IQ,IL,KW,LB,OM,PS,QA,YE,DZ,TN,MA,EG,BI,DJ,LY,MR,MU,ST,SC,SO,SD,PK,KZ,MN,TL,BR,VG,DO,SV,FK,GT,HN,NI,LC'

test('golden: bank_mix=uniform gives the equal-share rows of before, where the banks drawn are unchanged', () => {
  const args = ['generate', UNTOUCHED, '-n', '3000', '-f', 'csv', '--seed', '42', '--bank-mix', 'uniform']
  record(`cli ${args.slice(1).join(' ').replace(UNTOUCHED, 'UNTOUCHED')}`, cli(args))
})

test('golden: ibanmint validate --file, text, ndjson and csv', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ibanmint-golden-'))
  try {
    const file = join(dir, 'input.txt')
    const lines = [
      ...generated.filter((_, i) => i % 7 === 0),
      'not an iban',
      'DE00123',
      'GB82WEST12345698765432',
      'GB06BUKB20201555555556',
      '',
    ]
    writeFileSync(file, lines.join('\n'))
    for (const format of ['text', 'ndjson', 'csv'])
      record(`cli validate --file -f ${format}`, cli(['validate', '--file', file, '-f', format], 1))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('golden: the library, every country in both modes, and its validation results', () => {
  const rows = COUNTRIES.flatMap((country) => [
    ...generateIbans(country.code, 20, { seed: 42 }),
    ...generateIbans(country.code, 20, { seed: 42, realistic: false }),
  ])
  record('library generateIbans ALL 20 seed 42 both modes', JSON.stringify(rows))
  const negative = NEGATIVE.split(',').flatMap((code) =>
    INVALID_CHECKS.map((kind) => generateIbans(code, 10, { seed: 5, invalid: kind })).flat(),
  )
  record('library generateIbans negative', JSON.stringify(negative))
  const inputs = [...rows, ...negative].map((row) => row.iban)
  record('library validateIban', JSON.stringify(inputs.map((iban) => validateIban(iban))))
})

test('golden: the JSON API answers', async (t) => {
  const app = await startApp(t)
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/v1/generate/DE?count=100&seed=42'],
    ['GET', '/api/v1/generate/GB?count=100&seed=1&realistic=false'],
    ['GET', '/api/v1/generate/IT?count=50&seed=2&invalid=national'],
    ['POST', '/api/v1/generate', { country: 'FR', count: 100, seed: 'x' }],
    ['GET', '/api/v1/validate/DE89370400440532013000'],
    ['GET', '/api/v1/validate/GB82WEST12345698765432'],
    ['POST', '/api/v1/validate', { iban: 'fr14 2004 1010 0505 0001 3m02 606' }],
    ['GET', '/api/v1/countries'],
    ['GET', '/api/v1/countries/DE'],
    ['GET', '/api/v1/bulk/DE,FR,GB?count=5000&format=csv&seed=11'],
    ['GET', '/api/v1/bulk/CH,LI,SE?count=2000&format=ndjson&seed=12&realistic=false'],
  ]
  for (const [method, path, json] of calls) {
    const response = await app.call(method, path, { headers: app.auth, ...(json === undefined ? {} : { json }) })
    assert.equal(response.status, 200, `${method} ${path}: ${response.text}`)
    record(`http ${method} ${path}${json === undefined ? '' : ` ${JSON.stringify(json)}`}`, response.text)
  }
})

test('golden: every case has its hash', () => {
  if (WRITE) writeFileSync(FIXTURE, `${JSON.stringify(actual, null, 2)}\n`)
  else assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort())
})
