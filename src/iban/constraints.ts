// Country rules a generator must honour beyond the registry format, so that generated IBANs
// look like issued ones and national checks apply in their ordinary form (countries notes).
// Each adjusts a freshly filled BBAN in place, before national check digits are computed.
import { fillDigits, randomBelow, type RandomSource } from './random.ts'

/** Adjusts the BBAN held in `out` from index 4 (after country code and check digits). */
export type BbanAdjuster = (random: RandomSource, out: Uint8Array, realistic: boolean) => void

const BBAN = 4
const ZERO = 48

function nonZeroDigit(random: RandomSource): number {
  return ZERO + 1 + randomBelow(random, 9)
}

function writeText(out: Uint8Array, index: number, text: string): void {
  for (let i = 0; i < text.length; i++) out[index + i] = text.charCodeAt(i)
}

function writeTwoDigits(out: Uint8Array, index: number, value: number): void {
  out[index] = ZERO + Math.floor(value / 10)
  out[index + 1] = ZERO + (value % 10)
}

function pickText(random: RandomSource, choices: readonly string[]): string {
  return choices[randomBelow(random, choices.length)] as string
}

// CH, LI: IIDs 30000–31999 are QR-IIDs, reserved for QR-IBANs.
const avoidQrIid: BbanAdjuster = (random, out) => {
  if (out[BBAN] === ZERO + 3 && (out[BBAN + 1] === ZERO || out[BBAN + 1] === ZERO + 1)) {
    out[BBAN + 1] = ZERO + 2 + randomBelow(random, 8)
  }
}

// CR: the 3-digit bank code is padded to 4 with a leading 0.
const costaRicaBank: BbanAdjuster = (_random, out) => {
  out[BBAN] = ZERO
}

// NO: bank 0000 (legacy postgiro) and "00" at BBAN[4..5] follow other check rules.
const norwayAccount: BbanAdjuster = (random, out) => {
  if (out[BBAN] === ZERO && out[BBAN + 1] === ZERO && out[BBAN + 2] === ZERO && out[BBAN + 3] === ZERO) {
    out[BBAN] = nonZeroDigit(random)
  }
  if (out[BBAN + 4] === ZERO && out[BBAN + 5] === ZERO) out[BBAN + 4] = nonZeroDigit(random)
}

// IS: BBAN[12..21] is the holder's kennitala DDMMYY·NN·check·century. A real date (day + 40 for
// organisations) and century digit 9 (1900s) or 0 (2000s); the check digit follows separately.
const icelandKennitala: BbanAdjuster = (random, out) => {
  const start = BBAN + 12
  const organisation = randomBelow(random, 4) === 0
  const day = 1 + randomBelow(random, 28) + (organisation ? 40 : 0)
  const modern = randomBelow(random, 4) === 0
  writeTwoDigits(out, start, day)
  writeTwoDigits(out, start + 2, 1 + randomBelow(random, 12))
  writeTwoDigits(out, start + 4, modern ? randomBelow(random, 25) : randomBelow(random, 100))
  fillDigits(random, out, start + 6, 2)
  out[start + 9] = modern ? ZERO : ZERO + 9
}

// RU: BIKs start with 04 and end in 050–999 (settlement-centre BIKs use another key rule);
// realistic accounts use common balance accounts and the rouble code 810.
const RU_BALANCE_ACCOUNTS = ['40817', '40702', '40802', '40701', '42301']
const russiaAccount: BbanAdjuster = (random, out, realistic) => {
  writeText(out, BBAN, '04')
  const suffix = 50 + randomBelow(random, 950)
  out[BBAN + 6] = ZERO + Math.floor(suffix / 100)
  writeTwoDigits(out, BBAN + 7, suffix % 100)
  if (realistic) {
    writeText(out, BBAN + 9, pickText(random, RU_BALANCE_ACCOUNTS))
    writeText(out, BBAN + 14, '810')
  }
}

// MU, SC: the last three letters (from BBAN[index]) are the account currency.
function currency(index: number, codes: readonly string[]): BbanAdjuster {
  return (random, out, realistic) => {
    if (realistic) writeText(out, BBAN + index, pickText(random, codes))
  }
}

/** Adjusters by country code. */
export const BBAN_ADJUSTERS: Readonly<Record<string, BbanAdjuster>> = {
  CH: avoidQrIid,
  LI: avoidQrIid,
  CR: costaRicaBank,
  NO: norwayAccount,
  IS: icelandKennitala,
  RU: russiaAccount,
  MU: currency(23, ['MUR', 'USD', 'EUR']),
  SC: currency(24, ['SCR', 'USD', 'EUR']),
}
