// The page's Generate section: the country list (countries and territories by English name,
// ranked for what the search holds: country-search.ts), the settings, and the results table (one
// row per IBAN: number, IBAN with its parts highlighted, bank, BIC, a copy button). A change to
// a setting that leaves the settings valid generates again at once, which also clears an error
// the change fixed; a setting left invalid is reported when the user commits it (leaves the
// field, presses Enter, clicks Generate), not while they are still typing it. Every generation
// has a seed (typed, or drawn and shown), and the download links name it: a file holds the rows
// on the screen.
import { ApiError } from '../core/errors.ts'
import { isDigits } from '../core/digits.ts'
import { generate, generateRequestOf, type GenerateRequest, type GenerateResult } from '../core/operations.ts'
import { COUNTRIES, INVALID_CHECKS, TERRITORIES, toCountry, type Country, type InvalidCheck } from '@ibanmint/iban'
import { ensureBanks } from './banks.ts'
import { searchCountries } from './country-search.ts'
import { $, announce, copyText, element, mark } from './dom.ts'

/** What each structure letter stands for (the legend, and the title of each highlighted part). */
const PART_NAMES: Readonly<Record<string, string>> = {
  k: 'check digits',
  b: 'bank',
  s: 'branch',
  c: 'account',
  x: 'national check',
  t: 'account type',
  i: 'owner id',
  n: 'other',
}

/** An entry of the country list: a country, or a territory that uses its country's IBANs. */
interface Choice {
  code: string
  name: string
  label: string
  /** The country whose IBANs it mints: its own code for a country. */
  ibanCountry: string
  country: Country
}

const countries: Country[] = COUNTRIES.map(toCountry)

/** Countries and territories in one list by English name, as a person looks for them. */
const choices: Choice[] = [
  ...countries.map((c) => ({
    code: c.code,
    name: c.name,
    label: `${c.name} (${c.code})`,
    ibanCountry: c.code,
    country: c,
  })),
  ...TERRITORIES.map((t) => ({
    code: t.code,
    name: t.name,
    label: `${t.name} (${t.code}, ${t.iban_country} IBANs)`,
    ibanCountry: t.iban_country,
    country: countries.find((c) => c.code === t.iban_country) as Country,
  })),
].sort((a, b) => a.label.localeCompare(b.label, 'en'))

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

function selectedChoice(): Choice | undefined {
  const value = $<HTMLSelectElement>('country').value
  return choices.find((c) => c.code === value)
}

/**
 * Fills the country list with the entries the search matches, best first (country-search.ts),
 * and chooses the best: what was typed decides. Cleared, the list is whole again and the
 * choice stays. True if the chosen entry changed.
 */
function fillCountries(filter: string): boolean {
  const select = $<HTMLSelectElement>('country')
  const before = select.value
  const shown = searchCountries(choices, filter)
  select.replaceChildren(...shown.map((c) => element('option', { value: c.code, textContent: c.label })))
  select.value = filter.trim() === '' ? before || 'DE' : (shown[0]?.code ?? '')
  return select.value !== before
}

/** The chosen country's format, the legend of its parts, and what the chosen kind breaks. */
function showFormat(): void {
  const choice = selectedChoice()
  const box = $('format')
  if (choice === undefined) {
    box.textContent = 'No country matches the search.'
    return
  }
  const country = choice.country
  const name = choice.code === country.code ? country.name : `${choice.name} (${country.code} IBANs)`
  const legend = [...new Set(country.structure.slice(4).replace(/ /g, ''))]
    .filter((letter) => PART_NAMES[letter] !== undefined)
    // A space before each: where the line may break on a narrow screen.
    .flatMap((letter) => [
      ' ',
      element('span', { className: `part part-${letter}` }, [`${letter} ${PART_NAMES[letter]}`]),
    ])
  const kind = $<HTMLSelectElement>('invalid').selectedOptions[0]?.dataset['text']
  box.replaceChildren(
    `${name}: ${country.iban_length} characters · BBAN ${country.bban_format}${country.sepa ? ' · SEPA' : ''} · `,
    element('code', {}, [country.structure]),
    element('span', { className: 'legend' }, legend),
    ...(kind === undefined
      ? []
      : [element('span', { className: 'kind', id: 'kind-text' }, [`Each IBAN fails one check: ${kind}.`])]),
  )
}

interface Settings {
  country: Country
  /** The code chosen: the country's, or a territory's. */
  code: string
  name: string
  count: number
  realistic: boolean
  seed: string | undefined
  invalid: InvalidCheck | undefined
}

/** A setting that cannot be used, the field that has it, and why. */
interface Problem {
  field: string
  message: string
}

function readSettings(): Settings | Problem {
  const choice = selectedChoice()
  if (choice === undefined) return { field: 'search', message: 'No country matches the search: change or clear it.' }
  const countText = $<HTMLInputElement>('count').value.trim()
  const count = Number(countText)
  if (!isDigits(countText) || count < 1 || count > 100)
    return { field: 'count', message: 'Count must be a whole number from 1 to 100.' }
  const seed = $<HTMLInputElement>('seed').value
  if (seed.length > 128) return { field: 'seed', message: 'The seed may have at most 128 characters.' }
  const kind = $<HTMLSelectElement>('invalid').value
  return {
    country: choice.country,
    code: choice.code,
    name: choice.name,
    count,
    realistic: $<HTMLInputElement>('realistic').checked,
    seed: seed === '' ? undefined : seed,
    invalid: INVALID_CHECKS.find((check) => check === kind),
  }
}

/** Shows an error (or none) under the form, and marks the field it is about. */
function showError(problem: Problem | undefined): void {
  $('generate-error').textContent = problem?.message ?? ''
  for (const id of ['search', 'count', 'seed', 'country', 'invalid']) {
    const field = $(id)
    if (id === problem?.field) {
      field.setAttribute('aria-invalid', 'true')
      field.setAttribute('aria-errormessage', 'generate-error')
    } else {
      field.removeAttribute('aria-invalid')
      field.removeAttribute('aria-errormessage')
    }
  }
}

/**
 * Points the download links at the export of exactly the rows shown: the same country, count,
 * mode, kind and seed (drawn when none was typed), so a file begins with the rows on the
 * screen. Without rows shown, the links go.
 */
function updateDownloads(code: string, request: GenerateRequest | undefined): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-format]')) {
    if (request === undefined) {
      link.removeAttribute('href')
      continue
    }
    const query = new URLSearchParams({
      format: link.dataset['format'] as string,
      count: String(request.count),
      realistic: request.dataset.realistic === false ? '0' : '1',
      seed: String(request.dataset.seed),
    })
    if (request.dataset.invalid !== undefined) query.set('invalid', [request.dataset.invalid].flat().join(','))
    link.href = `/export/${code}?${query}`
  }
}

/**
 * The seed of the rows shown when none was typed: drawn at the first generation and at each
 * Generate (new IBANs), kept while a setting changes (ten rows then twenty are the same ten and
 * ten more), and shown beside them so that it can be typed to get them again.
 */
let drawnSeed = ''
/** Letters and digits that cannot be mistaken for one another (no l, 1, o, 0). */
const SEED_LETTERS = 'abcdefghijkmnpqrstuvwxyz23456789'

function drawSeed(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => SEED_LETTERS[byte & 31]).join('')
}

function rowOf(item: GenerateResult['ibans'][number], index: number, country: Country): HTMLTableRowElement {
  const button = element('button', { type: 'button', className: 'copy secondary', textContent: 'Copy' })
  button.setAttribute('aria-label', `Copy ${item.iban}`)
  button.addEventListener('click', () => void copyText(item.iban, button, item.iban))
  const cell = (className: string, children: (Node | string)[], title = '') => {
    const td = element('td', { className, title }, children)
    td.setAttribute('role', 'cell')
    return td
  }
  const bank = item.bank?.name ?? ''
  const row = element('tr', {}, [
    cell('num', [String(index + 1)]),
    cell('value', [highlighted(item.formatted, country)]),
    cell('bic', [item.bank?.bic ?? '']),
    cell('bank', [bank], bank),
    cell('act', [button]),
  ])
  row.setAttribute('role', 'row')
  return row
}

let generations = 0

/** Generates with the current settings; `asked` when the user asked (Generate, Enter). */
async function runGenerate(asked = false): Promise<void> {
  const run = ++generations
  mark('generating', run)
  await generateOnce(run, asked)
  if (run === generations) mark('generated', run)
}

async function generateOnce(run: number, asked: boolean): Promise<void> {
  const chosen = readSettings()
  if ('field' in chosen) return showError(chosen)
  if (chosen.seed === undefined && (asked || drawnSeed === '')) drawnSeed = drawSeed()
  try {
    await ensureBanks(chosen.code)
  } catch (error) {
    return showError({ field: 'country', message: `${(error as Error).message}; try again.` })
  }
  if (run !== generations) return
  const request = generateRequestOf(chosen.code, {
    count: chosen.count,
    realistic: chosen.realistic,
    seed: chosen.seed ?? drawnSeed,
    invalid: chosen.invalid,
  })
  const table = $<HTMLTableElement>('results')
  let result: GenerateResult
  try {
    result = generate(request)
  } catch (error) {
    // A kind the country cannot have (no national check digits): the API's own message.
    showError({ field: 'invalid', message: error instanceof ApiError ? error.message : String(error) })
    updateDownloads(chosen.code, undefined)
    table.tBodies[0]?.replaceChildren()
    $('summary').textContent = ''
    $('copy-all').hidden = true
    return
  }
  showError(undefined)
  table.tBodies[0]?.replaceChildren(...result.ibans.map((item, i) => rowOf(item, i, chosen.country)))
  table.classList.toggle(
    'random',
    result.ibans.every((item) => item.bank === undefined),
  )
  updateDownloads(chosen.code, request)
  const summary = `${result.count} ${chosen.invalid === undefined ? '' : 'invalid '}${result.count === 1 ? 'IBAN' : 'IBANs'} for ${chosen.name}`
  const seed = chosen.seed === undefined ? drawnSeed : undefined
  $('summary').replaceChildren(
    summary,
    ...(seed === undefined ? [] : [element('span', { className: 'seed' }, [', seed ', element('code', {}, [seed])])]),
  )
  $('copy-all').hidden = false
  announce($('summary').textContent ?? summary, asked)
}

/** Wires the Generate section and makes the first IBANs. */
export function startGenerator(): Promise<void> {
  fillCountries('')
  showFormat()
  // Valid settings generate at once (clearing an error they fixed); invalid ones wait until committed.
  const onInput = () => {
    showFormat()
    const chosen = readSettings()
    if (!('field' in chosen)) void runGenerate()
    else if ($('generate-error').textContent !== '') showError(chosen)
  }
  $('search').addEventListener('input', (event) => {
    if (fillCountries((event.target as HTMLInputElement).value)) onInput()
  })
  for (const id of ['country', 'count', 'seed', 'realistic', 'invalid']) $(id).addEventListener('input', onInput)
  // Leaving a field (or Enter) commits it: a setting still invalid then is reported.
  for (const id of ['count', 'seed']) {
    $(id).addEventListener('change', () => {
      const chosen = readSettings()
      if ('field' in chosen) showError(chosen)
    })
  }
  $('generate-form').addEventListener('submit', (event) => {
    event.preventDefault()
    void runGenerate(true)
  })
  const all = $<HTMLButtonElement>('copy-all')
  all.addEventListener('click', () => {
    const ibans = [...document.querySelectorAll('#results code.iban')].map((node) =>
      (node.textContent ?? '').replace(/ /g, ''),
    )
    void copyText(ibans.join('\n'), all, `${ibans.length} IBANs`)
  })
  return runGenerate(true)
}
