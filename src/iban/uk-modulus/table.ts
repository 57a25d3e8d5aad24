// Vocalink's modulus weight table as ibanmint reads it: the sort-code ranges in order, each with
// its one or two checks (rows), and the substitution table of exception 5. Parsed on first use
// from table-data.ts (about 1 ms); a sort code's range is found by binary search over the
// 723 range starts.
import { UK_SORT_CODE_SUBSTITUTIONS, UK_WEIGHT_ROWS } from './table-data.ts'

/** A check's method: standard modulus 10 or 11, or double alternate (digit sums, modulus 10). */
export const MOD10 = 0
export const MOD11 = 1
export const DBLAL = 2
export const METHOD_NAMES = ['MOD10', 'MOD11', 'DBLAL'] as const

/** One row of the table: a check of the 14 digits (sort code u–z, account a–h). */
export interface Row {
  readonly method: typeof MOD10 | typeof MOD11 | typeof DBLAL
  /** The 14 weights, sort code first. */
  readonly weights: Int16Array
  /** The exception number (1–14), 0 for none. */
  readonly exception: number
}

/** A sort-code range and its checks, the first check first. */
export interface Range {
  /** Start and end sort code as numbers (inclusive). */
  readonly start: number
  readonly end: number
  readonly rows: readonly Row[]
  /** The index of the range in the table (0-based, in order). */
  readonly index: number
}

/** The whole table, parsed. */
interface Table {
  readonly ranges: readonly Range[]
  readonly starts: Int32Array
  readonly ends: Int32Array
  /**
   * For each block of 100 sort codes (sortCode / 100), the last range starting at or before
   * the block (−1: none): rangeOf starts there and steps over the few ranges starting inside.
   */
  readonly blocks: Int16Array
  /** Substitute sort codes (exception 5), by original, as numbers. */
  readonly substitutes: ReadonlyMap<number, number>
}

const METHOD_BY_NAME: Readonly<Record<string, Row['method']>> = { MOD10, MOD11, DBLAL }

let TABLE: Table | undefined

function parse(): Table {
  const ranges: Range[] = []
  let current: { start: number; end: number; rows: Row[] } | undefined
  for (const line of UK_WEIGHT_ROWS.split('\n')) {
    const fields = line.split(' ')
    const start = Number(fields[0])
    const end = Number(fields[1])
    const method = METHOD_BY_NAME[fields[2] as string]
    if (method === undefined) throw new Error(`uk-modulus: unknown method in "${line}"`)
    const row: Row = {
      method,
      weights: Int16Array.from(fields.slice(3, 17), Number),
      exception: Number(fields[17]),
    }
    if (current !== undefined && current.start === start && current.end === end) current.rows.push(row)
    else {
      if (current !== undefined) ranges.push({ ...current, index: ranges.length })
      current = { start, end, rows: [row] }
    }
  }
  if (current !== undefined) ranges.push({ ...current, index: ranges.length })
  const substitutes = new Map<number, number>()
  for (const line of UK_SORT_CODE_SUBSTITUTIONS.split('\n')) {
    const [original, substitute] = line.split(' ')
    substitutes.set(Number(original), Number(substitute))
  }
  const starts = Int32Array.from(ranges, (range) => range.start)
  const blocks = new Int16Array(10_000)
  for (let block = 0, at = -1; block < 10_000; block++) {
    while (at + 1 < starts.length && (starts[at + 1] as number) <= block * 100) at++
    blocks[block] = at
  }
  return { ranges, starts, ends: Int32Array.from(ranges, (range) => range.end), blocks, substitutes }
}

function table(): Table {
  return (TABLE ??= parse())
}

/** Every range of the table, in order. */
export function ukRanges(): readonly Range[] {
  return table().ranges
}

/** The range holding sort code `sortCode` (as a number, 0–999999), or undefined: no check applies. */
export function rangeOf(sortCode: number): Range | undefined {
  const index = rangeIndexOf(sortCode)
  return index < 0 ? undefined : (TABLE as Table).ranges[index]
}

/** The index of the range holding sort code `sortCode` in ukRanges(), or −1 (the hot path's rangeOf). */
export function rangeIndexOf(sortCode: number): number {
  const { starts, ends, blocks } = TABLE ?? table()
  // The last range starting at or before the sort code: from its block's, a step or two on.
  let at = blocks[(sortCode / 100) | 0] as number
  while (at + 1 < starts.length && (starts[at + 1] as number) <= sortCode) at++
  return at >= 0 && sortCode <= (ends[at] as number) ? at : -1
}

/** The sort code exception 5 checks in place of `sortCode` (itself when the substitution table lacks it). */
export function substituteOf(sortCode: number): number {
  return table().substitutes.get(sortCode) ?? sortCode
}
