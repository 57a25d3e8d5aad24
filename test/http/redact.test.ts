import assert from 'node:assert/strict'
import { test } from 'node:test'
import { LoggablePaths, loggablePath, looksLikeKey } from '../../src/http/redact.ts'

const KEY = 'imk_AbCdEfGh1234_0123456789abcdefghijABCDEFGHIJklmn'

const CASES: [string, readonly string[], string][] = [
  ['/api/v1/generate/DE?count=5&seed=42', ['count', 'seed'], '/api/v1/generate/DE?count=5&seed=42'],
  // Values of parameters the route does not document are blanked: they may be anyone's secrets.
  [
    '/api/v1/generate/DE?count=5&api_key=abc&token=xyz',
    ['count'],
    '/api/v1/generate/DE?count=5&api_key=[redacted]&token=[redacted]',
  ],
  ['/nowhere?password=hunter2&flag', [], '/nowhere?password=[redacted]&flag'],
  // A key is written as [key] wherever it appears: path, a documented value, a bare name.
  [`/api/v1/validate/${KEY}`, [], '/api/v1/validate/[key]'],
  [`/api/v1/generate/DE?seed=${KEY}`, ['seed'], '/api/v1/generate/DE?seed=[key]'],
  [`/x?${KEY}`, [], '/x?[key]'],
  [`/x/IMK%5F${KEY.slice(4)}`, [], '/x/[key]'],
  // Redacted after decoding: a key percent-encoded (upper or lower hex, any of its characters,
  // encoded more than once), in the path or the query, after a '+' (a space in a query).
  [`/api/v1/validate/%69mk_${KEY.slice(4)}`, [], '/api/v1/validate/[key]'],
  [`/api/v1/validate/%49%4D%4B%5F${KEY.slice(4)}`, [], '/api/v1/validate/[key]'],
  [`/api/v1/validate/i%6dk_${KEY.slice(4, 20)}%5a${KEY.slice(21)}`, [], '/api/v1/validate/[key]'],
  [`/api/v1/validate/%2569mk_${KEY.slice(4)}`, [], '/api/v1/validate/[key]'],
  [`/api/v1/validate/%252569mk%255F${KEY.slice(4)}`, [], '/api/v1/validate/[key]'],
  [`/api/v1/generate/DE?seed=%69mk_${KEY.slice(4)}`, ['seed'], '/api/v1/generate/DE?seed=[key]'],
  [`/api/v1/generate/DE?seed=my+key+%69mk_${KEY.slice(4)}+end`, ['seed'], '/api/v1/generate/DE?seed=my+key+[key]+end'],
  [`/api/v1/generate/DE?%69mk_${KEY.slice(4)}=1`, [], '/api/v1/generate/DE?[key]=[redacted]'],
  [`/x/a%2F%69mk_${KEY.slice(4)}%2Fb`, [], '/x/a%2F[key]%2Fb'],
  // Other escapes are left as they are.
  ['/x/caf%C3%A9%20ok?seed=%41', ['seed'], '/x/caf%C3%A9%20ok?seed=%41'],
  // An absolute-form target: scheme and authority (with its password) are not logged.
  ['http://user:secret@example.com/api/v1?x=1', [], '/api/v1?x=[redacted]'],
  ['http://user:secret@example.com', [], '/'],
]

for (const [target, documented, expected] of CASES) {
  test(`loggablePath(${JSON.stringify(target.slice(0, 60))}, [${documented.join(', ')}]) → ${expected}`, () => {
    assert.equal(loggablePath(target, documented), expected)
  })
}

test('a logged path is cut at 512 characters', () => {
  const logged = loggablePath(`/${'a'.repeat(2_000)}`)
  assert.equal(logged.length, 513)
  assert.ok(logged.endsWith('…'))
})

test('LoggablePaths keeps each route’s documented parameters apart for the same target', () => {
  const paths = new LoggablePaths()
  const route = { query: { count: {} } }
  assert.equal(paths.of('/a?count=1', route), '/a?count=1')
  assert.equal(paths.of('/a?count=1', undefined), '/a?count=[redacted]')
  assert.equal(paths.of('/a?count=1', route), '/a?count=1')
})

test('looksLikeKey: our key prefix in any case, percent-encoded any number of times; nothing else', () => {
  assert.equal(looksLikeKey(KEY), true)
  assert.equal(looksLikeKey('x-IMK_abc'), true)
  assert.equal(looksLikeKey('imk%5fabc'), true)
  assert.equal(looksLikeKey('%69mk_abc'), true)
  assert.equal(looksLikeKey('%2569mk_abc'), true)
  assert.equal(looksLikeKey('mi5x1k-1a'), false)
  assert.equal(looksLikeKey('DE89370400440532013000'), false)
})
