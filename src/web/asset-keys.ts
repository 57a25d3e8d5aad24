// The names of the data files in the page's index (#bank-assets) other than the country codes:
// the server writes the index under these keys (src/http/page.ts) and the page fetches by them
// (banks.ts). Both import them from here, which imports nothing, so the server takes nothing of
// the browser with them.

/** The key of Vocalink's UK modulus table. */
export const UK_MODULUS_ASSET = 'modulus-table'

/** The key of the bank mix's shares. */
export const BANK_WEIGHTS_ASSET = 'bank-weights'
