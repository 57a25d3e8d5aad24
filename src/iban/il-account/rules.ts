// MASAV's account checks (מס"ב, the Israeli bank clearing centre: "בדיקות חוקיות מספרי חשבון",
// edition of 1 October 2015): which rule each bank code follows and the rules themselves, over
// a branch number and the 9 digits of an account (docs/data-sources.md). Bank codes outside the
// document, and Bank of Jerusalem (54), which it leaves without a check, cannot be checked.
//
// Digits are counted from the right: r1 is the account's last digit, r9 its ninth from the
// right; the branch's digits are S T U (hundreds, tens, units). Every rule reads the digits as
// values from `values[at]` (r9) to `values[at + 8]` (r1).

/** The rules, by the bank that names each (its index is the verdict's label). */
export const MASAV_METHODS = [
  'leumi',
  'hapoalim',
  'yahav',
  'mizrahi',
  'discount',
  'first-international',
  'postal-bank',
  'citibank',
  'masad',
  'otsar-hahayal',
] as const

/** A MASAV rule's name, as `national_check.method` reports it. */
export type MasavMethod = (typeof MASAV_METHODS)[number]

const LEUMI = 0
const HAPOALIM = 1
const YAHAV = 2
const MIZRAHI = 3
const DISCOUNT = 4
const FIRST_INTERNATIONAL = 5
const POSTAL_BANK = 6
const CITIBANK = 7
const MASAD = 8
const OTSAR_HAHAYAL = 9

/**
 * The rule of each MASAV bank code (2015 document §1–§7): Leumi with Igud (13) and Arab Israel
 * Bank (34); Hapoalim, Yahav (04) and Mizrahi-Tefahot (20) one sum with their own remainders;
 * Discount with Mercantile Discount (17); First International with Poalei Agudat Israel (52);
 * the Postal Bank (09); Citibank (22); Masad (46) and Otsar HaHayal (14).
 */
const RULE_OF_BANK: Readonly<Record<number, number>> = {
  4: YAHAV,
  9: POSTAL_BANK,
  10: LEUMI,
  11: DISCOUNT,
  12: HAPOALIM,
  13: LEUMI,
  14: OTSAR_HAHAYAL,
  17: DISCOUNT,
  20: MIZRAHI,
  22: CITIBANK,
  31: FIRST_INTERNATIONAL,
  34: LEUMI,
  46: MASAD,
  52: FIRST_INTERNATIONAL,
}

/** The rule index of each 3-digit IBAN bank code 000–999 (−1: not checkable). */
const RULES = new Int8Array(1000).fill(-1)
for (const [code, rule] of Object.entries(RULE_OF_BANK)) RULES[Number(code)] = rule

/** The rule index of a bank code (its number, 0–999), or −1 where MASAV's rules do not cover it. */
export function ruleOf(bank: number): number {
  return bank >= 0 && bank < 1000 ? (RULES[bank] as number) : -1
}

/**
 * How many digits the accounts of each rule have (the document: Leumi "6 digits and 2 check
 * digits", Hapoalim's group "5 digits and a check digit", the rest 9); Masad and Otsar HaHayal
 * are first checked as Hapoalim's group. Generation writes accounts of this length.
 */
export const ACCOUNT_DIGITS: readonly number[] = [8, 6, 6, 6, 9, 9, 9, 9, 6, 6]

/** Remainders that pass, as bit masks (bit r for remainder r). */
const mask = (...remainders: number[]) => remainders.reduce((bits, r) => bits | (1 << r), 0)
const SUM11_PASSES = [0, mask(0, 2, 4, 6), mask(0, 2), mask(0, 2, 4)]
const DISCOUNT_PASSES = mask(0, 2, 4)
const FIRST_INTERNATIONAL_PASSES = mask(0, 6)
/**
 * The last two digits of Leumi's group's sum that pass (2015 document §1), in order: an
 * account is completed by writing the two digits that bring its sum to one of them.
 */
export const LEUMI_TARGETS: readonly number[] = [20, 60, 70, 72, 90]
/** LEUMI_TARGETS as a table by remainder. */
const LEUMI_PASSES = new Uint8Array(100)
for (const remainder of LEUMI_TARGETS) LEUMI_PASSES[remainder] = 1
/** Masad's branches where a remainder of 2 passes the first stage (§6). */
const MASAD_BRANCHES: ReadonlySet<number> = new Set([
  154, 166, 178, 181, 183, 191, 192, 503, 505, 507, 515, 516, 527, 539,
])
/** Otsar HaHayal's branches where remainders 0 and 2 pass the first stage, and those where 4 does too (§7). */
const OTSAR_BRANCHES_2: ReadonlySet<number> = new Set([347, 365, 384, 385, 361, 362, 363])
const OTSAR_BRANCHES_4: ReadonlySet<number> = new Set([361, 362, 363])

/** Σ i × r_i over the i rightmost digits (i = 9 or 6). */
function rightSum(values: ArrayLike<number>, at: number, count: number): number {
  let sum = 0
  for (let i = 1; i <= count; i++) sum += i * (values[at + 9 - i] as number)
  return sum
}

/** Hapoalim's group: Σ i × r_i for i = 1…6, plus 7U + 8T + 9S of the branch. */
function hapoalimSum(values: ArrayLike<number>, at: number, branch: number): number {
  const s = (branch / 100) | 0
  const t = ((branch / 10) | 0) % 10
  return rightSum(values, at, 6) + 7 * (branch % 10) + 8 * t + 9 * s
}

function leumiPasses(values: ArrayLike<number>, at: number, branch: number): boolean {
  // The two check digits (r2 r1, at + 7 and at + 8) count as one two-digit number (the
  // document's "HX"); r3 … r8 weigh 2 … 7.
  const sum = 10 * (values[at + 7] as number) + (values[at + 8] as number) + leumiRest(values, at, branch)
  return LEUMI_PASSES[sum % 100] === 1
}

function citibankPasses(values: ArrayLike<number>, at: number): boolean {
  // r9 … r2 (at … at + 7) weigh 3 2 7 6 5 4 3 2.
  const sum =
    3 * (values[at] as number) +
    2 * (values[at + 1] as number) +
    7 * (values[at + 2] as number) +
    6 * (values[at + 3] as number) +
    5 * (values[at + 4] as number) +
    4 * (values[at + 5] as number) +
    3 * (values[at + 6] as number) +
    2 * (values[at + 7] as number)
  // A remainder of 0 or 1 calls for 11 or 10, which no digit is: no account passes then.
  return 11 - (sum % 11) === values[at + 8]
}

/** The second stage of Masad's and Otsar HaHayal's rule: the 9-digit sum, else the 6-digit sum, divisible by 11. */
function stageBPasses(values: ArrayLike<number>, at: number): boolean {
  return rightSum(values, at, 9) % 11 === 0 || rightSum(values, at, 6) % 11 === 0
}

/**
 * True when the account (9 digit values from `values[at]`, r9 first) passes rule `rule` at
 * `branch` (0–999).
 */
export function rulePasses(rule: number, branch: number, values: ArrayLike<number>, at: number): boolean {
  switch (rule) {
    case LEUMI:
      return leumiPasses(values, at, branch)
    case HAPOALIM:
    case YAHAV:
    case MIZRAHI: {
      // Mizrahi-Tefahot: "every branch above 400" counts as its number less 400.
      const counted = rule === MIZRAHI && branch > 400 ? branch - 400 : branch
      return ((SUM11_PASSES[rule] as number) & (1 << (hapoalimSum(values, at, counted) % 11))) !== 0
    }
    case DISCOUNT:
      return (DISCOUNT_PASSES & (1 << (rightSum(values, at, 9) % 11))) !== 0
    case FIRST_INTERNATIONAL:
      return (
        (FIRST_INTERNATIONAL_PASSES & (1 << (rightSum(values, at, 9) % 11))) !== 0 ||
        (FIRST_INTERNATIONAL_PASSES & (1 << (rightSum(values, at, 6) % 11))) !== 0
      )
    case POSTAL_BANK:
      return rightSum(values, at, 9) % 10 === 0
    case CITIBANK:
      return citibankPasses(values, at)
    case MASAD: {
      const remainder = hapoalimSum(values, at, branch) % 11
      if (remainder === 0 || (remainder === 2 && MASAD_BRANCHES.has(branch))) return true
      return stageBPasses(values, at)
    }
    case OTSAR_HAHAYAL: {
      const remainder = hapoalimSum(values, at, branch) % 11
      if (remainder === 0) return true
      if (remainder === 2 && OTSAR_BRANCHES_2.has(branch)) return true
      if (remainder === 4 && OTSAR_BRANCHES_4.has(branch)) return true
      return stageBPasses(values, at)
    }
    default:
      throw new RangeError(`MASAV has no rule ${rule}`)
  }
}

/**
 * The part of Leumi's sum that the last two digits leave out, for completing an account: the
 * two digits that pass are (target − this) mod 100.
 */
export function leumiRest(values: ArrayLike<number>, at: number, branch: number): number {
  // r8 … r3 (at + 1 … at + 6) weigh 7 … 2; the branch's units, tens and hundreds 8, 9, 10.
  return (
    7 * (values[at + 1] as number) +
    6 * (values[at + 2] as number) +
    5 * (values[at + 3] as number) +
    4 * (values[at + 4] as number) +
    3 * (values[at + 5] as number) +
    2 * (values[at + 6] as number) +
    8 * (branch % 10) +
    9 * (((branch / 10) | 0) % 10) +
    10 * ((branch / 100) | 0)
  )
}

/** The index of Leumi's rule (completion writes its two digits at once). */
export const LEUMI_RULE = LEUMI
