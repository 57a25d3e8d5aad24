// Matches a method and path against the route table: an exact-match map for static paths
// first, then the few templated paths ({name} stands for one path segment).
import type { Route } from './route.ts'

export type Match =
  { kind: 'route'; route: Route; params: Record<string, string> } | { kind: 'method'; allow: string } | { kind: 'none' }

interface Template {
  pattern: RegExp
  names: string[]
  byMethod: Map<string, Route>
}

const NO_PARAMS: Record<string, string> = Object.freeze({})

function allowOf(byMethod: Map<string, Route>): string {
  const methods = [...byMethod.keys()]
  if (methods.includes('GET')) methods.push('HEAD')
  return methods.join(', ')
}

export class Router {
  readonly #exact = new Map<string, Map<string, Route>>()
  readonly #templates: Template[] = []

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
    for (const template of this.#templates) {
      const found = template.pattern.exec(path)
      if (found === null) continue
      const route = template.byMethod.get(lookup)
      if (route === undefined) return { kind: 'method', allow: allowOf(template.byMethod) }
      const params: Record<string, string> = {}
      template.names.forEach((name, i) => (params[name] = found[i + 1] as string))
      return { kind: 'route', route, params }
    }
    return { kind: 'none' }
  }
}
