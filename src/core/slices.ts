// Slices of a seeded dataset, shared by `ibanmint generate --slice` and bulk's `slice=`: which
// rows part k of n holds, where an array job's index and part count come from (`--slice auto`),
// the manifest that says what a part is, and the verdict on a set of manifests (complete,
// disjoint, one dataset, every file as its manifest says). Pure: the command line reads, writes
// and hashes the files; this module only judges what it is given.
import { basename, dirname, extname, join } from 'node:path'
import { BANK_MIXES, INVALID_CHECKS, type BankMix, type InvalidCheck } from '@ibanmint/iban'
import type { DatasetOptions } from '@ibanmint/iban/internal'
import { FORMATS, isPaymentFormat, ROW_FORMATS, type FormatName } from '../formats/format-names.ts'
import { fileTypeOf } from '../formats/render.ts'
import { isDigits } from './digits.ts'
import { ApiError } from './errors.ts'
import { MAX_SLICES, SLICE_RULE, sliceParamSchema } from './schemas.ts'
import { compileValidator, type Validator } from './validation.ts'
import { groupThousands } from '@ibanmint/iban/internal'

/** Part `index` of `count` (k/n), k counted from 0 as array jobs count their tasks. */
export interface Slice {
  readonly index: number
  readonly count: number
}

/** The rows of one part: `rows` rows from `start`, counted from the sliced dataset's first row. */
export interface Part {
  readonly start: number
  readonly rows: number
}

/** What the slice parameter and its neighbours are called where they were given: `slice`, or `--slice` on the command line. */
export interface SliceNames {
  readonly slice: string
  readonly seed: string
  readonly offset: string
  readonly count: string
}

const API_NAMES: SliceNames = { slice: 'slice', seed: 'seed', offset: 'offset', count: 'count' }

const SLICE_TEXT = new RegExp(sliceParamSchema.pattern)

/** `k/n` as a slice; a 422 naming the parameter and its rule otherwise (`4/4`, `1/0`, `a/b`). */
export function parseSlice(text: string, names: SliceNames = API_NAMES): Slice {
  const match = SLICE_TEXT.exec(text)
  const index = Number(match?.[1])
  const count = Number(match?.[2])
  if (match === null || index >= count || count > MAX_SLICES)
    throw new ApiError('invalid_request', `${names.slice} must be ${SLICE_RULE}, got ${JSON.stringify(text)}`)
  return { index, count }
}

/**
 * The rows of part k of n of a dataset of `rows` rows: parts differ by at most one row, the
 * first `rows mod n` one row longer, and in order they cover the rows exactly once. With n
 * above `rows`, the last parts are empty.
 */
export function partOf(rows: number, slice: Slice): Part {
  const base = Math.floor(rows / slice.count)
  const longer = rows % slice.count
  return {
    start: slice.index * base + Math.min(slice.index, longer),
    rows: base + (slice.index < longer ? 1 : 0),
  }
}

/**
 * Slices and manifests need a seeded dataset: without a seed every part would mint rows of
 * another dataset, so the parts would neither join nor be made again. A 422 naming both otherwise.
 */
export function requireSeedForSlice(seed: string | number | undefined, names: SliceNames = API_NAMES): string {
  if (seed === undefined)
    throw new ApiError(
      'invalid_request',
      `${names.slice} needs ${names.seed}: without a seed every part would be rows of another dataset, and the parts would neither join nor be made again`,
    )
  return String(seed)
}

/** A 422 for a payment format cut in slices: a payment file is one message, made whole. */
export function refuseSlicedPayment(format: FormatName, names: SliceNames = API_NAMES): void {
  if (isPaymentFormat(format))
    throw new ApiError(
      'invalid_request',
      `${names.slice} cuts the row formats (${ROW_FORMATS.join(', ')}); a ${format} file is one message: use ${names.offset} and ${names.count} for files of their own`,
    )
}

/**
 * The rows a request writes: part `slice` of `count` rows from `offset`, or all of them, and
 * the first row of the whole (`origin`), where a part's batches and sql INSERTs are cut as the
 * unsliced output's are.
 */
export function partRows(
  count: number,
  offset: number,
  slice: Slice | undefined,
): { count: number; offset: number; origin: number } {
  const part = slice === undefined ? { start: 0, rows: count } : partOf(count, slice)
  return { count: part.rows, offset: offset + part.start, origin: offset }
}

// --- --slice auto: the array job's own variables ---

/**
 * Where each array-job platform puts a task's index and, where it does, the number of tasks.
 * Kubernetes gives only the index, AWS Batch its array size only on some setups: the job then
 * sets SLICE_COUNT_VARIABLE.
 */
export const ARRAY_JOB_PLATFORMS = [
  { platform: 'Kubernetes Indexed Job', index: 'JOB_COMPLETION_INDEX', count: undefined },
  { platform: 'Cloud Run job', index: 'CLOUD_RUN_TASK_INDEX', count: 'CLOUD_RUN_TASK_COUNT' },
  { platform: 'AWS Batch array job', index: 'AWS_BATCH_JOB_ARRAY_INDEX', count: 'AWS_BATCH_JOB_ARRAY_SIZE' },
] as const

/** The part count a job sets where its platform gives none (a Kubernetes Indexed Job's completions). */
export const SLICE_COUNT_VARIABLE = 'IBANMINT_SLICE_COUNT'

type Variables = Readonly<Record<string, string | undefined>>

/** The index variables, then the count variables, as [name, value] (each read by its name, as docs/configuration.md lists it). */
function arrayJobVariables(env: Variables) {
  return {
    indexes: [
      ['JOB_COMPLETION_INDEX', env['JOB_COMPLETION_INDEX']],
      ['CLOUD_RUN_TASK_INDEX', env['CLOUD_RUN_TASK_INDEX']],
      ['AWS_BATCH_JOB_ARRAY_INDEX', env['AWS_BATCH_JOB_ARRAY_INDEX']],
    ],
    counts: [
      ['CLOUD_RUN_TASK_COUNT', env['CLOUD_RUN_TASK_COUNT']],
      ['AWS_BATCH_JOB_ARRAY_SIZE', env['AWS_BATCH_JOB_ARRAY_SIZE']],
      [SLICE_COUNT_VARIABLE, env['IBANMINT_SLICE_COUNT']],
    ],
  } as const
}

function autoError(message: string): ApiError {
  return new ApiError('invalid_request', `--slice auto: ${message}`)
}

/** The variables that are set (an empty value counts as unset), each read as an integer of at least `min`. */
function readVariables(variables: readonly (readonly [string, string | undefined])[], min: number) {
  return variables.flatMap(([name, raw]) => {
    const text = raw?.trim()
    if (text === undefined || text === '') return []
    const value = Number(text)
    if (!isDigits(text) || text.length > 16 || value < min)
      throw autoError(`${name} must be an integer of at least ${min}, got ${JSON.stringify(raw)}`)
    return [{ name, value }]
  })
}

/** "A=1 and B=2": variables as the messages name them. */
function listed(variables: readonly { name: string; value: number }[]): string {
  return variables.map(({ name, value }) => `${name}=${value}`).join(' and ')
}

/**
 * The slice of an array job's task, from its platform's variables: the index from
 * JOB_COMPLETION_INDEX, CLOUD_RUN_TASK_INDEX or AWS_BATCH_JOB_ARRAY_INDEX, the count from
 * CLOUD_RUN_TASK_COUNT, AWS_BATCH_JOB_ARRAY_SIZE or IBANMINT_SLICE_COUNT. A 422 naming the
 * variables when no index or no count is set, when two of them disagree, or when the index is
 * out of range.
 */
export function sliceFromEnvironment(env: Variables): Slice {
  const variables = arrayJobVariables(env)
  const indexes = readVariables(variables.indexes, 0)
  const counts = readVariables(variables.counts, 1)
  const first = indexes[0]
  if (first === undefined) {
    const platforms = ARRAY_JOB_PLATFORMS.map((p) => `${p.index} (${p.platform})`).join(', ')
    throw autoError(`no array job's index is set: none of ${platforms}`)
  }
  if (indexes.some(({ value }) => value !== first.value)) throw autoError(`${listed(indexes)} disagree`)
  const count = counts[0]
  if (count === undefined) {
    const platforms = ARRAY_JOB_PLATFORMS.filter((p) => p.count !== undefined)
      .map((p) => p.count)
      .join(', ')
    throw autoError(
      `${first.name}=${first.value} gives the index, but no variable gives the number of parts: set ${SLICE_COUNT_VARIABLE} (none of ${platforms}, ${SLICE_COUNT_VARIABLE} is set)`,
    )
  }
  if (counts.some(({ value }) => value !== count.value)) throw autoError(`${listed(counts)} disagree`)
  if (count.value > MAX_SLICES)
    throw autoError(`${count.name}=${count.value} is more parts than ${groupThousands(MAX_SLICES)}`)
  if (first.value >= count.value)
    throw autoError(
      `${first.name}=${first.value} is out of range for ${count.name}=${count.value} (indexes 0 to ${count.value - 1})`,
    )
  return { index: first.value, count: count.value }
}

// --- the manifest of a part ---

/** The manifest's kind and format version: a reader refuses any other. */
export const MANIFEST_KIND = 'ibanmint-slice/1'

/** Everything that decides a dataset's rows: two parts of equal datasets join. */
export interface ManifestDataset {
  countries: string[]
  mode: 'realistic' | 'random'
  seed: string
  bank: string | null
  /** Realistic mode only (null in random mode, where it changes nothing). */
  bank_mix: BankMix | null
  /** The checks negative rows fail, as given (null: valid rows). */
  invalid: InvalidCheck[] | null
  /** The share of rows broken, as given (null: not given). */
  invalid_share: number | null
  qr_iban: boolean
  /** The rows sliced: `count` rows from row `offset` of the seeded sequence. */
  count: number
  offset: number
}

/** What one part is: the file a retried task rewrites byte for byte, and how to check it. */
export interface SliceManifest {
  kind: typeof MANIFEST_KIND
  /** The ibanmint release that wrote the part. */
  version: string
  dataset: ManifestDataset
  slice: { index: number; count: number }
  /** The part's rows: row `offset` (of the seeded sequence) and the `rows` after it. */
  part: { offset: number; rows: number }
  format: { name: FormatName; header: boolean }
  /** The part's file: its path from the manifest's folder (null: written to standard output), size and SHA-256 (hex). */
  file: { name: string | null; bytes: number; sha256: string }
}

/** What a part was made of: the request as generate and bulk read it. */
export interface PartRequest {
  version: string
  /** The whole dataset the part is of (seeded: a slice needs a seed). */
  dataset: DatasetOptions
  count: number
  offset: number
  slice: Slice
  format: FormatName
  header: boolean
}

/** The manifest of a written part, its fields always in this order (a remade part gives the same bytes). */
export function manifestOf(request: PartRequest, file: SliceManifest['file']): SliceManifest {
  const part = partOf(request.count, request.slice)
  const { dataset } = request
  const realistic = dataset.realistic !== false
  return {
    kind: MANIFEST_KIND,
    version: request.version,
    dataset: {
      countries: [...dataset.countries],
      mode: realistic ? 'realistic' : 'random',
      seed: String(dataset.seed),
      bank: dataset.bank ?? null,
      bank_mix: realistic ? (dataset.bankMix ?? 'weighted') : null,
      invalid:
        dataset.invalid === undefined
          ? null
          : typeof dataset.invalid === 'string'
            ? [dataset.invalid]
            : [...dataset.invalid],
      invalid_share: dataset.invalidShare ?? null,
      qr_iban: dataset.qrIban === true,
      count: request.count,
      offset: request.offset,
    },
    slice: { index: request.slice.index, count: request.slice.count },
    part: { offset: request.offset + part.start, rows: part.rows },
    format: { name: request.format, header: request.header },
    file,
  }
}

/** The manifest as written to its file: two-space JSON and a final newline. */
export function manifestText(manifest: SliceManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`
}

const COUNT = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }

/** What a manifest must hold: the reader's check of a file that may be anything. */
export const MANIFEST_SCHEMA = {
  type: 'object',
  required: ['kind', 'version', 'dataset', 'slice', 'part', 'format', 'file'],
  properties: {
    kind: { const: MANIFEST_KIND, 'x-message': `kind must be "${MANIFEST_KIND}"` },
    version: { type: 'string' },
    dataset: {
      type: 'object',
      required: [
        'countries',
        'mode',
        'seed',
        'bank',
        'bank_mix',
        'invalid',
        'invalid_share',
        'qr_iban',
        'count',
        'offset',
      ],
      properties: {
        countries: { type: 'array', items: { type: 'string' }, minItems: 1 },
        mode: { enum: ['realistic', 'random'] },
        seed: { type: 'string', minLength: 1 },
        bank: { type: ['string', 'null'] },
        bank_mix: { enum: [...BANK_MIXES, null] },
        invalid: { type: ['array', 'null'], items: { enum: INVALID_CHECKS }, minItems: 1 },
        invalid_share: { type: ['number', 'null'], exclusiveMinimum: 0, maximum: 1 },
        qr_iban: { type: 'boolean' },
        count: { ...COUNT, minimum: 1 },
        offset: COUNT,
      },
    },
    slice: {
      type: 'object',
      required: ['index', 'count'],
      properties: { index: COUNT, count: { ...COUNT, minimum: 1, maximum: MAX_SLICES } },
    },
    part: { type: 'object', required: ['offset', 'rows'], properties: { offset: COUNT, rows: COUNT } },
    format: {
      type: 'object',
      required: ['name', 'header'],
      properties: { name: { enum: FORMATS }, header: { type: 'boolean' } },
    },
    file: {
      type: 'object',
      required: ['name', 'bytes', 'sha256'],
      properties: {
        name: { type: ['string', 'null'], minLength: 1 },
        bytes: COUNT,
        sha256: { type: 'string', pattern: '^[0-9a-f]{64}$', 'x-message': 'file.sha256 must be 64 hex digits' },
      },
    },
  },
}

/** Compiled on the first manifest read: `generate` and the server, which write none, never compile it. */
let validateManifest: Validator<SliceManifest> | undefined

/**
 * The manifest in `text`, checked: its fields, and a part that is the rows its slice names.
 * Throws a message saying what is wrong (the caller names the file).
 */
export function readManifest(text: string): SliceManifest {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new Error('not JSON')
  }
  validateManifest ??= compileValidator<SliceManifest>(MANIFEST_SCHEMA, 'body')
  const manifest = validateManifest(value)
  const { dataset, slice, part } = manifest
  if (slice.index >= slice.count) throw new Error(`slice ${slice.index}/${slice.count} is out of range`)
  const expected = partOf(dataset.count, slice)
  if (part.offset !== dataset.offset + expected.start || part.rows !== expected.rows)
    throw new Error(
      `its part (${rowsText(part)}) is not slice ${slice.index}/${slice.count} of ${dataset.count} rows from offset ${dataset.offset}`,
    )
  return manifest
}

/** "rows 8,335–16,668" (or "no rows, at row 8,335"): a part's rows as messages name them. */
export function rowsText(part: { offset: number; rows: number }): string {
  return part.rows === 0 ? `no rows, at row ${part.offset}` : `rows ${part.offset}–${part.offset + part.rows - 1}`
}

/**
 * Where a manifest's part file may be, in the order to look: the path it names (from the
 * manifest's folder), then the manifest's own name with the format's extension beside it (a
 * manifest and its part renamed together, as an upload to object storage names them, or a
 * part written to standard output).
 */
export function partFileCandidates(manifestPath: string, manifest: SliceManifest): string[] {
  const folder = dirname(manifestPath)
  // part-2.manifest.json names part-2.json (a json part cannot share its manifest's name).
  const stem = basename(manifestPath, extname(manifestPath)).replace(/\.manifest$/, '')
  const own = join(folder, `${stem}.${fileTypeOf(manifest.format.name).extension}`)
  const named = manifest.file.name === null ? [] : [join(folder, manifest.file.name)]
  return [...new Set([...named, own])].filter((path) => path !== join(manifestPath))
}
