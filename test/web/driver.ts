// Driving the web page in Chromium the way a person does, shared by the page's browser tests:
// where Chromium is, waiting for the page's runs to finish, generating for a country, typing an
// IBAN into the validator.
import { existsSync } from 'node:fs'
import type { Page } from 'playwright-core'

/** Debian's chromium (test/ensure-tools.sh installs it), driven by playwright-core. */
export const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path))

/** Waits until the page finished the latest run it started of `what` (generat…, validat…). */
export async function settled(page: Page, what: 'generat' | 'validat'): Promise<void> {
  await page.waitForFunction((name) => {
    const data = document.documentElement.dataset
    return data[`${name}ing`] !== undefined && data[`${name}ing`] === data[`${name}ed`]
  }, what)
}

/** Generates `count` IBANs for a country with a seed, as a person would; returns them compact. */
export async function generateIn(
  page: Page,
  code: string,
  count: number,
  seed: string,
  realistic = true,
): Promise<string[]> {
  await page.fill('#search', code.toLowerCase())
  await page.selectOption('#country', code)
  await page.fill('#count', String(count))
  await page.fill('#seed', seed)
  await page.setChecked('#realistic', realistic)
  await page.click('#generate')
  await settled(page, 'generat')
  const texts = await page.locator('#results code.iban').allTextContents()
  return texts.map((text) => text.replace(/ /g, ''))
}

/** Types an IBAN into the validator one key at a time and waits for the verdict. */
export async function typeIban(page: Page, input: string): Promise<void> {
  await page.fill('#iban', '')
  await page.locator('#iban').pressSequentially(input, { delay: 0 })
  await settled(page, 'validat')
}
