// Every export of the library entry (src/iban/index.ts, the API of @ibanmint/iban) carries TSDoc.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

test('every export of the library entry has a TSDoc comment', () => {
  const entry = fileURLToPath(new URL('../../src/iban/index.ts', import.meta.url))
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
  })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(entry)
  assert.ok(source)
  const module = checker.getSymbolAtLocation(source)
  assert.ok(module)
  const exports = checker.getExportsOfModule(module)
  assert.ok(exports.length > 30, `${exports.length} exports`)
  const undocumented = exports
    .filter((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      return ts.displayPartsToString(target.getDocumentationComment(checker)).trim() === ''
    })
    .map((symbol) => symbol.name)
  assert.deepEqual(undocumented, [])
})
