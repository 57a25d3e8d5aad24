// The page's stand-in for src/formats/payment-formats.ts (scripts/web-bundle.mjs substitutes it
// when bundling): the page writes IBAN records, never a payment file, so the payment formats'
// writers (about 30 KB with the payment-file library) stay out of its script.

/** No payment formats in the page. */
export const PAYMENT_FORMAT_ENTRIES = {}

/** No payment messages in the page. */
export const MESSAGE_OF_FORMAT = {}
