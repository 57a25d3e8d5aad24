// Presentation forms of an IBAN: the compact electronic form and the print form in groups of four.

/** Removes every whitespace character and upper-cases the rest. */
export function normalizeIban(input: string): string {
  // Most inputs are already compact 0-9A-Z: a scan skips two string copies.
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i)
    if (code < 48 || (code > 57 && code < 65) || code > 90) return input.replace(WHITESPACE, '').toUpperCase()
  }
  return input
}

const WHITESPACE = /\s+/g

/** Groups a compact IBAN by four characters separated by single spaces (ISO 13616 print form). */
export function formatIban(iban: string): string {
  let formatted = iban.slice(0, 4)
  for (let i = 4; i < iban.length; i += 4) formatted += ' ' + iban.slice(i, i + 4)
  return formatted
}
