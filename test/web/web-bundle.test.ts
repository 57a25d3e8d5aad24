// scripts/web-bundle.mjs: the page's script is bundled with every stand-in of STAND_INS in place
// of the module it replaces (the registries, the UK modulus table, the bank weights, the party
// data and the payment formats), none of the replaced modules in it.
import assert from 'node:assert/strict'
import { relative } from 'node:path'
import { test } from 'node:test'
import { build, type BuildOptions } from 'esbuild'

const ROOT = new URL('../../', import.meta.url)

interface WebBundle {
  STAND_INS: Map<string, string>
  webBundleOptions: BuildOptions
}

test('every module of STAND_INS is replaced by its stand-in in the page’s script', async () => {
  const { STAND_INS, webBundleOptions } = (await import(new URL('scripts/web-bundle.mjs', ROOT).href)) as WebBundle
  assert.ok(STAND_INS.size >= 6, `${STAND_INS.size} stand-ins`)
  const result = await build({ ...webBundleOptions, write: false, metafile: true, logLevel: 'silent' })
  const inputs = new Set(Object.keys(result.metafile.inputs))
  const cwd = process.cwd()
  for (const [replaced, standIn] of STAND_INS) {
    assert.ok(!inputs.has(relative(cwd, replaced)), `${relative(cwd, replaced)} is not bundled`)
    assert.ok(inputs.has(relative(cwd, standIn)), `${relative(cwd, standIn)} is bundled`)
  }
})
