// Row `index` of a seeded dataset, computed on its own: the entry of the library's portable build
// (@ibanmint/iban/portable, one ES module file with no import), for load scripts that run in k6,
// Artillery, Gatling or a browser. A load generator computes the row of its own iteration, so
// every generator of a distributed run gets distinct rows with no data file, and row i is the
// row i of GET /api/v1/bulk/{country}?seed=S and of `ibanmint generate C --seed S` (Dataset.mint
// is the one generator). Seeded only: nothing here touches Web Crypto, at import or per call.
import { Dataset, DatasetError, recordsOf } from './dataset.ts'
import type { Iban } from './generate.ts'
import type { InvalidCheck } from './invalid.ts'

/** Which dataset `ibanAt` reads a row of (with its seed). */
export interface IbanAtOptions {
  /**
   * A country code, or several joined by commas (`'DE,FR,IT'`, any case): rows spread across
   * them as the bulk endpoint and `ibanmint generate DE,FR,IT` spread them.
   */
  country: string
  /** Realistic mode (default true): digits in alphanumeric fields, real bank codes. */
  realistic?: boolean | undefined
  /** Realistic rows of this real bank only (one country only). */
  bank?: string | undefined
  /** Rows that fail exactly this check and pass every other one; several: each broken row fails one. */
  invalid?: InvalidCheck | readonly InvalidCheck[] | undefined
  /** The share of rows broken, in (0, 1] (default 1); given, or with several checks, rows carry `invalid`. */
  invalidShare?: number | undefined
}

/**
 * Datasets by seed and options, the most recent last. Building one costs its keys and plans
 * (milliseconds for a country with thousands of banks); a load script asks for one or a few.
 */
const CACHE = new Map<string, Dataset>()
const CACHE_SIZE = 16

/**
 * The last dataset asked for, with what it was asked by: a loop over one dataset (a fresh
 * options object per call, as scripts write them) compares six values, with no key to build.
 */
let last: { seed: unknown; options: IbanAtOptions; dataset: Dataset } | undefined

function datasetOf(seed: string | number, options: IbanAtOptions): Dataset {
  if (typeof options !== 'object' || options === null || typeof options.country !== 'string') {
    throw new DatasetError('country', 'country is needed: a country code, or several joined by commas')
  }
  const { country, realistic, bank, invalid, invalidShare } = options
  if (
    last !== undefined &&
    last.seed === seed &&
    last.options.country === country &&
    last.options.realistic === realistic &&
    last.options.bank === bank &&
    last.options.invalid === invalid &&
    last.options.invalidShare === invalidShare
  ) {
    return last.dataset
  }
  if (seed === undefined || seed === null) {
    throw new DatasetError('seed', 'seed is needed: ibanAt reads a row of a seeded dataset')
  }
  // 42 and "42" are one seed, as everywhere.
  const key = JSON.stringify([
    typeof seed === 'number' ? String(seed) : seed,
    country,
    realistic,
    bank,
    invalid,
    invalidShare,
  ])
  let dataset = CACHE.get(key)
  if (dataset === undefined) {
    dataset = new Dataset({
      countries: country.split(',').map((code) => code.trim()),
      realistic,
      seed,
      bank,
      invalid,
      invalidShare,
    })
    if (CACHE.size === CACHE_SIZE) CACHE.delete(CACHE.keys().next().value as string)
  } else CACHE.delete(key)
  CACHE.set(key, dataset)
  last = { seed, options: { country, realistic, bank, invalid, invalidShare }, dataset }
  return dataset
}

/**
 * Row `index` (0-based) of the dataset of `seed` and `options`: the same Iban record as row
 * `index` of generateIbans(country, n, { seed }), of the bulk endpoint
 * (`?seed=S&offset=index&count=1`) and of `ibanmint generate C --seed S --offset index -n 1`.
 * Throws DatasetError naming the option at fault: no or a bad seed, an unsupported country, an
 * index that is not a non-negative integer or is beyond the dataset's capacity.
 */
export function ibanAt(seed: string | number, index: number, options: IbanAtOptions): Iban {
  const dataset = datasetOf(seed, options)
  if (!(typeof index === 'number' && Number.isSafeInteger(index) && index >= 0 && index < dataset.capacity)) {
    throw new DatasetError(
      'index',
      `index must be an integer between 0 and ${dataset.capacity - 1}: the dataset holds ${dataset.capacity} distinct IBANs`,
    )
  }
  return recordsOf(dataset, index, 1)[0] as Iban
}

export { DatasetError }
export type { Iban, InvalidCheck }
