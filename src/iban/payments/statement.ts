// The statement of the initiating party's account after the bank executed the file: camt.053
// (.001.08 for the 2019 messages, .001.02 for the 2009 ones). One booked entry per accepted
// transaction (a debit for each transfer, a credit for each collection) with the same end-to-end
// id, amount, counterparty and remittance text; the opening balance is drawn from the seed, the
// closing balance is the opening one moved by the accepted sum.
import { decimal } from './amounts.ts'
import { ChunkWriter, xmlBytes } from './chunk-writer.ts'
import type { PaymentFileView } from './file-view.ts'
import { isV2019 } from './options.ts'
import { SeededRandom } from '../random.ts'

/** The opening balance in cents: a million euros or so, from the seed. */
function openingCents(file: PaymentFileView): bigint {
  const random = new SeededRandom(`${file.resolved.seed}\u0000payments\u0000balance`)
  return 100_000_000n + BigInt(random.uint32() % 900_000_000)
}

function balance(code: string, cents: bigint, date: string): string {
  const credit = cents >= 0n
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${decimal(credit ? cents : -cents)}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>\n`
}

/** The statement's opening: group header, account, balances and the entries' total (runs the first pass). */
export function statementHeader(file: PaymentFileView): Uint8Array {
  const summary = file.summary()
  const totals = file.totals()
  const tx = file.transactions
  const { date, executionDate } = file.resolved
  const opening = openingCents(file)
  const closing = tx.debit ? opening + totals.acceptedSum : opening - totals.acceptedSum
  const writer = new ChunkWriter()
  writer.ascii(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${summary.statement}">\n<BkToCstmrStmt>\n`,
  )
  const id = tx.messageId.slice(4)
  writer.ascii(`<GrpHdr><MsgId>STM-${id}</MsgId><CreDtTm>${executionDate}T20:00:00</CreDtTm></GrpHdr>\n`)
  writer.ascii(`<Stmt><Id>STM-${id}</Id><CreDtTm>${executionDate}T20:00:00</CreDtTm>`)
  writer.ascii(
    `<Acct><Id><IBAN>${tx.initiator.iban}</IBAN></Id><Ccy>EUR</Ccy><Ownr><Nm>${tx.initiator.party.name}</Nm></Ownr></Acct>\n`,
  )
  writer.ascii(balance('OPBD', opening, date < executionDate ? executionDate : date))
  writer.ascii(balance('CLBD', closing, executionDate))
  writer.ascii(
    `<TxsSummry><TtlNtries><NbOfNtries>${totals.accepted}</NbOfNtries><Sum>${decimal(totals.acceptedSum)}</Sum></TtlNtries></TxsSummry>\n`,
  )
  return writer.take()
}

const CLOSE_ENTRY = xmlBytes('</TxDtls></NtryDtls></Ntry>\n')

/** The booked entries of block k's accepted transactions among its rows [from, to) (default: all of them). */
export function* statementBlock(
  file: PaymentFileView,
  k: number,
  writer: ChunkWriter,
  from = file.blockRange(k)[0],
  to = file.blockRange(k)[1],
): Generator<Uint8Array> {
  const defect = file.fileDefect
  if (defect === 'AM16' || defect === 'AM19' || file.blockRejected(k) !== undefined) return
  const tx = file.transactions
  const modern = isV2019(file.resolved.message)
  const { executionDate, scheme } = file.resolved
  const side = tx.debit ? 'Dbtr' : 'Cdtr'
  const direction = tx.debit ? 'CRDT' : 'DBIT'
  const family = tx.debit ? `IDDT</Cd><SubFmlyCd>${scheme === 'B2B' ? 'BBDD' : 'ESDD'}` : 'ICDT</Cd><SubFmlyCd>ESCT'
  const head = xmlBytes(
    `<CdtDbtInd>${direction}</CdtDbtInd>${modern ? '<Sts><Cd>BOOK</Cd></Sts>' : '<Sts>BOOK</Sts>'}<BookgDt><Dt>${executionDate}</Dt></BookgDt><ValDt><Dt>${executionDate}</Dt></ValDt><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${family}</SubFmlyCd></Fmly></Domn></BkTxCd><NtryDtls><TxDtls><Refs><MsgId>${tx.messageId}</MsgId><PmtInfId>${file.blockId(k)}</PmtInfId><EndToEndId>`,
  )
  for (let i = from; i < to; i++) {
    if (tx.defectAt(i) !== undefined) continue
    tx.fill(i)
    writer.ascii('<Ntry><Amt Ccy="EUR">')
    writer.ascii(decimal(tx.cents))
    writer.ascii('</Amt>')
    writer.raw(head)
    writer.ascii(tx.endToEndId)
    writer.ascii('</EndToEndId>')
    if (tx.mandateId !== undefined) writer.ascii(`<MndtId>${tx.mandateId}</MndtId>`)
    writer.ascii('</Refs>')
    if (modern) {
      writer.ascii('<Amt Ccy="EUR">')
      writer.ascii(decimal(tx.cents))
      writer.ascii(`</Amt><CdtDbtInd>${direction}</CdtDbtInd>`)
    }
    writer.ascii(`<RltdPties><${side}>${modern ? '<Pty>' : ''}<Nm>${tx.name}</Nm>${modern ? '</Pty>' : ''}</${side}>`)
    writer.ascii(`<${side}Acct><Id><IBAN>${tx.iban}</IBAN></Id></${side}Acct></RltdPties>`)
    writer.ascii(`<RmtInf><Ustrd>${tx.remittance}</Ustrd></RmtInf>`)
    writer.raw(CLOSE_ENTRY)
    if (writer.full) yield writer.take()
  }
}

/** The statement's closing tags. */
export function statementFooter(): Uint8Array {
  return xmlBytes('</Stmt>\n</BkToCstmrStmt>\n</Document>\n')
}
