// The Swedish clearing-number ranges: which bank each range belongs to, the type of its
// accounts (Bankgirot's "typ" and "kommentar", BSAB's type 2 variant 4), the account's
// length and how the IBAN carries it (BSAB's IBAN ID and method 1–4). Transcribed, as facts,
// from three sources that are kept in step by hand:
//   - Bankinfrastruktur i Sverige AB (BSAB), "IBAN och svenskt nationellt kontonummer", the
//     range table of the page last updated 2025-09-09, and its "IBAN-ID och BIC-adress för
//     banker" list of 2024-11-04 (IBAN IDs, methods, BICs, type 2 variant 4);
//   - Bankgirot, "Bankernas kontonummeruppbyggnad", edition 2024-02-22 (types and comments);
//   - BankData (github.com/Bankinfrastruktur/BankData, MIT), Data/source.psv as last changed on
//     2023-09-07 (vendor/se-accounts/source.psv; a test compares this table with it and names
//     every row where they differ).
// Where the sources disagree on a range's IBAN rule, this table follows BSAB's 2025 table and
// says what the others say (`disputed`). To update: transcribe a newer BSAB table or Bankgirot
// edition here, refresh vendor/se-accounts/ from BankData, and run the tests.

/** Who publishes a range: every source, or only some (generation prefers ranges all of them list). */
export type RangeSources = 'all' | 'bsab' | 'bsab-2025' | 'bankgirot' | 'bankdata+bankgirot'

/** One range of clearing numbers (inclusive; ranges never overlap). */
export interface ClearingRange {
  readonly from: number
  readonly to: number
  readonly bank: string
  readonly bic: string | null
  /** BSAB's 3-digit IBAN ID (the IBAN's bank code), or null where BSAB lists none (Riksgälden). */
  readonly ibanId: string | null
  /** Bankgirot's account type: 1 (the clearing number is part of the check) or 2 (the account alone). */
  readonly type: 1 | 2
  /** Bankgirot's comment 1–3 of the type, or 4 for BSAB's type 2 variant 4. */
  readonly comment: 1 | 2 | 3 | 4
  /** BSAB's IBAN method 1–4 (how the IBAN's 17 digits carry clearing number and account), or null: none. */
  readonly method: 1 | 2 | 3 | 4 | null
  /** The fewest digits an account is written with (it is zero-filled to `length`). */
  readonly minLength: number
  readonly length: number
  readonly sources: RangeSources
  /** What other sources say where they give this range another IBAN rule than BSAB's 2025 table. */
  readonly disputed: string | undefined
}

type Row = readonly [
  from: number,
  to: number,
  bank: string,
  bic: string | null,
  ibanId: string | null,
  type: 1 | 2,
  comment: 1 | 2 | 3 | 4,
  method: 1 | 2 | 3 | 4 | null,
  minLength: number,
  length: number,
  sources: RangeSources,
  disputed?: string,
]

const ROWS: readonly Row[] = [
  [1100, 1199, 'Nordea', 'NDEASESS', '300', 1, 1, 1, 7, 7, 'all'],
  [1200, 1399, 'Danske Bank', 'DABASESX', '120', 1, 1, 1, 7, 7, 'all'],
  [1400, 2099, 'Nordea', 'NDEASESS', '300', 1, 1, 1, 7, 7, 'all'],
  [2110, 2119, 'Juni Technology AB', 'JUNTSEG2', '211', 1, 1, 1, 7, 7, 'bsab'],
  [2120, 2129, 'Steven AB', 'SVVVSESS', '212', 1, 1, 1, 7, 7, 'bsab'],
  [2130, 2139, 'Zimpler AB', 'ZIMPSES2', '213', 1, 1, 1, 7, 7, 'bsab-2025'],
  [2140, 2149, 'Trustly Group AB', 'TRLYSESS', '214', 1, 2, 1, 7, 7, 'bsab-2025'],
  [2150, 2159, 'Revolut Bank UAB', null, '215', 2, 4, 4, 1, 10, 'bsab-2025', 'method 4: no published example'],
  [2300, 2399, 'Ålandsbanken', 'AABASESS', '230', 1, 2, 1, 7, 7, 'all'],
  [2400, 2499, 'Danske Bank', 'DABASESX', '120', 1, 1, 1, 7, 7, 'all'],
  [3000, 3299, 'Nordea', 'NDEASESS', '300', 1, 1, 1, 7, 7, 'all'],
  [3300, 3300, 'Nordea (personkonto)', 'NDEASESS', '300', 2, 1, 2, 10, 10, 'all'],
  [3301, 3399, 'Nordea', 'NDEASESS', '300', 1, 1, 1, 7, 7, 'all'],
  [3400, 3409, 'Länsförsäkringar Bank', 'ELLFSESS', '902', 1, 1, 1, 7, 7, 'all'],
  [3410, 3781, 'Nordea', 'NDEASESS', '300', 1, 1, 1, 7, 7, 'all'],
  [3782, 3782, 'Nordea (personkonto)', 'NDEASESS', '300', 2, 1, 2, 10, 10, 'all', 'BankData: IBAN method unknown'],
  [3783, 3999, 'Nordea', 'NDEASESS', '300', 1, 1, 1, 7, 7, 'all'],
  [4000, 4999, 'Nordea', 'NDEASESS', '300', 1, 2, 1, 7, 7, 'all'],
  [5000, 5999, 'SEB', 'ESSESESS', '500', 1, 1, 1, 7, 7, 'all'],
  [6000, 6999, 'Handelsbanken', 'HANDSESS', '600', 2, 2, 2, 7, 9, 'all'],
  [7000, 7999, 'Swedbank', 'SWEDSESS', '800', 1, 1, 1, 7, 7, 'all'],
  [8000, 8999, 'Swedbank (incl. savings banks)', 'SWEDSESS', '800', 2, 3, 3, 7, 10, 'all'],
  [9020, 9029, 'Länsförsäkringar Bank', 'ELLFSESS', '902', 1, 2, 1, 7, 7, 'all'],
  [9040, 9049, 'Citibank (filial)', 'CITISESX', '904', 1, 2, 1, 7, 7, 'all'],
  [9060, 9069, 'Länsförsäkringar Bank', 'ELLFSESS', '902', 1, 1, 1, 7, 7, 'all'],
  [9070, 9079, 'Multitude Bank', 'FEMAMTMT', '907', 1, 1, 1, 7, 7, 'all'],
  [9100, 9109, 'Nordnet Bank', 'NNSESES1', '910', 1, 2, 1, 7, 7, 'all'],
  [9120, 9124, 'SEB', 'ESSESESS', '500', 1, 1, 1, 7, 7, 'all'],
  [9130, 9149, 'SEB', 'ESSESESS', '500', 1, 1, 1, 7, 7, 'all'],
  [9150, 9169, 'Skandiabanken', 'SKIASESS', '915', 1, 2, 1, 7, 7, 'all'],
  [9170, 9179, 'Ikanobanken', 'IKANSE21', '917', 1, 1, 1, 7, 7, 'all'],
  [
    9180,
    9189,
    'Danske Bank',
    'DABASESX',
    '918',
    2,
    1,
    1,
    10,
    10,
    'all',
    'BankData: IBAN ID 120, method unknown; ibandit: 120 without the clearing number',
  ],
  [9190, 9199, 'DNB Bank', 'DNBASESX', '919', 1, 2, 1, 7, 7, 'all'],
  [9230, 9239, 'Marginalen Bank', 'MARGSESS', '923', 1, 1, 1, 7, 7, 'all'],
  [9250, 9259, 'SBAB Bank', 'SBAVSESS', '925', 1, 1, 1, 7, 7, 'all'],
  [9260, 9269, 'DNB Bank', 'DNBASESX', '919', 1, 2, 1, 7, 7, 'bankdata+bankgirot'],
  [9270, 9279, 'ICA Banken', 'IBCASES1', '927', 1, 1, 1, 7, 7, 'all'],
  [9280, 9289, 'Resurs Bank', 'RESUSE21', '928', 1, 1, 1, 7, 7, 'all'],
  [
    9300,
    9349,
    'Swedbank (Sparbanken Öresund)',
    'SWEDSESS',
    '930',
    2,
    1,
    1,
    7,
    10,
    'all',
    'ibandit: no clearing number in the IBAN, IBAN ID 933 for 9330-9349',
  ],
  [9390, 9399, 'Landshypotek', 'LAHYSESS', '939', 1, 2, 1, 7, 7, 'all'],
  [9400, 9449, 'Forex Bank', 'FORXSES1', '940', 1, 1, 1, 7, 7, 'all'],
  [9460, 9469, 'Santander Consumer Bank', 'BSNOSESS', '946', 1, 1, 1, 7, 7, 'all'],
  [9470, 9479, 'BNP Paribas', 'FTSBSESS', '947', 1, 2, 1, 7, 7, 'all'],
  [
    9500,
    9549,
    'Nordea (Plusgirot)',
    'NDEASESS',
    '950',
    2,
    3,
    3,
    2,
    10,
    'all',
    'BSAB 2024-11 list: method 2; BankData: method unknown',
  ],
  [9550, 9564, 'Avanza Bank', 'AVANSES1', '955', 1, 2, 1, 7, 7, 'all'],
  [9565, 9569, 'Avanza Bank', 'AVANSES1', '955', 2, 4, 4, 1, 10, 'bsab-2025', 'method 4: no published example'],
  [9570, 9579, 'Sparbanken Syd', 'SPSDSE23', '957', 2, 1, 2, 5, 10, 'all'],
  [9580, 9589, 'Aion Bank', 'BMPBSESS', '958', 1, 1, 1, 7, 7, 'all'],
  [9590, 9599, 'Erik Penser Bank (EP Bank)', 'ERPFSES2', '959', 1, 2, 1, 7, 7, 'all'],
  [9600, 9609, 'Banking Circle', 'BCIRSE22', '960', 2, 4, 4, 1, 10, 'bsab-2025', 'method 4: no published example'],
  [9630, 9639, 'Lån & Spar Bank A/S, filial', 'LOSADKKK', '963', 1, 1, 1, 7, 7, 'all'],
  [9640, 9649, 'NOBA Bank Group', 'NOFBSESS', '964', 1, 2, 1, 7, 7, 'all'],
  [9650, 9659, 'MedMera Bank AB', 'MEMMSE21', '965', 1, 1, 1, 7, 7, 'bsab'],
  [9660, 9669, 'Svea Bank', 'SVEASES1', '966', 1, 2, 1, 7, 7, 'all'],
  [9670, 9679, 'JAK Medlemsbank', 'JAKMSE22', '967', 1, 2, 1, 7, 7, 'all'],
  [9680, 9689, 'Enity Bank Group (Bluestep)', 'BSTPSESS', '968', 1, 1, 1, 7, 7, 'all'],
  [9700, 9709, 'Ekobanken', 'EKMLSE21', '970', 1, 2, 1, 7, 7, 'all'],
  [9710, 9719, 'Lunar Bank', 'LUNADK2B', '971', 1, 2, 1, 7, 7, 'all'],
  [9750, 9759, 'Northmill Bank', 'NOHLSESS', '975', 1, 2, 1, 7, 7, 'all'],
  [9780, 9789, 'Klarna Bank', 'KLRNSESS', '978', 1, 2, 1, 7, 7, 'all'],
  [9880, 9889, 'Riksgälden', null, null, 1, 2, null, 7, 7, 'bankgirot'],
  [9890, 9899, 'Riksgälden', null, null, 2, 1, null, 10, 10, 'bankgirot'],
  [
    9960,
    9969,
    'Nordea (Plusgirot)',
    'NDEASESS',
    '950',
    2,
    3,
    3,
    2,
    10,
    'all',
    'BSAB 2024-11 list: method 2; BankData: method unknown',
  ],
]

/** Every range, ordered by clearing number. */
export const CLEARING_RANGES: readonly ClearingRange[] = ROWS.map(
  ([from, to, bank, bic, ibanId, type, comment, method, minLength, length, sources, disputed]) =>
    Object.freeze({ from, to, bank, bic, ibanId, type, comment, method, minLength, length, sources, disputed }),
)
