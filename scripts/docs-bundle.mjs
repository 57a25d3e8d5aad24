// What the documentation needs from the build, beside the compiled code:
// - the API reference: Redoc's standalone build as the redoc package (a development
//   dependency) publishes it, with the licences of what it bundles and Redoc's own, copied into
//   dist/docs, so that the built service serves /docs without node_modules/redoc;
// - the guide: the README and docs/*.md (and the files they link) rendered to HTML with marked
//   (a development dependency) into dist/guide.json, which the service serves at /guide
//   (src/http/guide.ts), each relative link rewritten to the page it names there.
// From the sources, the server reads Redoc from the package and renders the guide with
// renderGuide below on its first request (src/build-outputs.ts).
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { marked } from 'marked'

/** Copies Redoc's standalone build and its licences into `outDir` (dist/docs). */
function copyReferenceAssets(outDir) {
  const bundles = dirname(fileURLToPath(import.meta.resolve('redoc/bundles/redoc.standalone.js')))
  mkdirSync(outDir, { recursive: true })
  for (const name of ['redoc.standalone.js', 'redoc.standalone.js.LICENSE.txt']) {
    copyFileSync(join(bundles, name), join(outDir, name))
  }
  copyFileSync(join(bundles, '..', 'LICENSE'), join(outDir, 'LICENSE'))
}

/**
 * The guide's pages: each file of the repository (by its path there) and its address. The
 * README is the guide's first page; every docs/*.md is a page of its own; the other files are
 * those the pages link. A file missing from the copy being built is left out, and a link to it
 * is shown as its text alone.
 */
function guideSources(root) {
  const docs = existsSync(join(root, 'docs')) ? readdirSync(join(root, 'docs')).filter((n) => n.endsWith('.md')) : []
  return new Map([
    ['README.md', '/guide'],
    ...docs.sort().map((name) => [`docs/${name}`, `/guide/${name.slice(0, -3)}`]),
    ['packages/iban/README.md', '/guide/iban-package'],
    ['bench/RESULTS.md', '/guide/benchmark-results'],
    ['CHANGELOG.md', '/guide/changelog'],
    ['LICENSE', '/guide/license'],
  ])
}

// The address `npm start` serves at, as the docs write it: a link there goes to the same path
// on the server showing the guide, wherever that runs.
const LOCAL_SERVER = /^http:\/\/(?:127\.0\.0\.1|localhost):8080(?=\/|$)/

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char])

/**
 * Renders the guide from the repository at `root`: each page's address, title and HTML (the
 * article only: src/http/guide.ts puts it in the site's frame), and the relative links that
 * name no page of the guide (shown as text; the tests expect none).
 */
export function renderGuide(root) {
  const sources = guideSources(root)
  const present = new Map([...sources].filter(([source]) => existsSync(join(root, source))))
  const pages = []
  const unresolved = []
  for (const [source, path] of present) {
    const text = readFileSync(join(root, source), 'utf8')
    if (!source.endsWith('.md')) {
      pages.push({ path, source, title: 'Licence', html: `<h1>Licence</h1>\n<pre>${escapeHtml(text)}</pre>\n` })
      continue
    }
    const renderer = new marked.Renderer()
    const plainLink = renderer.link.bind(renderer)
    renderer.link = (href, title, label) => {
      const target = guideAddress(href ?? '', source, present)
      if (target === undefined) {
        unresolved.push(`${source}: ${href}`)
        return label
      }
      return plainLink(target, title, label)
    }
    // Wide tables scroll sideways within the page on a phone, rather than the page.
    const plainTable = renderer.table.bind(renderer)
    renderer.table = (header, body) => `<div class="scroll">${plainTable(header, body)}</div>`
    const html = marked.parse(text, { renderer, gfm: true, headerIds: true, mangle: false })
    const title = /^# (.+)$/m.exec(text)?.[1]?.replace(/[`*]/g, '') ?? source
    pages.push({ path, source, title, html })
  }
  return { pages, unresolved }
}

/** Where a link of `source` leads in the guide; undefined for a file the guide does not have. */
function guideAddress(href, source, present) {
  if (LOCAL_SERVER.test(href)) return href.replace(LOCAL_SERVER, '') || '/'
  if (/^[a-z][a-z+.-]*:/i.test(href) || href.startsWith('#') || href.startsWith('/')) return href
  const hash = href.indexOf('#')
  const file = hash < 0 ? href : href.slice(0, hash)
  const fragment = hash < 0 ? '' : href.slice(hash)
  const path = present.get(posix.normalize(posix.join(posix.dirname(source), file)))
  return path === undefined ? undefined : `${path}${fragment}`
}

/** The rendered guide of the repository at `root`, into `file`. */
function writeGuide(root, file) {
  writeFileSync(file, JSON.stringify(renderGuide(root).pages))
}

/** Both, into the built `distDir`, where `outputs` (src/build-outputs.ts BUILD_OUTPUTS) says. */
export function buildReferenceDocs(distDir, outputs) {
  copyReferenceAssets(join(distDir, outputs.redoc))
  writeGuide(join(distDir, '..'), join(distDir, outputs.guide))
}
