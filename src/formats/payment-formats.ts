// The payment formats of the format table: a SEPA message of the dataset's rows as transactions
// (pain.001, pain.008) and the bank's answers for the same options (pain.002, camt.053), written
// by the library's PaymentFile: the header (the whole file's control figures, from a first pass
// over the rows' amounts and defects) by the batch that opens the document, and each batch's rows
// as the part of the blocks they fall in, so that batches made apart concatenate into one file.
import { PaymentFile, type PaymentDocument, type PaymentMessageName } from '@ibanmint/iban'
import type { ByteWriter } from './byte-writer.ts'
import type { BatchOptions, FormatEntry } from './format-entry.ts'
import type { PaymentFormat } from './format-names.ts'

/** The customer's message a format names; undefined for the answers (they answer the request's `message`). */
export const MESSAGE_OF_FORMAT: Readonly<Record<PaymentFormat, PaymentMessageName | undefined>> = {
  'pain.001': 'pain.001.001.09',
  'pain.001.001.03': 'pain.001.001.03',
  'pain.008': 'pain.008.001.08',
  'pain.008.001.02': 'pain.008.001.02',
  'pain.002': undefined,
  'camt.053': undefined,
}

/** The file of the request, kept while its batches come (the header's first pass is then made once). */
let lastFile: { key: string; file: PaymentFile } | undefined

function paymentFileOf(options: BatchOptions): PaymentFile {
  const resolved = options.payment
  if (resolved === undefined) throw new RangeError(`format ${options.format} needs the payment file's options`)
  const key = JSON.stringify(resolved)
  if (lastFile?.key !== key) lastFile = { key, file: new PaymentFile(resolved) }
  return lastFile.file
}

function appendAll(writer: ByteWriter, chunks: Iterable<Uint8Array>): void {
  for (const chunk of chunks) writer.append(chunk)
}

function paymentFormat(
  document: PaymentDocument,
  summary: string,
  minRowBytes: number,
  maxRowBytes: number,
): FormatEntry<PaymentFile> {
  return {
    contentType: 'application/xml; charset=utf-8',
    extension: 'xml',
    summary,
    minRowBytes,
    maxRowBytes,
    failure: 'xml',
    kind: 'payment',
    source: paymentFileOf,
    open: (file, _rows, _header, writer) => writer.append(file.header(document)),
    rows: (file, { start, count }, writer) => appendAll(writer, file.part(document, start, start + count)),
    close: (file, writer) => writer.append(file.footer(document)),
  }
}

// The fewest bytes of a transaction, and the most: a transaction with a 140-character name, its
// share of a block's opening when every block holds one (batch_size=1); a status report writes
// only rejected transactions, a statement only accepted ones.
/** The payment formats' entries of the format table. */
export const PAYMENT_FORMAT_ENTRIES: { readonly [F in PaymentFormat]: FormatEntry<PaymentFile> } = {
  'pain.001': paymentFormat('initiation', 'SEPA credit transfers, pain.001.001.09', 400, 1600),
  'pain.001.001.03': paymentFormat('initiation', 'SEPA credit transfers, 2009 version', 400, 1600),
  'pain.008': paymentFormat('initiation', 'SEPA direct debits, pain.008.001.08', 500, 1900),
  'pain.008.001.02': paymentFormat('initiation', 'SEPA direct debits, 2009 version', 500, 1900),
  'pain.002': paymentFormat('status-report', 'the bank’s status report on the file, pain.002', 0, 900),
  'camt.053': paymentFormat('statement', 'the statement of the accepted transactions, camt.053', 300, 1100),
}
