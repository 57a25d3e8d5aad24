// What of a request may be written to a log. Keys travel in headers, which are never logged, but
// a client may put a credential where it does not belong: its API key in the path or the query
// (`?api_key=…`, a key pasted as an IBAN), a token of another service in a parameter we do not
// know, a password in an absolute-form target (`GET http://user:pass@host/…`), or its key as its
// X-Request-Id. So a logged path keeps the query parameters its route documents and blanks the
// values of the others, drops a target's scheme and authority, and anything shaped like one of
// our keys, wherever it appears, is written as [key].
import { BoundedCache } from '../bounded-cache.ts'

/** `imk_` and what follows it in the key's alphabet, also percent-encoded (`imk%5F…`) or in any case. */
const KEY_SHAPE = /imk(?:_|%5f)[\w%]*/gi
const HAS_KEY = /imk(?:_|%5f)/i
/** Longest path and query written; a longer one is cut with '…'. */
const MAX_LOGGED = 512
/** A value of an undocumented parameter, written instead of it. */
const BLANKED = '[redacted]'

/** Whether a text holds something shaped like an API key (or its start). */
export function looksLikeKey(text: string): boolean {
  return HAS_KEY.test(text)
}

/** The text with anything shaped like a key written as [key]. */
export function withoutKeys(text: string): string {
  return HAS_KEY.test(text) ? text.replace(KEY_SHAPE, '[key]') : text
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
