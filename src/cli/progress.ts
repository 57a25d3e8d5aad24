import { groupThousands } from '@ibanmint/iban/internal'
// The progress line commands draw on stderr when it is a terminal: the share done, rows, rows/s
// and the time left. It is redrawn in place at most 10 times a second and always fits the
// terminal's width as it is now (a line that wrapped could no longer be redrawn with "\r").
//
// The rate is measured, never guessed: it counts from the first update (the worker pool's
// start-up is not work), appears once a second of work is measured over three redraws, then
// follows a moving average; the ETA waits until that rate has settled.
// Averaged from the start instead, the first ETA for 5,000,000 DE rows said 413 s for a 5.6 s
// job.

export interface Progress {
  /** `rows` more were done. */
  update(rows: number): void
  /** The last line, with the time taken. */
  done(): void
}

/** Where the line is drawn: process.stderr, or a test's stand-in. */
export interface ProgressStream {
  /** The terminal's width now (a TTY updates it on SIGWINCH). */
  readonly columns?: number | undefined
  write(text: string): unknown
  on?(event: 'resize', listener: () => void): unknown
  off?(event: 'resize', listener: () => void): unknown
}

export interface ProgressOptions {
  stream?: ProgressStream
  /** Milliseconds from any origin (performance.now by default). */
  now?: () => number
}

/** Redraws at most this often. */
const REDRAW_MS = 100
/** No rate and no ETA until this much work is measured... */
const MEASURE_MS = 1_000
/** ...over at least this many redraws after the first update. */
const MEASURE_SAMPLES = 3
/**
 * The moving average's time constant: short while the rate may still move (it follows a climb
 * within a second), then long (a sample's weight halves in about 1.4 s: a stall of half a
 * second moves the ETA by a quarter, not by half).
 */
const SETTLING_SMOOTHING_MS = 500
const SMOOTHING_MS = 2_000
/**
 * No ETA while the rate still climbs (the worker threads' code warming up, measured at 220,000
 * rows/s in the first second and 600,000 three seconds later): it waits until the rate is
 * within SETTLED_CHANGE of what it was SETTLED_MS before, or has been measured for SETTLED_MAX_MS.
 */
const SETTLED_MS = 1_000
const SETTLED_CHANGE = 0.2
const SETTLED_MAX_MS = 4_000
/** Used when the stream does not know its width. */
const DEFAULT_COLUMNS = 80

const CLEAR_TO_END = '\x1b[K'

/** A smoothed rate of something that grows (rows, or the share done), per second. */
class Rate {
  #at: number | undefined
  #value: number | undefined
  #samples = 0
  #firstAt = 0
  #first = 0
  #last = 0
  #measuredAt = 0
  /** The smoothed rate at recent samples, the oldest SETTLED_MS or more before the newest. */
  #recent: { at: number; value: number }[] = []
  #settled = false

  /** The amount so far at time `now` (ms). */
  sample(amount: number, now: number): void {
    if (this.#at === undefined) {
      this.#at = this.#firstAt = now
      this.#first = this.#last = amount
      return
    }
    const elapsed = now - this.#at
    if (elapsed <= 0) return
    this.#samples++
    if (this.#value === undefined) {
      // Until it is measured, the rate is the plain average since the first update.
      if (this.#samples >= MEASURE_SAMPLES && now - this.#firstAt >= MEASURE_MS) {
        this.#value = ((amount - this.#first) / (now - this.#firstAt)) * 1000
        this.#measuredAt = now
      }
    } else {
      const instant = ((amount - this.#last) / elapsed) * 1000
      const smoothing = this.#settled ? SMOOTHING_MS : SETTLING_SMOOTHING_MS
      this.#value += (1 - Math.exp(-elapsed / smoothing)) * (instant - this.#value)
    }
    this.#at = now
    this.#last = amount
    if (this.#value !== undefined && !this.#settled) this.#settle(this.#value, now)
  }

  #settle(value: number, now: number): void {
    this.#recent.push({ at: now, value })
    while ((this.#recent[1]?.at ?? Infinity) <= now - SETTLED_MS) this.#recent.shift()
    const before = this.#recent[0] as { at: number; value: number }
    const steady = before.at <= now - SETTLED_MS && Math.abs(value - before.value) <= before.value * SETTLED_CHANGE
    this.#settled = steady || now - this.#measuredAt >= SETTLED_MAX_MS
  }

  /** Per second, once measured. */
  get value(): number | undefined {
    return this.#value
  }

  /** Measured and no longer climbing or falling fast (it stays so once it is). */
  get settled(): boolean {
    return this.#settled
  }
}

/** Time left, at least 1 s (never "0 s" before the end): 5 s, 1 m 05 s, 2 h 03 m. */
export function formatDuration(seconds: number): string {
  const s = Math.max(1, Math.round(seconds))
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} m ${String(s % 60).padStart(2, '0')} s`
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} m`
}

const rowsText = (n: number) => groupThousands(Math.round(n))

/** Each layout's fields that are not empty, joined by two spaces. */
const linesOf = (layouts: string[][]) => layouts.map((fields) => fields.filter((field) => field !== '').join('  '))

/** The index of the richest line, from `from` on, that fits `width`; the last when none does. */
function fittingIndex(lines: string[], width: number, from: number): number {
  const index = lines.findIndex((line, i) => i >= from && line.length <= width)
  return index === -1 ? lines.length - 1 : index
}

const cut = (line: string, width: number) => line.slice(0, Math.max(0, width)).trimEnd()

/** The richest of the layouts that fits `width`, else the last one cut. */
export function fitLine(layouts: string[][], width: number): string {
  const lines = linesOf(layouts)
  return cut(lines[fittingIndex(lines, width, 0)] ?? '', width)
}

/** A progress line for `total` rows, or for work whose size is told by `share()` (0 to 1) or unknown. */
export function progressReporter(
  total: number | undefined,
  share?: () => number,
  options: ProgressOptions = {},
): Progress {
  const stream = options.stream ?? process.stderr
  const now = options.now ?? (() => performance.now())
  const started = now()
  let written = 0
  let drawnAt = -Infinity
  let drawnLength = 0
  // Once a poorer layout was needed at this width it stays, so that the line does not flicker
  // between layouts as the digits of its figures come and go.
  let layoutWidth = -1
  let layoutFrom = 0
  const rowRate = new Rate()
  const partRate = new Rate()
  const partOf = () => (total === undefined ? (share?.() ?? -1) : total === 0 ? 1 : written / total)

  const draw = (final: boolean) => {
    const at = now()
    const part = partOf()
    const width = Math.max(0, (stream.columns || DEFAULT_COLUMNS) - 1) // the last column would wrap
    const percent = part < 0 ? '' : `${(Math.min(part, 1) * 100).toFixed(1).padStart(5)}%`
    const rows = total === undefined ? `${rowsText(written)} rows` : `${rowsText(written)} / ${rowsText(total)} rows`
    const seconds = (at - started) / 1000
    const rate = final ? written / Math.max(seconds, 0.001) : rowRate.value
    const rateText = rate === undefined ? '' : `${rowsText(rate)} rows/s`
    const perSecond = partRate.value
    const end = final
      ? `done in ${seconds.toFixed(1)} s`
      : part >= 0 && partRate.settled && perSecond !== undefined && perSecond > 0
        ? `ETA ${formatDuration((1 - part) / perSecond)}`
        : ''
    const lines = linesOf([
      [percent, rows, rateText, end],
      [percent, `${rowsText(written)} rows`, rateText, end],
      [percent, `${rowsText(written)} rows`, end],
      [percent || `${rowsText(written)} rows`, end],
      [percent || `${rowsText(written)} rows`],
    ])
    if (width !== layoutWidth) [layoutWidth, layoutFrom] = [width, 0]
    const index = fittingIndex(lines, width, final ? 0 : layoutFrom)
    if (!final) layoutFrom = index
    const line = cut(lines[index] ?? '', width)
    // A line longer than the terminal is now has wrapped (or was cut): "\r" would only reach its
    // last row, so the line starts afresh below it.
    const fresh = drawnLength > width ? '\n' : ''
    stream.write(`${fresh}\r${line}${CLEAR_TO_END}${final ? '\n' : ''}`)
    drawnLength = line.length
    drawnAt = at
  }

  const onResize = () => draw(false)
  stream.on?.('resize', onResize)
  return {
    update(rows) {
      written += rows
      const at = now()
      if (at - drawnAt < REDRAW_MS) return
      rowRate.sample(written, at)
      partRate.sample(Math.max(partOf(), 0), at)
      draw(false)
    },
    done() {
      stream.off?.('resize', onResize)
      draw(true)
    },
  }
}
