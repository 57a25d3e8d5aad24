// ISO 7064 MOD 97-10 over IBAN characters, without BigInt: a 34-character IBAN becomes a
// number of up to 68 digits, so the remainder is folded in one character at a time.

const CODE_0 = 48
const CODE_9 = 57
const CODE_A = 65
const CODE_Z = 90

/**
 * Folds `text` (digits and upper-case letters; A = 10 … Z = 35) into the running remainder
 * `start` modulo 97. Returns -1 when the text holds any other character.
 */
export function mod97Fold(text: string, start = 0): number {
  let remainder = start
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= CODE_0 && code <= CODE_9) {
      remainder = (remainder * 10 + code - CODE_0) % 97
    } else if (code >= CODE_A && code <= CODE_Z) {
      remainder = (remainder * 100 + code - CODE_A + 10) % 97
    } else {
      return -1
    }
  }
  return remainder
}

/** Same as mod97Fold over the bytes `bytes[from, to)` (ASCII codes); -1 on a foreign byte. */
export function mod97FoldBytes(bytes: Uint8Array, from: number, to: number, start = 0): number {
  let remainder = start
  for (let i = from; i < to; i++) {
    const code = bytes[i] as number
    if (code >= CODE_0 && code <= CODE_9) {
      remainder = (remainder * 10 + code - CODE_0) % 97
    } else if (code >= CODE_A && code <= CODE_Z) {
      remainder = (remainder * 100 + code - CODE_A + 10) % 97
    } else {
      return -1
    }
  }
  return remainder
}

/** The two IBAN check digits for a country code and BBAN (ISO 13616: 98 − (BBAN‖CC‖00 mod 97)). */
export function ibanCheckDigits(countryCode: string, bban: string): string {
  const bbanRemainder = mod97Fold(bban)
  if (bbanRemainder < 0) throw new RangeError(`BBAN "${bban}" holds a character other than 0-9 or A-Z`)
  return twoDigits(98 - mod97Fold(countryCode + '00', bbanRemainder))
}

/** True when the IBAN (compact, upper-case) passes the MOD-97 check (remainder 1). */
export function isMod97Valid(iban: string): boolean {
  if (iban.length < 5) return false
  const bbanRemainder = mod97Fold(iban.slice(4))
  return bbanRemainder >= 0 && mod97Fold(iban.slice(0, 4), bbanRemainder) === 1
}

/** Two-digit decimal string of 0 ≤ value ≤ 99. */
export function twoDigits(value: number): string {
  return value < 10 ? '0' + value : String(value)
}
