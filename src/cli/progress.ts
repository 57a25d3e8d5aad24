// The progress line commands draw on stderr when it is a terminal: rows, rows/s and, when the
// total is known, the share done and the time left. Redrawn at most 10 times a second.

export interface Progress {
  /** `rows` more were done. */
  update(rows: number): void
  /** The last line, with the time taken. */
  done(): void
}

/** A progress line for `total` rows, or for work whose size is told by `share()` (0 to 1) or unknown. */
export function progressReporter(total: number | undefined, share?: () => number): Progress {
  const started = performance.now()
  let written = 0
  let drawn = 0
  const draw = (final: boolean) => {
    const seconds = (performance.now() - started) / 1000
    const rate = written / Math.max(seconds, 0.001)
    const part = total === undefined ? (share?.() ?? -1) : written / total
    const percent = part < 0 ? '' : `${(part * 100).toFixed(1).padStart(5)}%  `
    const rows =
      total === undefined
        ? `${written.toLocaleString('en')} rows`
        : `${written.toLocaleString('en')} / ${total.toLocaleString('en')} rows`
    const left = part > 0 ? (seconds / part) * (1 - part) : -1
    const end = final ? `done in ${seconds.toFixed(1)} s` : left >= 0 ? `ETA ${left.toFixed(0)} s` : ''
    const line = `${percent}${rows}  ${Math.round(rate).toLocaleString('en')} rows/s  ${end}`
    process.stderr.write(`\r${line.padEnd(80)}${final ? '\n' : ''}`)
  }
  return {
    update(rows) {
      written += rows
      const now = performance.now()
      if (now - drawn >= 100) {
        drawn = now
        draw(false)
      }
    },
    done: () => draw(true),
  }
}
