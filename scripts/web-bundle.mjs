// How the web page's script is bundled for browsers (scripts/build.mjs; from the sources, the
// server runs this file to bundle at start). Substitutions, data the page fetches when it
// needs it instead of carrying it: the national bank registries (src/iban/banks-registry-data.ts,
// about 1 MB; the page's stand-in src/web/banks-registry-data.ts starts empty and the page fetches
// one country's registry at a time) and Vocalink's UK modulus table
// (src/iban/uk-modulus/table-data.ts, about 58 KB of the script; fetched with GB's registry), and
// the bank mix's shares (src/iban/bank-weights.ts; fetched with the first registry). The party
// data, the payment formats and the party columns (src/iban/parties/data.ts,
// src/formats/payment-formats.ts, party-columns.ts) stay out: the page makes no payment file.
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
/** Each bundled module the page replaces, by its stand-in. */
export const STAND_INS = new Map([
  [`${root}src/iban/banks-registry-data.ts`, `${root}src/web/banks-registry-data.ts`],
  [`${root}src/iban/uk-modulus/table-data.ts`, `${root}src/web/uk-modulus-table-data.ts`],
  [`${root}src/iban/bank-weights.ts`, `${root}src/web/bank-weights.ts`],
  [`${root}src/iban/parties/data.ts`, `${root}src/web/parties-data.ts`],
  [`${root}src/formats/payment-formats.ts`, `${root}src/web/payment-formats.ts`],
  [`${root}src/formats/party-columns.ts`, `${root}src/web/party-columns.ts`],
])

/**
 * The imports esbuild asks the plugin about: those ending in a file name of STAND_INS (escaped
 * for the pattern), so that a stand-in added to the map is substituted with no other list to edit.
 */
const STAND_IN_NAMES = [...STAND_INS.keys()].map((path) => basename(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
const STAND_IN_FILTER = new RegExp(`(?:^|/)(?:${STAND_IN_NAMES.join('|')})$`)

/** esbuild plugin: the modules of STAND_INS resolve to the page's stand-ins. */
const registryStandIn = {
  name: 'page-data-stand-ins',
  setup(build) {
    build.onResolve({ filter: STAND_IN_FILTER }, (args) => {
      const resolved = fileURLToPath(new URL(args.path, `file://${args.resolveDir}/`))
      const standIn = STAND_INS.get(resolved)
      return standIn === undefined ? undefined : { path: standIn }
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
