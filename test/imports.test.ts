// No import cycles under src/: modules form a graph from the route types and the domain core up
// to the server and the command line (type-only imports count too: a cycle of types is a
// cycle a reader has to untangle all the same). And the service reaches the domain core only
// through its package, @ibanmint/iban, as the library's users do (ESLint holds the same rule).
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

const SRC = fileURLToPath(new URL('../src', import.meta.url))
const WORKERS = fileURLToPath(new URL('../workers', import.meta.url))
const DOMAIN = join(SRC, 'iban')
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sources(path) : entry.name.endsWith('.ts') ? [path] : []
  })
}

/** The files a module imports by relative path, resolved. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(IMPORT)].map((match) => resolve(dirname(file), (match[1] ?? match[2]) as string))
}

test('src/ has no import cycle', () => {
  const graph = new Map<string, string[]>()
  for (const file of sources(SRC)) {
    graph.set(
      file,
      relativeImports(file).filter((target) => target.startsWith(SRC)),
    )
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

test('the service imports the domain core as @ibanmint/iban, never from src/iban', () => {
  const service = [...sources(SRC), ...sources(WORKERS)].filter((file) => !file.startsWith(DOMAIN + sep))
  assert.ok(service.length > 50, `${service.length} modules read`)
  const offending = service.flatMap((file) =>
    relativeImports(file)
      .filter((target) => target.startsWith(DOMAIN + sep))
      .map((target) => `${relative(SRC, file)} -> ${relative(SRC, target)}`),
  )
  assert.deepEqual(offending, [])
  const named = service.filter((file) => /from '@ibanmint\/iban(\/internal)?'/.test(readFileSync(file, 'utf8')))
  assert.ok(named.length > 15, `${named.length} modules import @ibanmint/iban`)
})

test('src/web is the browser bundle: it imports nothing of the server (src/http, node:, other packages than the domain)', () => {
  const web = sources(join(SRC, 'web'))
  assert.ok(web.length > 5, `${web.length} modules read`)
  const offending = web.flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    const packages = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^.][^']*)'/g)]
      .map((match) => match[1] as string)
      .filter((name) => !name.startsWith('@ibanmint/iban'))
    const server = relativeImports(file).filter(
      (target) => !target.startsWith(join(SRC, 'web') + sep) && !target.startsWith(join(SRC, 'core') + sep),
    )
    return [...packages, ...server.map((target) => relative(SRC, target))].map(
      (name) => `${relative(SRC, file)} -> ${name}`,
    )
  })
  assert.deepEqual(offending, [])
})

test('one module knows whether the service runs built or from its sources, where dist/ is, and runs esbuild for it', () => {
  // Finding files from a module's own address, naming dist/ (not a package's, as in 'ajv/dist/2020.js') or
  // running esbuild, outside import lines and comments.
  const code = (file: string) =>
    readFileSync(file, 'utf8')
      .replace(/^\s*(?:import|export)\s[^'"]*?from\s+'[^']+'/gm, '')
      .replace(/^\s*(?:\/\/|\*).*$/gm, '')
  const asking = sources(SRC).filter((file) => /import\.meta\.|(?<!\/)\bdist\/|esbuild/.test(code(file)))
  assert.deepEqual(
    asking.map((file) => relative(SRC, file)),
    ['build-outputs.ts'],
  )
})
