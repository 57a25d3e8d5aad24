// A dataset: the fixed sequence of rows that one request (country list, mode, bank, bank mix,
// QR-IBANs, seed, invalid kinds and share) stands for. Row i is minted on its own from (key, i), so any slice of the
// sequence can be produced anywhere, by any number of threads or machines, and the rows never
// repeat:
//   1. the keys: each permutation's three round keys and the key of the rows' own draws
//      (negative data), from the seeded streams of the seed and a label (the country, mode
//      and filters; random ones when there is no seed);
//   2. one country: row number p = P(i), with P a keyed permutation of [0, capacity)
//      (permutation.ts); several countries: P over [0, k × C), country p mod k, and that
//      country's own permutation of ⌊p / k⌋ (C: the smallest country capacity);
//   3. p is split into bank and account number (generate.ts: p mod banks, or where the banks
//      weigh differently, p's unit among the banks' units), and the account number becomes the
//      BBAN's free characters in mixed radix (layout.ts); check digits follow;
//   4. negative data: whether row i is broken, and which of the kinds breaks it, is drawn from
//      a stream of its own keyed by the seed and i (so slices agree), then invalid.ts breaks it.
// Distinct i give distinct p, distinct p give distinct free characters: no two rows share an
// IBAN, with no memory of what was minted. Rows broken by different kinds fail different
// checks, so they cannot meet either.
import { schemeOf } from './account-schemes.ts'
import { BANK_MIXES, type BankMix } from './bank-mix.ts'
import { banksOf, findBank, hasBankRegistry, type BankRow, type IbanBank } from './banks.ts'
import { asciiString, mintRow, planFor, toIbanRecord, type Iban, type MintPlan } from './generate.ts'
import { breakCheck, INVALID_CHECKS, keepsBank, unbreakable, type InvalidCheck } from './invalid.ts'
import { randomBelow } from './random.ts'
import { MAX_IBAN_LENGTH } from './layout.ts'
import { MAX_PERMUTATION_SIZE, Permutation, RowRandom } from './permutation.ts'
import { isQrIid, QR_IBAN_COUNTRIES } from './qr-iban.ts'
import { CryptoRandom, SeededRandom } from './random.ts'
import { resolveCountry, type CountrySpec } from './registry.ts'

/** What a dataset stands for: countries, mode, seed, bank filter and negative kind. */
export interface DatasetOptions {
  /**
   * Country codes (case-insensitive; a territory such as GF stands for its parent's IBANs);
   * rows are spread evenly across them.
   */
  countries: readonly string[]
  /** Realistic mode (default true): digits in alphanumeric fields, real bank codes. */
  realistic?: boolean | undefined
  /**
   * Reproducible output: the same seed and options give the same rows everywhere. A string, or
   * a non-negative integer, which stands for its digits (42 and "42" are the same seed).
   */
  seed?: string | number | undefined
  /** Restricts realistic rows to the real bank with this code (one country only). */
  bank?: string | undefined
  /**
   * Rows that fail exactly this check and pass every other one; with several checks, each
   * broken row fails one of them, drawn per row among those its country can fail.
   */
  invalid?: InvalidCheck | readonly InvalidCheck[] | undefined
  /**
   * The share of rows broken, greater than 0 and at most 1 (default 1: every row); the others
   * stay valid. Given, or with several checks, rows are labelled (Dataset.labelled).
   */
  invalidShare?: number | undefined
  /**
   * How realistic rows are shared among a country's banks: `weighted` (default) as the
   * country's accounts are, the largest banks carrying most rows; `uniform`, every bank code
   * alike (bank-mix.ts).
   */
  bankMix?: BankMix | undefined
  /** CH and LI: QR-IBANs, whose bank positions hold a real bank's QR-IID (realistic mode). */
  qrIban?: boolean | undefined
}

/** A request that cannot be met; `parameter` names the option at fault. */
export class DatasetError extends RangeError {
  readonly parameter: string

  constructor(parameter: string, message: string) {
    super(message)
    this.name = 'DatasetError'
    this.parameter = parameter
  }
}

/**
 * Five words from the seeded stream of the seed and a label (or drawn at random): a
 * permutation takes the first three as its round keys; the rows' random source, the fifth.
 */
function keysOf(seed: string | undefined, label: string): number[] {
  const random = seed === undefined ? SHARED_CRYPTO : new SeededRandom(`${seed}\u0000${label}`)
  return [random.uint32(), random.uint32(), random.uint32(), random.uint32(), random.uint32()]
}

/**
 * The seed as the keys take it: a string as given, a non-negative integer as its decimal digits
 * (the API, MCP and the command line read 42 and "42" as one seed); anything else is refused.
 */
function seedText(seed: unknown): string | undefined {
  if (seed === undefined || typeof seed === 'string') return seed
  if (typeof seed === 'number' && Number.isSafeInteger(seed) && seed >= 0) return String(seed)
  throw new DatasetError('seed', 'seed must be a string or a non-negative integer')
}

/** Unseeded datasets draw their keys from Web Crypto, 4 KiB at a time. */
const SHARED_CRYPTO = new CryptoRandom()

/** A fresh random key for an unseeded dataset (128 bits from Web Crypto). */
export function randomSeed(): string {
  const words = globalThis.crypto.getRandomValues(new Uint32Array(4))
  return Array.from(words, (word) => word.toString(16).padStart(8, '0')).join('')
}

/**
 * The real bank of `country` with this code (case-insensitive), or a DatasetError; where the
 * country has an account scheme, as the scheme reads a bank (GB also a sort code, 60-16-13: the
 * bank whose known range holds it, rows at that sort code only; or a bank code with a sort code,
 * NWBK601613).
 */
export function requireBank(country: string, code: string): BankRow {
  const spec = resolveCountry(country)
  const scheme = spec === undefined ? undefined : schemeOf(spec)
  let bank: BankRow | undefined
  try {
    bank = scheme === undefined ? findBank(country, code) : scheme.findBank(country, code)
  } catch (error) {
    throw new DatasetError('bank', (error as Error).message)
  }
  if (bank !== undefined) return bank
  const known = banksOf(country)
  const what = scheme?.bankWords ?? (hasBankRegistry(country) ? 'a registered bank code' : 'a known bank code')
  throw new DatasetError(
    'bank',
    known.length === 0
      ? `bank: no real bank codes are known for ${country}`
      : known.length <= 20
        ? `bank "${code.slice(0, 34)}" is not ${what} of ${country} (known: ${known.map((b) => b.code).join(', ')})`
        : `bank "${code.slice(0, 34)}" is not ${what} of ${country} (${known.length.toLocaleString('en')} are: GET /api/v1/countries/${country}/banks or ibanmint countries ${country} --banks lists them)`,
  )
}

/** The country a code stands for (a territory: its parent), or a DatasetError naming the code. */
function requireSpec(code: string): CountrySpec {
  const spec = resolveCountry(code)
  if (spec === undefined) throw new DatasetError('country', `country "${code.slice(0, 16)}" is not supported`)
  return spec
}

/**
 * A fixed, duplicate-free sequence of rows (see the top of this file): `mint(i, bytes)` makes
 * row i on its own, so slices can be made anywhere, in any order. `capacity` rows at most.
 */
export class Dataset {
  /**
   * One plan per country, in order; then, for an account scheme's country whose rows are only
   * partly broken by `national`, the plan of those rows (its checked banks, its negative kind).
   */
  readonly plans: readonly MintPlan[]
  /** How many rows the dataset holds before it would repeat: the largest valid count. */
  readonly capacity: number
  /** Per country (the first plans), the checks its rows may fail (empty without negative data). */
  readonly kindsByCountry: readonly (readonly InvalidCheck[])[]
  /** The share of rows broken (1 without negative data). */
  readonly invalidShare: number
  /**
   * Rows say which check each fails (documents add an `invalid` column): asked for with a
   * share, or with several checks. One check without a share breaks every row alike, unlabelled.
   */
  readonly labelled: boolean
  /** The check the last minted row fails, or undefined when it is valid. */
  invalid: InvalidCheck | undefined
  /** The last minted row: its plan (and that plan's index), its bank's index in the plan and its IBAN length. */
  rowPlan: MintPlan
  planIndex = 0
  bankIndex = 0
  ibanLength = 0
  /** One per plan. */
  readonly #permutations: Permutation[]
  /** Per country, the index of the plan its `national` rows come from. */
  readonly #nationalPlans: readonly number[]
  readonly #outer: Permutation | undefined
  readonly #random: RowRandom
  /** Whether row i is broken, and by which kind: drawn from (seed, i) alone. */
  readonly #pick: RowRandom
  readonly #breaks: boolean
  readonly #mixed: boolean

  constructor(options: DatasetOptions) {
    const realistic = options.realistic ?? true
    const seed = seedText(options.seed)
    if (options.countries.length === 0) throw new DatasetError('country', 'country: at least one country is needed')
    const codes = [...new Set(options.countries.map((code) => requireSpec(code).code))]
    const kinds = invalidKinds(options.invalid)
    const share = invalidShareOf(options.invalidShare, kinds)
    const mix = options.bankMix ?? 'weighted'
    if (!BANK_MIXES.includes(mix))
      throw new DatasetError('bank_mix', `bank_mix must be one of ${BANK_MIXES.join(', ')}`)
    const qrIban = options.qrIban === true
    if (qrIban) requireQrCountries(codes, realistic)
    let bank: BankRow | undefined
    if (options.bank !== undefined) {
      if (!realistic) throw new DatasetError('bank', 'bank needs realistic mode (real bank codes)')
      if (codes.length !== 1) throw new DatasetError('bank', 'bank needs exactly one country')
      bank = requireBank(codes[0] as string, options.bank)
      if (qrIban && !isQrIid(codes[0] as string, bank.code))
        throw new DatasetError('bank', `bank ${bank.code} is not a QR-IID (30000–31999), which qr_iban needs`)
    }
    this.kindsByCountry = codes.map((code) => breakableKinds(requireSpec(code), kinds, realistic, bank))
    requireEveryKindMade(kinds, this.kindsByCountry, codes, realistic, bank)
    // Negative data of an account scheme draws only banks whose accounts it checks: a country
    // whose rows all fail `national` mints them all so; one whose rows fail it in part, those
    // rows only, from a plan of their own (GB's accounts of that plan fail as minted).
    const plans: MintPlan[] = []
    const national = codes.map((code, which) => {
      const fails =
        this.kindsByCountry[which]?.includes('national') === true && schemeOf(requireSpec(code)) !== undefined
      const whole = fails && share === 1 && this.kindsByCountry[which]?.length === 1
      plans.push(planFor(code, realistic, bank, whole, mix, qrIban) as MintPlan)
      return fails && !whole
    })
    this.#nationalPlans = codes.map((code, which) => {
      if (!national[which]) return which
      plans.push(planFor(code, realistic, bank, true, mix, qrIban) as MintPlan)
      return plans.length - 1
    })
    this.plans = plans
    this.invalidShare = share
    this.labelled = kinds.length > 1 || options.invalidShare !== undefined
    this.#breaks = kinds.length > 0
    this.#mixed = kinds.length > 1 || share < 1
    this.rowPlan = plans[0] as MintPlan
    this.#permutations = plans.map((plan) => new Permutation(plan.capacity, keysOf(seed, keyLabel(plan))))
    // A country's rows: as many as both its plans hold.
    const capacities = codes.map((_, which) =>
      Math.min((plans[which] as MintPlan).capacity, (plans[this.#nationalPlans[which] as number] as MintPlan).capacity),
    )
    const k = codes.length
    if (k === 1) {
      this.capacity = capacities[0] as number
      this.#outer = undefined
    } else {
      const share = Math.min(...capacities, Math.floor(MAX_PERMUTATION_SIZE / k))
      this.capacity = share * k
      this.#outer = new Permutation(this.capacity, keysOf(seed, `*${codes.join(',')}`))
    }
    this.#random = new RowRandom(keysOf(seed, 'rows')[4] as number)
    // Its own stream, so that the draws of a broken row (invalid.ts) stay those of a dataset of
    // one kind without a share, row for row.
    this.#pick = new RowRandom(this.#mixed ? (keysOf(seed, 'invalid')[4] as number) : 0)
  }

  /**
   * False when negative data changed the last row's bank code itself (PL: invalid=national
   * breaks the sort code's own check digit), so the row carries no registered bank.
   */
  bankKept = true

  /** The real bank of the last minted row, if it has one. */
  get bank(): BankRow | undefined {
    return this.bankKept ? this.rowPlan.banks[this.bankIndex] : undefined
  }

  /** The record of the last minted row's bank (as Iban records carry it), if it has one. */
  get bankRecord(): IbanBank | undefined {
    return this.bankKept ? this.rowPlan.records[this.bankIndex] : undefined
  }

  /**
   * Mints row `index` (0 ≤ index < capacity) into `out[0, ibanLength)`, then sets `rowPlan`,
   * `planIndex`, `bankIndex` and `ibanLength`. `out` must hold MAX_IBAN_LENGTH bytes.
   */
  mint(index: number, out: Uint8Array): void {
    if (!(index >= 0 && index < this.capacity)) {
      throw new DatasetError('count', `row ${index} is beyond the dataset's capacity of ${this.capacity}`)
    }
    let which = 0
    let row = index
    const k = this.kindsByCountry.length
    if (this.#outer !== undefined) {
      const p = this.#outer.at(index)
      which = p % k
      row = (p - which) / k
    }
    // Which row is broken, and how, is drawn before it is minted: a `national` row of a
    // scheme's country may come from its own plan.
    const kind = !this.#breaks
      ? undefined
      : this.#mixed
        ? this.#kindOf(index, which)
        : (this.kindsByCountry[which]?.[0] as InvalidCheck)
    const at = kind === 'national' ? (this.#nationalPlans[which] as number) : which
    const plan = this.plans[at] as MintPlan
    const random = this.#random
    random.reset(index)
    this.rowPlan = plan
    this.planIndex = at
    this.bankIndex = mintRow(plan, (this.#permutations[at] as Permutation).at(row), out)
    this.ibanLength = plan.spec.ibanLength
    this.invalid = kind
    if (kind === undefined) {
      this.bankKept = true
      return
    }
    const bank = plan.banks[this.bankIndex]
    this.ibanLength = breakCheck(kind, plan, bank, out, this.ibanLength, random)
    this.bankKept = keepsBank(plan.spec, kind, bank)
  }

  /** The check row `index` (of plan `which`) fails: none with odds 1 − share, else one of the plan's kinds alike. */
  #kindOf(index: number, which: number): InvalidCheck | undefined {
    const pick = this.#pick
    pick.reset(index)
    // A share of 1 draws nothing here; 2^-32 steps are finer than any share asked for.
    if (this.invalidShare < 1 && pick.uint32() >= this.invalidShare * 2 ** 32) return undefined
    const kinds = this.kindsByCountry[which] as readonly InvalidCheck[]
    return kinds.length === 1 ? kinds[0] : kinds[randomBelow(pick, kinds.length)]
  }
}

/** The checks of `invalid` as a list (empty: none), or a DatasetError naming invalid. */
export function invalidKinds(invalid: unknown): readonly InvalidCheck[] {
  if (invalid === undefined) return []
  const kinds = Array.isArray(invalid) ? (invalid as unknown[]) : [invalid]
  const rule = `invalid must be one of ${INVALID_CHECKS.join(', ')}, or a list of them`
  if (kinds.length === 0 || kinds.some((kind) => !INVALID_CHECKS.includes(kind as InvalidCheck)))
    throw new DatasetError('invalid', rule)
  const twice = kinds.find((kind, i) => kinds.indexOf(kind) !== i)
  if (twice !== undefined)
    throw new DatasetError('invalid', `invalid names ${twice as string} twice: list each check once`)
  return kinds as InvalidCheck[]
}

/** The share of rows broken: 1 unless given; given, a number in (0, 1] with checks to break. */
function invalidShareOf(share: unknown, kinds: readonly InvalidCheck[]): number {
  if (share === undefined) return 1
  if (!(typeof share === 'number' && share > 0 && share <= 1))
    throw new DatasetError('invalid_share', 'invalid_share must be a number greater than 0 and at most 1')
  if (kinds.length === 0)
    throw new DatasetError('invalid_share', 'invalid_share needs invalid: the checks the broken rows fail')
  return share
}

/**
 * The checks of `kinds` a country's rows can fail alone. One check is refused where it cannot be
 * made (as it always was); of several, each country takes those it can, and needs one at least.
 */
function breakableKinds(
  spec: CountrySpec,
  kinds: readonly InvalidCheck[],
  realistic: boolean,
  bank: BankRow | undefined,
): readonly InvalidCheck[] {
  const reasons = kinds.map((kind) => unbreakable(spec, kind, realistic, bank))
  const fit = kinds.filter((_, i) => reasons[i] === undefined)
  if (fit.length > 0 || kinds.length === 0) return fit
  if (kinds.length === 1)
    throw new DatasetError('invalid', `invalid=${kinds[0]} cannot be made for ${spec.code}: it ${reasons[0]}`)
  throw new DatasetError(
    'invalid',
    `invalid=${kinds.join(',')}: none can be made for ${spec.code} (${kinds.map((kind, i) => `${kind}: it ${reasons[i]}`).join('; ')})`,
  )
}

/** A check of several that no country of the dataset can fail is refused: it was asked for and would never come. */
function requireEveryKindMade(
  kinds: readonly InvalidCheck[],
  kindsByCountry: readonly (readonly InvalidCheck[])[],
  codes: readonly string[],
  realistic: boolean,
  bank: BankRow | undefined,
): void {
  const never = kinds.find((kind) => kindsByCountry.every((fit) => !fit.includes(kind)))
  if (never === undefined) return
  const spec = requireSpec(codes[0] as string)
  const reason = codes.length === 1 ? `: it ${unbreakable(spec, never, realistic, bank)}` : ''
  throw new DatasetError('invalid', `invalid=${never} cannot be made for ${codes.join(',')}${reason}`)
}

function keyLabel(plan: MintPlan): string {
  // A filter by branch names it too (GB: rows of NWBK and of NWBK at 60-16-13 differ). Only a
  // scheme's filters carry branches of their own (the seeds of other filters stay as they were).
  // The bank mix is not in the label: a plan whose banks all weigh alike is the uniform plan,
  // row for row (the capacity, and with it the permutation, differs wherever the mix does).
  const branches = schemeOf(plan.spec) === undefined ? '' : (plan.bank?.branches?.join(',') ?? '')
  return `${plan.spec.code}${plan.realistic ? '+' : '-'}${plan.bank?.code ?? ''}${branches}${plan.checkedOnly ? '!' : ''}${plan.qrIban ? 'Q' : ''}`
}

/** QR-IBANs exist for CH and LI only, and carry real banks' QR-IIDs: a DatasetError naming qr_iban otherwise. */
function requireQrCountries(codes: readonly string[], realistic: boolean): void {
  const other = codes.find((code) => !QR_IBAN_COUNTRIES.includes(code))
  if (other !== undefined)
    throw new DatasetError(
      'qr_iban',
      `qr_iban: QR-IBANs exist only for ${QR_IBAN_COUNTRIES.join(' and ')}, not ${other}`,
    )
  if (!realistic) throw new DatasetError('qr_iban', 'qr_iban needs realistic mode (the QR-IIDs of real banks)')
}

/**
 * 1234567 as "1,234,567": toLocaleString('en') without it (not every runtime of the library has
 * it, and its locale data costs the command line a start-up).
 */
export function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/**
 * Checks that rows offset … offset + count − 1 lie within the dataset `options` describe: else
 * a DatasetError naming count (and offset), the capacity, the countries and the mode. The one
 * capacity check: the library's functions, and the API, MCP and the command line through
 * core's requireDataset, all refuse with this message.
 */
export function requireRows(dataset: Dataset, options: DatasetOptions, count: number, offset = 0): void {
  if (offset + count <= dataset.capacity) return
  const what = options.countries.join(',').toUpperCase()
  const mode = options.realistic === false ? 'random' : 'realistic'
  const rows = groupThousands(dataset.capacity)
  throw new DatasetError(
    'count',
    offset === 0
      ? `count must be at most ${rows}: ${what} holds ${rows} distinct IBANs in ${mode} mode${options.bank === undefined ? '' : ` for bank ${options.bank}`}`
      : `offset + count must be at most ${rows}: ${what} holds ${rows} distinct IBANs in ${mode} mode`,
  )
}

/** Options of generateIban and generateIbans. */
export interface GenerateOptions {
  /** Realistic mode (default true): digits in alphanumeric fields, real bank codes. */
  realistic?: boolean | undefined
  /**
   * Reproducible output: the same seed gives the same IBANs on every machine. A string, or a
   * non-negative integer, which stands for its digits (42 and "42" are the same seed).
   */
  seed?: string | number | undefined
  /** Realistic rows of this real bank only. */
  bank?: string | undefined
  /** IBANs that fail exactly this check; with several, each broken IBAN fails one of them. */
  invalid?: InvalidCheck | readonly InvalidCheck[] | undefined
  /**
   * The share of IBANs broken, in (0, 1] (default 1); the others are valid. Given, or with
   * several checks, each record carries `invalid`: its check, or null.
   */
  invalidShare?: number | undefined
  /** How realistic rows are shared among the banks: `weighted` (default) or `uniform`. */
  bankMix?: BankMix | undefined
  /** CH and LI: QR-IBANs (realistic mode). */
  qrIban?: boolean | undefined
  /** Row index of the first IBAN in the seeded dataset (default 0). */
  offset?: number | undefined
}

/** A count or offset of rows: a non-negative integer (JavaScript callers may pass anything). */
function requireRowIndex(name: 'count' | 'offset', value: unknown): void {
  if (!(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)) {
    throw new DatasetError(name, `${name} must be a non-negative integer`)
  }
}

/**
 * Generates `count` distinct IBANs for one supported country (code case-insensitive), rows
 * offset … offset + count − 1 of the dataset the options describe. National check digits are
 * right in both modes (unless `invalid` asks otherwise). Throws DatasetError (a RangeError)
 * naming the option at fault: an unsupported country, an unknown bank, a count or offset that
 * is not a non-negative integer, a bad seed, or more rows than the dataset holds.
 */
export function generateIbans(country: string, count: number, options: GenerateOptions = {}): Iban[] {
  const spec = requireSpec(country)
  requireRowIndex('count', count)
  if (options.offset !== undefined) requireRowIndex('offset', options.offset)
  if (options.seed === undefined && options.offset === undefined) {
    const [dataset, offset] = nextRows(spec, count, options)
    return recordsOf(dataset, offset, count)
  }
  const dataset = new Dataset({ ...options, countries: [country] })
  const offset = options.offset ?? 0
  requireRows(dataset, { ...options, countries: [country] }, count, offset)
  return recordsOf(dataset, offset, count)
}

interface Unseeded {
  dataset: Dataset
  next: number
}

const UNSEEDED = new Map<string, Unseeded>()
/** The common case (no bank, no invalid kind) by country, without building a key. */
const UNSEEDED_PLAIN = [new Map<CountrySpec, Unseeded>(), new Map<CountrySpec, Unseeded>()] as const

/**
 * Where unseeded calls take their rows: one random dataset per country and options (seed and
 * offset aside), the next `count` rows of it each time, so that successive calls do not repeat
 * each other either; a dataset that runs out is replaced by a fresh one. Returns the dataset and
 * the index of the first row taken.
 */
export function nextRows(spec: CountrySpec, count: number, options: GenerateOptions): [Dataset, number] {
  const plain =
    options.bank === undefined &&
    options.invalid === undefined &&
    options.invalidShare === undefined &&
    (options.bankMix ?? 'weighted') === 'weighted' &&
    options.qrIban !== true
  const byCountry = UNSEEDED_PLAIN[options.realistic === false ? 0 : 1]
  const key = plain
    ? ''
    : `${spec.code}|${options.realistic ?? true}|${options.bank}|${String(options.invalid)}|${options.invalidShare}|${options.bankMix}|${options.qrIban === true}`
  let entry = plain ? byCountry.get(spec) : UNSEEDED.get(key)
  if (entry === undefined || entry.next + count > entry.dataset.capacity) {
    entry = { dataset: new Dataset({ ...options, countries: [spec.code] }), next: 0 }
    requireRows(entry.dataset, { ...options, countries: [spec.code] }, count)
    if (plain) byCountry.set(spec, entry)
    else UNSEEDED.set(key, entry)
  }
  const offset = entry.next
  entry.next += count
  return [entry.dataset, offset]
}

const SCRATCH = new Uint8Array(MAX_IBAN_LENGTH)

/** Iban records of rows offset … offset + count − 1 of a dataset. */
export function recordsOf(dataset: Dataset, offset: number, count: number): Iban[] {
  const ibans = new Array<Iban>(count)
  for (let i = 0; i < count; i++) {
    dataset.mint(offset + i, SCRATCH)
    const { invalid } = dataset
    const label = dataset.labelled ? (invalid ?? null) : undefined
    ibans[i] = toIbanRecord(asciiString(SCRATCH, dataset.ibanLength), invalid === undefined, dataset.bankRecord, label)
  }
  return ibans
}

/** Generates one IBAN for a supported country; see generateIbans. */
export function generateIban(country: string, options: GenerateOptions = {}): Iban {
  return generateIbans(country, 1, options)[0] as Iban
}
