// The names of the checks negative test data fails, apart from how each is broken (invalid.ts),
// so that a record can name its check without importing the breaking.

/** The checks validation reports, as `invalid=` names them. */
export const INVALID_CHECKS = ['national', 'mod97', 'length', 'format', 'country'] as const
/** A check that negative test data fails (INVALID_CHECKS lists them). */
export type InvalidCheck = (typeof INVALID_CHECKS)[number]
