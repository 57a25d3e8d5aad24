// The minimal bulk writer bench/bulk.ts sets ibanmint's bulk download against: one node:http
// handler on one thread, as a careful user writes the fastest thing that gives realistic German
// rows in the spec's six CSV columns (iban, iban_print, country, check_digits, bank, account):
// a real bank code from the library's list (banksOf), ten account digits from a seeded xorshift,
// the MOD-97 check digits from the bank's remainder (computed once per bank) carried over the
// account's digits, every byte written straight into a 64 KiB buffer that goes out whole when
// full; it waits for `drain` when the socket is behind, so memory stays flat. It skips what
// ibanmint does beyond that (the Bundesbank method of each bank's accounts, distinct rows, bank
// weights, the bank_name, bic and sepa columns), which makes it the stricter yardstick. No key,
// no limit, no log: nothing a request pays once is worth a line against two million rows.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { banksOf } from '@ibanmint/iban'

const CHUNK = 64 * 1024
const ROW = 77
const HEADER = Buffer.from('iban,iban_print,country,check_digits,bank,account\n')
/** "DE00" as MOD-97 reads it after the BBAN: D = 13, E = 14, then the two zero check digits. */
const COUNTRY_DIGITS = [1, 3, 1, 4, 0, 0]

interface Bank {
  code: Buffer
  remainder: number
}

const remainderOf = (digits: Iterable<number>, from = 0) => {
  let r = from
  for (const d of digits) r = (r * 10 + d) % 97
  return r
}

let banks: Bank[] | undefined
function germanBanks(): Bank[] {
  banks ??= banksOf('DE')
    .filter((bank) => /^[0-9]{8}$/.test(bank.code))
    .map((bank) => ({ code: Buffer.from(bank.code), remainder: remainderOf([...bank.code].map(Number)) }))
  return banks
}

/** A seeded xorshift32 from the seed text. */
function randomOf(seed: string): () => number {
  let state = 2166136261
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619)
  state ||= 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return state >>> 0
  }
}

const account = new Uint8Array(10)

/** Writes one row at `at`: 77 bytes. */
function writeRow(out: Buffer, at: number, bank: Bank, random: () => number): void {
  const high = random() % 100_000
  const low = random() % 100_000
  for (let i = 4, h = high, l = low; i >= 0; i--, h = (h / 10) | 0, l = (l / 10) | 0) {
    account[i] = h % 10
    account[i + 5] = l % 10
  }
  const check = 98 - remainderOf(COUNTRY_DIGITS, remainderOf(account, bank.remainder))
  const c1 = 48 + ((check / 10) | 0)
  const c2 = 48 + (check % 10)
  // iban: DEcc + bank + account
  out[at] = 68
  out[at + 1] = 69
  out[at + 2] = c1
  out[at + 3] = c2
  bank.code.copy(out, at + 4)
  for (let i = 0; i < 10; i++) out[at + 12 + i] = 48 + (account[i] as number)
  out[at + 22] = 44
  // iban_print: DEcc bbbb bbbb aaaa aaaa aa
  let p = at + 23
  for (let i = 0; i < 22; i++) {
    if (i > 0 && i % 4 === 0) out[p++] = 32
    out[p++] = out[at + i] as number
  }
  out[p++] = 44
  out[p++] = 68
  out[p++] = 69
  out[p++] = 44
  out[p++] = c1
  out[p++] = c2
  out[p++] = 44
  bank.code.copy(out, p)
  p += 8
  out[p++] = 44
  for (let i = 0; i < 10; i++) out[p++] = 48 + (account[i] as number)
  out[p] = 10
}

function stream(res: ServerResponse, count: number, seed: string): void {
  const list = germanBanks()
  const random = randomOf(seed)
  let chunk = Buffer.allocUnsafe(CHUNK)
  let used = HEADER.copy(chunk, 0)
  let written = 0
  const pump = (): void => {
    while (written < count) {
      if (used + ROW > CHUNK) {
        const full = chunk.subarray(0, used)
        chunk = Buffer.allocUnsafe(CHUNK)
        used = 0
        if (!res.write(full)) {
          res.once('drain', pump)
          return
        }
      }
      writeRow(chunk, used, list[random() % list.length] as Bank, random)
      used += ROW
      written++
    }
    res.end(chunk.subarray(0, used))
  }
  pump()
}

const PATH = /^\/api\/v1\/bulk\/DE$/i

/** The request listener. */
export function bulkWriter(): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const count = Number(url.searchParams.get('count') ?? 100)
    if (!PATH.test(url.pathname) || !Number.isSafeInteger(count) || count < 1) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' })
    stream(res, count, url.searchParams.get('seed') ?? 'bench')
  }
}
