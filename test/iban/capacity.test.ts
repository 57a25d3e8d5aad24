// DE's capacity in random mode, told the same everywhere and true: the dataset holds exactly
// 10^15 distinct rows (its row numbers are capped at 2^50, so 15 of the 18 account and bank
// digits are indexed; the other three are drawn from each row's number), the last of them
// mints, the next is refused, and the command line, the API and its 422 say so. The documents
// that state it must say the same.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { Dataset } from '../../src/iban/dataset.ts'
import { COUNTRY_CAPACITY_LIMIT } from '../../src/iban/generate.ts'
import { generateIbans, validateIban } from '../../src/iban/index.ts'
import { assertError, startApp, type TestApp } from '../helpers/app.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const BIN = join(ROOT, 'bin', 'ibanmint.js')
const TRUE_CAPACITY = 1_000_000_000_000_000
const SHOWN = '1,000,000,000,000,000'

/** The command line, run without blocking this process (whose server the test also calls). */
function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : ((error as { code?: number }).code ?? null), stdout, stderr }),
    )
  })
}

describe('DE capacity in random mode', () => {
  let app: TestApp
  const cleanup: (() => unknown)[] = []
  before(async () => {
    app = await startApp({ after: (fn) => cleanup.push(fn) })
  })
  after(async () => {
    for (const fn of cleanup) await fn()
  })

  test('the dataset holds 10^15 distinct rows: the last one mints, the next is refused', () => {
    const dataset = new Dataset({ countries: ['DE'], realistic: false, seed: 'capacity' })
    assert.equal(dataset.capacity, TRUE_CAPACITY)
    assert.ok(TRUE_CAPACITY <= COUNTRY_CAPACITY_LIMIT && TRUE_CAPACITY * 10 > COUNTRY_CAPACITY_LIMIT)
    const last = generateIbans('DE', 3, { realistic: false, seed: 'capacity', offset: TRUE_CAPACITY - 3 })
    assert.equal(new Set(last.map((iban) => iban.iban)).size, 3)
    for (const iban of last) assert.ok(validateIban(iban.iban).valid, iban.iban)
    assert.throws(
      () => generateIbans('DE', 1, { realistic: false, seed: 'capacity', offset: TRUE_CAPACITY }),
      /offset \+ count must be at most 1,000,000,000,000,000: DE holds 1,000,000,000,000,000 distinct IBANs in random mode$/,
    )
  })

  test('the command line, the API and the 422 say the same figure', async () => {
    assert.match(
      (await cli('countries', 'DE')).stdout,
      new RegExp(`distinct IBANs +[\\d,]+ realistic, ${SHOWN} random`),
    )
    const listed = JSON.parse((await cli('countries', '--json')).stdout) as {
      countries: { code: string; capacity: { random: number } }[]
    }
    assert.equal(listed.countries.find((c) => c.code === 'DE')?.capacity.random, TRUE_CAPACITY)
    const tooMany = await cli(
      'generate',
      'DE',
      '--random',
      '--seed',
      's',
      '-n',
      '2',
      '--offset',
      String(TRUE_CAPACITY - 1),
    )
    assert.equal(tooMany.code, 2)
    assert.match(tooMany.stderr, new RegExp(`DE holds ${SHOWN} distinct IBANs in random mode`))
    const detail = await app.call('GET', '/api/v1/countries/DE', { headers: app.auth })
    assert.equal((detail.body as { country: { capacity: { random: number } } }).country.capacity.random, TRUE_CAPACITY)
    const refused = await app.call(
      'GET',
      `/api/v1/bulk/DE?realistic=false&seed=s&count=2&offset=${TRUE_CAPACITY - 1}`,
      { headers: app.auth },
    )
    assert.match(
      assertError(refused, 422, 'invalid_request'),
      new RegExp(`DE holds ${SHOWN} distinct IBANs in random mode`),
    )
  })

  test('every document that states DE’s random capacity states 10^15', () => {
    const docs = [
      'README.md',
      ...(existsSync(join(ROOT, 'docs')) ? readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`) : []),
    ]
    let stated = 0
    for (const doc of docs.filter((name) => name.endsWith('.md'))) {
      const text = readFileSync(join(ROOT, doc), 'utf8')
      for (const match of text.matchAll(/[\d,]+ realistic, ([^ )]+) random/g)) {
        stated++
        assert.ok(['10^15', '10¹⁵', SHOWN].includes(match[1] as string), `${doc}: DE random capacity "${match[1]}"`)
      }
    }
    assert.ok(stated > 0, 'docs/downloads.md states the capacities')
  })
})
