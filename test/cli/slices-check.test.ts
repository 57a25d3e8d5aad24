// `ibanmint generate --manifest` and `ibanmint slices check`, the real command line in child
// processes: what a manifest says, a part remade byte for byte, and the check's exit code for
// each kind of problem (missing, extra, overlapping, damaged).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ibanmint.js')
const VERSION = (
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
    version: string
  }
).version

/** The variables `--slice auto` reads: none inherited from the machine that runs the tests. */
const ARRAY_JOB_VARIABLES = [
  'JOB_COMPLETION_INDEX',
  'CLOUD_RUN_TASK_INDEX',
  'CLOUD_RUN_TASK_COUNT',
  'AWS_BATCH_JOB_ARRAY_INDEX',
  'AWS_BATCH_JOB_ARRAY_SIZE',
  'IBANMINT_SLICE_COUNT',
]
const BASE_ENV: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !ARRAY_JOB_VARIABLES.includes(name)),
)

interface Run {
  code: number
  stdout: string
  stderr: string
}

async function cli(args: string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<Run> {
  return await new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...BASE_ENV, ...options.env }, cwd: options.cwd, maxBuffer: 1 << 27 },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
    )
  })
}

async function ok(args: string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<string> {
  const run = await cli(args, options)
  assert.equal(run.code, 0, run.stderr)
  return run.stdout
}

describe('manifests and slices check', () => {
  let dir: string
  const N = 3
  const COUNT = 12_001
  const dataset = ['generate', 'FR,IT', '-n', String(COUNT), '--offset', '100', '--seed', 'check', '-f', 'csv']
  /** Writes part k of n of `dataset` with its manifest in `dir`. */
  const part = async (k: number, n = N, options: string[] = [], name = `part-${k}`) =>
    await ok([...dataset, ...options, '--slice', `${k}/${n}`, '-o', `${name}.csv`, '--manifest', `${name}.json`], {
      cwd: dir,
    })
  const check = async (...manifests: string[]) => await cli(['slices', 'check', ...manifests], { cwd: dir })
  const manifests = () => Array.from({ length: N }, (_, k) => `part-${k}.json`)

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ibanmint-slices-'))
    for (let k = 0; k < N; k++) await part(k)
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  test('a manifest says what its part is: dataset, slice, first row, rows, bytes, SHA-256 and release', async () => {
    const manifest = JSON.parse(readFileSync(join(dir, 'part-1.json'), 'utf8')) as Record<string, unknown>
    const bytes = readFileSync(join(dir, 'part-1.csv'))
    assert.deepEqual(manifest, {
      kind: 'ibanmint-slice/1',
      version: VERSION,
      dataset: {
        countries: ['FR', 'IT'],
        mode: 'realistic',
        seed: 'check',
        bank: null,
        bank_mix: 'weighted',
        invalid: null,
        invalid_share: null,
        qr_iban: false,
        count: COUNT,
        offset: 100,
      },
      slice: { index: 1, count: 3 },
      part: { offset: 100 + 4001, rows: 4000 },
      format: { name: 'csv', header: true },
      file: { name: 'part-1.csv', bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
    })
  })

  test('a part long enough for the pool to write it through shared memory: its manifest hashes the bytes written', async () => {
    const big = ['generate', 'DE', '-n', '45001', '--seed', 'slots', '-f', 'txt']
    await ok([...big, '--slice', '0/1', '-o', 'big.txt', '--manifest', 'big.json'], { cwd: dir })
    const bytes = readFileSync(join(dir, 'big.txt'))
    assert.equal(bytes.toString(), await ok(big))
    const manifest = JSON.parse(readFileSync(join(dir, 'big.json'), 'utf8')) as {
      file: { bytes: number; sha256: string }
    }
    assert.deepEqual(manifest.file.bytes, bytes.length)
    assert.equal(manifest.file.sha256, createHash('sha256').update(bytes).digest('hex'))
    assert.equal((await check('big.json')).code, 0)
  })

  test('a part made again (a retried task) is the same file and the same manifest', async () => {
    const before = [readFileSync(join(dir, 'part-2.csv')), readFileSync(join(dir, 'part-2.json'))]
    await part(2, N, ['--threads', '1'])
    assert.deepEqual([readFileSync(join(dir, 'part-2.csv')), readFileSync(join(dir, 'part-2.json'))], before)
  })

  test('the whole set: exit 0 and one line; --json says the same', async () => {
    const run = await check(...manifests())
    assert.equal(run.code, 0, run.stderr)
    assert.match(
      run.stdout,
      /^ok: 3 parts of 12,001 rows from row 100 \(FR,IT, realistic, seed "check", csv\), [\d,]+ bytes: complete, disjoint/,
    )
    assert.equal(run.stderr, '')
    const json = JSON.parse((await check('--json', ...manifests().reverse())).stdout) as Record<string, unknown>
    assert.equal(json['ok'], true)
    assert.equal(json['exit_code'], 0)
    assert.deepEqual(json['problems'], [])
  })

  test('missing (3): a slice without its manifest, or a manifest without its file', async () => {
    const run = await check('part-0.json', 'part-2.json')
    assert.equal(run.code, 3)
    assert.equal(run.stderr, 'ibanmint: missing 1 of 3 parts: slice 1/3 (rows 4101–8100)\n')
    copyFileSync(join(dir, 'part-1.json'), join(dir, 'lost.json'))
    const file = JSON.parse(readFileSync(join(dir, 'lost.json'), 'utf8')) as { file: { name: string } }
    file.file.name = 'lost.csv'
    writeFileSync(join(dir, 'lost.json'), JSON.stringify(file))
    const lost = await check('part-0.json', 'lost.json', 'part-2.json')
    assert.equal(lost.code, 3)
    assert.match(lost.stderr, /^ibanmint: lost\.json: its part file is not there \(looked for lost\.csv\)\n$/)
  })

  test('extra (4): a part of another dataset, or of rows outside the dataset', async () => {
    await ok(
      ['generate', 'FR,IT', '-n', '10', '--seed', 'other', '-f', 'csv', '-o', 'other.csv', '--manifest', 'other.json'],
      {
        cwd: dir,
      },
    )
    const other = await check(...manifests(), 'other.json')
    assert.equal(other.code, 4)
    assert.equal(other.stderr, 'ibanmint: other.json is not of the dataset of part-0.json: seed "other" ≠ "check"\n')
    await ok(
      [
        'generate',
        'FR,IT',
        '-n',
        '50',
        '--offset',
        '20000',
        '--seed',
        'check',
        '-f',
        'csv',
        '-o',
        'far.csv',
        '--manifest',
        'far.json',
      ],
      {
        cwd: dir,
      },
    )
    const far = await check('far.json', ...manifests())
    assert.equal(far.code, 4)
    assert.match(
      far.stderr,
      /^ibanmint: far\.json: its rows 20000–20049 are outside the dataset of part-0\.json \(rows 100–12100\)\n$/,
    )
  })

  test('overlapping (5): a slice given twice, or a part of the same rows cut with another n', async () => {
    copyFileSync(join(dir, 'part-1.json'), join(dir, 'copy.json'))
    const twice = await check(...manifests(), 'copy.json')
    assert.equal(twice.code, 5)
    assert.equal(twice.stderr, 'ibanmint: slice 1/3 is given 2 times: part-1.json, copy.json\n')
    await part(1, 2, [], 'half')
    const cut = await check(...manifests(), 'half.json')
    assert.equal(cut.code, 5)
    assert.match(
      cut.stderr,
      /^ibanmint: half\.json: slice 1\/2 of 12001 rows from offset 100 \(rows 6101–12100\) overlaps part-1\.json \(slice 1\/3, rows 4101–8100\); make every part with one --count, n and --offset\n$/,
    )
  })

  test('damaged (6): a file of another size, or of the same size and another SHA-256', async () => {
    const bytes = readFileSync(join(dir, 'part-1.csv'))
    try {
      writeFileSync(join(dir, 'part-1.csv'), bytes.subarray(0, -1))
      const short = await check(...manifests())
      assert.equal(short.code, 6)
      assert.match(
        short.stderr,
        new RegExp(
          `^ibanmint: part-1\\.csv: ${(bytes.length - 1).toLocaleString('en')} bytes, its manifest part-1\\.json says ${bytes.length.toLocaleString('en')}\n$`,
        ),
      )
      const flipped = Buffer.from(bytes)
      flipped[1000] = (flipped[1000] as number) ^ 1
      writeFileSync(join(dir, 'part-1.csv'), flipped)
      const changed = await check(...manifests())
      assert.equal(changed.code, 6)
      assert.match(
        changed.stderr,
        /^ibanmint: part-1\.csv: SHA-256 [0-9a-f]{64}, its manifest part-1\.json says [0-9a-f]{64}\n$/,
      )
      // The lowest code of the problems found, each on its line.
      const both = await check('part-0.json', 'part-1.json')
      assert.equal(both.code, 3)
      assert.equal(both.stderr.split('\n').length, 3, both.stderr)
    } finally {
      writeFileSync(join(dir, 'part-1.csv'), bytes)
    }
    assert.equal((await check(...manifests())).code, 0)
  })

  test('a manifest renamed with its part (as an upload names them) finds it by its own name', async () => {
    copyFileSync(join(dir, 'part-2.csv'), join(dir, 'upload-2.csv'))
    copyFileSync(join(dir, 'part-2.json'), join(dir, 'upload-2.manifest.json'))
    unlinkSync(join(dir, 'part-2.csv'))
    try {
      const run = await check('part-0.json', 'part-1.json', 'upload-2.manifest.json')
      assert.equal(run.code, 0, run.stderr)
    } finally {
      copyFileSync(join(dir, 'upload-2.csv'), join(dir, 'part-2.csv'))
    }
  })

  test('not a manifest, or no manifest: exit 2', async () => {
    writeFileSync(join(dir, 'rows.json'), '[\n]\n')
    const run = await check('rows.json')
    assert.equal(run.code, 2)
    assert.match(run.stderr, /^ibanmint: rows\.json is not a slice manifest: /)
    assert.equal((await check('absent.json')).code, 2)
    assert.equal((await cli(['slices'])).code, 2)
    assert.match((await cli(['slices', 'chek'])).stderr, /unknown slices action "chek"; did you mean "check"\?/)
  })
})
