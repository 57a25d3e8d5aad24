// Keyed permutations of [0, size) and a per-row random source: the two pieces that make a
// seeded dataset a fixed, duplicate-free sequence whose row i can be minted on its own, on any
// thread, in any order. Pure arithmetic on doubles and 32-bit integers; runs in browsers.
import type { RandomSource } from './random.ts'

/** Largest domain a Permutation accepts: both Feistel halves stay below 2^26. */
export const MAX_PERMUTATION_SIZE = 2 ** 52

/** A 32-bit finalizer (MurmurHash3's fmix32): every input bit affects every output bit. */
export function mix32(value: number): number {
  let h = value | 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** A 32-bit hash reduced to [0, range) (range < 2^31): 32-bit integer arithmetic only. */
function scaled(hash: number, range: number): number {
  return (hash >>> 1) % range
}

/**
 * A keyed bijection of [0, size): a three-round alternating Feistel network over
 * [0, a) × [0, b) with a = ⌈√size⌉ and b = ⌈size / a⌉, so a × b ≥ size, and cycle-walking
 * (apply again while the result is ≥ size) to stay inside [0, size). Each round adds a keyed
 * hash of one half to the other modulo that half's range, which an inverse round subtracts:
 * distinct inputs give distinct outputs by construction. Cycle-walking preserves that, and
 * since a × b − size < a ≤ √size + 1, a walk of more than one step is rare.
 */
export class Permutation {
  readonly size: number
  readonly #a: number
  readonly #b: number
  readonly #k0: number
  readonly #k1: number
  readonly #k2: number

  /** `keys` holds three 32-bit round keys (more are ignored). */
  constructor(size: number, keys: readonly number[]) {
    if (!Number.isSafeInteger(size) || size < 1 || size > MAX_PERMUTATION_SIZE) {
      throw new RangeError(`permutation size must be an integer from 1 to 2^52, not ${size}`)
    }
    this.size = size
    this.#a = Math.ceil(Math.sqrt(size))
    this.#b = Math.ceil(size / this.#a)
    this.#k0 = (keys[0] ?? 0) | 0
    this.#k1 = (keys[1] ?? 0) | 0
    this.#k2 = (keys[2] ?? 0) | 0
  }

  /** The image of `index` (0 ≤ index < size). */
  at(index: number): number {
    const a = this.#a
    const b = this.#b
    let x = index
    do {
      let left = Math.floor(x / b)
      let right = x - left * b
      left += scaled(mix32(right ^ this.#k0), a)
      if (left >= a) left -= a
      right += scaled(mix32(left ^ this.#k1), b)
      if (right >= b) right -= b
      left += scaled(mix32(right ^ this.#k2), a)
      if (left >= a) left -= a
      x = left * b + right
    } while (x >= this.size)
    return x
  }
}

/**
 * A random source for one row: reset to (key, row index) before the row is minted, so a row's
 * draws depend on nothing but the dataset's key and its index (SplitMix32 steps). The state
 * is mixed on the first draw, so rows that draw nothing cost nothing.
 */
export class RowRandom implements RandomSource {
  readonly #key: number
  #index = 0
  #state = 0
  #fresh = false

  constructor(key: number) {
    this.#key = key | 0
  }

  /** Starts the draws of row `index` (any safe non-negative integer). */
  reset(index: number): void {
    this.#index = index
    this.#fresh = true
  }

  /** @public the next draw (a RandomSource, called through that interface) */
  uint32(): number {
    if (this.#fresh) {
      const index = this.#index
      const high = Math.floor(index / 0x100000000)
      this.#state = mix32(this.#key ^ mix32((index >>> 0) ^ mix32(high + this.#key)))
      this.#fresh = false
    }
    this.#state = (this.#state + 0x9e3779b9) | 0
    return mix32(this.#state)
  }
}
