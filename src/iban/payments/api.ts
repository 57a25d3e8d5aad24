// The payment files of the library's API (index.ts exports them all): SEPA credit transfers and
// direct debits of generated transactions, with labelled defects, and the bank's status report
// and statement; the SEPA character set and creditor identifiers. A part of its own: the
// library's CommonJS build makes it a file loaded on the first use of one of these names, so a
// process that never makes a payment file does not compile it (scripts/build-library.mjs).
export { PaymentFile, paymentFileChunks, transactionAt, writePaymentFile, PAYMENT_DOCUMENTS } from './payment-file.ts'
export type { PaymentDocument, PaymentFileSummary, PaymentSink, PaymentTransaction } from './payment-file.ts'
export { PAYMENT_DEFECTS, PAYMENT_MESSAGES } from './options.ts'
export type {
  AmountOptions,
  InitiatorOptions,
  PaymentDefect,
  PaymentFileOptions,
  PaymentMessageName,
  ResolvedPaymentOptions,
} from './options.ts'
export { buildCreditorIdentifier, isValidCreditorIdentifier } from './creditor-id.ts'
export { isSepaText, toSepaText } from '../parties/sepa-text.ts'
