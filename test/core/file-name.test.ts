import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fileNameOf } from '../../src/core/file-name.ts'

test('fileNameOf names row files, payment files and slices alike on every surface', () => {
  assert.equal(fileNameOf(['DE'], 10, 'csv'), 'ibans-de-10.csv')
  assert.equal(fileNameOf(['DE', 'FR'], 5, 'pain.001'), 'pain.001-de-fr-5.xml')
  assert.equal(fileNameOf(['AT', 'BE', 'CH', 'DE', 'FR'], 5, 'camt.053'), 'camt.053-mixed-5.xml')
  assert.equal(fileNameOf(['DE'], 100, 'ndjson', { index: 2, count: 4 }), 'ibans-de-100-part-2-of-4.ndjson')
})
