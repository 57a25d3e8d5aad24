// How realistic rows are shared out among a country's banks (`bank_mix`): `weighted` (the
// default) as the country's accounts are, by the groups and shares of bank-weights.ts, a group's
// share split equally over the codes it takes and the rest over the codes no group takes;
// `uniform`, every bank code the same share. Generation turns the weights into whole units
// per bank (generate.ts), so that a row number still names one bank and one account.
import type { BankRow } from './banks.ts'
import { sharesByCountry, type BankGroup, type CountryWeights, type GroupMatch } from './bank-weights.ts'

/** The mixes `bank_mix` takes: weighted (default) and uniform. */
export const BANK_MIXES = ['weighted', 'uniform'] as const
/** How realistic rows are shared among a country's banks: one of BANK_MIXES. */
export type BankMix = (typeof BANK_MIXES)[number]

/** A group's match, compiled once. */
interface Matcher {
  readonly bic8: readonly string[] | undefined
  readonly bic: RegExp | undefined
  readonly code: RegExp | undefined
  readonly name: RegExp | undefined
  readonly notName: RegExp | undefined
}

function compile(match: GroupMatch): Matcher {
  return {
    bic8: match.bic8,
    bic: match.bic === undefined ? undefined : new RegExp(`^(?:${match.bic})`),
    code: match.code === undefined ? undefined : new RegExp(`^(?:${match.code})$`),
    name: match.name === undefined ? undefined : new RegExp(match.name, 'i'),
    notName: match.notName === undefined ? undefined : new RegExp(match.notName, 'i'),
  }
}

function matches(matcher: Matcher, bank: Pick<BankRow, 'code' | 'name' | 'bic'>): boolean {
  const bic = bank.bic ?? ''
  if (matcher.bic8 !== undefined && !matcher.bic8.some((prefix) => bic.startsWith(prefix))) return false
  if (matcher.bic !== undefined && !matcher.bic.test(bic)) return false
  if (matcher.code !== undefined && !matcher.code.test(bank.code)) return false
  if (matcher.name !== undefined && !matcher.name.test(bank.name)) return false
  return matcher.notName === undefined || !matcher.notName.test(bank.name)
}

const MATCHERS = new Map<string, readonly Matcher[]>()

function matchersOf(country: string): readonly Matcher[] {
  let matchers = MATCHERS.get(country)
  if (matchers === undefined) {
    matchers = (sharesByCountry()[country]?.groups ?? []).map((group) => compile(group.match))
    MATCHERS.set(country, matchers)
  }
  return matchers
}

/**
 * The index in groupsOf(country) of the first group that takes the bank, or −1 for the rest
 * (and for every bank of a country without weights).
 */
export function groupOf(country: string, bank: Pick<BankRow, 'code' | 'name' | 'bic'>): number {
  return matchersOf(country).findIndex((matcher) => matches(matcher, bank))
}

/** The group of each of `banks` (−1: the rest), and how many of them each group takes. */
interface Grouping {
  readonly groups: readonly number[]
  readonly members: ReadonlyMap<number, number>
}

function groupingOf(country: string, banks: readonly Pick<BankRow, 'code' | 'name' | 'bic'>[]): Grouping {
  const groups = banks.map((bank) => groupOf(country, bank))
  const members = new Map<number, number>()
  for (const group of groups) members.set(group, (members.get(group) ?? 0) + 1)
  return { groups, members }
}

/** A group's share of the rows under the country's weights (−1: the rest's). */
function shareOf(weights: CountryWeights, group: number): number {
  return group < 0 ? weights.rest : (weights.groups[group] as BankGroup).share
}

/** bankWeights over banks already grouped. */
function weightsOf(weights: CountryWeights | undefined, { groups, members }: Grouping): Float64Array | undefined {
  if (weights === undefined || groups.length < 2) return undefined
  const result = Float64Array.from(groups, (group) => shareOf(weights, group) / (members.get(group) as number))
  let total = 0
  for (const weight of result) total += weight
  if (!(total > 0)) return undefined
  for (let i = 0; i < result.length; i++) result[i] = (result[i] as number) / total
  return result
}

/**
 * Each bank's share of the rows (summing to 1) under the country's weights: its group's share
 * split equally over the group's banks among `banks`, the rest's over the banks no group takes.
 * A group none of `banks` belongs to gives up its share (the others grow in proportion: a bank
 * filter, negative data that draws some banks only, QR-IIDs). Undefined where the shares would
 * all be equal anyway: a country without weights, or fewer than two banks.
 */
export function bankWeights(
  country: string,
  banks: readonly Pick<BankRow, 'code' | 'name' | 'bic'>[],
): Float64Array | undefined {
  if (banks.length < 2) return undefined
  const weights = sharesByCountry()[country]
  if (weights === undefined) return undefined
  return weightsOf(weights, groupingOf(country, banks))
}

/** The most units a plan's banks take together (generate.ts: a unit table of this many entries). */
const MAX_UNITS = 65_536
/** Units for a bank of the thinnest group: rounding then moves its share by at most an eighth. */
const SMALLEST_UNITS = 4

/**
 * Whole units per bank, at least one each, a bank's share of a plan's rows being its units over
 * their total: each group (and the rest) gets its share of the total, rounded once, split over
 * its banks as evenly as whole units allow (in order, the first ones one more), so that a
 * group's share is exact to one unit however many banks share it. The total aims at
 * SMALLEST_UNITS units per bank of the thinnest group, up to MAX_UNITS (never fewer than the
 * banks). Undefined where bankWeights is.
 */
export function bankUnits(
  country: string,
  banks: readonly Pick<BankRow, 'code' | 'name' | 'bic'>[],
): Int32Array | undefined {
  if (banks.length < 2) return undefined
  const weights = sharesByCountry()[country]
  if (weights === undefined) return undefined
  const { groups, members } = groupingOf(country, banks)
  let total = 0
  let thinnest = Infinity
  for (const [group, count] of members) {
    const share = shareOf(weights, group)
    total += share
    if (share > 0) thinnest = Math.min(thinnest, share / count)
  }
  if (!(total > 0)) return undefined
  const target = Math.min(MAX_UNITS, Math.max(banks.length, Math.ceil((SMALLEST_UNITS * total) / thinnest)))
  const given = new Map<number, number>()
  return Int32Array.from(groups, (group) => {
    const count = members.get(group) as number
    const units = Math.max(count, Math.round((shareOf(weights, group) / total) * target))
    const rank = given.get(group) ?? 0
    given.set(group, rank + 1)
    return Math.floor(units / count) + (rank < units % count ? 1 : 0)
  })
}

/**
 * The share of rows (summing to 1) each group of a country takes under bankWeights among
 * `banks`, by group index (−1: the rest), for the groups that take at least one of them.
 */
export function groupShares(
  country: string,
  banks: readonly Pick<BankRow, 'code' | 'name' | 'bic'>[],
): Map<number, number> {
  const shares = new Map<number, number>()
  const grouping = groupingOf(country, banks)
  const weights = weightsOf(sharesByCountry()[country], grouping)
  grouping.groups.forEach((group, i) => {
    shares.set(group, (shares.get(group) ?? 0) + (weights === undefined ? 1 / banks.length : (weights[i] as number)))
  })
  return shares
}
