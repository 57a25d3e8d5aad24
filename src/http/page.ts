// The web page at the site root: one HTML document (site/page-html.ts), its script (src/web,
// which the build bundles for browsers, and through it src/iban), a stylesheet and the icons
// (site/icon.ts), and each country's bank registry, the bank weights and the UK modulus table as files of their own; /favicon.ico, which
// browsers ask for by that name on every page, and /README.md. The page and its files are served
// as static-site.ts serves them. Nothing is loaded from anywhere else (the Content-Security-Policy
// says so), so the page works offline.
import { readFileSync } from 'node:fs'
import { BUILD_OUTPUTS, pageScript, readBuilt, README_FILE } from '../build-outputs.ts'
import { ApiError } from '../core/errors.ts'
import { BANK_WEIGHTS_ASSET, UK_MODULUS_ASSET } from '../web/asset-keys.ts'
import type { UkModulusAsset } from '../web/uk-modulus-table-data.ts'
import { UK_MODULUS_TABLE } from '@ibanmint/iban'
import { bankRegistry, BANK_WEIGHTS, UK_SORT_CODE_SUBSTITUTIONS, UK_WEIGHT_ROWS } from '@ibanmint/iban/internal'
import { errorExample } from './error-examples.ts'
import { fileExamples, pageExample } from './example.ts'
import { readmePath, type GuideFrame } from './guide.ts'
import { route, type Route } from './route.ts'
import { iconIco, iconSvg, touchIconPng } from './site/icon.ts'
import { pageHtml } from './site/page-html.ts'
import { STYLE } from './site/style.ts'
import {
  fileReply,
  hashedFile,
  pageReply,
  PAGE_RESPONSES,
  sitePage,
  type SiteFile,
  type SitePage,
} from './static-site.ts'

export interface WebAssets {
  page: SitePage
  /** The page's files by name: the script, the stylesheet, the icons, the bank registries, the UK modulus table, the bank weights. */
  files: Map<string, SiteFile>
  /** /favicon.ico, which browsers ask for by that name on every page that names no icon. */
  favicon: Buffer
  /** Bytes of the script as served (minified), for the README's figures and the tests. */
  scriptBytes: number
  /** The stylesheet and icon the guide's pages link too. */
  frame: GuideFrame
}

/**
 * The bank registry of each country as an asset of its own, fetched by the page when it first
 * needs that country (the script does not carry the registries: scripts/web-bundle.mjs).
 */
function bankFiles(): SiteFile[] {
  return Object.entries(bankRegistry()).map(([country, text]) =>
    hashedFile(`banks-${country.toLowerCase()}`, 'txt', 'text/plain; charset=utf-8', text),
  )
}

/**
 * Vocalink's modulus table, which GB's accounts are checked against, as an asset of its own: the
 * page fetches it with GB's registry (the script does not carry it: scripts/web-bundle.mjs).
 */
function ukModulusFile(): SiteFile {
  const asset: UkModulusAsset = {
    table: UK_MODULUS_TABLE,
    rows: UK_WEIGHT_ROWS,
    substitutions: UK_SORT_CODE_SUBSTITUTIONS,
  }
  return hashedFile(UK_MODULUS_ASSET, 'json', 'application/json', JSON.stringify(asset))
}

/** The shares of the weighted bank mix, fetched by the page with its first registry. */
function bankWeightsFile(): SiteFile {
  return hashedFile(BANK_WEIGHTS_ASSET, 'json', 'application/json', JSON.stringify(BANK_WEIGHTS))
}

// When the script cannot be bundled (no esbuild binary for this platform), the page says so
// instead of the service failing to start: the API, export and MCP server do not need it.
const UNAVAILABLE_SCRIPT = `document.querySelector('main').innerHTML = '<section><h2>Unavailable</h2><p>This server could not build the page\\u2019s script. The <a href="/api/v1">JSON API</a>, the export and the MCP server work as usual.</p></section>'`

/** The page and its files; `bundle` makes the script (pageScript: the build's, or bundled now). */
export async function buildWebAssets(
  bundle: () => Promise<string> = pageScript,
  onBundleError: (error: unknown) => void = () => {},
): Promise<WebAssets> {
  let code: string
  try {
    code = await bundle()
  } catch (error) {
    onBundleError(error)
    code = UNAVAILABLE_SCRIPT
  }
  const script = hashedFile('app', 'js', 'text/javascript; charset=utf-8', code)
  const style = hashedFile('style', 'css', 'text/css; charset=utf-8', STYLE)
  const icon = hashedFile('icon', 'svg', 'image/svg+xml', iconSvg())
  // Built, the raster icons were drawn by the build; from the sources, now.
  const touchIcon = hashedFile('touch-icon', 'png', 'image/png', readBuilt(BUILD_OUTPUTS.touchIcon) ?? touchIconPng())
  const banks = bankFiles()
  const ukModulus = ukModulusFile()
  const bankWeights = bankWeightsFile()
  const html = pageHtml({
    script: script.name,
    style: style.name,
    icon: icon.name,
    touchIcon: touchIcon.name,
    banks: {
      ...Object.fromEntries(banks.map((bank) => [bank.name.slice(6, 8).toUpperCase(), bank.name])),
      [UK_MODULUS_ASSET]: ukModulus.name,
      [BANK_WEIGHTS_ASSET]: bankWeights.name,
    },
    readme: readmePath(),
  })
  return {
    page: sitePage(html),
    files: new Map(
      [script, style, icon, touchIcon, ukModulus, bankWeights, ...banks].map((file): [string, SiteFile] => [
        file.name,
        file,
      ]),
    ),
    favicon: readBuilt(BUILD_OUTPUTS.favicon) ?? iconIco(),
    scriptBytes: script.body.length,
    frame: { style: style.name, icon: icon.name },
  }
}

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

const README_MISSING = 'the README is not installed with this copy'

/** GET /, its files, /favicon.ico and /README.md. */
export function pageRoutes(web: WebAssets): Route[] {
  let readme: Buffer | undefined
  return [
    route({
      method: 'GET',
      path: '/',
      operationId: 'getWebPage',
      access: 'public',
      summary: 'The web page: generate, validate and download test IBANs in the browser',
      tag: 'web',
      responses: PAGE_RESPONSES,
      examples: () => [pageExample('page', 'The page’s beginning', '/', web.page.body)],
      handle: (_inputs, { req }) => pageReply(req, web.page, SECURITY_HEADERS),
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
      examples: () => [
        ...fileExamples('/assets/', web.files.values()),
        errorExample('not_found', 'no asset "app-0.js"', { path: '/assets/app-0.js' }),
      ],
      handle: ({ params }, { req }) => fileReply(req, web.files, params.name),
    }),
    route({
      method: 'GET',
      path: '/favicon.ico',
      operationId: 'getFavicon',
      access: 'public',
      summary: 'The site’s icon, which browsers ask for on every page (16, 32 and 48 px)',
      tag: 'web',
      responses: { 200: { description: 'An ICO file.', contentTypes: ['image/x-icon'] } },
      examples: () => fileExamples('/', [{ name: 'favicon.ico', type: 'image/x-icon', body: web.favicon }]),
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
      examples: () => [
        {
          name: 'readme',
          summary: 'The README’s first line',
          request: { path: '/README.md' },
          status: 200,
          type: 'text/markdown',
          value: '# ibanmint\n',
          excerpt: true,
        },
        errorExample('not_found', README_MISSING),
      ],
      handle: () => {
        try {
          readme ??= readFileSync(README_FILE)
        } catch {
          throw new ApiError('not_found', README_MISSING)
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
