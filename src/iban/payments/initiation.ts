// The customer's file: pain.001 (SEPA credit transfers, 2019 version .001.09 and 2009 version
// .001.03) and pain.008 (SEPA direct debits, .001.08 and .001.02), in the element order of ISO's
// schemas and the EPC's rules: SLEV, EUR, one Ustrd, names and ids in the SEPA set, control figures
// per file and per PmtInf. Written in three parts, each a pure function of the file and its range,
// so that blocks made apart concatenate into one message: the header (group header, control figures
// of the whole file), block k (one PmtInf), the footer.
import { decimal } from './amounts.ts'
import { ChunkWriter, xmlBytes } from './chunk-writer.ts'
import type { Party } from '../parties/party.ts'
import type { PaymentFileView } from './file-view.ts'
import { isV2019 } from './options.ts'
import type { Transactions } from './transactions.ts'

/** The markup that differs between the message versions and kinds, encoded once. */
interface Dialect {
  readonly open: Uint8Array
  readonly close: Uint8Array
  /** `BICFI` (2019) or `BIC` (2009). */
  readonly bicOpen: Uint8Array
  readonly bicClose: Uint8Array
}

function dialectOf(message: string): Dialect {
  const root = message.startsWith('pain.008') ? 'CstmrDrctDbtInitn' : 'CstmrCdtTrfInitn'
  const v2019 = isV2019(message)
  const bic = v2019 ? 'BICFI' : 'BIC'
  return {
    open: xmlBytes(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${message}">\n<${root}>\n`,
    ),
    close: xmlBytes(`</${root}>\n</Document>\n`),
    bicOpen: xmlBytes(`<FinInstnId><${bic}>`),
    bicClose: xmlBytes(`</${bic}></FinInstnId>`),
  }
}

const DIALECTS = new Map<string, Dialect>()
function dialect(message: string): Dialect {
  let found = DIALECTS.get(message)
  if (found === undefined) DIALECTS.set(message, (found = dialectOf(message)))
  return found
}

const B = {
  nm: xmlBytes('<Nm>'),
  nmEnd: xmlBytes('</Nm>'),
  adr: xmlBytes('<PstlAdr>'),
  adrEnd: xmlBytes('</PstlAdr>'),
  strt: xmlBytes('<StrtNm>'),
  strtEnd: xmlBytes('</StrtNm><BldgNb>'),
  bldgEnd: xmlBytes('</BldgNb>'),
  pstCd: xmlBytes('<PstCd>'),
  pstCdEnd: xmlBytes('</PstCd>'),
  twn: xmlBytes('<TwnNm>'),
  twnEnd: xmlBytes('</TwnNm>'),
  ctry: xmlBytes('<Ctry>'),
  ctryEnd: xmlBytes('</Ctry>'),
  line: xmlBytes('<AdrLine>'),
  lineEnd: xmlBytes('</AdrLine>'),
  acct: xmlBytes('<Id><IBAN>'),
  acctEnd: xmlBytes('</IBAN></Id>'),
  noBic: xmlBytes('<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>'),
  e2e: xmlBytes('<PmtId><EndToEndId>'),
  e2eEnd: xmlBytes('</EndToEndId></PmtId>'),
  amt: xmlBytes('<Amt><InstdAmt Ccy="'),
  ddAmt: xmlBytes('<InstdAmt Ccy="'),
  amtMid: xmlBytes('">'),
  amtEnd: xmlBytes('</InstdAmt></Amt>'),
  ddAmtEnd: xmlBytes('</InstdAmt>'),
  cdtrAgt: xmlBytes('<CdtrAgt>'),
  cdtrAgtEnd: xmlBytes('</CdtrAgt>'),
  cdtr: xmlBytes('<Cdtr>'),
  cdtrEnd: xmlBytes('</Cdtr><CdtrAcct>'),
  cdtrAcctEnd: xmlBytes('</CdtrAcct>'),
  dbtrAgt: xmlBytes('<DbtrAgt>'),
  dbtrAgtEnd: xmlBytes('</DbtrAgt><Dbtr>'),
  dbtrEnd: xmlBytes('</Dbtr><DbtrAcct>'),
  dbtrAcctEnd: xmlBytes('</DbtrAcct>'),
  rmt: xmlBytes('<RmtInf><Ustrd>'),
  rmtEnd: xmlBytes('</Ustrd></RmtInf>'),
  cdtTx: xmlBytes('<CdtTrfTxInf>'),
  cdtTxEnd: xmlBytes('</CdtTrfTxInf>\n'),
  ddTx: xmlBytes('<DrctDbtTxInf>'),
  ddTxEnd: xmlBytes('</DrctDbtTxInf>\n'),
  mndt: xmlBytes('<DrctDbtTx><MndtRltdInf><MndtId>'),
  mndtMid: xmlBytes('</MndtId><DtOfSgntr>'),
  mndtEnd: xmlBytes('</DtOfSgntr></MndtRltdInf>'),
  noMndt: xmlBytes('<DrctDbtTx>'),
  schme: xmlBytes('<CdtrSchmeId><Id><PrvtId><Othr><Id>'),
  schmeEnd: xmlBytes('</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId></DrctDbtTx>'),
}

/** Writes a party's name and address as the file's address option (or the row's defect) says. */
export function writeParty(writer: ChunkWriter, tx: Transactions, party: Party, name: string, own: boolean): void {
  writer.raw(B.nm)
  if (own || name === party.name) writer.ascii(name)
  else writer.text(name)
  writer.raw(B.nmEnd)
  const mode =
    !own && tx.unstructured ? 'unstructured' : tx.options.address === 'unstructured' ? 'structured' : tx.options.address
  if (mode === 'none') return
  writer.raw(B.adr)
  if (mode === 'structured') {
    writer.raw(B.strt)
    writer.ascii(party.street)
    writer.raw(B.strtEnd)
    writer.ascii(party.building)
    writer.raw(B.bldgEnd)
  }
  if (mode !== 'unstructured') {
    if (party.postcode !== '') {
      writer.raw(B.pstCd)
      writer.ascii(party.postcode)
      writer.raw(B.pstCdEnd)
    }
    writer.raw(B.twn)
    writer.ascii(party.town)
    writer.raw(B.twnEnd)
  }
  writer.raw(B.ctry)
  writer.ascii(party.country)
  writer.raw(B.ctryEnd)
  if (mode === 'hybrid' || mode === 'unstructured') {
    // The initiator's own address is never the row's: its lines are made here.
    writer.raw(B.line)
    writer.ascii(own ? `${party.street} ${party.building}` : tx.streetLine)
    writer.raw(B.lineEnd)
    if (mode === 'unstructured') {
      writer.raw(B.line)
      writer.ascii(tx.postalLine)
      writer.raw(B.lineEnd)
    }
  }
  writer.raw(B.adrEnd)
}

function writeAgent(writer: ChunkWriter, d: Dialect, bic: string | undefined): void {
  if (bic === undefined) {
    writer.raw(B.noBic)
    return
  }
  writer.raw(d.bicOpen)
  writer.ascii(bic)
  writer.raw(d.bicClose)
}

/** The file's opening: XML declaration, Document, group header with the whole file's control figures. */
export function initiationHeader(file: PaymentFileView): Uint8Array {
  const tx = file.transactions
  const totals = file.totals()
  const writer = new ChunkWriter()
  writer.raw(dialect(tx.options.message).open)
  writer.ascii(`<GrpHdr><MsgId>${tx.messageId}</MsgId><CreDtTm>${file.createdAt}</CreDtTm>`)
  writer.ascii(`<NbOfTxs>${totals.declaredCount}</NbOfTxs><CtrlSum>${totals.declaredSum}</CtrlSum><InitgPty>`)
  writer.raw(B.nm)
  writer.ascii(tx.initiator.party.name)
  writer.raw(B.nmEnd)
  writer.ascii('</InitgPty></GrpHdr>\n')
  return writer.take()
}

/** The file's closing tags. */
export function initiationFooter(file: PaymentFileView): Uint8Array {
  return dialect(file.transactions.options.message).close
}

/** The opening of PmtInf block `k`, up to its first transaction. */
function writeBlockHead(writer: ChunkWriter, file: PaymentFileView, k: number): void {
  const tx = file.transactions
  const { message, executionDate, instant, scheme, sequenceType } = tx.options
  const d = dialect(message)
  const block = file.blockTotals(k)
  const v2019 = isV2019(message)
  writer.ascii(`<PmtInf><PmtInfId>${file.blockId(k)}</PmtInfId><PmtMtd>${tx.debit ? 'DD' : 'TRF'}</PmtMtd>`)
  writer.ascii(
    `<BtchBookg>false</BtchBookg><NbOfTxs>${block.declaredCount}</NbOfTxs><CtrlSum>${block.declaredSum}</CtrlSum>`,
  )
  writer.ascii('<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl>')
  if (tx.debit) writer.ascii(`<LclInstrm><Cd>${scheme}</Cd></LclInstrm><SeqTp>${sequenceType}</SeqTp>`)
  else if (instant) writer.ascii('<LclInstrm><Cd>INST</Cd></LclInstrm>')
  writer.ascii('</PmtTpInf>')
  const own = tx.initiator
  if (tx.debit) writer.ascii(`<ReqdColltnDt>${executionDate}</ReqdColltnDt><Cdtr>`)
  else
    writer.ascii(
      v2019
        ? `<ReqdExctnDt><Dt>${executionDate}</Dt></ReqdExctnDt><Dbtr>`
        : `<ReqdExctnDt>${executionDate}</ReqdExctnDt><Dbtr>`,
    )
  writeParty(writer, tx, own.party, own.party.name, true)
  const side = tx.debit ? 'Cdtr' : 'Dbtr'
  writer.ascii(`</${side}><${side}Acct><Id><IBAN>${own.iban}</IBAN></Id></${side}Acct><${side}Agt>`)
  writeAgent(writer, d, own.bic)
  writer.ascii(`</${side}Agt><ChrgBr>SLEV</ChrgBr>\n`)
}

function writeCreditTransfer(writer: ChunkWriter, d: Dialect, tx: Transactions): void {
  writer.raw(B.cdtTx)
  writer.raw(B.e2e)
  writer.ascii(tx.endToEndId)
  writer.raw(B.e2eEnd)
  writer.raw(B.amt)
  writer.ascii(tx.currency)
  writer.raw(B.amtMid)
  writer.ascii(decimal(tx.cents))
  writer.raw(B.amtEnd)
  if (tx.bic !== undefined) {
    writer.raw(B.cdtrAgt)
    writeAgent(writer, d, tx.bic)
    writer.raw(B.cdtrAgtEnd)
  }
  writer.raw(B.cdtr)
  writeParty(writer, tx, tx.party, tx.name, false)
  writer.raw(B.cdtrEnd)
  writer.raw(B.acct)
  writer.ascii(tx.iban)
  writer.raw(B.acctEnd)
  writer.raw(B.cdtrAcctEnd)
  writer.raw(B.rmt)
  writer.ascii(tx.remittance)
  writer.raw(B.rmtEnd)
  writer.raw(B.cdtTxEnd)
}

function writeDirectDebit(writer: ChunkWriter, d: Dialect, tx: Transactions): void {
  writer.raw(B.ddTx)
  writer.raw(B.e2e)
  writer.ascii(tx.endToEndId)
  writer.raw(B.e2eEnd)
  writer.raw(B.ddAmt)
  writer.ascii(tx.currency)
  writer.raw(B.amtMid)
  writer.ascii(decimal(tx.cents))
  writer.raw(B.ddAmtEnd)
  if (tx.mandateId === undefined) writer.raw(B.noMndt)
  else {
    writer.raw(B.mndt)
    writer.ascii(tx.mandateId)
    writer.raw(B.mndtMid)
    writer.ascii(tx.mandateDate)
    writer.raw(B.mndtEnd)
  }
  // The creditor identifier goes with each transaction (EPC: PmtInf or transaction level), so
  // that one transaction can carry a wrong one (BE05) and the others stay right.
  writer.raw(B.schme)
  writer.ascii(tx.creditorId)
  writer.raw(B.schmeEnd)
  writer.raw(B.dbtrAgt)
  writeAgent(writer, d, tx.bic)
  writer.raw(B.dbtrAgtEnd)
  writeParty(writer, tx, tx.party, tx.name, false)
  writer.raw(B.dbtrEnd)
  writer.raw(B.acct)
  writer.ascii(tx.iban)
  writer.raw(B.acctEnd)
  writer.raw(B.dbtrAcctEnd)
  writer.raw(B.rmt)
  writer.ascii(tx.remittance)
  writer.raw(B.rmtEnd)
  writer.raw(B.ddTxEnd)
}

/**
 * PmtInf block `k`'s part for its rows [from, to) (default: all of them), chunk by chunk: its head
 * when the range starts the block, the range's transactions, its end when the range ends it.
 */
export function* initiationBlock(
  file: PaymentFileView,
  k: number,
  writer: ChunkWriter,
  from = file.blockRange(k)[0],
  to = file.blockRange(k)[1],
): Generator<Uint8Array> {
  const tx = file.transactions
  const d = dialect(tx.options.message)
  const [start, end] = file.blockRange(k)
  if (from === start) writeBlockHead(writer, file, k)
  const write = tx.debit ? writeDirectDebit : writeCreditTransfer
  for (let i = from; i < to; i++) {
    tx.fill(i)
    write(writer, d, tx)
    if (writer.full) yield writer.take()
  }
  if (to === end) writer.ascii('</PmtInf>\n')
}
