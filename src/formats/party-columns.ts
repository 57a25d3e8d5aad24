// The party columns of the row formats (csv, json, ndjson, sql; opt-in: `columns=parties`): row i
// as transaction i of the payment file with the same seed and countries holds it, its holder's
// name and address, its amount (the default amounts) and its end-to-end id, written after the
// row's other columns. The values come from the library's Transactions, so a row and the XML
// agree by construction; they are in the SEPA character set (ASCII), escaped once per cell.
import { decimal, resolvePaymentOptions, Transactions } from '@ibanmint/iban/internal'
import { csvCell } from './csv-cell.ts'
import type { ByteWriter } from './byte-writer.ts'

export const PARTY_COLUMNS = [
  'holder_name',
  'street',
  'building_number',
  'postcode',
  'town',
  'amount',
  'end_to_end_id',
] as const

/** SQL column types of the party columns. */
export const PARTY_SQL_TYPES: Record<(typeof PARTY_COLUMNS)[number], string> = {
  holder_name: 'VARCHAR(70) NOT NULL',
  street: 'VARCHAR(70) NOT NULL',
  building_number: 'VARCHAR(16) NOT NULL',
  postcode: 'VARCHAR(16) NOT NULL',
  town: 'VARCHAR(35) NOT NULL',
  amount: 'DECIMAL(13,2) NOT NULL',
  end_to_end_id: 'VARCHAR(35) NOT NULL',
}

const JSON_KEYS = PARTY_COLUMNS.map((column) => `,"${column}":`)

/** The party data of a dataset's rows: transaction i of the payment file of its seed and countries. */
export class PartyCells {
  readonly #transactions: Transactions

  constructor(countries: readonly string[], seed: string) {
    // The date only moves mandates (direct debits): a credit transfer's rows do not depend on it.
    const options = resolvePaymentOptions({ countries, seed, count: 1, date: '2026-01-01' })
    this.#transactions = new Transactions(options)
  }

  /** The cells of row `index`, in PARTY_COLUMNS' order. */
  cells(index: number): string[] {
    const tx = this.#transactions
    tx.fill(index)
    const party = tx.party
    return [tx.name, party.street, party.building, party.postcode, party.town, decimal(tx.cents), tx.endToEndId]
  }

  /** Writes row `index`'s cells before the row's last byte (its `\n`, `}` or `)`), in the format's syntax. */
  write(writer: ByteWriter, index: number, style: 'csv' | 'json' | 'sql'): void {
    const cells = this.cells(index)
    writer.unwrite(1)
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i] as string
      if (style === 'csv') writer.ascii(`,${csvCell(cell)}`)
      else if (style === 'json')
        writer.ascii(`${JSON_KEYS[i] as string}${i === 5 ? `"${cell}"` : JSON.stringify(cell)}`)
      else writer.ascii(i === 5 ? `,${cell}` : `,'${cell.replace(/'/g, "''")}'`)
    }
    writer.byte(style === 'csv' ? 10 : style === 'json' ? 125 : 41)
  }
}
