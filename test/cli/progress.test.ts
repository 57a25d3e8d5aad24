import assert from 'node:assert/strict'
import { EventEmitter } from 'node:events'
import { test } from 'node:test'
import { fitLine, formatDuration, progressReporter, type ProgressStream } from '../../src/cli/progress.ts'

/** A terminal of `columns` that keeps what was written, and can be resized. */
class FakeTerminal extends EventEmitter implements ProgressStream {
  writes: string[] = []
  columns: number
  constructor(columns: number) {
    super()
    this.columns = columns
  }
  write(text: string): boolean {
    this.writes.push(text)
    return true
  }
  resize(columns: number): void {
    this.columns = columns
    this.emit('resize')
  }
  /** The text each write shows, without the control sequences. */
  get lines(): string[] {
    return this.writes.map(visible)
  }
}

const visible = (text: string) => text.replaceAll('\x1b[K', '').replace(/[\r\n]/g, '')

/** A clock the test moves. */
function fakeClock(start = 0) {
  let now = start
  return { now: () => now, advance: (ms: number) => void (now += ms) }
}

/** The seconds an "ETA …" field says, or undefined when the line has none. */
function etaOf(line: string): number | undefined {
  const match = /ETA (?:(\d+) h (\d+) m|(\d+) m (\d+) s|(\d+) s)/.exec(line)
  if (match === null) return undefined
  const [, h, hm, m, ms, s] = match.map(Number)
  if (!Number.isNaN(h)) return (h as number) * 3600 + (hm as number) * 60
  if (!Number.isNaN(m)) return (m as number) * 60 + (ms as number)
  return s
}

test('the first update shows no rate and no ETA; the rate after a second of work, the ETA once it held', () => {
  const terminal = new FakeTerminal(120)
  const clock = fakeClock()
  const progress = progressReporter(10_000_000, undefined, { stream: terminal, now: clock.now })
  clock.advance(800) // the worker pool starting: no rows yet
  progress.update(10_000)
  assert.equal(terminal.lines.length, 1)
  assert.match(terminal.lines[0] ?? '', /^ {2}0\.1% {2}10,000 \/ 10,000,000 rows$/)
  const rateAt: number[] = []
  const etaAt: number[] = []
  for (let elapsed = 100; elapsed <= 3_000; elapsed += 100) {
    clock.advance(100)
    progress.update(10_000) // 100,000 rows/s from the first update on
    const line = terminal.lines.at(-1) ?? ''
    if (line.includes('rows/s')) rateAt.push(elapsed)
    if (etaOf(line) !== undefined) etaAt.push(elapsed)
  }
  assert.equal(rateAt[0], 1_000, 'the rate after one second of measured work, not before')
  assert.equal(etaAt[0], 2_000, 'the ETA once the rate held for another second')
  assert.equal(etaAt.length, 11, 'and it stays')
})

test('no ETA while the rate still climbs (code warming up); once it settles, the ETA is the time left', () => {
  const terminal = new FakeTerminal(120)
  const clock = fakeClock()
  const total = 10_000_000
  const progress = progressReporter(total, undefined, { stream: terminal, now: clock.now })
  let done = 0
  const step = (rows: number) => {
    clock.advance(100)
    progress.update(rows)
    done += rows
    return etaOf(terminal.lines.at(-1) ?? '')
  }
  // 220,000 rows/s at first, 5% more every 100 ms for 3 s (950,000 rows/s), then steady.
  let rows = 22_000
  for (let i = 0; i < 30; i++, rows *= 1.05) assert.equal(step(Math.round(rows)), undefined, `ETA at ${i * 100} ms`)
  let first: { eta: number; left: number } | undefined
  while (first === undefined) {
    const eta = step(Math.round(rows))
    if (eta !== undefined) first = { eta, left: (total - done) / (rows * 10) }
  }
  assert.ok(Math.abs(first.eta - first.left) <= 1.5, `ETA ${first.eta} s, left ${first.left.toFixed(1)} s`)
})

test('the ETA shows after 4 s of measured work even if the rate never holds still', () => {
  const terminal = new FakeTerminal(120)
  const clock = fakeClock()
  const progress = progressReporter(100_000_000, undefined, { stream: terminal, now: clock.now })
  let etaAt: number | undefined
  for (let i = 1; i <= 60 && etaAt === undefined; i++) {
    clock.advance(100)
    progress.update(i % 10 < 5 ? 200_000 : 10_000) // a second fast, a second slow, ...
    if (etaOf(terminal.lines.at(-1) ?? '') !== undefined) etaAt = i * 100
  }
  assert.ok(etaAt !== undefined && etaAt <= 5_100, `ETA at ${etaAt} ms`)
})

test('the first ETA is the true time left when the rate is steady, whatever the start-up took', () => {
  for (const startup of [0, 800, 5_000]) {
    const terminal = new FakeTerminal(120)
    const clock = fakeClock()
    const total = 5_000_000
    const progress = progressReporter(total, undefined, { stream: terminal, now: clock.now })
    clock.advance(startup)
    let done = 0
    let first: { eta: number; left: number } | undefined
    while (done < total && first === undefined) {
      clock.advance(50)
      progress.update(50_000) // one batch every 50 ms: 1,000,000 rows/s
      done += 50_000
      const eta = etaOf(terminal.lines.at(-1) ?? '')
      if (eta !== undefined) first = { eta, left: (total - done) / 1_000_000 }
    }
    assert.ok(first !== undefined)
    // The old line averaged over the start-up too: 5 s of start-up made its first ETA 30 s.
    assert.ok(Math.abs(first.eta - first.left) <= 1, `start-up ${startup} ms: ETA ${first.eta} s, left ${first.left} s`)
    assert.match(terminal.lines.at(-1) ?? '', /1,000,000 rows\/s/)
  }
})

test('the rate is smoothed: a stall moves the ETA a little, a lasting change is followed within seconds', () => {
  const terminal = new FakeTerminal(120)
  const clock = fakeClock()
  const progress = progressReporter(100_000_000, undefined, { stream: terminal, now: clock.now })
  const run = (ms: number, rowsPer100ms: number) => {
    for (let t = 0; t < ms; t += 100) {
      clock.advance(100)
      progress.update(rowsPer100ms)
    }
  }
  progress.update(1)
  run(5_000, 100_000) // 1,000,000 rows/s
  const steady = etaOf(terminal.lines.at(-1) ?? '') as number
  clock.advance(500) // a stall of half a second, then one late batch
  progress.update(100_000)
  const afterStall = etaOf(terminal.lines.at(-1) ?? '') as number
  assert.ok(afterStall < steady * 1.4, `a 0.5 s stall moved the ETA from ${steady} s to ${afterStall} s`)
  run(8_000, 50_000) // the rate halves for good
  const rate = Number(/([\d,]+) rows\/s/.exec(terminal.lines.at(-1) ?? '')?.[1]?.replaceAll(',', ''))
  assert.ok(Math.abs(rate - 500_000) < 500_000 * 0.05, `8 s after the change the rate shown is ${rate}`)
})

test('the line never passes the last column, at any width, and is never padded', () => {
  for (const columns of [200, 120, 80, 60, 40, 24, 12, 6, 2, 1]) {
    const terminal = new FakeTerminal(columns)
    const clock = fakeClock()
    const progress = progressReporter(123_456_789, undefined, { stream: terminal, now: clock.now })
    for (let i = 0; i < 50; i++) {
      clock.advance(100)
      progress.update(1_000_000)
    }
    progress.done()
    for (const [i, line] of terminal.lines.entries()) {
      assert.ok(line.length <= Math.max(0, columns - 1), `${columns} columns: "${line}" is ${line.length} long`)
      assert.doesNotMatch(line, / $/, `${columns} columns: "${line}" is padded`)
      assert.ok(terminal.writes[i]?.startsWith('\r'), 'each draw returns to the start of the line')
      assert.ok(terminal.writes[i]?.includes('\x1b[K'), 'and clears what a longer line left')
    }
    assert.equal(terminal.writes.slice(0, -1).join('').includes('\n'), false, `${columns}: redrawn in place`)
    assert.ok(terminal.writes.at(-1)?.endsWith('\n'))
  }
})

test('the richest line that fits: the total, the rate and the ETA go before the share done', () => {
  const lineAt = (columns: number) => {
    const terminal = new FakeTerminal(columns)
    const clock = fakeClock()
    const progress = progressReporter(5_000_000, undefined, { stream: terminal, now: clock.now })
    for (let i = 0; i < 30; i++) {
      clock.advance(100)
      progress.update(100_000)
    }
    return terminal.lines.at(-1)
  }
  assert.equal(lineAt(120), ' 60.0%  3,000,000 / 5,000,000 rows  1,000,000 rows/s  ETA 2 s')
  assert.equal(lineAt(60), ' 60.0%  3,000,000 rows  1,000,000 rows/s  ETA 2 s')
  assert.equal(lineAt(40), ' 60.0%  3,000,000 rows  ETA 2 s')
  assert.equal(lineAt(20), ' 60.0%  ETA 2 s')
  assert.equal(lineAt(8), ' 60.0%')
  assert.equal(lineAt(4), ' 60')
})

test('the layout does not flicker: once a poorer one was needed at a width, it stays until a resize', () => {
  const terminal = new FakeTerminal(60)
  const clock = fakeClock()
  const progress = progressReporter(5_000_000, undefined, { stream: terminal, now: clock.now })
  for (let i = 0; i < 490; i++) {
    clock.advance(100)
    progress.update(10_000) // 100,000 rows/s: the ETA shrinks from 49 s to 1 s, and the line with it
  }
  const layouts = terminal.lines.map((line) => (line.includes(' / 5,000,000 rows') ? 'rich' : 'poorer'))
  const firstPoorer = layouts.indexOf('poorer')
  assert.ok(firstPoorer > 0, 'the rich layout first, then a poorer one')
  assert.deepEqual(layouts.slice(firstPoorer), layouts.slice(firstPoorer).fill('poorer'))
  assert.ok(
    terminal.lines.some((line, i) => i > firstPoorer && line.length < 50),
    'even where the rich line would fit again',
  )
  terminal.resize(120)
  assert.match(terminal.lines.at(-1) ?? '', / \/ 5,000,000 rows/, 'a resize chooses afresh')
})

test('after a resize the line fits the new width; one that no longer fits starts afresh below', () => {
  const terminal = new FakeTerminal(120)
  const clock = fakeClock()
  const progress = progressReporter(5_000_000, undefined, { stream: terminal, now: clock.now })
  for (let i = 0; i < 25; i++) {
    clock.advance(100)
    progress.update(100_000)
  }
  const wide = terminal.lines.at(-1) ?? ''
  assert.ok(wide.length > 40)
  terminal.resize(30) // the terminal rewrapped the long line: "\r" would reach only its last row
  assert.ok(terminal.writes.at(-1)?.startsWith('\n\r'), 'a new line below the wrapped one')
  assert.ok((terminal.lines.at(-1) ?? '').length <= 29)
  clock.advance(100)
  progress.update(100_000)
  assert.ok(terminal.writes.at(-1)?.startsWith('\r'), 'then redrawn in place again')
  terminal.resize(100) // wider: the short line still fits, nothing to start afresh
  assert.ok(terminal.writes.at(-1)?.startsWith('\r'))
  assert.match(terminal.lines.at(-1) ?? '', /\/ 5,000,000 rows .* ETA/, 'the wide line again')
  progress.done()
  const before = terminal.writes.length
  terminal.resize(50)
  assert.equal(terminal.writes.length, before, 'after done() a resize draws nothing')
})

test('it redraws at most 10 times a second, however often rows arrive', () => {
  const terminal = new FakeTerminal(80)
  const clock = fakeClock()
  const progress = progressReporter(10_000_000, undefined, { stream: terminal, now: clock.now })
  for (let i = 0; i < 2_000; i++) {
    clock.advance(1)
    progress.update(1_000)
  }
  assert.ok(terminal.writes.length <= 21, `${terminal.writes.length} draws in 2 s`)
  progress.done()
  assert.match(terminal.lines.at(-1) ?? '', /^100\.0% {2}2,000,000 \/ 10,000,000 rows|done in 2\.0 s$/)
})

test('done() ends the line with the time taken and the average rate since the start', () => {
  const terminal = new FakeTerminal(100)
  const clock = fakeClock()
  const progress = progressReporter(1_000_000, undefined, { stream: terminal, now: clock.now })
  clock.advance(1_000)
  for (let i = 0; i < 10; i++) {
    clock.advance(100)
    progress.update(100_000)
  }
  progress.done()
  assert.equal(terminal.writes.at(-1), '\r100.0%  1,000,000 / 1,000,000 rows  500,000 rows/s  done in 2.0 s\x1b[K\n')
})

test('work measured by a share (bytes read of a file): the share done, and the ETA from its rate', () => {
  const terminal = new FakeTerminal(80)
  const clock = fakeClock()
  let read = 0
  const progress = progressReporter(undefined, () => read / 1_000, { stream: terminal, now: clock.now })
  for (let i = 0; i < 30; i++) {
    clock.advance(100)
    read += 10 // 1% every 100 ms: 10 s in all
    progress.update(5_000)
  }
  assert.equal(terminal.lines.at(-1), ' 30.0%  150,000 rows  50,000 rows/s  ETA 7 s')
  const unknown = new FakeTerminal(80)
  const open = progressReporter(undefined, undefined, { stream: unknown, now: clock.now })
  open.update(7)
  assert.equal(unknown.lines.at(-1), '7 rows')
})

test('time left is at least 1 s and grows its units: 1 s, 58 s, 1 m 00 s, 1 h 01 m', () => {
  const cases: [number, string][] = [
    [0, '1 s'],
    [0.2, '1 s'],
    [58.1, '58 s'],
    [59.5, '1 m 00 s'],
    [61, '1 m 01 s'],
    [3599.5, '1 h 00 m'],
    [3_660, '1 h 01 m'],
    [36_000, '10 h 00 m'],
  ]
  for (const [seconds, text] of cases) assert.equal(formatDuration(seconds), text, String(seconds))
})

test('fitLine joins the fields of the first layout that fits, skipping empty ones', () => {
  assert.equal(fitLine([['a', '', 'b'], ['a']], 10), 'a  b')
  assert.equal(fitLine([['aaaa', 'bbbb'], ['aaaa']], 5), 'aaaa')
  assert.equal(fitLine([['aaaa', 'bbbb'], ['aaaa']], 2), 'aa')
  assert.equal(fitLine([[' 40.0%']], 1), '', 'no line of spaces')
  assert.equal(fitLine([['aaaa']], 0), '')
})
