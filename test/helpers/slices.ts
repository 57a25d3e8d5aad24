// The parts of a sliced dataset joined as docs/downloads.md says they join: each part is the
// unsliced output's bytes for its rows, framed as a whole file of its own (csv: its header row;
// json: `[` and `]`; sql: BEGIN, CREATE TABLE and COMMIT, and its first and last INSERT cut
// short at the part's edges). Independent of src/: the tests compare the join with the
// unsliced output byte for byte.

export type Format = 'csv' | 'json' | 'ndjson' | 'sql' | 'txt'

export const FORMATS: readonly Format[] = ['csv', 'json', 'ndjson', 'sql', 'txt']

/** Rows per INSERT statement of the sql format, counted from the dataset's first row. */
const SQL_ROWS_PER_INSERT = 500

/** A part's text and the index of its first row, counted from the sliced dataset's first row. */
export interface PartText {
  text: string
  start: number
  rows: number
}

/** The rows of part k of n of `count` rows (the first count mod n one longer), as the docs define them. */
export function partRows(count: number, index: number, n: number): { start: number; rows: number } {
  const base = Math.floor(count / n)
  const longer = count % n
  return { start: index * base + Math.min(index, longer), rows: base + (index < longer ? 1 : 0) }
}

function joinSql(parts: readonly PartText[]): string {
  const first = parts[0]?.text ?? ''
  const prologue = first.slice(0, first.indexOf('\n);\n') + 4)
  const bodies = parts.map((part) => {
    if (!part.text.startsWith(prologue) || !part.text.endsWith('COMMIT;\n')) throw new Error('not a sql part')
    return part.text.slice(prologue.length, -'COMMIT;\n'.length)
  })
  let joined = ''
  parts.forEach((part, k) => {
    const body = bodies[k] as string
    if (part.rows === 0) return
    // A part that starts inside one of the whole's INSERTs opens its own: at the seam, its
    // `;\nINSERT … VALUES\n` is the whole's `,\n`.
    if (joined !== '' && part.start % SQL_ROWS_PER_INSERT !== 0) {
      if (!joined.endsWith(';\n') || !body.startsWith('INSERT INTO ')) throw new Error('no INSERT cut at the seam')
      joined = `${joined.slice(0, -2)},\n${body.slice(body.indexOf('VALUES\n') + 'VALUES\n'.length)}`
    } else joined += body
  })
  return `${prologue}${joined}COMMIT;\n`
}

/** The parts of one dataset, joined into what the unsliced command writes. */
export function joinParts(format: Format, parts: readonly PartText[], header = true): string {
  switch (format) {
    case 'ndjson':
    case 'txt':
      return parts.map((part) => part.text).join('')
    case 'csv':
      if (!header) return parts.map((part) => part.text).join('')
      return parts.map((part, k) => (k === 0 ? part.text : part.text.slice(part.text.indexOf('\n') + 1))).join('')
    case 'json': {
      const rows = parts.map((part) => {
        if (!part.text.startsWith('[\n') || !part.text.endsWith('\n]\n')) throw new Error('not a json part')
        return part.text.slice(2, -3)
      })
      return `[\n${rows.filter((text) => text !== '').join(',\n')}\n]\n`
    }
    case 'sql':
      return joinSql(parts)
  }
}
