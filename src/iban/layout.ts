// The row space of one country and mode: every BBAN position is a constant (a fixed segment,
// a real bank code, a country rule), derived (a national or bank check digit), or part of a
// field, one free choice among `size` values. A row is a number in mixed radix over the fields,
// so distinct numbers give distinct BBANs, and the derived positions are functions of the rest.
//
// A national check that admits no check digit for some inputs (weighted mod 11 with a
// forbidden remainder: NO, IS, CZ, SK, the NL elfproef) gets a guard: the last free digit of
// its input becomes a choice among 9, the k-th digit for which the check exists. Exactly one
// digit value at most is forbidden (its weight is a unit mod 11), so 9 always remain.
//
// A GB account is made by the sort code's modulus check (uk-modulus/accounts.ts): its digits
// a–e are free, f g hold one of the sort code's choices of tail (written as two digits, then
// replaced), and h is derived.
import type { BankRow } from './banks.ts'
import { LAYOUT_RULES, numbers, type LayoutEditor } from './constraints.ts'
import { DE_ACCOUNT_METHODS, type AccountLayout, type DerivedDigit } from './de-account/index.ts'
import type { ComputeCheck } from './national.ts'
import type { CheckPart, CountrySpec } from './registry.ts'
import { NO_RECORD, RECORD_AT, ukAccountWriter, ukRecord, type AccountKind } from './uk-modulus/index.ts'

/** Byte index of the BBAN in an IBAN. */
export const BBAN = 4
/** Largest IBAN length of any country (ISO 13616 caps it at 34). */
export const MAX_IBAN_LENGTH = 34

/** A national check step: where it writes and what it reads. */
export interface CheckStep {
  readonly compute: ComputeCheck
  readonly part: CheckPart
  /** Scratch for the input's character codes (exact length). */
  readonly codes: number[]
}

/** One free choice: value v writes `values[v × width + k]` at `positions[k]`. */
export interface Field {
  readonly size: number
  /** IBAN byte indices. */
  readonly positions: readonly number[]
  readonly values: Uint8Array
  /** For a guard: the check whose input it completes (values are then unused). */
  readonly guard: CheckStep | undefined
  /**
   * For the guard of a bank's account method: the field writes its value v as the digit v, and
   * the bank's account writer turns it into the v-th digit for which the account completes.
   */
  readonly accountGuard: boolean
}

/** A field of 9 choices that keeps a nullable check computable. */
export const GUARD_SIZE = 9

/**
 * The row layout of one country and mode, under the banks of one likeness (or the only layout,
 * without banks): banks whose codes are alike (same length, all digits or not, same account
 * method and branches) share it, each with its own template and constant MOD-97 share (Stamp).
 */
export interface Variant {
  /** An IBAN's bytes with the country code and every constant in place (the first bank's code). */
  readonly template: Uint8Array
  /**
   * Every field: first the `indexedCount` fields that the row number decides, lowest digit
   * first; then those beyond what a row number covers, drawn from a hash chain of it.
   */
  readonly fields: readonly Field[]
  readonly indexedCount: number
  /** Product of the indexed fields' sizes. */
  readonly size: number
  /**
   * The fields cut into runs whose sizes multiply to less than 2^30: a run's share of the row
   * number is split off with one floating-point division (or, for drawn fields, one draw), and
   * its fields are then decoded in 32-bit integer arithmetic. `runEnds[k]` is the index after
   * run k's last field; `runDrawn[k]` tells a drawn run.
   */
  readonly runEnds: readonly number[]
  readonly runSizes: readonly number[]
  readonly runDrawn: readonly boolean[]
  /** The fields flattened for the hot loop: size, and for a one-character field its IBAN
   * position and where its characters start in `chars` (position -1: see `fields`). */
  readonly sizes: Int32Array
  readonly positions: Int32Array
  readonly starts: Int32Array
  readonly chars: Uint8Array
  /**
   * For BBANs of digits only (`digitWeights` set), the BBAN's remainder mod 97 is summed as
   * the row is written: Σ digit × 10^k mod 97, with `weights[f]` the weight of simple field
   * f's position, `constantSum` the constants' share and `derived` the positions written
   * after the fields (check digits, guards, multi-character fields), summed at the end.
   */
  readonly digitWeights: Int32Array | undefined
  readonly weights: Int32Array
  /** The decoding program (OP_RUN, OP_DIGITS, OP_FIELD; see buildVariant). */
  readonly program: Int32Array
  /** `digitWeights` by IBAN position (zeros when the BBAN may hold letters). */
  readonly positionWeights: Int32Array
  readonly constantSum: number
  readonly derived: Int32Array
}

/**
 * How a bank's own account check (DE) is written after the fields: by its method's `digit`,
 * data that writeAccountDigit reads (one function for most methods, straight from the IBAN's
 * bytes), or else by a `finish` that runs the method's `complete`; neither where the method
 * derives nothing (09). One per method; banks of different methods may share a shape.
 */
export interface AccountWriter {
  readonly digit: AccountDigit | undefined
  readonly finish: ((out: Uint8Array) => void) | undefined
}

/**
 * An account check digit as data (DerivedDigit), placed in the IBAN: the digits summed are
 * those of IBAN bytes `from` … `to`, `weights` indexed by IBAN byte (0 elsewhere).
 */
export interface AccountDigit {
  readonly at: number
  readonly from: number
  readonly to: number
  readonly weights: Int32Array
  readonly digitSums: boolean
  readonly modulus: number
  readonly digits: Int8Array
  /** The guard's IBAN index, or −1; its weight; its allowed digits, in order. */
  readonly guardAt: number
  readonly guardWeight: number
  readonly guardDigits: Uint8Array
}

/** The digit sum of a product of two digits or of a digit and a weight up to 10 (below 100). */
function productDigitSum(product: number): number {
  return product - 9 * ((product / 10) | 0)
}

/** Σ digit × weight (or its digit sum) over the bytes from … to (a guard's weight is 0 there: see accountDigitOf). */
function accountSum(digit: AccountDigit, out: Uint8Array): number {
  const { weights, from, to } = digit
  let sum = 0
  if (digit.digitSums) {
    for (let i = from; i <= to; i++) sum += productDigitSum(((out[i] as number) - 48) * (weights[i] as number))
  } else {
    for (let i = from; i <= to; i++) sum += ((out[i] as number) - 48) * (weights[i] as number)
  }
  return sum
}

/**
 * Writes an account check digit described as data (and first, where it has one, the guard's
 * digit: the field wrote its value v, which becomes the v-th allowed digit that admits one).
 */
export function writeAccountDigit(digit: AccountDigit, out: Uint8Array): void {
  const { digits, modulus, guardAt } = digit
  if (guardAt < 0) {
    out[digit.at] = 48 + (digits[accountSum(digit, out) % modulus] as number)
    return
  }
  const wanted = (out[guardAt] as number) - 48
  const partial = accountSum(digit, out)
  let seen = -1
  for (let d = 0; d < digit.guardDigits.length; d++) {
    const value = digit.guardDigits[d] as number
    const product = value * digit.guardWeight
    const check = digits[(partial + (digit.digitSums ? productDigitSum(product) : product)) % modulus] as number
    if (check >= 0 && ++seen === wanted) {
      out[guardAt] = 48 + value
      out[digit.at] = 48 + check
      return
    }
  }
  throw new Error(`generate: the guard of an account found ${seen + 1} digits`)
}

/** What one bank adds to its shape: the IBAN's constant bytes and their MOD-97 share. */
export interface Stamp {
  readonly template: Uint8Array
  readonly constantSum: number
}

const DIGITS = '0123456789'
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const ALPHANUMERICS = DIGITS + LETTERS

type Slot = { kind: 'choice'; chars: string } | { kind: 'derived' } | { kind: 'group' }

function toBytes(values: readonly string[]): Uint8Array {
  const width = values[0]?.length ?? 0
  const bytes = new Uint8Array(values.length * width)
  values.forEach((value, v) => {
    for (let k = 0; k < width; k++) bytes[v * width + k] = value.charCodeAt(k)
  })
  return bytes
}

/**
 * The likeness of a bank's layout: banks of one key share a shape (buildShape), whose template
 * holds the first of them's code; the others are stamped into it (stampOf).
 */
export function shapeKey(bank: BankRow | undefined, tailChoices?: number): string {
  if (bank === undefined) return ''
  const account = accountLayoutOf(bank)
  const layout =
    account === undefined
      ? ''
      : `${account.positions.join(',')}|${account.guard?.position ?? ''}|${account.guard?.size ?? ''}`
  // Banks of one shape have letters at the same places (their constants' MOD-97 weights).
  const pattern = bank.code.replace(/[0-9]/g, 'n').replace(/[A-Z]/g, 'a')
  return `${pattern}|${layout}|${tailChoices ?? ''}|${bank.branches?.join(',') ?? ''}`
}

/**
 * How the account check of `bank`'s method is written (AccountWriter), or undefined without one;
 * for GB, the modulus check's writer of accounts of `kind` (with or without a bank).
 */
export function accountWriterOf(
  spec: CountrySpec,
  bank: BankRow | undefined,
  kind: AccountKind = 'pass',
): AccountWriter | undefined {
  if (spec.accountCheck === 'uk-modulus') {
    const sortAt = BBAN + (spec.segments.find((s) => s.name === 'branch')?.offset ?? 0)
    return { digit: undefined, finish: ukAccountWriter(sortAt, BBAN + accountOffset(spec), kind) }
  }
  const account = accountLayoutOf(bank)
  if (account === undefined) return undefined
  // A method that checks nothing (09) derives nothing.
  if (account.guard === undefined && !account.positions.includes('')) return undefined
  const derive = account.derive
  if (derive === undefined) return { digit: undefined, finish: accountFinish(spec, account) }
  return { finish: undefined, digit: accountDigitOf(BBAN + accountOffset(spec), account, derive) }
}

/**
 * A layout's described digit placed at IBAN byte `base` (AccountDigit): the digits it sums must
 * be one run of positions, and the weights go by byte; a guard's own weight is taken out of
 * the sum (it is added for each candidate digit).
 */
function accountDigitOf(base: number, account: AccountLayout, derive: DerivedDigit): AccountDigit {
  const from = Math.min(...derive.indices)
  const to = Math.max(...derive.indices)
  if (to - from + 1 !== derive.indices.length) throw new Error('layout: a described digit sums one run of positions')
  const weights = new Int32Array(MAX_IBAN_LENGTH)
  derive.indices.forEach((k, i) => (weights[base + k] = derive.weights[i] as number))
  const guard = account.guard
  const guardAt = guard === undefined ? -1 : base + guard.position
  const guardWeight = guardAt < 0 ? 0 : (weights[guardAt] as number)
  if (guardAt >= 0) weights[guardAt] = 0
  return {
    at: base + derive.at,
    from: base + from,
    to: base + to,
    weights,
    digitSums: derive.digitSums,
    modulus: derive.modulus,
    digits: Int8Array.from(derive.digits),
    guardAt,
    guardWeight,
    guardDigits:
      guard === undefined ? new Uint8Array(0) : Uint8Array.from(account.positions[guard.position] as string, Number),
  }
}

/** A bank's template and constant MOD-97 share in a shape built for another bank of its likeness. */
export function stampOf(shape: Variant, spec: CountrySpec, bank: BankRow | undefined): Stamp {
  if (bank === undefined) return { template: shape.template, constantSum: shape.constantSum }
  const offset = bankOffset(spec)
  const template = shape.template.slice()
  let constantSum = shape.constantSum
  for (let i = 0; i < bank.code.length; i++) {
    const at = BBAN + offset + i
    constantSum += (bank.code.charCodeAt(i) - (template[at] as number)) * (shape.positionWeights[at] as number)
    template[at] = bank.code.charCodeAt(i)
  }
  return { template, constantSum: ((constantSum % 97) + 97) % 97 }
}

function bankOffset(spec: CountrySpec): number {
  return spec.segments.find((s) => s.name === 'bank')?.offset ?? 0
}

function accountOffset(spec: CountrySpec): number {
  return spec.segments.find((s) => s.name === 'account')?.offset ?? 0
}

/** The bank's account method's layout (DE), if it has one. */
function accountLayoutOf(bank: BankRow | undefined): AccountLayout | undefined {
  return bank?.method === undefined ? undefined : DE_ACCOUNT_METHODS[bank.method].layout
}

/**
 * Writes the derived digits of a German bank's account method after the fields: the account's
 * 10 digits and the bank code's 8 are read from the IBAN into digit values, the guard's value
 * v becomes the v-th allowed digit for which the account completes, and the method completes
 * the account. One per shape: the bank code comes from the row itself.
 */
function accountFinish(spec: CountrySpec, layout: AccountLayout): (out: Uint8Array) => void {
  const base = BBAN + accountOffset(spec)
  const bankAt = BBAN + bankOffset(spec)
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

/**
 * Builds the layout of `spec` in one mode, under `bank` when given (the shape of every bank of
 * its likeness, shapeKey). `checks` are the plan's check steps; `nullable` tells which of them
 * may admit no check digit; `limit` caps the product of the indexed fields (the rest are drawn
 * from a hash chain of the row number); `letterChecks` tells the checks whose characters may
 * be letters. GB: `uk` says how many tails every sort code of the shape offers, and for which
 * kind of accounts (passing, or failing for negative data).
 */
export function buildShape(
  spec: CountrySpec,
  realistic: boolean,
  bank: BankRow | undefined,
  checks: readonly CheckStep[],
  nullable: ReadonlySet<ComputeCheck>,
  letterChecks: ReadonlySet<ComputeCheck>,
  limit: number,
  uk?: { readonly choices: number; readonly kind: AccountKind },
): Variant {
  const template = new Uint8Array(MAX_IBAN_LENGTH)
  template[0] = spec.code.charCodeAt(0)
  template[1] = spec.code.charCodeAt(1)
  const slots: Slot[] = []
  const setConstant = (index: number, char: string) => {
    slots[index] = { kind: 'choice', chars: char }
  }
  for (const segment of spec.segments) {
    for (let i = 0; i < segment.length; i++) {
      const index = segment.offset + i
      if (segment.fixed !== undefined) setConstant(index, segment.fixed[i] as string)
      else if (segment.chars === 'n' || (realistic && segment.chars === 'c'))
        slots[index] = { kind: 'choice', chars: DIGITS }
      else slots[index] = { kind: 'choice', chars: segment.chars === 'a' ? LETTERS : ALPHANUMERICS }
    }
  }
  for (const step of checks) {
    for (let i = step.part.check[0]; i <= step.part.check[1]; i++) slots[i] = { kind: 'derived' }
  }
  const taken = new Set<number>()
  const groups: Field[] = []
  const choose = (positions: readonly number[], values: readonly string[]) => {
    for (const p of positions) {
      slots[p] = { kind: 'group' }
      taken.add(p)
    }
    groups.push({
      size: values.length,
      positions: positions.map((p) => BBAN + p),
      values: toBytes(values),
      guard: undefined,
      accountGuard: false,
    })
  }
  if (bank !== undefined) {
    const offset = bankOffset(spec)
    for (let i = 0; i < bank.code.length; i++) {
      setConstant(offset + i, bank.code[i] as string)
      taken.add(offset + i)
    }
    // Real branch codes of the bank: a constant, or one choice among them.
    const branches = bank.branches ?? []
    const at = offset + bank.code.length
    const width = branches[0]?.length ?? 0
    if (branches.length === 1) {
      for (let i = 0; i < width; i++) {
        setConstant(at + i, (branches[0] as string)[i] as string)
        taken.add(at + i)
      }
    } else if (branches.length > 1)
      choose(
        Array.from({ length: width }, (_, i) => at + i),
        branches,
      )
    // GB: each sort code's record number (uk-modulus/accounts.ts) goes past the IBAN's end, in
    // the template or beside the sort code's bytes in its field.
    if (uk !== undefined && branches.length > 0) {
      const numbers = branches.map((branch) => ukRecord(Number(branch), uk.kind))
      if (branches.length === 1) recordInto(template, numbers[0] as number)
      else {
        const field = groups.pop() as Field
        const values = new Uint8Array(branches.length * (width + 2))
        branches.forEach((_, v) => {
          values.set(field.values.subarray(v * width, (v + 1) * width), v * (width + 2))
          recordInto(values, numbers[v] as number, v * (width + 2) + width - RECORD_AT)
        })
        groups.push({ ...field, positions: [...field.positions, RECORD_AT, RECORD_AT + 1], values })
      }
    }
  }
  if (uk !== undefined && (bank?.branches ?? []).length === 0) recordInto(template, NO_RECORD)
  let guardPosition = -1
  let guardSize = 0
  const account = accountLayoutOf(bank)
  if (account !== undefined && bank !== undefined) {
    const offset = accountOffset(spec)
    account.positions.forEach((chars, k) => {
      slots[offset + k] = chars === '' ? { kind: 'derived' } : { kind: 'choice', chars }
    })
    if (account.guard !== undefined) {
      guardPosition = offset + account.guard.position
      guardSize = account.guard.size
    }
  }
  if (spec.accountCheck === 'uk-modulus') {
    // GB: a–e free, f g one of the sort code's tails (written as the choice's two digits), h derived.
    if (uk === undefined || uk.choices < 1) throw new Error('layout: a GB shape needs at least one choice of tail')
    const offset = accountOffset(spec)
    choose([offset + 5, offset + 6], numbers(0, uk.choices, 2))
    slots[offset + 7] = { kind: 'derived' }
    taken.add(offset + 7)
  }
  const editor: LayoutEditor = {
    realistic,
    fix(index, text) {
      for (let i = 0; i < text.length; i++) if (!taken.has(index + i)) setConstant(index + i, text[i] as string)
    },
    choose(positions, values) {
      if (!positions.some((p) => taken.has(p))) choose(positions, values)
    },
  }
  LAYOUT_RULES[spec.code]?.(editor)

  // Guards: the last plain digit position in each nullable check's input.
  const guards = new Map<number, CheckStep>()
  for (const step of checks) {
    if (!nullable.has(step.compute)) continue
    const inputs = step.part.input.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i))
    const position = inputs.reverse().find((p) => {
      const slot = slots[p]
      return slot?.kind === 'choice' && slot.chars === DIGITS && !guards.has(p)
    })
    if (position === undefined) throw new Error(`layout: no free digit to guard the check of ${spec.code}`)
    guards.set(position, step)
  }

  const fields: Field[] = [...groups]
  slots.forEach((slot, index) => {
    if (slot.kind !== 'choice') return
    if (slot.chars.length === 1) {
      template[BBAN + index] = slot.chars.charCodeAt(0)
      return
    }
    const guard = guards.get(index)
    // An account guard writes its value as a digit (finish maps it), see Field.accountGuard.
    const accountGuard = index === guardPosition
    fields.push({
      size: guard !== undefined ? GUARD_SIZE : accountGuard ? guardSize : slot.chars.length,
      positions: [BBAN + index],
      values: toBytes(accountGuard ? [...'0123456789'.slice(0, guardSize)] : [...slot.chars]),
      guard,
      accountGuard,
    })
  })
  // Lowest digit first: the row number's low digits fill the BBAN from its end.
  fields.sort((a, b) => Math.max(...b.positions) - Math.max(...a.positions))
  const indexed: Field[] = []
  let size = 1
  let next = 0
  while (next < fields.length && size * (fields[next] as Field).size <= limit) {
    size *= (fields[next] as Field).size
    indexed.push(fields[next] as Field)
    next++
  }
  const free = fields.slice(next)
  const all = [...indexed, ...free]
  const runEnds: number[] = []
  const runSizes: number[] = []
  const runDrawn: boolean[] = []
  let run = 1
  all.forEach((field, f) => {
    // A run never mixes the row number's fields with drawn ones.
    if (f > 0 && (run * field.size >= RUN_LIMIT || f === indexed.length)) {
      runEnds.push(f)
      runSizes.push(run)
      runDrawn.push(f > indexed.length)
      run = 1
    }
    run *= field.size
  })
  if (all.length > 0) {
    runEnds.push(all.length)
    runSizes.push(run)
    runDrawn.push(all.length > indexed.length)
  }
  const sizes = Int32Array.from(all, (field) => field.size)
  const simple = (field: Field) => field.guard === undefined && !field.accountGuard && field.positions.length === 1
  const positions = Int32Array.from(all, (field) => (simple(field) ? (field.positions[0] as number) : -1))
  const starts = new Int32Array(all.length)
  const chars = new Uint8Array(all.reduce((sum, field) => sum + field.values.length, 0))
  let start = 0
  all.forEach((field, f) => {
    starts[f] = start
    chars.set(field.values, start)
    start += field.values.length
  })
  // Digits, and letters only where a constant is (a bank code of letters): every field value
  // written into the BBAN and every check character is a digit. Then each position's weight is
  // known (a letter stands for two digits: its value 10–35), and the remainder is a sum.
  const isDigit = (byte: number) => byte >= 48 && byte <= 57
  const isLetter = (byte: number) => byte >= 65 && byte <= 90
  const letters = slots.map(
    (slot, index) => slot.kind === 'choice' && slot.chars.length === 1 && isLetter(template[BBAN + index] as number),
  )
  const digitsOnly =
    all.every((field) =>
      field.positions.every(
        (at, k) =>
          at >= BBAN + spec.bbanLength ||
          Array.from({ length: field.size }, (_, v) => field.values[v * field.positions.length + k] as number).every(
            isDigit,
          ),
      ),
    ) &&
    slots.every(
      (slot, index) =>
        slot.kind !== 'choice' ||
        slot.chars.length !== 1 ||
        isDigit(template[BBAN + index] as number) ||
        letters[index] === true,
    ) &&
    checks.every((step) => !letterChecks.has(step.compute))
  const digitWeights = digitsOnly ? mod97Weights(spec.bbanLength, letters) : undefined
  const weights = Int32Array.from(positions, (at) =>
    digitWeights === undefined || at < 0 ? 0 : (digitWeights[at - BBAN] as number),
  )
  // The decoding program: per run, OP_RUN k, then each stretch of plain digit fields at
  // positions p, p − 1, … as OP_DIGITS count p, and any other field as OP_FIELD f.
  const isPlainDigit = (f: number) =>
    (sizes[f] as number) === 10 &&
    (positions[f] as number) >= 0 &&
    String.fromCharCode(...(all[f] as Field).values) === DIGITS
  const program: number[] = []
  let first = 0
  runEnds.forEach((end, k) => {
    program.push(OP_RUN, k)
    for (let f = first; f < end;) {
      if (!isPlainDigit(f)) {
        program.push(OP_FIELD, f)
        f++
        continue
      }
      let count = 1
      while (f + count < end && isPlainDigit(f + count) && positions[f + count] === (positions[f] as number) - count)
        count++
      program.push(OP_DIGITS, count, positions[f] as number)
      f += count
    }
    first = end
  })
  const positionWeights = new Int32Array(MAX_IBAN_LENGTH)
  if (digitWeights !== undefined) digitWeights.forEach((weight, i) => (positionWeights[BBAN + i] = weight))
  let constantSum = 0
  const covered = new Set(
    all.filter((_, f) => (positions[f] as number) >= 0).map((field) => field.positions[0] as number),
  )
  const derived: number[] = []
  slots.forEach((slot, index) => {
    if (slot.kind === 'choice' && slot.chars.length === 1) {
      constantSum += characterValue(template[BBAN + index] as number) * (digitWeights?.[index] ?? 0)
    } else if (!covered.has(BBAN + index)) derived.push(BBAN + index)
  })
  return {
    template,
    fields: all,
    indexedCount: indexed.length,
    size,
    runEnds,
    runSizes,
    runDrawn,
    sizes,
    positions,
    starts,
    chars,
    digitWeights,
    weights,
    program: Int32Array.from(program),
    positionWeights,
    constantSum,
    derived: Int32Array.from(derived),
  }
}

/** Writes a sort code's record number as two bytes (low first) at RECORD_AT + `shift` of `bytes`. */
function recordInto(bytes: Uint8Array, number: number, shift = 0): void {
  bytes[RECORD_AT + shift] = number & 0xff
  bytes[RECORD_AT + shift + 1] = number >> 8
}

/**
 * The weights mod 97 of the characters of an L-character BBAN, from the last (weight 1): a
 * digit shifts what precedes it by 10, a letter (`letters[i]`, standing for its value 10–35,
 * two digits) by 100. Without letters: 10^(L−1−i) mod 97.
 */
export function mod97Weights(length: number, letters: readonly boolean[] = []): Int32Array {
  const weights = new Int32Array(length)
  let weight = 1
  for (let i = length - 1; i >= 0; i--) {
    weights[i] = weight
    weight = (weight * (letters[i] === true ? 100 : 10)) % 97
  }
  return weights
}

/** A BBAN character's value in the IBAN's MOD-97: 0–9 for a digit, 10–35 for a letter. */
function characterValue(code: number): number {
  return code <= 57 ? code - 48 : code - 55
}

const RUN_LIMIT = 2 ** 30

/** Decoding program operations. */
export const OP_RUN = 0
export const OP_DIGITS = 1
export const OP_FIELD = 2
