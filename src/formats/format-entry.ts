// What an entry of the format table is (render.ts holds the table): how a file of the format is
// served, and how a document is written from its per-row source, batch by batch, so that batches
// rendered apart (in worker threads) concatenate into one document. And what a batch is told.
import type { ResolvedPaymentOptions } from '@ibanmint/iban'
import type { DatasetOptions } from '@ibanmint/iban/internal'
import type { ByteWriter } from './byte-writer.ts'
import type { FailureStyle } from './failure-line.ts'
import type { RenderFormat } from './format-names.ts'

/** Which rows of which document: everything a worker needs to render a batch on its own. */
export interface BatchOptions {
  /** The dataset; without a seed, a random key (then only one batch can make a document). */
  dataset: DatasetOptions
  /** csv, json, ndjson, sql: the party columns (holder, address, amount, end-to-end id) after the others. */
  parties?: boolean | undefined
  /** Payment formats: the file's options, resolved (its count and offset are the whole file's). */
  payment?: ResolvedPaymentOptions | undefined
  /** The document's row count (default: the batch's count); the batch that opens it tells `open`. */
  documentRows?: number | undefined
  /** Row index of the batch's first row in the dataset. */
  start: number
  count: number
  /**
   * The first row of the unsliced stream (default: `start`): sql counts its INSERT statements,
   * every SQL_ROWS_PER_INSERT rows, from it. A slice's batches count from their whole
   * dataset's first row, so that its INSERTs are those of the unsliced output.
   */
  origin?: number | undefined
  format: RenderFormat
  /** This batch opens the document (CSV header, JSON "[", a payment file's group header). */
  first: boolean
  /** csv: false leaves out the header row (default true); other formats have none. */
  header?: boolean | undefined
  /** This batch closes the document (JSON "]"). */
  last: boolean
}

/** How a file is served. */
export interface FileType {
  /** The Content-Type of a download. */
  readonly contentType: string
  /** The file name's extension, without the dot. */
  readonly extension: string
  /** What the file holds, in a few words. */
  readonly summary: string
  /** The fewest bytes a row takes (a small download is not compressed). */
  readonly minRowBytes: number
  /**
   * The most bytes a row takes, its share of a document's opening and blocks included (a stream's
   * result slots are sized by it). Row formats: the largest 10,000-row batch over every country,
   * realistic or not (Ukraine's, realistic, with the longest bank names), over 10,000, rounded up.
   */
  readonly maxRowBytes: number
  /** The last line of a file that fails after its first bytes. */
  readonly failure: FailureStyle
  /** `rows`: the dataset's rows with the row options; `payment`: a payment message of its transactions. */
  readonly kind: 'rows' | 'payment'
}

/**
 * A format of the table: how it is served, and how a document is written from `S`, the per-row
 * source a batch renders from (a dataset's rows, a payment file), made once per request and thread.
 */
export interface FormatEntry<S> extends FileType {
  source(options: BatchOptions): S
  /**
   * What the batch that opens the document writes before its rows. `rows` is the document's row
   * count (a payment file's header states its transactions and their sum before any of them).
   */
  open(source: S, rows: number, header: boolean, writer: ByteWriter): void
  /** The batch's rows start … start + count − 1 (`first`: the batch opens the document; `origin`: see BatchOptions). */
  rows(source: S, batch: BatchOptions, writer: ByteWriter): void
  /** What the batch that closes the document writes after its rows. */
  close(source: S, writer: ByteWriter): void
}
