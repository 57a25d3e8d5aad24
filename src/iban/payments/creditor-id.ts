// The SEPA creditor identifier (EPC262-08): country code, two check digits, a three-character
// creditor business code and the national identifier. The check digits are ISO 7064 MOD 97-10 over
// the national identifier followed by the country code and "00", as for IBANs; the business code
// takes no part, so it may change without changing the identity.
import { mod97Fold, twoDigits } from '../mod97.ts'

const SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/

/** The national identifier's letters and digits, upper-cased (step 1 of EPC262-08's computation). */
function nationalPart(identifier: string): string {
  return identifier.replace(/[^A-Za-z0-9]/g, '').toUpperCase()
}

/**
 * The creditor identifier of a country code and national identifier, with its check digits
 * computed (`buildCreditorIdentifier('DE', '09999999999')` is `DE98ZZZ09999999999`). The business
 * code defaults to `ZZZ` (none). Throws a RangeError for a country code that is not two letters,
 * a business code that is not three letters or digits, or an identifier without letters or digits
 * or too long for 35 characters.
 */
export function buildCreditorIdentifier(country: string, nationalId: string, businessCode = 'ZZZ'): string {
  const code = country.toUpperCase()
  if (!/^[A-Z]{2}$/.test(code)) throw new RangeError('country must be two letters')
  if (!/^[A-Za-z0-9]{3}$/.test(businessCode)) throw new RangeError('businessCode must be three letters or digits')
  const national = nationalPart(nationalId)
  if (national === '' || national.length > 28) throw new RangeError('nationalId must hold 1 to 28 letters or digits')
  const remainder = mod97Fold(code + '00', mod97Fold(national))
  return `${code}${twoDigits(98 - remainder)}${businessCode.toUpperCase()}${national}`
}

/**
 * True when `identifier` is a SEPA creditor identifier whose check digits are right: country
 * code, two digits, a business code of three letters or digits, a national identifier of 1 to 28,
 * 35 characters at most (spaces are ignored, letters may be of either case).
 */
export function isValidCreditorIdentifier(identifier: string): boolean {
  const compact = identifier.replace(/ /g, '').toUpperCase()
  if (!SHAPE.test(compact)) return false
  const remainder = mod97Fold(compact.slice(0, 4), mod97Fold(compact.slice(7)))
  return remainder === 1
}
