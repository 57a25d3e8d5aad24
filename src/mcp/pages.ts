// Long lists in tool results, one page at a time: what an assistant reads goes into its context
// window, where the 91 countries (42 KB as a result, its JSON twice) or Commerzbank's 300 banks
// behind COBADEFFXXX (51 KB) crowd out the conversation. A paged tool takes `limit` and
// `offset`, answers the page with the total and, when more remain, `next_offset`: the call
// for the rest is the same call with `offset: next_offset`.
import type { Schema } from '../core/schemas.ts'

/** A page of a list and where the next one starts (absent on the last page). */
export interface Page<T> {
  items: T[]
  offset: number
  next_offset?: number
}

/** The `limit` and `offset` arguments of a tool that pages through `noun` (plural). */
export function pageArguments(noun: string, fallback: number, max: number) {
  return {
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: max,
      default: fallback,
      description: `How many ${noun} to return, 1 to ${max} (default ${fallback}).`,
      'x-message': `limit must be an integer between 1 and ${max}`,
    },
    offset: {
      type: 'integer',
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      default: 0,
      description: `How many ${noun} to skip (default 0): pass the previous result's next_offset to get the next page.`,
      'x-message': 'offset must be a non-negative integer',
    },
  } as const
}

/** The result fields that say where a page lies: `offset` and, when more remain, `next_offset`. */
export function pageFields(noun: string): Record<string, Schema> {
  return {
    offset: { type: 'integer', minimum: 0, description: `How many ${noun} come before this page.` },
    next_offset: {
      type: 'integer',
      minimum: 1,
      description: `Present when more ${noun} follow: call again with this offset for the next page.`,
    },
  }
}

export function pageOf<T>(items: readonly T[], offset: number, limit: number): Page<T> {
  const end = Math.min(items.length, offset + limit)
  const page: Page<T> = { items: items.slice(offset, end), offset }
  if (end < items.length) page.next_offset = end
  return page
}
