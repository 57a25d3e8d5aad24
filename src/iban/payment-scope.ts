// Whether a bank is in the payment scheme of its IBAN's country: for the countries in the SEPA
// schemes' scope, a bank whose BIC names a country or territory outside that scope (the banks of
// French Polynesia, New Caledonia and Wallis and Futuna, which the FR registry lists under FR
// codes: their currency is the CFP franc) cannot take a SEPA transfer. Validation's and the
// rows' `sepa` say so per bank; realistic rows leave such banks out (realistic-banks.ts).
import { SEPA_COUNTRIES } from './registry-data.ts'

/**
 * The territories in the SEPA schemes' scope that use another country's IBANs or have BICs of
 * their own (EPC409-09: Åland, the French overseas departments and collectivities of Saint
 * Barthélemy, Saint Martin and Saint Pierre and Miquelon, Gibraltar, Guernsey, the Isle of Man
 * and Jersey). French Polynesia (PF), New Caledonia (NC), Wallis and Futuna (WF) and the
 * French Southern Territories (TF) are not in it.
 */
const SEPA_TERRITORIES = ['AX', 'GF', 'GP', 'MQ', 'RE', 'YT', 'BL', 'MF', 'PM', 'GI', 'GG', 'IM', 'JE']

/** Country codes a BIC of a bank in SEPA's scope may carry. */
const SEPA_SCOPE: ReadonlySet<string> = new Set([...SEPA_COUNTRIES, ...SEPA_TERRITORIES])

/**
 * The country or territory of a bank's BIC (its 5th and 6th characters) when it lies outside
 * the SEPA schemes' scope though the IBAN's country is in it; undefined otherwise (a country
 * outside SEPA, a bank without a BIC, a BIC of a country or territory in the scope).
 */
export function bicOutsideSepa(country: string, bic: string | undefined | null): string | undefined {
  if (bic === undefined || bic === null || bic.length < 6 || !SEPA_COUNTRIES.has(country)) return undefined
  const place = bic.slice(4, 6)
  return SEPA_SCOPE.has(place) ? undefined : place
}
