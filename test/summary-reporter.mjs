// A node:test reporter that counts results for test/run.ts: it writes one JSON line
// { passed, failed, skipped, todo, cancelled, failures } when the run ends. Leaf tests only
// (suites and files are containers); a file that fails before its tests run counts as one
// failure. `failures` names each failed test, its file and its error with where it was thrown,
// for the run to end with: in a long log the TAP stream's "not ok" is far above the last lines.
export default async function* summary(source) {
  const counts = { passed: 0, failed: 0, skipped: 0, todo: 0, cancelled: 0, failures: [] }
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue
    const { data } = event
    if (data.details?.type === 'suite') continue
    if (data.skip !== undefined && data.skip !== false) counts.skipped++
    else if (data.todo !== undefined && data.todo !== false) counts.todo++
    else if (event.type === 'test:pass') counts.passed++
    else if (data.details?.error?.failureType === 'cancelledByParent') counts.cancelled++
    else {
      counts.failed++
      counts.failures.push({ name: data.name, file: data.file, error: describe(data.details?.error) })
    }
  }
  yield JSON.stringify(counts) + '\n'
}

/** The failure's message, with its cause (node:test wraps a test's own error as the cause). */
function describe(error) {
  if (error === undefined || error === null) return 'no error reported'
  const cause = error.cause
  const inner = cause instanceof Error ? `${cause.name}: ${cause.message}` : cause === undefined ? '' : String(cause)
  const text = inner === '' ? `${error.name}: ${error.message}` : inner
  // Where it was thrown: the first frames outside Node's own modules.
  const frames =
    cause instanceof Error && typeof cause.stack === 'string'
      ? cause.stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line) && !line.includes('node:'))
          .slice(0, 3)
      : []
  return [text.trim().slice(0, 2000), ...frames.map((line) => line.trim())].join('\n')
}
