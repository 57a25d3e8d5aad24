// What the build (scripts/build.mjs) writes into dist/ beside the compiled code, and where each
// piece comes from when the service runs from its TypeScript sources instead (tests, `npm run
// dev`). The one module that asks which of the two is running and knows where dist/ and the
// package's files are; and, from the sources, the one that runs esbuild for the server, where
// nothing else will do: a browser needs the page's script bundled, a worker thread plain
// JavaScript. Built, nothing here runs esbuild, which a production install does not have.
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

/** Running the built JavaScript (dist/src/build-outputs.js), not the TypeScript sources. */
export const IS_BUILT = import.meta.url.endsWith('.js')
/** The package's root: the repository, or the installed package (dist/'s parent either way). */
const ROOT = fileURLToPath(new URL(IS_BUILT ? '../../' : '../', import.meta.url))
const DIST = join(ROOT, 'dist')

/**
 * `require` from the package: loads one of its dependencies where it is first needed (the pool's
 * Piscina, which a command that never starts a pool never loads), and resolves esbuild below.
 */
export const requireDependency = createRequire(import.meta.url)

/**
 * A built-in module only the sources use (to run esbuild): loaded there, so that the built
 * service's processes never load it (child_process and worker_threads: about 10 ms of a
 * command's start).
 */
const sourcesOnly = <ID extends 'node:child_process' | 'node:worker_threads'>(id: ID) => process.getBuiltinModule(id)

/** Where the build writes each of its outputs under dist/; scripts/build.mjs writes them by these names. */
export const BUILD_OUTPUTS = {
  /** The page's script, bundled for browsers (scripts/web-bundle.mjs). */
  pageScript: 'web/app.js',
  /** The page's raster icons, drawn once (src/http/site/icon.ts). */
  favicon: 'web/favicon.ico',
  touchIcon: 'web/touch-icon.png',
  /** The pool's worker module, bundled into one plain-JS file (workers/tasks.ts). */
  worker: 'workers/tasks.js',
  /** Redoc's standalone build and its licences, for the API reference (scripts/docs-bundle.mjs). */
  redoc: 'docs',
  /** The guide's pages, rendered from the Markdown (scripts/docs-bundle.mjs). */
  guide: 'guide.json',
  /** The site's content-hashed files gzipped, each as <name>.gz (src/http/static-site.ts). */
  gzipped: 'site',
  /** The command line's request schemas as ajv's standalone code (src/cli/precompiled.ts). */
  validators: 'validators.cjs',
} as const

/** The README, served at /README.md and the guide's first page. */
export const README_FILE = join(ROOT, 'README.md')

/** An output of the build: its bytes when built and present; else undefined (from the sources, or built without it). */
export function readBuilt(path: string): Buffer | undefined {
  if (!IS_BUILT) return undefined
  try {
    return readFileSync(join(DIST, path))
  } catch {
    return undefined
  }
}

/**
 * The validators the build compiled (src/core/validation.ts reads them by their schema's key);
 * undefined from the sources, or before the build has written them.
 */
export function builtValidators(): unknown {
  if (!IS_BUILT) return undefined
  const file = join(DIST, BUILD_OUTPUTS.validators)
  return existsSync(file) ? requireDependency(file) : undefined
}

/**
 * The page's script: built, as the build bundled it; from the sources, bundled now by
 * scripts/web-bundle.mjs with esbuild (a development dependency) in a short-lived child process.
 */
export async function pageScript(): Promise<string> {
  if (IS_BUILT) return readFileSync(join(DIST, BUILD_OUTPUTS.pageScript), 'utf8')
  const { execFile } = sourcesOnly('node:child_process')
  const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'scripts', 'web-bundle.mjs')], {
    maxBuffer: 16 * 1024 * 1024,
    timeout: 60_000,
  })
  return stdout
}

/**
 * The worker module as one plain-JS file: built, the build's; from the sources, bundled here
 * with esbuild from workers/tasks.ts, so that a worker needs no TypeScript loader (45 MB less
 * resident memory for two threads, and faster starts). Falls back to the loader shim when the
 * bundle cannot be written (a read-only checkout).
 */
export function workerModule(): string {
  if (IS_BUILT) return join(DIST, BUILD_OUTPUTS.worker)
  const bundles = join(ROOT, 'node_modules', '.cache', 'ibanmint')
  try {
    mkdirSync(bundles, { recursive: true })
    const target = join(bundles, 'tasks-worker.mjs')
    const temporary = `${target}.${process.pid}.${sourcesOnly('node:worker_threads').threadId}.tmp`
    // Bundled in a short-lived child process: esbuild's synchronous API keeps a helper thread
    // (and its heap) alive in the calling process, and hangs beside tsx's loader.
    const options = {
      entryPoints: [join(ROOT, 'workers', 'tasks.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outfile: temporary,
      external: ['piscina'],
      logLevel: 'silent',
    }
    const esbuild = requireDependency.resolve('esbuild')
    const script = `require(${JSON.stringify(esbuild)}).buildSync(${JSON.stringify(options)})`
    sourcesOnly('node:child_process').execFileSync(process.execPath, ['-e', script], {
      stdio: 'ignore',
      timeout: 30_000,
    })
    renameSync(temporary, target)
    return target
  } catch {
    return join(ROOT, 'workers', 'tasks-worker.mjs')
  }
}

/** Redoc's files: as the build copied them into dist/docs; from the sources, the redoc package's own. */
export function redocFiles(): { script: string; bundledLicenses: string; license: string } {
  const licenses = 'redoc.standalone.js.LICENSE.txt'
  if (IS_BUILT) {
    const dir = join(DIST, BUILD_OUTPUTS.redoc)
    return {
      script: join(dir, 'redoc.standalone.js'),
      bundledLicenses: join(dir, licenses),
      license: join(dir, 'LICENSE'),
    }
  }
  const script = fileURLToPath(import.meta.resolve('redoc/bundles/redoc.standalone.js'))
  return { script, bundledLicenses: join(script, '..', licenses), license: join(script, '..', '..', 'LICENSE') }
}

/** One page of the guide as the build renders it (scripts/docs-bundle.mjs): the article's HTML only. */
export interface RenderedPage {
  /** Its address: /guide, /guide/http-api, … */
  path: string
  /** The file it was made from, by its path in the repository. */
  source: string
  title: string
  html: string
}

/** Whether this copy has the guide, decided without rendering it: built with it, or the README is there. */
export function hasGuide(): boolean {
  return existsSync(IS_BUILT ? join(DIST, BUILD_OUTPUTS.guide) : README_FILE)
}

/** The guide's pages: as the build rendered them; from the sources, rendered now with marked (a development dependency). */
export async function guidePages(): Promise<RenderedPage[]> {
  if (IS_BUILT) return JSON.parse(readFileSync(join(DIST, BUILD_OUTPUTS.guide), 'utf8')) as RenderedPage[]
  const renderer = pathToFileURL(join(ROOT, 'scripts', 'docs-bundle.mjs')).href
  const { renderGuide } = (await import(renderer)) as { renderGuide: (root: string) => { pages: RenderedPage[] } }
  return renderGuide(ROOT).pages
}
