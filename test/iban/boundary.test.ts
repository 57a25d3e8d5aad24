import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { test } from 'node:test'

// src/iban is the pure core: it also runs in browsers, so it may import only its own files (a
// scheme's folder may import the shared modules beside it, never anything outside src/iban).
// ESLint enforces the same rule; this test keeps it even when lint is skipped.
test('src/iban imports nothing but its own modules (no node:, no packages, nothing outside src/iban)', () => {
  const dir = join(import.meta.dirname, '..', '..', 'src', 'iban')
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
  assert.ok(files.includes('de-account/index.ts'))
  const offending: string[] = []
  for (const file of files) {
    const source = readFileSync(join(dir, file), 'utf8')
    for (const [, specifier] of source.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)) {
      const inside = !relative(dir, join(dir, dirname(file), specifier ?? '')).startsWith('..')
      if (!specifier?.startsWith('.') || !inside) offending.push(`${file}: ${specifier}`)
    }
    for (const [, specifier] of source.matchAll(/import\(\s*['"]([^'"]+)['"]/g)) offending.push(`${file}: ${specifier}`)
    if (/\bprocess\.|\brequire\(/.test(source)) offending.push(`${file}: uses process or require`)
  }
  assert.deepEqual(offending, [])
})
