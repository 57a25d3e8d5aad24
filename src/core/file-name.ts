// The name a generated file is given, alike wherever it is made (the export and bulk downloads'
// Content-Disposition, the MCP payment tool's file_name), so that a file saved from one surface
// is named as the same file from another.
import { isPaymentFormat, type FormatName } from '../formats/format-names.ts'
import { fileTypeOf } from '../formats/render.ts'
import type { Slice } from './slices.ts'

/**
 * `ibans-de-10.csv` style names; a payment file's start with its format (`pain.001-de-10.xml`);
 * a slice's part says which it is (`ibans-de-100-part-2-of-4.csv`), so that the parts of one
 * dataset do not replace each other.
 */
export function fileNameOf(countries: readonly string[], count: number, format: FormatName, slice?: Slice): string {
  const label = countries.length <= 4 ? countries.join('-').toLowerCase() : 'mixed'
  const stem = isPaymentFormat(format) ? format : 'ibans'
  const part = slice === undefined ? '' : `-part-${slice.index}-of-${slice.count}`
  return `${stem}-${label}-${count}${part}.${fileTypeOf(format).extension}`
}
