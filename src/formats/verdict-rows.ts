// Validation of many IBANs at once: a batch of input records (whole lines of text, NDJSON or
// CSV, as bytes) in, one output row per IBAN out (text, ndjson or csv bytes) and the batch's
// counts. Pure, so a worker thread renders batches apart and the stream writes them in order.
// A record that is no IBAN at all (binary, too long, no such column) is a row that failed the
// `input` check, never an exception.
import {
  findCountry,
  isValidIban,
  validateIban,
  type IbanBank,
  type NationalCheckResult,
  type ValidateResult,
} from '@ibanmint/iban'
import { nationalFailure } from '@ibanmint/iban/internal'
import type { ByteWriter } from './byte-writer.ts'
import { csvCell } from './csv-cell.ts'
import { ValidRows } from './valid-row-templates.ts'
import {
  COUNT_FAILED,
  COUNT_ROWS,
  COUNT_VALID,
  FAILED_CHECKS,
  VALIDATE_CSV_COLUMNS,
  csvFieldAt,
  type BatchCounts,
  type FailedCheck,
  type ValidateBatch,
  type ValidateFormat,
} from './validate-batch.ts'

/** The most letters and digits an IBAN candidate may have (as the API's validate). */
const MAX_CANDIDATE = 64

const DECODER = new TextDecoder('utf-8')
const WHITESPACE = /\s+/g
const ALPHANUMERIC = /^[0-9A-Za-z]+$/
/** Control characters and tabs are shown as U+FFFD in text output (one row, one line). */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNPRINTABLE = /[\u0000-\u001f\u007f]/g
const CARRIAGE_RETURN = 13

/** Why `result` is invalid, as the first failing check and a sentence. */
export function failureOf(result: ValidateResult): [FailedCheck, string] {
  const { checks } = result
  if (!checks.country_supported) return ['country', `country "${result.country_code}" is not supported`]
  if (checks.length === false)
    return ['length', `length ${result.length}, expected ${result.expected_length as number}`]
  if (!checks.format) return ['format', 'BBAN does not match the country format']
  if (!checks.mod97) return ['mod97', 'MOD-97 check digits are wrong']
  return ['national', nationalFailure(findCountry(result.country_code), result.national_check)]
}

/** What the candidate of a record is not, when it is no IBAN candidate at all; else undefined. */
function inputProblem(candidate: string): string | undefined {
  const compact = candidate.replace(WHITESPACE, '')
  if (compact.length === 0) return 'no IBAN (empty)'
  if (!ALPHANUMERIC.test(compact)) return 'not an IBAN: characters other than letters, digits and spaces'
  if (compact.length > MAX_CANDIDATE)
    return `not an IBAN: ${compact.length} letters and digits (at most ${MAX_CANDIDATE})`
  return undefined
}

/** Input as a row shows it: at most `most` characters; on one line (text output). */
function shown(input: string, most: number, flat: boolean): string {
  const short = input.length > most ? `${input.slice(0, most)}…` : input
  return flat ? short.replace(UNPRINTABLE, '\ufffd') : short
}

// ---- rows written ----

/** JSON of the national check results, by object (German accounts: shared) or by their fields. */
const CHECK_JSON = new WeakMap<NationalCheckResult, string>()
const CHECK_JSON_BY_FIELDS = new Map<string, string>()
/** JSON of a result's checks, by their six values (see checksIndex). */
const CHECKS_JSON: string[] = []

function nationalJson(check: NationalCheckResult): string {
  let json = CHECK_JSON.get(check)
  if (json !== undefined) return json
  if (Object.isFrozen(check)) {
    CHECK_JSON.set(check, (json = JSON.stringify(check)))
    return json
  }
  // Made per validation: cached by what it says.
  const key = `${check.algorithm}|${check.method ?? ''}|${check.exception ?? ''}|${check.status}|${check.valid}`
  json = CHECK_JSON_BY_FIELDS.get(key)
  if (json === undefined) CHECK_JSON_BY_FIELDS.set(key, (json = JSON.stringify(check)))
  return json
}

/** 0, 1 or 2 for false, true or null. */
function tri(value: boolean | null): number {
  return value === null ? 2 : value ? 1 : 0
}

function checksJson(checks: ValidateResult['checks']): string {
  const index =
    tri(checks.mod97) +
    3 *
      (tri(checks.length) +
        3 *
          (tri(checks.format) +
            3 * (tri(checks.country_supported) + 3 * (tri(checks.national) + 3 * tri(checks.bank_code)))))
  let json = CHECKS_JSON[index]
  if (json === undefined) CHECKS_JSON[index] = json = JSON.stringify(checks)
  return json
}

/** JSON of a BBAN's parts (letters and digits only: nothing to escape). */
function partsJson(parts: ValidateResult['bban_parts']): string {
  if (parts === null) return 'null'
  let json = '{'
  for (const name in parts) json += `${json.length > 1 ? ',"' : '"'}${name}":"${parts[name as keyof typeof parts]}"`
  return `${json}}`
}

/**
 * One ndjson row: `line`, the ValidateResult's fields in its order, then `failed` and
 * `reason` (null for a valid row): the value JSON.stringify gives (tested), with the JSON of
 * checks and national checks made once each; `bank` is the bank's JSON (bankJsonOrNull, or
 * for valid rows ValidRows' text, made once per bank). Every string of a result validated
 * here is letters and digits (inputProblem refused the rest), so none needs escaping.
 */
function jsonRowText(
  line: string,
  result: ValidateResult,
  failed: FailedCheck | null,
  reason: string,
  bank: string,
): string {
  const national = result.national_check === null ? 'null' : nationalJson(result.national_check)
  const tail = failed === null ? 'null,"reason":null}\n' : `"${failed}","reason":${JSON.stringify(reason)}}\n`
  // CH and LI results say whether the IBAN is a QR-IBAN; GB results name the sort code's bank too.
  const qrIban = result.qr_iban === undefined ? '' : `,"qr_iban":${result.qr_iban}`
  const sortCodeBank =
    result.sort_code_bank === undefined ? '' : `,"sort_code_bank":${bankJsonOrNull(result.sort_code_bank)}`
  return `{"line":${line},"iban":"${result.iban}","formatted":"${result.formatted}","valid":${result.valid},"country_code":"${result.country_code}","country_supported":${result.country_supported},"check_digits":"${result.check_digits}","bban":"${result.bban}","length":${result.length},"expected_length":${result.expected_length},"checks":${checksJson(result.checks)},"national_check":${national},"bban_parts":${partsJson(result.bban_parts)},"bank":${bank},"sepa":${result.sepa}${qrIban}${sortCodeBank},"failed":${tail}`
}

/** One csv row (VALIDATE_CSV_COLUMNS); `bank` is the bank's name and BIC columns (csvBank). */
function csvRowText(
  line: string,
  result: ValidateResult,
  failed: FailedCheck | null,
  reason: string,
  bank: string,
): string {
  const { checks } = result
  const parts = result.bban_parts ?? {}
  return `${line},${result.iban},${result.formatted},${result.valid},${failed ?? ''},${csvCell(reason)},${result.country_code},${result.country_supported},${result.check_digits},${result.bban},${result.length},${result.expected_length ?? ''},${checks.mod97},${checks.length ?? ''},${checks.format},${checks.national ?? ''},${checks.bank_code ?? ''},${result.national_check?.algorithm ?? ''},${parts.bank ?? ''},${parts.branch ?? ''},${parts.account ?? ''},${parts.national_check ?? ''},${parts.account_type ?? ''},${parts.other ?? ''},${bank},${result.sepa ?? ''}\n`
}

function csvBank(bank: IbanBank | null): string {
  return `${csvCell(bank?.name ?? '')},${bank?.bic ?? ''}`
}

/** A bank's JSON: made per row of an invalid IBAN (valid rows take it from ValidRows, made once per bank). */
function bankJsonOrNull(bank: IbanBank | null): string {
  return bank === null ? 'null' : JSON.stringify(bank)
}

/** Rows of valid IBANs, from templates (valid-row-templates.ts). */
const VALID_ROWS = {
  ndjson: new ValidRows((line, result, bank) => jsonRowText(line, result, null, '', bank), bankJsonOrNull),
  csv: new ValidRows((line, result, bank) => csvRowText(line, result, null, '', bank), csvBank),
}

/** The empty columns after `reason` of a csv row whose record holds no IBAN candidate. */
const INPUT_ROW_REST = ','.repeat(VALIDATE_CSV_COLUMNS.length - 6)

/** The row of a record that holds no IBAN candidate. */
function writeInputRow(out: ByteWriter, format: ValidateFormat, line: number, input: string, reason: string): void {
  if (format === 'text') out.text(`${shown(input, 40, true)}\tinvalid: ${reason}\tline ${line}\n`)
  else if (format === 'ndjson') {
    const row = { line, input: shown(input, 100, false), valid: false, failed: 'input', reason }
    out.text(`${JSON.stringify(row)}\n`)
  } else out.text(`${line},${csvCell(shown(input, 100, false))},,false,input,${csvCell(reason)}${INPUT_ROW_REST}\n`)
}

/**
 * Validates one candidate and writes its row; counts it. Most candidates are valid: those
 * are told without building a result (isValidIban), and their rows written from templates
 * (ValidRows) or, as text, straight from the candidate.
 */
function validateRow(
  batch: ValidateBatch,
  out: ByteWriter,
  counts: BatchCounts,
  line: number,
  candidate: string,
): void {
  bump(counts, COUNT_ROWS)
  const { format } = batch
  if (
    format === 'text' || batch.invalidOnly ? isValidIban(candidate) : VALID_ROWS[format].write(out, line, candidate)
  ) {
    bump(counts, COUNT_VALID)
    if (format === 'text' && !batch.invalidOnly) {
      out.printForm(candidate)
      out.ascii('\tvalid\n')
    }
    return
  }
  const problem = inputProblem(candidate)
  if (problem !== undefined) {
    bump(counts, COUNT_FAILED)
    writeInputRow(out, format, line, candidate, problem)
    return
  }
  const result = validateIban(candidate.replace(WHITESPACE, ''))
  const [failed, reason] = failureOf(result)
  bump(counts, COUNT_FAILED + FAILED_CHECKS.indexOf(failed))
  // The reason is UTF-8 text (GB's says “sort code’s”): written as such, never as ASCII bytes.
  if (format === 'text') out.text(`${result.formatted}\tinvalid: ${reason}\tline ${line}\n`)
  else if (format === 'ndjson') out.text(jsonRowText(String(line), result, failed, reason, bankJsonOrNull(result.bank)))
  else out.text(csvRowText(String(line), result, failed, reason, csvBank(result.bank)))
}

/** A record that is no row of IBANs: an over-long one, a CSV row without the column, a bad NDJSON line. */
function inputRow(
  batch: ValidateBatch,
  out: ByteWriter,
  counts: BatchCounts,
  line: number,
  input: string,
  why: string,
): void {
  bump(counts, COUNT_ROWS)
  bump(counts, COUNT_FAILED)
  writeInputRow(out, batch.format, line, input, why)
}

// ---- records read ----

function isBlank(text: string): boolean {
  return text.length === 0 || text.trim().length === 0
}

/** The IBAN of an NDJSON line, or why there is none. */
function ibanOfJson(text: string): { iban: string } | { problem: string } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { problem: 'not a JSON line' }
  }
  if (typeof value === 'string') return { iban: value }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const iban = (value as Record<string, unknown>)['iban']
    if (typeof iban === 'string') return { iban }
  }
  return { problem: 'not a JSON object with an "iban" string' }
}

function bump(counts: BatchCounts, index: number): void {
  counts[index] = (counts[index] as number) + 1
}

/**
 * Validates the records of `batch` into `out` (cleared first), one row per IBAN in input
 * order, and returns the batch's counts.
 */
export function validateBatchInto(batch: ValidateBatch, out: ByteWriter): BatchCounts {
  out.clear()
  const counts: BatchCounts = new Array<number>(COUNT_FAILED + FAILED_CHECKS.length).fill(0)
  const text = DECODER.decode(batch.bytes)
  const { damaged } = batch
  let nextDamaged = 0
  let line = batch.firstLine
  let at = 0
  let skip = batch.skipHeader
  while (at < text.length) {
    if (batch.input === 'csv') {
      const { field, end, newlines } = csvFieldAt(text, at, batch.column, batch.delimiter)
      const recordLine = line
      const blank = end === at || (end === at + 1 && text.charCodeAt(at) === CARRIAGE_RETURN)
      line += newlines + 1
      const record = at
      at = end + 1
      if (skip) {
        skip = false
        continue
      }
      const broken = damaged[nextDamaged]
      if (broken?.line === recordLine) {
        nextDamaged++
        inputRow(batch, out, counts, recordLine, '', broken.reason)
      } else if (blank) continue
      else if (field === undefined) {
        const last = text.charCodeAt(end - 1) === CARRIAGE_RETURN ? end - 1 : end
        inputRow(batch, out, counts, recordLine, text.slice(record, last), `no column ${batch.column + 1}`)
      } else validateRow(batch, out, counts, recordLine, field)
      continue
    }
    let end = text.indexOf('\n', at)
    if (end < 0) end = text.length
    const stop = end > at && text.charCodeAt(end - 1) === CARRIAGE_RETURN ? end - 1 : end
    const record = text.slice(at, stop)
    const recordLine = line++
    at = end + 1
    if (skip) {
      skip = false
      continue
    }
    const broken = damaged[nextDamaged]
    if (broken?.line === recordLine) {
      nextDamaged++
      inputRow(batch, out, counts, recordLine, '', broken.reason)
      continue
    }
    if (isBlank(record)) continue
    if (batch.input === 'lines') {
      validateRow(batch, out, counts, recordLine, record)
      continue
    }
    const json = ibanOfJson(record)
    if ('iban' in json) validateRow(batch, out, counts, recordLine, json.iban)
    else inputRow(batch, out, counts, recordLine, record, json.problem)
  }
  return counts
}
