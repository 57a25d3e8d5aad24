// `ibanmint generate --slice`, the real command line in child processes: parts that join into
// the unsliced output in every format, `--slice auto` from each array-job platform's variables,
// and the errors (test/cli/slices-check.test.ts: manifests and `slices check`).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { FORMATS, joinParts, partRows } from '../helpers/slices.ts'

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ibanmint.js')

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

describe('generate --slice', () => {
  // sql and json: past one pool batch (10,000 rows) per part, an odd count, from an offset: the
  // parts are uneven, made by the pool's threads, and the second starts inside one of sql's
  // INSERTs and crosses the unsliced output's batches. The others in one batch.
  const SIZES: Record<string, { count: number; n: number }> = {
    sql: { count: 21_003, n: 2 },
    json: { count: 21_003, n: 2 },
    csv: { count: 3001, n: 2 },
    ndjson: { count: 3001, n: 2 },
    txt: { count: 3001, n: 2 },
  }
  const OFFSET = 7
  for (const format of FORMATS) {
    const { count, n } = SIZES[format] as { count: number; n: number }
    test(`${format}: the ${n} parts of ${count} rows from --offset ${OFFSET}, joined, are the unsliced output`, async () => {
      const dataset = [
        'generate',
        'DE,FR',
        '-n',
        String(count),
        '--offset',
        String(OFFSET),
        '--seed',
        'join',
        '-f',
        format,
      ]
      const whole = await ok(dataset)
      const parts = []
      for (let k = 0; k < n; k++)
        parts.push({ text: await ok([...dataset, '--slice', `${k}/${n}`]), ...partRows(count, k, n) })
      assert.equal((parts[0]?.rows ?? 0) - (parts[n - 1]?.rows ?? 0), 1, 'uneven parts, the first one row longer')
      assert.equal(joinParts(format, parts), whole)
    })
  }

  test('more parts than rows: the last parts are empty files of their format, and the parts still join', async () => {
    for (const format of ['json', 'sql', 'csv'] as const) {
      const dataset = ['generate', 'IT', '-n', '3', '--seed', 'few', '-f', format]
      const whole = await ok(dataset)
      const parts = []
      for (let k = 0; k < 5; k++)
        parts.push({ text: await ok([...dataset, '--slice', `${k}/5`]), ...partRows(3, k, 5) })
      assert.equal(joinParts(format, parts), whole, format)
    }
  })

  test('--no-header: csv parts of rows alone concatenate into the unsliced rows', async () => {
    const dataset = ['generate', 'NL', '-n', '1001', '--seed', 'rows', '-f', 'csv', '--no-header']
    const whole = await ok(dataset)
    const parts = await Promise.all([0, 1, 2].map(async (k) => await ok([...dataset, '--slice', `${k}/3`])))
    assert.equal(parts.join(''), whole)
  })

  const AUTO: [string, Record<string, string>][] = [
    ['Kubernetes Indexed Job', { JOB_COMPLETION_INDEX: '2', IBANMINT_SLICE_COUNT: '3' }],
    ['Cloud Run job', { CLOUD_RUN_TASK_INDEX: '2', CLOUD_RUN_TASK_COUNT: '3' }],
    ['AWS Batch array job', { AWS_BATCH_JOB_ARRAY_INDEX: '2', AWS_BATCH_JOB_ARRAY_SIZE: '3' }],
    ['AWS Batch array job, the count from the job', { AWS_BATCH_JOB_ARRAY_INDEX: '2', IBANMINT_SLICE_COUNT: '3' }],
    ['two platforms that agree', { JOB_COMPLETION_INDEX: '2', CLOUD_RUN_TASK_INDEX: '2', CLOUD_RUN_TASK_COUNT: '3' }],
  ]
  test('--slice auto on each platform is --slice 2/3', async () => {
    const dataset = ['generate', 'DE', '-n', '100', '--seed', 'auto', '-f', 'ndjson']
    const explicit = await ok([...dataset, '--slice', '2/3'])
    assert.equal(explicit.split('\n').length - 1, 33)
    const runs = await Promise.all(AUTO.map(async ([, env]) => await ok([...dataset, '--slice', 'auto'], { env })))
    runs.forEach((run, i) => assert.equal(run, explicit, AUTO[i]?.[0]))
  })

  const AUTO_REFUSED: [string, Record<string, string>, RegExp][] = [
    ['no index', {}, /--slice auto: no array job's index is set: none of JOB_COMPLETION_INDEX \(Kubernetes/],
    [
      'an index without a count (Kubernetes gives none)',
      { JOB_COMPLETION_INDEX: '1' },
      /--slice auto: JOB_COMPLETION_INDEX=1 gives the index, but no variable gives the number of parts: set IBANMINT_SLICE_COUNT/,
    ],
    [
      'two indexes that disagree',
      { JOB_COMPLETION_INDEX: '1', CLOUD_RUN_TASK_INDEX: '2', CLOUD_RUN_TASK_COUNT: '3' },
      /--slice auto: JOB_COMPLETION_INDEX=1 and CLOUD_RUN_TASK_INDEX=2 disagree/,
    ],
    [
      'two counts that disagree',
      { AWS_BATCH_JOB_ARRAY_INDEX: '1', AWS_BATCH_JOB_ARRAY_SIZE: '4', IBANMINT_SLICE_COUNT: '3' },
      /--slice auto: AWS_BATCH_JOB_ARRAY_SIZE=4 and IBANMINT_SLICE_COUNT=3 disagree/,
    ],
    [
      'an index out of range',
      { CLOUD_RUN_TASK_INDEX: '3', CLOUD_RUN_TASK_COUNT: '3' },
      /--slice auto: CLOUD_RUN_TASK_INDEX=3 is out of range for CLOUD_RUN_TASK_COUNT=3 \(indexes 0 to 2\)/,
    ],
    [
      'a value that is not an integer',
      { JOB_COMPLETION_INDEX: 'one', IBANMINT_SLICE_COUNT: '3' },
      /--slice auto: JOB_COMPLETION_INDEX must be an integer of at least 0, got "one"/,
    ],
    [
      'a count of 0',
      { JOB_COMPLETION_INDEX: '0', IBANMINT_SLICE_COUNT: '0' },
      /--slice auto: IBANMINT_SLICE_COUNT must be an integer of at least 1, got "0"/,
    ],
  ]
  for (const [what, env, message] of AUTO_REFUSED) {
    test(`--slice auto with ${what}: exit 2 naming the variables, nothing written`, async () => {
      const run = await cli(['generate', 'DE', '-n', '10', '--seed', 'auto', '--slice', 'auto'], { env })
      assert.equal(run.code, 2)
      assert.match(run.stderr, message)
      assert.equal(run.stdout, '')
    })
  }

  const REFUSED: [string[], RegExp][] = [
    [['--slice', '0/2'], /^ibanmint: --slice needs --seed: without a seed every part would be rows of another dataset/],
    [['--slice', 'auto'], /^ibanmint: --slice needs --seed/],
    [['--manifest', 'm.json'], /^ibanmint: --manifest needs --seed/],
    [
      ['--seed', 's', '--slice', '2/2'],
      /^ibanmint: --slice must be k\/n: two integers with 0 ≤ k < n ≤ 1,000,000, such as 0\/4 \(k counts from 0\), got "2\/2"/,
    ],
    [['--seed', 's', '--slice', 'a/b'], /^ibanmint: --slice must be k\/n/],
    [
      ['--seed', 's', '--slice', '0/2', '-o', 'p.csv', '--manifest', 'p.csv'],
      /^ibanmint: --manifest must name another file than --output/,
    ],
    // The whole dataset must fit, for every part alike.
    [['--seed', 's', '--bank', '1503', '-n', '900000', '--slice', '3/4'], /^ibanmint: --count must be at most /],
  ]
  for (const [options, message] of REFUSED) {
    test(`generate NO ${options.join(' ')}: exit 2 with one line`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ibanmint-slices-'))
      try {
        const run = await cli(['generate', 'NO', ...options], { cwd: dir })
        assert.equal(run.code, 2)
        assert.match(run.stderr, message)
        assert.equal(run.stderr.split('\n').length, 2, run.stderr)
        assert.equal(run.stdout, '')
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
  }
})
