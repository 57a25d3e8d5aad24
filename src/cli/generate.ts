// `ibanmint generate`: IBANs for one country or several (DE,FR,IT) in any output format (txt by
// default; csv, json, ndjson, sql), written to stdout or a file batch by batch with
// backpressure, so millions of rows take constant memory. The options are bulk's query
// parameters (GET /api/v1/bulk/{country}), checked by the same schemas, so that the same
// seed and parameters give the same bytes and a bad value the same message.
import type { WriteStream } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'
import type { Writable } from 'node:stream'
import { ApiError } from '../core/errors.ts'
import { datasetOf, requireCountries, requireDataset } from '../core/operations.ts'
import {
  bankMixParamSchema,
  bankParamSchema,
  countSchema,
  invalidParamSchema,
  invalidShareParamSchema,
  objectOf,
  offsetSchema,
  type ParamsOf,
  seedQuerySchema,
  sliceParamSchema,
} from '../core/schemas.ts'
import {
  manifestOf,
  manifestText,
  parseSlice,
  partRows,
  refuseSlicedPayment,
  requireSeedForSlice,
  sliceFromEnvironment,
  type Slice,
} from '../core/slices.ts'
import { compileValidator } from '../core/validation.ts'
import { INVALID_CHECKS } from '@ibanmint/iban'
import { groupThousands, INVALID_CHECK_TEXT, PARTY_COUNTRIES, randomSeed } from '@ibanmint/iban/internal'
import { BATCH_ROWS, batchesOf } from '../formats/batches.ts'
import { FORMATS, ROW_FORMATS, isPaymentFormat } from '../formats/format-names.ts'
import {
  PAYMENT_PARAMETER_NAMES,
  PAYMENT_PARAMETERS,
  columnsParamSchema,
  refusePaymentParameters,
  refuseRowOptions,
  requireParties,
  resolvePaymentRequest,
  withPartySeed,
} from '../core/payment-request.ts'
import { PAYMENT_DEFECTS, type ResolvedPaymentOptions } from '@ibanmint/iban'
import { ByteWriter } from '../formats/byte-writer.ts'
import { fileTypeOf, renderBatchInto } from '../formats/render.ts'
import { commandLimits, runsInline } from '../pool/inline.ts'
import type { ChunkSink } from '../pool/ordered-window.ts'
import { WorkPool } from '../pool/pool.ts'
import { closeOutput, DigestSink, openOutput, openPendingFile, type PendingFile } from './output.ts'
import { reasonOf } from './reason.ts'
import { VERSION } from '../version.ts'
import { progressReporter } from './progress.ts'
import { parseCommand, threadsOption, UsageError, type CommandSpec, type ParsedCommand } from './usage.ts'

/** The row formats after the default one, as the help lists them: "csv, json, ndjson or sql". */
const OTHER_FORMATS = ROW_FORMATS.filter((format) => format !== 'txt')

const MAX_COUNT = 1_000_000_000

/** Words of `text` in lines of at most `width` characters, each after `indent`. */
function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  return [...lines, line].map((text) => indent + text).join('\n')
}

const CHECK_INDENT = ' '.repeat(35)

const HELP = `Usage: ibanmint generate <CC>[,<CC>...] [options]

Prints test IBANs for country CC (ISO 3166-1 alpha-2, such as DE; a territory
that uses another country's IBANs, such as GF or JE, gives that country's).
A comma-separated list (DE,FR,IT; any case) spreads the rows across those
countries as GET /api/v1/bulk/DE,FR,IT does: with the same seed and options,
the same rows and, format for format, the same bytes.

Options:
  -n, --count N        how many IBANs (default 1, at most ${groupThousands(MAX_COUNT)})
  -f, --format F       txt (default: ${fileTypeOf('txt').summary}), ${OTHER_FORMATS.slice(0, -1).join(', ')} or
                       ${OTHER_FORMATS.at(-1)}; with several countries, csv has the union of
                       their BBAN part columns
      --random         fully random bank codes and accounts, letters wherever
                       the country format allows them (default: realistic,
                       the codes of real banks)
      --seed S         reproducible rows: the same seed gives the same IBANs
                       (default: new rows on every run)
      --offset N       start at row N of the seeded dataset (default 0): slices
                       made with --offset on several machines join into one
      --slice K/N      part K of N (K from 0 to N-1) of the --count rows from
                       --offset: the parts differ by at most one row (the
                       first count mod N one longer) and, joined in order, are
                       the unsliced output, each a whole file (csv with its
                       header row, json its own array, sql its own
                       transaction); needs --seed. auto: K and N from an
                       array job's variables (below)
      --manifest FILE  once the part is written, FILE says what it is (JSON:
                       the dataset, slice, rows, bytes and SHA-256) for
                       "ibanmint slices check"; needs --seed
      --bank CODE      realistic rows of this real bank only, one country only
                       (see "ibanmint countries CC --banks")
      --bank-mix MIX   how realistic rows are shared among a country's banks:
                       weighted (default: as its accounts are, the largest
                       banks carrying most rows) or uniform (every bank alike)
      --qr-iban        CH, LI: QR-IBANs (a real bank's QR-IID, 30000-31999)
      --invalid CHECK  rows that fail exactly one check and pass every other:
${INVALID_CHECKS.map((check) => `                         ${check.padEnd(10)}${wrap(INVALID_CHECK_TEXT[check], 79, CHECK_INDENT).trimStart()}`).join('\n')}
                       several, comma-separated (mod97,national): each row
                       fails one of them, drawn per row among those its
                       country can fail
      --invalid-share  with --invalid: the share S of rows broken, above 0
                       and at most 1 (default 1: every row), the others valid;
                       with it or a list, csv, json, ndjson and sql rows end
                       with the column invalid (the check the row fails;
                       empty or null when valid); txt has no columns
      --no-header      csv without its header row: rows from the first line
                       (for tools such as JMeter's CSV Data Set)
      --columns C      parties (csv, json, ndjson, sql): add holder_name,
                       street, building_number, postcode, town, amount and
                       end_to_end_id (row i as transaction i of the seed's
                       payment file)
  -o, --output FILE    write to FILE instead of stdout (created or replaced)
      --threads N      threads for large counts (default: one per core; 1: the
                       command's own thread, as a slice of an array job wants)
  -h, --help           show this help

${wrap(`Payment files (-f pain.001, pain.001.001.03, pain.008, pain.008.001.02; the bank's answers for the same options: pain.002, camt.053): row i of the seeded dataset is transaction i, with its holder, address and amount (see docs/payment-files.md). Counterparties in ${PARTY_COUNTRIES.join(' ')}.`, 79, '')}
      --message M      pain.002, camt.053: the message they answer: pain.001
                       (default), pain.001.001.03, pain.008, pain.008.001.02
      --batch-size N   transactions per PmtInf block (default 500), or all
      --amounts MIN-MAX
                       the amounts' range in euros (e.g. 10-5000; default
                       0.01 to 999999999.99, median 80)
      --amount-distribution D
                       log-normal (default) or uniform
      --instant        pain.001: SEPA Instant (SCT Inst)
      --scheme S       pain.008: CORE (default) or B2B
      --sequence-type T
                       pain.008: FRST, RCUR (default), OOFF or FNAL
      --address A      structured (default), hybrid, unstructured or none
      --defects CODES  reason codes to put into the file, comma-separated:
${wrap(PAYMENT_DEFECTS.join(' '), 79, '                       ')}
      --defect-share X share of transactions with a defect, 0 to 1 (default
                       0.01 when one is named)
      --execution-date D
                       execution or collection date, YYYY-MM-DD (default: the
                       next business day; direct debits two)
      --date D         the day the file is made, YYYY-MM-DD (default today)

Every row is distinct: the rows are a fixed sequence (per seed) drawn from the
countries' account space without repeats; a count beyond what the space holds
is refused. Counts above 10,000 are made by a pool of worker threads and
streamed in order with constant memory. When stderr is a terminal and the rows
go to a file or a pipe, a progress line shows the share done, rows/s and the
time left.

--slice auto reads an array job's variables: the index from
JOB_COMPLETION_INDEX (Kubernetes), CLOUD_RUN_TASK_INDEX (Cloud Run) or
AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch); the number of parts from
CLOUD_RUN_TASK_COUNT, AWS_BATCH_JOB_ARRAY_SIZE or IBANMINT_SLICE_COUNT, which
the job sets where its platform gives none (Kubernetes). No index or no count,
two that disagree, or an index out of range: exit 2, naming the variables.

Exit codes: 0 done; 1 the output failed (a full disk); 2 bad usage (one line
on stderr); 130 interrupted (Ctrl-C).

Examples:
  $ ibanmint generate DE -n 2 --seed 42
  DE09683500481280902865
  DE60701696934633318451
  $ ibanmint generate DE,FR,IT -n 3 --seed 42
  IT18L0849195819713304940229
  IT57Q0103079332341549086434
  DE98800535723103302397
  # French IBANs whose RIB key is wrong while MOD-97 is right:
  $ ibanmint generate FR -n 2 --seed 42 --invalid national
  FR3816159414057888025632449
  FR6014806826006368804961271
  # Half the rows broken, each by one of two checks, labelled (column invalid):
  $ ibanmint generate DE -n 4 --seed 4 --invalid mod97,national \\
      --invalid-share 0.5 -f csv | cut -d, -f1,10
  iban,invalid
  DE81400693631873473136,
  DE08200697865897844525,mod97
  DE91285627169898226513,
  DE60587512308581447522,national
  # 1,000,000 rows of three countries as CSV, with a progress line:
  $ ibanmint generate DE,FR,IT -n 1000000 -f csv --seed 1 -o fixtures.csv
  # part 2 of 4 of those rows, and its manifest (then: ibanmint slices check):
  $ ibanmint generate DE,FR,IT -n 1000000 -f csv --seed 1 --slice 2/4 \\
      -o part-2.csv --manifest part-2.json
  # 10,000 transfers, 1% of them defective, and the bank's status report:
  $ ibanmint generate DE,FR -n 10000 -f pain.001 --seed 7 --date 2026-03-02 \\
      --defects AC01,AM04 -o sct.xml
  $ ibanmint generate DE,FR -n 10000 -f pain.002 --seed 7 --date 2026-03-02 \\
      --defects AC01,AM04 -o sct-status.xml
`

// Bulk's query parameters with the command line's own count limit and default format.
export const OPTIONS_SCHEMA = objectOf({
  format: { type: 'string', enum: FORMATS, default: 'txt', 'x-message': `format must be one of ${FORMATS.join(', ')}` },
  count: countSchema(MAX_COUNT, 1),
  offset: offsetSchema(Number.MAX_SAFE_INTEGER),
  seed: seedQuerySchema,
  bank: bankParamSchema,
  invalid: invalidParamSchema,
  invalid_share: invalidShareParamSchema,
  bank_mix: bankMixParamSchema,
  slice: sliceParamSchema,
  columns: columnsParamSchema,
  ...PAYMENT_PARAMETERS,
})

const validateOptions = compileValidator<ParamsOf<typeof OPTIONS_SCHEMA>>(OPTIONS_SCHEMA, 'query')

/** The payment parameters as options: batch_size as --batch-size. */
const PAYMENT_OPTIONS = PAYMENT_PARAMETER_NAMES.map((name) => name.replace(/_/g, '-'))

const QUERY_OPTIONS = [
  'count',
  'offset',
  'seed',
  'bank',
  'invalid',
  'invalid-share',
  'format',
  'bank-mix',
  'slice',
  'columns',
  ...PAYMENT_OPTIONS,
] as const

/**
 * The options bulk also takes, as its query string carries them (bank-mix as bank_mix): text,
 * absent ones left out, and `--slice auto` too (the command line's own: read from the environment).
 */
function queryOf(values: ParsedCommand['values']): Record<string, string> {
  return Object.fromEntries(
    QUERY_OPTIONS.flatMap((name) => {
      const value = values[name]
      // A flag (--instant) is the query's `true`; `--slice auto` is read from the environment.
      const text = value === true ? 'true' : value
      return typeof text === 'string' && !(name === 'slice' && text === 'auto') ? [[name.replace(/-/g, '_'), text]] : []
    }),
  )
}

// The messages of the shared operations name the API's parameters; here they are options.
const PARAMETERS = new RegExp(
  `^(?:offset \\+ )?(?:count|offset|seed|bank_mix|qr_iban|bank|invalid_share|invalid|format|slice|realistic|columns|${PAYMENT_PARAMETER_NAMES.join('|')})\\b`,
)
/** The option of a parameter whose flag is not its name. */
const OPTION_OF: Record<string, string> = { realistic: 'random' }

/** Runs a shared check; its error, a usage error naming the option (`--count must be …`). */
function asUsage<T>(check: () => T): T {
  try {
    return check()
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.code === 'not_found') throw new UsageError(`${error.message} (see "ibanmint countries")`)
    throw new UsageError(
      error.message.replace(PARAMETERS, (names) =>
        names.replace(/\w+/g, (name) => `--${OPTION_OF[name] ?? name.replace(/_/g, '-')}`),
      ),
    )
  }
}

const SPEC: CommandSpec = {
  name: 'generate',
  usage: 'generate <CC>[,<CC>...] [options]',
  options: {
    count: { type: 'string', short: 'n', value: 'N' },
    format: { type: 'string', short: 'f', value: 'F' },
    random: { type: 'boolean' },
    seed: { type: 'string', value: 'S' },
    offset: { type: 'string', value: 'N' },
    slice: { type: 'string', value: 'K/N' },
    manifest: { type: 'string', value: 'FILE' },
    bank: { type: 'string', value: 'CODE' },
    'bank-mix': { type: 'string', value: 'MIX' },
    'qr-iban': { type: 'boolean' },
    invalid: { type: 'string', value: 'CHECK' },
    'invalid-share': { type: 'string', value: 'S' },
    'no-header': { type: 'boolean' },
    output: { type: 'string', short: 'o', value: 'FILE' },
    threads: { type: 'string', value: 'N' },
    message: { type: 'string', value: 'M' },
    columns: { type: 'string', value: 'C' },
    'batch-size': { type: 'string', value: 'N' },
    amounts: { type: 'string', value: 'MIN-MAX' },
    'amount-distribution': { type: 'string', value: 'D' },
    instant: { type: 'boolean' },
    scheme: { type: 'string', value: 'S' },
    'sequence-type': { type: 'string', value: 'T' },
    address: { type: 'string', value: 'A' },
    defects: { type: 'string', value: 'CODES' },
    'defect-share': { type: 'string', value: 'X' },
    'execution-date': { type: 'string', value: 'D' },
    date: { type: 'string', value: 'D' },
  },
  hints: Object.fromEntries(FORMATS.map((format) => [format, `--format ${format}`])),
  arguments: { min: 1, max: 1, what: 'one country code, or several joined by commas (DE,FR,IT)' },
}

/** How slice errors name their parameters on the command line. */
const OPTION_NAMES = { slice: '--slice', seed: '--seed', offset: '--offset', count: '--count' }

/** What `generate` was asked for: the rows to write (a slice's part), and the slice they are part of. */
function readRequest(values: ParsedCommand['values'], list: string) {
  const countries = asUsage(() => requireCountries(list))
  const query = asUsage(() => validateOptions(queryOf(values)))
  const { count, offset, seed, bank, invalid, invalid_share, format, bank_mix } = query
  const header = values['no-header'] !== true
  if (!header && format !== 'csv') throw new UsageError(`--no-header needs -f csv: only csv has a header row`)
  const sliceText = values.slice as string | undefined
  const manifest = values.manifest as string | undefined
  let slice: Slice | undefined
  if (sliceText !== undefined || manifest !== undefined) {
    const names = sliceText === undefined ? { ...OPTION_NAMES, slice: '--manifest' } : OPTION_NAMES
    asUsage(() => refuseSlicedPayment(format, names))
    asUsage(() => requireSeedForSlice(seed, names))
    slice = asUsage(() =>
      sliceText === undefined
        ? { index: 0, count: 1 }
        : sliceText === 'auto'
          ? sliceFromEnvironment(process.env)
          : parseSlice(sliceText, OPTION_NAMES),
    )
  }
  const given = asUsage(() =>
    datasetOf(countries, {
      seed,
      bank,
      invalid,
      invalid_share,
      bank_mix,
      realistic: values.random !== true,
      qr_iban: values['qr-iban'] === true,
    }),
  )
  // A payment file's options, checked and resolved once (seed and dates) for all its batches.
  let payment: ResolvedPaymentOptions | undefined
  if (isPaymentFormat(format))
    payment = asUsage(() => {
      refuseRowOptions(format, given)
      return resolvePaymentRequest(format, { countries, count, offset, seed }, query)
    })
  else asUsage(() => refusePaymentParameters(format, query))
  const parties = asUsage(() => requireParties(format, query.columns, given))
  const dataset = withPartySeed(given, parties)
  const request = {
    dataset,
    ...partRows(count, offset, slice),
    format,
    header,
    payment,
    parties,
  }
  // The dataset is checked before anything is written: bank, invalid and the capacity of the
  // whole (every part of a dataset too large is refused alike); a payment file's counterparties
  // were checked with its options.
  if (payment === undefined) asUsage(() => requireDataset(dataset, count, offset))
  return { request, whole: { count, offset }, slice, manifest }
}

/** The manifest's pending file, opened before any row is made; a usage error for a path that is the output's. */
async function openManifest(
  manifest: string | undefined,
  output: string | undefined,
): Promise<PendingFile | undefined> {
  if (manifest === undefined) return undefined
  if (output !== undefined && resolve(manifest) === resolve(output))
    throw new UsageError('--manifest must name another file than --output')
  return await openPendingFile(manifest)
}

/** The part file as its manifest names it: from the manifest's folder, with / between folders (null: standard output). */
function partFileName(manifest: string, output: string | undefined): string | null {
  return output === undefined
    ? null
    : relative(dirname(resolve(manifest)), resolve(output))
        .split(sep)
        .join('/')
}

export async function runGenerate(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, SPEC)
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  const { request, whole, slice, manifest } = readRequest(values, positionals[0] as string)
  const threads = threadsOption(values.threads as string | undefined)
  const output = values.output as string | undefined
  const pending = await openManifest(manifest, output)
  try {
    const sink = output === undefined ? process.stdout : await openOutput(output)
    const digest = pending === undefined ? undefined : new DigestSink(sink)
    const code = await writeRows(request, sink, digest ?? sink, output, threads)
    if (code === 0 && pending !== undefined && digest !== undefined && slice !== undefined) {
      const file = { name: partFileName(manifest as string, output), bytes: digest.bytes, sha256: digest.sha256() }
      const part = { ...request, ...whole, version: VERSION, slice }
      await pending.commit(manifestText(manifestOf(part, file))).catch((error: unknown) => {
        throw new Error(`cannot write ${manifest as string}: ${reasonOf(error)}`)
      })
    }
    return code
  } finally {
    await pending?.discard()
  }
}

type RowsRequest = ReturnType<typeof readRequest>['request']

/**
 * Writes the request's rows to `sink` through `target` (the sink, or a digest of it): 0 once
 * they are all written (and the output file closed), 130 when interrupted; a failed output
 * throws, naming it.
 */
async function writeRows(
  request: RowsRequest,
  sink: Writable,
  target: ChunkSink,
  output: string | undefined,
  threads: number | undefined,
): Promise<number> {
  const { count } = request
  const progress = showsProgress(count, output) ? progressReporter(count) : undefined
  const controller = new AbortController()
  const stop = () => controller.abort()
  // A file that fails while it is written (a full disk) stops the work, as Ctrl-C does.
  let failure: Error | undefined
  sink.on('error', (error: Error) => {
    failure ??= error
    stop()
  })
  process.once('SIGINT', stop)
  try {
    if (runsInline({ rows: count }, commandLimits(threads))) {
      // Here, batch by batch: the bytes a worker would write, without starting threads. Every
      // batch mints from the same dataset, so they share its key (as the pool's do).
      const dataset = request.dataset.seed === undefined ? { ...request.dataset, seed: randomSeed() } : request.dataset
      const origin = request.origin ?? request.offset
      // Two buffers in turn: a batch is made into one while the other's bytes are written, and
      // a buffer is made into again once its bytes are written. (A fresh buffer a batch, grown to
      // its 1.3 MB and then copied, cost ten parts of 2,000,000 csv rows 12 to 19% more CPU.)
      const writers = [new ByteWriter(), new ByteWriter()] as const
      const written: Promise<void>[] = [Promise.resolve(), Promise.resolve()]
      // Ctrl-C ends a wait for a write that may never end (a reader that stopped reading).
      const stopped = new Promise<void>((resolve) => controller.signal.addEventListener('abort', () => resolve()))
      let turn = 0
      for (const batch of batchesOf(count, request.offset, BATCH_ROWS, origin)) {
        await Promise.race([written[turn], stopped])
        if (controller.signal.aborted) break
        const writer = writers[turn] as ByteWriter
        renderBatchInto({ ...request, ...batch, dataset, origin, documentRows: count }, writer)
        progress?.update(batch.count)
        // Settled once the sink is done with the bytes, written or failed (the failure stops the
        // work, as the sink's 'error' does, which comes after).
        written[turn] = new Promise<void>((resolve) =>
          target.write(writer.view(), (error) => {
            if (error) {
              failure ??= error
              stop()
            }
            resolve()
          }),
        )
        turn ^= 1
      }
      await Promise.race([Promise.all(written), stopped])
    } else {
      const pool = new WorkPool(threads === undefined ? {} : { threads })
      try {
        await pool.stream(request, target, controller.signal, {
          onChunk: (rows) => progress?.update(rows),
        })
      } finally {
        await pool.close()
      }
    }
    if (output !== undefined && failure === undefined)
      await closeOutput(sink as WriteStream).catch((error: Error) => (failure ??= error))
  } finally {
    process.off('SIGINT', stop)
  }
  // The message starts on a line of its own, not after the progress line.
  if ((failure !== undefined || controller.signal.aborted) && progress !== undefined) process.stderr.write('\n')
  if (failure !== undefined) throw new Error(`cannot write ${output ?? 'standard output'}: ${reasonOf(failure)}`)
  if (controller.signal.aborted) {
    process.stderr.write('ibanmint: interrupted\n')
    return 130
  }
  progress?.done()
  return 0
}

/**
 * A progress line on stderr when it is a terminal and the work takes a while, unless the
 * rows themselves go to that terminal: the line would be torn between them.
 */
function showsProgress(count: number, output: string | undefined): boolean {
  return process.stderr.isTTY && count > BATCH_ROWS && (output !== undefined || !process.stdout.isTTY)
}
