// The IBAN column of a CSV input as the command line (--column) and the API (column=) take it:
// a 1-based number, or a name the stream then looks up in the header row.
import { isDigits } from './digits.ts'
import { ApiError } from './errors.ts'
import { groupThousands } from '@ibanmint/iban/internal'

/** The highest column number accepted. */
const MAX_COLUMN = 100_000

/** The column `text` names: its number (1 to 100,000) or its header name; else 422 naming column. */
export function parseColumn(text: string): string | number {
  if (isDigits(text)) {
    const number = Number(text)
    if (number >= 1 && number <= MAX_COLUMN) return number
  } else if (text.trim() !== '') return text
  throw new ApiError('invalid_request', `column must be a name or a number from 1 to ${groupThousands(MAX_COLUMN)}`)
}
