// What the API reference needs from the build, beside the compiled code: Redoc's standalone
// build as the redoc package (a development dependency) publishes it, with the licences of what
// it bundles and Redoc's own, copied into dist/docs, so that the built service serves /docs
// without node_modules/redoc; and the OpenAPI document's examples that the code makes from its
// data (1.2 s cold), made once here into dist/openapi-examples.json rather than at every start.
// From the sources, the server reads Redoc from the package and makes the examples itself.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** Copies Redoc's standalone build and its licences into `outDir` (dist/docs). */
export function copyReferenceAssets(outDir) {
  const bundles = dirname(fileURLToPath(import.meta.resolve('redoc/bundles/redoc.standalone.js')))
  mkdirSync(outDir, { recursive: true })
  for (const name of ['redoc.standalone.js', 'redoc.standalone.js.LICENSE.txt']) {
    copyFileSync(join(bundles, name), join(outDir, name))
  }
  copyFileSync(join(bundles, '..', 'LICENSE'), join(outDir, 'LICENSE'))
}

/** Writes the code's examples, made by the compiled code in `distDir`, to distDir/openapi-examples.json. */
export async function writeOpenApiExamples(distDir) {
  const { codeCalls } = await import(pathToFileURL(join(distDir, 'src', 'http', 'openapi-examples.js')).href)
  writeFileSync(join(distDir, 'openapi-examples.json'), JSON.stringify(codeCalls()))
}

/** Both, into the built `distDir`. */
export async function buildReferenceDocs(distDir) {
  copyReferenceAssets(join(distDir, 'docs'))
  await writeOpenApiExamples(distDir)
}
