// The page's script, bundled for the browser with the same core the API runs (src/iban through
// src/core/operations.ts): generation and validation happen in the page, instantly and offline,
// and give exactly what the API would return for the same request (same seed, same IBANs).
// A country's bank registry is fetched the first time the page needs it (ensureBanks).
import { ApiError } from '../core/errors.ts'
import { generate, validate, type GenerateRequest } from '../core/operations.ts'
import {
  COUNTRIES,
  INVALID_CHECKS,
  TERRITORIES,
  findCountry,
  resolveCountry,
  toCountry,
  type Country,
  type InvalidCheck,
  type ValidateResult,
} from '@ibanmint/iban'
import { BANK_REGISTRY } from './banks-registry-data.ts'

const PART_NAMES: Record<string, string> = {
  k: 'check digits',
  b: 'bank',
  s: 'branch',
  c: 'account',
  x: 'national check',
  t: 'account type',
  i: 'owner id',
  n: 'other',
}

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { className?: string } = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props)
  node.append(...children)
  return node
}

const countries: Country[] = COUNTRIES.map(toCountry)

/** An entry of the country list: a country, or a territory that uses its IBANs. */
interface Choice {
  code: string
  label: string
  country: Country
}

const choices: Choice[] = [
  ...countries.map((c) => ({ code: c.code, label: `${c.name} (${c.code})`, country: c })),
  ...TERRITORIES.map((t) => ({
    code: t.code,
    label: `${t.name} (${t.code}, ${t.iban_country} IBANs)`,
    country: countries.find((c) => c.code === t.iban_country) as Country,
  })),
]

/** Where each country's bank registry is (the page's JSON index, written by the server). */
const BANK_ASSETS = JSON.parse(document.getElementById('bank-assets')?.textContent ?? '{}') as Record<string, string>
const loading = new Map<string, Promise<void>>()

/** Fetches the bank registry of a country once, before anything is made for it. */
function ensureBanks(code: string): Promise<void> {
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

/** The formatted IBAN with each run of characters wrapped in the part its structure letter names. */
function highlighted(formatted: string, country: Country): HTMLElement {
  const code = element('code', { className: 'iban' })
  const structure = country.structure
  let run = ''
  let letter = ''
  const flush = () => {
    if (run === '') return
    const name = PART_NAMES[letter]
    code.append(name === undefined ? run : element('span', { className: `part part-${letter}`, title: name }, [run]))
    run = ''
  }
  for (let i = 0; i < formatted.length; i++) {
    const char = formatted[i] as string
    const next = i < 2 ? '' : char === ' ' ? letter : (structure[i] ?? '')
    if (next !== letter) {
      flush()
      letter = next
    }
    run += char
  }
  flush()
  return code
}

async function copy(text: string, button: HTMLButtonElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    const area = element('textarea', { value: text })
    document.body.append(area)
    area.select()
    document.execCommand('copy')
    area.remove()
  }
  const label = button.textContent
  button.textContent = 'Copied'
  $('status').textContent = `Copied ${text.includes('\n') ? 'all IBANs' : text}`
  setTimeout(() => (button.textContent = label), 1200)
}

// ---------------------------------------------------------------- generate

function selectedChoice(): Choice | undefined {
  const value = $<HTMLSelectElement>('country').value
  return choices.find((c) => c.code === value)
}

function selectedCountry(): Country | undefined {
  return selectedChoice()?.country
}

function fillCountries(filter: string): void {
  const select = $<HTMLSelectElement>('country')
  const current = select.value || 'DE'
  const needle = filter.trim().toLowerCase()
  const shown = choices.filter(
    (c) => needle === '' || c.code.toLowerCase().startsWith(needle) || c.label.toLowerCase().includes(needle),
  )
  select.replaceChildren(...shown.map((c) => element('option', { value: c.code, textContent: c.label })))
  select.value = shown.some((c) => c.code === current) ? current : (shown[0]?.code ?? '')
  showFormat()
}

function showFormat(): void {
  const country = selectedCountry()
  const box = $('format')
  if (country === undefined) {
    box.textContent = 'No country matches the search.'
    return
  }
  const legend = [...new Set(country.structure.slice(4).replace(/ /g, ''))]
    .filter((letter) => PART_NAMES[letter] !== undefined)
    .map((letter) => element('span', { className: `part part-${letter}` }, [`${letter} = ${PART_NAMES[letter]}`]))
  box.replaceChildren(
    element('span', {}, [
      `${country.iban_length} characters · BBAN ${country.bban_format}${country.sepa ? ' · SEPA' : ''} · `,
    ]),
    element('code', {}, [country.structure]),
    element('span', { className: 'legend' }, legend),
  )
  updateDownloads()
}

interface Settings {
  country: Country
  /** The code chosen: the country's, or a territory's. */
  code: string
  count: number
  realistic: boolean
  seed: string | undefined
  invalid: InvalidCheck | undefined
}

function settings(): Settings | string {
  const choice = selectedChoice()
  if (choice === undefined) return 'Choose a country.'
  const country = choice.country
  const countText = $<HTMLInputElement>('count').value.trim()
  const count = Number(countText)
  if (!/^\d+$/.test(countText) || count < 1 || count > 100) return 'Count must be a whole number from 1 to 100.'
  const seed = $<HTMLInputElement>('seed').value
  if (seed.length > 128) return 'The seed may have at most 128 characters.'
  const kind = $<HTMLSelectElement>('invalid').value
  const invalid = INVALID_CHECKS.find((check) => check === kind)
  return {
    country,
    code: choice.code,
    count,
    realistic: $<HTMLInputElement>('realistic').checked,
    seed: seed === '' ? undefined : seed,
    invalid,
  }
}

/**
 * Generation and validation may wait for a country's bank data: each run is numbered, only the
 * latest one shows its result, and the page marks which run it started and which it finished
 * (data-generating/data-generated, data-validating/data-validated) so that tests can wait for it.
 */
let generations = 0
let validations = 0

function mark(name: string, run: number): void {
  document.documentElement.dataset[name] = String(run)
}

async function runGenerate(): Promise<void> {
  const run = ++generations
  mark('generating', run)
  await generateOnce(run)
  if (run === generations) mark('generated', run)
}

async function generateOnce(run: number): Promise<void> {
  const chosen = settings()
  const list = $('results')
  if (typeof chosen === 'string') {
    $('generate-error').textContent = chosen
    return
  }
  try {
    await ensureBanks(chosen.code)
  } catch (error) {
    $('generate-error').textContent = (error as Error).message
    return
  }
  if (run !== generations) return
  $('generate-error').textContent = ''
  const request: GenerateRequest = {
    country: findCountry(chosen.country.code) as GenerateRequest['country'],
    territory: chosen.code === chosen.country.code ? undefined : chosen.code,
    count: chosen.count,
    realistic: chosen.realistic,
    seed: chosen.seed,
    invalid: chosen.invalid,
  }
  let result
  try {
    result = generate(request)
  } catch (error) {
    // A kind the country cannot have (no national check digits): the API's own message.
    $('generate-error').textContent = error instanceof ApiError ? error.message : String(error)
    list.replaceChildren()
    $('copy-all').hidden = true
    return
  }
  list.replaceChildren(
    ...result.ibans.map((item) => {
      const button = element('button', { type: 'button', className: 'copy', textContent: 'Copy' })
      button.setAttribute('aria-label', `Copy ${item.iban}`)
      button.addEventListener('click', () => void copy(item.iban, button))
      const bank =
        item.bank === undefined
          ? []
          : [
              element('span', { className: 'bank' }, [
                `${item.bank.name}${item.bank.bic === null ? '' : ` · ${item.bank.bic}`}`,
              ]),
            ]
      return element('li', {}, [element('div', {}, [highlighted(item.formatted, chosen.country), ...bank]), button])
    }),
  )
  $('copy-all').hidden = false
  $('status').textContent = `${result.count} ${result.count === 1 ? 'IBAN' : 'IBANs'} for ${chosen.country.name}`
}

function updateDownloads(): void {
  const chosen = settings()
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-format]')) {
    if (typeof chosen === 'string') {
      link.removeAttribute('href')
      continue
    }
    const query = new URLSearchParams({
      format: link.dataset['format'] as string,
      count: String(chosen.count),
      realistic: chosen.realistic ? '1' : '0',
    })
    if (chosen.seed !== undefined) query.set('seed', chosen.seed)
    if (chosen.invalid !== undefined) query.set('invalid', chosen.invalid)
    link.href = `/export/${chosen.code}?${query}`
  }
}

// ---------------------------------------------------------------- validate

const CHECKS: [keyof ValidateResult['checks'], string][] = [
  ['country_supported', 'Country supported'],
  ['length', 'Length'],
  ['format', 'Format (BBAN)'],
  ['mod97', 'MOD-97 check digits'],
  ['national', 'National check digits (DE: the account by its bank’s method)'],
  ['bank_code', 'Bank code registered'],
]

function verdictOf(value: boolean | null): [string, string] {
  if (value === null) return ['n/a', 'not applicable']
  return value ? ['ok', 'pass'] : ['bad', 'fail']
}

function reasonOf(result: ValidateResult): string {
  if (!result.checks.country_supported) return `${result.country_code} is not a supported IBAN country.`
  if (result.checks.length === false)
    return `${result.country_code} IBANs have ${result.expected_length} characters; this one has ${result.length}.`
  if (!result.checks.format)
    return `The BBAN does not match the ${result.country_code} format (a letter where a digit belongs, or the reverse).`
  if (!result.checks.mod97) return 'The check digits do not match (MOD-97): probably a typo.'
  if (result.checks.national === false) {
    const method = result.national_check?.method
    return method === undefined
      ? 'The national check digits inside the BBAN are wrong.'
      : `The account fails its bank’s check method ${method}: no account of that bank has this number.`
  }
  return ''
}

async function runValidate(): Promise<void> {
  const run = ++validations
  mark('validating', run)
  await validateOnce(run)
  if (run === validations) mark('validated', run)
}

async function validateOnce(run: number): Promise<void> {
  const input = $<HTMLInputElement>('iban').value
  const out = $('validation')
  if (input.trim() === '') {
    out.replaceChildren()
    return
  }
  try {
    await ensureBanks(input.replace(/\s+/g, '').slice(0, 2))
  } catch (error) {
    out.replaceChildren(element('p', { className: 'verdict bad' }, [(error as Error).message]))
    return
  }
  if (run !== validations) return
  let result: ValidateResult
  try {
    result = validate(input)
  } catch (error) {
    out.replaceChildren(element('p', { className: 'verdict bad' }, [(error as Error).message]))
    return
  }
  const rows = CHECKS.map(([name, label]) => {
    const [className, text] = verdictOf(result.checks[name])
    return element('tr', {}, [element('th', { scope: 'row' }, [label]), element('td', { className }, [text])])
  })
  const parts = Object.entries(result.bban_parts ?? {}).map(([name, value]) =>
    element('tr', {}, [
      element('th', { scope: 'row' }, [name.replace('_', ' ')]),
      element('td', {}, [element('code', {}, [value])]),
    ]),
  )
  const bank =
    result.bank === null
      ? []
      : [
          element('tr', {}, [
            element('th', { scope: 'row' }, ['bank name']),
            element('td', {}, [`${result.bank.name}${result.bank.bic === null ? '' : ` (${result.bank.bic})`}`]),
          ]),
        ]
  const reason = reasonOf(result)
  out.replaceChildren(
    element('p', { className: `verdict ${result.valid ? 'ok' : 'bad'}` }, [
      result.valid ? `Valid: ${result.formatted}` : `Invalid. ${reason}`,
    ]),
    element('table', { className: 'checks' }, [element('caption', {}, ['Checks']), ...rows]),
    ...(parts.length === 0
      ? []
      : [element('table', { className: 'checks' }, [element('caption', {}, ['BBAN parts']), ...parts, ...bank])]),
  )
}

// ---------------------------------------------------------------- wiring

function main(): void {
  fillCountries('')
  $('search').addEventListener('input', (event) => fillCountries((event.target as HTMLInputElement).value))
  $('country').addEventListener('change', showFormat)
  for (const id of ['count', 'seed', 'realistic', 'invalid']) $(id).addEventListener('input', updateDownloads)
  $('generate-form').addEventListener('submit', (event) => {
    event.preventDefault()
    void runGenerate()
  })
  const all = $<HTMLButtonElement>('copy-all')
  all.addEventListener('click', () => {
    const ibans = [...document.querySelectorAll('#results code.iban')].map((node) =>
      (node.textContent ?? '').replace(/ /g, ''),
    )
    void copy(ibans.join('\n'), all)
  })
  $('iban').addEventListener('input', () => void runValidate())
  void runGenerate().finally(() => (document.documentElement.dataset['ready'] = 'true'))
}

main()
