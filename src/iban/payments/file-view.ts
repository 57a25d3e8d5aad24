// What the writers of a payment file's three documents (initiation.ts, status-report.ts,
// statement.ts) read of the file: PaymentFile (payment-file.ts) implements it and calls them, so
// they know the file by this view rather than by its class (no import loop).
import type { PaymentDefect, ResolvedPaymentOptions } from './options.ts'
import type { Transactions } from './transactions.ts'

/** The file's figures: as written, as they really are, and what the bank accepts of them. */
export interface PaymentFileSummary {
  /** The message and the versions of the bank's answers. */
  message: string
  statusReport: string
  statement: string
  messageId: string
  /** Transactions in the file, and their sum (a decimal with two decimals). */
  transactions: number
  controlSum: string
  /** NbOfTxs and CtrlSum as the group header gives them (wrong under AM19 and AM16). */
  declaredTransactions: number
  declaredControlSum: string
  /** The group status of the status report: ACCP, PART or RJCT; and the file-level reason, if any. */
  status: 'ACCP' | 'PART' | 'RJCT'
  reason: PaymentDefect | null
  /** Transactions the bank accepts (and books in the statement), and those it rejects. */
  accepted: number
  acceptedSum: string
  rejected: number
}

/** Control figures of the whole file or one block. */
export interface Totals {
  count: number
  sum: bigint
  declaredCount: number
  declaredSum: string
  accepted: number
  acceptedSum: bigint
}

/** The file as its documents' writers see it. */
export interface PaymentFileView {
  readonly resolved: ResolvedPaymentOptions
  readonly transactions: Transactions
  /** CreDtTm of the file (the bank's answers are made the same day). */
  readonly createdAt: string
  /** The file-level defect, if the options ask for one. */
  readonly fileDefect: PaymentDefect | undefined
  /** The first row and the end (exclusive) of block k. */
  blockRange(k: number): [number, number]
  blockId(k: number): string
  /** The defect that rejects block k as a whole, if any. */
  blockRejected(k: number): PaymentDefect | undefined
  totals(): Totals
  /** Block k's control figures (the file keeps them: asking again for a block costs no pass). */
  blockTotals(k: number): Totals
  summary(): PaymentFileSummary
}
