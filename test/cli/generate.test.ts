// `ibanmint generate` against GET /api/v1/bulk of a real server: the same countries, options
// and seed give the same bytes, and a value bulk refuses is refused with bulk's message.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { startApp, type TestApp } from '../helpers/app.ts'

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ibanmint.js')

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], { maxBuffer: 1 << 26 })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/**
 * The command line's options for a bulk query string: `count=5&realistic=0&header=false` →
 * `--count 5 --random --no-header`, `bank_mix=uniform&qr_iban=true` → `--bank-mix uniform --qr-iban`.
 */
function optionsOf(query: string): string[] {
  return [...new URLSearchParams(query)].flatMap(([name, value]) =>
    name === 'realistic'
      ? value === '0'
        ? ['--random']
        : []
      : name === 'header'
        ? value === 'false'
          ? ['--no-header']
          : []
        : name === 'qr_iban'
          ? value === 'true'
            ? ['--qr-iban']
            : []
          : [`--${name.replace('_', '-')}`, value],
  )
}

/** Bulk's message as the command line words it: parameters are options (`--count must …`). */
function asOptions(message: string): string {
  return message
    .replace(/^offset \+ count/, '--offset + --count')
    .replace(
      /^(count|offset|seed|bank_mix|qr_iban|bank|invalid_share|invalid|format)\b/,
      (name) => `--${name.replace('_', '-')}`,
    )
}

describe('generate and bulk', () => {
  let app: TestApp
  const cleanup: (() => unknown)[] = []
  before(async () => {
    app = await startApp({ after: (fn) => cleanup.push(fn) })
  })
  test.after(async () => {
    for (const fn of cleanup) await fn()
  })

  const SAME_BYTES: [string, string][] = [
    ['DE,FR,IT', 'format=csv&count=3000&seed=mix'],
    ['de,fr,it', 'format=json&count=50&seed=7&realistic=0'],
    ['NO,GB', 'format=txt&count=25000&offset=11&seed=pool'],
    ['IT,FR', 'format=ndjson&count=200&seed=neg&invalid=national'],
    ['GF,FR,JE', 'format=sql&count=40&seed=territories'],
    ['DE', 'format=csv&count=30&seed=one&bank=37040044'],
    // Without the header row, in one batch and from the pool's threads.
    ['DE,GB', 'format=csv&count=40&seed=rows-only&header=false'],
    ['FR', 'format=csv&count=25000&offset=5&seed=rows-only&header=false'],
    ['DE,GB,NL', 'format=csv&count=3000&seed=mix&bank_mix=uniform'],
    ['CH,LI', 'format=json&count=300&seed=qr&qr_iban=true'],
    // A slice, in one batch and across the pool's.
    ['DE,FR', 'format=sql&count=3001&offset=3&seed=part&slice=1/3'],
    ['IT,NL', 'format=json&count=25003&seed=part&slice=0/2'],
    // Mixed negative data, labelled: in one batch, and from the pool's threads.
    ['FR', 'format=sql&count=300&seed=m&invalid=national,format&invalid_share=0.2'],
    ['DE,GB,AT', 'format=csv&count=25000&seed=mixed&invalid=mod97,national,length&invalid_share=0.05'],
  ]
  for (const [countries, query] of SAME_BYTES) {
    test(`generate ${countries} ${optionsOf(query).join(' ')} writes bulk's bytes`, async () => {
      const bulk = await app.call('GET', `/api/v1/bulk/${countries}?${query}`, { headers: app.auth })
      assert.equal(bulk.status, 200, bulk.text)
      const run = await cli('generate', countries, ...optionsOf(query))
      assert.equal(run.code, 0, run.stderr)
      assert.ok(run.stdout.length > 0)
      assert.equal(run.stdout, bulk.text)
    })
  }

  test('the rows spread across every country of the list', async () => {
    const lines = (await cli('generate', 'de,Fr,IT', '-n', '300', '--seed', 'spread')).stdout.trim().split('\n')
    assert.deepEqual([...new Set(lines.map((iban) => iban.slice(0, 2)))].sort(), ['DE', 'FR', 'IT'])
    assert.equal(new Set(lines).size, 300)
  })

  const REFUSED: [string, string][] = [
    ['DE,FR', 'bank=37040044'],
    ['NO', 'count=900000&bank=1503'],
    ['NO', 'offset=2046626995&count=10'],
    ['DE,FR', 'offset=1e2'],
    ['DE', 'seed=' + 's'.repeat(129)],
    ['DE', 'bank=a-b'],
    ['DE', 'realistic=0&bank=37040044'],
    ['AT', 'invalid=national'],
    ['DE', 'invalid=nope'],
    ['DE', 'format=xml'],
    ['DE', 'bank_mix=even'],
    ['CH,DE', 'qr_iban=true'],
    ['CH', 'qr_iban=true&bank=09000'],
    ['DE', 'invalid=mod97&invalid_share=2'],
    ['DE', 'invalid_share=0.5'],
    ['DE', 'invalid=mod97,mod97'],
    ['MD', 'invalid=national,format'],
  ]
  for (const [countries, query] of REFUSED) {
    test(`generate ${countries} ${optionsOf(query).join(' ').slice(0, 40)} is refused with bulk's message`, async () => {
      const bulk = await app.call('GET', `/api/v1/bulk/${countries}?${query}`, { headers: app.auth })
      assert.equal(bulk.status, 422, bulk.text)
      const { message } = (bulk.body as { error: { message: string } }).error
      const run = await cli('generate', countries, ...optionsOf(query))
      assert.equal(run.code, 2)
      assert.equal(run.stderr, `ibanmint: ${asOptions(message).replace(/\.?$/, '.')} Try "ibanmint generate --help".\n`)
    })
  }

  test('--no-header leaves out the csv header row alone; with another format it is a usage error', async () => {
    const whole = await cli('generate', 'DE,FR', '-n', '5', '--seed', 'h', '-f', 'csv')
    const rows = await cli('generate', 'DE,FR', '-n', '5', '--seed', 'h', '-f', 'csv', '--no-header')
    assert.equal(rows.code, 0, rows.stderr)
    assert.match(whole.stdout, /^iban,iban_print,country,check_digits,/)
    assert.equal(rows.stdout, whole.stdout.slice(whole.stdout.indexOf('\n') + 1))
    for (const format of ['json', 'ndjson', 'sql', 'txt']) {
      const run = await cli('generate', 'DE', '-f', format, '--no-header')
      assert.equal(run.code, 2)
      assert.equal(
        run.stderr,
        'ibanmint: --no-header needs -f csv: only csv has a header row. Try "ibanmint generate --help".\n',
      )
      assert.equal(run.stdout, '')
    }
  })

  test('an unknown country in the list is refused as bulk refuses it', async () => {
    const bulk = await app.call('GET', '/api/v1/bulk/DE,XX', { headers: app.auth })
    assert.equal(bulk.status, 404)
    const { message } = (bulk.body as { error: { message: string } }).error
    const run = await cli('generate', 'DE,XX')
    assert.equal(run.code, 2)
    assert.match(
      run.stderr,
      new RegExp(`^ibanmint: ${message} \\(see "ibanmint countries"\\)\\. Try "ibanmint generate --help"\\.\n$`),
    )
  })
})
