// Random sources for generation: a cryptographically strong default and a seeded stream that
// gives the same output on every machine. Draws are unbiased: values that would skew a
// modulo are rejected and drawn again. Only Web Crypto is used, so this also runs in browsers.

/** A source of uniformly distributed 32-bit unsigned integers. */
export interface RandomSource {
  uint32(): number
}

const CRYPTO_BLOCK = 1024

/** The default source: Web Crypto `getRandomValues`, drawn in blocks of 4 KiB. */
export class CryptoRandom implements RandomSource {
  readonly #block = new Uint32Array(CRYPTO_BLOCK)
  #next = CRYPTO_BLOCK

  uint32(): number {
    if (this.#next === CRYPTO_BLOCK) {
      globalThis.crypto.getRandomValues(this.#block)
      this.#next = 0
    }
    return this.#block[this.#next++] as number
  }
}

/**
 * A seeded stream (ibanmint seeded stream, version 1). Same seed and stream index give the
 * same numbers everywhere:
 *   1. hash the seed's UTF-16 code units into four 32-bit lanes (multiply–xorshift per lane);
 *   2. mix the stream index (the batch number) through SplitMix32 into a 32-bit value m and
 *      set lane i to SplitMix32(hash_i XOR SplitMix32(m + i)) (lane 0: m itself); an
 *      all-zero state is replaced by a constant;
 *   3. draw with xoshiro128** (Blackman and Vigna, 2018).
 * The algorithm is part of the output contract: changing it changes every seeded IBAN.
 */
export class SeededRandom implements RandomSource {
  #s0: number
  #s1: number
  #s2: number
  #s3: number

  constructor(seed: string, stream = 0) {
    let h0 = 0x243f6a88
    let h1 = 0x85a308d3
    let h2 = 0x13198a2e
    let h3 = 0x03707344
    for (let i = 0; i < seed.length; i++) {
      const unit = seed.charCodeAt(i)
      h0 = Math.imul(h0 ^ unit, 0x9e3779b1)
      h1 = Math.imul(h1 ^ unit, 0x85ebca77)
      h2 = Math.imul(h2 ^ unit, 0xc2b2ae3d)
      h3 = Math.imul(h3 ^ unit, 0x27d4eb2f)
      h0 ^= h1 >>> 15
      h1 ^= h2 >>> 13
      h2 ^= h3 >>> 16
      h3 ^= h0 >>> 11
    }
    const low = stream >>> 0
    const high = Math.floor(stream / 0x100000000) >>> 0
    const mix = splitMix32(low ^ splitMix32(high ^ seed.length))
    this.#s0 = splitMix32(h0 ^ mix)
    this.#s1 = splitMix32(h1 ^ splitMix32(mix + 1))
    this.#s2 = splitMix32(h2 ^ splitMix32(mix + 2))
    this.#s3 = splitMix32(h3 ^ splitMix32(mix + 3))
    if ((this.#s0 | this.#s1 | this.#s2 | this.#s3) === 0) this.#s0 = 0x9e3779b9
  }

  uint32(): number {
    const s1 = this.#s1
    const result = Math.imul(rotateLeft(Math.imul(s1, 5), 7), 9)
    const t = s1 << 9
    this.#s2 ^= this.#s0
    this.#s3 ^= s1
    this.#s1 ^= this.#s2
    this.#s0 ^= this.#s3
    this.#s2 ^= t
    this.#s3 = rotateLeft(this.#s3, 11)
    return result >>> 0
  }
}

function rotateLeft(value: number, bits: number): number {
  return (value << bits) | (value >>> (32 - bits))
}

function splitMix32(value: number): number {
  let z = (value + 0x9e3779b9) | 0
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
  return (z ^ (z >>> 16)) >>> 0
}

/** An integer in [0, bound) without modulo bias (bound ≤ 2^32). */
export function randomBelow(random: RandomSource, bound: number): number {
  const limit = 0x100000000 - (0x100000000 % bound)
  let value = random.uint32()
  while (value >= limit) value = random.uint32()
  return value % bound
}

// Several characters come from one 32-bit draw; the limits are the largest multiples of
// 10^9, 26^6 and 36^5 below 2^32, so every character stays uniform (reject ≤ 7%, 6.5%, 0.04%).
// The three fillers are twins on purpose: with the radix a constant, V8 turns `% 10` and
// `/ 10` into multiplications; a shared filler with a variable radix made CSV output 15% slower.
const DIGIT_LIMIT = 4_000_000_000
const LETTER_LIMIT = 4_015_905_088
const ALNUM_LIMIT = 4_293_098_496
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** Writes `length` random ASCII digits into `out` from `offset`. */
export function fillDigits(random: RandomSource, out: Uint8Array, offset: number, length: number): void {
  let i = offset
  const end = offset + length
  while (i < end) {
    let value = random.uint32()
    if (value >= DIGIT_LIMIT) continue
    for (let k = 0; k < 9 && i < end; k++) {
      out[i++] = 48 + (value % 10)
      value = (value / 10) >>> 0
    }
  }
}

/** Writes `length` random upper-case ASCII letters into `out` from `offset`. */
export function fillLetters(random: RandomSource, out: Uint8Array, offset: number, length: number): void {
  let i = offset
  const end = offset + length
  while (i < end) {
    let value = random.uint32()
    if (value >= LETTER_LIMIT) continue
    for (let k = 0; k < 6 && i < end; k++) {
      out[i++] = 65 + (value % 26)
      value = (value / 26) >>> 0
    }
  }
}

/** Writes `length` random characters of 0-9A-Z into `out` from `offset`. */
export function fillAlphanumerics(random: RandomSource, out: Uint8Array, offset: number, length: number): void {
  let i = offset
  const end = offset + length
  while (i < end) {
    let value = random.uint32()
    if (value >= ALNUM_LIMIT) continue
    for (let k = 0; k < 5 && i < end; k++) {
      out[i++] = ALNUM.charCodeAt(value % 36)
      value = (value / 36) >>> 0
    }
  }
}
