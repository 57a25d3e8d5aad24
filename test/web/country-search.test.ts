// The page's country search (src/web/country-search.ts), as a table of what people type and
// what they must get first: an exact code wins (NO is Norway, not Lebanon, which holds "no"),
// then UK for GB, then names by prefix, by a later word's prefix, by substring; territories
// after countries unless their own code is typed; accents and case do not matter. The same
// table runs in Chromium through the page itself (page.test.ts).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { COUNTRIES, TERRITORIES } from '../../src/iban/index.ts'
import { searchCountries, type Searchable } from '../../src/web/country-search.ts'
import { SEARCH_CASES } from './search-cases.ts'

const ENTRIES: Searchable[] = [
  ...COUNTRIES.map((c) => ({ code: c.code, name: c.name, ibanCountry: c.code })),
  ...TERRITORIES.map((t) => ({ code: t.code, name: t.name, ibanCountry: t.iban_country })),
]

for (const [typed, first] of SEARCH_CASES) {
  test(`search ${JSON.stringify(typed)} lists ${first.join(', ') || 'nothing'} first`, () => {
    const found = searchCountries(ENTRIES, typed).map((entry) => entry.code)
    assert.deepEqual(found.slice(0, first.length), first, found.join(' '))
    if (first.length === 0) assert.deepEqual(found, [])
  })
}

test('every one of the 91 codes and 16 territory codes, typed exactly in either case, comes first', () => {
  assert.equal(ENTRIES.length, 107)
  for (const { code } of ENTRIES) {
    for (const typed of [code, code.toLowerCase()]) assert.equal(searchCountries(ENTRIES, typed)[0]?.code, code, typed)
  }
})

test('an empty search lists everything in the order given', () => {
  assert.deepEqual(searchCountries(ENTRIES, ''), ENTRIES)
  assert.deepEqual(searchCountries(ENTRIES, '   '), ENTRIES)
})

test('within a rank, countries come before territories: "gu" lists Guatemala, then Guadeloupe and Guernsey', () => {
  assert.deepEqual(
    searchCountries(ENTRIES, 'gu')
      .slice(0, 3)
      .map((entry) => entry.code),
    ['GT', 'GP', 'GG'],
  )
})
