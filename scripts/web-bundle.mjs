// How the web page's script is bundled for browsers (scripts/build.mjs; from the sources, the
// server runs this file to bundle at start). One substitution: the national bank registries
// (src/iban/banks-registry-data.ts, about 1 MB) are not bundled; the page's stand-in
// (src/web/banks-registry-data.ts) starts empty and the page fetches one country's registry at a
// time (a content-hashed asset) before it generates or validates for that country.
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const REGISTRY = `${root}src/iban/banks-registry-data.ts`
const STAND_IN = `${root}src/web/banks-registry-data.ts`

/** esbuild plugin: the bank registry module resolves to the page's stand-in. */
const registryStandIn = {
  name: 'bank-registry-stand-in',
  setup(build) {
    build.onResolve({ filter: /banks-registry-data\.ts$/ }, (args) => {
      const resolved = fileURLToPath(new URL(args.path, `file://${args.resolveDir}/`))
      return resolved === REGISTRY ? { path: STAND_IN } : undefined
    })
  },
}

/** The esbuild options of the page's script. */
export const webBundleOptions = {
  entryPoints: [`${root}src/web/app.ts`],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2020'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [registryStandIn],
}

// Run directly (the server, from the sources): print the bundled script.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { build } = await import('esbuild')
  const result = await build({ ...webBundleOptions, write: false, logLevel: 'silent' })
  process.stdout.write(result.outputFiles[0].text)
}
