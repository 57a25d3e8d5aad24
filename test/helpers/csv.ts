// Parses CSV text with fast-csv (an independent parser) into objects keyed by the header row.
import { Readable } from 'node:stream'
import { parse } from 'fast-csv'

export async function parseCsv(text: string): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = []
  await new Promise((resolve, reject) => {
    Readable.from([text])
      .pipe(parse({ headers: true }))
      .on('data', (row: Record<string, string>) => rows.push(row))
      .on('end', resolve)
      .on('error', reject)
  })
  return rows
}
