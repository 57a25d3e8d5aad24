// The page's Validate section. While the user types, an IBAN shorter than its country's length
// (the length the first two letters name) is "incomplete", in neutral grey, with a count of its
// characters; "Invalid" in red comes only when the input is complete (as long as its country's
// IBANs, or longer), when the user submits (Enter, the Validate button) or leaves the field, or
// when nothing typed after it can make it valid: two letters that are no IBAN country, or a
// character that is not a letter, digit or space. Each change replaces the verdict, so an
// error goes as soon as it is fixed. The verdict is one line in a status region (read out by
// screen readers); the tables of checks and parts sit outside it.
import { validate } from '../core/operations.ts'
import { MAX_IBAN_INPUT } from '../core/limits.ts'
import { findCountry, type BbanSegment, type CountrySpec, type SegmentName, type ValidateResult } from '@ibanmint/iban'
import { accountCheckName, findTerritory, nationalFailure } from '@ibanmint/iban/internal'
import { ensureBanks } from './banks.ts'
import { $, element, mark } from './dom.ts'

const CHECKS: [keyof ValidateResult['checks'], string][] = [
  ['country_supported', 'Country supported'],
  ['length', 'Length'],
  ['format', 'Format (BBAN)'],
  ['mod97', 'MOD-97 check digits'],
  ['national', 'National check digits'],
  ['bank_code', 'Bank code in the registry (informative)'],
]

/** What a kind of BBAN part is called where the registry gives its segment no name of its own. */
const PART_LABEL: Readonly<Record<SegmentName, string>> = {
  bank: 'bank code',
  branch: 'branch code',
  account: 'account number',
  national_check: 'national check digits',
  account_type: 'account type',
  other: 'other',
}

/**
 * A BBAN segment as the country names it (the registry's words: sort code, RIB key); a bare
 * acronym follows its kind ("bank code (ABI)"), which says more to a reader from elsewhere.
 */
function segmentLabel(segment: BbanSegment): string {
  const own = segment.label
  const kind =
    segment.name === 'national_check' && segment.length === 1 ? 'national check digit' : PART_LABEL[segment.name]
  if (own === undefined) return kind
  return /^[A-Z]{2,5}$/.test(own) ? `${kind} (${own})` : own
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The national check's row, named after what it checks in this country: where an account
 * scheme checks the account, the scheme's own name for it (DE: the account number by its bank's
 * method; GB: the sort code and account number), elsewhere the check digits by their registry
 * names (FR: RIB key, IT: CIN).
 */
function nationalLabel(country: CountrySpec | undefined): string {
  const scheme = accountCheckName(country)
  if (scheme !== undefined) return scheme
  const segments = country?.segments ?? []
  const checks = segments.filter((s) => s.name === 'national_check')
  const noun = checks.reduce((sum, s) => sum + s.length, 0) === 1 ? 'National check digit' : 'National check digits'
  // Their own names, without the asides some carry (ES: "DC digit 1 (bank and branch)").
  const own = [...new Set(checks.flatMap((s) => (s.label === undefined ? [] : [s.label.replace(/ \(.*\)$/, '')])))]
  return own.length === 0 ? noun : `${noun} (${own.join(' and ')})`
}

function verdictOf(name: keyof ValidateResult['checks'], value: boolean | null): [string, string] {
  if (value === null) return ['na', 'not applicable']
  // An unknown bank code never makes an IBAN invalid: a plain "no", not a red "fail".
  if (name === 'bank_code') return value ? ['ok', 'yes'] : ['na', 'no']
  return value ? ['ok', 'pass'] : ['bad', 'fail']
}

function reasonOf(result: ValidateResult): string {
  if (!result.checks.country_supported) {
    const territory = findTerritory(result.country_code)
    return territory === undefined
      ? `${result.country_code} is not a supported IBAN country.`
      : `${result.country_code} is not an IBAN country code: ${territory.name} uses ${territory.iban_country} IBANs.`
  }
  if (result.checks.length === false)
    return `${result.country_code} IBANs have ${result.expected_length} characters; this one has ${result.length}.`
  if (!result.checks.format)
    return `The BBAN does not match the ${result.country_code} format (a letter where a digit belongs, or the reverse).`
  if (!result.checks.mod97) return 'The check digits do not match (MOD-97): probably a typo.'
  if (result.checks.national === false) {
    // An account scheme's failure in its own words (as validation's reason has it), else the check digits'.
    const country = findCountry(result.country_code)
    return accountCheckName(country) === undefined
      ? `${nationalLabel(country)}: wrong for the rest of the BBAN.`
      : `${capitalized(nationalFailure(country, result.national_check))}: no account there has this number.`
  }
  return ''
}

/** One line of verdict: 'ok' (green), 'bad' (red) or 'pending' (grey, incomplete). */
function showVerdict(kind: 'ok' | 'bad' | 'pending' | '', text: string, progress = ''): void {
  const verdict = $('verdict')
  // Rewriting the same words would make screen readers say them again at every keystroke.
  if (verdict.textContent !== text) verdict.textContent = text
  verdict.className = `verdict ${kind}`
  $('iban-progress').textContent = progress
  if (kind === 'bad') $('iban').setAttribute('aria-invalid', 'true')
  else $('iban').removeAttribute('aria-invalid')
}

function tableOf(caption: string, rows: [string, Node | string, string?][], className = 'checks'): HTMLTableElement {
  return element('table', { className }, [
    element('caption', {}, [caption]),
    ...rows.map(([name, value, className = '']) =>
      element('tr', {}, [element('th', { scope: 'row' }, [name]), element('td', { className }, [value])]),
    ),
  ])
}

function showDetails(result: ValidateResult): void {
  const country = findCountry(result.country_code)
  const checks = tableOf(
    'Checks',
    CHECKS.map(([name, label]) => {
      const [className, text] = verdictOf(name, result.checks[name])
      return [name === 'national' ? nationalLabel(country) : label, text, className]
    }),
  )
  // Segment by segment, in the country's words; only once the BBAN can be read (bban_parts).
  const segments = result.bban_parts === null ? [] : (country?.segments ?? [])
  const parts: [string, Node | string][] = segments.map((segment) => [
    segmentLabel(segment),
    element('code', {}, [result.bban.slice(segment.offset, segment.offset + segment.length)]),
  ])
  if (result.bank !== null)
    parts.push(['bank name', `${result.bank.name}${result.bank.bic === null ? '' : ` (${result.bank.bic})`}`])
  const sortCodeBank = result.sort_code_bank
  if (sortCodeBank && sortCodeBank.name !== result.bank?.name) parts.push(['sort code’s bank', sortCodeBank.name])
  $('validation').replaceChildren(checks, ...(parts.length === 0 ? [] : [tableOf('BBAN parts', parts, 'checks parts')]))
}

let validations = 0

/** Validates what is in the field; `committed` when the user submitted it or left the field. */
async function runValidate(committed: boolean): Promise<void> {
  const run = ++validations
  mark('validating', run)
  await validateOnce(run, committed)
  if (run === validations) mark('validated', run)
}

async function validateOnce(run: number, committed: boolean): Promise<void> {
  const compact = $<HTMLInputElement>('iban').value.replace(/\s+/g, '').toUpperCase()
  if (compact === '') {
    showVerdict('', '')
    $('validation').replaceChildren()
    return
  }
  const stray = /[^A-Z0-9]/.exec(compact)?.[0]
  if (stray !== undefined) {
    showVerdict('bad', `Invalid. “${stray}” cannot be in an IBAN: it has letters and digits only (spaces are fine).`)
    $('validation').replaceChildren()
    return
  }
  const country = compact.length < 2 ? undefined : findCountry(compact.slice(0, 2))
  const expected = country?.ibanLength
  const progress = expected === undefined ? '' : `${compact.length} of ${expected} characters`
  const complete =
    committed || (expected !== undefined && compact.length >= expected) || (compact.length >= 2 && !country)
  if (!complete) {
    showVerdict(
      'pending',
      country === undefined
        ? 'Incomplete: an IBAN starts with its two-letter country code.'
        : `Incomplete: ${country.name} IBANs have ${expected} characters.`,
      progress,
    )
    $('validation').replaceChildren()
    // The bank data arrives while the user types the rest.
    if (country !== undefined) ensureBanks(country.code).catch(() => {})
    return
  }
  try {
    await ensureBanks(compact.slice(0, 2))
  } catch (error) {
    showVerdict('bad', `${(error as Error).message}; try again.`)
    $('validation').replaceChildren()
    return
  }
  if (run !== validations) return
  if (compact.length < 2 || compact.length > MAX_IBAN_INPUT) {
    showVerdict(
      'bad',
      compact.length < 2
        ? 'Invalid. An IBAN starts with its two-letter country code.'
        : `Invalid. An IBAN has at most 34 characters; this has ${compact.length}.`,
    )
    $('validation').replaceChildren()
    return
  }
  const result = validate(compact)
  if (result.valid) showVerdict('ok', `Valid: ${result.formatted}`)
  else showVerdict('bad', `Invalid. ${reasonOf(result)}`, progress)
  showDetails(result)
}

/** Wires the Validate section. */
export function startValidator(): void {
  const input = $<HTMLInputElement>('iban')
  input.addEventListener('input', () => void runValidate(false))
  input.addEventListener('change', () => void runValidate(true))
  $('validate-form').addEventListener('submit', (event) => {
    event.preventDefault()
    void runValidate(true)
  })
}
