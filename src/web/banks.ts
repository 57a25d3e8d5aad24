// A country's bank registry, fetched by the page the first time it needs it: the script does
// not carry the registries (scripts/web-bundle.mjs); the server lists their content-hashed
// addresses in the page (#bank-assets).
import { resolveCountry } from '@ibanmint/iban'
import { BANK_REGISTRY } from './banks-registry-data.ts'

/** Where each country's bank registry is (the page's JSON index, written by the server). */
const BANK_ASSETS = JSON.parse(document.getElementById('bank-assets')?.textContent ?? '{}') as Record<string, string>
const loading = new Map<string, Promise<void>>()

/** Fetches the bank registry of a country (or a territory's country) once, before anything is made for it. */
export function ensureBanks(code: string): Promise<void> {
  const country = resolveCountry(code)?.code
  const url = country === undefined ? undefined : BANK_ASSETS[country]
  if (country === undefined || url === undefined || BANK_REGISTRY[country] !== undefined) return Promise.resolve()
  let pending = loading.get(country)
  if (pending === undefined) {
    pending = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`the bank data of ${country} could not be loaded (${response.status})`)
        return response.text()
      })
      .then((text) => {
        BANK_REGISTRY[country] = text
      })
      .finally(() => loading.delete(country))
    loading.set(country, pending)
  }
  return pending
}
