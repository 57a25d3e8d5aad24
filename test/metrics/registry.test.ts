import assert from 'node:assert/strict'
import { test } from 'node:test'
import { mergeSnapshots, Registry, renderSnapshot } from '../../src/metrics/registry.ts'

test('a counter renders HELP, TYPE and one line per labelled series, label values escaped', async () => {
  const registry = new Registry()
  const requests = registry.counter('app_requests_total', 'Requests.\nBy route.', ['route'])
  requests('/a').value += 2
  requests('/a').value++ // the same cell again
  requests('say "hi"\\\n').value++
  assert.equal(
    renderSnapshot(await registry.snapshot()),
    [
      '# HELP app_requests_total Requests.\\nBy route.',
      '# TYPE app_requests_total counter',
      'app_requests_total{route="/a"} 3',
      'app_requests_total{route="say \\"hi\\"\\\\\\n"} 1',
      '',
    ].join('\n'),
  )
})

test('a histogram renders cumulative buckets, +Inf equal to the count, the sum and the count', async () => {
  const registry = new Registry()
  const duration = registry.histogram('app_seconds', 'Durations.', [0.1, 1], ['route'])('/a')
  for (const value of [0.05, 0.1, 0.5, 3]) duration.observe(value)
  assert.equal(
    renderSnapshot(await registry.snapshot()),
    [
      '# HELP app_seconds Durations.',
      '# TYPE app_seconds histogram',
      'app_seconds_bucket{route="/a",le="0.1"} 2',
      'app_seconds_bucket{route="/a",le="1"} 3',
      'app_seconds_bucket{route="/a",le="+Inf"} 4',
      'app_seconds_sum{route="/a"} 3.65',
      'app_seconds_count{route="/a"} 4',
      '',
    ].join('\n'),
  )
})

test('collected values are read when scraped; a collector that fails leaves its family without series', async () => {
  const registry = new Registry()
  let queue = 1
  registry.collected('gauge', 'app_queue', 'Queue.', () => queue)
  registry.collected(
    'gauge',
    'app_by_thread',
    'By thread.',
    () =>
      [
        [['0'], 4],
        [['1'], 5],
      ] as const,
    {
      labelNames: ['thread'],
    },
  )
  registry.collected('gauge', 'app_broken', 'Broken.', async () => Promise.reject(new Error('down')))
  queue = 7
  const text = renderSnapshot(await registry.snapshot())
  assert.match(text, /^app_queue 7$/m)
  assert.match(text, /^app_by_thread\{thread="1"\} 5$/m)
  assert.match(text, /# TYPE app_broken gauge\n$/)
})

test('a name outside the text format, a name used twice, or the wrong number of label values throws', () => {
  const registry = new Registry()
  assert.throws(() => registry.counter('app-requests', 'x'), /not valid/)
  const counter = registry.counter('app_total', 'x', ['a', 'b'])
  assert.throws(() => registry.counter('app_total', 'x'), /taken/)
  assert.throws(() => counter('only one'), /expected 2 label values/)
})

test('snapshots of several processes add up: counters and histograms sum, gauges by their rule', async () => {
  const snapshots = await Promise.all(
    [1, 2].map(async (n) => {
      const registry = new Registry()
      registry.counter('app_total', 'x', ['route'])('/a').value = n * 10
      if (n === 2) registry.counter('app_other_total', 'y')().value = 1
      registry.histogram('app_seconds', 'x', [1])().observe(n)
      registry.collected('gauge', 'app_rss', 'x', () => n * 100)
      registry.collected('gauge', 'app_lag', 'x', () => n, { merge: 'max' })
      registry.collected('gauge', 'app_up', 'x', () => n - 1, { merge: 'min' })
      return registry.snapshot()
    }),
  )
  const text = renderSnapshot(mergeSnapshots(snapshots))
  assert.match(text, /^app_total\{route="\/a"\} 30$/m)
  assert.match(text, /^app_other_total 1$/m)
  assert.match(text, /^app_seconds_bucket\{le="1"\} 1$/m)
  assert.match(text, /^app_seconds_bucket\{le="\+Inf"\} 2$/m)
  assert.match(text, /^app_seconds_sum 3$/m)
  assert.match(text, /^app_rss 300$/m)
  assert.match(text, /^app_lag 2$/m)
  assert.match(text, /^app_up 0$/m)
})
