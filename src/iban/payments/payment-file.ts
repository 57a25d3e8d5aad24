// A payment file and the bank's two answers to it, as one object over the resolved options:
// the customer's message (pain.001 / pain.008), the status report (pain.002) and the account
// statement (camt.053). Each document is a header, blocks (one per PmtInf of the customer's file)
// and a footer, each a pure function of the options and its range: made in one loop, or the blocks
// by several threads and concatenated in order. The control figures the headers need come from a
// first pass over the rows' amounts and defects, which are cheap pure functions of seed and index
// and keep no rows.
import { CentsSum, decimal } from './amounts.ts'
import { ChunkWriter } from './chunk-writer.ts'
import { initiationBlock, initiationFooter, initiationHeader } from './initiation.ts'
import { isValidCreditorIdentifier } from './creditor-id.ts'
import {
  isV2019,
  resolvePaymentOptions,
  type PaymentDefect,
  type PaymentFileOptions,
  type ResolvedPaymentOptions,
} from './options.ts'
import { statementBlock, statementFooter, statementHeader } from './statement.ts'
import { reportBlock, reportFooter, reportHeader } from './status-report.ts'
import { Transactions } from './transactions.ts'
import type { PaymentFileSummary, PaymentFileView, Totals } from './file-view.ts'
import { DatasetError } from '../dataset.ts'
import { isSepaText } from '../parties/sepa-text.ts'
import { isValidIban } from '../validate.ts'

/** The three documents of a payment file: the customer's message and the bank's two answers. */
export const PAYMENT_DOCUMENTS = ['initiation', 'status-report', 'statement'] as const
/** One of PAYMENT_DOCUMENTS: `initiation` (pain.001 / pain.008), `status-report` (pain.002), `statement` (camt.053). */
export type PaymentDocument = (typeof PAYMENT_DOCUMENTS)[number]

export type { PaymentFileSummary } from './file-view.ts'

/** Something that takes chunks: a Node stream, a WritableStreamDefaultWriter's wrapper, an array. */
export interface PaymentSink {
  write(chunk: Uint8Array): unknown
}

/** What one pass over a range of rows finds: how many, their sum, and those of the rows with no defect. */
interface RowsPass {
  count: number
  sum: bigint
  clean: number
  cleanSum: bigint
}

const BIC = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/

function checkInitiator(options: ResolvedPaymentOptions): void {
  const { name, iban, bic, creditorId } = options.initiator
  if (name !== undefined && !(typeof name === 'string' && name.trim() !== '' && name.length <= 70 && isSepaText(name)))
    throw new DatasetError('initiator.name', 'initiator.name must be 1 to 70 characters of the SEPA set')
  if (iban !== undefined && !(typeof iban === 'string' && isValidIban(iban) && /^[A-Z0-9]+$/.test(iban)))
    throw new DatasetError('initiator.iban', 'initiator.iban must be a valid IBAN in its electronic form')
  if (bic !== undefined && !(typeof bic === 'string' && BIC.test(bic)))
    throw new DatasetError('initiator.bic', 'initiator.bic must be a BIC of 8 or 11 characters')
  if (
    creditorId !== undefined &&
    !(typeof creditorId === 'string' && isValidCreditorIdentifier(creditorId) && !creditorId.includes(' '))
  )
    throw new DatasetError(
      'initiator.creditorId',
      'initiator.creditorId must be a SEPA creditor identifier with right check digits',
    )
}

/**
 * A payment file of `count` generated transactions (rows offset … offset + count − 1 of the seeded
 * dataset) and the bank's answers to it. `options` are checked once (a DatasetError names the one
 * at fault); `resolved` holds them completed, seed and dates included: the same resolved options
 * give the same bytes anywhere.
 */
export class PaymentFile implements PaymentFileView {
  readonly resolved: ResolvedPaymentOptions
  readonly transactions: Transactions
  /** Number of PmtInf blocks. */
  readonly blockCount: number
  /** CreDtTm of the file (the bank's answers are made the same day). */
  readonly createdAt: string
  #totals: Totals | undefined
  #firstBlock: RowsPass | undefined
  #lastBlock: { k: number; pass: RowsPass } | undefined

  constructor(options: PaymentFileOptions) {
    this.resolved = resolvePaymentOptions(options)
    checkInitiator(this.resolved)
    this.transactions = new Transactions(this.resolved)
    this.blockCount = Math.ceil(this.resolved.count / this.resolved.batchSize)
    this.createdAt = `${this.resolved.date}T09:00:00`
  }

  /** Dataset rows [start, end) of block k. */
  blockRange(k: number): [number, number] {
    const { offset, count, batchSize } = this.resolved
    const start = offset + k * batchSize
    return [start, Math.min(start + batchSize, offset + count)]
  }

  /** The PmtInfId of block k. */
  blockId(k: number): string {
    return `${this.transactions.messageId}-${k + 1}`
  }

  /** The file-level defect in force, if any (the group header's wins over the first block's). */
  get fileDefect(): PaymentDefect | undefined {
    const defects = this.resolved.defects
    return (['AM19', 'AM16', 'AM20', 'AM17'] as const).find((code) => defects.includes(code))
  }

  /** True when block k is rejected as a whole (AM17 or AM20 in the first block). */
  blockRejected(k: number): PaymentDefect | undefined {
    if (k !== 0) return undefined
    return this.resolved.defects.includes('AM20') ? 'AM20' : this.resolved.defects.includes('AM17') ? 'AM17' : undefined
  }

  /** One pass over rows [start, end): their amounts, and those of the rows with no defect. */
  #pass(start: number, end: number): RowsPass {
    const tx = this.transactions
    const sum = new CentsSum()
    const clean = new CentsSum()
    let cleanCount = 0
    for (let i = start; i < end; i++) {
      const defect = tx.defectAt(i)
      const cents = tx.centsAt(i, defect)
      sum.add(cents)
      if (defect === undefined) {
        clean.add(cents)
        cleanCount++
      }
    }
    return { count: end - start, sum: sum.total, clean: cleanCount, cleanSum: clean.total }
  }

  /**
   * Block k's pass, kept: block 0's (the whole file's totals read it) and the last other block's.
   * A block's writers ask for it once per part, and a block of 10,000,000 rows comes in a thousand
   * parts: without the kept pass each part would go over the whole block again.
   */
  #blockPass(k: number): RowsPass {
    if (k === 0) return (this.#firstBlock ??= this.#pass(...this.blockRange(0)))
    if (this.#lastBlock?.k !== k) this.#lastBlock = { k, pass: this.#pass(...this.blockRange(k)) }
    return this.#lastBlock.pass
  }

  /** The whole file's control figures (one pass over the rows, kept). */
  totals(): Totals {
    if (this.#totals !== undefined) return this.#totals
    const { offset, count, defects } = this.resolved
    const groupRejected = defects.includes('AM16') || defects.includes('AM19')
    const head = this.#blockPass(0)
    const rest = this.#pass(this.blockRange(0)[1], offset + count)
    const headAccepted = !groupRejected && this.blockRejected(0) === undefined
    const sum = head.sum + rest.sum
    this.#totals = {
      count,
      sum,
      // Wrong by one transaction and by ten euros: both pass the schema.
      declaredCount: defects.includes('AM19') ? count + 1 : count,
      declaredSum: decimal(defects.includes('AM16') ? sum + 1000n : sum),
      accepted: groupRejected ? 0 : (headAccepted ? head.clean : 0) + rest.clean,
      acceptedSum: groupRejected ? 0n : (headAccepted ? head.cleanSum : 0n) + rest.cleanSum,
    }
    return this.#totals
  }

  /** Block k's control figures (accepted: its rows with no defect, whatever rejects the block). */
  blockTotals(k: number): Totals {
    const pass = this.#blockPass(k)
    const broken = this.blockRejected(k)
    return {
      count: pass.count,
      sum: pass.sum,
      declaredCount: broken === 'AM20' ? pass.count + 1 : pass.count,
      declaredSum: decimal(broken === 'AM17' ? pass.sum + 1000n : pass.sum),
      accepted: pass.clean,
      acceptedSum: pass.cleanSum,
    }
  }

  /** The file's figures and the bank's verdict (runs the first pass). */
  summary(): PaymentFileSummary {
    const totals = this.totals()
    const v2019 = isV2019(this.resolved.message)
    const reason = this.fileDefect ?? null
    return {
      message: this.resolved.message,
      statusReport: v2019 ? 'pain.002.001.10' : 'pain.002.001.03',
      statement: v2019 ? 'camt.053.001.08' : 'camt.053.001.02',
      messageId: this.transactions.messageId,
      transactions: totals.count,
      controlSum: decimal(totals.sum),
      declaredTransactions: totals.declaredCount,
      declaredControlSum: totals.declaredSum,
      status: totals.accepted === totals.count ? 'ACCP' : totals.accepted === 0 ? 'RJCT' : 'PART',
      reason,
      accepted: totals.accepted,
      acceptedSum: decimal(totals.acceptedSum),
      rejected: totals.count - totals.accepted,
    }
  }

  /** The document's opening, the whole file's figures in it (runs the first pass). */
  header(document: PaymentDocument = 'initiation'): Uint8Array {
    return document === 'initiation'
      ? initiationHeader(this)
      : document === 'status-report'
        ? reportHeader(this)
        : statementHeader(this)
  }

  /** The document's part for blocks [from, to), chunk by chunk (about 64 KiB each). */
  *blocks(document: PaymentDocument = 'initiation', from = 0, to = this.blockCount): Generator<Uint8Array> {
    const write = BLOCK_WRITERS[document]
    const writer = new ChunkWriter()
    for (let k = Math.max(0, from); k < Math.min(to, this.blockCount); k++) yield* write(this, k, writer)
    if (writer.length > 0) yield writer.take()
  }

  /**
   * The document's part for the file's rows [start, end), chunk by chunk, blocks cut where the
   * range cuts them: a block's opening goes with its first row, its end with its last. Parts of
   * consecutive ranges concatenate into blocks(): ranges of rows, unlike ranges of blocks, keep
   * each part small whatever batchSize is (one block of 10,000,000 rows, say).
   */
  *part(document: PaymentDocument, start: number, end: number): Generator<Uint8Array> {
    const { offset, count, batchSize } = this.resolved
    if (!(
      Number.isSafeInteger(start) &&
      Number.isSafeInteger(end) &&
      offset <= start &&
      start <= end &&
      end <= offset + count
    ))
      throw new DatasetError('range', `range must be rows of the file, within ${offset} to ${offset + count}`)
    const write = BLOCK_WRITERS[document]
    const writer = new ChunkWriter()
    for (let k = Math.floor((start - offset) / batchSize); k * batchSize + offset < end; k++) {
      const [from, to] = this.blockRange(k)
      yield* write(this, k, writer, Math.max(from, start), Math.min(to, end))
    }
    if (writer.length > 0) yield writer.take()
  }

  /** The document's closing. */
  footer(document: PaymentDocument = 'initiation'): Uint8Array {
    return document === 'initiation'
      ? initiationFooter(this)
      : document === 'status-report'
        ? reportFooter()
        : statementFooter()
  }

  /** Transaction `index` (a dataset row of the file) as a record: see transactionAt. */
  transactionAt(index: number): PaymentTransaction {
    return transactionOf(this, index)
  }

  /** The whole document, chunk by chunk, in order (UTF-8). */
  *chunks(document: PaymentDocument = 'initiation'): Generator<Uint8Array> {
    yield this.header(document)
    yield* this.blocks(document)
    yield this.footer(document)
  }
}

/** Each document's writer of a block's part. */
const BLOCK_WRITERS = {
  initiation: initiationBlock,
  'status-report': reportBlock,
  statement: statementBlock,
} as const satisfies Record<PaymentDocument, unknown>

/** The chunks of one document of the payment file `options` describe (see PaymentFile). */
export function paymentFileChunks(
  options: PaymentFileOptions,
  document: PaymentDocument = 'initiation',
): Generator<Uint8Array> {
  return new PaymentFile(options).chunks(document)
}

/**
 * Writes one document of the payment file to `sink` chunk by chunk; waits for `drain` when the
 * sink's write returns false and it has `once` (a Node stream). Returns the file's summary.
 */
export async function writePaymentFile(
  options: PaymentFileOptions,
  sink: PaymentSink & { once?: (event: 'drain', listener: () => void) => unknown },
  document: PaymentDocument = 'initiation',
): Promise<PaymentFileSummary> {
  const file = new PaymentFile(options)
  for (const chunk of file.chunks(document)) {
    if (sink.write(chunk) === false && typeof sink.once === 'function') {
      const once = sink.once.bind(sink)
      await new Promise<void>((resolve) => once('drain', resolve))
    }
  }
  return file.summary()
}

/** One transaction of a payment file, as row formats write it (the same data the XML holds). */
export interface PaymentTransaction {
  /** The dataset row. */
  index: number
  end_to_end_id: string
  /** Amount with two decimals, and its currency (EUR; USD under AM03). */
  amount: string
  currency: string
  /** The counterparty: creditor of a transfer, debtor of a direct debit. */
  holder_name: string
  iban: string
  bic: string | null
  street: string
  building_number: string
  postcode: string
  town: string
  country: string
  remittance: string
  /** Direct debits: the mandate (null under MD01) and its date of signature. */
  mandate_id: string | null
  mandate_date: string | null
  /** The defect the transaction carries (a reason code), or null; and the bank's verdict. */
  defect: PaymentDefect | null
  status: 'ACCP' | 'RJCT'
}

const FILES = new WeakMap<PaymentFileOptions, PaymentFile>()

/** Row `index` of the file as a record (the file's own transactionAt; see there). */
export function transactionOf(file: PaymentFile, index: number): PaymentTransaction {
  const { offset, count } = file.resolved
  if (!(Number.isSafeInteger(index) && index >= offset && index < offset + count))
    throw new DatasetError('index', `index must be a row of the file, from ${offset} to ${offset + count - 1}`)
  const tx = file.transactions
  tx.fill(index)
  const party = tx.party
  const k = Math.floor((index - offset) / file.resolved.batchSize)
  const rejected =
    tx.defect !== undefined ||
    file.fileDefect === 'AM16' ||
    file.fileDefect === 'AM19' ||
    file.blockRejected(k) !== undefined
  return {
    index,
    end_to_end_id: tx.endToEndId,
    amount: decimal(tx.cents),
    currency: tx.currency,
    holder_name: tx.name,
    iban: tx.iban,
    bic: tx.bic ?? null,
    street: party.street,
    building_number: party.building,
    postcode: party.postcode,
    town: party.town,
    country: party.country,
    remittance: tx.remittance,
    mandate_id: tx.debit ? (tx.mandateId ?? null) : null,
    mandate_date: tx.debit && tx.mandateId !== undefined ? tx.mandateDate : null,
    defect: tx.defect ?? null,
    status: rejected ? 'RJCT' : 'ACCP',
  }
}

/**
 * Transaction `index` (a dataset row, from `offset` to offset + count − 1) of the payment file
 * `options` describe, as a record: what the file's XML holds for it, and the bank's verdict. The
 * file is prepared once per options object (keep the object to read many rows); pass a seed, or
 * each options object is a different random file.
 */
export function transactionAt(options: PaymentFileOptions, index: number): PaymentTransaction {
  let file = FILES.get(options)
  if (file === undefined) FILES.set(options, (file = new PaymentFile(options)))
  return transactionOf(file, index)
}
