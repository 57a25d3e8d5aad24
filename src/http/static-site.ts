// One way to serve the site's pages (the web page, the API reference, the guide) and their
// files. A page is an HTML document made once and revalidated with its ETag (If-None-Match
// gets a 304); a file has a content-hashed name (a new version is a new name) and may be kept
// for a year. Both are shared bodies (compression.ts), compressed once for the life of the
// process: a file is sent gzipped to a client that accepts gzip, from the copy the build made
// (writeGzipped; scripts/build.mjs), or, from the sources, one made on its first request.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { IncomingMessage } from 'node:http'
import { BUILD_OUTPUTS, readBuilt } from '../build-outputs.ts'
import { ApiError } from '../core/errors.ts'
import { encodeBody, negotiate, sharedBody } from './compression.ts'
import { contentHash, isNotModified } from './respond.ts'
import type { Reply, ResponseSpec } from './route.ts'

/** A page of the site: its HTML and the ETag it is revalidated with. */
export interface SitePage {
  readonly body: Buffer
  readonly etag: string
}

/** A file a page loads (a script, a stylesheet, an icon, …), by the name it is served under. */
export interface SiteFile {
  readonly name: string
  /** Its Content-Type. */
  readonly type: string
  readonly cacheControl: string
  readonly body: Buffer
}

/** A content-hashed name changes with the content: such a file may be kept for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** The answers of a page's route: the page, or 304 when the client has it (its ETag). */
export const PAGE_RESPONSES: Readonly<Record<number, ResponseSpec>> = {
  200: { description: 'HTML.', contentTypes: ['text/html'], headers: ['ETag'] },
  304: { description: 'Not modified.' },
}

/** A page made from its HTML, its ETag the hash of its bytes. */
export function sitePage(html: string): SitePage {
  const body = sharedBody(Buffer.from(html))
  return { body, etag: `"${contentHash(body)}"` }
}

/** A file named `<stem>-<hash of its bytes>.<extension>`, with the build's gzipped copy when there is one. */
export function hashedFile(stem: string, extension: string, type: string, content: string | Buffer): SiteFile {
  const bytes = Buffer.from(content)
  return siteFile(`${stem}-${contentHash(bytes)}.${extension}`, type, IMMUTABLE, bytes)
}

/** A file under a name of its own (one the script it belongs to links by that name). */
export function siteFile(name: string, type: string, cacheControl: string, bytes: Buffer): SiteFile {
  return { name, type, cacheControl, body: sharedBody(bytes, readBuilt(gzippedPath(name))) }
}

function gzippedPath(name: string): string {
  return `${BUILD_OUTPUTS.gzipped}/${name}.gz`
}

/**
 * A page as a Reply: 304 when If-None-Match names its ETag, else the HTML; `policy` are the
 * page's own headers (its Content-Security-Policy), on both. Revalidated on every use (no-cache).
 */
export function pageReply(req: IncomingMessage, page: SitePage, policy: Readonly<Record<string, string>>): Reply {
  const headers = { ...policy, etag: page.etag, 'cache-control': 'no-cache' }
  if (isNotModified(req, page.etag)) return { status: 304, headers }
  return { bytes: page.body, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } }
}

/**
 * A file of `files` as a Reply (404 for a name it does not have): gzipped for a client whose
 * Accept-Encoding accepts gzip (its q-values read), where that is smaller; else as it is, which
 * the pipeline compresses with brotli for a client that takes only that.
 */
export async function fileReply(
  req: IncomingMessage,
  files: ReadonlyMap<string, SiteFile>,
  name: string,
): Promise<Reply> {
  const file = files.get(name)
  if (file === undefined) throw new ApiError('not_found', `no asset ${JSON.stringify(name)}`)
  const gzipped = negotiate(req, ['gzip']) === 'gzip' ? await encodeBody(file.body, 'gzip') : undefined
  const gzip = gzipped !== undefined && gzipped.length < file.body.length
  return {
    bytes: gzip ? gzipped : file.body,
    headers: {
      'content-type': file.type,
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      vary: 'accept-encoding',
      'cache-control': file.cacheControl,
      'x-content-type-options': 'nosniff',
    },
  }
}

/**
 * Writes each file gzipped into the built `distDir`, where siteFile finds it.
 * @public scripts/build.mjs calls it from the compiled code (dist/src/http/static-site.js).
 */
export async function writeGzipped(files: Iterable<SiteFile>, distDir: string): Promise<void> {
  mkdirSync(join(distDir, BUILD_OUTPUTS.gzipped), { recursive: true })
  for (const file of files) writeFileSync(join(distDir, gzippedPath(file.name)), await encodeBody(file.body, 'gzip'))
}
