// Amounts of a payment file, in cents: a pure function of the row's draws, the same on every
// engine. Only +, −, ×, ÷ and √ are used (IEEE 754 rounds them exactly), never Math.exp or
// Math.log, whose last bit may differ between JavaScript engines and would move a cent.
import type { ResolvedAmounts } from './options.ts'
import type { RandomSource } from '../random.ts'

const LN2 = 0.6931471805599453

/** e^x by range reduction (x = k ln 2 + r, |r| ≤ ln 2 / 2) and a Taylor series for e^r. */
function exp(x: number): number {
  const k = Math.round(x / LN2)
  const r = x - k * LN2
  let term = 1
  let sum = 1
  for (let n = 1; n < 18; n++) {
    term = (term * r) / n
    sum += term
  }
  let scale = 1
  for (let i = 0; i < Math.abs(k); i++) scale *= 2
  return k >= 0 ? sum * scale : sum / scale
}

/** ln x by Newton's method on exp (only for the options, once per file). */
function log(x: number): number {
  let y = 0
  let scale = x
  while (scale > 2) {
    scale /= 2
    y += LN2
  }
  while (scale < 0.5) {
    scale *= 2
    y -= LN2
  }
  let z = scale - 1
  for (let i = 0; i < 40; i++) z -= 1 - scale / exp(z)
  return y + z
}

const SQRT3 = Math.sqrt(3)
const TWO32 = 0x100000000

/** How a file draws its amounts, prepared once. */
export class AmountDraw {
  readonly #min: number
  readonly #max: number
  readonly #uniform: boolean
  readonly #mu: number
  readonly #sigma: number

  constructor(options: ResolvedAmounts) {
    this.#min = Math.round(options.min * 100)
    this.#max = Math.round(options.max * 100)
    this.#uniform = options.distribution === 'uniform'
    this.#mu = log(options.median * 100)
    this.#sigma = options.spread
  }

  /**
   * An amount in cents from four draws. Log-normal: e^(μ + σz) with z the sum of four uniform
   * draws, centred and scaled to variance 1 (Irwin–Hall: close to normal, tails bounded at
   * ±2√3 σ), clamped to [min, max]. Uniform: evenly in [min, max].
   */
  cents(random: RandomSource): number {
    if (this.#uniform) {
      const u = (random.uint32() * TWO32 + random.uint32()) / (TWO32 * TWO32)
      return this.#min + Math.floor(u * (this.#max - this.#min + 1))
    }
    const sum = random.uint32() / TWO32 + random.uint32() / TWO32 + random.uint32() / TWO32 + random.uint32() / TWO32
    const z = (sum - 2) * SQRT3
    const cents = Math.round(exp(this.#mu + this.#sigma * z))
    return cents < this.#min ? this.#min : cents > this.#max ? this.#max : cents
  }
}

/** 2^52: past it, a running sum of cents moves into the exact part. */
const FLUSH = 2 ** 52

/** An exact sum of many amounts in cents (ten million amounts of up to 10^11 cents exceed 2^53). */
export class CentsSum {
  #small = 0
  #large = 0n

  add(cents: number): void {
    this.#small += cents
    if (this.#small >= FLUSH) {
      this.#large += BigInt(this.#small)
      this.#small = 0
    }
  }

  /** The sum in cents. */
  get total(): bigint {
    return this.#large + BigInt(this.#small)
  }
}

/**
 * Cents as a decimal amount with two decimals and no leading zeros (EPC: 1234.50; 5 → 0.05): the
 * one spelling of amounts in the XML, the control sums and the party columns.
 */
export function decimal(cents: bigint | number): string {
  // An amount's cents are a number below 2^53: its division by 100 is exact, and no BigInt is made.
  if (typeof cents === 'number' && Number.isSafeInteger(cents) && cents >= 0) {
    const rest = cents % 100
    return `${(cents - rest) / 100}.${rest < 10 ? '0' : ''}${rest}`
  }
  const value = typeof cents === 'bigint' ? cents : BigInt(cents)
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(3, '0')
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`
}
