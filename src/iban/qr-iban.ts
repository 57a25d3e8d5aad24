// QR-IBANs and QR references of Switzerland and Liechtenstein (SIX, Swiss Implementation
// Guidelines for the QR-bill, §3.1 and Annex B). A QR-IBAN carries a QR-IID, an institution
// identifier of 30000 to 31999, where an IBAN carries the bank's IID (BBAN positions 1–5): it
// takes only QR-bill payments with a QR reference, and banks refuse an ordinary transfer to it.
// A QR reference is 27 digits, the last a check digit by the recursive modulo 10 method.
import { recursiveCarry, recursiveCheckDigit } from './mod10-recursive.ts'

/** The countries whose IBANs may be QR-IBANs. */
export const QR_IBAN_COUNTRIES: readonly string[] = ['CH', 'LI']

/** True for a CH or LI bank code (IID) in the QR-IID range 30000–31999. */
export function isQrIid(country: string, code: string): boolean {
  return (
    (country === 'CH' || country === 'LI') &&
    code.length === 5 &&
    code.charCodeAt(0) === 51 &&
    (code.charCodeAt(1) === 48 || code.charCodeAt(1) === 49)
  )
}

/** The check digit of a string of digits by the recursive modulo 10 method. */
function mod10Recursive(digits: string): number {
  return recursiveCheckDigit(recursiveCarry(Uint8Array.from(digits, Number), 0, digits.length))
}

const DIGITS_ONLY = /^[0-9]{1,26}$/

/**
 * The QR reference of a payload of 1 to 26 digits (a string, or a non-negative safe integer):
 * zero-padded to 26 digits, then its check digit. Throws a RangeError naming the payload for
 * anything else.
 */
export function qrReferenceOf(payload: string | number): string {
  const text = typeof payload === 'number' && Number.isSafeInteger(payload) && payload >= 0 ? String(payload) : payload
  if (typeof text !== 'string' || !DIGITS_ONLY.test(text))
    throw new RangeError('qr reference: the payload must be 1 to 26 digits')
  const body = text.padStart(26, '0')
  return body + String(mod10Recursive(body))
}

/** True for a QR reference: 27 digits (spaces ignored) whose last is the check digit of the others. */
export function isQrReference(input: string): boolean {
  const text = input.replace(/\s+/g, '')
  if (!/^[0-9]{27}$/.test(text)) return false
  return mod10Recursive(text.slice(0, 26)) === text.charCodeAt(26) - 48
}
