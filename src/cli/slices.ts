// `ibanmint slices check MANIFEST...`: whether the parts that `generate --slice … --manifest`
// wrote make one whole dataset. This module reads the manifests and measures their files (size,
// then SHA-256 when the size is right); src/core/slices.ts judges them.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { checkSlices, type PartEvidence, type SliceVerdict } from '../core/slice-check.ts'
import { partFileCandidates, readManifest, type SliceManifest } from '../core/slices.ts'
import { reasonOf } from './reason.ts'
import { actionOf, parseCommand, UsageError, type CommandSpec } from './usage.ts'
import { groupThousands } from '@ibanmint/iban/internal'

const HELP = `Usage: ibanmint slices check MANIFEST... [--json]

Checks that the parts "ibanmint generate --slice K/N --manifest FILE" wrote
make one whole dataset: the cut most manifests share (one release, the same
countries, seed, options and format, the same --count, --offset and N) is the
whole to make; each of its slices must be given once, and every part file be
of the size and SHA-256 its manifest says. A manifest finds its part file by
the name it records (from the manifest's folder), else by its own name with
the format's extension (part-2.json or part-2.manifest.json: part-2.csv), as
an upload that renames both finds it.

Options:
      --json      one JSON object on stdout: ok, exit_code, the dataset, the
                  parts and the problems (each with kind, exit_code, message)
  -h, --help      show this help

Exit codes: 0 whole, every slice once and every file as its manifest says;
1 a part file cannot be read; 2 bad usage, or a file that is not a slice
manifest; 3 missing: a slice without a manifest, or a manifest without its
file; 4 extra: a part of another dataset, format or release, or of rows
outside the dataset; 5 overlapping: a slice given twice, or a part cut with
another --count, N or --offset that holds rows of the dataset; 6 damaged: a
part file whose size or SHA-256 is not its manifest's. Every problem found is
one line on stderr; with several, the exit code is the lowest of theirs.

Examples:
  # four parts of one dataset, then the check of the whole:
  $ for k in 0 1 2 3; do ibanmint generate DE -n 1000 --seed 1 -f csv \\
      --slice $k/4 -o part-$k.csv --manifest part-$k.json; done
  $ ibanmint slices check part-*.json
`

const CHECK: CommandSpec = {
  name: 'slices check',
  usage: 'slices check MANIFEST... [--json]',
  options: { json: { type: 'boolean' } },
  arguments: { min: 1, max: Infinity, what: 'one or more manifests (generate --manifest FILE)' },
}

/** A manifest read and checked; a usage error (exit 2) naming the file when it cannot be. */
async function loadManifest(path: string): Promise<SliceManifest> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${reasonOf(error)}`)
  }
  try {
    return readManifest(text)
  } catch (error) {
    throw new UsageError(`${path} is not a slice manifest: ${(error as Error).message}`)
  }
}

/** The size of a regular file, or undefined when there is none at `path`. */
async function sizeOf(path: string): Promise<number | undefined> {
  try {
    const stats = await stat(path)
    return stats.isFile() ? stats.size : undefined
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new Error(`cannot read ${path}: ${reasonOf(error)}`, { cause: error })
  }
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest('hex')
}

/** What is found of a manifest's part file: the first candidate there, its size, and its hash when the size is right. */
async function evidenceOf(path: string, manifest: SliceManifest): Promise<PartEvidence> {
  const tried = partFileCandidates(path, manifest)
  for (const candidate of tried) {
    const bytes = await sizeOf(candidate)
    if (bytes === undefined) continue
    const sha256 = bytes === manifest.file.bytes ? await sha256Of(candidate) : undefined
    return { manifest: path, value: manifest, tried, file: { path: candidate, bytes, sha256 } }
  }
  return { manifest: path, value: manifest, tried, file: undefined }
}

/** The one line that says the parts are whole. */
function wholeLine(parts: readonly PartEvidence[], reference: PartEvidence): string {
  const { dataset, format, slice } = reference.value
  const bytes = parts.reduce((total, part) => total + part.value.file.bytes, 0)
  const from = dataset.offset === 0 ? '' : ` from row ${groupThousands(dataset.offset)}`
  return `ok: ${slice.count} ${slice.count === 1 ? 'part' : 'parts'} of ${groupThousands(dataset.count)} rows${from} (${dataset.countries.join(',')}, ${dataset.mode}, seed ${JSON.stringify(dataset.seed)}, ${format.name}), ${groupThousands(bytes)} bytes: complete, disjoint, every file as its manifest says\n`
}

function jsonReport(parts: readonly PartEvidence[], verdict: SliceVerdict): string {
  const first = verdict.reference?.value
  return `${JSON.stringify({
    ok: verdict.exit_code === 0,
    exit_code: verdict.exit_code,
    dataset: first?.dataset ?? null,
    format: first?.format ?? null,
    parts: parts.map((part) => ({
      manifest: part.manifest,
      file: part.file?.path ?? null,
      slice: part.value.slice,
      part: part.value.part,
      bytes: part.file?.bytes ?? null,
      sha256: part.file?.sha256 ?? null,
    })),
    problems: verdict.problems,
  })}\n`
}

async function runCheck(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, CHECK)
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  const manifests: [string, SliceManifest][] = []
  for (const path of positionals) manifests.push([path, await loadManifest(path)])
  // One file at a time: the parts are large and on one disk, read faster in turn than at once.
  const parts: PartEvidence[] = []
  for (const [path, manifest] of manifests) parts.push(await evidenceOf(path, manifest))
  const verdict = checkSlices(parts)
  if (values.json === true) process.stdout.write(jsonReport(parts, verdict))
  else if (verdict.exit_code === 0 && verdict.reference !== undefined)
    process.stdout.write(wholeLine(parts, verdict.reference))
  for (const found of verdict.problems) process.stderr.write(`ibanmint: ${found.message}\n`)
  return verdict.exit_code
}

export async function runSlices(args: string[]): Promise<number> {
  const found = actionOf('slices', { check: CHECK }, args, CHECK.usage)
  if (found === 'help') {
    process.stdout.write(HELP)
    return 0
  }
  return await runCheck(found.rest)
}
