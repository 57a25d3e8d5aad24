// The build: tsc compiles src/ and workers/ to plain JavaScript with declaration files in
// dist/ (the library, the service and the command line), then esbuild bundles the web page's
// script for browsers and the pool's worker into one file each; the API reference's Redoc build
// and the OpenAPI document's examples are added (scripts/docs-bundle.mjs). npm runs it on `npm ci`
// (prepare) and `npm pack`; `npm start` and the bin then run dist/ with plain Node.
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { buildReferenceDocs } from './docs-bundle.mjs'
import { webBundleOptions } from './web-bundle.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)
const started = performance.now()

rmSync(`${root}/dist`, { recursive: true, force: true })
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', `${root}/tsconfig.build.json`], {
  stdio: 'inherit',
})
await build({ ...webBundleOptions, outfile: `${root}/dist/web/app.js` })
await build({
  entryPoints: [`${root}/workers/tasks.ts`],
  outfile: `${root}/dist/workers/tasks.js`,
  allowOverwrite: true,
  bundle: true,
  format: 'esm',
  platform: 'node',
  // The oldest line package.json's engines admit.
  target: 'node22',
  external: ['piscina'],
  sourcemap: true,
  logLevel: 'warning',
})
await buildReferenceDocs(`${root}/dist`)
console.log(`ibanmint: built dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`)
