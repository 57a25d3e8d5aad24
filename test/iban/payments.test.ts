// Payment files (docs/payment-files.md): every generated pain.001, pain.008, pain.002 and camt.053
// of each version passes xmllint against ISO's schema; the control figures, ids, IBANs, names and
// creditor identifiers hold when read back by an independent reader (test/helpers/payment-reader.ts)
// and checked by ibantools; every defect breaks exactly its rule, the status report names exactly
// the defective transactions with their codes, and the statement books exactly the others.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { electronicFormatIBAN, isValidIBAN, isValidBIC, countrySpecs } from 'ibantools'
import {
  DatasetError,
  PaymentFile,
  buildCreditorIdentifier,
  isSepaText,
  isValidCreditorIdentifier,
  paymentFileChunks,
  toSepaText,
  transactionAt,
  writePaymentFile,
  type PaymentDefect,
  type PaymentDocument,
  type PaymentFileOptions,
  type PaymentMessageName,
} from '../../src/iban/index.ts'
import { decimal } from '../../src/iban/payments/amounts.ts'
import {
  centsOf,
  creditorIdIsValid,
  readPaymentXml,
  schemaErrors,
  SEPA_TEXT,
  type PaymentDocumentRead,
  type XmlRecord,
} from '../helpers/payment-reader.ts'

const dir = mkdtempSync(join(tmpdir(), 'ibanmint-payments-'))
after(() => rmSync(dir, { recursive: true, force: true }))

const MESSAGES: readonly PaymentMessageName[] = [
  'pain.001.001.09',
  'pain.001.001.03',
  'pain.008.001.08',
  'pain.008.001.02',
]
const COUNTRIES = [
  'DE',
  'FR',
  'IT',
  'ES',
  'NL',
  'BE',
  'GB',
  'AT',
  'CH',
  'PL',
  'PT',
  'IE',
  'SE',
  'NO',
  'FI',
  'DK',
  'CZ',
  'LU',
  'GR',
  'HU',
]
const decoder = new TextDecoder()
const textOf = (chunks: Iterable<Uint8Array>) => {
  let text = ''
  for (const chunk of chunks) text += decoder.decode(chunk, { stream: true })
  return text
}

/** The schema each document of a message is checked against. */
function schemaOf(message: PaymentMessageName, document: PaymentDocument): string {
  const v2019 = message.endsWith('.09') || message.endsWith('.08')
  if (document === 'initiation') return message
  if (document === 'status-report') return v2019 ? 'pain.002.001.10' : 'pain.002.001.03'
  return v2019 ? 'camt.053.001.08' : 'camt.053.001.02'
}

interface Made {
  file: PaymentFile
  initiation: PaymentDocumentRead
  report: PaymentDocumentRead
  statement: PaymentDocumentRead
}

/** Makes the three documents, checks each against its schema, and reads them back. */
async function make(name: string, options: PaymentFileOptions): Promise<Made> {
  const file = new PaymentFile(options)
  const message = file.resolved.message
  const read: Partial<Record<PaymentDocument, PaymentDocumentRead>> = {}
  for (const document of ['initiation', 'status-report', 'statement'] as const) {
    const xml = textOf(file.chunks(document))
    const path = join(dir, `${name}-${document}.xml`)
    writeFileSync(path, xml)
    assert.equal(await schemaErrors(path, schemaOf(message, document)), '', `${name} ${document} is schema-valid`)
    read[document] = readPaymentXml(xml, [
      'PmtInf',
      'CdtTrfTxInf',
      'DrctDbtTxInf',
      'OrgnlPmtInfAndSts',
      'TxInfAndSts',
      'Ntry',
    ])
  }
  return { file, initiation: read.initiation!, report: read['status-report']!, statement: read.statement! }
}

const transactionsOf = (made: Made) => [
  ...(made.initiation.records.get('CdtTrfTxInf') ?? []),
  ...(made.initiation.records.get('DrctDbtTxInf') ?? []),
]

/** Amount path of a transaction record (pain.001: Amt/InstdAmt; pain.008: InstdAmt). */
const amountOf = (tx: XmlRecord) => (tx.get('Amt/InstdAmt') ?? tx.get('InstdAmt')) as string
const currencyOf = (tx: XmlRecord) => (tx.get('Amt/InstdAmt@Ccy') ?? tx.get('InstdAmt@Ccy')) as string
/** The counterparty: Cdtr of a transfer, Dbtr of a direct debit. */
const sideOf = (tx: XmlRecord) => (tx.has('Cdtr/Nm') ? 'Cdtr' : 'Dbtr')
const ISO_COUNTRIES = new Set(Object.keys(countrySpecs))

/** The rules a transaction breaks, as an independent reading sees them (the file's previous transaction for duplicates). */
function brokenRules(tx: XmlRecord, previous: XmlRecord | undefined, debit: boolean): string[] {
  const side = sideOf(tx)
  const broken: string[] = []
  const iban = tx.get(`${side}Acct/Id/IBAN`) ?? ''
  if (!isValidIBAN(electronicFormatIBAN(iban) ?? '')) broken.push('iban')
  const bic = tx.get(`${side}Agt/FinInstnId/BICFI`) ?? tx.get(`${side}Agt/FinInstnId/BIC`)
  if (bic !== undefined && !(isValidBIC(bic) && ISO_COUNTRIES.has(bic.slice(4, 6)))) broken.push('bic')
  const cents = centsOf(amountOf(tx))
  if (cents === 0n) broken.push('zero')
  if (cents > 99_999_999_999n) broken.push('max')
  if (currencyOf(tx) !== 'EUR') broken.push('currency')
  const name = tx.get(`${side}/Nm`) ?? ''
  if (name.length > 70) broken.push('long')
  if (!SEPA_TEXT.test(name)) broken.push('charset')
  const hasAddress = tx.has(`${side}/PstlAdr/Ctry`)
  if (hasAddress && !tx.has(`${side}/PstlAdr/TwnNm`)) broken.push('address')
  if (debit) {
    if (!creditorIdIsValid(tx.get('DrctDbtTx/CdtrSchmeId/Id/PrvtId/Othr/Id') ?? '')) broken.push('creditor-id')
    if (!tx.has('DrctDbtTx/MndtRltdInf/MndtId') || !tx.has('DrctDbtTx/MndtRltdInf/DtOfSgntr')) broken.push('mandate')
  }
  if (previous !== undefined) {
    const same = (path: string) => tx.get(path) === previous.get(path)
    if (
      same(`${side}Acct/Id/IBAN`) &&
      same(`${side}/Nm`) &&
      amountOf(tx) === amountOf(previous) &&
      same('RmtInf/Ustrd')
    )
      broken.push('duplicate')
    if (same('PmtId/EndToEndId')) broken.push('end-to-end-id')
  }
  return broken
}

/** The rule each code breaks (AM04: none, the bank refuses a right transaction; FF01: either name rule). */
const RULE_OF: Record<string, string[]> = {
  AC01: ['iban'],
  RC01: ['bic'],
  AM01: ['zero'],
  AM02: ['max'],
  AM03: ['currency'],
  AM04: [],
  AM05: ['duplicate'],
  DU04: ['end-to-end-id'],
  BE20: ['long'],
  RR10: ['charset'],
  RR02: ['address'],
  RR03: ['address'],
  BE05: ['creditor-id'],
  MD01: ['mandate'],
}

/** The rejections the status report lists, in order: [OrgnlEndToEndId, code]. */
function rejectionsOf(report: PaymentDocumentRead): [string, string][] {
  return (report.records.get('TxInfAndSts') ?? []).map((entry) => {
    assert.equal(entry.get('TxSts'), 'RJCT')
    return [entry.get('OrgnlEndToEndId') as string, entry.get('StsRsnInf/Rsn/Cd') as string]
  })
}

describe('clean files of every message pass the schema and the EPC rules, read back independently', () => {
  for (const [i, message] of MESSAGES.entries()) {
    const address = (['structured', 'hybrid', 'none', 'structured'] as const)[i]
    test(`${message}, 1,234 transactions of 20 countries in blocks of 500, ${address} addresses (§ rules 2–7)`, async () => {
      const made = await make(`clean-${message}`, {
        message,
        countries: COUNTRIES,
        count: 1234,
        seed: `clean ${message}`,
        date: '2026-03-02',
        address,
      })
      const debit = message.startsWith('pain.008')
      const txs = transactionsOf(made)
      assert.equal(txs.length, 1234)
      // Control figures: file and each PmtInf.
      const total = txs.reduce((sum, tx) => sum + centsOf(amountOf(tx)), 0n)
      assert.equal(made.initiation.top.get('GrpHdr/NbOfTxs'), '1234')
      assert.equal(centsOf(made.initiation.top.get('GrpHdr/CtrlSum') as string), total)
      const blocks = made.initiation.records.get('PmtInf') ?? []
      assert.deepEqual(
        blocks.map((block) => block.get('NbOfTxs')),
        ['500', '500', '234'],
      )
      for (const block of blocks) {
        const own = txs.filter((tx) => made.initiation.parentOf.get(tx) === block)
        assert.equal(String(own.length), block.get('NbOfTxs'))
        assert.equal(
          centsOf(block.get('CtrlSum') as string),
          own.reduce((sum, tx) => sum + centsOf(amountOf(tx)), 0n),
        )
        assert.equal(block.get('ChrgBr'), 'SLEV')
        assert.equal(block.get('PmtTpInf/SvcLvl/Cd'), 'SEPA')
        assert.ok(isValidIBAN(block.get(debit ? 'CdtrAcct/Id/IBAN' : 'DbtrAcct/Id/IBAN') ?? ''))
      }
      // Ids distinct, in the SEPA set, at most 35 characters, no leading or double slash.
      const ids = [
        made.initiation.top.get('GrpHdr/MsgId'),
        ...blocks.map((b) => b.get('PmtInfId')),
        ...txs.map((tx) => tx.get('PmtId/EndToEndId')),
      ]
      assert.equal(new Set(ids).size, ids.length)
      for (const id of ids)
        assert.ok(
          id !== undefined && SEPA_TEXT.test(id) && id.length <= 35 && !id.startsWith('/') && !id.includes('//'),
          id,
        )
      for (const tx of txs) {
        assert.deepEqual(brokenRules(tx, undefined, debit), [], tx.get('PmtId/EndToEndId'))
        const side = sideOf(tx)
        for (const path of [
          `${side}/Nm`,
          `${side}/PstlAdr/StrtNm`,
          `${side}/PstlAdr/TwnNm`,
          `${side}/PstlAdr/AdrLine`,
          'RmtInf/Ustrd',
        ]) {
          const value = tx.get(path)
          if (value !== undefined) assert.ok(SEPA_TEXT.test(value) && value.length <= 70, `${path}: ${value}`)
        }
        if (address !== 'none') assert.ok(tx.has(`${side}/PstlAdr/TwnNm`) && tx.has(`${side}/PstlAdr/Ctry`))
        if (address === 'structured') assert.ok(!tx.has(`${side}/PstlAdr/AdrLine`))
        if (debit) assert.match(tx.get('DrctDbtTx/MndtRltdInf/DtOfSgntr') ?? '', /^\d{4}-\d{2}-\d{2}$/)
      }
      // The bank accepts it all, and books every transaction.
      assert.equal(made.report.top.get('OrgnlGrpInfAndSts/GrpSts'), 'ACCP')
      assert.equal(made.report.top.get('OrgnlGrpInfAndSts/OrgnlMsgId'), made.initiation.top.get('GrpHdr/MsgId'))
      assert.deepEqual(rejectionsOf(made.report), [])
      const entries = made.statement.records.get('Ntry') ?? []
      assert.deepEqual(
        entries.map((e) => e.get('NtryDtls/TxDtls/Refs/EndToEndId')),
        txs.map((tx) => tx.get('PmtId/EndToEndId')),
      )
      assert.deepEqual(
        entries.map((e) => e.get('Amt')),
        txs.map(amountOf),
      )
      const balance = (code: string) => {
        const [codes, amounts, signs] = ['Bal/Tp/CdOrPrtry/Cd', 'Bal/Amt', 'Bal/CdtDbtInd'].map((p) =>
          (made.statement.top.get(`Stmt/${p}`) ?? '').split('|'),
        )
        const at = (codes as string[]).indexOf(code)
        const cents = centsOf((amounts as string[])[at] as string)
        return (signs as string[])[at] === 'CRDT' ? cents : -cents
      }
      assert.equal(balance('CLBD') - balance('OPBD'), debit ? total : -total)
    })
  }
})

describe('each defect breaks exactly its rule; the report names exactly the defective transactions', () => {
  for (const message of MESSAGES) {
    const debit = message.startsWith('pain.008')
    const defects: PaymentDefect[] = [
      'AC01',
      'RC01',
      'AM01',
      'AM02',
      'AM03',
      'AM04',
      'AM05',
      'DU04',
      'FF01',
      'BE20',
      'RR10',
      debit ? 'RR02' : 'RR03',
      ...(debit ? (['BE05', 'MD01'] as const) : []),
    ]
    test(`${message}: ${defects.join(', ')} in a fifth of 1,500 transactions`, async () => {
      const made = await make(`defects-${message}`, {
        message,
        countries: ['DE', 'FR', 'PL', 'GR', 'HU'],
        count: 1500,
        offset: 3000,
        seed: 11,
        date: '2026-03-02',
        defects,
        defectShare: 0.2,
      })
      const txs = transactionsOf(made)
      const rejections = rejectionsOf(made.report)
      const codes = new Map<number, string>()
      // The report lists the rejections in file order: walk both together (a DU04 repeats an id).
      let next = 0
      for (const [index, tx] of txs.entries()) {
        const rejection = rejections[next]
        const broken = brokenRules(tx, txs[index - 1], debit)
        if (
          rejection !== undefined &&
          rejection[0] === tx.get('PmtId/EndToEndId') &&
          (rejection[1] !== 'DU04' || broken.includes('end-to-end-id'))
        ) {
          codes.set(index, rejection[1])
          next++
          // A duplicate's original is the row before: for a slice's first row, in the slice before.
          const outside = index === 0 && (rejection[1] === 'AM05' || rejection[1] === 'DU04')
          const expected = outside
            ? []
            : rejection[1] === 'FF01'
              ? broken.includes('long')
                ? ['long']
                : ['charset']
              : RULE_OF[rejection[1]]
          assert.deepEqual(broken, expected, `${tx.get('PmtId/EndToEndId')} (${rejection[1]})`)
        } else {
          assert.deepEqual(broken, [], `${tx.get('PmtId/EndToEndId')} is clean`)
        }
      }
      assert.equal(next, rejections.length, 'every rejection names a transaction of the file')
      assert.deepEqual(new Set(codes.values()), new Set(defects), 'every defect occurs')
      assert.ok(codes.size > 200 && codes.size < 400, `${codes.size} defective`)
      assert.equal(made.report.top.get('OrgnlGrpInfAndSts/GrpSts'), 'PART')
      // The statement books exactly the accepted transactions, with their ids and amounts.
      const booked = (made.statement.records.get('Ntry') ?? []).map((e) => [
        e.get('NtryDtls/TxDtls/Refs/EndToEndId'),
        e.get('Amt'),
      ])
      assert.deepEqual(
        booked,
        txs.filter((_, i) => !codes.has(i)).map((tx) => [tx.get('PmtId/EndToEndId'), amountOf(tx)]),
      )
      // The record of each row says the same.
      const summary = made.file.summary()
      assert.equal(summary.rejected, codes.size)
      for (const index of [0, 1, 2, ...codes.keys()].slice(0, 60)) {
        const record = made.file.transactionAt(3000 + index)
        const tx = txs[index] as XmlRecord
        assert.equal(record.end_to_end_id, tx.get('PmtId/EndToEndId'))
        assert.equal(record.amount, amountOf(tx))
        assert.equal(record.iban, tx.get(`${sideOf(tx)}Acct/Id/IBAN`))
        assert.equal(record.defect, codes.get(index) ?? null)
        assert.equal(record.status, codes.has(index) ? 'RJCT' : 'ACCP')
      }
    })
  }

  test('address: unstructured (the rule of 15 November 2026) rejects every transaction with RR03', async () => {
    const made = await make('unstructured', { count: 40, seed: 3, date: '2026-03-02', address: 'unstructured' })
    const txs = transactionsOf(made)
    for (const tx of txs) assert.deepEqual(brokenRules(tx, undefined, false), ['address'])
    assert.deepEqual(
      rejectionsOf(made.report).map(([, code]) => code),
      txs.map(() => 'RR03'),
    )
    assert.equal(made.report.top.get('OrgnlGrpInfAndSts/GrpSts'), 'RJCT')
    assert.equal(made.statement.records.get('Ntry')?.length, 0)
  })

  for (const [code, where, what] of [
    ['AM19', 'GrpHdr', 'NbOfTxs'],
    ['AM16', 'GrpHdr', 'CtrlSum'],
    ['AM20', 'PmtInf', 'NbOfTxs'],
    ['AM17', 'PmtInf', 'CtrlSum'],
  ] as const) {
    test(`${code}: ${where}/${what} is wrong and nothing else; the report says ${code} and the statement leaves it out`, async () => {
      const made = await make(`file-${code}`, {
        message: 'pain.008.001.08',
        count: 250,
        batchSize: 100,
        seed: 5,
        date: '2026-03-02',
        defects: [code],
      })
      const txs = transactionsOf(made)
      const blocks = made.initiation.records.get('PmtInf') ?? []
      const sumOf = (list: XmlRecord[]) => list.reduce((sum, tx) => sum + centsOf(amountOf(tx)), 0n)
      const figures = [
        ['GrpHdr', 'NbOfTxs', made.initiation.top.get('GrpHdr/NbOfTxs') === String(txs.length)],
        ['GrpHdr', 'CtrlSum', centsOf(made.initiation.top.get('GrpHdr/CtrlSum') as string) === sumOf(txs)],
        ...blocks.flatMap((block, k) => {
          const own = txs.filter((tx) => made.initiation.parentOf.get(tx) === block)
          return [
            [k === 0 ? 'PmtInf' : `PmtInf ${k}`, 'NbOfTxs', block.get('NbOfTxs') === String(own.length)],
            [k === 0 ? 'PmtInf' : `PmtInf ${k}`, 'CtrlSum', centsOf(block.get('CtrlSum') as string) === sumOf(own)],
          ]
        }),
      ]
      assert.deepEqual(
        figures.filter(([, , right]) => !right).map(([w, f]) => `${w}/${f}`),
        [`${where}/${what}`],
      )
      for (const tx of txs) assert.deepEqual(brokenRules(tx, undefined, true), [])
      const entries = made.statement.records.get('Ntry')?.length
      if (where === 'GrpHdr') {
        assert.equal(made.report.top.get('OrgnlGrpInfAndSts/GrpSts'), 'RJCT')
        assert.equal(made.report.top.get('OrgnlGrpInfAndSts/StsRsnInf/Rsn/Cd'), code)
        assert.equal(entries, 0)
      } else {
        assert.equal(made.report.top.get('OrgnlGrpInfAndSts/GrpSts'), 'PART')
        const [block] = made.report.records.get('OrgnlPmtInfAndSts') ?? []
        assert.equal(block?.get('OrgnlPmtInfId'), blocks[0]?.get('PmtInfId'))
        assert.equal(block?.get('PmtInfSts'), 'RJCT')
        assert.equal(block?.get('StsRsnInf/Rsn/Cd'), code)
        assert.equal(made.report.records.get('OrgnlPmtInfAndSts')?.length, 1)
        assert.equal(entries, 150)
      }
    })
  }
})

describe('slices, parts and reproducibility', () => {
  const options = {
    message: 'pain.001.001.09',
    countries: ['DE', 'NL'],
    count: 900,
    batchSize: 200,
    seed: 'slices',
    date: '2026-03-02',
    defects: ['AC01', 'AM05'],
    defectShare: 0.1,
  } as const

  test('the same options give the same bytes; blocks rendered apart concatenate into the whole document', () => {
    const file = new PaymentFile(options)
    for (const document of ['initiation', 'status-report', 'statement'] as const) {
      const whole = textOf(file.chunks(document))
      assert.equal(textOf(paymentFileChunks(options, document)), whole)
      const parts = [
        file.header(document),
        ...file.blocks(document, 0, 2),
        ...file.blocks(document, 2, 3),
        ...file.blocks(document, 3),
        file.footer(document),
      ]
      assert.equal(textOf(parts), whole, document)
    }
    // Unseeded: the resolved options hold the drawn seed and remake the file.
    const random = new PaymentFile({ count: 20, date: '2026-03-02' })
    assert.equal(
      textOf(new PaymentFile({ ...random.resolved, batchSize: random.resolved.batchSize }).chunks()),
      textOf(random.chunks()),
    )
  })

  test('parts of row ranges cut anywhere (mid-block, at block ends, empty) concatenate into the whole document', () => {
    const cuts = [0, 1, 199, 200, 200, 457, 600, 899, 900]
    for (const defects of [['AC01', 'AM05'], ['AM17'], ['AM20', 'DU04']] as const)
      for (const document of ['initiation', 'status-report', 'statement'] as const) {
        const file = new PaymentFile({ ...options, offset: 50, defects })
        const whole = textOf(file.chunks(document))
        const parts = [file.header(document)]
        for (let i = 1; i < cuts.length; i++)
          parts.push(...file.part(document, 50 + (cuts[i - 1] as number), 50 + (cuts[i] as number)))
        parts.push(file.footer(document))
        assert.equal(textOf(parts), whole, `${document} ${defects.join(',')}`)
      }
    const file = new PaymentFile(options)
    assert.throws(() => [...file.part('initiation', 0, 901)], { name: 'DatasetError', message: /\brange\b/ })
    assert.throws(() => [...file.part('initiation', 5, 4)], { name: 'DatasetError', message: /\brange\b/ })
  })

  test('a block cut into many parts is gone over as often as the whole block, not once per part', () => {
    // One block of 30,000 rows in 30 parts, as workers render pain.002 with batch_size=all: the
    // parts read the rows' defects as often as the whole document does, whatever their number.
    const count = 30_000
    /** The file, and how many times its rows' defects have been read so far. */
    const counted = () => {
      const file = new PaymentFile({ ...options, count, batchSize: 'all' })
      const tx = file.transactions
      const defectAt = tx.defectAt.bind(tx)
      const reads = { n: 0 }
      tx.defectAt = (index) => {
        reads.n++
        return defectAt(index)
      }
      return { file, reads }
    }
    for (const document of ['initiation', 'status-report', 'statement'] as const) {
      const whole = counted()
      const text = textOf(whole.file.chunks(document))
      const cut = counted()
      const parts = [cut.file.header(document)]
      for (let start = 0; start < count; start += 1000) parts.push(...cut.file.part(document, start, start + 1000))
      parts.push(cut.file.footer(document))
      assert.equal(textOf(parts), text, document)
      assert.ok(
        cut.reads.n <= whole.reads.n + 100,
        `${document}: ${cut.reads.n} reads in parts, ${whole.reads.n} whole`,
      )
    }
  })

  test('a slice of a larger file holds the same transactions as the whole (offset and count)', () => {
    const whole = transactionsOf({
      initiation: readPaymentXml(textOf(paymentFileChunks(options)), ['CdtTrfTxInf']),
    } as Made)
    const first =
      readPaymentXml(textOf(paymentFileChunks({ ...options, count: 500 })), ['CdtTrfTxInf']).records.get(
        'CdtTrfTxInf',
      ) ?? []
    const second =
      readPaymentXml(textOf(paymentFileChunks({ ...options, offset: 500, count: 400 })), ['CdtTrfTxInf']).records.get(
        'CdtTrfTxInf',
      ) ?? []
    assert.deepEqual(
      [...first, ...second].map((tx) => [...tx]),
      whole.map((tx) => [...tx]),
    )
    assert.deepEqual(
      transactionAt(options, 777),
      new PaymentFile({ ...options, offset: 700, count: 100 }).transactionAt(777),
    )
  })

  test('writePaymentFile writes to any sink and waits for drain', async () => {
    const chunks: Uint8Array[] = []
    let drains = 0
    const sink = {
      write(chunk: Uint8Array) {
        chunks.push(chunk)
        return chunks.length % 3 !== 0
      },
      once(_event: 'drain', listener: () => void) {
        drains++
        queueMicrotask(listener)
      },
    }
    const summary = await writePaymentFile(options, sink, 'statement')
    assert.equal(textOf(chunks), textOf(paymentFileChunks(options, 'statement')))
    assert.equal(drains, Math.floor(chunks.length / 3))
    assert.equal(summary.status, 'PART')
  })
})

describe('creditor identifiers, the SEPA character set and bad options', () => {
  test('amounts are spelt one way, from a number of cents or a bigint sum', () => {
    const cases: [bigint, string][] = [
      [0n, '0.00'],
      [5n, '0.05'],
      [99n, '0.99'],
      [100n, '1.00'],
      [123450n, '1234.50'],
      [99_999_999_999n, '999999999.99'],
      [9_007_199_254_740_991n, '90071992547409.91'],
    ]
    for (const [cents, text] of cases) {
      assert.equal(decimal(cents), text)
      assert.equal(decimal(Number(cents)), text)
    }
    assert.equal(decimal(-5n), '-0.05')
    assert.equal(decimal(-123450), '-1234.50')
  })

  test('creditor identifiers of EPC262-08: DE98ZZZ09999999999, ES50ZZZM23456789, IT66ZZZA1B2C3D4E5F6G7H8', () => {
    assert.equal(buildCreditorIdentifier('DE', '09999999999'), 'DE98ZZZ09999999999')
    assert.equal(buildCreditorIdentifier('es', 'M23456789'), 'ES50ZZZM23456789')
    for (const id of ['DE98ZZZ09999999999', 'ES50ZZZM23456789', 'IT66ZZZA1B2C3D4E5F6G7H8', 'DE98ABC09999999999']) {
      assert.ok(isValidCreditorIdentifier(id) && creditorIdIsValid(id), id)
    }
    for (const id of ['DE97ZZZ09999999999', 'FI24ZZZ8732598789173923085091851261', 'DE98ZZZ0999999999X', '']) {
      assert.equal(isValidCreditorIdentifier(id), false, id)
    }
    assert.throws(() => buildCreditorIdentifier('D1', '123'), RangeError)
  })

  test('toSepaText maps by the EPC table: Jürgen Groß & Söhne, Łódź, Θεσσαλονίκη, Ærø', () => {
    assert.equal(toSepaText('Jürgen Groß & Söhne'), 'Jurgen Gros + Sohne')
    assert.equal(toSepaText('Łódź'), 'Lodz')
    assert.equal(toSepaText('Θεσσαλονίκη'), 'THessaloniki')
    assert.equal(toSepaText('Ærø'), 'Aro')
    assert.ok(isSepaText("O'Brien (Cork) 12/3 - a.b,c?d:e+f") && !isSepaText('Müller') && !isSepaText('a&b'))
  })

  test('bad options are DatasetErrors naming the option', () => {
    const cases: [PaymentFileOptions, string][] = [
      [{ count: 0 }, 'count'],
      [{ count: 1, message: 'pain.001.001.01' as PaymentMessageName }, 'message'],
      [{ count: 1, countries: ['US'] }, 'countries'],
      [{ count: 1, countries: ['EE'] }, 'countries'],
      [{ count: 1, defects: ['MD01'] }, 'defects'],
      [{ count: 1, defects: ['XX01' as PaymentDefect] }, 'defects'],
      [{ count: 1, defectShare: 2, defects: ['AC01'] }, 'defectShare'],
      [{ count: 1, date: '2026-02-30' }, 'date'],
      [{ count: 1, batchSize: 0 }, 'batchSize'],
      [{ count: 1, amounts: { min: 0 } }, 'amounts.min'],
      [{ count: 1, amounts: { min: 10, max: 5 } }, 'amounts'],
      [{ count: 1, instant: true, message: 'pain.008.001.08' }, 'instant'],
      [{ count: 1, initiator: { iban: 'DE00370400440532013000' } }, 'initiator.iban'],
      [{ count: 1, initiator: { creditorId: 'DE97ZZZ09999999999' } }, 'initiator.creditorId'],
      [{ count: 1, offset: -1 }, 'offset'],
      [{ count: 1, seed: -1 }, 'seed'],
    ]
    for (const [options, parameter] of cases) {
      assert.throws(
        () => new PaymentFile(options),
        (error) => error instanceof DatasetError && error.parameter === parameter,
        parameter,
      )
    }
    assert.throws(
      () => transactionAt({ count: 5, seed: 1 }, 5),
      (error) => error instanceof DatasetError && error.parameter === 'index',
    )
  })

  test('options shape the file: instant, B2B and FRST, amounts in a range, a given initiator', async () => {
    const instant = await make('instant', {
      count: 30,
      seed: 1,
      date: '2026-03-02',
      instant: true,
      amounts: { min: 10, max: 20, distribution: 'uniform' },
      initiator: { name: 'Test Payer GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    })
    const [block] = instant.initiation.records.get('PmtInf') ?? []
    assert.equal(block?.get('PmtTpInf/LclInstrm/Cd'), 'INST')
    assert.equal(block?.get('Dbtr/Nm'), 'Test Payer GmbH')
    assert.equal(block?.get('DbtrAcct/Id/IBAN'), 'DE89370400440532013000')
    for (const tx of transactionsOf(instant))
      assert.ok(centsOf(amountOf(tx)) >= 1000n && centsOf(amountOf(tx)) <= 2000n)
    const b2b = await make('b2b', {
      message: 'pain.008.001.02',
      count: 30,
      seed: 1,
      date: '2026-03-02',
      scheme: 'B2B',
      sequenceType: 'FRST',
      executionDate: '2026-03-10',
    })
    const [debits] = b2b.initiation.records.get('PmtInf') ?? []
    assert.equal(debits?.get('PmtTpInf/LclInstrm/Cd'), 'B2B')
    assert.equal(debits?.get('PmtTpInf/SeqTp'), 'FRST')
    assert.equal(debits?.get('ReqdColltnDt'), '2026-03-10')
  })

  test('default amounts are many small and few large: median near 80, under 1 in 100 above 1,700', () => {
    const file = new PaymentFile({ count: 20_000, seed: 'amounts', date: '2026-03-02', batchSize: 'all' })
    const cents = Array.from({ length: 20_000 }, (_, i) => Number(centsOf(file.transactionAt(i).amount))).sort(
      (a, b) => a - b,
    )
    const median = (cents[10_000] as number) / 100
    assert.ok(median > 60 && median < 105, `median ${median}`)
    assert.ok(cents.filter((c) => c > 170_000).length < 200)
    assert.ok((cents[0] as number) >= 1)
  })
})
