// A CSV cell as a spreadsheet may safely open it. Quoted (RFC 4180) when it holds a double
// quote, a separator (`,`, or `;` and tab, which spreadsheets also guess) or a line break. And
// when it begins with a character a spreadsheet reads as the start of a formula (`=`, `+`, `-`,
// `@`, tab, carriage return), a single quote goes before it, inside the quotes, as OWASP's
// guidance on CSV injection advises: the cell shows as text and never runs (an echoed input of
// `=HYPERLINK(…)` or `@SUM(…)` stays the text it was). A plain negative number (`-12`, `-1.5`)
// is left as it is: no formula can hide in it, and the quote would change how it reads. IBANs,
// check digits and the other fields made of letters and digits never need any of this.

/** Characters that make a spreadsheet read a cell as a formula when it begins with one. */
const FORMULA_START = /^[=+\-@\t\r]/
const NEGATIVE_NUMBER = /^-\d+(?:\.\d+)?$/
const NEEDS_QUOTES = /[",;\n\r\t]/

export function csvCell(text: string): string {
  if (FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text)) return `"'${text.replace(/"/g, '""')}"`
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
