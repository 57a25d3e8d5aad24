// The verdict of `ibanmint slices check` on a set of parts: which manifests make the whole
// dataset, and what is wrong with the others: missing, extra, overlapping or damaged parts, each
// with its own exit code. Pure: src/cli/slices.ts reads the manifests and measures their files.
import { partOf, rowsText, type SliceManifest } from './slices.ts'
import { groupThousands } from '@ibanmint/iban/internal'

/**
 * What can be wrong with a set of parts, each with its exit code (0: nothing; 1 is a file that
 * cannot be read, 2 bad usage). When several are found, the check exits with the lowest.
 */
export const CHECK_PROBLEMS = {
  /** A slice of the whole without a manifest, or a manifest without its file. */
  missing: 3,
  /** A part that is not of this whole: another dataset, format or release, or rows outside it. */
  extra: 4,
  /** Rows twice: a slice given twice, or a part of the same rows cut with another count, n or offset. */
  overlapping: 5,
  /** A part file of another size or SHA-256 than its manifest says. */
  damaged: 6,
} as const

export type CheckProblemKind = keyof typeof CHECK_PROBLEMS

export interface CheckProblem {
  kind: CheckProblemKind
  exit_code: number
  message: string
}

/** A manifest and what was found of its file. */
export interface PartEvidence {
  /** The manifest's path, as given. */
  manifest: string
  value: SliceManifest
  /** The paths looked at for its file (partFileCandidates). */
  tried: readonly string[]
  /** The part file found: its path and size, and its SHA-256 when the size was right (else not read). */
  file: { path: string; bytes: number; sha256: string | undefined } | undefined
}

export interface SliceVerdict {
  exit_code: number
  /** The part the whole is judged by: one of the largest group of manifests of one dataset cut one way. */
  reference: PartEvidence | undefined
  problems: CheckProblem[]
}

function problem(kind: CheckProblemKind, message: string): CheckProblem {
  return { kind, exit_code: CHECK_PROBLEMS[kind], message }
}

const sliceText = (manifest: SliceManifest) => `${manifest.slice.index}/${manifest.slice.count}`

/** The fields that make two parts' rows those of one seeded sequence, in one format. */
const SEQUENCE: [string, (m: SliceManifest) => unknown][] = [
  ['version', (m) => m.version],
  ['countries', (m) => m.dataset.countries.join(',')],
  ['mode', (m) => m.dataset.mode],
  ['seed', (m) => m.dataset.seed],
  ['bank', (m) => m.dataset.bank],
  ['bank_mix', (m) => m.dataset.bank_mix],
  ['invalid', (m) => m.dataset.invalid?.join(',') ?? null],
  ['invalid_share', (m) => m.dataset.invalid_share],
  ['qr_iban', (m) => m.dataset.qr_iban],
  ['format', (m) => m.format.name],
  ['header', (m) => m.format.header],
]

/** The first field of SEQUENCE on which two manifests differ, as `seed "a" ≠ "b"`, or undefined. */
function sequenceDifference(a: SliceManifest, b: SliceManifest): string | undefined {
  for (const [name, read] of SEQUENCE) {
    const [x, y] = [read(a), read(b)]
    if (x !== y) return `${name} ${JSON.stringify(x)} ≠ ${JSON.stringify(y)}`
  }
  return undefined
}

/** One dataset cut one way: the sequence, the count and offset sliced, and n. */
function cutKey(m: SliceManifest): string {
  return JSON.stringify([...SEQUENCE.map(([, read]) => read(m)), m.dataset.count, m.dataset.offset, m.slice.count])
}

/** The reference cut: the one most manifests share (the first given of those, on a tie). */
function referenceOf(parts: readonly PartEvidence[]): PartEvidence | undefined {
  const sizes = new Map<string, number>()
  for (const part of parts) sizes.set(cutKey(part.value), (sizes.get(cutKey(part.value)) ?? 0) + 1)
  let best: PartEvidence | undefined
  for (const part of parts)
    if (best === undefined || (sizes.get(cutKey(part.value)) ?? 0) > (sizes.get(cutKey(best.value)) ?? 0)) best = part
  return best
}

const intersects = (a: { offset: number; rows: number }, b: { offset: number; rows: number }) =>
  a.rows > 0 && b.rows > 0 && a.offset < b.offset + b.rows && b.offset < a.offset + a.rows

/** A part of another cut than the reference's: overlapping when it holds rows of the whole, else extra. */
function strayProblem(part: PartEvidence, reference: PartEvidence, cut: readonly PartEvidence[]): CheckProblem {
  const [a, b] = [part.value, reference.value]
  const difference = sequenceDifference(a, b)
  if (difference !== undefined)
    return problem('extra', `${part.manifest} is not of the dataset of ${reference.manifest}: ${difference}`)
  const whole = { offset: b.dataset.offset, rows: b.dataset.count }
  if (!intersects(a.part, whole))
    return problem(
      'extra',
      `${part.manifest}: its ${rowsText(a.part)} are outside the dataset of ${reference.manifest} (${rowsText(whole)})`,
    )
  const other = cut.find((given) => intersects(a.part, given.value.part))
  const against =
    other === undefined
      ? `the dataset of ${reference.manifest} (${rowsText(whole)})`
      : `${other.manifest} (slice ${sliceText(other.value)}, ${rowsText(other.value.part)})`
  return problem(
    'overlapping',
    `${part.manifest}: slice ${sliceText(a)} of ${a.dataset.count} rows from offset ${a.dataset.offset} (${rowsText(a.part)}) overlaps ${against}; make every part with one --count, n and --offset`,
  )
}

/** The slices of the reference cut that no manifest gives, named with their rows (the first five, then how many more). */
function missingProblem(cut: readonly PartEvidence[], reference: SliceManifest): CheckProblem | undefined {
  const { count } = reference.slice
  const present = new Set(cut.map((part) => part.value.slice.index))
  if (present.size === count) return undefined
  const shown: string[] = []
  for (let index = 0; index < count && shown.length < 5; index++) {
    if (present.has(index)) continue
    const part = partOf(reference.dataset.count, { index, count })
    shown.push(`${index}/${count} (${rowsText({ offset: reference.dataset.offset + part.start, rows: part.rows })})`)
  }
  const absent = count - present.size
  const more = absent > shown.length ? `, and ${absent - shown.length} more` : ''
  return problem(
    'missing',
    `missing ${absent} of ${count} parts: ${absent === 1 ? 'slice' : 'slices'} ${shown.join(', ')}${more}`,
  )
}

/** The file of one part against its manifest: absent (missing), or of another size or SHA-256 (damaged). */
function fileProblem(part: PartEvidence): CheckProblem | undefined {
  const { file } = part.value
  if (part.file === undefined)
    return problem('missing', `${part.manifest}: its part file is not there (looked for ${part.tried.join(', ')})`)
  if (part.file.bytes !== file.bytes)
    return problem(
      'damaged',
      `${part.file.path}: ${groupThousands(part.file.bytes)} bytes, its manifest ${part.manifest} says ${groupThousands(file.bytes)}`,
    )
  if (part.file.sha256 !== file.sha256)
    return problem(
      'damaged',
      `${part.file.path}: SHA-256 ${part.file.sha256 ?? 'unread'}, its manifest ${part.manifest} says ${file.sha256}`,
    )
  return undefined
}

/**
 * The verdict on a set of parts: the cut most of them share is the whole to make; a part of
 * another cut is extra or overlapping, a slice given twice overlapping, a slice not given
 * missing, a file unlike its manifest missing or damaged. Every problem is listed; the exit
 * code is the lowest of theirs (0: none).
 */
export function checkSlices(parts: readonly PartEvidence[]): SliceVerdict {
  const problems: CheckProblem[] = []
  const reference = referenceOf(parts)
  if (reference === undefined) return { exit_code: 0, reference, problems }
  const key = cutKey(reference.value)
  const cut = parts.filter((part) => cutKey(part.value) === key)
  for (const part of parts) if (cutKey(part.value) !== key) problems.push(strayProblem(part, reference, cut))
  const byIndex = new Map<number, PartEvidence[]>()
  for (const part of cut) byIndex.set(part.value.slice.index, [...(byIndex.get(part.value.slice.index) ?? []), part])
  for (const [index, given] of byIndex)
    if (given.length > 1)
      problems.push(
        problem(
          'overlapping',
          `slice ${index}/${reference.value.slice.count} is given ${given.length} times: ${given.map((part) => part.manifest).join(', ')}`,
        ),
      )
  const missing = missingProblem(cut, reference.value)
  if (missing !== undefined) problems.push(missing)
  for (const part of cut) {
    const wrong = fileProblem(part)
    if (wrong !== undefined) problems.push(wrong)
  }
  const codes = problems.map((found) => found.exit_code)
  return { exit_code: codes.length === 0 ? 0 : Math.min(...codes), reference, problems }
}
