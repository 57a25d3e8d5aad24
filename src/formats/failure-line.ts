// How a file that fails after its first bytes ends: a last line in the file's own syntax, which
// names the failure without breaking what a reader of that format expects of a comment.

/** A JSON line, or the JSON after `# error ` (csv, text), `-- error ` (sql) or in `<!-- error … -->` (xml). */
export type FailureStyle = 'json' | 'hash' | 'sql' | 'xml'

/** The failure line of a style around the error body's JSON. */
export function failureText(style: FailureStyle, json: string): string {
  if (style === 'json') return `${json}\n`
  // An XML comment may not hold "--": the JSON keeps its meaning with it spaced out.
  if (style === 'xml') return `<!-- error ${json.replace(/--/g, '- -')} -->\n`
  return `${style === 'hash' ? '#' : '--'} error ${json}\n`
}
