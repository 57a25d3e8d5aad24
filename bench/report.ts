// Assembles bench/RESULTS.md from the sections the benchmark scripts saved (bench/.out):
// machine, Node version, date and method first, then each section's tables. With `--only
// <name>` it replaces that one section of the existing file with the one just saved (a
// benchmark rerun alone, e.g. bench/peers.ts), leaving the others and the header as they are;
// the replaced section says when it was measured.
// Usage: node --import tsx bench/report.ts [--only domain|http|peers|cluster|validate|library|compression|bulk|slices]
import { readFileSync, writeFileSync } from 'node:fs'
import { totalmem } from 'node:os'
import { join } from 'node:path'
import { machine } from './sections.ts'

const SECTIONS = ['domain', 'http', 'peers', 'cluster', 'validate', 'library', 'compression', 'bulk', 'slices']
const out = join(import.meta.dirname, '.out')
const results = join(import.meta.dirname, 'RESULTS.md')
const today = new Date().toISOString().slice(0, 10)
const sectionOf = (name: string) => readFileSync(join(out, `${name}.md`), 'utf8').trim()

/** `report` with its `## ` section whose text starts as `section` does replaced by `section`. */
function replaceSection(report: string, name: string, section: string): string {
  const heading = section.split('\n', 1)[0] as string
  if (!heading.startsWith('## ')) throw new Error(`bench/.out/${name}.md does not start with a "## " heading`)
  const dated = section.replace(
    heading,
    `${heading}\n\nMeasured alone on ${today} (bench/${name}.ts; bench/report.ts --only ${name}).`,
  )
  const start = report.indexOf(`\n${heading}\n`)
  // A section the file does not hold yet (a benchmark added since the last full run) goes last.
  if (start < 0) return `${report.trimEnd()}\n\n${dated}\n`
  const next = report.indexOf('\n## ', start + heading.length + 1)
  return `${report.slice(0, start + 1)}${dated}\n${next < 0 ? '' : report.slice(next)}`
}

const only = process.argv.indexOf('--only')
let report: string
if (only > 0) {
  const name = process.argv[only + 1] as string
  if (!SECTIONS.includes(name)) throw new Error(`--only takes one of ${SECTIONS.join(', ')}, not ${name}`)
  report = replaceSection(readFileSync(results, 'utf8'), name, sectionOf(name))
} else {
  report = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/domain.ts, bench/http.ts, bench/peers.ts, bench/cluster.ts, bench/validate.ts, bench/library.ts, bench/compression.ts, bench/bulk.ts, bench/slices.ts, bench/report.ts) on ${today}.`,
    `Machine: ${machine()}, ${Math.round(totalmem() / 2 ** 30)} GiB; Linux; the load generator runs on the same machine.`,
    'Targets are ratios measured in the same run, never absolute times; they are not test assertions.',
    '',
    ...SECTIONS.flatMap((name) => [sectionOf(name), '']),
  ].join('\n')
}
writeFileSync(results, report)
process.stdout.write(`bench/RESULTS.md written (${report.length} bytes)\n`)
