// What of a request may be written to a log. Keys travel in headers, which are never logged, but
// a client may put a credential where it does not belong: its API key in the path or the query
// (`?api_key=…`, a key pasted as an IBAN), a token of another service in a parameter we do not
// know, a password in an absolute-form target (`GET http://user:pass@host/…`), or its key as its
// X-Request-Id. So a logged path keeps the query parameters its route documents and blanks the
// values of the others, drops a target's scheme and authority, and anything that is one of our
// keys once percent-decoded (`%69mk_…`, `imk%5F…`, `%2569mk_…`: encoded any number of times), wherever
// it appears, is written as [key].
import { BoundedCache } from '../bounded-cache.ts'

/** `imk_` and what follows it in the key's alphabet, in any case: a key as decoded text holds it. */
const KEY_SHAPE = /imk_\w*/gi
const HAS_KEY = /imk_/i
/** A percent-escape of an ASCII character: the key's alphabet is ASCII, so these are all that can hide one. */
const ASCII_ESCAPE = /%[0-7][0-9a-f]/i
/** Longest path and query written; a longer one is cut with '…'. */
const MAX_LOGGED = 512
/** A value of an undocumented parameter, written instead of it. */
const BLANKED = '[redacted]'

/**
 * `text` with its ASCII percent-escapes decoded, as often as any are left (a double-encoded
 * `%2569` is `i`), and where each decoded character came from: `from[i]` is the index in `text`
 * where character i of the decoded text begins (`from[length]`: the end of `text`).
 */
function decodedWithOrigins(text: string): { decoded: string; from: number[] } {
  let decoded = text
  let from = Array.from({ length: text.length + 1 }, (_, i) => i)
  while (ASCII_ESCAPE.test(decoded)) {
    let next = ''
    const origins: number[] = []
    for (let i = 0; i < decoded.length;) {
      origins.push(from[i] as number)
      if (decoded[i] === '%' && ASCII_ESCAPE.test(decoded.slice(i, i + 3))) {
        next += String.fromCharCode(parseInt(decoded.slice(i + 1, i + 3), 16))
        i += 3
      } else next += decoded[i++]
    }
    origins.push(from[decoded.length] as number)
    decoded = next
    from = origins
  }
  return { decoded, from }
}

/** Whether a text holds something shaped like an API key (or its start), percent-encoded or not. */
export function looksLikeKey(text: string): boolean {
  return HAS_KEY.test(text) || (text.includes('%') && HAS_KEY.test(decodedWithOrigins(text).decoded))
}

/** The text with anything that is shaped like a key once decoded written as [key]. */
function withoutKeys(text: string): string {
  if (!text.includes('%')) return HAS_KEY.test(text) ? text.replace(KEY_SHAPE, '[key]') : text
  const { decoded, from } = decodedWithOrigins(text)
  if (!HAS_KEY.test(decoded)) return text
  // Each key found in the decoded text replaces the characters of `text` it was decoded from.
  let kept = ''
  let at = 0
  for (const match of decoded.matchAll(KEY_SHAPE)) {
    const start = from[match.index] as number
    kept += `${text.slice(at, start)}[key]`
    at = from[match.index + match[0].length] as number
  }
  return kept + text.slice(at)
}

function cut(text: string): string {
  return text.length > MAX_LOGGED ? `${text.slice(0, MAX_LOGGED)}…` : text
}

/**
 * The request target as it may be logged: the path, and the query with the values of
 * parameters not in `documented` blanked, keys written as [key], at most 512 characters.
 */
export function loggablePath(target: string, documented: readonly string[] = []): string {
  let path = target
  // An absolute-form target (a proxy's request): only its path is ours to log.
  if (!path.startsWith('/')) {
    const scheme = path.indexOf('://')
    const slash = scheme < 0 ? -1 : path.indexOf('/', scheme + 3)
    path = slash < 0 ? '/' : path.slice(slash)
  }
  const mark = path.indexOf('?')
  if (mark < 0) return cut(withoutKeys(path))
  const query = path
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const name = equals < 0 ? pair : pair.slice(0, equals)
      if (equals < 0 || documented.includes(name)) return withoutKeys(pair)
      return `${withoutKeys(name)}=${BLANKED}`
    })
    .join('&')
  return cut(`${withoutKeys(path.slice(0, mark))}?${query}`)
}

/** What a route documents of its query. */
interface Documented {
  readonly query?: Readonly<Record<string, unknown>>
}

const UNROUTED: Documented = {}

/** loggablePath by route, remembered by target: a service sees the same targets again and again. */
export class LoggablePaths {
  readonly #byRoute = new Map<Documented, { names: string[]; paths: BoundedCache<string, string> }>()

  /** The loggable form of `target` on `route` (undefined: no route matched, no parameter documented). */
  of(target: string, route: Documented | undefined): string {
    const key = route ?? UNROUTED
    let known = this.#byRoute.get(key)
    if (known === undefined)
      this.#byRoute.set(key, (known = { names: Object.keys(key.query ?? {}), paths: new BoundedCache(1024) }))
    return known.paths.get(target) ?? known.paths.set(target, loggablePath(target, known.names))
  }
}
