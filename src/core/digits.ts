// Whether text is a number written plainly: the test every integer option, variable, query
// parameter and form field is read with before it is converted (Number() alone would take
// " 12", "1e3", "0x10" or "" as numbers).

const DIGITS = /^[0-9]+$/

/** True when `text` is one or more of 0-9 and nothing else (no sign, space, point or exponent). */
export function isDigits(text: string): boolean {
  return DIGITS.test(text)
}
