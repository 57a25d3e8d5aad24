import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseString } from 'fast-csv'
import { csvCell } from '../../src/formats/csv-cell.ts'

// CSV cells that a spreadsheet opens as text: formula-leading cells are escaped as OWASP
// advises, plain values are left alone, and every cell reads back as what was meant.

const readBack = (line: string): Promise<string[]> =>
  new Promise((resolve, reject) => {
    parseString(line, { headers: false })
      .on('data', (row: string[]) => resolve(row))
      .on('error', reject)
  })

test('cells that begin like a formula get a single quote before them, inside quotes', async () => {
  const cases: [string, string][] = [
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ["@SUM(1+1)*cmd|' /C calc'!A0", `"'@SUM(1+1)*cmd|' /C calc'!A0"`],
    ['+1+1', `"'+1+1"`],
    ['-1+1', `"'-1+1"`],
    ['-2+3,4', `"'-2+3,4"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
  ]
  for (const [text, cell] of cases) {
    assert.equal(csvCell(text), cell, JSON.stringify(text))
    assert.deepEqual(await readBack(`${cell},x`), [`'${text}`, 'x'])
  }
})

test('plain values are left alone: letters and digits, negative numbers; separators and quotes are quoted', () => {
  assert.equal(csvCell('DE89370400440532013000'), 'DE89370400440532013000')
  assert.equal(csvCell('Deutsche Bank'), 'Deutsche Bank')
  assert.equal(csvCell('-12'), '-12')
  assert.equal(csvCell('-1.5'), '-1.5')
  assert.equal(csvCell(''), '')
  assert.equal(csvCell('Smith, Bob'), '"Smith, Bob"')
  assert.equal(csvCell('a;b'), '"a;b"')
  assert.equal(csvCell('say "hi"'), '"say ""hi"""')
  assert.equal(csvCell('two\nlines'), '"two\nlines"')
})
