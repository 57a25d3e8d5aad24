// A node:test reporter that counts results for test/run.ts: it writes one JSON line
// { passed, failed, skipped, todo, cancelled } when the run ends. Leaf tests only (suites and
// files are containers); a file that fails before its tests run counts as one failure.
export default async function* summary(source) {
  const counts = { passed: 0, failed: 0, skipped: 0, todo: 0, cancelled: 0 }
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue
    const { data } = event
    if (data.details?.type === 'suite') continue
    if (data.skip !== undefined && data.skip !== false) counts.skipped++
    else if (data.todo !== undefined && data.todo !== false) counts.todo++
    else if (event.type === 'test:pass') counts.passed++
    else if (data.details?.error?.failureType === 'cancelledByParent') counts.cancelled++
    else counts.failed++
  }
  yield JSON.stringify(counts) + '\n'
}
