// The bank's status report on a payment file: pain.002 (.001.10 answering the 2019 messages,
// .001.03 the 2009 ones). A clean file is accepted (ACCP); a file-level defect in the group header
// rejects it whole (RJCT with the reason); otherwise each PmtInf block with a rejection is listed
// (RJCT whole for a wrong control figure of its own, else PART or RJCT with one TxInfAndSts per
// rejected transaction: its OrgnlEndToEndId, RJCT and the reason code).
import { ChunkWriter, xmlBytes } from './chunk-writer.ts'
import type { PaymentDefect } from './options.ts'
import type { PaymentFileView } from './file-view.ts'

/** What each reason means, in the report's AddtlInf (at most 105 characters). */
const REASON_TEXT: Record<PaymentDefect, string> = {
  AC01: 'IBAN check digits are wrong',
  RC01: 'BIC has an incorrect format: no such country',
  AM01: 'Amount is zero',
  AM02: 'Amount exceeds the maximum of 999999999.99',
  AM03: 'Currency is not EUR',
  AM04: 'Insufficient funds',
  AM05: 'Duplicate of the previous transaction',
  DU04: 'EndToEndId is not unique',
  FF01: 'Name is longer than 70 characters or outside the SEPA character set',
  BE20: 'Name is longer than 70 characters',
  RR10: 'Name has characters outside the SEPA character set',
  RR02: 'Debtor address lacks TwnNm and Ctry in structured form',
  RR03: 'Creditor address lacks TwnNm and Ctry in structured form',
  BE05: 'Creditor identifier check digits are wrong',
  MD01: 'No mandate',
  AM16: 'Control sum of the group header is wrong',
  AM17: 'Control sum of the payment information is wrong',
  AM19: 'Number of transactions of the group header is wrong',
  AM20: 'Number of transactions of the payment information is wrong',
}

function reason(code: PaymentDefect): string {
  return `<StsRsnInf><Rsn><Cd>${code}</Cd></Rsn><AddtlInf>${REASON_TEXT[code]}</AddtlInf></StsRsnInf>`
}

const TX_OPEN = xmlBytes('<TxInfAndSts><OrgnlEndToEndId>')
const TX_STATUS = xmlBytes('</OrgnlEndToEndId><TxSts>RJCT</TxSts>')
const TX_CLOSE = xmlBytes('</TxInfAndSts>\n')
const REASONS = new Map<string, Uint8Array>()

function reasonBytes(code: PaymentDefect): Uint8Array {
  let bytes = REASONS.get(code)
  if (bytes === undefined) REASONS.set(code, (bytes = xmlBytes(reason(code))))
  return bytes
}

/** The report's opening: its group header and the original group's status (runs the first pass). */
export function reportHeader(file: PaymentFileView): Uint8Array {
  const summary = file.summary()
  const tx = file.transactions
  const writer = new ChunkWriter()
  writer.ascii(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${summary.statusReport}">\n<CstmrPmtStsRpt>\n`,
  )
  writer.ascii(
    `<GrpHdr><MsgId>STS-${tx.messageId.slice(4)}</MsgId><CreDtTm>${file.resolved.date}T18:00:00</CreDtTm></GrpHdr>\n`,
  )
  writer.ascii(
    `<OrgnlGrpInfAndSts><OrgnlMsgId>${tx.messageId}</OrgnlMsgId><OrgnlMsgNmId>${summary.message}</OrgnlMsgNmId>`,
  )
  writer.ascii(
    `<OrgnlCreDtTm>${file.createdAt}</OrgnlCreDtTm><OrgnlNbOfTxs>${summary.declaredTransactions}</OrgnlNbOfTxs>`,
  )
  writer.ascii(`<OrgnlCtrlSum>${summary.declaredControlSum}</OrgnlCtrlSum><GrpSts>${summary.status}</GrpSts>`)
  const defect = file.fileDefect
  if (defect === 'AM16' || defect === 'AM19') writer.ascii(reason(defect))
  writer.ascii('</OrgnlGrpInfAndSts>\n')
  return writer.take()
}

/**
 * Block k's status and its rejected transactions among its rows [from, to) (default: all of them);
 * nothing for a block the bank accepts whole. The block's status opens the range that starts it and
 * its end closes the range that ends it, so parts of one block concatenate into the whole.
 */
export function* reportBlock(
  file: PaymentFileView,
  k: number,
  writer: ChunkWriter,
  from = file.blockRange(k)[0],
  to = file.blockRange(k)[1],
): Generator<Uint8Array> {
  const defect = file.fileDefect
  if (defect === 'AM16' || defect === 'AM19') return
  const tx = file.transactions
  const [start, end] = file.blockRange(k)
  const whole = file.blockRejected(k)
  // The block's figures are kept by the file: a block cut into many parts is counted once.
  const totals = file.blockTotals(k)
  const rejected = totals.count - totals.accepted
  if (whole === undefined && rejected === 0) return
  if (from === start) {
    const status = whole !== undefined || rejected === end - start ? 'RJCT' : 'PART'
    writer.ascii(`<OrgnlPmtInfAndSts><OrgnlPmtInfId>${file.blockId(k)}</OrgnlPmtInfId>`)
    writer.ascii(
      `<OrgnlNbOfTxs>${totals.declaredCount}</OrgnlNbOfTxs><OrgnlCtrlSum>${totals.declaredSum}</OrgnlCtrlSum>`,
    )
    writer.ascii(`<PmtInfSts>${status}</PmtInfSts>`)
    writer.ascii(whole !== undefined ? reason(whole) : '\n')
  }
  if (whole === undefined) {
    for (let i = from; i < to; i++) {
      const code = tx.defectAt(i)
      if (code === undefined) continue
      writer.raw(TX_OPEN)
      writer.ascii(`E2E-${tx.tag}-${code === 'DU04' ? i - 1 : i}`)
      writer.raw(TX_STATUS)
      writer.raw(reasonBytes(code))
      writer.raw(TX_CLOSE)
      if (writer.full) yield writer.take()
    }
  }
  if (to === end) writer.ascii('</OrgnlPmtInfAndSts>\n')
}

/** The report's closing tags. */
export function reportFooter(): Uint8Array {
  return xmlBytes('</CstmrPmtStsRpt>\n</Document>\n')
}
