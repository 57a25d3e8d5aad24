// The names of the format table's formats (render.ts): the row formats of a dataset, then the
// payment formats (payment-formats.ts), and `records`, what the API's generate results are made of.

/** The row formats: each row one IBAN with its parts, bank and (opt-in) party columns. */
export const ROW_FORMATS = ['csv', 'json', 'ndjson', 'sql', 'txt'] as const
/** The payment formats: the customer's messages by name (2019 versions short), then the bank's answers. */
export const PAYMENT_FORMATS = [
  'pain.001',
  'pain.001.001.03',
  'pain.008',
  'pain.008.001.02',
  'pain.002',
  'camt.053',
] as const
/** Every file format, as `format=` and `-f` take them. */
export const FORMATS = [...ROW_FORMATS, ...PAYMENT_FORMATS] as const

export type RowFormat = (typeof ROW_FORMATS)[number]
export type PaymentFormat = (typeof PAYMENT_FORMATS)[number]
export type FormatName = (typeof FORMATS)[number]
/** What a batch can be rendered as: a file format, or `records`, the JSON array of Iban
 * records exactly as JSON.stringify writes them, for the API's generate results. */
export type RenderFormat = FormatName | 'records'

/** True for a payment format. */
export function isPaymentFormat(format: string): format is PaymentFormat {
  return (PAYMENT_FORMATS as readonly string[]).includes(format)
}
