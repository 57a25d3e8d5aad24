// Accounts made to pass (or to fail) a sort code's modulus check, one to one from a row number.
// An account a b c d e f g h is a head (a–e, five free digits) and a tail (f g h). Each check's
// total is a sum over the digits, so what the sort code and head add to it is known before the
// tail is chosen: their *state* is the remainder of every total the verdict reads, plus, where
// an exception looks at a head digit (exceptions 2, 3, 6), which side of it the digit is on.
// The tails that make an account of a given state pass are a fixed list, found once per state
// by running the real check (check.ts) over the 1,000 tails; a row's tail is the k-th of its
// state's list. So distinct (head, k) give distinct accounts, every one checked, and the
// number of choices of k (the shortest list over the states a sort code's heads reach) makes
// the capacity exact. Ranges alike (the same methods, exceptions and account weights: the
// sort code's weights only shift the state) share their lists.
//
// Failing accounts (negative data) come the same way from lists of failing tails: accounts
// that fail every check of their sort code on its own (so that no reading of the rules that
// accepts "either check" lets them through), avoid the escapes an exception offers (exception
// 6's foreign-currency pattern, exception 4's and 5's remainder 0, exception 14's h of 0, 1
// or 9) and keep g ≠ 9 where exceptions 2, 7 and 10 change weights on g = 9.
import {
  A,
  C,
  DBLAL,
  EX2_WEIGHTS,
  EX8_SORT_CODE,
  EX9_SORT_CODE,
  G,
  H,
  MOD11,
  rangePasses,
  rowPasses,
  rowRemainder,
  setSortCode,
  sortCodeOf,
  zeroedWeights,
  type UkDigits,
} from './check.ts'
import { rangeIndexOf, rangeOf, substituteOf, ukRanges, type Range, type Row } from './table.ts'
import type { AccountKind } from '../account-scheme.ts'

/** Most choices of k: it is written as two digits (f g) before the tail replaces them. */
const MAX_TAIL_CHOICES = 100

const TAILS = 1000
// The order tails are tried in: a fixed permutation of 0–999 (7919 is prime to 1000), so that
// the first few of a list do not all start with f = 0.
const TAIL_ORDER = Uint16Array.from({ length: TAILS }, (_, i) => (i * 7919 + 331) % TAILS)

// Digit position of f in UkDigits (sort code u–z at 0–5, account a–h at 6–13; check.ts has the others).
const F = 11

/** The sort code exceptions 8 and 9 check with instead of the account's own. */
const FIXED_SORT_CODE: Readonly<Record<number, number>> = { 8: EX8_SORT_CODE, 9: EX9_SORT_CODE }

/** One total a state holds the remainder of: a row's check with some weights. */
interface Form {
  readonly row: Row
  readonly weights: Int16Array
  readonly modulus: number
  readonly digitSums: boolean
}

/** A head digit an exception looks at: the feature is 1 when digit `position` is one of `digits`. */
interface Feature {
  readonly position: number
  readonly digits: readonly number[]
}

/** How the accounts of one range and kind are made. */
interface Scheme {
  readonly range: Range
  readonly forms: readonly Form[]
  /** Per feature value (0, or 0 and 1), the forms (indices) whose remainders make the state. */
  readonly stateForms: readonly Int8Array[]
  readonly feature: Feature | undefined
  /** True when the 14 digits make an account of this kind. */
  readonly accepts: (digits: UkDigits) => boolean
  /** The first state of each feature value. */
  readonly offsets: Int32Array
  /** Each form's share per sort-code position and digit: shares[(j × 6 + i) × 10 + digit]. */
  readonly shares: Int32Array
  /** What the hot path reads, in one array (see HOT_*). */
  readonly hot: Int16Array
  readonly lists: Lists
  /** The test as sums, where it can be (see Linear). */
  readonly linear: Linear | undefined
}

/**
 * What ranges alike share: tail lists by state, the heads' states, choices of k by sort-code
 * signature. The lists lie in one array, LIST_STRIDE entries a state: the list's length
 * (UNKNOWN until made), then its tails (the hot path reads one entry, near the next).
 */
interface Lists {
  /** Its place in LIST_NUMBERS. */
  readonly number: number
  readonly pool: Uint16Array
  /** The forms' head tables (headTablesOf). */
  readonly headTables: Uint8Array
  heads: HeadStates | undefined
  readonly choices: Map<number, number>
}

/** The states the heads reach, sort code left out: feature, each state form's head remainder, and one head. */
interface HeadStates {
  readonly features: Uint8Array
  /** Remainders, stateForms[feature].length per entry, packed at `at[i]`. */
  readonly remainders: Int32Array
  readonly at: Int32Array
  readonly representatives: Int32Array
}

function formOf(row: Row, weights: Int16Array = row.weights): Form {
  return { row, weights, modulus: row.method === MOD11 ? 11 : 10, digitSums: row.method === DBLAL }
}

/** A product's share of a total: itself, or for DBLAL the sum of its digits (products below 100). */
function share(product: number, digitSums: boolean): number {
  return !digitSums || product < 10 ? product : product - 9 * ((product / 10) | 0)
}

const LISTS = new Map<string, Lists>()
/** Every Lists by its number (Lists.number). */
const LIST_NUMBERS: Lists[] = []
const LIST_STRIDE = MAX_TAIL_CHOICES + 1
const UNKNOWN = 0xffff

/** The length of the tail list of `state` (made from `digits`, sort code and head, when not yet made). */
function listLength(scheme: Scheme, state: number, digits: UkDigits, sortCode: number): number {
  const pool = scheme.lists.pool
  const at = state * LIST_STRIDE
  if (pool[at] === UNKNOWN) {
    sortSharesOf(scheme, sortCode)
    const tails = tailsFor(scheme, digits)
    pool.set(tails, at + 1)
    pool[at] = tails.length
  }
  return pool[at] as number
}

/**
 * A test that reads only the state forms' remainders and the tail digits: every state form's
 * total is a multiple of its modulus (`zero`: passing accounts) or none is (failing ones), and
 * the tail meets `tail`, unless `escape` accepts it whatever the totals (exception 6's foreign
 * currency). tailsFor then sums instead of running the check: the same lists, many times
 * sooner (tested against the check for every scheme).
 */
interface Linear {
  readonly zero: boolean
  readonly tail?: (f: number, g: number, h: number) => boolean
  readonly escape?: (feature: number, g: number, h: number) => boolean
}

interface SchemeOptions {
  /** The name of the test, which ranges alike share (with their account weights). */
  readonly kind: string
  readonly forms: readonly Form[]
  readonly stateForms: readonly (readonly number[])[]
  readonly feature?: Feature
  /** The test on the 14 digits: the real check, as the specification reads. */
  readonly accepts: (digits: UkDigits) => boolean
  readonly linear?: Linear
}

function makeScheme(range: Range, options: SchemeOptions): Scheme {
  const { forms, stateForms, feature, accepts } = options
  const offsets = new Int32Array(stateForms.length)
  let states = 0
  stateForms.forEach((list, f) => {
    offsets[f] = states
    states += list.reduce((product, j) => product * (forms[j] as Form).modulus, 1)
  })
  const shares = new Int32Array(forms.length * 60)
  forms.forEach((form, j) => {
    for (let i = 0; i < 6; i++)
      for (let digit = 0; digit < 10; digit++)
        shares[(j * 6 + i) * 10 + digit] = share(digit * (form.weights[i] as number), form.digitSums)
  })
  const key = [
    options.kind,
    range.rows.map((row) => `${row.method}:${row.exception}:${row.weights.slice(A).join(',')}`).join('|'),
    forms.map((form) => form.weights.slice(A).join(',')).join(';'),
    stateForms.map((list) => list.join(',')).join('/'),
    feature === undefined ? '' : `${feature.position}:${feature.digits.join(',')}`,
  ].join('#')
  let lists = LISTS.get(key)
  if (lists === undefined) {
    const pool = new Uint16Array(states * LIST_STRIDE)
    for (let state = 0; state < states; state++) pool[state * LIST_STRIDE] = UNKNOWN
    lists = { number: LIST_NUMBERS.length, pool, headTables: headTablesOf(forms), heads: undefined, choices: new Map() }
    LIST_NUMBERS.push(lists)
    LISTS.set(key, lists)
  }
  const scheme: Scheme = {
    range,
    forms,
    stateForms: stateForms.map((list) => Int8Array.from(list)),
    feature,
    accepts,
    offsets,
    shares,
    hot: hotOf(forms, stateForms, feature, offsets, shares),
    lists,
    linear: options.linear,
  }
  lists.heads ??= headStates(scheme)
  return scheme
}

// The hot array of a scheme (one allocation, read in order): forms, feature position (−1:
// none) and mask (bit d for digit d), each feature value's first state, number of state forms
// and their indices (3 at most), each form's modulus and whether it checks another sort code
// (exceptions 5, 8, 9: the long way), and each form's sort-code shares (6 positions × 10 digits).
const HOT_FORMS = 0
const HOT_FEATURE_POSITION = 1
const HOT_FEATURE_MASK = 2
const HOT_OFFSETS = 3
const HOT_COUNTS = 5
const HOT_LISTS = 7
const HOT_MODULI = 13
const HOT_OTHER_SORT_CODE = 17
const HOT_SHARES = 21
const HOT_SIZE = HOT_SHARES + 4 * 60

function hotOf(
  forms: readonly Form[],
  stateForms: readonly (readonly number[])[],
  feature: Feature | undefined,
  offsets: Int32Array,
  shares: Int32Array,
): Int16Array {
  if (forms.length > 4 || stateForms.some((list) => list.length > 3)) throw new Error('uk-modulus: scheme too large')
  const hot = new Int16Array(HOT_SIZE)
  hot[HOT_FORMS] = forms.length
  hot[HOT_FEATURE_POSITION] = feature?.position ?? -1
  hot[HOT_FEATURE_MASK] = feature?.digits.reduce((mask, digit) => mask | (1 << digit), 0) ?? 0
  stateForms.forEach((list, f) => {
    hot[HOT_OFFSETS + f] = offsets[f] as number
    hot[HOT_COUNTS + f] = list.length
    list.forEach((j, k) => (hot[HOT_LISTS + 3 * f + k] = j))
  })
  hot.set(shares, HOT_SHARES)
  forms.forEach((form, j) => {
    hot[HOT_MODULI + j] = form.modulus
    hot[HOT_OTHER_SORT_CODE + j] = [5, 8, 9].includes(form.row.exception) ? 1 : 0
  })
  return hot
}

/** Per form, the head's share as a remainder: of a b (100 entries), then of c d e (1,000). */
const HEAD_TABLE = 1100

/**
 * The head tables of a scheme's forms (shared by ranges alike): the remainder of a b's share
 * at [j × HEAD_TABLE + ab], of c d e's at [j × HEAD_TABLE + 100 + cde]. Two loads and no
 * division a form, where five digits would take five loads and a remainder.
 */
function headTablesOf(forms: readonly Form[]): Uint8Array {
  const tables = new Uint8Array(forms.length * HEAD_TABLE)
  forms.forEach((form, j) => {
    const digit = (position: number, value: number) =>
      share(value * (form.weights[A + position] as number), form.digitSums)
    const remainder = (total: number) => ((total % form.modulus) + form.modulus) % form.modulus
    for (let ab = 0; ab < 100; ab++)
      tables[j * HEAD_TABLE + ab] = remainder(digit(0, (ab / 10) | 0) + digit(1, ab % 10))
    for (let cde = 0; cde < 1000; cde++)
      tables[j * HEAD_TABLE + 100 + cde] = remainder(
        digit(2, (cde / 100) | 0) + digit(3, ((cde / 10) | 0) % 10) + digit(4, cde % 10),
      )
  })
  return tables
}

function featureOf(feature: Feature | undefined, digits: UkDigits): number {
  return feature !== undefined && feature.digits.includes(digits[feature.position] as number) ? 1 : 0
}

/**
 * Every state the heads reach without the sort code (the remainders of the state forms over
 * a–e, per feature value) with a head for each: digit by digit over the few hundred states.
 */
function headStates(scheme: Scheme): HeadStates {
  const features: number[] = []
  const remainders: number[] = []
  const at: number[] = []
  const representatives: number[] = []
  scheme.stateForms.forEach((list, f) => {
    const forms = Array.from(list, (j) => scheme.forms[j] as Form)
    const moduli = forms.map((form) => form.modulus)
    const size = moduli.reduce((product, modulus) => product * modulus, 1)
    // The heads so far by the code of their remainders (−1: not reached).
    let reached = new Int32Array(size).fill(-1)
    reached[0] = 0
    const tuple = new Int32Array(forms.length)
    for (let position = A; position < F; position++) {
      const next = new Int32Array(size).fill(-1)
      for (let code = 0; code < size; code++) {
        const head = reached[code] as number
        if (head < 0) continue
        for (let digit = 0; digit < 10; digit++) {
          if (scheme.feature?.position === position && featureOf(scheme.feature, digitAt(position, digit)) !== f)
            continue
          let moved = 0
          for (let k = 0, rest = code; k < forms.length; k++) {
            const form = forms[k] as Form
            const tail = sizeAfter(moduli, k)
            const remainder = ((rest / tail) | 0) % form.modulus
            const total = remainder + share(digit * (form.weights[position] as number), form.digitSums)
            moved = moved * form.modulus + (((total % form.modulus) + form.modulus) % form.modulus)
          }
          if ((next[moved] as number) < 0) next[moved] = head * 10 + digit
        }
      }
      reached = next
    }
    for (let code = 0; code < size; code++) {
      const head = reached[code] as number
      if (head < 0) continue
      for (let k = forms.length - 1, rest = code; k >= 0; k--) {
        const modulus = moduli[k] as number
        tuple[k] = rest % modulus
        rest = (rest / modulus) | 0
      }
      features.push(f)
      at.push(remainders.length)
      remainders.push(...tuple)
      representatives.push(head)
    }
  })
  return {
    features: Uint8Array.from(features),
    remainders: Int32Array.from(remainders),
    at: Int32Array.from(at),
    representatives: Int32Array.from(representatives),
  }
}

/** The product of the moduli after the k-th (the place value of remainder k in a code). */
function sizeAfter(moduli: readonly number[], k: number): number {
  let product = 1
  for (let i = k + 1; i < moduli.length; i++) product *= moduli[i] as number
  return product
}

const PROBE = new Uint8Array(14)

/** A digit array with `digit` at `position` (for a feature test). */
function digitAt(position: number, digit: number): UkDigits {
  PROBE[position] = digit
  return PROBE
}

// ---- the schemes of each kind of range ----

const isNotG9 = (digits: UkDigits): boolean => digits[G] !== 9
/** Exception 2: whether a is 0 decides the first check's weights. */
const A_NOT_ZERO: Feature = { position: A, digits: [1, 2, 3, 4, 5, 6, 7, 8, 9] }
/** Exception 3: c of 6 or 9 skips the second check. */
const C_SIX_OR_NINE: Feature = { position: C, digits: [6, 9] }
/** Exception 6: a of 4–8 with g = h is a foreign-currency account. */
const A_FOREIGN: Feature = { position: A, digits: [4, 5, 6, 7, 8] }

/** Every row's check fails on its own. */
function everyRowFails(range: Range, digits: UkDigits): boolean {
  for (const row of range.rows) if (rowPasses(row, digits)) return false
  return true
}

/** Tail conditions of the schemes. */
const gNotNine = (_f: number, g: number): boolean => g !== 9
const gNotH = (_f: number, g: number, h: number): boolean => g !== h
const hNotZeroOneNine = (_f: number, _g: number, h: number): boolean => h !== 0 && h !== 1 && h !== 9

/** Exception 6: with a of 4–8 (feature 1), g = h makes a foreign-currency account, valid whatever the totals. */
const foreignCurrency = (feature: number, g: number, h: number): boolean => feature === 1 && g === h

function passScheme(range: Range): Scheme {
  const [first, second] = range.rows as [Row, Row | undefined]
  const valid = (digits: UkDigits) => rangePasses(range, digits)
  const zero = { zero: true }
  if (second === undefined) {
    const one = [formOf(first)]
    switch (first.exception) {
      case 7:
        // Exception 7 zeroes u–b when g = 9: passing accounts keep g ≠ 9 (one set of weights).
        return makeScheme(range, {
          kind: 'pass7',
          forms: one,
          stateForms: [[0]],
          accepts: (d) => isNotG9(d) && valid(d),
          linear: { zero: true, tail: gNotNine },
        })
      case 14:
        // Exception 14: accounts that pass the plain check (the shifted one reads other remainders).
        return makeScheme(range, {
          kind: 'pass14',
          forms: one,
          stateForms: [[0]],
          accepts: (d) => rowRemainder(first, d) === 0 && valid(d),
          linear: zero,
        })
      case 0:
      case 8:
        return makeScheme(range, { kind: 'pass', forms: one, stateForms: [[0]], accepts: valid, linear: zero })
      default:
        // Exceptions 1 and 4: the test itself (27 added; the remainder equal to gh).
        return makeScheme(range, { kind: `pass${first.exception}`, forms: one, stateForms: [[0]], accepts: valid })
    }
  }
  const both = [formOf(first), formOf(second)]
  switch (first.exception) {
    case 2:
      // Either check: accounts that pass the first, with g ≠ 9; its weights depend on a = 0.
      return makeScheme(range, {
        kind: 'pass2',
        forms: [formOf(first), formOf(first, EX2_WEIGHTS)],
        stateForms: [[0], [1]],
        feature: A_NOT_ZERO,
        accepts: (d) => isNotG9(d) && rowPasses(first, d) && valid(d),
        linear: { zero: true, tail: gNotNine },
      })
    case 10:
      return makeScheme(range, {
        kind: 'pass10',
        forms: both,
        stateForms: [[0]],
        accepts: (d) => isNotG9(d) && rowPasses(first, d) && valid(d),
        linear: { zero: true, tail: gNotNine },
      })
    case 12:
      return makeScheme(range, {
        kind: 'pass12',
        forms: both,
        stateForms: [[0]],
        accepts: (d) => rowPasses(first, d) && valid(d),
        linear: zero,
      })
    case 6:
      return makeScheme(range, {
        kind: 'pass6',
        forms: both,
        stateForms: [
          [0, 1],
          [0, 1],
        ],
        feature: A_FOREIGN,
        accepts: valid,
        linear: { zero: true, escape: foreignCurrency },
      })
    case 5:
      // Check digits g and h: the test itself.
      return makeScheme(range, { kind: 'pass5', forms: both, stateForms: [[0, 1]], accepts: valid })
    default:
      // Exception 3: c of 6 or 9 (feature 1) leaves the first check alone.
      if (second.exception === 3)
        return makeScheme(range, {
          kind: 'pass3',
          forms: both,
          stateForms: [[0, 1], [0]],
          feature: C_SIX_OR_NINE,
          accepts: valid,
          linear: zero,
        })
      return makeScheme(range, { kind: 'pass', forms: both, stateForms: [[0, 1]], accepts: valid, linear: zero })
  }
}

function failScheme(range: Range): Scheme {
  const [first, second] = range.rows as [Row, Row | undefined]
  const invalid = (digits: UkDigits) => !rangePasses(range, digits) && everyRowFails(range, digits)
  const none = { zero: false }
  if (second === undefined) {
    const one = [formOf(first)]
    switch (first.exception) {
      case 4:
        // The remainder is neither gh nor 0.
        return makeScheme(range, {
          kind: 'fail4',
          forms: one,
          stateForms: [[0]],
          accepts: (d) => invalid(d) && rowRemainder(first, d) !== 0,
        })
      case 7: {
        // g ≠ 9, and the check fails with u–b zeroed too.
        const zeroed = zeroedWeights(first)
        return makeScheme(range, {
          kind: 'fail7',
          forms: [formOf(first), formOf(first, zeroed)],
          stateForms: [[0, 1]],
          accepts: (d) => isNotG9(d) && invalid(d) && rowRemainder(first, d, zeroed) !== 0,
          linear: { zero: false, tail: gNotNine },
        })
      }
      case 14:
        // h is not 0, 1 or 9: the shifted second check never runs.
        return makeScheme(range, {
          kind: 'fail14',
          forms: one,
          stateForms: [[0]],
          accepts: (d) => d[H] !== 0 && d[H] !== 1 && d[H] !== 9 && invalid(d),
          linear: { zero: false, tail: hNotZeroOneNine },
        })
      case 0:
      case 8:
        return makeScheme(range, { kind: 'fail', forms: one, stateForms: [[0]], accepts: invalid, linear: none })
      default:
        // Exception 1: the test itself.
        return makeScheme(range, { kind: `fail${first.exception}`, forms: one, stateForms: [[0]], accepts: invalid })
    }
  }
  const both = [formOf(first), formOf(second)]
  switch (first.exception) {
    case 2:
      return makeScheme(range, {
        kind: 'fail2',
        forms: [...both, formOf(first, EX2_WEIGHTS)],
        stateForms: [
          [0, 1],
          [2, 1],
        ],
        feature: A_NOT_ZERO,
        accepts: (d) => isNotG9(d) && invalid(d),
        linear: { zero: false, tail: gNotNine },
      })
    case 10:
      return makeScheme(range, {
        kind: 'fail10',
        forms: both,
        stateForms: [[0, 1]],
        accepts: (d) => isNotG9(d) && invalid(d),
        linear: { zero: false, tail: gNotNine },
      })
    case 6:
      // g ≠ h: never the foreign-currency pattern, whatever a is.
      return makeScheme(range, {
        kind: 'fail6',
        forms: both,
        stateForms: [[0, 1]],
        accepts: (d) => d[G] !== d[H] && invalid(d),
        linear: { zero: false, tail: gNotH },
      })
    case 5:
      return makeScheme(range, {
        kind: 'fail5',
        forms: both,
        stateForms: [[0, 1]],
        accepts: (d) => invalid(d) && rowRemainder(first, d) !== 0 && rowRemainder(second, d) !== 0,
      })
    default:
      return makeScheme(range, { kind: 'fail', forms: both, stateForms: [[0, 1]], accepts: invalid, linear: none })
  }
}

const SCHEMES: Record<AccountKind, (Scheme | undefined)[]> = { pass: [], fail: [] }

function schemeOf(range: Range, kind: AccountKind): Scheme {
  const schemes = SCHEMES[kind]
  let scheme = schemes[range.index]
  if (scheme === undefined) schemes[range.index] = scheme = kind === 'pass' ? passScheme(range) : failScheme(range)
  return scheme
}

// ---- states ----

/** Scratch: each form's sort-code share, and the 14 digits of one account. */
const SORT_SHARES = new Int32Array(4)
const DIGITS = new Uint8Array(14)

/** Fills SORT_SHARES with each form's share of the sort code it checks (exceptions 5, 8, 9 check another). */
function sortSharesOf(scheme: Scheme, sortCode: number): void {
  const { forms, shares } = scheme
  for (let j = 0; j < forms.length; j++) {
    const exception = (forms[j] as Form).row.exception
    const checked = exception === 5 ? substituteOf(sortCode) : (FIXED_SORT_CODE[exception] ?? sortCode)
    let total = 0
    for (let i = 5, rest = checked; i >= 0; i--) {
      const next = (rest / 10) | 0
      total += shares[(j * 6 + i) * 10 + rest - next * 10] as number
      rest = next
    }
    SORT_SHARES[j] = total
  }
}

/** A sort code's signature: the remainder of each form's sort-code share, in mixed radix (after sortSharesOf). */
function signatureOf(scheme: Scheme): number {
  let signature = 0
  for (let j = 0; j < scheme.forms.length; j++) {
    const modulus = (scheme.forms[j] as Form).modulus
    signature = signature * modulus + ((((SORT_SHARES[j] as number) % modulus) + modulus) % modulus)
  }
  return signature
}

/** The state of feature `f` with head remainders read by `headRemainder(k)` (after sortSharesOf). */
function stateFrom(scheme: Scheme, f: number, head: (k: number) => number): number {
  const list = scheme.stateForms[f] as Int8Array
  let code = 0
  for (let k = 0; k < list.length; k++) {
    const j = list[k] as number
    const modulus = (scheme.forms[j] as Form).modulus
    code = code * modulus + (((((SORT_SHARES[j] as number) + head(k)) % modulus) + modulus) % modulus)
  }
  return (scheme.offsets[f] as number) + code
}

/**
 * The tails that make an account of the scheme's kind with these sort code and head digits
 * (the first MAX_TAIL_CHOICES, in TAIL_ORDER); SORT_SHARES holds the sort code's shares.
 */
function tailsFor(scheme: Scheme, digits: UkDigits): Uint16Array {
  return scheme.linear !== undefined ? linearTails(scheme, scheme.linear, digits) : testedTails(scheme, digits)
}

/** tailsFor by running the scheme's test on every tail. */
function testedTails(scheme: Scheme, digits: UkDigits): Uint16Array {
  let found = 0
  for (let i = 0; i < TAILS && found < MAX_TAIL_CHOICES; i++) {
    const tail = TAIL_ORDER[i] as number
    digits[F] = (tail / 100) | 0
    digits[G] = ((tail / 10) | 0) % 10
    digits[H] = tail % 10
    if (scheme.accepts(digits)) FOUND[found++] = tail
  }
  return FOUND.slice(0, found)
}

const FOUND = new Uint16Array(MAX_TAIL_CHOICES)
const BASES = new Int32Array(4)

/** tailsFor by sums: each state form's total over the sort code and u–e, plus the tail's share (see Linear). */
function linearTails(scheme: Scheme, linear: Linear, digits: UkDigits): Uint16Array {
  const feature = featureOf(scheme.feature, digits)
  const list = scheme.stateForms[feature] as Int8Array
  for (let k = 0; k < list.length; k++) {
    const j = list[k] as number
    const form = scheme.forms[j] as Form
    let total = SORT_SHARES[j] as number
    for (let i = A; i < F; i++) total += share((digits[i] as number) * (form.weights[i] as number), form.digitSums)
    BASES[k] = total
  }
  const { zero, tail: condition, escape } = linear
  let found = 0
  for (let i = 0; i < TAILS && found < MAX_TAIL_CHOICES; i++) {
    const tail = TAIL_ORDER[i] as number
    const f = (tail / 100) | 0
    const g = ((tail / 10) | 0) % 10
    const h = tail % 10
    if (condition !== undefined && !condition(f, g, h)) continue
    let accepted = escape?.(feature, g, h) === true
    for (let k = 0; k < list.length && !accepted; k++) {
      const { weights, digitSums, modulus } = scheme.forms[list[k] as number] as Form
      const total =
        (BASES[k] as number) +
        share(f * (weights[F] as number), digitSums) +
        share(g * (weights[G] as number), digitSums) +
        share(h * (weights[H] as number), digitSums)
      if ((total % modulus === 0) !== zero) break
      if (k === list.length - 1) accepted = true
    }
    if (accepted) FOUND[found++] = tail
  }
  return FOUND.slice(0, found)
}

/**
 * For tests: the tail lists of a range and kind at the sort code and head of `digits`, by the
 * scheme's sums and by its test (equal when the sums say what the test does).
 */
export function tailListsBothWays(range: Range, kind: AccountKind, digits: UkDigits): [Uint16Array, Uint16Array] {
  const scheme = schemeOf(range, kind)
  sortSharesOf(scheme, sortCodeOf(digits))
  const tested = testedTails(scheme, digits.slice())
  return [tailsFor(scheme, digits.slice()), tested]
}

function setHead(digits: UkDigits, head: number): void {
  for (let k = 4, rest = head; k >= 0; k--, rest = (rest / 10) | 0) digits[A + k] = rest % 10
}

/**
 * The choices of k at a sort code of the scheme's range: the shortest tail list over the states
 * its heads reach, making those lists on the way (0: some head has no tail, e.g. a Bank of
 * Ireland sort code whose second check fails whatever the account).
 */
function choicesAt(scheme: Scheme, sortCode: number): number {
  sortSharesOf(scheme, sortCode)
  const signature = signatureOf(scheme)
  const { lists } = scheme
  const known = lists.choices.get(signature)
  if (known !== undefined) return known
  const heads = lists.heads as HeadStates
  let least = MAX_TAIL_CHOICES
  for (let i = 0; i < heads.features.length; i++) {
    const f = heads.features[i] as number
    const at = heads.at[i] as number
    const state = stateFrom(scheme, f, (k) => heads.remainders[at + k] as number)
    if (lists.pool[state * LIST_STRIDE] === UNKNOWN) {
      setSortCode(DIGITS, sortCode)
      setHead(DIGITS, heads.representatives[i] as number)
      listLength(scheme, state, DIGITS, sortCode)
      sortSharesOf(scheme, sortCode)
    }
    least = Math.min(least, lists.pool[state * LIST_STRIDE] as number)
  }
  lists.choices.set(signature, least)
  return least
}

/**
 * How many choices of k the sort code offers for accounts of `kind`: MAX_TAIL_CHOICES where the
 * table has no check for it (then every account passes, so for `fail`: 0), else the shortest
 * tail list its heads reach (0: it cannot be used for that kind).
 */
export function tailChoices(sortCode: number, kind: AccountKind): number {
  const range = rangeOf(sortCode)
  if (range === undefined) return kind === 'pass' ? MAX_TAIL_CHOICES : 0
  return choicesAt(schemeOf(range, kind), sortCode)
}

/**
 * The fewest choices of k over every sort code of the table whose two-digit prefix is not in
 * `skipped`, for `kind` (sort codes without a check offer MAX_TAIL_CHOICES): what random mode,
 * whose sort codes are free digits, can count on.
 */
export function leastTailChoices(kind: AccountKind, skipped: ReadonlySet<number>): number {
  let least = MAX_TAIL_CHOICES
  for (const range of ukRanges()) {
    const scheme = schemeOf(range, kind)
    for (let sortCode = range.start; sortCode <= range.end; sortCode++) {
      if (!skipped.has(Math.floor(sortCode / 10_000))) least = Math.min(least, choicesAt(scheme, sortCode))
    }
  }
  return least
}

/**
 * A sort code's share of a form's total: one sum of table entries (sort-code shares are never
 * negative: the table's −1 weights are on h); a form that checks another sort code
 * (exceptions 5, 8, 9) takes the scheme's long way.
 */
function sortShare(scheme: Scheme, j: number, sortCode: number): number {
  const hot = scheme.hot
  if (hot[HOT_OTHER_SORT_CODE + j] === 1) {
    sortSharesOf(scheme, sortCode)
    return SORT_SHARES[j] as number
  }
  const at = HOT_SHARES + j * 60
  let total = 0
  for (let i = 5, rest = sortCode; i >= 0; i--, rest = Math.floor(rest / 10))
    total += hot[at + i * 10 + (rest % 10)] as number
  return total
}

// A sort code made ready for the hot path (a record): everything the state of a head needs in
// one run of RECORD_SIZE numbers, so that a row touches one place for its sort code. The
// range's index (−1: the table does not check the sort code), the scheme's feature position
// (−1: none) and mask, each feature value's first state, count of state forms and their
// indices (3 at most), each form's modulus and the sort code's share of its total (as a
// remainder), and the number of the lists the scheme shares (LIST_NUMBERS).
const RECORD_RANGE = 0
const RECORD_FEATURE_POSITION = 1
const RECORD_FEATURE_MASK = 2
const RECORD_OFFSETS = 3
const RECORD_COUNTS = 5
const RECORD_LISTS = 7
const RECORD_MODULI = 13
const RECORD_RESIDUES = 17
const RECORD_LISTS_NUMBER = 21
/** 24 numbers of 16 bits (every one is below 2^15): 48 bytes a sort code. */
const RECORD_SIZE = 24

/** Fills the record of `sortCode` for accounts of `kind` into `records` at `at`. */
function fillRecord(records: Int16Array, at: number, sortCode: number, kind: AccountKind): void {
  const index = rangeIndexOf(sortCode)
  records[at + RECORD_RANGE] = index
  if (index < 0) return
  const scheme = schemeOf(ukRanges()[index] as Range, kind)
  const hot = scheme.hot
  records[at + RECORD_FEATURE_POSITION] = hot[HOT_FEATURE_POSITION] as number
  records[at + RECORD_FEATURE_MASK] = hot[HOT_FEATURE_MASK] as number
  for (let i = 0; i < 2; i++) {
    records[at + RECORD_OFFSETS + i] = hot[HOT_OFFSETS + i] as number
    records[at + RECORD_COUNTS + i] = hot[HOT_COUNTS + i] as number
  }
  for (let i = 0; i < 6; i++) records[at + RECORD_LISTS + i] = hot[HOT_LISTS + i] as number
  scheme.forms.forEach((form, j) => {
    records[at + RECORD_MODULI + j] = form.modulus
    records[at + RECORD_RESIDUES + j] = sortShare(scheme, j, sortCode) % form.modulus
  })
  records[at + RECORD_LISTS_NUMBER] = scheme.lists.number
}

/**
 * Sort codes made ready for the hot path, numbered per kind (records at number × RECORD_SIZE).
 * A shape gives each sort code's number to the writer as the row's tag (layout.ts), so the
 * writer reads its record instead of looking the sort code up. NO_RECORD (−1, NO_TAG) marks a
 * sort code without one.
 */
interface Records {
  readonly numbers: Map<number, number>
  data: Int16Array
  count: number
}

const NO_RECORD = -1
/** Records kept per kind at most (a row's sort code past them is looked up on the spot). */
const MAX_RECORDS = 0xffff
const RECORDS: Record<AccountKind, Records> = {
  pass: { numbers: new Map(), data: new Int16Array(1024 * RECORD_SIZE), count: 0 },
  fail: { numbers: new Map(), data: new Int16Array(1024 * RECORD_SIZE), count: 0 },
}

/** The number of a sort code's record for accounts of `kind` (made on first use), or NO_RECORD when they run out. */
export function ukRecord(sortCode: number, kind: AccountKind): number {
  const records = RECORDS[kind]
  const known = records.numbers.get(sortCode)
  if (known !== undefined) return known
  if (records.count >= MAX_RECORDS) return NO_RECORD
  const number = records.count++
  if ((number + 1) * RECORD_SIZE > records.data.length) {
    const data = new Int16Array(records.data.length * 2)
    data.set(records.data)
    records.data = data
  }
  fillRecord(records.data, number * RECORD_SIZE, sortCode, kind)
  records.numbers.set(sortCode, number)
  return number
}

/** Scratch record, for a sort code without one. */
const SCRATCH_RECORD = new Int16Array(RECORD_SIZE)

/** The digit of a head at `position` (a UkDigits index, A–A + 4). */
function headDigit(position: number, a: number, b: number, c: number, d: number, e: number): number {
  return position === A ? a : position === A + 1 ? b : position === A + 2 ? c : position === A + 3 ? d : e
}

/**
 * The tail (0–999) of choice k for a head a–e at the sort code of the record at `at` in `data`,
 * or −1 when its state's list is not made yet. The state: the feature's first state plus each
 * state form's remainder in mixed radix, each remainder three entries below the modulus (the
 * sort code's, a b's, c d e's: at most two subtractions, no division).
 */
function recordTail(
  data: Int16Array,
  at: number,
  a: number,
  b: number,
  c: number,
  d: number,
  e: number,
  k: number,
): number {
  if ((data[at + RECORD_RANGE] as number) < 0) {
    // No check: k's place in the order of tails, moved along by the head (distinct k give
    // distinct tails for one head; k < 100 < 1000).
    const head = (((a * 10 + b) * 10 + c) * 10 + d) * 10 + e
    return TAIL_ORDER[(k + head * 7) % TAILS] as number
  }
  const lists = LIST_NUMBERS[data[at + RECORD_LISTS_NUMBER] as number] as Lists
  const heads = lists.headTables
  const ab = a * 10 + b
  const cde = c * 100 + d * 10 + e
  const position = data[at + RECORD_FEATURE_POSITION] as number
  const feature =
    position >= 0 ? ((data[at + RECORD_FEATURE_MASK] as number) >> headDigit(position, a, b, c, d, e)) & 1 : 0
  const count = data[at + RECORD_COUNTS + feature] as number
  let code = 0
  for (let n = 0; n < count; n++) {
    const j = data[at + RECORD_LISTS + 3 * feature + n] as number
    const modulus = data[at + RECORD_MODULI + j] as number
    let total =
      (data[at + RECORD_RESIDUES + j] as number) +
      (heads[j * HEAD_TABLE + ab] as number) +
      (heads[j * HEAD_TABLE + 100 + cde] as number)
    if (total >= modulus) total -= modulus
    if (total >= modulus) total -= modulus
    code = code * modulus + total
  }
  const entry = ((data[at + RECORD_OFFSETS + feature] as number) + code) * LIST_STRIDE
  const length = lists.pool[entry] as number
  if (length === UNKNOWN) return -1
  if (k >= length) throw new RangeError(`uk-modulus: a sort code offers fewer than ${k + 1} tails`)
  return lists.pool[entry + 1 + k] as number
}

/**
 * Writes f g h of `digits` (sort code and head set) as choice k of the sort code's tails, by
 * its record `record` where it has one (else NO_RECORD: made on the spot); a state's list not
 * made yet is made here.
 */
function completeAccount(digits: UkDigits, sortCode: number, k: number, kind: AccountKind, record = NO_RECORD): void {
  let data: Int16Array = SCRATCH_RECORD
  let at = 0
  if (record !== NO_RECORD) {
    data = RECORDS[kind].data
    at = record * RECORD_SIZE
  } else fillRecord(SCRATCH_RECORD, 0, sortCode, kind)
  const head = (digit: number) => digits[A + digit] as number
  const tailOf = () => recordTail(data, at, head(0), head(1), head(2), head(3), head(4), k)
  let tail = tailOf()
  if (tail < 0) {
    // The state's list, made now (from these digits), then read.
    const scheme = schemeOf(ukRanges()[data[at + RECORD_RANGE] as number] as Range, kind)
    listLength(scheme, recordStateOf(data, at, digits), digits, sortCode)
    tail = tailOf()
  }
  digits[F] = (tail / 100) | 0
  digits[G] = ((tail / 10) | 0) % 10
  digits[H] = tail % 10
}

/** The state recordTail reads for the head in `digits` (to make its list). */
function recordStateOf(data: Int16Array, at: number, digits: UkDigits): number {
  const lists = LIST_NUMBERS[data[at + RECORD_LISTS_NUMBER] as number] as Lists
  const ab = (digits[A] as number) * 10 + (digits[A + 1] as number)
  const cde = (digits[A + 2] as number) * 100 + (digits[A + 3] as number) * 10 + (digits[A + 4] as number)
  const position = data[at + RECORD_FEATURE_POSITION] as number
  const feature = position >= 0 ? ((data[at + RECORD_FEATURE_MASK] as number) >> (digits[position] as number)) & 1 : 0
  let code = 0
  for (let n = 0; n < (data[at + RECORD_COUNTS + feature] as number); n++) {
    const j = data[at + RECORD_LISTS + 3 * feature + n] as number
    const modulus = data[at + RECORD_MODULI + j] as number
    const total =
      (data[at + RECORD_RESIDUES + j] as number) +
      (lists.headTables[j * HEAD_TABLE + ab] as number) +
      (lists.headTables[j * HEAD_TABLE + 100 + cde] as number)
    code = code * modulus + (total % modulus)
  }
  return (data[at + RECORD_OFFSETS + feature] as number) + code
}

/**
 * The account (8 digits) of a sort code from its head (0–99,999: the digits a–e) and k, passing
 * (for `fail`: failing) the sort code's check; k must be below tailChoices(sortCode, kind).
 */
export function ukAccount(sortCode: number, head: number, k: number, kind: AccountKind): string {
  setSortCode(DIGITS, sortCode)
  setHead(DIGITS, head)
  completeAccount(DIGITS, sortCode, k, kind)
  let account = ''
  for (let i = A; i <= H; i++) account += String(DIGITS[i])
  return account
}

/**
 * A writer of GB accounts in an IBAN's bytes: reads the sort code at `sortAt` (6 digits), the
 * head at `accountAt` (a–e) and k as two digits at f g, as the layout wrote them, and is given
 * the sort code's record number (ukRecord; NO_RECORD: none); writes f g h.
 */
export function ukAccountWriter(
  sortAt: number,
  accountAt: number,
  kind: AccountKind,
): (out: Uint8Array, record: number) => void {
  const digits = new Uint8Array(14)
  const records = RECORDS[kind]
  return (out, record) => {
    const a = (out[accountAt] as number) - 48
    const b = (out[accountAt + 1] as number) - 48
    const c = (out[accountAt + 2] as number) - 48
    const d = (out[accountAt + 3] as number) - 48
    const e = (out[accountAt + 4] as number) - 48
    const k = ((out[accountAt + 5] as number) - 48) * 10 + (out[accountAt + 6] as number) - 48
    // The common case straight from the bytes: a sort code with a record, its list made.
    let tail = record === NO_RECORD ? -1 : recordTail(records.data, record * RECORD_SIZE, a, b, c, d, e, k)
    if (tail < 0) {
      let sortCode = 0
      for (let i = 0; i < 6; i++) {
        const digit = (out[sortAt + i] as number) - 48
        digits[i] = digit
        sortCode = sortCode * 10 + digit
      }
      for (let i = 0; i < 5; i++) digits[A + i] = (out[accountAt + i] as number) - 48
      completeAccount(digits, sortCode, k, kind, record)
      tail = (digits[F] as number) * 100 + (digits[G] as number) * 10 + (digits[H] as number)
    }
    out[accountAt + 5] = 48 + ((tail / 100) | 0)
    out[accountAt + 6] = 48 + (((tail / 10) | 0) % 10)
    out[accountAt + 7] = 48 + (tail % 10)
  }
}
