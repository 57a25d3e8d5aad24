// ktoblzcheck as the tests' independent judge of German accounts: its command line (with its
// own 2020 copy of the Bundesbank's bank file) and, for any method on any account, its library
// through test/helpers/ktoblzcheck-oracle.cpp, compiled once into node_modules/.cache.
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const SOURCE = join(import.meta.dirname, 'ktoblzcheck-oracle.cpp')
const CACHE = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'ibanmint')

/**
 * ktoblzcheck's verdicts: 0 passes, 1 method unknown to it, 2 fails, 3 bank unknown; 4 not
 * asked, for an input on which ktoblzcheck 1.53 crashes (see ktoblzcheck-oracle.cpp).
 */
export type Verdict = 0 | 1 | 2 | 3 | 4

let binary: string | undefined

function oracle(): string {
  if (binary !== undefined) return binary
  const source = readFileSync(SOURCE)
  const path = join(CACHE, `ktoblzcheck-oracle-${createHash('sha256').update(source).digest('hex').slice(0, 12)}`)
  if (!existsSync(path)) {
    mkdirSync(CACHE, { recursive: true })
    execFileSync('g++', ['-O2', '-o', path, SOURCE, '-lktoblzcheck'], { stdio: ['ignore', 'inherit', 'inherit'] })
  }
  binary = path
  return path
}

/** One question: is `account` right for `bank` under `method`? */
export interface Question {
  method: string
  bank: string
  account: string
}

/** ktoblzcheck's verdict on each question, by the method given (its bank file is not consulted). */
export function judgeByMethod(questions: readonly Question[]): Verdict[] {
  if (questions.length === 0) return []
  const input = questions.map((q) => `${q.method} ${q.bank} ${q.account}`).join('\n') + '\n'
  const output = execFileSync(oracle(), [], {
    input,
    encoding: 'latin1',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'ignore'],
  })
  const verdicts = output.trim().split('\n').map(Number) as Verdict[]
  if (verdicts.length !== questions.length)
    throw new Error(`ktoblzcheck oracle answered ${verdicts.length} of ${questions.length}`)
  return verdicts
}

/**
 * ktoblzcheck's verdict by its own bank file (the command line's `--infile`): the method is
 * the one its 2020 data names for the bank code.
 */
export function judgeByBank(pairs: readonly { bank: string; account: string }[], dir: string): Verdict[] {
  if (pairs.length === 0) return []
  const file = join(dir, `ktoblzcheck-${process.pid}-${Date.now()}.txt`)
  writeFileSync(file, pairs.map((p) => `${p.bank}\t${p.account}`).join('\n') + '\n')
  // With --infile, ktoblzcheck still wants two positional arguments, which it ignores; its exit
  // status tells whether every line passed, so the lines are read whatever it is.
  const run = spawnSync('ktoblzcheck', [`--infile=${file}`, '-', '-'], {
    encoding: 'latin1',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  if (run.error !== undefined) throw run.error
  const lines = run.stdout.trim().split('\n')
  if (lines.length !== pairs.length) throw new Error(`ktoblzcheck answered ${lines.length} of ${pairs.length}`)
  return lines.map((line) => Number(line.split(' ')[0]) as Verdict)
}

/** The methods ktoblzcheck's 2020 bank file names, by bank code. */
export function ktoblzcheckMethods(): Map<string, string> {
  // Prints BANKDATA_LOOKED_UP=/usr/share/ktoblzcheck/bankdata_<date>.txt
  const file =
    execFileSync('ktoblzcheck', ['--bankdata-looked-up'], { encoding: 'latin1' }).trim().split('=').pop() ?? ''
  const methods = new Map<string, string>()
  for (const line of readFileSync(file, 'latin1').split('\n')) {
    const [bank, method] = line.split('\t')
    if (bank !== undefined && method !== undefined && /^\d{8}$/.test(bank)) methods.set(bank, method)
  }
  return methods
}
