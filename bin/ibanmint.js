#!/usr/bin/env node
// The ibanmint command: the built JavaScript in dist/ (`npm run build` makes it; `npm ci` and
// `npm pack` run the build). Plain Node, no TypeScript loader.
import { existsSync } from 'node:fs'

const main = new URL('../dist/src/cli/main.js', import.meta.url)
if (!existsSync(main)) {
  process.stderr.write('ibanmint: dist/ is missing: run "npm run build" (or "npm ci") first\n')
  process.exit(1)
}
await import(main.href)
