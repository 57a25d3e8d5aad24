// GB accounts as the UK's payment systems check them: the modulus check of a sort code and
// account (check.ts, over Vocalink's table in table.ts), the banks sort codes belong to
// (sort-codes.ts), and the sort codes and accounts generation draws (accounts.ts): what the
// IBAN code asks of GB. uk-account.ts is the library's entry (checkUkAccount).
import type { AccountKind } from '../account-scheme.ts'
import { tailChoices } from './accounts.ts'
import { exceptionOf, methodOf } from './check.ts'
import { banksOfSortCode, rangesOfBank } from './sort-codes.ts'
import { rangeOf, ukRanges } from './table.ts'

export { UK_MODULUS_TABLE } from './table-data.ts'
export { leastTailChoices, tailChoices, ukAccount } from './accounts.ts'
export { bankOfSortCode, banksOfSortCode } from './sort-codes.ts'
export { exceptionOf, methodOf, rangePasses, sortCodeOf } from './check.ts'
export { rangeOf } from './table.ts'

// ---- what the IBAN code asks of GB ----

/** The method and exception of each range, numbered (ranges alike share a number). */
let LABELS: { readonly byRange: Int16Array; readonly labels: readonly [string, string | null][] } | undefined

/** The number of a range's method and exception, and every such pair by number. */
export function ukLabels(): { readonly byRange: Int16Array; readonly labels: readonly [string, string | null][] } {
  if (LABELS === undefined) {
    const index = new Map<string, number>()
    const labels: [string, string | null][] = []
    const byRange = Int16Array.from(ukRanges(), (range) => {
      const label: [string, string | null] = [methodOf(range), exceptionOf(range)]
      const key = label.join('|')
      let at = index.get(key)
      if (at === undefined) index.set(key, (at = labels.push(label) - 1))
      return at
    })
    LABELS = { byRange, labels }
  }
  return LABELS
}

/** Most sort codes a bank's realistic rows draw from: evenly spread over its ranges. */
const MAX_BANK_SORT_CODES = 256

/**
 * The sort codes realistic rows of a GB bank draw, with the choices of k they all offer: of the
 * sort codes of the bank's known ranges that the modulus table checks, an even spread of at
 * most MAX_BANK_SORT_CODES, less those a narrower range gives another bank and those where no
 * account of `kind` exists; for a bank with no checked sort code, its known ones (for `pass`).
 * Empty when none is known.
 */
export function bankSortCodes(bank: string, kind: AccountKind): { sortCodes: string[]; choices: number } {
  const checked: number[] = []
  const unchecked: number[] = []
  for (const [from, to] of rangesOfBank(bank)) {
    for (const range of ukRanges()) {
      if (range.end < from || range.start > to) continue
      for (let code = Math.max(from, range.start); code <= Math.min(to, range.end); code++) checked.push(code)
    }
    if (kind === 'pass' && to - from < MAX_BANK_SORT_CODES)
      for (let code = from; code <= to; code++) if (rangeOf(code) === undefined) unchecked.push(code)
  }
  const pool = checked.length > 0 ? checked : unchecked
  const step = Math.max(1, Math.ceil(pool.length / MAX_BANK_SORT_CODES))
  const sortCodes: string[] = []
  let choices = Number.POSITIVE_INFINITY
  for (let i = 0; i < pool.length; i += step) {
    const code = pool[i] as number
    if (!banksOfSortCode(code).includes(bank)) continue
    const offered = tailChoices(code, kind)
    if (offered === 0) continue
    sortCodes.push(String(code).padStart(6, '0'))
    choices = Math.min(choices, offered)
  }
  return { sortCodes, choices: sortCodes.length === 0 ? 0 : choices }
}
