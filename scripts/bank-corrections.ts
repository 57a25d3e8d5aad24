// Corrections of national registry entries, applied by `npm run data:banks` (bank-data.ts)
// before the project's bank data is written: a name the registry truncated or annotated, or a
// BIC that belongs to another institution than the one whose code the IBAN carries. Each
// correction says what the registry holds (so that a newer registry that fixed the entry, or
// changed it, stops the script rather than being overwritten blindly), what it becomes and the
// public source of the corrected fact.

/** One corrected registry entry: the code's institution, as the registry gives it and as corrected. */
export interface Correction {
  readonly country: string
  readonly code: string
  /** What the registry's entry holds today (name, and the BIC where that is corrected). */
  readonly registry: { readonly name: string; readonly bic?: string }
  readonly name: string
  readonly bic?: string
  /** Where the corrected name or BIC is published. */
  readonly source: string
  /** What was wrong, in a few words. */
  readonly why: string
}

export const CORRECTIONS: readonly Correction[] = [
  {
    country: 'GB',
    code: 'BOFS',
    registry: { name: 'LLOYDS BANK PLC', bic: 'LOYDGB2L' },
    name: 'BANK OF SCOTLAND PLC',
    bic: 'BOFSGBS1',
    source:
      'SWIFT BIC directory as mirrored by bic-swift.com (BOFSGBS1…: Bank of Scotland plc, Edinburgh); a UK IBAN carries the first four letters of its bank’s BIC',
    why: 'the registry gave Bank of Scotland’s code the name and BIC of Lloyds Bank',
  },
  {
    country: 'GB',
    code: 'DABA',
    registry: { name: 'NORTHERN BANK LIMITED T/A DANSKE BA' },
    name: 'NORTHERN BANK LIMITED TRADING AS DANSKE BANK',
    source:
      'danskebank.co.uk, “Important information”: “Danske Bank is a trading name of Northern Bank Limited” (http://www.danskebank.co.uk/en-gb/Business/Pages/Important-Information.aspx)',
    why: 'truncated at 35 characters',
  },
  {
    country: 'GB',
    code: 'YORK',
    registry: { name: 'VIRGIN MONEY (31 CLYDESDALE BANK)' },
    name: 'VIRGIN MONEY',
    source:
      'SWIFT BIC directory as mirrored by allbankswiftcodes.com (YORKGB2…: Yorkshire Bank, Clydesdale Bank PLC trading as); the Yorkshire Bank brand became Virgin Money in 2021, the registry’s own short name',
    why: 'a stray number and the legal entity in parentheses',
  },
  {
    country: 'GB',
    code: 'FTSB',
    registry: { name: 'ABN AMRO BANK N.V. UK BRANCH (FORMELY KNOWN AS FORTIS BANK (NEDERLAND) N.V. LONDON)' },
    name: 'ABN AMRO BANK N.V. UK BRANCH',
    source: 'the registry’s own short name (ABN AMRO BANK) and the branch it names',
    why: 'a note on the former name in parentheses',
  },
  {
    country: 'NL',
    code: 'ZWLB',
    registry: { name: 'SNS ( ex ZWITSERLEVENBANK)' },
    name: 'SNS',
    source:
      'Betaalvereniging Nederland’s BIC list itself (the code’s institution is SNS; Zwitserleven Bank, its former holder, merged into SNS Bank)',
    why: 'a note on the former holder in parentheses',
  },
  {
    country: 'NL',
    code: 'DEUT',
    registry: { name: 'DEUTSCHE BANK (bij alle SEPA-transacties)' },
    name: 'DEUTSCHE BANK',
    source: 'Betaalvereniging Nederland’s BIC list itself (the note says the BIC serves all SEPA transactions)',
    why: 'a note on usage in parentheses',
  },
  {
    country: 'NL',
    code: 'DELE',
    registry: { name: 'OYENS & VAN EEGHEN - part of Delen Private Bank' },
    name: 'OYENS & VAN EEGHEN',
    source: 'Betaalvereniging Nederland’s BIC list itself (the note names the parent bank)',
    why: 'a note on the parent bank',
  },
  {
    country: 'PT',
    code: '0038',
    registry: { name: 'BANCO SANTANDER TOTTA, S.A. (ex-BANIF – BANCO INTERNACIONAL DO FUNCHAL, S.A.)' },
    name: 'BANCO SANTANDER TOTTA, S.A.',
    source: 'the registry’s own short name (BANCO SANTANDER TOTTA, S.A.)',
    why: 'a note on the former holder in parentheses',
  },
  {
    country: 'CY',
    code: '007',
    registry: { name: 'HELLENIC BANK PUBLIC COMPANY LTD (FORMERLY CYPRUS COOPERATIVE BANK LTD)' },
    name: 'HELLENIC BANK PUBLIC COMPANY LTD',
    source: 'the registry’s own short name (HELLENIC BANK PUBLIC COMPANY)',
    why: 'a note on the former holder in parentheses',
  },
]
