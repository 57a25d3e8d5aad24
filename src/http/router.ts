// Matches a method and path against the route table: an exact-match map for static paths
// first, then the few templated paths ({name} stands for one path segment).
import { BoundedCache } from '../bounded-cache.ts'
import type { Route } from './route.ts'

export type Match =
  { kind: 'route'; route: Route; params: Record<string, string> } | { kind: 'method'; allow: string } | { kind: 'none' }

interface Template {
  pattern: RegExp
  names: string[]
  byMethod: Map<string, Route>
}

const NO_PARAMS: Record<string, string> = Object.freeze({})

/** A path's template and parameters. */
interface Found {
  template: Template
  params: Readonly<Record<string, string>>
}

const FOUND_CACHE_SIZE = 4096

function allowOf(byMethod: Map<string, Route>): string {
  const methods = [...byMethod.keys()]
  if (methods.includes('GET')) methods.push('HEAD')
  return methods.join(', ')
}

export class Router {
  readonly #exact = new Map<string, Map<string, Route>>()
  readonly #templates: Template[] = []
  readonly #found = new BoundedCache<string, Found>(FOUND_CACHE_SIZE)

  constructor(routes: readonly Route[]) {
    for (const route of routes) {
      if (!route.path.includes('{')) {
        const byMethod = this.#exact.get(route.path) ?? new Map<string, Route>()
        byMethod.set(route.method, route)
        this.#exact.set(route.path, byMethod)
        continue
      }
      const names: string[] = []
      const source = route.path
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1]
          if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          names.push(name)
          return '([^/]+)'
        })
        .join('')
      let template = this.#templates.find((t) => t.pattern.source === `^${source}$`)
      if (template === undefined) {
        template = { pattern: new RegExp(`^${source}$`), names, byMethod: new Map() }
        this.#templates.push(template)
      }
      template.byMethod.set(route.method, route)
    }
  }

  match(method: string, path: string): Match {
    const lookup = method === 'HEAD' ? 'GET' : method
    const exact = this.#exact.get(path)
    if (exact !== undefined) {
      const route = exact.get(lookup)
      return route === undefined
        ? { kind: 'method', allow: allowOf(exact) }
        : { kind: 'route', route, params: NO_PARAMS }
    }
    let found: Found | null | undefined = this.#found.get(path)
    if (found === undefined) {
      found = this.#findTemplate(path)
      // Paths repeat (the same country, the same IBAN): their template and parameters are
      // kept, frozen, for the next request; a full cache starts over.
      if (found !== null) {
        this.#found.set(path, found)
      }
    }
    if (found === null) return { kind: 'none' }
    const route = found.template.byMethod.get(lookup)
    if (route === undefined) return { kind: 'method', allow: allowOf(found.template.byMethod) }
    return { kind: 'route', route, params: found.params }
  }

  #findTemplate(path: string): Found | null {
    for (const template of this.#templates) {
      const groups = template.pattern.exec(path)
      if (groups === null) continue
      const params: Record<string, string> = {}
      template.names.forEach((name, i) => (params[name] = groups[i + 1] as string))
      return { template, params: Object.freeze(params) }
    }
    return null
  }
}
