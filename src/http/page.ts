// The web page at the site root: one HTML document (html.ts), a script bundled from
// src/web/app.ts (and through it src/iban) by the build, a stylesheet and the icons (icon.ts).
// Assets have content-hashed names and are cached for a year; the page itself is revalidated
// with its ETag; /favicon.ico, which browsers ask for by name on every page, is served too.
// Nothing is loaded from anywhere else (the Content-Security-Policy says so), so the page
// works offline.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { ApiError } from '../core/errors.ts'
import { negotiate, sharedBody } from '../http/compression.ts'
import { contentHash, isNotModified } from '../http/respond.ts'
import { route, type Route } from '../http/route.ts'
import { BANK_REGISTRY } from '@ibanmint/iban/internal'
import { guideRoutes, readmePath, type GuideFrame } from './guide.ts'
import { pageHtml } from './html.ts'
import { iconIco, iconSvg, touchIconPng } from './icon.ts'
import { STYLE } from './style.ts'

/** Running the built JavaScript (dist/src/web/page.js): the build bundled the script. */
const BUILT = import.meta.url.endsWith('.js')
/** From the sources: the script that bundles the page (scripts/web-bundle.mjs). */
const BUNDLER = fileURLToPath(new URL('../../scripts/web-bundle.mjs', import.meta.url))
const BUILT_SCRIPT = fileURLToPath(new URL('../../web/app.js', import.meta.url))
const BUILT_FAVICON = fileURLToPath(new URL('../../web/favicon.ico', import.meta.url))
const BUILT_TOUCH_ICON = fileURLToPath(new URL('../../web/touch-icon.png', import.meta.url))
const README = fileURLToPath(new URL(BUILT ? '../../../README.md' : '../../README.md', import.meta.url))

export interface Asset {
  name: string
  type: string
  body: Buffer
  /** The same bytes gzipped once at start, for clients that accept gzip. */
  gzip: Buffer
}

export interface WebAssets {
  html: Buffer
  etag: string
  assets: Map<string, Asset>
  /** /favicon.ico, which browsers ask for by that name on every page that names no icon. */
  favicon: Buffer
  /** Bytes of the script as served (minified), for the README's figures and the tests. */
  scriptBytes: number
  /** The stylesheet and icon the guide's pages link too. */
  frame: GuideFrame
}

/**
 * The page's script: built, dist/web/app.js as the build bundled it; from the TypeScript
 * sources (development, tests), bundled now by scripts/web-bundle.mjs with esbuild (a
 * development dependency) in a short-lived child process.
 */
async function bundleScript(): Promise<string> {
  if (BUILT) return readFileSync(BUILT_SCRIPT, 'utf8')
  const { stdout } = await promisify(execFile)(process.execPath, [BUNDLER], {
    maxBuffer: 16 * 1024 * 1024,
    timeout: 60_000,
  })
  return stdout
}

/**
 * The bank registry of each country as an asset of its own, fetched by the page when it first
 * needs that country (the script does not carry the registries: scripts/web-bundle.mjs).
 */
function bankAssets(): Asset[] {
  return Object.entries(BANK_REGISTRY).map(([country, text]) => {
    const body = Buffer.from(text)
    const name = `banks-${country.toLowerCase()}-${contentHash(body)}.txt`
    return { name, type: 'text/plain; charset=utf-8', body: sharedBody(body), gzip: gzipSync(body, { level: 6 }) }
  })
}

// When the script cannot be bundled (no esbuild binary for this platform), the page says so
// instead of the service failing to start: the API, export and MCP server do not need it.
const UNAVAILABLE_SCRIPT = `document.querySelector('main').innerHTML = '<section><h2>Unavailable</h2><p>This server could not build the page\\u2019s script. The <a href="/api/v1">JSON API</a>, the export and the MCP server work as usual.</p></section>'`

/** The page and its assets; `bundle` builds the script (esbuild by default). */
export async function buildWebAssets(
  bundle: () => Promise<string> = bundleScript,
  onBundleError: (error: unknown) => void = () => {},
): Promise<WebAssets> {
  let code: string
  try {
    code = await bundle()
  } catch (error) {
    onBundleError(error)
    code = UNAVAILABLE_SCRIPT
  }
  const script = asset('app', 'js', 'text/javascript; charset=utf-8', code)
  const style = asset('style', 'css', 'text/css; charset=utf-8', STYLE)
  const icon = asset('icon', 'svg', 'image/svg+xml', iconSvg())
  // Built, the raster icons were drawn by the build (scripts/build.mjs); from the sources, now.
  const touchIcon = asset('touch-icon', 'png', 'image/png', BUILT ? readFileSync(BUILT_TOUCH_ICON) : touchIconPng())
  const banks = bankAssets()
  const html = Buffer.from(
    pageHtml({
      script: script.name,
      style: style.name,
      icon: icon.name,
      touchIcon: touchIcon.name,
      banks: Object.fromEntries(banks.map((bank) => [bank.name.slice(6, 8).toUpperCase(), bank.name])),
      readme: readmePath(),
    }),
  )
  return {
    html,
    etag: `"${contentHash(html)}"`,
    assets: new Map([script, style, icon, touchIcon, ...banks].map((one): [string, Asset] => [one.name, one])),
    favicon: BUILT ? readFileSync(BUILT_FAVICON) : iconIco(),
    scriptBytes: script.body.length,
    frame: { style: style.name, icon: icon.name },
  }
}

/**
 * A file under a content-hashed name, with its gzipped copy. The body is also compressed with
 * brotli, once, for a client that accepts brotli but not gzip (compression.ts; not a PNG).
 */
function asset(stem: string, extension: string, type: string, content: string | Buffer): Asset {
  const body = sharedBody(Buffer.from(content))
  return { name: `${stem}-${contentHash(body)}.${extension}`, type, body, gzip: gzipSync(body, { level: 9 }) }
}

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

export function webRoutes(web: WebAssets): Route[] {
  let readme: Buffer | undefined
  return [
    ...guideRoutes(web.frame),
    route({
      method: 'GET',
      path: '/',
      operationId: 'getWebPage',
      access: 'public',
      summary: 'The web page: generate, validate and download test IBANs in the browser',
      tag: 'web',
      responses: { 200: { description: 'HTML.', contentTypes: ['text/html'] }, 304: { description: 'Not modified.' } },
      handle: (_inputs, context) => {
        const headers = { ...SECURITY_HEADERS, etag: web.etag, 'cache-control': 'no-cache' }
        if (isNotModified(context.req, web.etag)) return { status: 304, headers }
        return { bytes: web.html, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } }
      },
    }),
    route({
      method: 'GET',
      path: '/assets/{name}',
      operationId: 'getWebAsset',
      access: 'public',
      errors: ['not_found'],
      summary:
        'The page’s script, stylesheet and per-country bank registries (content-hashed names, cached for a year)',
      tag: 'web',
      pathParams: { name: { type: 'string', maxLength: 64, 'x-message': 'name must be an asset name' } },
      responses: {
        200: {
          description: 'JavaScript, CSS or a bank registry.',
          contentTypes: ['text/javascript', 'text/css', 'text/plain'],
        },
      },
      handle: ({ params }, { req }) => {
        const asset = web.assets.get(params.name)
        if (asset === undefined) throw new ApiError('not_found', `no asset ${JSON.stringify(params.name)}`)
        // Kept gzipped (made once at start): sent so to a client whose Accept-Encoding accepts
        // gzip, where it helps (not for the PNG, which is compressed already).
        const gzip = negotiate(req, ['gzip']) === 'gzip' && asset.gzip.length < asset.body.length
        return {
          bytes: gzip ? asset.gzip : asset.body,
          headers: {
            'content-type': asset.type,
            ...(gzip ? { 'content-encoding': 'gzip' } : {}),
            vary: 'accept-encoding',
            'cache-control': 'public, max-age=31536000, immutable',
            'x-content-type-options': 'nosniff',
          },
        }
      },
    }),
    route({
      method: 'GET',
      path: '/favicon.ico',
      operationId: 'getFavicon',
      access: 'public',
      summary: 'The site’s icon, which browsers ask for on every page (16, 32 and 48 px)',
      tag: 'web',
      responses: { 200: { description: 'An ICO file.', contentTypes: ['image/x-icon'] } },
      handle: () => ({
        bytes: web.favicon,
        headers: {
          'content-type': 'image/x-icon',
          // Not content-hashed: a day, so that a new icon reaches browsers.
          'cache-control': 'public, max-age=86400',
          'x-content-type-options': 'nosniff',
        },
      }),
    }),
    route({
      method: 'GET',
      path: '/README.md',
      operationId: 'getReadme',
      access: 'public',
      errors: ['not_found'],
      summary: 'The README (what ibanmint is, the quick start, one example per surface), as Markdown',
      tag: 'web',
      responses: { 200: { description: 'Markdown.', contentTypes: ['text/markdown'] } },
      handle: () => {
        try {
          readme ??= readFileSync(README)
        } catch {
          throw new ApiError('not_found', 'the README is not installed with this copy')
        }
        return {
          bytes: readme,
          headers: {
            'content-type': 'text/markdown; charset=utf-8',
            'cache-control': 'public, max-age=3600',
            'x-content-type-options': 'nosniff',
          },
        }
      },
    }),
  ]
}
