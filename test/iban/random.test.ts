import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  CryptoRandom,
  SeededRandom,
  fillAlphanumerics,
  fillDigits,
  fillLetters,
  randomBelow,
  type RandomSource,
} from '../../src/iban/random.ts'

function draw(random: RandomSource, n: number): number[] {
  return Array.from({ length: n }, () => random.uint32())
}

/** Pearson's chi-square statistic of observed counts against a uniform expectation. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0)
  const expected = total / counts.length
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0)
}

test('the same seed and stream give the same numbers; other seeds and streams differ', () => {
  assert.deepEqual(draw(new SeededRandom('42'), 8), draw(new SeededRandom('42'), 8))
  assert.notDeepEqual(draw(new SeededRandom('42'), 8), draw(new SeededRandom('43'), 8))
  assert.notDeepEqual(draw(new SeededRandom('42', 0), 8), draw(new SeededRandom('42', 1), 8))
  assert.notDeepEqual(draw(new SeededRandom(''), 8), draw(new SeededRandom('', 1), 8))
})

test('the seeded stream is pinned: output for seed "42" never changes across versions', () => {
  assert.deepEqual(draw(new SeededRandom('42'), 4), [1543776933, 3032772510, 1606123411, 2244049151])
  assert.deepEqual(draw(new SeededRandom('42', 7), 2), [3818484886, 3609723583])
})

test('every value is an unsigned 32-bit integer', () => {
  for (const random of [new CryptoRandom(), new SeededRandom('x')]) {
    for (const value of draw(random, 5000)) assert.ok(Number.isInteger(value) && value >= 0 && value < 2 ** 32)
  }
})

test('randomBelow stays in range and is uniform (chi-square, 9 degrees of freedom)', () => {
  const random = new SeededRandom('uniform')
  const counts = new Array<number>(10).fill(0)
  for (let i = 0; i < 100_000; i++) {
    const value = randomBelow(random, 10)
    assert.ok(value >= 0 && value < 10)
    counts[value]! += 1
  }
  assert.ok(chiSquare(counts) < 27.9, `chi-square ${chiSquare(counts)}`) // p = 0.001
})

test('digits, letters and alphanumerics are uniform at every position', () => {
  const random = new SeededRandom('chars')
  const cases: [typeof fillDigits, number, number, number][] = [
    [fillDigits, 48, 10, 29.6],
    [fillLetters, 65, 26, 52.6],
    [fillAlphanumerics, 0, 36, 66.6],
  ]
  for (const [fill, base, size, limit] of cases) {
    const width = 11
    const counts = Array.from({ length: width }, () => new Array<number>(size).fill(0))
    const out = new Uint8Array(width)
    for (let i = 0; i < 40_000; i++) {
      fill(random, out, 0, width)
      for (let p = 0; p < width; p++) {
        const code = out[p]!
        const index = base !== 0 ? code - base : code <= 57 ? code - 48 : code - 55
        assert.ok(index >= 0 && index < size, `${fill.name} wrote ${code}`)
        counts[p]![index]! += 1
      }
    }
    for (const column of counts) assert.ok(chiSquare(column) < limit, `${fill.name}: chi-square ${chiSquare(column)}`)
  }
})
