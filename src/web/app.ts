// The page's script, bundled for the browser with the same core the API runs (src/iban through
// src/core/operations.ts): generation and validation happen in the page, instantly and offline,
// and give exactly what the API would return for the same request (same seed, same IBANs).
// generator.ts owns the Generate section, validator.ts the Validate section; a country's bank
// registry is fetched the first time the page needs it (banks.ts).
import { startGenerator } from './generator.ts'
import { startValidator } from './validator.ts'

startValidator()
void startGenerator().finally(() => (document.documentElement.dataset['ready'] = 'true'))
