// The Bundesbank's account check methods by id: every method of the specification
// ("Prüfzifferberechnungsmethoden zur Prüfung von Kontonummern auf ihre Richtigkeit"), 00 to E4.
// A German bank code names one of them (the bank data's `method`); validation runs it on the
// account, generation makes accounts from its layout (types.ts). The type of the table makes
// the compiler ask for every id.
import { methods00To29 } from './methods-00-29.ts'
import { methods30To59 } from './methods-30-59.ts'
import { methods60To89 } from './methods-60-89.ts'
import { methods90ToB9 } from './methods-90-b9.ts'
import { methodsC0ToE4 } from './methods-c0-e4.ts'
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

// The table is made on first use: loading the library builds none of its 155 methods.
let methods: Readonly<Record<DeMethodId, AccountMethod>> | undefined

/** The method of an id. */
export function deAccountMethod(id: DeMethodId): AccountMethod {
  methods ??= {
    ...methods00To29(),
    ...methods30To59(),
    ...methods60To89(),
    ...methods90ToB9(),
    ...methodsC0ToE4(),
  }
  return methods[id]
}

const IDS: ReadonlySet<string> = new Set(DE_METHOD_IDS)

/** True when `id` is a method id of the specification. */
export function isDeMethodId(id: string): id is DeMethodId {
  return IDS.has(id)
}
