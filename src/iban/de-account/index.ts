// The Bundesbank's account check methods by id: every method of the specification
// ("Prüfzifferberechnungsmethoden zur Prüfung von Kontonummern auf ihre Richtigkeit"), 00 to E4.
// A German bank code names one of them (the bank data's `method`); validation runs it on the
// account, generation makes accounts from its layout (types.ts). The type of the table makes
// the compiler ask for every id.
import { METHODS_00_29 } from './methods-00-29.ts'
import { METHODS_30_59 } from './methods-30-59.ts'
import { METHODS_60_89 } from './methods-60-89.ts'
import { METHODS_90_B9 } from './methods-90-b9.ts'
import { METHODS_C0_E4 } from './methods-c0-e4.ts'
import type { AccountMethod, Decimal } from './types.ts'

export type { AccountLayout, AccountMethod, DerivedDigit, Digits } from './types.ts'

const HEX = ['A', 'B', 'C', 'D'] as const
/** Every method id of the specification: 00–99, A0–D9, E0–E4. */
export const DE_METHOD_IDS = [
  ...Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0')),
  ...HEX.flatMap((letter) => Array.from({ length: 10 }, (_, n) => `${letter}${n}`)),
  'E0',
  'E1',
  'E2',
  'E3',
  'E4',
] as readonly string[] as readonly DeMethodId[]

/** A Bundesbank check method id. */
export type DeMethodId = `${Decimal}${Decimal}` | `${(typeof HEX)[number]}${Decimal}` | 'E0' | 'E1' | 'E2' | 'E3' | 'E4'

/** Every method by id. */
export const DE_ACCOUNT_METHODS: Readonly<Record<DeMethodId, AccountMethod>> = {
  ...METHODS_00_29,
  ...METHODS_30_59,
  ...METHODS_60_89,
  ...METHODS_90_B9,
  ...METHODS_C0_E4,
}

const IDS: ReadonlySet<string> = new Set(DE_METHOD_IDS)

/** True when `id` is a method id of the specification. */
export function isDeMethodId(id: string): id is DeMethodId {
  return IDS.has(id)
}
