// The shares of a country's rows by bank in realistic mode (the default `bank_mix=weighted`): for
// the 20 countries most used in fixtures, the largest banks and bank groups with the share (in
// percent) of the country's accounts each holds, and the share of every bank no group takes
// (`rest`). A group's share is split equally over the bank codes it matches (bank-mix.ts). The
// facts behind each share, their sources and derivations are in bank-weight-facts.ts, group for
// group (kept apart: generation, which runs in browsers too, needs only the shares). Pure data.

/**
 * Which registry entries belong to a group; every field given must hold. Expressions are
 * case-insensitive for names, anchored at the start for BICs and matching the whole code.
 */
export interface GroupMatch {
  /** The BIC starts with one of these eight characters. */
  readonly bic8?: readonly string[]
  /** An expression the BIC matches from its start. */
  readonly bic?: string
  /** An expression the whole bank code matches. */
  readonly code?: string
  /** An expression found in the name. */
  readonly name?: string
  /** An expression that, found in the name, keeps the entry out of the group. */
  readonly notName?: string
}

/** A bank or bank group with its share of a country's rows (percent). */
export interface BankGroup {
  readonly name: string
  readonly share: number
  readonly match: GroupMatch
}

/** A country's shares: its groups in match order (the first that matches an entry takes it) and the rest. */
export interface CountryWeights {
  /** The share (percent) of every bank no group takes, split equally over them. */
  readonly rest: number
  readonly groups: readonly BankGroup[]
}

/** The shares of the 20 countries with facts behind them; other countries' banks share equally. */
export const BANK_WEIGHTS: Readonly<Record<string, CountryWeights>> = {
  DE: {
    rest: 5.0,
    groups: [
      {
        name: 'Sparkassen (savings banks, ~370 institutions)',
        share: 35.28,
        match: { code: '[0-9]{3}5[0-9]{4}', name: 'sparkasse|Spar- und Leihkasse', notName: 'Bausparkasse' },
      },
      {
        name: 'Volksbanken Raiffeisenbanken incl. Sparda and PSD banks (cooperative banks)',
        share: 21.17,
        match: {
          code: '[0-9]{3}[69][0-9]{4}',
          notName:
            '^DZ BANK|DZ HYP|DZ PRIVATBANK|Bausparkasse|Schw.bisch Hall|apoBank|TeamBank|M.nchener Hyp|Zentralbank',
        },
      },
      { name: 'Postbank (branch of Deutsche Bank)', share: 8.98, match: { name: 'Postbank' } },
      {
        name: 'Deutsche Bank (private and business clients)',
        share: 5.13,
        match: { code: '[0-9]{3}7[0-9]{4}', name: '^Deutsche Bank', notName: 'Postbank' },
      },
      { name: 'norisbank (Deutsche Bank group)', share: 0.38, match: { name: 'norisbank' } },
      {
        name: 'Commerzbank',
        share: 7.76,
        match: { code: '[0-9]{3}[48][0-9]{4}', name: 'Commerz', notName: 'comdirect|W.stenrot' },
      },
      { name: 'comdirect (Commerzbank brand)', share: 1.47, match: { code: '20041[0-9]{3}' } },
      { name: 'ING (ING-DiBa)', share: 6.35, match: { bic8: ['INGDDEFF'] } },
      { name: 'DKB Deutsche Kreditbank', share: 2.87, match: { code: '12030000' } },
      { name: 'Targobank', share: 2.61, match: { bic8: ['CMCIDEDD'] } },
      {
        name: 'HypoVereinsbank (UniCredit Bank)',
        share: 1.5,
        match: { name: '^UniCredit Bank', notName: 'Settlement|EAC' },
      },
      { name: 'N26', share: 1.5, match: { bic8: ['NTSBDEB1'] } },
    ],
  },
  FR: {
    rest: 8.0,
    groups: [
      {
        name: 'Crédit Agricole regional banks (Caisses régionales, 39)',
        share: 20.29,
        match: { bic: 'AGRI', code: '1[0-9]{2}06' },
      },
      { name: 'LCL (Crédit Lyonnais)', share: 4.69, match: { code: '30002' } },
      { name: "Caisse d'Epargne (regional banks)", share: 10.01, match: { bic: 'CEPAFR', code: '1[0-9]{3}5' } },
      {
        name: 'Banque Populaire (regional banks incl. BRED, Crédit Coopératif)',
        share: 10.01,
        match: { bic: 'CCBP|BRED|CCOP', code: '1[0-9]{3}7|42559' },
      },
      {
        name: 'Crédit Mutuel Alliance Fédérale incl. CIC',
        share: 14.91,
        match: { bic8: ['CMCIFRPP', 'CMCIFR2A', 'CMCIFRPA', 'CMCIFRP1'] },
      },
      {
        name: 'Crédit Mutuel Arkéa (Bretagne, Sud-Ouest; Fortuneo)',
        share: 2.07,
        match: { bic8: ['CMBRFR2B', 'FTNOFRP1'] },
      },
      { name: 'Société Générale network (SG)', share: 9.73, match: { bic8: ['SOGEFRPP'] } },
      {
        name: 'Crédit du Nord banks (now SG regional brands)',
        share: 2.14,
        match: {
          bic8: [
            'NORDFRPP',
            'SMCTFR2A',
            'COURFR2T',
            'TARNFR2L',
            'KOLBFR21',
            'LAYDFR2W',
            'BNUGFR21',
            'RALPFR2G',
            'BSAVFR2C',
          ],
        },
      },
      { name: 'BNP Paribas (incl. Hello bank!)', share: 8.7, match: { bic8: ['BNPAFRPP'], code: '30004' } },
      { name: 'La Banque Postale', share: 7.45, match: { code: '20041|10011' } },
      { name: 'BoursoBank (Boursorama, SG group)', share: 2.0, match: { code: '40618' } },
    ],
  },
  IT: {
    rest: 12.0,
    groups: [
      { name: 'Intesa Sanpaolo', share: 27.28, match: { bic8: ['BCITITMM', 'BCITITM3', 'FIBKITMM'], name: 'INTESA' } },
      {
        name: 'UniCredit',
        share: 13.94,
        match: { bic8: ['UNCRITMM'], notName: 'LEASING|MEDIOCREDITO|CREDIT MANAGEMENT|MOBILIARE' },
      },
      { name: 'BPER Banca', share: 8.56, match: { bic8: ['BPMOIT22', 'BAECIT2B'] } },
      { name: 'Banco BPM', share: 7.96, match: { bic8: ['BAPPIT21', 'BAPPIT22'] } },
      { name: 'Monte dei Paschi di Siena', share: 6.57, match: { bic8: ['PASCITMM'] } },
      { name: 'Poste Italiane (BancoPosta, PostePay)', share: 11.95, match: { code: '07601|36081' } },
      { name: 'BCC - Gruppo Iccrea', share: 7.96, match: { bic: 'ICRA', code: '08[0-9]{3}' } },
      {
        name: 'BCC - Cassa Centrale group and Raiffeisenkassen (South Tyrol)',
        share: 3.78,
        match: { bic: 'CCRT|RZSB|CRAC', code: '08[0-9]{3}' },
      },
    ],
  },
  ES: {
    rest: 8.0,
    groups: [
      { name: 'CaixaBank (incl. former Bankia)', share: 25.1, match: { code: '2100|2038' } },
      { name: 'Banco Santander (incl. former Popular)', share: 21.14, match: { code: '0049|0075' } },
      { name: 'BBVA', share: 15.48, match: { code: '0182' } },
      { name: 'Banco Sabadell', share: 9.95, match: { code: '0081' } },
      { name: 'Bankinter', share: 4.15, match: { code: '0128' } },
      { name: 'Unicaja (incl. former Liberbank)', share: 3.18, match: { code: '2103|2048' } },
      { name: 'Abanca', share: 2.83, match: { code: '2080' } },
      { name: 'Kutxabank (incl. Cajasur)', share: 2.67, match: { code: '2095|0237' } },
      { name: 'Ibercaja', share: 2.57, match: { code: '2085' } },
      { name: 'Cajamar Caja Rural', share: 3.45, match: { code: '3058' } },
      {
        name: 'Other cajas rurales (Grupo Caja Rural, Caja Laboral, cooperative credit)',
        share: 1.48,
        match: { code: '3[0-9]{3}', notName: 'CAJAMAR|DEUTSCHE|BANCO' },
      },
    ],
  },
  NL: {
    rest: 5.0,
    groups: [
      { name: 'ING', share: 35.84, match: { bic8: ['INGBNL2A'] } },
      { name: 'Rabobank', share: 29.13, match: { bic8: ['RABONL2U'] } },
      { name: 'ABN AMRO', share: 22.41, match: { bic8: ['ABNANL2A'] } },
      {
        name: 'de Volksbank (SNS, ASN, RegioBank, BLG Wonen)',
        share: 7.62,
        match: { bic8: ['SNSBNL2A', 'ASNBNL21', 'RBRBNL21', 'BLGWNL21', 'ZWLBNL21'] },
      },
    ],
  },
  BE: {
    rest: 6.0,
    groups: [
      {
        name: 'BNP Paribas Fortis (incl. Fintro, Hello bank!, bpost bank)',
        share: 34.13,
        match: { name: 'BNP Paribas Fortis|^bpost$|Fintro' },
      },
      { name: 'KBC (incl. CBC)', share: 20.53, match: { bic8: ['KREDBEBB', 'CREGBEBB'] } },
      { name: 'Belfius', share: 16.34, match: { bic8: ['GKCCBEBB'] } },
      { name: 'ING Belgium', share: 11.68, match: { bic8: ['BBRUBEBB'] } },
      { name: 'Argenta', share: 5.48, match: { bic8: ['ARSPBE22'] } },
      { name: 'Crelan (incl. former AXA Bank Belgium)', share: 4.93, match: { bic8: ['NICABEBB', 'AXABBE22'] } },
      { name: 'Beobank (Crédit Mutuel)', share: 0.91, match: { bic8: ['CTBKBEBX'] } },
    ],
  },
  GB: {
    rest: 6.0,
    groups: [
      { name: 'Lloyds Bank', share: 11.57, match: { code: 'LOYD' } },
      { name: 'Halifax', share: 6.27, match: { code: 'HLFX' } },
      { name: 'Bank of Scotland', share: 1.98, match: { code: 'BOFS' } },
      { name: 'NatWest Group (NatWest, RBS, Ulster Bank NI)', share: 13.99, match: { code: 'NWBK|RBOS|ULSB' } },
      { name: 'Barclays UK', share: 14.73, match: { code: 'BUKB|BARC' } },
      { name: 'HSBC UK (incl. first direct)', share: 11.04, match: { code: 'HBUK|MIDL' } },
      { name: 'Santander UK', share: 9.2, match: { code: 'ABBY' } },
      { name: 'Nationwide Building Society', share: 5.52, match: { code: 'NAIA' } },
      { name: 'TSB', share: 3.87, match: { code: 'TSBS' } },
      { name: 'Co-operative Bank', share: 1.84, match: { code: 'CPBK' } },
      { name: 'Monzo', share: 7.36, match: { code: 'MONZ' } },
      { name: 'Revolut', share: 6.63, match: { code: 'REVO' } },
    ],
  },
  AT: {
    rest: 10.0,
    groups: [
      {
        name: 'Raiffeisen Banking Group (Raiffeisenbanken, Raiffeisenlandesbanken)',
        share: 38.04,
        match: { code: '3[0-9]{4}' },
      },
      { name: 'Erste Bank and Sparkassen', share: 26.05, match: { code: '2[0-9]{4}' } },
      { name: 'UniCredit Bank Austria', share: 14.2, match: { bic8: ['BKAUATWW'] } },
      { name: 'BAWAG P.S.K. (incl. easybank)', share: 7.58, match: { bic8: ['BAWAATWW', 'EASYATW1'] } },
      { name: 'Volksbanken', share: 4.13, match: { code: '4[0-9]{4}' } },
    ],
  },
  CH: {
    rest: 6.5,
    groups: [
      { name: 'Zürcher Kantonalbank', share: 6.9, match: { bic8: ['ZKBKCHZZ'] } },
      { name: 'Banque Cantonale Vaudoise', share: 2.0, match: { bic8: ['BCVLCH2L'] } },
      {
        name: 'Other cantonal banks',
        share: 18.1,
        match: { name: 'Kantonalbank|Banque Cantonale|Banca dello Stato|Cantonale|Kantonal' },
      },
      { name: 'Raiffeisen banks (cooperatives)', share: 24.0, match: { bic8: ['RAIFCH22'] } },
      {
        name: 'UBS (incl. former Credit Suisse)',
        share: 20.0,
        match: { bic8: ['UBSWCHZH', 'UBSBCHZZ', 'CRESCHZZ', 'CRESCHZH'] },
      },
      { name: 'PostFinance', share: 15.0, match: { bic8: ['POFICHBE'] } },
      {
        name: 'Regional banks and savings banks (RBA, Clientis, Valiant …)',
        share: 7.0,
        match: { bic8: ['RBABCH22', 'VABECH22'] },
      },
      { name: 'Migros Bank', share: 0.5, match: { bic8: ['MIGRCHZZ'] } },
    ],
  },
  PL: {
    rest: 13.0,
    groups: [
      { name: 'PKO Bank Polski (incl. Inteligo)', share: 25.3, match: { code: '(102|144)[0-9]{5}' } },
      { name: 'Bank Pekao', share: 12.96, match: { code: '124[0-9]{5}' } },
      { name: 'Santander Bank Polska (now Erste Bank Polska)', share: 12.96, match: { code: '(109|150)[0-9]{5}' } },
      { name: 'mBank', share: 9.26, match: { code: '114[0-9]{5}' } },
      { name: 'ING Bank Śląski', share: 9.26, match: { code: '105[0-9]{5}' } },
      { name: 'Bank Millennium', share: 9.26, match: { code: '116[0-9]{5}' } },
      {
        name: 'Cooperative banks (banki spółdzielcze, BPS and SGB groups)',
        share: 8.0,
        match: { code: '[89][0-9]{7}|(193|161)[0-9]{5}' },
      },
    ],
  },
  PT: {
    rest: 8.0,
    groups: [
      { name: 'Caixa Geral de Depósitos', share: 25.02, match: { code: '0035' } },
      { name: 'Millennium bcp (incl. ActivoBank)', share: 21.94, match: { code: '0033|0023' } },
      { name: 'Santander Totta (incl. ex-Banif, ex-Popular)', share: 13.62, match: { code: '0018|0038|0046' } },
      { name: 'Novo Banco', share: 11.23, match: { code: '0007|0160' } },
      { name: 'Banco BPI', share: 9.5, match: { code: '0010' } },
      { name: 'Crédito Agrícola (SICAM)', share: 6.03, match: { code: '0045|0097|0098' } },
      { name: 'Banco Montepio', share: 4.66, match: { code: '0036' } },
    ],
  },
  IE: {
    rest: 4.0,
    groups: [
      { name: 'Bank of Ireland', share: 35.19, match: { code: 'BOFI' } },
      { name: 'AIB (incl. EBS)', share: 34.3, match: { code: 'AIBK|EBSI' } },
      { name: 'Permanent TSB', share: 16.51, match: { code: 'IPBS' } },
      { name: 'Revolut', share: 10.0, match: { code: 'REVO' } },
      { name: 'Ulster Bank, KBC Bank Ireland (exited)', share: 0.0, match: { code: 'ULSB|ICON' } },
    ],
  },
  SE: {
    rest: 20.0,
    groups: [
      { name: 'Swedbank and savings banks (clearing 7xxx/8xxx -> IBAN 800)', share: 20.0, match: { code: '800|930' } },
      { name: 'Handelsbanken', share: 15.0, match: { code: '600' } },
      { name: 'SEB', share: 15.0, match: { code: '500' } },
      { name: 'Nordea (incl. Plusgirot)', share: 15.0, match: { code: '300|950' } },
      { name: 'Länsförsäkringar Bank', share: 4.0, match: { code: '902' } },
      { name: 'ICA Banken', share: 3.0, match: { code: '927' } },
      { name: 'Skandiabanken', share: 3.0, match: { code: '915' } },
      { name: 'Danske Bank', share: 3.0, match: { code: '120' } },
      { name: 'SBAB', share: 2.0, match: { code: '925' } },
    ],
  },
  NO: {
    rest: 15.0,
    groups: [
      { name: 'DNB', share: 30.0, match: { bic8: ['DNBANOKK'] } },
      { name: 'Nordea', share: 22.17, match: { bic8: ['NDEANOKK'] } },
      { name: 'SpareBank 1 banks', share: 17.02, match: { name: 'SpareBank 1' } },
      {
        name: 'Sparebanken Norge (ex Vest and Sør) and other large Sparebanken',
        share: 8.62,
        match: { name: '^Sparebanken' },
      },
      { name: 'Danske Bank', share: 4.01, match: { bic8: ['DABANO22'] } },
      { name: 'Handelsbanken', share: 3.18, match: { bic8: ['HANDNOKK'] } },
    ],
  },
  FI: {
    rest: 8.0,
    groups: [
      { name: 'OP Financial Group (cooperative banks)', share: 39.0, match: { bic8: ['OKOYFIHH'] } },
      { name: 'Nordea', share: 18.17, match: { bic8: ['NDEAFIHH'] } },
      { name: 'Danske Bank', share: 9.08, match: { bic8: ['DABAFIHH'] } },
      { name: 'Savings Banks Group (Säästöpankki)', share: 8.5, match: { bic8: ['ITELFIHH'] } },
      { name: 'S-Bank', share: 6.05, match: { bic8: ['SBANFIHH'] } },
      { name: 'POP Bank group', share: 4.54, match: { bic8: ['POPFFI22'] } },
      { name: 'Aktia', share: 3.63, match: { bic8: ['HELSFIHH'] } },
      { name: 'Ålandsbanken', share: 3.03, match: { bic8: ['AABAFI22'] } },
    ],
  },
  DK: {
    rest: 10.0,
    groups: [
      { name: 'Danske Bank', share: 34.7, match: { bic8: ['DABADKKK'] } },
      { name: 'Nordea Danmark', share: 17.36, match: { bic8: ['NDEADKKK'] } },
      { name: 'Jyske Bank', share: 11.57, match: { bic8: ['JYBADKKK'] } },
      { name: 'Sydbank', share: 8.68, match: { bic8: ['SYBKDK22'] } },
      { name: 'Spar Nord', share: 6.94, match: { name: 'SPAR NORD' } },
      { name: 'Arbejdernes Landsbank', share: 5.79, match: { bic8: ['ALBADKKK'] } },
      { name: 'Nykredit Bank', share: 4.96, match: { bic8: ['NYKBDKKK'] } },
    ],
  },
  CZ: {
    rest: 16.3,
    groups: [
      { name: 'Česká spořitelna', share: 36.4, match: { code: '0800|8060' } },
      { name: 'ČSOB (incl. Poštovní spořitelna)', share: 18.2, match: { code: '0300|2100|7960' } },
      { name: 'Komerční banka', share: 12.1, match: { code: '0100|7990' } },
      { name: 'MONETA Money Bank', share: 7.7, match: { code: '0600|7970' } },
      { name: 'Air Bank', share: 4.9, match: { code: '3030' } },
      { name: 'mBank (Czech branch)', share: 4.4, match: { code: '6210' } },
    ],
  },
  LU: {
    rest: 10.0,
    groups: [
      { name: 'Spuerkeess (BCEE)', share: 38.1, match: { bic8: ['BCEELULL'] } },
      { name: 'BGL BNP Paribas', share: 19.05, match: { bic8: ['BGLLLULL'] } },
      { name: 'BIL Banque Internationale à Luxembourg', share: 12.7, match: { bic8: ['BILLLULL'] } },
      { name: 'POST Luxembourg (POST Finance)', share: 9.53, match: { bic8: ['CCPLLULL'] } },
      { name: 'Banque Raiffeisen', share: 7.62, match: { bic8: ['CCRALULL'] } },
      { name: 'ING Luxembourg', share: 3.0, match: { bic8: ['CELLLULL'] } },
    ],
  },
  GR: {
    rest: 8.0,
    groups: [
      { name: 'National Bank of Greece', share: 23.0, match: { code: '011' } },
      { name: 'Piraeus Bank', share: 23.0, match: { code: '017' } },
      { name: 'Alpha Bank', share: 23.0, match: { code: '014' } },
      { name: 'Eurobank', share: 23.0, match: { code: '026' } },
    ],
  },
  HU: {
    rest: 8.0,
    groups: [
      { name: 'OTP Bank', share: 26.51, match: { bic8: ['OTPVHUHB'], notName: 'Primus' } },
      {
        name: 'MBH Bank (ex Takarékbank savings cooperatives, MKB, Budapest Bank)',
        share: 19.07,
        match: { bic8: ['MKKBHUHB', 'TAKBHUHB', 'DTBAHUHB', 'FHJBHUHB'] },
      },
      { name: 'K&H Bank', share: 11.56, match: { bic8: ['OKHBHUHB'] } },
      { name: 'UniCredit Bank Hungary', share: 9.9, match: { bic8: ['BACXHUHB'] } },
      { name: 'Erste Bank Hungary', share: 9.56, match: { bic8: ['GIBAHUHB'] } },
      { name: 'Raiffeisen Bank', share: 8.8, match: { bic8: ['UBRTHUHB'] } },
      { name: 'CIB Bank', share: 6.6, match: { bic8: ['CIBHHUHB'] } },
    ],
  },
}

/**
 * The shares, as generation reads them: through a function, so that the library's CommonJS build
 * can make this table a file loaded on the first draw of a weighted mix (scripts/build-library.mjs).
 */
export function sharesByCountry(): Readonly<Record<string, CountryWeights>> {
  return BANK_WEIGHTS
}
