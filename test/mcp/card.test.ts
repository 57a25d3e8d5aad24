// The server card and the MCP catalog made from PUBLIC_URL: the card's name is the reverse-DNS
// form of the public host, whatever the host is, and the card passes the draft's schema.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { buildCatalog, buildServerCard } from '../../src/mcp/card.ts'
import { SERVER_CARD_DRAFT } from './server-card-draft.ts'

const validate = new Ajv2020({ strict: true }).compile(SERVER_CARD_DRAFT)

test('the card is named by the public host: reverse DNS for a domain, the host itself otherwise', () => {
  const cases: [string, string][] = [
    ['https://mint.example.com', 'com.example.mint/ibanmint'],
    ['https://MINT.Example.com:8443/base', 'com.example.mint/ibanmint'],
    ['http://127.0.0.1:8080', '127.0.0.1/ibanmint'],
    ['http://localhost:8080', 'localhost/ibanmint'],
    ['http://[::1]:8080', '--1/ibanmint'],
    ['http://[2001:db8::5]', '2001-db8--5/ibanmint'],
  ]
  for (const [publicUrl, name] of cases) {
    const card = buildServerCard(publicUrl)
    assert.equal(card.name, name, publicUrl)
    assert.ok(validate(card), `${publicUrl}: ${JSON.stringify(validate.errors)}`)
    assert.equal(card.remotes[0]?.url, `${publicUrl}/mcp`)
  }
})

test('the catalog names the card’s URL, its media type and the publisher’s domain', () => {
  assert.deepEqual(buildCatalog('https://mint.example.com'), {
    specVersion: 'draft',
    entries: [
      {
        identifier: 'urn:air:mint.example.com:ibanmint',
        displayName: 'ibanmint test IBANs',
        type: 'application/mcp-server-card+json',
        url: 'https://mint.example.com/mcp/server-card',
      },
    ],
  })
})
