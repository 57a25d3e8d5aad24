// The API reference page at /docs: Redoc rendering the served OpenAPI document, for a person to
// read, under a bar that leads back to the web page and the README. Redoc's standalone build
// comes from the redoc package on npm, never from a CDN: the build copies it into dist/docs;
// from the sources it is read from the package (build-outputs.ts). It is served as this
// service's own file under a content-hashed name (1.1 MB, 0.33 MB gzipped), the page and its
// files as static-site.ts serves every page of the site. /api/v1/docs, where users of the API
// look first, redirects to it.
import { readFileSync } from 'node:fs'
import { redocFiles } from '../build-outputs.ts'
import { errorExample } from './error-examples.ts'
import { fileExamples, pageExample } from './example.ts'
import { readmePath } from './guide.ts'
import { route, type Route } from './route.ts'
import {
  fileReply,
  hashedFile,
  pageReply,
  PAGE_RESPONSES,
  siteFile,
  sitePage,
  type SiteFile,
  type SitePage,
} from './static-site.ts'

export const REFERENCE_PATH = '/docs'
const ASSET_PREFIX = `${REFERENCE_PATH}/assets/`
/** The license file's name: the one the script's first line points at, next to it. */
const LICENSE_NAME = 'redoc.standalone.js.LICENSE.txt'
/**
 * Redoc's side menu ends with its maker's logo, an image on a CDN that no option turns off: the
 * page's policy would refuse it, and the browser would report the refusal on every visit. As
 * served, the script names an empty data: address instead, which the image fails to decode, and
 * Redoc then leaves the image out (its own onError). Nothing else in the script loads from
 * elsewhere (test/http/reference.test.ts watches every request the page makes).
 */
export const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg'

export interface ReferenceAssets {
  page: SitePage
  /** Redoc's script and its licences, by name. */
  files: Map<string, SiteFile>
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] as string)

/** The tab's icon, inline (the page asks no other host and no other path for one). */
const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#32329f"/><text x="8" y="12" font-family="sans-serif" font-size="10" font-weight="bold" fill="#fff" text-anchor="middle">{}</text></svg>')}`

/** The script as served: the package's, with the logo's address emptied (REDOC_LOGO). */
function withoutRemoteLogo(script: Buffer): Buffer {
  return Buffer.from(script.toString('latin1').replaceAll(`"${REDOC_LOGO}"`, '"data:,"'), 'latin1')
}

// The bar above Redoc stays at the top; Redoc's side menu starts below it (scroll-y-offset).
const BAR_STYLE =
  '#site{position:sticky;top:0;z-index:20;display:flex;flex-wrap:wrap;align-items:center;gap:0 1.25rem;min-height:2.75rem;padding:.25rem 1.25rem;background:#fff;border-bottom:1px solid #d0d7de;font-size:15px}#site a{color:#0b5cad;font-weight:600}#site .here{color:#1f2328;margin-right:auto}'

/** The page: a bar back to the site, then Redoc's element, pointed at the document, with its options as attributes. */
function page(script: SiteFile | undefined, openapiPath: string, readmePath: string): string {
  const bar = `<header id="site"><a href="/"><span aria-hidden="true">← </span>ibanmint</a><span class="here">API reference</span><a href="${escapeHtml(readmePath)}">README</a></header>`
  const body =
    script === undefined
      ? `${bar}\n<main><h1>API reference</h1><p>This copy of the service was built without the reference page’s script. The API is described by its <a href="${escapeHtml(openapiPath)}">OpenAPI document</a>.</p></main>`
      : `${bar}
<noscript><p>The API reference needs JavaScript. Its source is the <a href="${escapeHtml(openapiPath)}">OpenAPI document</a>.</p></noscript>
<redoc spec-url="${escapeHtml(openapiPath)}" scroll-y-offset="#site" expand-responses="200" required-props-first="true" json-sample-expand-level="3" path-in-middle-panel="true"></redoc>
<script src="${ASSET_PREFIX}${script.name}"></script>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ibanmint API reference</title>
<meta name="description" content="Every endpoint of the ibanmint API: parameters, bodies, responses, errors and examples.">
<link rel="icon" href="${ICON}">
<style>body{margin:0;padding:0;font-family:system-ui,sans-serif}main{max-width:40rem;margin:2rem auto;padding:0 1rem}${BAR_STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`
}

/**
 * The page and Redoc's files, read once. Without them (a copy built without the build step),
 * the page says so and links the document: the service itself does not need them.
 */
export function loadReferenceAssets(openapiPath = '/api/v1/openapi.json', readmePath = '/README.md'): ReferenceAssets {
  const files = new Map<string, SiteFile>()
  let script: SiteFile | undefined
  try {
    const { script: scriptFile, license, bundledLicenses } = redocFiles()
    script = hashedFile(
      'redoc.standalone',
      'js',
      'text/javascript; charset=utf-8',
      withoutRemoteLogo(readFileSync(scriptFile)),
    )
    const licenses = `${readFileSync(license, 'utf8').trim()}\n\n${readFileSync(bundledLicenses, 'utf8')}`
    files.set(script.name, script)
    // Named as the script's first line names it; not content-hashed, so kept for a day.
    files.set(
      LICENSE_NAME,
      siteFile(LICENSE_NAME, 'text/plain; charset=utf-8', 'public, max-age=86400', Buffer.from(licenses)),
    )
  } catch {
    script = undefined
  }
  return { page: sitePage(page(script, openapiPath, readmePath)), files }
}

let loaded: ReferenceAssets | undefined

/** The assets, read on first use and shared by every route table of the process. */
export function referenceAssets(): ReferenceAssets {
  loaded ??= loadReferenceAssets(undefined, readmePath())
  return loaded
}

// Redoc styles itself with styled-components (inline <style> elements) and runs its search
// index in a worker made from a blob: the policy allows those, and nothing from elsewhere.
const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

/**
 * GET /docs, its assets, and GET /api/v1/docs redirecting to it. `assets` reads them on first use
 * (referenceAssets): a server that is never asked for the page does not read the 1 MB script.
 */
export function referenceRoutes(assets: () => ReferenceAssets): Route[] {
  return [
    route({
      method: 'GET',
      path: REFERENCE_PATH,
      operationId: 'getApiReference',
      access: 'public',
      summary: 'The API reference: this document, rendered for people to read (Redoc)',
      tag: 'service',
      responses: PAGE_RESPONSES,
      examples: () => [pageExample('page', 'The page’s beginning', REFERENCE_PATH, assets().page.body)],
      handle: (_inputs, { req }) => pageReply(req, assets().page, PAGE_HEADERS),
    }),
    route({
      method: 'GET',
      path: `${ASSET_PREFIX}{name}`,
      operationId: 'getApiReferenceAsset',
      access: 'public',
      errors: ['not_found'],
      summary: 'The reference page’s script (Redoc, content-hashed, cached for a year) and its licences',
      tag: 'service',
      pathParams: { name: { type: 'string', maxLength: 64, 'x-message': 'name must be an asset name' } },
      responses: {
        200: { description: 'JavaScript, or the licences as text.', contentTypes: ['text/javascript', 'text/plain'] },
      },
      examples: () => [
        ...fileExamples(ASSET_PREFIX, assets().files.values()),
        errorExample('not_found', 'no asset "redoc-0.js"', { path: `${ASSET_PREFIX}redoc-0.js` }),
      ],
      handle: ({ params }, { req }) => fileReply(req, assets().files, params.name),
    }),
    route({
      method: 'GET',
      path: '/api/v1/docs',
      operationId: 'redirectToApiReference',
      access: 'public',
      summary: 'Redirects to the API reference (/docs)',
      tag: 'service',
      responses: { 308: { description: 'The reference is at /docs (Location).', headers: ['Location'] } },
      handle: () => ({
        status: 308,
        bytes: Buffer.from(`The API reference is at ${REFERENCE_PATH}\n`),
        headers: {
          location: REFERENCE_PATH,
          'content-type': 'text/plain; charset=utf-8',
          'cache-control': 'public, max-age=86400',
        },
      }),
    }),
  ]
}
