// The web page at the site root: one HTML document, a script bundled from src/web/app.ts (and
// through it src/iban) by the build, and a stylesheet. Assets have content-hashed names
// and are cached for a year; the page itself is revalidated with its ETag. Nothing is loaded
// from anywhere else (the Content-Security-Policy says so), so the page works offline.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { ApiError } from '../core/errors.ts'
import { negotiate, sharedBody } from '../http/compression.ts'
import { route, type Route } from '../http/route.ts'
import { COUNTRIES, INVALID_CHECKS, INVALID_CHECK_TEXT } from '../iban/index.ts'
import { BANK_REGISTRY } from '../iban/banks-registry-data.ts'
import { STYLE } from './style.ts'

/** Running the built JavaScript (dist/src/web/page.js): the build bundled the script. */
const BUILT = import.meta.url.endsWith('.js')
/** From the sources: the script that bundles the page (scripts/web-bundle.mjs). */
const BUNDLER = fileURLToPath(new URL('../../scripts/web-bundle.mjs', import.meta.url))
const BUILT_SCRIPT = fileURLToPath(new URL('../../web/app.js', import.meta.url))
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
  /** Bytes of the script as served (minified), for the README's figures and the tests. */
  scriptBytes: number
}

function hashOf(body: Buffer | string): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 16)
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
    const name = `banks-${country.toLowerCase()}-${hashOf(body)}.txt`
    return { name, type: 'text/plain; charset=utf-8', body: sharedBody(body), gzip: gzipSync(body, { level: 6 }) }
  })
}

/** Where the page finds each country's bank registry, as the JSON it reads at start. */
function bankAssetIndex(banks: readonly Asset[]): string {
  const index = Object.fromEntries(
    banks.map((asset) => [asset.name.slice(6, 8).toUpperCase(), `/assets/${asset.name}`]),
  )
  return JSON.stringify(index).replace(/</g, '\\u003c')
}

function page(script: Asset, style: Asset, banks: readonly Asset[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ibanmint: test IBANs for ${COUNTRIES.length} countries</title>
<meta name="description" content="Generate and validate test IBANs for ${COUNTRIES.length} countries, with correct national check digits.">
<link rel="stylesheet" href="/assets/${style.name}">
<script defer src="/assets/${script.name}"></script>
<script type="application/json" id="bank-assets">${bankAssetIndex(banks)}</script>
</head>
<body>
<header>
<h1>ibanmint</h1>
<p class="tagline">Test IBANs for ${COUNTRIES.length} countries: MOD-97 and national check digits right.</p>
<p class="warning" role="note"><strong>Test data only.</strong> No bank issued these IBANs. Use them for testing, never for payments.</p>
</header>
<main>
<section aria-labelledby="generate-title">
<h2 id="generate-title">Generate</h2>
<form id="generate-form" novalidate>
<div class="row">
<label for="search">Search countries</label>
<input id="search" type="search" placeholder="Name or code, e.g. fra or NO" autocomplete="off">
</div>
<div class="row">
<label for="country">Country</label>
<select id="country" name="country"></select>
</div>
<p id="format" class="format" aria-live="polite"></p>
<div class="row inline">
<div><label for="count">Count</label>
<input id="count" name="count" type="number" inputmode="numeric" min="1" max="100" value="5" required></div>
<div><label for="seed">Seed <span class="hint">(optional: same seed, same IBANs)</span></label>
<input id="seed" name="seed" type="text" maxlength="128" autocomplete="off"></div>
</div>
<div class="row check">
<input id="realistic" name="realistic" type="checkbox" checked>
<label for="realistic">Realistic (real bank codes; off: fully random)</label>
</div>
<div class="row">
<label for="invalid">Kind <span class="hint">(negative test data fails exactly one check)</span></label>
<select id="invalid" name="invalid">
<option value="">Valid IBANs</option>
${INVALID_CHECKS.map((check) => `<option value="${check}">Invalid: ${INVALID_CHECK_TEXT[check]}</option>`).join('\n')}
</select>
</div>
<p id="generate-error" class="error" role="alert"></p>
<div class="actions">
<button id="generate" type="submit">Generate</button>
<button id="copy-all" type="button" hidden>Copy all</button>
</div>
</form>
<ol id="results" class="results" aria-label="Generated IBANs"></ol>
<div class="downloads">
<h3>Download</h3>
<p>With the settings above, from the keyless export (up to 100 rows, 30 downloads a minute):</p>
<p>
<a class="button" data-format="csv" download>CSV</a>
<a class="button" data-format="json" download>JSON</a>
<a class="button" data-format="sql" download>SQL</a>
<a class="button" data-format="txt" download>TXT</a>
</p>
</div>
</section>
<section aria-labelledby="validate-title">
<h2 id="validate-title">Validate</h2>
<div class="row">
<label for="iban">IBAN <span class="hint">(spaces and lower case are fine)</span></label>
<input id="iban" name="iban" type="text" autocomplete="off" spellcheck="false" placeholder="DE89 3704 0044 0532 0130 00">
</div>
<div id="validation" aria-live="polite"></div>
</section>
</main>
<footer>
<p><a href="/api/v1/openapi.json">API (OpenAPI 3.1)</a> · <a href="/.well-known/mcp/server-card.json">MCP server card</a> · <a href="/README.md">README and command line</a></p>
<p class="hint">The <a href="/api/v1">JSON API</a> needs a key; this page needs none: it runs in your browser with the same code.</p>
</footer>
<p id="status" class="visually-hidden" role="status" aria-live="polite"></p>
</body>
</html>
`
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
  const asset = (name: string, type: string, text: string): Asset => {
    const body = Buffer.from(text)
    // Also compressed with brotli, once, for a client that accepts it but not gzip (compression.ts).
    return { name, type, body: sharedBody(body), gzip: gzipSync(body, { level: 9 }) }
  }
  const script = asset(`app-${hashOf(code)}.js`, 'text/javascript; charset=utf-8', code)
  const style = asset(`style-${hashOf(STYLE)}.css`, 'text/css; charset=utf-8', STYLE)
  const banks = bankAssets()
  const html = Buffer.from(page(script, style, banks))
  return {
    html,
    etag: `"${hashOf(html)}"`,
    assets: new Map([
      [script.name, script],
      [style.name, style],
      ...banks.map((bank): [string, Asset] => [bank.name, bank]),
    ]),
    scriptBytes: script.body.length,
  }
}

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

export function webRoutes(web: WebAssets): Route[] {
  let readme: Buffer | undefined
  return [
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
        if (notModified(context.req.headers['if-none-match'], web.etag)) {
          const res = context.takeResponse()
          res.writeHead(304, headers)
          res.end()
          return 'sent'
        }
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
        // Kept gzipped (made once at start): sent so to a client whose Accept-Encoding accepts gzip.
        const gzip = negotiate(req, ['gzip']) === 'gzip'
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
      path: '/README.md',
      operationId: 'getReadme',
      access: 'public',
      errors: ['not_found'],
      summary: 'The README (quick start, API, MCP, command line), as Markdown',
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
