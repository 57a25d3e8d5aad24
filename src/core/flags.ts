// Flags in a query string (1, 0, true or false) or a JSON body (a boolean): one schema for the
// query's spelling and one reader for both, so that every flag parameter reads alike. Kept apart
// from schemas.ts so that the page, which reads requests through core/operations.ts, does not
// bundle every schema with them.

/** What a flag's query value may be. */
const FLAG_VALUES = ['1', '0', 'true', 'false'] as const

/**
 * A flag as a query parameter (1, 0, true or false) named `name`, with its default if it has
 * one; read it with flagOf.
 */
export function flagSchema(
  name: string,
  description: string,
): {
  readonly type: 'string'
  readonly enum: typeof FLAG_VALUES
  readonly description: string
  readonly 'x-message': string
}
export function flagSchema<const D extends 'true' | 'false'>(
  name: string,
  description: string,
  fallback: D,
): {
  readonly type: 'string'
  readonly enum: typeof FLAG_VALUES
  readonly default: D
  readonly description: string
  readonly 'x-message': string
}
export function flagSchema(name: string, description: string, fallback?: 'true' | 'false'): Record<string, unknown> {
  return {
    type: 'string',
    enum: FLAG_VALUES,
    ...(fallback === undefined ? {} : { default: fallback }),
    description,
    'x-message': `${name} must be one of ${FLAG_VALUES.join(', ')}`,
  }
}

/** A flag's value from its query string ("1", "0", "true", "false") or a JSON boolean; `fallback` when absent. */
export function flagOf(value: unknown, fallback: boolean): boolean {
  if (value === true || value === '1' || value === 'true') return true
  if (value === false || value === '0' || value === 'false') return false
  return fallback
}
