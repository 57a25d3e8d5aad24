// The build of the library @ibanmint/iban: packages/iban/dist from the domain's sources in
// src/iban, with nothing else of the project and no dependency.
// - ESM (`import`): esbuild bundles index.ts (the API) and internal.ts (what the service needs
//   beyond it) with one shared chunk, so that a process importing both holds one copy of the
//   registries, caches and classes.
// - CommonJS (`require`, Jest): esbuild bundles index.ts into dist/cjs/, whose package.json
//   says "commonjs", written without whitespace. The national bank registries (a megabyte of
//   text) and the party material of payment files (220 KB), LAZY_DATA, are files of their own
//   beside it, required on their first use: a process that requires the library and never looks
//   up a bank or makes a payment file does not read them. (An ES module cannot load a file synchronously, so
//   the ES module bundles keep them inside.)
// - Portable (`@ibanmint/iban/portable`): portable.ts (ibanAt) alone, one ES module file with no
//   import at all, for engines that resolve no package and have no Node built-in (k6, QuickJS, a
//   browser's <script type="module">): a load script copies or bundles it as it is.
// - Declarations: tsc writes one .d.ts per module (packages/iban/tsconfig.json), their `.ts`
//   import specifiers become `.js`, and dist/cjs/ gets a copy, which TypeScript reads as
//   CommonJS there.
// A bundle rather than tsc's 30 modules: Node loads one file per entry, not a graph of 30.
// scripts/build.mjs runs this first; `npm pack` in packages/iban runs it alone (prepack).
import { execFileSync } from 'node:child_process'
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
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
  await build({
    ...common,
    entryPoints: [join(source, 'index.ts')],
    outfile: join(dist, 'cjs', 'index.js'),
    format: 'cjs',
    minifyWhitespace: true,
    minifySyntax: true,
    plugins: [lazyData],
    external: LAZY_DATA.map((data) => `./${data.file}`),
  })
  for (const data of LAZY_DATA) {
    await build({ ...common, entryPoints: [data.source], outfile: join(dist, 'cjs', data.file), format: 'cjs' })
  }
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
  writeFileSync(join(dist, 'cjs', 'package.json'), '{ "type": "commonjs" }\n')
  console.log(`ibanmint: built packages/iban/dist in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

// Run directly (npm pack in packages/iban): build the library alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) await buildLibrary()
