// The size limits of requests, which the schemas state (schemas.ts) and the operations and the
// web page enforce: a module of their own so that the page's script need not carry the schemas.

/** The most IBANs one generate request returns. */
export const MAX_COUNT = 100
export const MAX_SEED_LENGTH = 128
export const MAX_IBAN_INPUT = 64
/** The most IBANs one validate batch holds. */
export const MAX_BATCH = 1000
export const MAX_BIC_INPUT = 32

/** How many banks the country detail lists; the rest page through /countries/{code}/banks. */
export const DETAIL_BANKS = 100
export const MAX_BANK_PAGE = 1000
