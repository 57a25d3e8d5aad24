// Country rules a generator must honour beyond the registry format, so that generated IBANs
// look like issued ones and national checks apply in their ordinary form. Each rule narrows
// the choices of some BBAN positions (see layout.ts): a position a rule fixes is a constant, a
// group of positions it ties together is one choice among the listed values. Positions that a
// real bank code already holds are left as the bank code has them.

import { randomPrefixes } from './se-account/accounts.ts'

/** What a rule may do to the BBAN positions (0-based BBAN indices). */
export interface LayoutEditor {
  readonly realistic: boolean
  /** Sets positions from `index` to the characters of `text`. */
  fix(index: number, text: string): void
  /** Makes `positions` one choice among `values` (each as long as `positions`). */
  choose(positions: readonly number[], values: readonly string[]): void
}

export type LayoutRule = (layout: LayoutEditor) => void

/** The zero-padded decimal numbers lo ≤ n < hi, `width` digits each. */
export function numbers(lo: number, hi: number, width: number): string[] {
  const values: string[] = []
  for (let n = lo; n < hi; n++) values.push(String(n).padStart(width, '0'))
  return values
}

function range(from: number, length: number): number[] {
  return Array.from({ length }, (_, i) => from + i)
}

// CH, LI: IIDs 30000–31999 are QR-IIDs, reserved for QR-IBANs.
const avoidQrIid: LayoutRule = (layout) => {
  layout.choose(
    [0, 1],
    numbers(0, 100, 2).filter((pair) => pair !== '30' && pair !== '31'),
  )
}

// CH: no QR-IID either, and random IIDs avoid 09xxx: none is then PostFinance's 09000, the one
// IID whose accounts carry a check digit (ch-postfinance/), so random accounts stay free.
const swissIid: LayoutRule = (layout) => {
  layout.choose(
    [0, 1],
    numbers(0, 100, 2).filter((pair) => pair !== '30' && pair !== '31' && pair !== '09'),
  )
}

// CR: the 3-digit bank code is padded to 4 with a leading 0.
const costaRicaBank: LayoutRule = (layout) => layout.fix(0, '0')

// NO: bank 0000 (legacy postgiro) and "00" at BBAN[4..5] follow other check rules.
const norwayAccount: LayoutRule = (layout) => {
  layout.choose(range(0, 4), numbers(1, 10_000, 4))
  layout.choose([4, 5], numbers(1, 100, 2))
}

// IS: BBAN[12..21] is the holder's kennitala DDMMYY·NN·check·century. A real date (day + 40 for
// organisations) and century digit 9 (1900s) or 0 (2000s, years up to 24); the check digit
// is computed separately.
const icelandKennitala: LayoutRule = (layout) => {
  layout.choose([12, 13], [...numbers(1, 29, 2), ...numbers(41, 69, 2)])
  layout.choose([14, 15], numbers(1, 13, 2))
  layout.choose([16, 17, 21], [...numbers(0, 25, 2).map((yy) => yy + '0'), ...numbers(0, 100, 2).map((yy) => yy + '9')])
}

// RU: BIKs start with 04 and end in 050–999 (settlement-centre BIKs use another key rule);
// realistic accounts use common balance accounts and the rouble code 810.
const russiaAccount: LayoutRule = (layout) => {
  layout.fix(0, '04')
  layout.choose([6, 7, 8], numbers(50, 1000, 3))
  if (layout.realistic) {
    layout.choose(range(9, 5), ['40817', '40702', '40802', '40701', '42301'])
    layout.fix(14, '810')
  }
}

// MU, SC: the last three letters (from BBAN[index]) are the account currency.
function currency(index: number, codes: readonly string[]): LayoutRule {
  return (layout) => {
    if (layout.realistic) layout.choose(range(index, 3), codes)
  }
}

// DE: in random mode the bank code starts with 9, a clearing area no registered bank is in,
// so that no bank's account check applies to a random account (banks.ts keeps it so).
const germanyRandomBank: LayoutRule = (layout) => {
  if (!layout.realistic) layout.fix(0, '9')
}

// GB: free sort codes (random mode, or a bank with no known sort codes) avoid 90-xx-xx, Bank of
// Ireland's: its second modulus check weighs only the sort code, so at nine in ten of them no
// account passes. Sort codes of a known bank are that bank's (uk-modulus/sort-codes.ts).
const britishSortCode: LayoutRule = (layout) => {
  layout.choose(
    [4, 5],
    numbers(0, 100, 2).filter((prefix) => prefix !== '90'),
  )
}

// SE: in random mode the IBAN ID and the first 10 of the 17 account digits are one choice among
// the clearing numbers of the known ranges (se-account/accounts.ts): the IBAN ID follows from the
// clearing number, so a random row's clearing number is any one of them, with its own IBAN ID,
// and its account passes that clearing number's check. Realistic rows take theirs from the bank.
let SWEDISH_PREFIXES: readonly string[] | undefined
const swedishRandomClearing: LayoutRule = (layout) => {
  if (!layout.realistic) layout.choose(range(0, 13), (SWEDISH_PREFIXES ??= randomPrefixes()))
}

/** Rules by country code. */
export const LAYOUT_RULES: Readonly<Record<string, LayoutRule>> = {
  DE: germanyRandomBank,
  GB: britishSortCode,
  SE: swedishRandomClearing,
  CH: swissIid,
  LI: avoidQrIid,
  CR: costaRicaBank,
  NO: norwayAccount,
  IS: icelandKennitala,
  RU: russiaAccount,
  MU: currency(23, ['MUR', 'USD', 'EUR']),
  SC: currency(24, ['SCR', 'USD', 'EUR']),
}
