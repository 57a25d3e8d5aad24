// The data a country's rows need that the script does not carry (scripts/web-bundle.mjs),
// fetched by the page the first time it needs it: the country's bank registry, the bank mix's
// shares, and for GB Vocalink's modulus table. The server lists their content-hashed addresses
// in the page (#bank-assets: country codes and the keys of asset-keys.ts).
import { resolveCountry } from '@ibanmint/iban'
import { BANK_WEIGHTS_ASSET, UK_MODULUS_ASSET } from './asset-keys.ts'
import { BANK_WEIGHTS } from './bank-weights.ts'
import { bankRegistry } from './banks-registry-data.ts'
import { loadUkModulus, UK_WEIGHT_ROWS, type UkModulusAsset } from './uk-modulus-table-data.ts'

/** Where each file is (the page's JSON index, written by the server). */
const BANK_ASSETS = JSON.parse(document.getElementById('bank-assets')?.textContent ?? '{}') as Record<string, string>
const loading = new Map<string, Promise<void>>()

/** Fetches the file under `key` of the index once, and hands its text to `use`. */
function fetchOnce(key: string, use: (text: string) => void): Promise<void> {
  const url = BANK_ASSETS[key]
  if (url === undefined) return Promise.resolve()
  let pending = loading.get(key)
  if (pending === undefined) {
    pending = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`the bank data of ${key} could not be loaded (${response.status})`)
        return response.text()
      })
      .then(use)
      .finally(() => loading.delete(key))
    loading.set(key, pending)
  }
  return pending
}

/** Fetches what a country (or a territory's country) needs once, before anything is made for it. */
export function ensureBanks(code: string): Promise<void> {
  const country = resolveCountry(code)?.code
  if (country === undefined) return Promise.resolve()
  const registry =
    bankRegistry()[country] === undefined
      ? fetchOnce(country, (text) => {
          bankRegistry()[country] = text
        })
      : Promise.resolve()
  const weights =
    Object.keys(BANK_WEIGHTS).length === 0
      ? fetchOnce(BANK_WEIGHTS_ASSET, (text) => {
          Object.assign(BANK_WEIGHTS, JSON.parse(text) as typeof BANK_WEIGHTS)
        })
      : undefined
  const table =
    country === 'GB' && UK_WEIGHT_ROWS === ''
      ? fetchOnce(UK_MODULUS_ASSET, (text) => loadUkModulus(JSON.parse(text) as UkModulusAsset))
      : undefined
  return Promise.all([registry, weights, table]).then(() => undefined)
}
