import assert from 'node:assert/strict'
import { test } from 'node:test'
import { gunzipSync } from 'node:zlib'
import { encodeBody } from '../../src/http/compression.ts'
import { buildWebAssets } from '../../src/http/page.ts'

test('files have content-hashed names, gzip copies, and the page references them', async () => {
  const web = await buildWebAssets()
  const names = [...web.files.keys()]
  const html = web.page.body.toString()
  // The script, the stylesheet, the two icons, the UK modulus table, the bank weights, and the
  // bank registry of each of 45 countries.
  assert.equal(names.length, 6 + 45)
  for (const [name, file] of web.files) {
    assert.match(
      name,
      /^(app-[\w-]{16}\.js|style-[\w-]{16}\.css|icon-[\w-]{16}\.svg|touch-icon-[\w-]{16}\.png|(modulus-table|bank-weights)-[\w-]{16}\.json|banks-[a-z]{2}-[\w-]{16}\.txt)$/,
    )
    assert.ok(html.includes(`/assets/${name}`))
    assert.deepEqual(gunzipSync(await encodeBody(file.body, 'gzip')), file.body)
  }
  assert.ok(web.scriptBytes > 10_000 && web.scriptBytes < 200_000, `${web.scriptBytes} bytes`)
  // The registries, the UK modulus table and the bank weights are not in the script: a German
  // bank name appears only in the DE file, a sort-code range only in the table's.
  const script = [...web.files.values()].find((file) => file.name.startsWith('app-'))
  assert.doesNotMatch(script?.body.toString() ?? '', /Sparkasse KölnBonn/)
  assert.doesNotMatch(script?.body.toString() ?? '', /010004 016715 MOD11/)
  assert.doesNotMatch(script?.body.toString() ?? '', /Volksbanken Raiffeisenbanken/)
  assert.doesNotMatch(html, /https?:\/\//, 'no absolute URL: nothing loads from elsewhere')
  // favicon.ico, served under that name (browsers ask for it on every page), is linked as well.
  assert.deepEqual([...web.favicon.subarray(0, 4)], [0, 0, 1, 0])
  assert.match(html, /<link rel="icon" href="\/favicon\.ico" sizes="16x16 32x32 48x48">/)
})

test('a script that cannot be bundled leaves a page that says so, and the error is reported', async () => {
  const errors: unknown[] = []
  const web = await buildWebAssets(
    async () => {
      throw new Error('no esbuild binary')
    },
    (error) => errors.push(error),
  )
  assert.equal(errors.length, 1)
  const script = [...web.files.values()].find((file) => file.name.endsWith('.js'))
  assert.match(script?.body.toString() ?? '', /could not build the page/)
  assert.ok(web.page.body.toString().includes(`/assets/${script?.name}`))
})
