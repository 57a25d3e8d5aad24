// The account checks some countries add below the IBAN, by the bank's own rules: DE's
// Bundesbank methods (the bank code names one) and GB's modulus check (the sort code's rows in
// Vocalink's table). What generation, negative data and building an IBAN ask of them.
import type { BankRow } from './banks.ts'
import { DE_ACCOUNT_METHODS } from './de-account/index.ts'

/** True when the bank's account method (DE) checks something. */
export function accountChecked(bank: BankRow | undefined): boolean {
  return bank?.method !== undefined && DE_ACCOUNT_METHODS[bank.method].checks
}
