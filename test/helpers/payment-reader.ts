// An independent reading of payment files (pain.001, pain.008, pain.002, camt.053) for the tests:
// a small tag tokenizer over the text, nothing of the generator's code. Each element's text is
// kept under its path from the message root, and the elements tests care about (transactions,
// PmtInf blocks, status entries, statement entries) are gathered as flat records: path → text,
// with repeated paths joined by '|'.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const TOKEN = /<(\/?)([A-Za-z0-9]+)((?:\s[^>]*?)?)(\/?)>|([^<]+)/g

/** One gathered element: its child texts by relative path, and its attributes (`Ccy`). */
export type XmlRecord = Map<string, string>

export interface PaymentDocumentRead {
  /** Texts outside gathered elements, by path from the root (GrpHdr/NbOfTxs …). */
  top: XmlRecord
  /** The gathered elements by their name, in document order. */
  records: Map<string, XmlRecord[]>
  /** Gathered records' parents: for each record, the PmtInf / OrgnlPmtInfAndSts record index it lies in. */
  parentOf: Map<XmlRecord, XmlRecord>
}

function unescape(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
}

function put(record: XmlRecord, path: string, value: string): void {
  const known = record.get(path)
  record.set(path, known === undefined ? value : `${known}|${value}`)
}

/** Reads a document, gathering the elements named in `gather` (outermost first). */
export function readPaymentXml(xml: string, gather: readonly string[]): PaymentDocumentRead {
  const top: XmlRecord = new Map()
  const records = new Map<string, XmlRecord[]>(gather.map((name) => [name, []]))
  const parentOf = new Map<XmlRecord, XmlRecord>()
  const stack: string[] = []
  /** Open gathered elements: the record and the stack depth it starts at. */
  const open: { record: XmlRecord; depth: number }[] = []
  for (const match of xml.matchAll(TOKEN)) {
    const [, closing, name, attributes, selfClosing, text] = match
    if (text !== undefined) {
      if (text.trim() === '' || stack.length === 0) continue
      const inner = open[open.length - 1]
      if (inner === undefined) put(top, stack.slice(2).join('/'), unescape(text))
      else put(inner.record, stack.slice(inner.depth + 1).join('/'), unescape(text))
      continue
    }
    if (name === undefined || match[0].startsWith('<?')) continue
    if (closing === '/') {
      if (stack.pop() !== name) throw new Error(`unbalanced </${name}>`)
      const inner = open[open.length - 1]
      if (inner !== undefined && inner.depth === stack.length) open.pop()
      continue
    }
    stack.push(name)
    if (gather.includes(name)) {
      const record: XmlRecord = new Map()
      const parent = open[open.length - 1]
      if (parent !== undefined) parentOf.set(record, parent.record)
      records.get(name)?.push(record)
      open.push({ record, depth: stack.length - 1 })
    }
    const ccy = /Ccy="([A-Z]{3})"/.exec(attributes ?? '')?.[1]
    if (ccy !== undefined) {
      const inner = open[open.length - 1]
      const path = stack.slice((inner?.depth ?? 1) + 1).join('/') + '@Ccy'
      put(inner?.record ?? top, path, ccy)
    }
    if (selfClosing === '/') stack.pop()
  }
  if (stack.length !== 0) throw new Error(`unclosed <${stack.join('><')}>`)
  return { top, records, parentOf }
}

const FIXTURES = fileURLToPath(new URL('../fixtures/iso20022/', import.meta.url))
const run = promisify(execFile)

/** xmllint's verdict on a file against its message's schema (test/fixtures/iso20022): '' when valid. */
export async function schemaErrors(file: string, message: string): Promise<string> {
  try {
    await run('xmllint', ['--noout', '--stream', '--schema', `${FIXTURES}${message}.xsd`, file])
    return ''
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? error).slice(0, 2000)
  }
}

/** Cents of a decimal amount written with a dot (exact, through BigInt). */
export function centsOf(amount: string): bigint {
  const match = /^(\d+)\.(\d{2})$/.exec(amount)
  if (match === null) throw new Error(`not an amount with two decimals: ${amount}`)
  return BigInt(match[1] as string) * 100n + BigInt(match[2] as string)
}

/** ISO 7064 MOD 97-10 over letters and digits (A = 10 … Z = 35), by BigInt. */
export function mod97(text: string): number {
  const digits = [...text].map((char) => (/[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55))).join('')
  return Number(BigInt(digits) % 97n)
}

/** An independent check of a SEPA creditor identifier (EPC262-08): national id + country + digits ≡ 1 (mod 97). */
export function creditorIdIsValid(id: string): boolean {
  return /^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(id) && mod97(id.slice(7) + id.slice(0, 4)) === 1
}

/** The SEPA basic character set (EPC implementation guidelines). */
export const SEPA_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/
