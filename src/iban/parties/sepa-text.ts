// The SEPA basic character set (EPC implementation guidelines: a-z A-Z 0-9 / - ? : ( ) . , ' +
// and space) and the conversion into it of everything else, by the EPC's best-practice table
// (EPC217-08: ü → u, ß → s, Ł → L, Θ → TH …; & → +). Conversion is one-way, as the EPC says.
import { SEPA_CONVERSION } from './data.ts'

const BASIC = new Uint8Array(128)
for (const char of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-?:().,'+ ") {
  BASIC[char.charCodeAt(0)] = 1
}

/** True when every character of `text` is in the SEPA basic character set. */
export function isSepaText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 128 || BASIC[code] === 0) return false
  }
  return true
}

/** One character in the basic set: the EPC table's replacement, else its letter without marks, else '.'. */
function convertChar(char: string): string {
  const known = SEPA_CONVERSION[char]
  if (known !== undefined) return known
  const bare = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
  return bare !== '' && isSepaText(bare) ? bare : '.'
}

/**
 * `text` in the SEPA basic character set: each character outside it replaced as the EPC's
 * conversion table says (ü → u, ß → s, Ø → O, Θ → TH, & → +), typographic quotes and dashes by
 * their ASCII forms, anything unknown by '.'. Text already in the set is returned as it is.
 */
export function toSepaText(text: string): string {
  if (isSepaText(text)) return text
  let out = ''
  for (const char of text) out += isSepaText(char) ? char : convertChar(char)
  return out
}
