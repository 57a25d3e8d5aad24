// The build of the library @ibanmint/iban: packages/iban/dist from the domain's sources in
// src/iban, with nothing else of the project and no dependency.
// - ESM (`import`): esbuild bundles index.ts (the API) and internal.ts (what the service needs
//   beyond it) with one shared chunk, so that a process importing both holds one copy of the
//   registries, caches and classes.
// - CommonJS (`require`, Jest): dist/cjs/, whose package.json says "commonjs", written without
//   whitespace. index.js gives the names of core.js, esbuild's bundle of index.ts, and, behind
//   getters, those of each LAZY_PARTS part (the payment files): a file of its own, required on
//   the first use of one of its names. Inside the core, LAZY_DATA (the national bank registries,
//   a megabyte of text; the party material of payment files, 220 KB; the bank mix's shares) and
//   LAZY_CODE (the Bundesbank's check methods, the UK's and Sweden's account checks and drawing)
//   are files of their own as well, required on first use: what `require` compiles is the
//   213 KB of code and tables every use needs (it was 325 KB), so that loading the library stays
//   close to loading a validator of IBANs alone. A lazily loaded file of code is a function of
//   the library's modules it imports, which the core passes in: one copy of each per process.
//   (An ES module cannot load a file synchronously, so the ES module bundles keep everything
//   inside.)
// - Portable (`@ibanmint/iban/portable`): portable.ts (ibanAt) alone, one ES module file with no
//   import at all, for engines that resolve no package and have no Node built-in (k6, QuickJS, a
//   browser's <script type="module">): a load script copies or bundles it as it is.
// - Declarations: tsc writes one .d.ts per module (packages/iban/tsconfig.json), their `.ts`
//   import specifiers become `.js`, and dist/cjs/ gets a copy, which TypeScript reads as
//   CommonJS there.
// A bundle rather than tsc's 30 modules: Node loads one file per entry, not a graph of 30.
// scripts/build.mjs runs this first; `npm pack` in packages/iban runs it alone (prepack).
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const source = join(root, 'src', 'iban')
const pkg = join(root, 'packages', 'iban')
const dist = join(pkg, 'dist')
const require = createRequire(import.meta.url)
const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'))

/** Options both bundles share. */
const common = {
  bundle: true,
  // No Node-only module: the same files serve browsers' bundlers.
  platform: 'neutral',
  // The oldest Node line the library supports (package.json engines).
  target: 'node20',
  // The bank registries' licence travels with them in LICENSE; the bundles point there.
  banner: {
    js: `/*! @ibanmint/iban ${version} | MIT | bank registries from schwifty (MIT): see LICENSE */`,
  },
  legalComments: 'none',
  logLevel: 'warning',
}

/**
 * Data modules the CommonJS bundle loads on first use, each with its exports (functions that
 * take no argument: the data module makes its table on the first call anyway).
 */
const LAZY_DATA = [
  { source: join(source, 'banks-registry-data.ts'), file: 'banks-registry-data.js', exports: ['bankRegistry'] },
  { source: join(source, 'parties', 'material.ts'), file: 'party-material.js', exports: ['partyData'] },
  { source: join(source, 'bank-weights.ts'), file: 'bank-weights.js', exports: ['sharesByCountry'] },
]

/** Stands a lazily required file in for each LAZY_DATA module in the CommonJS bundle. */
const lazyData = {
  name: 'lazy-data',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const data = LAZY_DATA.find((entry) => entry.source === args.path)
      if (data === undefined) return undefined
      const path = JSON.stringify(`./${data.file}`)
      const stubs = data.exports.map(
        (name) => `export function ${name}() { return (loaded ??= require(${path})).${name}() }`,
      )
      return { contents: ['let loaded', ...stubs].join('\n'), loader: 'js' }
    })
  },
}

/**
 * Code the CommonJS bundle loads on first use: each group a file of its own. Its doors, the
 * modules the rest of the library imports it by, export functions only (the build refuses
 * another export); its members, modules only the group imports (the build refuses another
 * importer). The file is a function of the library's modules the group imports, which the
 * bundle passes in, so that a process holds one copy of each (their caches, their classes);
 * each door is stood in for in the bundle by bindings that load the group on their first call
 * and become the group's own functions.
 */
const LAZY_CODE = [
  {
    file: 'de-methods.js',
    doors: ['methods-00-29.ts', 'methods-30-59.ts', 'methods-60-89.ts', 'methods-90-b9.ts', 'methods-c0-e4.ts'].map(
      (name) => join(source, 'de-account', name),
    ),
    members: [],
  },
  { file: 'uk-accounts.js', doors: [join(source, 'uk-modulus', 'accounts.ts')], members: [] },
  {
    file: 'se-accounts.js',
    doors: ['check.ts', 'accounts.ts'].map((name) => join(source, 'se-account', name)),
    members: [join(source, 'se-account', 'ranges.ts')],
  },
]

/**
 * Parts of the API the CommonJS entry loads on the first use of one of their names: each part's
 * names are listed in its entry module (index.ts exports it whole) and its modules are those of
 * its folders, which nothing else of the library imports (the build refuses it). Like a LAZY_CODE
 * group, its file is a function of the library's modules it imports.
 */
const LAZY_PARTS = [
  {
    file: 'payments.js',
    entry: join(source, 'payments', 'api.ts'),
    folders: [join(source, 'payments'), join(source, 'parties')],
  },
]

/** True when `path` is a module of the part. */
function inPart(part, path) {
  return part.folders.some((folder) => path.startsWith(`${folder}/`))
}

/** A module's exports besides types: what `export function` declares, else the build fails. */
function doorExports(path) {
  const text = readFileSync(path, 'utf8')
  const other = text.match(/^export (?!(?:async )?function|type |interface )\S.*$/m)
  if (other !== null) throw new Error(`${path}: a lazily loaded module exports functions only, not "${other[0]}"`)
  return [...text.matchAll(/^export (?:async )?function\*? ?(\w+)/gm)].map((match) => match[1])
}

/**
 * Builds a lazily loaded file: the bundle of `contents` (an entry module's text) whose modules
 * `inGroup` takes, as a function of the library's other modules it imports, which the CommonJS
 * bundle passes in (keys: paths under src/iban). Returns those keys.
 */
async function buildFactory(file, contents, inGroup) {
  const imported = new Set()
  const result = await build({
    ...common,
    banner: {},
    stdin: { contents, resolveDir: source, loader: 'js' },
    format: 'cjs',
    minifyWhitespace: true,
    minifySyntax: true,
    write: false,
    outfile: join(dist, 'cjs', file),
    external: LAZY_DATA.map((data) => `./${data.file}`),
    plugins: [
      {
        name: 'library-modules',
        setup(build) {
          build.onResolve({ filter: /^\./ }, (args) => {
            const path = join(dirname(args.importer), args.path)
            if (!inGroup(args.importer) || inGroup(path)) return undefined
            const key = relative(source, path)
            imported.add(key)
            return { path: key, namespace: 'library' }
          })
          build.onLoad({ filter: /.*/, namespace: 'library' }, (args) => ({
            contents: `module.exports = library[${JSON.stringify(args.path)}]`,
            loader: 'js',
          }))
        },
      },
      lazyData,
    ],
  })
  const [output] = result.outputFiles
  mkdirSync(dirname(output.path), { recursive: true })
  const wrapped = `module.exports=function(library){var module={exports:{}},exports=module.exports;\n${output.text}return module.exports}`
  writeFileSync(output.path, `${common.banner.js}\n${wrapped}\n`)
  return [...imported]
}

/**
 * The library modules a lazily loaded file imports: their imports as namespaces named `prefix`0,
 * `prefix`1 and so on, and the object literal of them its function takes.
 */
function libraryOf(keys, prefix) {
  const imports = keys.map((key, i) => `import * as ${prefix}${i} from ${JSON.stringify(join(source, key))}`)
  return { imports, object: `{ ${keys.map((key, i) => `${JSON.stringify(key)}: ${prefix}${i}`).join(', ')} }` }
}

/** Stands the LAZY_CODE groups' doors in the CommonJS bundle; `imports`: each group's library modules. */
function lazyCode(imports) {
  return {
    name: 'lazy-code',
    setup(build) {
      build.onResolve({ filter: /^lazy-code:/ }, (args) => ({ path: args.path.slice(10), namespace: 'lazy-code' }))
      // The group's loader: the library modules it imports, passed to its file on the first call.
      build.onLoad({ filter: /.*/, namespace: 'lazy-code' }, (args) => {
        const library = libraryOf(imports.get(args.path), 'm')
        const lines = [
          ...library.imports,
          'let loaded',
          `export function load() { return loaded ??= require(${JSON.stringify(`./${args.path}`)})(${library.object}) }`,
        ]
        return { contents: lines.join('\n'), loader: 'js', resolveDir: source }
      })
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        // A part's entry is no module of the bundle (index.ts exports nothing of it there).
        if (LAZY_PARTS.some((part) => part.entry === args.path)) return { contents: '', loader: 'js' }
        if (LAZY_PARTS.some((part) => inPart(part, args.path)))
          throw new Error(`${args.path} belongs to a lazily loaded part of the API: only the part may import it`)
        if (LAZY_CODE.some((entry) => entry.members.includes(args.path)))
          throw new Error(`${args.path} is a member of a lazily loaded group: only the group may import it`)
        const group = LAZY_CODE.find((entry) => entry.doors.includes(args.path))
        if (group === undefined) return undefined
        const door = `d${group.doors.indexOf(args.path)}`
        const names = doorExports(args.path)
        const bind = names.map((name) => `${name} = group.${name}`).join('; ')
        const lines = [
          `import { load } from ${JSON.stringify(`lazy-code:${group.file}`)}`,
          `function bind() { const group = load().${door}; ${bind} }`,
          ...names.map(
            (name) => `export let ${name} = function (...args) { bind(); return ${name}.apply(this, args) }`,
          ),
        ]
        return { contents: lines.join('\n'), loader: 'js' }
      })
    },
  }
}

/** Every file under a folder, recursively. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

/** A relative `.ts` specifier in a declaration file, as tsc keeps it from the sources. */
const TS_SPECIFIER = /((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\.ts\2/g

/** The declarations: tsc's output with `./x.ts` specifiers rewritten to `./x.js`. */
function writeDeclarations() {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(pkg, 'tsconfig.json')], {
    stdio: 'inherit',
  })
  for (const file of filesUnder(dist).filter((name) => name.endsWith('.d.ts'))) {
    const text = readFileSync(file, 'utf8')
    writeFileSync(file, text.replace(TS_SPECIFIER, '$1$2$3.js$2'))
  }
}

/**
 * The CommonJS build: the lazily loaded files, core.js (the library but its LAZY_PARTS) and
 * index.js, which gives core.js's names and, behind getters, each part's.
 */
async function buildCommonJs() {
  mkdirSync(join(dist, 'cjs'), { recursive: true })
  writeFileSync(join(dist, 'cjs', 'package.json'), '{ "type": "commonjs" }\n')
  const groups = new Map()
  for (const group of LAZY_CODE) {
    const members = [...group.doors, ...group.members]
    const contents = group.doors.map((door, i) => `export * as d${i} from ${JSON.stringify(door)}`).join('\n')
    groups.set(group.file, await buildFactory(group.file, contents, (path) => members.includes(path)))
  }
  const entry = [`export * from ${JSON.stringify(join(source, 'index.ts'))}`]
  const parts = []
  for (const [i, part] of LAZY_PARTS.entries()) {
    const imported = await buildFactory(part.file, `export * from ${JSON.stringify(part.entry)}`, (path) =>
      inPart(part, path),
    )
    const library = libraryOf(imported, `part${i}m`)
    entry.push(
      ...library.imports,
      `let part${i}`,
      `export function __part${i}() { return part${i} ??= require(${JSON.stringify(`./${part.file}`)})(${library.object}) }`,
    )
    parts.push(`__part${i}`)
  }
  await build({
    ...common,
    stdin: { contents: entry.join('\n'), resolveDir: source, loader: 'js' },
    outfile: join(dist, 'cjs', 'core.js'),
    format: 'cjs',
    minifyWhitespace: true,
    minifySyntax: true,
    plugins: [lazyData, lazyCode(groups)],
    external: [...LAZY_DATA, ...LAZY_CODE, ...LAZY_PARTS].map((lazy) => `./${lazy.file}`),
  })
  for (const data of LAZY_DATA) {
    await build({ ...common, entryPoints: [data.source], outfile: join(dist, 'cjs', data.file), format: 'cjs' })
  }
  // The names, from the files themselves (what they export is what the sources do).
  const core = require(join(dist, 'cjs', 'core.js'))
  const names = Object.keys(core).filter((name) => !parts.includes(name))
  const index = [
    common.banner.js,
    '"use strict";',
    '// @ibanmint/iban for require(): the library (core.js), and each part of it the first use of one',
    '// of its names loads (scripts/build-library.mjs, LAZY_PARTS).',
    'const core = require("./core.js");',
    'Object.defineProperty(exports, "__esModule", { value: true });',
    `for (const name of ${JSON.stringify(names)}) exports[name] = core[name];`,
    ...parts.map(
      (loader) =>
        `for (const name of ${JSON.stringify(Object.keys(core[loader]()))}) Object.defineProperty(exports, name, { enumerable: true, get: () => core.${loader}()[name] });`,
    ),
  ]
  writeFileSync(join(dist, 'cjs', 'index.js'), `${index.join('\n')}\n`)
}

export async function buildLibrary() {
  const started = performance.now()
  rmSync(dist, { recursive: true, force: true })
  await build({
    ...common,
    entryPoints: { index: join(source, 'index.ts'), internal: join(source, 'internal.ts') },
    outdir: dist,
    format: 'esm',
    splitting: true,
    chunkNames: 'shared-[hash]',
  })
  await buildCommonJs()
  await build({
    ...common,
    entryPoints: [join(source, 'portable.ts')],
    outfile: join(dist, 'portable.js'),
    format: 'esm',
    // The language of 2022 (classes with private fields) and nothing of Node's: k6's goja and
    // QuickJS run it as they run a browser's module. `??=` (2021) is written out: goja may lack it.
    target: 'es2022',
    supported: { 'logical-assignment': false },
  })
  writeDeclarations()
  for (const file of filesUnder(dist).filter((name) => name.endsWith('.d.ts') && !name.includes('/cjs/'))) {
    cpSync(file, join(dist, 'cjs', file.slice(dist.length + 1)))
  }
  console.log(`ibanmint: built packages/iban/dist in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

// Run directly (npm pack in packages/iban): build the library alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) await buildLibrary()
