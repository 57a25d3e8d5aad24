// Report sections: each benchmark script saves its part of bench/RESULTS.md (bench/.out) for
// bench/report.ts to assemble. Kept free of heavy imports: bench/domain.ts loads it in every
// case process, and a large module graph (autocannon, ioredis) slows the code measured there.
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'

export function machine(): string {
  return `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`
}

/** Saves a report section for bench/report.ts to assemble into bench/RESULTS.md. */
export function saveSection(name: string, text: string): void {
  const dir = join(import.meta.dirname, '.out')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, `${name}.md`), text)
}
