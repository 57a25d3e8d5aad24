// The Bundesbank's account check as an account scheme (account-scheme.ts): a German bank code
// names one of the 145 methods (index.ts), which judges the 10-digit account and lays out
// accounts that pass it. Accounts of a bank whose method checks nothing (09), or of a code no
// bank uses, cannot be checked.
import type { AccountPlan, AccountScheme, AccountWriter, Verdict } from '../account-scheme.ts'
import { accountDigitOf } from '../account-digit.ts'
import { BBAN_VALUES } from '../bban-values.ts'
import { checkingMethod, findBank, plainDigit, type BankRow, type BankTable } from '../banks.ts'
import { BBAN } from '../layout.ts'
import type { NationalCheckResult } from '../national.ts'
import { randomBelow } from '../random.ts'
import type { CountrySpec } from '../registry.ts'
import { deAccountMethod, DE_METHOD_IDS, type AccountLayout, type DerivedDigit } from './index.ts'

/** A German BBAN's bank code (its first 8 digits) and account (the next 10), as views of BBAN_VALUES. */
const BANK_DIGITS = BBAN_VALUES.subarray(0, 8)
const ACCOUNT = BBAN_VALUES.subarray(8, 18)

/** A plain method's verdict: the described digit computed from the account's digits. */
function plainVerdict(digit: DerivedDigit): boolean {
  const { indices, weights } = digit
  let sum = 0
  for (let k = 0; k < indices.length; k++) {
    const product = (ACCOUNT[indices[k] as number] as number) * (weights[k] as number)
    sum += digit.digitSums ? product - 9 * ((product / 10) | 0) : product
  }
  // The usual moduli by constant: a multiplication instead of a division.
  const modulus = digit.modulus
  const remainder = modulus === 11 ? sum % 11 : modulus === 10 ? sum % 10 : sum % modulus
  return digit.digits[remainder] === ACCOUNT[digit.at]
}

/** The results by method index and verdict, made once (frozen, shared). */
const RESULTS: (readonly [NationalCheckResult, NationalCheckResult] | undefined)[] = []

function segmentOffset(spec: CountrySpec, name: 'bank' | 'account'): number {
  return spec.segments.find((s) => s.name === name)?.offset ?? 0
}

/** The method's layout of a bank's accounts, if the bank has a method. */
function layoutOf(bank: BankRow | undefined): AccountLayout | undefined {
  return bank?.method === undefined ? undefined : deAccountMethod(bank.method).layout
}

/**
 * Writes the derived digits of a method's layout after the fields: the account's 10 digits and
 * the bank code's 8 are read from the IBAN into digit values, the guard's value v becomes the
 * v-th allowed digit for which the account completes, and the method completes the account.
 * One per method: the bank code comes from the row itself.
 */
function finishOf(spec: CountrySpec, layout: AccountLayout): (out: Uint8Array) => void {
  const base = BBAN + segmentOffset(spec, 'account')
  const bankAt = BBAN + segmentOffset(spec, 'bank')
  const bankDigits = new Uint8Array(8)
  const account = new Uint8Array(10)
  const { complete, guard, positions } = layout
  const written = Int32Array.from(
    positions.flatMap((allowed, k) => (allowed === '' || k === guard?.position ? [k] : [])),
  )
  const guardDigits =
    guard === undefined ? new Uint8Array(0) : Uint8Array.from(positions[guard.position] as string, Number)
  return (out) => {
    for (let k = 0; k < 8; k++) bankDigits[k] = (out[bankAt + k] as number) - 48
    for (let k = 0; k < 10; k++) account[k] = (out[base + k] as number) - 48
    if (guard === undefined) {
      if (!complete(account, bankDigits)) throw new Error(`generate: an account of ${spec.code} does not complete`)
    } else {
      const wanted = account[guard.position] as number
      let seen = -1
      for (let d = 0; d < guardDigits.length && seen < wanted; d++) {
        account[guard.position] = guardDigits[d] as number
        if (complete(account, bankDigits)) seen++
      }
      if (seen < wanted) throw new Error(`generate: the guard of an account of ${spec.code} found ${seen + 1} digits`)
    }
    for (let w = 0; w < written.length; w++) {
      const k = written[w] as number
      out[base + k] = 48 + (account[k] as number)
    }
  }
}

/** Writers by country and method (one per method: banks of one method share it). */
const WRITERS = new Map<string, AccountWriter | null>()

/** How the derived digits of `bank`'s method are written: as a described digit where the method has one. */
function writerOf(spec: CountrySpec, bank: BankRow | undefined): AccountWriter | undefined {
  const layout = layoutOf(bank)
  // No method, or one that checks nothing (09): nothing is derived.
  if (layout === undefined || (layout.guard === undefined && !layout.positions.includes(''))) return undefined
  const key = `${spec.code}${bank?.method ?? ''}`
  let writer = WRITERS.get(key)
  if (writer === undefined) {
    const derive = layout.derive
    writer =
      derive === undefined
        ? { digit: undefined, finish: finishOf(spec, layout) }
        : { digit: accountDigitOf(BBAN + segmentOffset(spec, 'account'), layout, derive), finish: undefined }
    WRITERS.set(key, writer)
  }
  return writer ?? undefined
}

/** True when the bank's account method checks something. */
function checks(bank: BankRow): boolean {
  return bank.method !== undefined && deAccountMethod(bank.method).checks
}

const SCRATCH_ACCOUNT = new Uint8Array(10)
const SCRATCH_BANK = new Uint8Array(8)

export const BUNDESBANK: AccountScheme = {
  id: 'bundesbank',
  failingAccount: 'DE: the account fails its bank’s check method',
  checkName: 'Account number by its bank’s check method',
  checksWhat: 'German accounts by their bank’s Bundesbank check method',
  methodWords: 'the method of the bank code (00–E4)',

  findBank: (country, text) => findBank(country, text),
  bankWords: 'a registered bank code',
  drawnBank: (bank) => bank,
  filteredBank: (bank) => bank,
  checks,

  accountPlan(spec, bank): AccountPlan {
    const layout = layoutOf(bank)
    return {
      key:
        layout === undefined
          ? ''
          : `${layout.positions.join(',')}|${layout.guard?.position ?? ''}|${layout.guard?.size ?? ''}`,
      slots: layout === undefined ? undefined : { positions: layout.positions, guard: layout.guard, choice: undefined },
      writer: writerOf(spec, bank),
      tagOf: undefined,
    }
  },

  unbreakable(realistic, bank) {
    if (!realistic)
      return 'has, in random mode, bank codes no bank uses, so no account check applies (use realistic mode)'
    if (bank !== undefined && !checks(bank))
      return `has no account check for bank ${bank.code}: its method ${bank.method ?? '(none)'} checks nothing`
    return undefined
  },
  negativeKind: 'pass',
  // One derived digit of the method's layout (the check digit) becomes another digit that the
  // method refuses; the free digits stay as they were, so distinct rows stay distinct.
  breakAccount(spec, bank, out, random) {
    if (bank?.method === undefined) throw new RangeError(`${spec.code}: a row without a bank's account method`)
    const method = deAccountMethod(bank.method)
    const accountAt = BBAN + segmentOffset(spec, 'account')
    const bankAt = BBAN + segmentOffset(spec, 'bank')
    for (let k = 0; k < 10; k++) SCRATCH_ACCOUNT[k] = (out[accountAt + k] as number) - 48
    for (let k = 0; k < 8; k++) SCRATCH_BANK[k] = (out[bankAt + k] as number) - 48
    const start = randomBelow(random, 9)
    const positions = method.layout.positions
    for (let k = 9; k >= 0; k--) {
      if (positions[k] !== '') continue
      const digit = SCRATCH_ACCOUNT[k] as number
      for (let step = 0; step < 9; step++) {
        SCRATCH_ACCOUNT[k] = (digit + 1 + ((start + step) % 9)) % 10
        if (!method.valid(SCRATCH_ACCOUNT, SCRATCH_BANK)) {
          out[accountAt + k] = 48 + (SCRATCH_ACCOUNT[k] as number)
          return true
        }
      }
      SCRATCH_ACCOUNT[k] = digit
    }
    throw new RangeError(`${spec.code}: no check digit breaks method ${bank.method} for bank ${bank.code}`)
  },

  readsBank: true,
  judge(table: BankTable, index: number): Verdict {
    const methodIndex = index < 0 ? -1 : (table.methodIndexes[index] as number)
    if (methodIndex < 0) return -1
    const plain = plainDigit(methodIndex)
    const valid = plain !== undefined ? plainVerdict(plain) : checkingMethod(methodIndex)?.valid(ACCOUNT, BANK_DIGITS)
    return valid === undefined ? -1 : methodIndex * 2 + (valid ? 1 : 0)
  },
  result(verdict) {
    const slot = verdict >> 1
    let results = RESULTS[slot]
    if (results === undefined) {
      const method = DE_METHOD_IDS[slot] as string
      const make = (valid: boolean) =>
        Object.freeze({ algorithm: 'bundesbank', method, status: 'confirmed' as const, valid })
      RESULTS[slot] = results = [make(false), make(true)]
    }
    return results[verdict & 1] as NationalCheckResult
  },
  kind: (verdict) => (verdict < 0 ? 0 : 1 + (verdict >> 1)),
  addFields() {},
  failure: (check) => `the account fails its bank’s check method ${check.method ?? ''}`,

  requirePasses(_spec, bban, bank) {
    if (bank?.method === undefined) return
    const method = deAccountMethod(bank.method)
    const digits = (from: number, to: number) =>
      Uint8Array.from(bban.slice(from, to), (char) => char.charCodeAt(0) - 48)
    if (method.valid(digits(8, 18), digits(0, 8))) return
    throw new RangeError(
      `account ${bban.slice(8)} fails the check method ${bank.method} of bank ${bank.code} (${bank.name}): no account of that bank has this number`,
    )
  },
}
