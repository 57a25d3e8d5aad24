// The transactions of a payment file, one per dataset row: row i is the counterparty account of
// dataset row i (the creditor of a transfer, the debtor of a direct debit) with its holder, address,
// amount, references and, for a share of the rows, one defect. Everything about row i is a pure
// function of the seed and i, so any slice of a file can be made anywhere and made again; the
// message writers and the row-level record (PaymentTransaction) read the same state.
import { Dataset } from '../dataset.ts'
import { asciiString, MAX_IBAN_LENGTH } from '../generate.ts'
import { mix32, RowRandom } from '../permutation.ts'
import { randomBelow, SeededRandom } from '../random.ts'
import { drawParty, MAX_NAME, Party, partyCountry, streetLine } from '../parties/party.ts'
import { toSepaText } from '../parties/sepa-text.ts'
import { AmountDraw } from './amounts.ts'
import { buildCreditorIdentifier } from './creditor-id.ts'
import { FILE_DEFECTS, type PaymentDefect, type ResolvedPaymentOptions } from './options.ts'

/** A random 32-bit key of the seed for one purpose (the same seed and purpose give the same key). */
function keyOf(seed: string, purpose: string): number {
  return new SeededRandom(`${seed}\u0000payments\u0000${purpose}`).uint32()
}

/** Eight upper-case hex digits of a text (the ids' tag). */
function tagOf(text: string): string {
  return new SeededRandom(text).uint32().toString(16).toUpperCase().padStart(8, '0')
}

const DAY_MS = 86_400_000

/** YYYY-MM-DD of a day number (days since 1970-01-01), by Hinnant's civil-from-days. */
function civilDate(days: number): string {
  const z = days + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0)
  return `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`
}

const REMITTANCE_CREDIT = ['Invoice', 'Order', 'Rent', 'Refund', 'Invoice no.', 'Contract']
const REMITTANCE_DEBIT = ['Membership fee', 'Subscription', 'Insurance premium', 'Contract', 'Monthly fee']
/** What an over-long name (FF01, BE20) gets appended until it passes 70 characters. */
const LONG_TAIL = ' Verwaltungs- und Beteiligungsgesellschaft International Holding'
const ACCENTED: Record<string, string> = { a: 'á', e: 'é', o: 'ó', u: 'ú', i: 'í' }

/** The file's initiating party: name, address, account, bank and (direct debits) creditor identifier. */
export interface Initiator {
  readonly party: Party
  readonly iban: string
  readonly bic: string | undefined
  readonly creditorId: string
}

/**
 * The state of one transaction (fill(i) sets it) and the file's fixed parts. One instance per
 * file and thread: fill() reuses its fields, so a writer reads them before the next fill().
 */
export class Transactions {
  readonly options: ResolvedPaymentOptions
  readonly debit: boolean
  /** The ids' tag: eight hex digits of the seed. */
  readonly tag: string
  readonly messageId: string
  readonly initiator: Initiator
  /** The transaction defects rows draw from (none: every row is clean), and the share's threshold. */
  readonly #codes: readonly PaymentDefect[]
  readonly #threshold: number
  readonly #defectKey: number
  readonly #dataset: Dataset
  readonly #broken: Dataset | undefined
  readonly #partyRandom: RowRandom
  readonly #amountRandom: RowRandom
  readonly #amounts: AmountDraw
  readonly #firmShare: number
  readonly #signatureBase: number
  readonly #bytes = new Uint8Array(MAX_IBAN_LENGTH)

  // The transaction fill() made last.
  index = -1
  defect: PaymentDefect | undefined = undefined
  /** FF01's kind: true for an over-long name, false for a character outside the SEPA set. */
  longName = false
  endToEndId = ''
  cents = 0
  currency = 'EUR'
  iban = ''
  bic: string | undefined = undefined
  /** The holder's name as written: in the SEPA set, or (RR10, FF01) not. */
  name = ''
  readonly party = new Party()
  /** AdrLine form of the address (hybrid: the street line; unstructured: both lines). */
  streetLine = ''
  postalLine = ''
  unstructured = false
  remittance = ''
  mandateId: string | undefined = undefined
  mandateDate = ''
  creditorId = ''

  constructor(options: ResolvedPaymentOptions) {
    this.options = options
    this.debit = options.message.startsWith('pain.008')
    const seed = options.seed
    this.tag = tagOf(`${seed}\u0000tag`)
    this.messageId = `MSG-${this.tag}-${tagOf(`${seed}\u0000${options.message}\u0000${options.offset}\u0000${options.count}`)}`
    const codes = options.defects.filter((defect) => !FILE_DEFECTS.includes(defect))
    this.#codes = options.address === 'unstructured' ? [this.debit ? 'RR02' : 'RR03'] : codes
    this.#threshold = options.address === 'unstructured' ? 2 ** 32 : Math.floor(options.defectShare * 2 ** 32)
    this.#defectKey = keyOf(seed, 'defects')
    this.#dataset = new Dataset({ countries: options.countries, seed })
    this.#broken = codes.includes('AC01')
      ? new Dataset({ countries: options.countries, seed, invalid: 'mod97' })
      : undefined
    this.#partyRandom = new RowRandom(keyOf(seed, 'parties'))
    this.#amountRandom = new RowRandom(keyOf(seed, 'amounts'))
    this.#amounts = new AmountDraw(options.amounts)
    this.#firmShare = this.debit ? (options.scheme === 'B2B' ? 1 : 0.1) : 0.35
    this.#signatureBase = Math.floor(Date.parse(`${options.date}T00:00:00Z`) / DAY_MS)
    this.initiator = this.#makeInitiator()
  }

  #makeInitiator(): Initiator {
    const { seed, countries, initiator } = this.options
    const country = countries[0] as string
    const random = new RowRandom(keyOf(seed, 'initiator'))
    random.reset(0)
    const party = new Party()
    drawParty(random, partyCountry(country) as NonNullable<ReturnType<typeof partyCountry>>, 1, party)
    if (initiator.name !== undefined) party.name = party.nativeName = initiator.name
    const own = new Dataset({ countries: [country], seed: `${seed}\u0000initiator` })
    own.mint(0, this.#bytes)
    const iban = initiator.iban ?? asciiString(this.#bytes, own.ibanLength)
    const bic = initiator.iban !== undefined ? initiator.bic : (initiator.bic ?? own.bankRecord?.bic ?? undefined)
    let national = ''
    for (let i = 0; i < 11; i++) national += String(randomBelow(random, 10))
    const creditorId = initiator.creditorId ?? buildCreditorIdentifier(country, national)
    return { party, iban, bic, creditorId }
  }

  /** The defect the hash of row `index` draws, before the duplicate rules (undefined: none). */
  #drawnDefect(index: number): PaymentDefect | undefined {
    const key = this.#defectKey
    const h = mix32(key ^ mix32((index >>> 0) ^ mix32(Math.floor(index / 0x100000000) + key)))
    if (h >= this.#threshold || this.#codes.length === 0) return undefined
    return this.#codes[mix32(h ^ key) % this.#codes.length]
  }

  /**
   * The defect of row `index`, or undefined. A duplicate (AM05, DU04) repeats the row before it,
   * so it goes only to a row whose predecessor is clean (row 0 has none): elsewhere the row stays clean.
   */
  defectAt(index: number): PaymentDefect | undefined {
    const defect = this.#drawnDefect(index)
    if ((defect === 'AM05' || defect === 'DU04') && (index === 0 || this.#drawnDefect(index - 1) !== undefined))
      return undefined
    return defect
  }

  /** The amount of row `index` in cents, as the file holds it (defects included). */
  centsAt(index: number, defect = this.defectAt(index)): number {
    if (defect === 'AM01') return 0
    const random = this.#amountRandom
    random.reset(defect === 'AM05' ? index - 1 : index)
    const cents = this.#amounts.cents(random)
    // Above SEPA's maximum of 999,999,999.99 (still within the schema's 18 digits).
    return defect === 'AM02' ? 100_000_000_000 + cents : cents
  }

  /** Makes row `index` the current transaction. */
  fill(index: number): void {
    const defect = this.defectAt(index)
    const source = defect === 'AM05' ? index - 1 : index
    this.index = index
    this.defect = defect
    this.endToEndId = `E2E-${this.tag}-${defect === 'DU04' ? index - 1 : index}`
    this.cents = this.centsAt(index, defect)
    this.currency = defect === 'AM03' ? 'USD' : 'EUR'
    const dataset = defect === 'AC01' ? (this.#broken as Dataset) : this.#dataset
    dataset.mint(source, this.#bytes)
    this.iban = asciiString(this.#bytes, dataset.ibanLength)
    const country = dataset.rowPlan.spec.code
    const bic = dataset.bankRecord?.bic ?? undefined
    this.bic = defect === 'RC01' ? `${bic?.slice(0, 4) ?? 'BANK'}ZZ${bic?.slice(6, 8) ?? '2L'}` : bic
    const random = this.#partyRandom
    random.reset(source)
    const party = this.party
    const material = partyCountry(country) as NonNullable<ReturnType<typeof partyCountry>>
    drawParty(random, material, this.#firmShare, party)
    this.name = party.name
    this.longName = false
    if (defect === 'FF01' || defect === 'BE20' || defect === 'RR10') {
      this.longName = defect === 'BE20' || (defect === 'FF01' && (random.uint32() & 1) === 0)
      this.name = this.longName ? longName(party.name) : foreignName(party)
    }
    this.unstructured = defect === 'RR02' || defect === 'RR03'
    if (this.unstructured || this.options.address === 'hybrid') {
      this.streetLine = streetLine(material, party.street, party.building)
      this.postalLine = party.postcode === '' ? party.town : `${party.postcode} ${party.town}`
    }
    const words = this.debit ? REMITTANCE_DEBIT : REMITTANCE_CREDIT
    this.remittance = `${words[randomBelow(random, words.length)]} ${100000 + randomBelow(random, 9900000)}`
    if (this.debit) {
      this.mandateId = defect === 'MD01' ? undefined : `MNDT-${this.tag}-${source}`
      this.mandateDate = civilDate(this.#signatureBase - 30 - randomBelow(random, 1500))
      const id = this.initiator.creditorId
      this.creditorId = defect === 'BE05' ? breakCreditorId(id) : id
    }
  }
}

/** A name made longer than 70 characters (at most 140, the schema's limit). */
function longName(name: string): string {
  let long = name
  while (long.length <= MAX_NAME) long += LONG_TAIL
  return long.length <= 140 ? long : long.slice(0, long.lastIndexOf(' ', 140))
}

/** The name with characters outside the SEPA set: its native spelling, or an accent put on a vowel. */
function foreignName(party: Party): string {
  if (party.nativeName !== party.name && toSepaText(party.nativeName) === party.name) return party.nativeName
  const at = party.name.search(/[aeoui]/)
  if (at < 0) return `${party.name} Ø`.slice(0, MAX_NAME)
  return party.name.slice(0, at) + (ACCENTED[party.name.charAt(at)] as string) + party.name.slice(at + 1)
}

/** The creditor identifier with wrong check digits (never the right ones: 97 − 1 other values). */
function breakCreditorId(id: string): string {
  const digits = Number(id.slice(2, 4))
  const wrong = 2 + ((digits - 2 + 1 + (digits % 7)) % 97)
  return `${id.slice(0, 2)}${wrong < 10 ? '0' : ''}${wrong}${id.slice(4)}`
}
