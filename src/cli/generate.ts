// `ibanmint generate`: IBANs for one country in txt, csv, json or ndjson, written to stdout
// batch by batch with backpressure, so millions of rows take constant memory.
import { once } from 'node:events'
import { findCountry } from '../iban/index.ts'
import { batchesOf, randomForBatch } from '../formats/batches.ts'
import { FORMATS, renderBatch, type FormatName } from '../formats/render.ts'
import { ByteWriter } from '../formats/byte-writer.ts'
import { parseCommand, UsageError } from './usage.ts'

const HELP = `Usage: ibanmint generate <CC> [options]

Prints test IBANs for the country CC (ISO 3166-1 alpha-2, e.g. DE).

Options:
  -n, --count N        how many IBANs (default 1, at most ${(1e9).toLocaleString('en')})
  -f, --format F       txt (default: one IBAN per line), csv, json or ndjson
      --random         fully random bank codes and accounts, letters wherever the
                       country format allows them (default: realistic)
      --seed S         reproducible output: the same seed gives the same IBANs
  -h, --help           show this help
`

const MAX_COUNT = 1_000_000_000

export function parseCount(text: string | undefined, max: number): number {
  if (text === undefined) return 1
  const count = Number(text)
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(count) || count < 1 || count > max) {
    throw new UsageError(`--count must be an integer between 1 and ${max}`)
  }
  return count
}

export async function runGenerate(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, {
    count: { type: 'string', short: 'n' },
    format: { type: 'string', short: 'f' },
    random: { type: 'boolean' },
    seed: { type: 'string' },
  })
  if (values.help === true) {
    process.stdout.write(HELP)
    return 0
  }
  if (positionals.length !== 1) throw new UsageError('generate takes exactly one country code')
  const country = findCountry(positionals[0] as string)
  if (country === undefined)
    throw new UsageError(`country "${positionals[0]}" is not supported (see "ibanmint countries")`)
  const count = parseCount(values.count as string | undefined, MAX_COUNT)
  const format = (values.format ?? 'txt') as FormatName
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`)
  const seed = values.seed as string | undefined
  const writer = new ByteWriter()
  const stdout = process.stdout
  for (const batch of batchesOf(count)) {
    const bytes = renderBatch(
      {
        countries: [country.code],
        count: batch.count,
        realistic: values.random !== true,
        format,
        random: randomForBatch(seed, batch.index),
        first: batch.first,
        last: batch.last,
      },
      writer,
    )
    if (!stdout.write(bytes)) await once(stdout, 'drain')
  }
  return 0
}
