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
import { NO_TAG, type AccountPlan, type AccountSlots } from './account-scheme.ts'
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
  /** The decoding program (OP_RUN, OP_DIGITS, OP_FIELD; see programOf). */
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
 * The slots of a BBAN as a shape is drafted: what each position holds (a choice among
 * characters, a character derived after the fields, or part of a group field), the group
 * fields, the positions bank codes and schemes have taken (country rules leave them alone), and
 * what the scheme's writer needs (the shape's tag, an account guard).
 */
class Draft {
  readonly slots: Slot[] = []
  readonly groups: Field[] = []
  readonly taken = new Set<number>()
  tag = NO_TAG
  guardPosition = -1
  guardSize = 0

  /** Every position as the country's format and checks leave it: free characters of its class, check digits derived. */
  constructor(spec: CountrySpec, realistic: boolean, checks: readonly CheckStep[]) {
    for (const segment of spec.segments) {
      for (let i = 0; i < segment.length; i++) {
        const index = segment.offset + i
        if (segment.fixed !== undefined) this.setConstant(index, segment.fixed[i] as string)
        else if (segment.chars === 'n' || (realistic && segment.chars === 'c')) this.slots[index] = choiceOf(DIGITS)
        else this.slots[index] = choiceOf(segment.chars === 'a' ? LETTERS : ALPHANUMERICS)
      }
    }
    for (const step of checks) {
      for (let i = step.part.check[0]; i <= step.part.check[1]; i++) this.slots[i] = { kind: 'derived' }
    }
  }

  setConstant(index: number, char: string): void {
    this.slots[index] = choiceOf(char)
  }

  /** Takes a position: country rules leave it as it is. */
  take(index: number): void {
    this.taken.add(index)
  }

  /** Makes `positions` one group field among `values`, each with its tag where given. */
  choose(positions: readonly number[], values: readonly string[], tags?: Int32Array): void {
    for (const p of positions) {
      this.slots[p] = { kind: 'group' }
      this.take(p)
    }
    this.groups.push({
      size: values.length,
      positions: positions.map((p) => BBAN + p),
      values: toBytes(values),
      guard: undefined,
      accountGuard: false,
      tags,
    })
  }

  /**
   * The bank's code as constants, and its real branch codes after it: a constant, or one choice
   * among them; each with the tag its accounts are written with, where the scheme gives one.
   */
  placeBank(spec: CountrySpec, bank: BankRow, tagOf: AccountPlan['tagOf']): void {
    const offset = bankOffset(spec)
    for (let i = 0; i < bank.code.length; i++) {
      this.setConstant(offset + i, bank.code[i] as string)
      this.take(offset + i)
    }
    const branches = bank.branches ?? []
    const at = offset + bank.code.length
    const width = branches[0]?.length ?? 0
    if (branches.length === 1) {
      for (let i = 0; i < width; i++) {
        this.setConstant(at + i, (branches[0] as string)[i] as string)
        this.take(at + i)
      }
      if (tagOf !== undefined) this.tag = tagOf(branches[0] as string)
    } else if (branches.length > 1)
      this.choose(
        Array.from({ length: width }, (_, i) => at + i),
        branches,
        tagOf === undefined ? undefined : Int32Array.from(branches, tagOf),
      )
  }

  /** The account positions as the scheme lays them out: free digits, derived ones, a guard, a choice. */
  placeAccount(spec: CountrySpec, account: AccountSlots): void {
    const offset = accountOffset(spec)
    account.positions.forEach((chars, k) => {
      if (chars === undefined) return
      this.slots[offset + k] = chars === '' ? { kind: 'derived' } : choiceOf(chars)
      this.take(offset + k)
    })
    if (account.guard !== undefined) {
      this.guardPosition = offset + account.guard.position
      this.guardSize = account.guard.size
    }
    const choice = account.choice
    if (choice !== undefined)
      this.choose(
        choice.positions.map((k) => offset + k),
        numbers(0, choice.count, choice.positions.length),
      )
  }

  /** The country's own rules (constraints.ts), on the positions nothing has taken. */
  applyRules(spec: CountrySpec, realistic: boolean): void {
    const editor: LayoutEditor = {
      realistic,
      fix: (index, text) => {
        for (let i = 0; i < text.length; i++)
          if (!this.taken.has(index + i)) this.setConstant(index + i, text[i] as string)
      },
      choose: (positions, values) => {
        if (!positions.some((p) => this.taken.has(p))) this.choose(positions, values)
      },
    }
    LAYOUT_RULES[spec.code]?.(editor)
  }
}

function choiceOf(chars: string): Slot {
  return { kind: 'choice', chars }
}

/** Guards: the last plain digit position in each nullable check's input. */
function guardsOf(
  spec: CountrySpec,
  slots: readonly Slot[],
  checks: readonly CheckStep[],
  nullable: ReadonlySet<ComputeCheck>,
): Map<number, CheckStep> {
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
  return guards
}

/**
 * The draft's fields, lowest digit first (the row number's low digits fill the BBAN from its
 * end), with every constant written into the template. A choice of tagged branches comes first
 * of all, as GB's sort codes always did (their tags once rode past the IBAN's end): the same
 * seed keeps giving the same rows.
 */
function fieldsOf(draft: Draft, guards: ReadonlyMap<number, CheckStep>, template: Uint8Array): Field[] {
  const fields: Field[] = [...draft.groups]
  draft.slots.forEach((slot, index) => {
    if (slot.kind !== 'choice') return
    if (slot.chars.length === 1) {
      template[BBAN + index] = slot.chars.charCodeAt(0)
      return
    }
    const guard = guards.get(index)
    // An account guard writes its value as a digit (the writer maps it), see Field.accountGuard.
    const accountGuard = index === draft.guardPosition
    fields.push({
      size: guard !== undefined ? GUARD_SIZE : accountGuard ? draft.guardSize : slot.chars.length,
      positions: [BBAN + index],
      values: toBytes(accountGuard ? [...DIGITS.slice(0, draft.guardSize)] : [...slot.chars]),
      guard,
      accountGuard,
      tags: undefined,
    })
  })
  const order = (field: Field) => (field.tags === undefined ? Math.max(...field.positions) : MAX_IBAN_LENGTH)
  return fields.sort((a, b) => order(b) - order(a))
}

/** The fields the row number decides (their product at most `limit`), then those drawn; cut into runs (Shape.runEnds). */
function runsOf(
  sorted: readonly Field[],
  limit: number,
): Pick<Shape, 'fields' | 'indexedCount' | 'size' | 'runEnds' | 'runSizes' | 'runDrawn'> {
  let size = 1
  let indexedCount = 0
  while (indexedCount < sorted.length && size * (sorted[indexedCount] as Field).size <= limit) {
    size *= (sorted[indexedCount] as Field).size
    indexedCount++
  }
  const runEnds: number[] = []
  const runSizes: number[] = []
  const runDrawn: boolean[] = []
  let run = 1
  sorted.forEach((field, f) => {
    // A run never mixes the row number's fields with drawn ones.
    if (f > 0 && (run * field.size >= RUN_LIMIT || f === indexedCount)) {
      runEnds.push(f)
      runSizes.push(run)
      runDrawn.push(f > indexedCount)
      run = 1
    }
    run *= field.size
  })
  if (sorted.length > 0) {
    runEnds.push(sorted.length)
    runSizes.push(run)
    runDrawn.push(sorted.length > indexedCount)
  }
  return { fields: sorted, indexedCount, size, runEnds, runSizes, runDrawn }
}

/** The fields flattened for the hot loop (Shape.sizes, positions, starts, chars). */
function flatten(all: readonly Field[]): Pick<Shape, 'sizes' | 'positions' | 'starts' | 'chars'> {
  const simple = (field: Field) => field.guard === undefined && !field.accountGuard && field.positions.length === 1
  const starts = new Int32Array(all.length)
  const chars = new Uint8Array(all.reduce((sum, field) => sum + field.values.length, 0))
  let start = 0
  all.forEach((field, f) => {
    starts[f] = start
    chars.set(field.values, start)
    start += field.values.length
  })
  return {
    sizes: Int32Array.from(all, (field) => field.size),
    positions: Int32Array.from(all, (field) => (simple(field) ? (field.positions[0] as number) : -1)),
    starts,
    chars,
  }
}

const isDigit = (byte: number) => byte >= 48 && byte <= 57
const isLetter = (byte: number) => byte >= 65 && byte <= 90

/**
 * The BBAN's MOD-97 weights where the remainder can be summed as the row is written: every
 * field value written into the BBAN and every check character is a digit, and letters stand
 * only where a constant is (a bank code of letters: its value 10–35 weighs as two digits).
 * Undefined otherwise (the remainder is then folded from the finished row).
 */
function digitWeightsOf(
  spec: CountrySpec,
  slots: readonly Slot[],
  all: readonly Field[],
  template: Uint8Array,
  checks: readonly CheckStep[],
  letterChecks: ReadonlySet<ComputeCheck>,
): Int32Array | undefined {
  const letters = slots.map(
    (slot, index) => slot.kind === 'choice' && slot.chars.length === 1 && isLetter(template[BBAN + index] as number),
  )
  const fieldDigits = all.every((field) =>
    field.positions.every(
      (at, k) =>
        at >= BBAN + spec.bbanLength ||
        Array.from({ length: field.size }, (_, v) => field.values[v * field.positions.length + k] as number).every(
          isDigit,
        ),
    ),
  )
  const constantDigits = slots.every(
    (slot, index) =>
      slot.kind !== 'choice' ||
      slot.chars.length !== 1 ||
      isDigit(template[BBAN + index] as number) ||
      letters[index] === true,
  )
  const digitChecks = checks.every((step) => !letterChecks.has(step.compute))
  return fieldDigits && constantDigits && digitChecks ? mod97Weights(spec.bbanLength, letters) : undefined
}

/**
 * The decoding program: per run, OP_RUN k, then each stretch of plain digit fields at
 * positions p, p − 1, … as OP_DIGITS count p, and any other field as OP_FIELD f.
 */
function programOf(
  all: readonly Field[],
  flat: Pick<Shape, 'sizes' | 'positions'>,
  runEnds: readonly number[],
): Int32Array {
  const { sizes, positions } = flat
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
  return Int32Array.from(program)
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
  // Slots: the format, the bank, the scheme's account, the country's rules, in that order.
  const draft = new Draft(spec, realistic, checks)
  if (bank !== undefined) draft.placeBank(spec, bank, account?.tagOf)
  if (account?.slots !== undefined) draft.placeAccount(spec, account.slots)
  draft.applyRules(spec, realistic)
  // Fields and their runs.
  const template = new Uint8Array(MAX_IBAN_LENGTH)
  template[0] = spec.code.charCodeAt(0)
  template[1] = spec.code.charCodeAt(1)
  const runs = runsOf(fieldsOf(draft, guardsOf(spec, draft.slots, checks, nullable), template), limit)
  const all = runs.fields
  const flat = flatten(all)
  // MOD-97 as a sum: the weights of the simple fields, the constants' share, the derived positions.
  const digitWeights = digitWeightsOf(spec, draft.slots, all, template, checks, letterChecks)
  const positionWeights = new Int32Array(MAX_IBAN_LENGTH)
  if (digitWeights !== undefined) digitWeights.forEach((weight, i) => (positionWeights[BBAN + i] = weight))
  let constantSum = 0
  const covered = new Set(
    all.filter((_, f) => (flat.positions[f] as number) >= 0).map((field) => field.positions[0] as number),
  )
  const derived: number[] = []
  draft.slots.forEach((slot, index) => {
    if (slot.kind === 'choice' && slot.chars.length === 1) {
      constantSum += characterValue(template[BBAN + index] as number) * (digitWeights?.[index] ?? 0)
    } else if (!covered.has(BBAN + index)) derived.push(BBAN + index)
  })
  return {
    template,
    tag: draft.tag,
    ...runs,
    ...flat,
    digitWeights,
    weights: Int32Array.from(flat.positions, (at) =>
      digitWeights === undefined || at < 0 ? 0 : (digitWeights[at - BBAN] as number),
    ),
    program: programOf(all, flat, runs.runEnds),
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
