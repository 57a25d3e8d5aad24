// The Bundesbank's test accounts of every method (test/fixtures/bundesbank-vectors/*.json,
// transcribed from the specification), and where ktoblzcheck 1.53 is known to judge a method
// otherwise than its current text.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The Bundesbank's test accounts of one method, and what is known of ktoblzcheck's verdicts on it. */
export interface MethodVectors {
  method: string
  /** A bank code to check with (the methods that read it: 52, 53, B6, C0). */
  bank?: string
  valid: string[]
  invalid: string[]
  /**
   * Set where ktoblzcheck 1.53 (2020) judges the method otherwise than its current text (an
   * older text, or its own reading): why, and the largest share of random accounts it may differ on.
   */
  ktoblzcheck?: { reason: string; maxDisagreement: number }
}

const DIR = join(import.meta.dirname, '..', 'fixtures', 'bundesbank-vectors')

/** Every method's entry, by method id. */
export const METHOD_VECTORS: ReadonlyMap<string, MethodVectors> = new Map(
  readdirSync(DIR)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => JSON.parse(readFileSync(join(DIR, name), 'utf8')) as MethodVectors[])
    .map((entry) => [entry.method, entry]),
)
