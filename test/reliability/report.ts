// The reliability suite's summary: each case records its id, outcome and figure; test/run.ts
// prints them as one table after the run (IBANMINT_RELIABILITY_REPORT names the file).
import { appendFileSync } from 'node:fs'

export interface CaseResult {
  id: string
  title: string
  outcome: 'pass' | 'fail'
  figure: string
}

/** Records a case's figure; call it after the case's assertions passed. */
export function record(id: string, title: string, figure: string): void {
  const file = process.env['IBANMINT_RELIABILITY_REPORT']
  if (file === undefined || file === '') return
  const result: CaseResult = { id, title, outcome: 'pass', figure }
  appendFileSync(file, JSON.stringify(result) + '\n')
}

/** Milliseconds → the p-th percentile of `samples`. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return 0
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number
}
