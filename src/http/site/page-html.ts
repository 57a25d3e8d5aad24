// The page's HTML document: the masthead with the links to the API reference, the Generate
// section (settings on one line at desktop width, then the results table) and the Validate
// section. Every control has a label; the verdicts and the status line are live regions. The
// script (src/web/app.ts) fills in the country list, the results and the verdicts.
import { DEFAULT_LIMITS } from '../../config.ts'
import { COUNTRIES, INVALID_CHECKS, type InvalidCheck } from '@ibanmint/iban'
import { INVALID_CHECK_TEXT } from '@ibanmint/iban/internal'

/** Where the page finds each country's bank registry, as the JSON it reads at start. */
function bankAssetIndex(banks: Readonly<Record<string, string>>): string {
  const index = Object.fromEntries(Object.entries(banks).map(([country, name]) => [country, `/assets/${name}`]))
  return JSON.stringify(index).replace(/</g, '\\u003c')
}

/** The kinds of negative test data as the page's select names them (their full text below it). */
const INVALID_LABEL: Readonly<Record<InvalidCheck, string>> = {
  national: 'Invalid: national check digits',
  mod97: 'Invalid: IBAN check digits (MOD-97)',
  length: 'Invalid: length',
  format: 'Invalid: format',
  country: 'Invalid: country code',
}

/** The names of the page's own files under /assets/, as the document links them. */
export interface PageAssetNames {
  script: string
  style: string
  icon: string
  touchIcon: string
  /** Each country's bank registry, by country code, the UK modulus table and the bank weights (src/web/asset-keys.ts: UK_MODULUS_ASSET, BANK_WEIGHTS_ASSET). */
  banks: Readonly<Record<string, string>>
  /** Where the README link goes: the guide, or the raw README in a copy without it (guide.ts). */
  readme: string
}

/**
 * How many IBANs the page shows at first; the table holds as many empty rows of a row's height
 * until the script fills it, so that nothing below it moves when it does.
 */
const FIRST_COUNT = 10

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** The document's head: title, icons, stylesheet, script and the bank registries' addresses; then the body's start. */
function headHtml({ script, style, icon, touchIcon, banks }: PageAssetNames): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ibanmint: test IBANs for ${COUNTRIES.length} countries</title>
<meta name="description" content="Generate and validate test IBANs for ${COUNTRIES.length} countries, with correct national check digits.">
<meta name="color-scheme" content="light dark">
<meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff">
<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0d1117">
<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48">
<link rel="icon" href="/assets/${icon}" type="image/svg+xml">
<link rel="apple-touch-icon" href="/assets/${touchIcon}">
<link rel="stylesheet" href="/assets/${style}">
<script defer src="/assets/${script}"></script>
<script type="application/json" id="bank-assets">${bankAssetIndex(banks)}</script>
</head>
<body>
`
}

/** The masthead (brand and site links), the test-data warning, and what the page says without JavaScript. */
function mastheadHtml(icon: string, readme: string): string {
  return `<header class="masthead">
<div class="brand">
<img src="/assets/${icon}" alt="" width="36" height="36">
<div>
<h1>ibanmint</h1>
<p class="tagline">Test IBANs for ${COUNTRIES.length} countries, MOD-97 and national check digits right</p>
</div>
</div>
<nav aria-label="Site">
<a href="#validate-title">Validate</a>
<a href="/docs">API reference</a>
<a href="${readme}">README</a>
</nav>
</header>
<p class="warning" role="note"><strong>Test data only.</strong> No bank issued these IBANs. Use them for testing, never for payments.</p>
<noscript><p class="warning">This page makes and checks IBANs in your browser, with JavaScript. Without it, the <a href="/export/DE?count=10&amp;format=txt">keyless export</a> and the <a href="/api/v1">JSON API</a> work as usual.</p></noscript>
`
}

// The results table carries explicit roles: below 40rem its rows are laid out as grids, which
// some browsers take to mean "not a table" for screen readers.
/** The Generate section: the settings on one line at desktop width, then the results table. */
function generateHtml(): string {
  return `<section class="card" aria-labelledby="generate-title">
<h2 id="generate-title">Generate</h2>
<form id="generate-form" class="controls" novalidate>
<div class="field search">
<label for="search">Search<span class="visually-hidden"> countries</span></label>
<input id="search" type="search" placeholder="Name or code" autocomplete="off" aria-controls="country">
</div>
<div class="field country">
<label for="country">Country</label>
<select id="country" name="country"></select>
</div>
<div class="field count">
<label for="count">Count</label>
<input id="count" name="count" type="number" inputmode="numeric" min="1" max="100" value="${FIRST_COUNT}" required>
</div>
<div class="field seed">
<label for="seed">Seed <span class="hint">(optional)</span></label>
<input id="seed" name="seed" type="text" maxlength="128" autocomplete="off" placeholder="same seed, same IBANs">
</div>
<div class="field kind">
<label for="invalid">Kind</label>
<select id="invalid" name="invalid" aria-describedby="kind-text">
<option value="">Valid IBANs</option>
${INVALID_CHECKS.map((check) => `<option value="${check}" data-text="${attribute(INVALID_CHECK_TEXT[check])}">${INVALID_LABEL[check]}</option>`).join('\n')}
</select>
</div>
<div class="field check">
<input id="realistic" name="realistic" type="checkbox" checked aria-describedby="realistic-hint">
<label for="realistic">Real bank codes</label>
<span id="realistic-hint" class="visually-hidden">Off: fully random bank codes</span>
</div>
<button id="generate" type="submit">Generate</button>
</form>
<p id="generate-error" class="error" role="alert"></p>
<p id="format" class="format"></p>
<div class="toolbar">
<p id="summary" class="summary"></p>
<button id="copy-all" type="button" class="secondary">Copy all</button>
<span class="downloads" role="group" aria-labelledby="download-label" aria-describedby="download-hint">
<span id="download-label">Download</span>
<a class="button secondary" data-format="csv" download>CSV</a>
<a class="button secondary" data-format="json" download>JSON</a>
<a class="button secondary" data-format="sql" download>SQL</a>
<a class="button secondary" data-format="txt" download>TXT</a>
</span>
</div>
<div class="table-wrap">
<table id="results" class="results" role="table">
<caption class="visually-hidden">Generated IBANs</caption>
<thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader" class="num">#</th><th scope="col" role="columnheader">IBAN</th><th scope="col" role="columnheader" class="bic">BIC</th><th scope="col" role="columnheader" class="bank">Bank</th><th scope="col" role="columnheader" class="act"><span class="visually-hidden">Copy</span></th></tr></thead>
<tbody role="rowgroup">
${'<tr class="placeholder" aria-hidden="true"><td colspan="5"></td></tr>'.repeat(FIRST_COUNT)}
</tbody>
</table>
</div>
<p id="download-hint" class="hint">A download holds the rows shown: the keyless export with the same settings and seed (up to 100 rows, ${DEFAULT_LIMITS.exportRateLimit} downloads a minute).</p>
</section>
`
}

/** The Validate section: one IBAN in, its verdict and every check out. */
function validateHtml(): string {
  return `<section class="card" aria-labelledby="validate-title">
<h2 id="validate-title" tabindex="-1">Validate</h2>
<form id="validate-form" novalidate>
<label for="iban">IBAN <span class="hint">(spaces and lower case are fine)</span></label>
<div class="validate-row">
<input id="iban" name="iban" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false" placeholder="DE89 3704 0044 0532 0130 00" aria-describedby="iban-progress verdict">
<button id="validate" type="submit">Validate</button>
</div>
<p id="iban-progress" class="hint progress"></p>
</form>
<p id="verdict" class="verdict" role="status"></p>
<div id="validation" class="details"></div>
</section>
`
}

/** The page: head, masthead, the Generate and Validate sections, the footer. */
export function pageHtml(names: PageAssetNames): string {
  return `${headHtml(names)}${mastheadHtml(names.icon, names.readme)}<main>
${generateHtml()}${validateHtml()}</main>
<footer>
<p><a href="/docs">API reference</a> · <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a> · <a href="/.well-known/mcp/server-card.json">MCP server card</a> · <a href="${names.readme}">README</a></p>
<p>The <a href="/api/v1">JSON API</a> needs a key; this page needs none: it runs in your browser with the same code.</p>
</footer>
<p id="status" class="visually-hidden" role="status"></p>
</body>
</html>
`
}
