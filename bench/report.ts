// Assembles bench/RESULTS.md from the sections the benchmark scripts saved (bench/.out):
// machine, Node version, date and method first, then each section's tables.
import { readFileSync, writeFileSync } from 'node:fs'
import { totalmem } from 'node:os'
import { join } from 'node:path'
import { machine } from './sections.ts'

const out = join(import.meta.dirname, '.out')
const sections = ['domain', 'http', 'peers', 'cluster', 'validate', 'library'].map((name) =>
  readFileSync(join(out, `${name}.md`), 'utf8').trim(),
)
const report = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench\` (bench/domain.ts, bench/http.ts, bench/peers.ts, bench/cluster.ts, bench/validate.ts, bench/library.ts, bench/report.ts) on ${new Date().toISOString().slice(0, 10)}.`,
  `Machine: ${machine()}, ${Math.round(totalmem() / 2 ** 30)} GiB; Linux; the load generator runs on the same machine.`,
  'Targets are ratios measured in the same run, never absolute times; they are not test assertions.',
  '',
  ...sections.flatMap((section) => [section, '']),
].join('\n')
writeFileSync(join(import.meta.dirname, 'RESULTS.md'), report)
process.stdout.write(`bench/RESULTS.md written (${report.length} bytes)\n`)
