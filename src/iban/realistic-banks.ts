// The banks realistic rows draw from. A national bank registry lists every code a bank or a
// payment system uses, and not every one is a place where customers keep accounts. Realistic
// rows draw only from those that are, by one rule applied to every registry:
//
//   A registry entry is left out of realistic draws when
//   1. it is a central bank: its BIC's first six characters (institution and country) are a
//      national central bank's (CENTRAL_BANKS: every central bank the registries list), or
//   2. its name marks a code for a bank's own operations rather than customers' accounts: a
//      word ITGK or PCC (German banks' internal and payment clearing centre codes), Settlement
//      or Verrechnung, Clearing, Processing, Transit, or GAA (codes of cash machines), or
//   3. its name marks the code as replaced: "-alt-" (the Bundesbank's mark of a bank merged
//      into another, its code kept only until accounts move).
//
// The entries stay in the registry: `bank=` takes every registered code, validation knows them
// all, and the bank lists show them. A country's account scheme then says how each bank is
// drawn (GB: only banks with publicly known sort codes, each with those of its sort codes the
// modulus table checks; uk-modulus/scheme.ts).
import type { AccountKind } from './account-scheme.ts'
import { schemeOf } from './account-schemes.ts'
import { banksOf, type BankRow } from './banks.ts'
import type { CountrySpec } from './registry.ts'

/**
 * The BICs' first six characters (bank and country) of the central banks the registries list:
 * AE, AT, BE, CH, CR, CY, CZ, DE, DK, EE, FR, GE, GR, HR, HU, IE, IT, KZ, LT, LU, LV, MD, ME,
 * NL, PL, PT, RO, SA, SI, SK (the Bundesbank is MARKDE, the Banque de France BDFEFR, …).
 */
const CENTRAL_BANKS: ReadonlySet<string> = new Set(
  (
    'CBAUAE NABAAT NBBEBE SNBZCH BCCRCR CBCYCY CNBACZ MARKDE DKNBDK EPBEEE BDFEFR BNLNGE BNGRGR NBHRHR MANEHU ' +
    'IRCEIE BITAIT NBRKKZ LIABLT BCLXLU LACBLV NBMDMD CBCGME FLORNL NBPLPL BGALPT NBORRO SAMASA BSLJSI NBSBSK'
  ).split(' '),
)

/** Words of a name that mark a code for a bank's own operations (whole words, any case). */
const OPERATIONS = /(?:^|[\s,(/])(?:ITGK|PCC|Settlement|Verrechnung|Clearing|Processing|Transit|GAA)(?=$|[\s,)/\d-])/i
/** The mark of a replaced code. */
const REPLACED = /-alt-/i

/** True when customers hold accounts at the registry entry (see the rule at the top). */
export function holdsCustomerAccounts(bank: Pick<BankRow, 'name' | 'bic'>): boolean {
  return notDrawnBecause(bank) === undefined
}

/** Why a bank is not drawn by realistic rows (for messages), or undefined when it is. */
export function notDrawnBecause(bank: Pick<BankRow, 'name' | 'bic'>): string | undefined {
  if (bank.bic !== undefined && CENTRAL_BANKS.has(bank.bic.slice(0, 6))) return 'it is a central bank'
  if (REPLACED.test(bank.name)) return 'the registry marks its code as replaced (-alt-)'
  if (OPERATIONS.test(bank.name)) return 'its code serves the bank’s own operations, not customers’ accounts'
  return undefined
}

const DRAWN = new Map<string, readonly BankRow[]>()

/**
 * The banks realistic rows of a country draw from, each with an equal share: its banks where
 * customers hold accounts, as its account scheme draws them for accounts of `kind`.
 * `checkedOnly`: only banks whose accounts the scheme checks (negative data of the scheme).
 */
export function realisticBanks(spec: CountrySpec, kind: AccountKind, checkedOnly: boolean): readonly BankRow[] {
  const key = `${spec.code}${kind}${checkedOnly ? '!' : ''}`
  let banks = DRAWN.get(key)
  if (banks === undefined) {
    let rows = banksOf(spec.code).filter(holdsCustomerAccounts)
    const scheme = schemeOf(spec)
    if (scheme !== undefined) {
      if (checkedOnly) rows = rows.filter((row) => scheme.checks(row))
      rows = rows.flatMap((row) => scheme.drawnBank(row, kind) ?? [])
    }
    DRAWN.set(key, (banks = rows))
  }
  return banks
}
