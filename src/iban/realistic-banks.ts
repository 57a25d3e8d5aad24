// The banks realistic rows draw from: banks a customer could pay. A national bank registry lists
// every code a bank, a payment system or an institution's back office uses, and not every one is
// an account someone could send money to. One rule, applied to every registry, leaves out:
//
//   1. central banks: the BIC's first six characters are a central bank's (CENTRAL_BANKS), or
//      the Bank for International Settlements';
//   2. codes for a bank's or a system's own operations: internal, clearing, settlement,
//      processing, service-centre and cash-machine codes, securities depositories and clearing
//      houses (OPERATIONS: words of their names in the registries' languages; DE also the
//      DZ BANK's business-field codes and the Landesbanken's payment-settlement codes);
//   3. inactive banks and replaced codes: the registry marks them (-alt-, inactief, in
//      liquidation, "code for running payments"), or they left the market (IE: Ulster Bank and
//      KBC Bank Ireland closed their accounts in 2022–23; ES: the savings banks merged into
//      today's banks, whose codes are obsolete);
//   4. insurers' and funds' accounts (CH: insurers' tied assets and funds acting through a
//      manager; PT: fund management companies);
//   5. codes assigned to no bank (BE: "VRIJ", "Onbeschikbaar");
//   6. banks outside the payment scheme of the IBAN's country: a BIC of a country or territory
//      outside SEPA's scope under a SEPA country's codes (FR: the banks of French Polynesia and
//      New Caledonia, whose currency is the CFP franc; payment-scope.ts);
//   7. QR-IIDs (CH, LI: 30000–31999): a QR-IBAN takes only QR-bill payments with a QR reference
//      (qr_iban=true draws them on purpose, those that pass 1–6: qr-iban.ts).
//
// The entries stay in the registry: `bank=` takes every registered code, validation knows them
// all, and the bank lists show them. A country's account scheme then says how each bank is
// drawn (GB: only banks with publicly known sort codes, each with those of its sort codes the
// modulus table checks; uk-modulus/scheme.ts).
import type { AccountKind } from './account-scheme.ts'
import { schemeOf } from './account-schemes.ts'
import { banksOf, type BankRow } from './banks.ts'
import { bicOutsideSepa } from './payment-scope.ts'
import { isQrIid } from './qr-iban.ts'
import type { CountrySpec } from './registry.ts'

/** Why a registry entry is not a bank a customer could pay: the classes of the rule above. */
export type Exclusion =
  | 'central bank'
  | 'operations'
  | 'inactive'
  | 'insurer or fund'
  | 'unassigned'
  | 'outside the payment scheme'
  | 'QR-IID'

/** Every class, in the rule's order. */
export const EXCLUSIONS: readonly Exclusion[] = [
  'central bank',
  'operations',
  'inactive',
  'insurer or fund',
  'unassigned',
  'outside the payment scheme',
  'QR-IID',
]

/**
 * The BICs' first six characters (bank and country) of the central banks the registries list:
 * AE, AT, BA, BE, CH, CR, CY, CZ, DE, DK, EE, FR, GE, GR, HR, HU, IE, IT, KZ, LT, LU, LV, MD,
 * ME, NL, PL, PT, RO, SA, SI, SK (the Bundesbank is MARKDE, the Banque de France BDFEFR, …),
 * and the Bank for International Settlements (BISBCH), the central banks' bank.
 */
const CENTRAL_BANKS: ReadonlySet<string> = new Set(
  (
    'CBAUAE NABAAT CBBSBA NBBEBE SNBZCH BCCRCR CBCYCY CNBACZ MARKDE DKNBDK EPBEEE BDFEFR BNLNGE BNGRGR NBHRHR ' +
    'MANEHU IRCEIE BITAIT NBRKKZ LIABLT BCLXLU LACBLV NBMDMD CBCGME FLORNL NBPLPL BGALPT NBORRO SAMASA BSLJSI ' +
    'NBSBSK BISBCH'
  ).split(' '),
)

/**
 * Words of a name that mark a code for a bank's or a system's own operations, in any registry
 * (any case, anywhere in the name: "Clearingkonto" as well as "Clearing"): German banks'
 * internal and payment clearing centre codes (ITGK, PCC), settlement, clearing, processing,
 * transit, cash machines (GAA), codes for internal purposes, special codes (Sonder-BLZ),
 * service centres (Commerzbank's Service-BZ), securities depositories and clearing houses.
 */
const OPERATIONS =
  /ITGK|\bPCC\b|Settlement|Verrechnung|Clearing|Processing|\bTransit\b|\bGAA\b|interne Zwecke|Sonder-BLZ|Service ?- ?BZ|Euroclear|Clearstream|Central Depository|Depozitarul|Central de Valores|Centralna Klirin|\bKELER\b|x-clear|SIX SIS|SIX Digital Exchange|Elszámoló|Uitwisselingscentrum|Systèmes Technologiques d.Echange|Centrale de Compensation|Clearnet/i

/** Marks of an inactive bank or a replaced code, in any registry. */
const INACTIVE =
  /-alt-|inactief|\bliquidaci|likvidaci|likwidacji|upadłości|amministrazione straordinaria|Code for running payments/i

/** One registry's own rule: the class, and what a name, code or BIC must match (all given must). */
interface RegistryRule {
  readonly why: Exclusion
  readonly name?: RegExp
  readonly code?: RegExp
  /** Names the rule spares, though its other patterns take them (exceptions). */
  readonly notName?: RegExp
}

/** The Spanish savings banks that still operate under their own codes (exceptions to ES's rule). */
const ES_STILL_OPERATING = /ONTINYENT|POLLEN/

/**
 * What only one registry needs, each with its reason. Codes are whole-code patterns.
 * DE: the DZ BANK's business-field codes ("DZ BANK GF V23") and the Landesbanken's payment
 * settlement codes ("ZVA Norddeutsche Landesbank Gf SA") serve the institutions' own
 * operations. CH: insurers (Versicherung, Leben, Assurance, Insurance, Mobiliar, SUVA) and their
 * tied assets ("geb. Vermögen"), the AHV compensation fund (compenswiss) and funds acting through
 * their managers ("handelnd für"); cash logistics firms (Loomis, SOS Cash & Value). IE: Ulster
 * Bank and KBC Bank Ireland left the market (accounts closed 2022–23). ES: the savings banks
 * (cajas de ahorros) merged into today's banks by 2013, all but Ontinyent and Pollença, whose
 * codes are obsolete. PT: fund management companies. BE: codes the National Bank lists as free
 * or unavailable.
 */
const REGISTRY_RULES: Readonly<Record<string, readonly RegistryRule[]>> = {
  DE: [{ why: 'operations', name: /^DZ BANK GF |^ZVA / }],
  CH: [
    {
      why: 'insurer or fund',
      name: /Versicherung|Vers\.-|Lebensvers|Leben AG|Assurance|Assicura|Insurance|Mobiliar|geb\. Vermögen|gebundenes Vermögen|freies Vermögen|^SUVA$|compenswiss|handelnd für/i,
    },
    { why: 'operations', name: /^Loomis |^SOS Cash/ },
  ],
  IE: [{ why: 'inactive', code: /^(?:ULSB|ICON)$/ }],
  ES: [
    {
      why: 'inactive',
      name: /CAJA DE AHORRO|CAJA PROVINCIAL DE AHORROS|CAJA GENERAL DE AHORROS|CAJA GRAL|CAJA DE AH\.|CAJA AH|C\. ?AHORROS|C\.A\.Y SOCORROS|CAJA PENSIONES|CAIXA D.ESTALVIS|CAIXA E\. UNIO|MONTE DE PIEDAD|M\.P\. Y CAJA|CAJA POSTAL|CAIXA AFORROS|CAJA INSULAR|CAJA ESPA.A DE INVERSIONES|CONFEDERACION ESPA.OLA DE CAJAS|CAJATRES|BANCO DE CAJA ESPA/,
      notName: ES_STILL_OPERATING,
    },
  ],
  PT: [{ why: 'insurer or fund', name: /SOCIEDADE GESTORA DE FUNDOS/ }],
  BE: [{ why: 'unassigned', name: /^(?:VRIJ|LIBRE|Onbeschikbaar|Indisponible)$/ }],
}

const REASONS: Readonly<Record<Exclusion, string>> = {
  'central bank': 'it is a central bank',
  operations: 'its code serves a bank’s or a system’s own operations, not customers’ accounts',
  inactive: 'the bank is inactive or its code replaced',
  'insurer or fund': 'it is an insurer’s or a fund’s account, not a bank customers keep accounts at',
  unassigned: 'the code is assigned to no bank',
  'QR-IID': 'it is a QR-IID: a QR-IBAN takes only QR-bill payments (qr_iban=true makes them)',
  'outside the payment scheme': 'its BIC is of a place outside the SEPA schemes’ scope',
}

/**
 * The class of the rule that leaves a bank of `country` (upper case) out of realistic draws,
 * or undefined when customers could pay it.
 */
export function exclusionOf(bank: Pick<BankRow, 'code' | 'name' | 'bic'>, country: string): Exclusion | undefined {
  if (bank.bic !== undefined && CENTRAL_BANKS.has(bank.bic.slice(0, 6))) return 'central bank'
  if (OPERATIONS.test(bank.name)) return 'operations'
  if (INACTIVE.test(bank.name)) return 'inactive'
  for (const rule of REGISTRY_RULES[country] ?? []) {
    if (rule.name !== undefined && !rule.name.test(bank.name)) continue
    if (rule.code !== undefined && !rule.code.test(bank.code)) continue
    if (rule.notName !== undefined && rule.notName.test(bank.name)) continue
    return rule.why
  }
  if (bicOutsideSepa(country, bank.bic) !== undefined) return 'outside the payment scheme'
  if (isQrIid(country, bank.code)) return 'QR-IID'
  return undefined
}

/** True when customers could pay the bank (see the rule at the top). */
export function holdsCustomerAccounts(bank: Pick<BankRow, 'code' | 'name' | 'bic'>, country: string): boolean {
  return exclusionOf(bank, country) === undefined
}

/** Why a bank is not drawn by realistic rows, in words ("it is a central bank"), or undefined when it is. */
export function notDrawnBecause(bank: Pick<BankRow, 'code' | 'name' | 'bic'>, country: string): string | undefined {
  const why = exclusionOf(bank, country)
  return why === undefined ? undefined : REASONS[why]
}

const DRAWN = new Map<string, readonly BankRow[]>()

/**
 * The banks realistic rows of a country draw from: its banks customers could pay, as its
 * account scheme draws them for accounts of `kind`. `checkedOnly`: only banks whose accounts
 * the scheme checks (negative data of the scheme). `qrIban`: instead, its banks' QR-IIDs that
 * pass every other part of the rule (CH, LI).
 */
export function realisticBanks(
  spec: CountrySpec,
  kind: AccountKind,
  checkedOnly: boolean,
  qrIban = false,
): readonly BankRow[] {
  const key = `${spec.code}${kind}${checkedOnly ? '!' : ''}${qrIban ? 'Q' : ''}`
  let banks = DRAWN.get(key)
  if (banks === undefined) {
    let rows = banksOf(spec.code).filter((bank) => {
      const why = exclusionOf(bank, spec.code)
      return qrIban ? why === 'QR-IID' : why === undefined
    })
    const scheme = schemeOf(spec)
    if (scheme !== undefined) {
      if (checkedOnly) rows = rows.filter((row) => scheme.checks(row))
      rows = rows.flatMap((row) => scheme.drawnBank(row, kind) ?? [])
    }
    DRAWN.set(key, (banks = rows))
  }
  return banks
}
