// Presentation forms of an IBAN: the compact electronic form and the print form in groups of four.

/** Removes every whitespace character and upper-cases the rest. */
export function normalizeIban(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase()
}

/** Groups a compact IBAN by four characters separated by single spaces (ISO 13616 print form). */
export function formatIban(iban: string): string {
  let formatted = iban.slice(0, 4)
  for (let i = 4; i < iban.length; i += 4) formatted += ' ' + iban.slice(i, i + 4)
  return formatted
}
