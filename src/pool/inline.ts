// Where a request's work runs: in the calling thread, or on the worker pool. Handing work to a
// thread costs a message each way, and a process whose pool is not running yet (a command)
// would first start its threads (about 100 ms each): small work is done where it was asked,
// the rest goes to the pool, whose admission refuses it whole (503) when it is full; a command
// given one thread makes all of it on its own. The one decision of every surface: the API's
// generate, MCP's generate_iban and generate_payment_file (HTTP and stdio), the command line's
// generate and validate, and every streamed validation.
import { BATCH_ROWS } from '../formats/batches.ts'
import { BATCH_BYTES } from '../formats/record-batches.ts'

/** How much work a request is: rows to generate, or input bytes to validate. */
export type WorkSize = { rows: number } | { bytes: number }

/** Input bytes validated inline at most, in every process: one batch (about a thousand IBANs, a millisecond). */
const INLINE_BYTES = BATCH_BYTES

/** Up to how many rows are generated in the calling thread. */
export interface InlineLimits {
  /** Rows generated inline at most. */
  readonly rows: number
}

/**
 * A process whose pool is running (the server, `ibanmint mcp`): up to `rows` rows inline
 * (POOL_INLINE_MAX, measured: beyond it the pool's threads answer sooner than this one).
 */
export function runningPoolLimits(rows: number): InlineLimits {
  return { rows }
}

/** A command, which starts a pool only when it needs one: a batch of rows costs less than starting threads. */
export const COMMAND_LIMITS: InlineLimits = { rows: BATCH_ROWS }

/** A command given one thread: every row made on its own (a worker thread would only add its start). */
const ONE_THREAD_LIMITS: InlineLimits = { rows: Number.POSITIVE_INFINITY }

/** A command's limits by the threads it was given (`--threads`; undefined: one per core). */
export function commandLimits(threads: number | undefined): InlineLimits {
  return threads === 1 ? ONE_THREAD_LIMITS : COMMAND_LIMITS
}

/**
 * True when work of this size runs in the calling thread, false when it goes to the pool: rows
 * up to the process's limit, input bytes up to one batch whatever the process.
 */
export function runsInline(size: { bytes: number }): boolean
export function runsInline(size: WorkSize, limits: InlineLimits): boolean
export function runsInline(size: WorkSize, limits?: InlineLimits): boolean {
  return 'rows' in size ? size.rows <= (limits ?? COMMAND_LIMITS).rows : size.bytes <= INLINE_BYTES
}
