// The build: first the library @ibanmint/iban (scripts/build-library.mjs: packages/iban/dist),
// then tsc compiles the service (src/ but src/iban, and workers/) to plain JavaScript with
// declaration files in dist/, importing the library by its package name; esbuild bundles the
// web page's script for browsers and the pool's worker into one file each; the API reference's
// Redoc build and the guide are added (scripts/docs-bundle.mjs);
// last, every content-hashed file of the site is gzipped once. Each output goes where
// src/build-outputs.ts says the built service finds it. npm runs the build on `npm ci` (prepare)
// and `npm pack`; `npm start` and the bin then run dist/ with plain Node.
import { execFileSync } from 'node:child_process'
import { existsSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { buildLibrary } from './build-library.mjs'
import { buildReferenceDocs } from './docs-bundle.mjs'
import { webBundleOptions } from './web-bundle.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)
const started = performance.now()

/** The library's package name: the service imports the domain by it alone. */
const LIBRARY = '@ibanmint/iban'

/**
 * `import … from 'ibanmint'` and `require('ibanmint')`: the library's API, re-exported for the
 * programs written when the library was the service package's own entry.
 */
function writeLibraryEntry() {
  const note = `// The library's API, re-exported: new code imports ${LIBRARY}, which installs nothing else.\n`
  writeFileSync(`${root}/dist/library.js`, `${note}export * from '${LIBRARY}'\n`)
  writeFileSync(`${root}/dist/library.d.ts`, `${note}export * from '${LIBRARY}'\n`)
  writeFileSync(`${root}/dist/library.cjs`, `${note}module.exports = require('${LIBRARY}')\n`)
  writeFileSync(`${root}/dist/library.d.cts`, `${note}export * from '${LIBRARY}'\n`)
}

await buildLibrary()
rmSync(`${root}/dist`, { recursive: true, force: true })
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', `${root}/tsconfig.build.json`], {
  stdio: 'inherit',
})
// A relative import of src/iban would have compiled a second copy of the domain into dist/.
if (existsSync(`${root}/dist/src/iban`)) {
  throw new Error(`dist/src/iban was built: the service must import the domain as ${LIBRARY}`)
}
writeLibraryEntry()
const { BUILD_OUTPUTS } = await import(`${root}/dist/src/build-outputs.js`)
const dist = (output) => `${root}/dist/${output}`
await build({ ...webBundleOptions, outfile: dist(BUILD_OUTPUTS.pageScript) })
// The page's raster icons, drawn here once rather than by every server process at its start
// (about 70 ms, most of it the 180 px one).
const { iconIco, touchIconPng } = await import(`${root}/dist/src/http/site/icon.js`)
writeFileSync(dist(BUILD_OUTPUTS.favicon), iconIco())
writeFileSync(dist(BUILD_OUTPUTS.touchIcon), touchIconPng())
await build({
  entryPoints: [`${root}/workers/tasks.ts`],
  outfile: dist(BUILD_OUTPUTS.worker),
  allowOverwrite: true,
  bundle: true,
  format: 'esm',
  platform: 'node',
  // The oldest line package.json's engines admit.
  target: 'node20',
  // Resolved at run time: the pool's own package, and the library, from node_modules as the
  // main thread loads it (its subpaths included).
  external: ['piscina', LIBRARY],
  tsconfig: `${root}/tsconfig.build.json`,
  sourcemap: true,
  logLevel: 'warning',
})
buildReferenceDocs(`${root}/dist`, BUILD_OUTPUTS)
// The command line's request schemas compiled once (src/cli/precompiled.ts).
const { PRECOMPILED } = await import(`${root}/dist/src/cli/precompiled.js`)
const { standaloneValidators } = await import(`${root}/dist/src/core/validation.js`)
writeFileSync(dist(BUILD_OUTPUTS.validators), standaloneValidators(PRECOMPILED))
// The site's files gzipped once, at the smallest size, rather than by each server process (the
// bank registries, Redoc's 1.1 MB script): made by the built service's own code, from the files
// it serves.
const { buildWebAssets } = await import(`${root}/dist/src/http/page.js`)
const { loadReferenceAssets } = await import(`${root}/dist/src/http/reference.js`)
const { writeGzipped } = await import(`${root}/dist/src/http/static-site.js`)
const site = [...(await buildWebAssets()).files.values(), ...loadReferenceAssets().files.values()]
await writeGzipped(site, `${root}/dist`)
console.log(`ibanmint: built dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`)
