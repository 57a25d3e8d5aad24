// Rows of valid IBANs written from templates. The row of a valid IBAN (ndjson or csv) is the
// same text for every IBAN of one kind (its country, its national check result, whether its
// bank is known) but for three things: the line number, the IBAN's own characters (in the
// iban, formatted, check digits, BBAN and parts fields) and the bank. Each kind's text is made
// once, from a real result with a placeholder character for each IBAN position, and checked
// against the row as written the long way; every row of the kind is then that text copied,
// its holes filled from the IBAN, with the bank's text (also made once) and the line number
// written in: no result object, no strings per row.
import { formatIban, validateIban } from '@ibanmint/iban'
import type { IbanBank, ValidateResult } from '@ibanmint/iban'
// The validation core's form for writing rows: not part of the library's API.
import { bbanPartsOf, countryAt, judgeIban, tableAt, type ValidIban } from '@ibanmint/iban/internal'
import type { ByteWriter } from './byte-writer.ts'

/** A row's text: `line` and `bank` are placed as given (the bank's text as bankText makes it). */
export type RowText = (line: string, result: ValidateResult, bank: string) => string
/** The text of a row's bank fields (null: no bank known). */
export type BankText = (bank: IbanBank | null) => string

/** Placeholders: the line number, the bank, and IBAN position i as HOLE + i. */
const LINE_MARK = '\ue100'
const BANK_MARK = '\ue101'
const HOLE = 0xe000
/** IBANs are at most 34 characters. */
const MAX_IBAN = 34
const UTF8 = new TextEncoder()

/** One kind's row: head, line number, body (with holes), bank, tail. */
interface RowTemplate {
  readonly head: Uint8Array
  readonly body: Uint8Array
  /** The holes as runs of IBAN characters, by threes: offset in body, from, to (IBAN positions). */
  readonly holes: Uint16Array
  readonly tail: Uint8Array
}

/** The placeholder IBAN of a length: position i is the character HOLE + i. */
function placeholders(length: number): string {
  let text = ''
  for (let i = 0; i < length; i++) text += String.fromCharCode(HOLE + i)
  return text
}

/** The template of `text` (a row with LINE_MARK, BANK_MARK and IBAN placeholders), or null. */
function templateOf(text: string): RowTemplate | null {
  const line = text.indexOf(LINE_MARK)
  const bank = text.indexOf(BANK_MARK)
  if (line < 0 || bank < line || text.indexOf(LINE_MARK, line + 1) >= 0 || text.indexOf(BANK_MARK, bank + 1) >= 0)
    return null
  const body: number[] = []
  const holes: number[] = []
  let run = line + 1
  for (let i = line + 1; i <= bank; i++) {
    const code = i < bank ? text.charCodeAt(i) : -1
    if (i < bank && !(code >= HOLE && code < HOLE + MAX_IBAN)) continue
    body.push(...UTF8.encode(text.slice(run, i)))
    if (i < bank) {
      const position = code - HOLE
      const last = holes.length - 3
      // Runs: the next position right after the last hole extends it.
      if (
        last >= 0 &&
        holes[last + 2] === position &&
        (holes[last] as number) + position - (holes[last + 1] as number) === body.length
      )
        holes[last + 2] = position + 1
      else holes.push(body.length, position, position + 1)
      body.push(0)
    }
    run = i + 1
  }
  return {
    head: UTF8.encode(text.slice(0, line)),
    body: Uint8Array.from(body),
    holes: Uint16Array.from(holes),
    tail: UTF8.encode(text.slice(bank + 1)),
  }
}

/** Writes `value` (a non-negative integer) in decimal at `at`; returns the end. */
function writeDecimal(bytes: Uint8Array, at: number, value: number): number {
  let digits = 1
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++
  let position = at + digits
  for (let rest = value; position > at; rest = Math.floor(rest / 10)) bytes[--position] = 48 + (rest % 10)
  return at + digits
}

/** Fills the holes of `template`'s body, copied to `at`, from the IBAN's characters `chars`. */
function fillHoles(bytes: Uint8Array, at: number, holes: Uint16Array, chars: Uint8Array): void {
  for (let i = 0; i < holes.length; i += 3) {
    let to = at + (holes[i] as number)
    const end = holes[i + 2] as number
    for (let from = holes[i + 1] as number; from < end; from++) bytes[to++] = chars[from] as number
  }
}

/** What the row being encoded is made of (one object, reused). */
interface Row {
  template: RowTemplate
  line: number
  /** The IBAN's characters. */
  chars: Uint8Array
  /** The bank's text: bankSource[bankFrom, bankTo). */
  bankSource: Uint8Array
  bankFrom: number
  bankTo: number
}

/** Writes `row` at `start`; returns the end. Whole arrays by set (a memory copy), the holes by loops. */
function encodeRow(bytes: Uint8Array, start: number, row: Row): number {
  const { head, body, holes, tail } = row.template
  bytes.set(head, start)
  let at = writeDecimal(bytes, start + head.length, row.line)
  bytes.set(body, at)
  fillHoles(bytes, at, holes, row.chars)
  at += body.length
  const bank = row.bankSource
  for (let i = row.bankFrom; i < row.bankTo; i++) bytes[at++] = bank[i] as number
  bytes.set(tail, at)
  return at + tail.length
}

/** Rows of valid IBANs in one format, from templates made as kinds of IBAN turn up. */
export class ValidRows {
  readonly #rowText: RowText
  readonly #bankText: BankText
  /** Templates by country slot, then kind × 2 + 1 for a known bank (ValidIban.kind); null: none fits. */
  readonly #templates: ((RowTemplate | null | undefined)[] | undefined)[] = []
  /**
   * The banks' texts, made on first use, one after another in #bankBytes (one buffer, not an
   * array per bank: some twenty thousand banks); where each is, by country slot: from and to
   * per bank index (−1: not made yet).
   */
  #bankBytes = new Uint8Array(64 * 1024)
  #bankLength = 0
  readonly #bankAt: (Int32Array | undefined)[] = []
  readonly #noBank: Uint8Array
  readonly #row: Row = {
    template: undefined as unknown as RowTemplate,
    line: 0,
    chars: new Uint8Array(MAX_IBAN),
    bankSource: new Uint8Array(0),
    bankFrom: 0,
    bankTo: 0,
  }
  readonly #valid: ValidIban = { iban: '', slot: 0, bankIndex: -1, national: null, kind: 0 }

  constructor(rowText: RowText, bankText: BankText) {
    this.#rowText = rowText
    this.#bankText = bankText
    this.#noBank = UTF8.encode(bankText(null))
  }

  /**
   * Writes the row of `candidate` (record `line`) when it is a valid IBAN and returns true;
   * returns false, writing nothing, when it is not.
   */
  write(out: ByteWriter, line: number, candidate: string): boolean {
    const valid = this.#valid
    if (!judgeIban(candidate, valid)) return false
    const known = valid.bankIndex >= 0 ? 1 : 0
    let templates = this.#templates[valid.slot]
    if (templates === undefined) this.#templates[valid.slot] = templates = []
    const at = valid.kind * 2 + known
    let template = templates[at]
    if (template === undefined) templates[at] = template = this.#make(line, valid)
    if (template === null) {
      const result = validateIban(valid.iban)
      out.text(this.#rowText(String(line), result, this.#bankText(result.bank)))
      return true
    }
    const row = this.#row
    row.template = template
    row.line = line
    const { iban } = valid
    const chars = row.chars
    for (let i = 0; i < iban.length; i++) chars[i] = iban.charCodeAt(i)
    if (known === 0) {
      row.bankSource = this.#noBank
      row.bankFrom = 0
      row.bankTo = this.#noBank.length
    } else this.#bankOf(valid.slot, valid.bankIndex)
    const most = template.head.length + 16 + template.body.length + row.bankTo - row.bankFrom + template.tail.length
    out.encode(most, encodeRow, row)
    return true
  }

  /** Points the row at the text of bank `index` of the country at `slot`, made on first use. */
  #bankOf(slot: number, index: number): void {
    let at = this.#bankAt[slot]
    if (at === undefined) this.#bankAt[slot] = at = new Int32Array(2 * tableAt(slot).methodIndexes.length).fill(-1)
    if ((at[2 * index] as number) < 0) {
      const text = UTF8.encode(this.#bankText(tableAt(slot).record(index)))
      if (this.#bankLength + text.length > this.#bankBytes.length) {
        const grown = new Uint8Array(Math.max(2 * this.#bankBytes.length, this.#bankLength + text.length))
        grown.set(this.#bankBytes.subarray(0, this.#bankLength))
        this.#bankBytes = grown
      }
      this.#bankBytes.set(text, this.#bankLength)
      at[2 * index] = this.#bankLength
      at[2 * index + 1] = this.#bankLength += text.length
    }
    const row = this.#row
    row.bankSource = this.#bankBytes
    row.bankFrom = at[2 * index] as number
    row.bankTo = at[2 * index + 1] as number
  }

  /**
   * The template of the kind of `valid`: from its real result, each IBAN character replaced by
   * its placeholder; null when the row it gives is not the row written the long way.
   */
  #make(line: number, valid: ValidIban): RowTemplate | null {
    const result = validateIban(valid.iban)
    const spec = countryAt(valid.slot)
    if (!result.valid || spec === undefined) return null
    const iban = placeholders(valid.iban.length)
    const marked: ValidateResult = {
      ...result,
      iban,
      formatted: formatIban(iban),
      check_digits: iban.slice(2, 4),
      bban: iban.slice(4),
      bban_parts: bbanPartsOf(spec, iban.slice(4)),
    }
    const template = templateOf(this.#rowText(LINE_MARK, marked, BANK_MARK))
    if (template === null) return null
    // The check: this IBAN's row from the template is the row written the long way.
    const expected = UTF8.encode(this.#rowText(String(line), result, this.#bankText(result.bank)))
    const bank = UTF8.encode(this.#bankText(result.bank))
    const row: Row = {
      template,
      line,
      chars: UTF8.encode(valid.iban),
      bankSource: bank,
      bankFrom: 0,
      bankTo: bank.length,
    }
    const bytes = new Uint8Array(expected.length + 64)
    const end = encodeRow(bytes, 0, row)
    return end === expected.length && expected.every((byte, i) => bytes[i] === byte) ? template : null
  }
}
