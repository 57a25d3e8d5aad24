// Metrics in the Prometheus text exposition format (version 0.0.4): counters, gauges and
// histograms. A labelled series is made once and kept (a cell), so counting a request is a
// property increment that allocates nothing; prom-client, by comparison, builds a label object
// and a hash string on every histogram observation. Values kept elsewhere (the pool's, the
// limits') are read by a collector when scraped. A scrape takes a snapshot, plain data that the
// snapshots of other processes can be added to (a clustered server), and renders it as text.

/** One series' value: a number, or a histogram's buckets (not cumulative), sum and count. */
export interface SeriesSnapshot {
  /** The rendered label pairs without braces, e.g. `route="/healthz",status="200"`; '' for none. */
  labels: string
  value: number
  buckets?: number[]
  sum?: number
}

/** How the same series of several processes add up: counters and histograms always sum. */
export type Merge = 'sum' | 'max' | 'min'

export interface FamilySnapshot {
  name: string
  help: string
  type: 'counter' | 'gauge' | 'histogram'
  merge: Merge
  /** Histograms: the upper bounds of the buckets (+Inf implied). */
  bounds?: number[]
  series: SeriesSnapshot[]
}

export type Snapshot = FamilySnapshot[]

/** A counter's or gauge's series: add to `value`. */
export interface Cell {
  value: number
}

/** A histogram's series. */
export class HistogramCell {
  readonly labels: string
  readonly #bounds: readonly number[]
  /** Observations per bucket (the last one is +Inf), not cumulative. */
  readonly counts: Float64Array
  sum = 0
  count = 0

  constructor(labels: string, bounds: readonly number[]) {
    this.labels = labels
    this.#bounds = bounds
    this.counts = new Float64Array(bounds.length + 1)
  }

  observe(value: number): void {
    const bounds = this.#bounds
    let i = 0
    while (i < bounds.length && value > (bounds[i] as number)) i++
    this.counts[i] = (this.counts[i] as number) + 1
    this.sum += value
    this.count++
  }
}

/** Label values of a series read when scraped, and its value. */
export type Sample = readonly [labelValues: readonly string[], value: number]

/** What a collector gives: one value (a family without labels) or samples. */
type Collected = number | readonly Sample[]

interface Family {
  name: string
  help: string
  type: FamilySnapshot['type']
  merge: Merge
  labelNames: readonly string[]
  cells: Map<string, Cell | HistogramCell>
  bounds?: readonly number[]
  collect?: () => Collected | Promise<Collected>
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/

/** A label value escaped as the text format asks: backslash, double quote and line feed. */
export function escapeLabelValue(value: string): string {
  return /[\\"\n]/.test(value) ? value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n') : value
}

function labelText(names: readonly string[], values: readonly string[]): string {
  if (names.length !== values.length) throw new Error(`expected ${names.length} label values, got ${values.length}`)
  return names.map((name, i) => `${name}="${escapeLabelValue(values[i] as string)}"`).join(',')
}

export class Registry {
  readonly #families = new Map<string, Family>()

  #add(family: Family): Family {
    if (!NAME.test(family.name) || this.#families.has(family.name))
      throw new Error(`metric name ${family.name} is not valid or taken`)
    this.#families.set(family.name, family)
    return family
  }

  /** A counter whose cells are counted where things happen (`cell(...)`). */
  counter(name: string, help: string, labelNames: readonly string[] = []): (...labelValues: string[]) => Cell {
    const family = this.#add({ name, help, type: 'counter', merge: 'sum', labelNames, cells: new Map() })
    return (...values) => this.#cell(family, values, (labels) => ({ labels, value: 0 }))
  }

  /** A histogram with the given bucket upper bounds, in ascending order. */
  histogram(
    name: string,
    help: string,
    bounds: readonly number[],
    labelNames: readonly string[] = [],
  ): (...labelValues: string[]) => HistogramCell {
    const family = this.#add({ name, help, type: 'histogram', merge: 'sum', labelNames, bounds, cells: new Map() })
    return (...values) => this.#cell(family, values, (labels) => new HistogramCell(labels, bounds))
  }

  /** A counter or gauge whose values are read when scraped (a number, or samples by label values). */
  collected(
    type: 'counter' | 'gauge',
    name: string,
    help: string,
    collect: () => Collected | Promise<Collected>,
    options: { labelNames?: readonly string[]; merge?: Merge } = {},
  ): void {
    this.#add({
      name,
      help,
      type,
      merge: type === 'counter' ? 'sum' : (options.merge ?? 'sum'),
      labelNames: options.labelNames ?? [],
      cells: new Map(),
      collect,
    })
  }

  #cell<C extends Cell | HistogramCell>(family: Family, values: readonly string[], make: (labels: string) => C): C {
    const labels = labelText(family.labelNames, values)
    let cell = family.cells.get(labels) as C | undefined
    if (cell === undefined) family.cells.set(labels, (cell = make(labels)))
    return cell
  }

  /** Every family's series now; a collector that fails leaves its family without series. */
  async snapshot(): Promise<Snapshot> {
    const families: Snapshot = []
    for (const family of this.#families.values()) {
      const { name, help, type, merge, bounds } = family
      const snapshot: FamilySnapshot = {
        name,
        help,
        type,
        merge,
        series: [],
        ...(bounds ? { bounds: [...bounds] } : {}),
      }
      if (family.collect !== undefined) {
        let collected: Collected
        try {
          collected = await family.collect()
        } catch {
          families.push(snapshot)
          continue
        }
        if (typeof collected === 'number') snapshot.series.push({ labels: '', value: collected })
        else
          for (const [values, value] of collected)
            snapshot.series.push({ labels: labelText(family.labelNames, values), value })
      }
      for (const cell of family.cells.values()) {
        snapshot.series.push(
          cell instanceof HistogramCell
            ? { labels: cell.labels, value: cell.count, buckets: Array.from(cell.counts), sum: cell.sum }
            : { labels: (cell as Cell & { labels: string }).labels, value: cell.value },
        )
      }
      families.push(snapshot)
    }
    return families
  }
}

/** The snapshots of several processes as one: series with the same labels add up (or by `merge`). */
export function mergeSnapshots(snapshots: readonly Snapshot[]): Snapshot {
  const merged = new Map<string, FamilySnapshot>()
  for (const snapshot of snapshots) {
    for (const family of snapshot) {
      const into = merged.get(family.name)
      if (into === undefined) {
        merged.set(family.name, { ...family, series: family.series.map((s) => copySeries(s)) })
        continue
      }
      for (const series of family.series) {
        const same = into.series.find((s) => s.labels === series.labels)
        if (same === undefined) into.series.push(copySeries(series))
        else addSeries(same, series, into.merge)
      }
    }
  }
  return [...merged.values()]
}

function copySeries(series: SeriesSnapshot): SeriesSnapshot {
  return { ...series, ...(series.buckets ? { buckets: [...series.buckets] } : {}) }
}

function addSeries(into: SeriesSnapshot, series: SeriesSnapshot, merge: Merge): void {
  into.value =
    merge === 'max'
      ? Math.max(into.value, series.value)
      : merge === 'min'
        ? Math.min(into.value, series.value)
        : into.value + series.value
  if (into.buckets !== undefined && series.buckets !== undefined)
    into.buckets = into.buckets.map((count, i) => count + (series.buckets?.[i] ?? 0))
  if (into.sum !== undefined && series.sum !== undefined) into.sum += series.sum
}

/** A number as the text format writes it (Go's ParseFloat reads it back). */
function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN'
  if (value === Infinity) return '+Inf'
  if (value === -Infinity) return '-Inf'
  return String(value)
}

function braces(labels: string): string {
  return labels === '' ? '' : `{${labels}}`
}

/** The text exposition format of a snapshot: HELP and TYPE, then each series (histograms cumulative). */
export function renderSnapshot(snapshot: Snapshot): string {
  const lines: string[] = []
  for (const family of snapshot) {
    lines.push(`# HELP ${family.name} ${family.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`)
    lines.push(`# TYPE ${family.name} ${family.type}`)
    for (const series of family.series) {
      if (family.type !== 'histogram') {
        lines.push(`${family.name}${braces(series.labels)} ${formatValue(series.value)}`)
        continue
      }
      const bounds = family.bounds ?? []
      const separator = series.labels === '' ? '' : ','
      let cumulative = 0
      for (let i = 0; i <= bounds.length; i++) {
        cumulative += series.buckets?.[i] ?? 0
        const le = i < bounds.length ? formatValue(bounds[i] as number) : '+Inf'
        lines.push(`${family.name}_bucket{${series.labels}${separator}le="${le}"} ${cumulative}`)
      }
      lines.push(`${family.name}_sum${braces(series.labels)} ${formatValue(series.sum ?? 0)}`)
      lines.push(`${family.name}_count${braces(series.labels)} ${formatValue(series.value)}`)
    }
  }
  return `${lines.join('\n')}\n`
}
