// The API reference page's files: Redoc's standalone build as the redoc package (a development
// dependency) publishes it, the licences of what it bundles, and Redoc's own. The build copies
// them into dist/docs so that the built service serves /docs without node_modules/redoc; from
// the sources, the server reads them from the package itself (src/http/reference.ts).
import { copyFileSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Copies Redoc's standalone build and its licences into `outDir` (dist/docs). */
export function copyReferenceAssets(outDir) {
  const bundles = dirname(fileURLToPath(import.meta.resolve('redoc/bundles/redoc.standalone.js')))
  mkdirSync(outDir, { recursive: true })
  for (const name of ['redoc.standalone.js', 'redoc.standalone.js.LICENSE.txt']) {
    copyFileSync(join(bundles, name), join(outDir, name))
  }
  copyFileSync(join(bundles, '..', 'LICENSE'), join(outDir, 'LICENSE'))
}
