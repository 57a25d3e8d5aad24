// No import cycles under src/: modules form a graph from the route types and the domain core up
// to the server and the command line (type-only imports count too: a cycle of types is a
// cycle a reader has to untangle all the same).
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

const SRC = fileURLToPath(new URL('../src', import.meta.url))
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sources(path) : entry.name.endsWith('.ts') ? [path] : []
  })
}

test('src/ has no import cycle', () => {
  const graph = new Map<string, string[]>()
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8')
    const targets = [...text.matchAll(IMPORT)]
      .map((match) => resolve(dirname(file), (match[1] ?? match[2]) as string))
      .filter((target) => target.startsWith(SRC))
    graph.set(file, targets)
  }
  assert.ok(graph.size > 50, `${graph.size} modules read`)
  const cycles: string[] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (file: string) => {
    if (state.get(file) === 'done') return
    if (state.get(file) === 'open') {
      cycles.push([...stack.slice(stack.indexOf(file)), file].map((f) => relative(SRC, f)).join(' -> '))
      return
    }
    state.set(file, 'open')
    stack.push(file)
    for (const target of graph.get(file) ?? []) visit(target)
    stack.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) visit(file)
  assert.deepEqual(cycles, [])
})
