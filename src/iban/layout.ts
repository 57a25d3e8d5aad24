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
// A bank-level account scheme (account-scheme.ts) lays out the account of a bank's rows: which
// positions are free, which its writer derives after the fields, a guard, one choice among a
// bank's tails (GB); the layout knows no scheme by name.
import { NO_TAG, type AccountPlan } from './account-scheme.ts'
import type { BankRow } from './banks.ts'
import { LAYOUT_RULES, numbers, type LayoutEditor } from './constraints.ts'
import type { ComputeCheck } from './national.ts'
import type { CheckPart, CountrySpec } from './registry.ts'

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
  /**
   * For a choice among a bank's branches: the tag of each (the number the scheme's account
   * writer receives for rows at that branch, AccountPlan.tagOf), or undefined.
   */
  readonly tags: Int32Array | undefined
}

/** A field of 9 choices that keeps a nullable check computable. */
export const GUARD_SIZE = 9

/**
 * The row layout of one country and mode, under the banks of one likeness (or the only layout,
 * without banks): banks whose codes are alike (same length, all digits or not, same account
 * layout and branches) share it, each with its own template and constant MOD-97 share (Stamp).
 */
export interface Shape {
  /** An IBAN's bytes with the country code and every constant in place (the first bank's code). */
  readonly template: Uint8Array
  /** The tag rows of this shape give the account writer, unless a field with tags decides it (NO_TAG: none). */
  readonly tag: number
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
export function shapeKey(bank: BankRow | undefined, account: AccountPlan | undefined): string {
  if (bank === undefined) return ''
  // Banks of one shape have letters at the same places (their constants' MOD-97 weights).
  const pattern = bank.code.replace(/[0-9]/g, 'n').replace(/[A-Z]/g, 'a')
  return `${pattern}|${account?.key ?? ''}|${bank.branches?.join(',') ?? ''}`
}

/** A bank's template and constant MOD-97 share in a shape built for another bank of its likeness. */
export function stampOf(shape: Shape, spec: CountrySpec, bank: BankRow | undefined): Stamp {
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

/**
 * Builds the layout of `spec` in one mode, under `bank` when given (the shape of every bank of
 * its likeness, shapeKey). `checks` are the plan's check steps; `nullable` tells which of them
 * may admit no check digit; `limit` caps the product of the indexed fields (the rest are drawn
 * from a hash chain of the row number); `letterChecks` tells the checks whose characters may
 * be letters; `account` is what the country's account scheme makes of the bank's accounts.
 */
export function buildShape(
  spec: CountrySpec,
  realistic: boolean,
  bank: BankRow | undefined,
  checks: readonly CheckStep[],
  nullable: ReadonlySet<ComputeCheck>,
  letterChecks: ReadonlySet<ComputeCheck>,
  limit: number,
  account: AccountPlan | undefined,
): Shape {
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
  const choose = (positions: readonly number[], values: readonly string[], tags?: Int32Array) => {
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
      tags,
    })
  }
  let tag = NO_TAG
  if (bank !== undefined) {
    const offset = bankOffset(spec)
    for (let i = 0; i < bank.code.length; i++) {
      setConstant(offset + i, bank.code[i] as string)
      taken.add(offset + i)
    }
    // Real branch codes of the bank: a constant, or one choice among them; each with the tag
    // its accounts are written with, where the scheme gives one.
    const branches = bank.branches ?? []
    const at = offset + bank.code.length
    const width = branches[0]?.length ?? 0
    const tagOf = account?.tagOf
    if (branches.length === 1) {
      for (let i = 0; i < width; i++) {
        setConstant(at + i, (branches[0] as string)[i] as string)
        taken.add(at + i)
      }
      if (tagOf !== undefined) tag = tagOf(branches[0] as string)
    } else if (branches.length > 1)
      choose(
        Array.from({ length: width }, (_, i) => at + i),
        branches,
        tagOf === undefined ? undefined : Int32Array.from(branches, tagOf),
      )
  }
  let guardPosition = -1
  let guardSize = 0
  const accountSlots = account?.slots
  if (accountSlots !== undefined) {
    const offset = accountOffset(spec)
    accountSlots.positions.forEach((chars, k) => {
      if (chars === undefined) return
      slots[offset + k] = chars === '' ? { kind: 'derived' } : { kind: 'choice', chars }
      taken.add(offset + k)
    })
    if (accountSlots.guard !== undefined) {
      guardPosition = offset + accountSlots.guard.position
      guardSize = accountSlots.guard.size
    }
    const choice = accountSlots.choice
    if (choice !== undefined)
      choose(
        choice.positions.map((k) => offset + k),
        numbers(0, choice.count, choice.positions.length),
      )
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
      tags: undefined,
    })
  })
  // Lowest digit first: the row number's low digits fill the BBAN from its end. A choice of
  // tagged branches comes first of all, as GB's sort codes always did (their tags once rode
  // past the IBAN's end): the same seed keeps giving the same rows.
  const order = (field: Field) => (field.tags === undefined ? Math.max(...field.positions) : MAX_IBAN_LENGTH)
  fields.sort((a, b) => order(b) - order(a))
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
    tag,
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
