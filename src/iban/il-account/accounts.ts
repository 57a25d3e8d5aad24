// Israeli accounts as generation writes them (the writer of il-account/scheme.ts): the row's
// bank code, branch and account digits but the last two are in place; the last two are derived
// so that the account passes its bank's MASAV rule (rules.ts), and for a bank code the rules do
// not cover they are a hash of the rest. Either way they are a function of the row's free
// digits, so distinct rows stay distinct.
import { BBAN } from '../layout.ts'
import { mix32 } from '../permutation.ts'
import { LEUMI_RULE, LEUMI_TARGETS, leumiRest, rulePasses, ruleOf } from './rules.ts'

/** An Israeli BBAN: bank (3 digits), branch (3), account (13; MASAV reads its last 9). */
const BRANCH_AT = BBAN + 3
const ACCOUNT_AT = BBAN + 6
/** The IBAN index of r9, the first of the 9 digits MASAV reads, and of r2 and r1. */
const R9_AT = ACCOUNT_AT + 4
const R2_AT = ACCOUNT_AT + 11
const R1_AT = ACCOUNT_AT + 12

/** The 9 digits r9 … r1 of the account being written. */
const DIGITS = new Uint8Array(9)

function numberAt(out: Uint8Array, at: number): number {
  return ((out[at] as number) - 48) * 100 + ((out[at + 1] as number) - 48) * 10 + (out[at + 2] as number) - 48
}

/**
 * The first of the 100 endings r2 r1, from `start` on, with which DIGITS pass `rule` at
 * `branch`. Every rule has some: Hapoalim's group, Discount's, First International's and the
 * Postal Bank's at every r2 (r1 weighs 1), Citibank's at 8 of 10 values of r2, Masad's and
 * Otsar HaHayal's at 9.
 */
function completion(rule: number, branch: number, start: number): number {
  for (let k = 0; k < 100; k++) {
    const ending = (start + k) % 100
    DIGITS[7] = (ending / 10) | 0
    DIGITS[8] = ending % 10
    if (rulePasses(rule, branch, DIGITS, 0)) return ending
  }
  throw new Error(`generate: no account completes MASAV rule ${rule} at branch ${branch}`)
}

/** The two digits r2 r1 of the account in `out` (as 0–99): derived from the rest of the row. */
export function ilEnding(out: Uint8Array): number {
  const bank = numberAt(out, BBAN)
  const branch = numberAt(out, BRANCH_AT)
  let rest = 0
  for (let k = 0; k < 7; k++) {
    const digit = (out[R9_AT + k] as number) - 48
    DIGITS[k] = digit
    rest = rest * 10 + digit
  }
  // Where the ending starts its search (and Leumi's which remainder it aims at): a hash of the
  // rest, so that endings spread over their values as real ones do.
  const start = mix32(rest ^ mix32(bank * 1000 + branch)) % 100
  const rule = ruleOf(bank)
  if (rule < 0) return start
  if (rule === LEUMI_RULE) {
    // Leumi's group: the ending is read as one two-digit number, so it reaches every remainder.
    const target = LEUMI_TARGETS[start % LEUMI_TARGETS.length] as number
    return (((target - leumiRest(DIGITS, 0, branch)) % 100) + 100) % 100
  }
  return completion(rule, branch, start)
}

function writeEnding(out: Uint8Array, ending: number): void {
  out[R2_AT] = 48 + ((ending / 10) | 0)
  out[R1_AT] = 48 + (ending % 10)
}

/** Writes the last two digits of the account in `out` (AccountWriter.finish). */
export function writeIlAccount(out: Uint8Array): void {
  writeEnding(out, ilEnding(out))
}

/**
 * Writes the last two digits of an account of Leumi's group whose row chose, in those two
 * positions, which of the rule's 5 remainders to reach (00–04): every account of the bank and
 * branch that passes is then one row.
 */
export function writeLeumiAccount(out: Uint8Array): void {
  const target = LEUMI_TARGETS[((out[R2_AT] as number) - 48) * 10 + (out[R1_AT] as number) - 48] as number
  for (let k = 0; k < 7; k++) DIGITS[k] = (out[R9_AT + k] as number) - 48
  writeEnding(out, (((target - leumiRest(DIGITS, 0, numberAt(out, BRANCH_AT))) % 100) + 100) % 100)
}

/**
 * Makes the valid account in `out` fail its bank's rule by changing r1 (or, where no other r1
 * fails, r2): a digit drawn from `pick` (0–8) onwards. Leumi's group moves its sum from the
 * remainder it reached to the next one up (21, 61, 71, 73, 91 all fail): its last two digits
 * also hold the row's choice of remainder, which must stay readable for rows to stay distinct.
 * False when the bank has no rule.
 */
export function breakIlAccount(out: Uint8Array, pick: number): boolean {
  const bank = numberAt(out, BBAN)
  const branch = numberAt(out, BRANCH_AT)
  const rule = ruleOf(bank)
  if (rule < 0) return false
  for (let k = 0; k < 9; k++) DIGITS[k] = (out[R9_AT + k] as number) - 48
  if (rule === LEUMI_RULE) {
    const rest = leumiRest(DIGITS, 0, branch)
    const reached = (rest + (DIGITS[7] as number) * 10 + (DIGITS[8] as number)) % 100
    writeEnding(out, (((reached + 1 - rest) % 100) + 100) % 100)
    return true
  }
  for (const index of [8, 7]) {
    const digit = DIGITS[index] as number
    for (let step = 0; step < 9; step++) {
      const changed = (digit + 1 + ((pick + step) % 9)) % 10
      DIGITS[index] = changed
      if (!rulePasses(rule, branch, DIGITS, 0)) {
        out[R9_AT + index] = 48 + changed
        return true
      }
    }
    DIGITS[index] = digit
  }
  throw new RangeError(`no digit of the account breaks MASAV rule ${rule} at bank ${bank}, branch ${branch}`)
}
