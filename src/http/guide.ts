// The guide at /guide: the README and docs/*.md (with the files they link: the library's
// README, the benchmark results, the changelog, the licence) as web pages in the site's frame,
// so that the page's README link shows something a person can read, whose links work. The build
// renders the Markdown to HTML once; from the sources the same function renders it on the first
// request (build-outputs.ts). A copy built without the Markdown (a container image whose build
// left it out) has no guide: the page then links the raw README (/README.md) instead. The pages
// are served as static-site.ts serves every page of the site.
import { guidePages, hasGuide, type RenderedPage } from '../build-outputs.ts'
import { ApiError } from '../core/errors.ts'
import { errorExample } from './error-examples.ts'
import { pageExample } from './example.ts'
import { route, type Route } from './route.ts'
import { pageReply, PAGE_RESPONSES, sitePage, type SitePage } from './static-site.ts'

export const GUIDE_PATH = '/guide'

/** Where a person reading about ibanmint goes: the guide, or the raw README (/README.md) in a copy built without the guide. */
export function readmePath(): string {
  return hasGuide() ? GUIDE_PATH : '/README.md'
}

/** What a guide page links besides its article: the site's stylesheet and icon. */
export interface GuideFrame {
  style: string
  icon: string
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] as string)

/** A page of the guide: the site's masthead, the article, and the links every page has. */
function framed(page: RenderedPage, frame: GuideFrame): string {
  const title = page.path === GUIDE_PATH ? 'README' : page.title
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ibanmint</title>
<meta name="color-scheme" content="light dark">
<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48">
<link rel="icon" href="/assets/${frame.icon}" type="image/svg+xml">
<link rel="stylesheet" href="/assets/${frame.style}">
</head>
<body class="guide">
<header class="masthead">
<a class="brand" href="/"><img src="/assets/${frame.icon}" alt="" width="28" height="28"><span>ibanmint</span></a>
<nav aria-label="Site">
<a href="/">Web page</a>
<a href="/docs">API reference</a>
<a href="${GUIDE_PATH}"${page.path === GUIDE_PATH ? ' aria-current="page"' : ''}>README</a>
</nav>
</header>
<main class="card prose">
${page.html}</main>
<footer><p>From <code>${escapeHtml(page.source)}</code> of ibanmint. <a href="/">Back to the page</a> · <a href="${GUIDE_PATH}">README</a> · <a href="/docs">API reference</a></p></footer>
</body>
</html>
`
}

const HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

const GUIDE_MISSING = 'the guide is not installed with this copy'
const noPage = (name: string) => `no page ${JSON.stringify(name)} in the guide`

/** The beginning of a guide's page at `path`: every page begins alike (its frame), rendered or not. */
function beginningOf(name: string, summary: string, path: string, frame: GuideFrame) {
  const empty = framed({ path, source: '', title: '', html: '' }, frame)
  return pageExample(name, summary, path, Buffer.from(empty))
}

/** GET /guide and /guide/{page}; the pages are rendered on the first request and kept. */
export function guideRoutes(frame: GuideFrame): Route[] {
  let pages: Promise<Map<string, SitePage>> | undefined
  const load = () =>
    (pages ??= guidePages().then(
      (rendered) => new Map(rendered.map((page) => [page.path, sitePage(framed(page, frame))])),
    ))
  const pageAt = async (path: string): Promise<SitePage> => {
    let page: SitePage | undefined
    try {
      page = (await load()).get(path)
    } catch {
      pages = undefined
      throw new ApiError('not_found', GUIDE_MISSING)
    }
    if (page === undefined) throw new ApiError('not_found', noPage(path.slice(GUIDE_PATH.length + 1)))
    return page
  }
  return [
    route({
      method: 'GET',
      path: GUIDE_PATH,
      operationId: 'getGuide',
      access: 'public',
      errors: ['not_found'],
      summary: 'The README as a web page, the first page of the guide',
      tag: 'web',
      responses: PAGE_RESPONSES,
      examples: () => [
        beginningOf('readme', 'The README as a web page: its beginning', GUIDE_PATH, frame),
        errorExample('not_found', GUIDE_MISSING),
      ],
      handle: async (_inputs, { req }) => pageReply(req, await pageAt(GUIDE_PATH), HEADERS),
    }),
    route({
      method: 'GET',
      path: `${GUIDE_PATH}/{page}`,
      operationId: 'getGuidePage',
      access: 'public',
      errors: ['not_found'],
      summary: 'A page of the guide: docs/{page}.md as a web page (and the changelog, licence, …)',
      tag: 'web',
      pathParams: { page: { type: 'string', maxLength: 64, 'x-message': 'page must be a page name' } },
      responses: PAGE_RESPONSES,
      examples: () => [
        beginningOf('web_page', 'docs/web-page.md as a web page: its beginning', `${GUIDE_PATH}/web-page`, frame),
        errorExample('not_found', noPage('nope'), { path: `${GUIDE_PATH}/nope` }),
      ],
      handle: async ({ params }, { req }) => pageReply(req, await pageAt(`${GUIDE_PATH}/${params.page}`), HEADERS),
    }),
  ]
}
