// The banks of each country: the national bank registry (banks-registry-data.ts, 45 countries)
// merged with the hand-checked table (banks-curated.ts), which adds real branch or sort codes
// to registered banks and the banks of countries without a registry. A country's table is read
// on first use. A bank's `code` is the registry's identifier (DE 8 digits, PL the 8-digit sort
// code, GB 4 letters, …) as the BBAN holds it from the first bank position on.
import { CURATED_BANKS, type CuratedBank } from './banks-curated.ts'
import { bankRegistry } from './banks-registry-data.ts'
import { BANK_REGISTRY_INFO } from './banks-registry-info.ts'
import {
  deAccountMethod,
  DE_METHOD_IDS,
  isDeMethodId,
  type AccountMethod,
  type DeMethodId,
  type DerivedDigit,
} from './de-account/index.ts'
import { bicOutsideSepa } from './payment-scope.ts'
import { findCountry, letterIndex } from './registry.ts'

/** A bank of realistic mode and of bank lookups. */
export interface BankRow {
  /** The bank code as the BBAN holds it from the first bank position on. */
  readonly code: string
  readonly name: string
  readonly bic?: string
  /** The Bundesbank check method of a German bank code. */
  readonly method?: DeMethodId
  /** Real branch (sort) codes that follow the bank code in the BBAN, all of one length. */
  readonly branches?: readonly string[]
}

/** A bank as Iban records and validation report it. */
export interface IbanBank {
  readonly code: string
  readonly name: string
  /** null when unknown */
  readonly bic: string | null
}

/**
 * The codes of one length and the index of each code's bank: an open-addressing table keyed by
 * the code read as a number, so that a lookup makes no string and hashes no string. Codes of
 * digits read as decimal numbers (up to 9 digits: below 2^31, one integer multiply to hash);
 * others as base 36 (digits 0–9, letters 10–35; up to 10 characters stay exact in a double).
 */
class CodeIndex {
  readonly length: number
  readonly #decimal: boolean
  readonly #keys: Float64Array
  readonly #values: Int32Array
  readonly #mask: number

  constructor(length: number, codes: readonly [string, number][]) {
    if (length > 10) throw new Error(`banks: codes of ${length} characters are too long to index`)
    this.length = length
    this.#decimal = length <= 9 && codes.every(([code]) => /^[0-9]+$/.test(code))
    let size = 8
    while (size < codes.length * 2) size *= 2
    this.#keys = new Float64Array(size).fill(-1)
    this.#values = new Int32Array(size)
    this.#mask = size - 1
    for (const [code, value] of codes) {
      const key = this.#keyOf(code, 0)
      let slot = hashOf(key) & this.#mask
      while ((this.#keys[slot] as number) >= 0) slot = (slot + 1) & this.#mask
      this.#keys[slot] = key
      this.#values[slot] = value
    }
  }

  #keyOf(text: string, from: number): number {
    return this.#decimal ? decimal(text, from, this.length) : base36(text, from, this.length)
  }

  /** The index of the bank whose code is `text[from, from + length)`, or −1. */
  find(text: string, from: number): number {
    return this.#indexOf(this.#keyOf(text, from))
  }

  /** find for a code given as character values (digits 0–9, letters 10–35) from `from` on. */
  findValues(values: Uint8Array, from: number): number {
    let key = 0
    const radix = this.#decimal ? 10 : 36
    for (let i = from; i < from + this.length; i++) {
      const value = values[i] as number
      if (value >= radix) return -1
      key = key * radix + value
    }
    return this.#indexOf(key)
  }

  #indexOf(key: number): number {
    if (key < 0) return -1
    for (let slot = hashOf(key) & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const found = this.#keys[slot] as number
      if (found === key) return this.#values[slot] as number
      if (found < 0) return -1
    }
  }
}

/** A 32-bit hash of a non-negative integer below 2^53 (below 2^31: one multiply). */
function hashOf(key: number): number {
  return (
    (key < 0x80000000 ? Math.imul(key, 0x9e3779b1) : Math.imul((key | 0) ^ ((key / 0x100000000) | 0), 0x9e3779b1)) >>> 7
  )
}

/** `text[from, from + length)` as a decimal number, or −1 for a character that is not a digit. */
function decimal(text: string, from: number, length: number): number {
  let value = 0
  for (let i = from; i < from + length; i++) {
    const digit = text.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return -1
    value = value * 10 + digit
  }
  return value
}

/** `text[from, from + length)` as a base-36 number (0–9, A–Z), or −1 for another character. */
function base36(text: string, from: number, length: number): number {
  let value = 0
  for (let i = from; i < from + length; i++) {
    const code = text.charCodeAt(i)
    const digit = code >= 48 && code <= 57 ? code - 48 : code >= 65 && code <= 90 ? code - 55 : -1
    if (digit < 0) return -1
    value = value * 36 + digit
  }
  return value
}

/**
 * A country's banks. The bank codes and their check methods are read at once (what validation
 * needs: a few milliseconds for every country together); the names and BICs, kept as the
 * registry's text until then, when `banks` or `records` is first asked for.
 */
export interface BankTable {
  readonly banks: readonly BankRow[]
  readonly records: readonly IbanBank[]
  /**
   * records[index]; until the banks are read, a record read alone from its registry line (equal
   * to it, not the same object).
   */
  record(index: number): IbanBank
  /**
   * Each bank's account method (DE) as its index in DE_METHOD_IDS where the method checks
   * something, else −1; see checkingMethod and plainDigit.
   */
  readonly methodIndexes: Int16Array
  /** BBAN offset of the bank code. */
  readonly offset: number
  /** Code lengths, longest first (a registry's codes are all of one length). */
  readonly lengths: readonly CodeIndex[]
  /** The country has a national registry of bank codes. */
  readonly registry: boolean
  /**
   * 1 for each bank whose BIC is of a place outside the payment scheme of the table's country
   * (payment-scope.ts: FR's banks of French Polynesia and New Caledonia), else 0.
   */
  readonly outsideSepa: Uint8Array
}

function readRegistry(country: string): BankRow[] {
  const text = bankRegistry()[country]
  if (text === undefined) {
    if (BANK_REGISTRY_INFO[country] === undefined) return []
    throw new Error(`banks: the bank registry of ${country} is not loaded`)
  }
  const rows: BankRow[] = []
  for (const line of text.split('\n')) {
    const [code = '', bic = '', name = '', method] = line.split('\t')
    if (code === '+' || code === '*' || code === '') continue
    rows.push({
      code,
      name,
      ...(bic === '' ? {} : { bic }),
      ...(method !== undefined && isDeMethodId(method) ? { method } : {}),
    })
  }
  return rows
}

/**
 * The registry's banks with the curated ones merged in: a curated code longer than the
 * registry's adds its tail as a branch of the registered bank; a curated bank the registry
 * lacks joins it. Without a registry, the curated banks as they are.
 */
function mergeCurated(country: string, registered: BankRow[]): BankRow[] {
  const curated = CURATED_BANKS[country] ?? []
  if (registered.length === 0) return [...curated]
  const length = (registered[0] as BankRow).code.length
  const byCode = new Map(registered.map((row, i) => [row.code, i]))
  const rows = [...registered]
  for (const bank of curated) {
    const code = bank.code.slice(0, length)
    const branch = bank.code.slice(length)
    const at = byCode.get(code)
    if (at === undefined) {
      byCode.set(code, rows.length)
      rows.push({ ...bank, code, ...(branch === '' ? {} : { branches: [branch] }) })
    } else if (branch !== '') {
      const row = rows[at] as BankRow
      rows[at] = { ...row, branches: [...(row.branches ?? []), branch] }
    }
  }
  return rows.sort(byCodeOrder)
}

function byCodeOrder(a: { code: string }, b: { code: string }): number {
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0
}

/**
 * The codes and method ids of mergeCurated's banks, in its order, read from the registry's
 * text without making its rows: a scan for tabs and newlines.
 */
function readCodes(country: string): {
  codes: string[]
  methods: (string | undefined)[]
  /** Where each bank's line starts in the registry's text; −1 for a curated bank. */
  lines: number[]
  /** Each bank's BIC is of a place outside its country's payment scheme (payment-scope.ts). */
  outside: boolean[]
  registered: number
} {
  const curated = CURATED_BANKS[country] ?? []
  const text = bankRegistry()[country]
  const curatedOutside = (bank: CuratedBank) => bicOutsideSepa(country, bank.bic) !== undefined
  if (text === undefined) {
    if (BANK_REGISTRY_INFO[country] !== undefined)
      throw new Error(`banks: the bank registry of ${country} is not loaded`)
    return {
      codes: curated.map((bank) => bank.code),
      methods: curated.map(() => undefined),
      lines: curated.map(() => -1),
      outside: curated.map(curatedOutside),
      registered: 0,
    }
  }
  // Curated banks carry no check method.
  const entries: { code: string; method: string | undefined; line: number; outside: boolean }[] = []
  for (let at = 0; at < text.length;) {
    let end = text.indexOf('\n', at)
    if (end < 0) end = text.length
    const tab = text.indexOf('\t', at)
    const codeEnd = tab < 0 || tab > end ? end : tab
    const code = text.slice(at, codeEnd)
    if (code !== '+' && code !== '*' && code !== '') {
      // The method, where the line has one: the fourth field.
      const second = codeEnd < end ? text.indexOf('\t', codeEnd + 1) : -1
      const third = second >= 0 && second < end ? text.indexOf('\t', second + 1) : -1
      const method = third >= 0 && third < end ? text.slice(third + 1, end) : undefined
      // The BIC's place (its 5th and 6th characters), read only where it is not the country's own.
      const bicEnd = second >= 0 && second < end ? second : end
      const place = codeEnd + 5
      const foreign =
        bicEnd - codeEnd - 1 >= 6 &&
        (text.charCodeAt(place) !== country.charCodeAt(0) || text.charCodeAt(place + 1) !== country.charCodeAt(1))
      entries.push({
        code,
        method: method !== undefined && isDeMethodId(method) ? method : undefined,
        line: at,
        outside: foreign && bicOutsideSepa(country, text.slice(codeEnd + 1, bicEnd)) !== undefined,
      })
    }
    at = end + 1
  }
  const registered = entries.length
  if (registered === 0)
    return {
      codes: curated.map((bank) => bank.code),
      methods: curated.map(() => undefined),
      lines: curated.map(() => -1),
      outside: curated.map(curatedOutside),
      registered,
    }
  const length = (entries[0] as { code: string }).code.length
  const known = new Set(entries.map((entry) => entry.code))
  for (const bank of curated) {
    const code = bank.code.slice(0, length)
    if (known.has(code)) continue
    known.add(code)
    entries.push({ code, method: undefined, line: -1, outside: curatedOutside(bank) })
  }
  entries.sort(byCodeOrder)
  return {
    codes: entries.map((entry) => entry.code),
    methods: entries.map((entry) => entry.method),
    lines: entries.map((entry) => entry.line),
    outside: entries.map((entry) => entry.outside),
    registered,
  }
}

// By DE_METHOD_IDS index, made on first use (with the methods themselves): the account method
// where it checks something, and a plain method's described digit (AccountMethod.plain: the
// whole verdict, as data).
let checkingMethods: readonly (AccountMethod | undefined)[] | undefined
let plainDigits: readonly (DerivedDigit | undefined)[] | undefined

/** The account method of a methodIndexes entry that checks something (index ≥ 0). */
export function checkingMethod(methodIndex: number): AccountMethod | undefined {
  checkingMethods ??= DE_METHOD_IDS.map((id) => (deAccountMethod(id).checks ? deAccountMethod(id) : undefined))
  return checkingMethods[methodIndex]
}

/** The described digit of a plain method, by its methodIndexes entry, or undefined. */
export function plainDigit(methodIndex: number): DerivedDigit | undefined {
  plainDigits ??= DE_METHOD_IDS.map((id) =>
    deAccountMethod(id).plain === true ? deAccountMethod(id).layout.derive : undefined,
  )
  return plainDigits[methodIndex]
}

/** What readCodes finds in a country's registry, indexed: the part of a bank table validation reads. */
interface CodeTable {
  readonly methodIndexes: Int16Array
  readonly lengths: readonly CodeIndex[]
  readonly registry: boolean
  readonly outsideSepa: Uint8Array
  /** Each bank's line in the registry's text (−1: curated). */
  readonly lines: Int32Array
}

function readCodeTable(country: string): CodeTable {
  const { codes, methods, lines, outside, registered } = readCodes(country)
  const lengths = [...new Set(codes.map((code) => code.length))].sort((a, b) => b - a)
  return {
    methodIndexes: Int16Array.from(methods, (method) => {
      const index = method === undefined ? -1 : (METHOD_INDEX.get(method) ?? -1)
      return index >= 0 && checkingMethod(index) !== undefined ? index : -1
    }),
    lengths: lengths.map(
      (length) =>
        new CodeIndex(
          length,
          codes.flatMap((code, i): [string, number][] => (code.length === length ? [[code, i]] : [])),
        ),
    ),
    registry: registered > 0,
    outsideSepa: Uint8Array.from(outside, Number),
    lines: Int32Array.from(lines),
  }
}

/**
 * A country's banks, read from its registry in two parts, each on first use: the code table
 * (validation's lookups) and the rows (generation's banks): a command that makes German rows
 * reads no code table (about 15 ms of its start), a validation no rows.
 */
class CountryBanks implements BankTable {
  readonly offset: number
  readonly #country: string
  #codes: CodeTable | undefined
  #banks: readonly BankRow[] | undefined
  #records: readonly IbanBank[] | undefined

  constructor(country: string) {
    this.#country = country
    this.offset = findCountry(country)?.segments.find((s) => s.name === 'bank')?.offset ?? 0
  }

  get methodIndexes(): Int16Array {
    return (this.#codes ?? this.#readCodes()).methodIndexes
  }

  get lengths(): readonly CodeIndex[] {
    return (this.#codes ?? this.#readCodes()).lengths
  }

  get registry(): boolean {
    return (this.#codes ?? this.#readCodes()).registry
  }

  get outsideSepa(): Uint8Array {
    return (this.#codes ?? this.#readCodes()).outsideSepa
  }

  get banks(): readonly BankRow[] {
    return this.#banks ?? this.#read()[0]
  }

  get records(): readonly IbanBank[] {
    return this.#records ?? this.#read()[1]
  }

  record(index: number): IbanBank {
    if (this.#records !== undefined) return this.#records[index] as IbanBank
    const line = (this.#codes ?? this.#readCodes()).lines[index] ?? -1
    if (line < 0) return this.#read()[1][index] as IbanBank
    // Code, BIC, name (and a method) separated by tabs, as readRegistry reads them. Not kept:
    // a validation that meets every bank of every country would hold them all.
    const text = bankRegistry()[this.#country] as string
    let end = text.indexOf('\n', line)
    if (end < 0) end = text.length
    const [code = '', bic = '', name = ''] = text.slice(line, end).split('\t')
    return Object.freeze({ code, name, bic: bic === '' ? null : bic })
  }

  #readCodes(): CodeTable {
    this.#codes = readCodeTable(this.#country)
    this.#agree()
    return this.#codes
  }

  /** The banks and their records, made once. */
  #read(): [readonly BankRow[], readonly IbanBank[]] {
    const banks = mergeCurated(this.#country, readRegistry(this.#country)).map((bank) => Object.freeze(bank))
    const records = banks.map((bank) => {
      const record = Object.freeze({ code: bank.code, name: bank.name, bic: bank.bic ?? null })
      RECORDS.set(bank, record)
      return record
    })
    this.#banks = banks
    this.#records = records
    this.#agree()
    return [banks, records]
  }

  /** The two readings of the registry name the same banks (checked once both are made). */
  #agree(): void {
    if (this.#banks !== undefined && this.#codes !== undefined && this.#banks.length !== this.#codes.lines.length)
      throw new Error(`banks: ${this.#country}'s banks and codes disagree`)
  }
}

/** A country's bank table as first read (tableOf keeps one per country; tests read fresh ones). */
export function readBankTable(country: string): BankTable {
  return new CountryBanks(country)
}

/** Bank tables by the two letters of the country code (26 × 26 slots), made on first use. */
const TABLES = new Array<BankTable | undefined>(26 * 26).fill(undefined)
const EMPTY: BankTable = {
  banks: [],
  records: [],
  record: () => {
    throw new RangeError('banks: no bank in an empty table')
  },
  methodIndexes: new Int16Array(0),
  offset: 0,
  lengths: [],
  registry: false,
  outsideSepa: new Uint8Array(0),
}
const METHOD_INDEX = new Map<string, number>(DE_METHOD_IDS.map((id, i) => [id, i]))

/** A country's bank table (upper-case code), read on first use; empty for an unknown country. */
export function tableOf(country: string): BankTable {
  const slot = letterIndex(country)
  return slot < 0 ? EMPTY : tableAt(slot)
}

/** tableOf the country at a letterIndex slot (0–675). */
export function tableAt(slot: number): BankTable {
  let table = TABLES[slot]
  if (table === undefined) {
    const first = Math.floor(slot / 26)
    TABLES[slot] = table = readBankTable(String.fromCharCode(65 + first, 65 + slot - first * 26))
  }
  return table
}

/** Every bank of a country (upper case), ordered by code; empty where none is known. */
export function banksOf(country: string): readonly BankRow[] {
  return tableOf(country.toUpperCase()).banks
}

/** True when the country has a national registry of bank codes (validation's `checks.bank_code`). */
export function hasBankRegistry(country: string): boolean {
  return (BANK_REGISTRY_INFO[country.toUpperCase()]?.codes ?? 0) > 0
}

/** Each table bank's record (BankTable.records), by its row. */
const RECORDS = new WeakMap<BankRow, IbanBank>()

/** The record of a bank row, as Iban records and validation report it (one per bank, shared and frozen). */
export function toIbanBank(bank: BankRow): IbanBank {
  return RECORDS.get(bank) ?? Object.freeze({ code: bank.code, name: bank.name, bic: bank.bic ?? null })
}

/**
 * The index in banksOf(country) of the bank whose code a BBAN of `country` (upper case)
 * carries from the bank position on, or -1; where codes of several lengths match, the longest.
 * The BBAN starts at `start` in `text` (4 in a whole IBAN).
 */
export function bankIndexOf(country: string, text: string, start = 0): number {
  return bankIndexIn(tableOf(country), text, start)
}

/** bankIndexOf in a table already at hand. */
export function bankIndexIn(table: BankTable, text: string, start = 0): number {
  const from = start + table.offset
  const lengths = table.lengths
  for (let i = 0; i < lengths.length; i++) {
    const found = (lengths[i] as CodeIndex).find(text, from)
    if (found >= 0) return found
  }
  return -1
}

/**
 * bankIndexIn for a BBAN given as its character values (digits 0–9, letters 10–35), as
 * validation reads them.
 */
export function bankIndexOfValues(table: BankTable, values: Uint8Array): number {
  const lengths = table.lengths
  for (let i = 0; i < lengths.length; i++) {
    const found = (lengths[i] as CodeIndex).findValues(values, table.offset)
    if (found >= 0) return found
  }
  return -1
}

/** The bank whose code the BBAN carries (see bankIndexOf), or undefined. */
export function bankOf(country: string, bban: string): BankRow | undefined {
  const found = bankIndexOf(country, bban)
  return found < 0 ? undefined : tableOf(country).banks[found]
}

/** The bank of `country` with exactly this code (case-insensitive, spaces ignored), or undefined. */
export function findBank(country: string, code: string): BankRow | undefined {
  const wanted = code.replace(/\s+/g, '').toUpperCase()
  const table = tableOf(country.toUpperCase())
  const entry = table.lengths.find((candidate) => candidate.length === wanted.length)
  if (entry === undefined) return undefined
  const found = entry.find(wanted, 0)
  return found < 0 ? undefined : table.banks[found]
}
