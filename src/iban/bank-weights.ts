// The shares of a country's rows by bank in realistic mode (the default `bank_mix=weighted`): for
// the 20 countries most used in fixtures, the largest banks and bank groups with the share of a
// country's accounts each holds, from public size facts (customer, account or card counts;
// deposits, assets or revenue where no count was found; rank where nothing was), each fact with
// its source, year and how the share was derived from it. Every bank no group takes shares the
// country's `rest`. A group's share is split equally over the bank codes it matches
// (bank-mix.ts); the shares rest on the research of the project's bank-weights notes, checked
// against the registries of banks-registry-data.ts. Pure data: no I/O.

/** A size fact behind a share: its value (null where the fact is a statement, a rank), unit, year and source. */
export interface WeightFact {
  readonly value: number | null
  readonly unit: string
  readonly year: number | null
  /** The address of the page the fact was taken from. */
  readonly source: string
}

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
  /** What the share rests on: customers, accounts, cards, deposits, assets, revenue, main-bank share, rank, judgement, exit. */
  readonly basis: string
  readonly fact: WeightFact | null
  /** How the share follows from the fact. */
  readonly derivation: string
}

/** A country's shares: its groups in match order (the first that matches an entry takes it) and the rest. */
export interface CountryWeights {
  /** What the shares rest on. */
  readonly basis: string
  /** The unit of the size measure. */
  readonly metric: string
  /** How the shares were derived. */
  readonly method: string
  /** The share (percent) of every bank no group takes, split equally over them. */
  readonly rest: number
  readonly groups: readonly BankGroup[]
}

/** The shares of the 20 countries with facts behind them; other countries' banks share equally. */
export const BANK_WEIGHTS: Readonly<Record<string, CountryWeights>> = {
  DE: {
    basis: 'customers',
    metric: 'million private customers (own figures of banks/groups)',
    method:
      'Customer counts (millions) normalised over the listed banks and groups; 5% is kept for all other registered banks. Deutsche Bank and Postbank are split from the merged 20 million in the ratio of their last separate figures (8 : 14). N26 and HypoVereinsbank have no German customer count in the sources found; they get a small fixed judgement share.',
    rest: 5.0,
    groups: [
      {
        name: 'Sparkassen (savings banks, ~370 institutions)',
        share: 35.28,
        match: { code: '[0-9]{3}5[0-9]{4}', name: 'sparkasse|Spar- und Leihkasse', notName: 'Bausparkasse' },
        basis: 'customers',
        fact: {
          value: 50000000,
          unit: 'private customers',
          year: 2021,
          source: 'https://www.welt.de/wirtschaft/plus233619203/Die-neue-DNA-der-Sparkasse.html',
        },
        derivation:
          '50 m private customers; cross-check: ~40 m current accounts of private and business customers (Statista via Business Insider 2020).',
      },
      {
        name: 'Volksbanken Raiffeisenbanken incl. Sparda and PSD banks (cooperative banks)',
        share: 21.17,
        match: {
          code: '[0-9]{3}[69][0-9]{4}',
          notName:
            '^DZ BANK|DZ HYP|DZ PRIVATBANK|Bausparkasse|Schw.bisch Hall|apoBank|TeamBank|M.nchener Hyp|Zentralbank',
        },
        basis: 'customers',
        fact: { value: 30000000, unit: 'customers', year: null, source: 'https://www.fachgruppe-geld.de/artikel/562/' },
        derivation:
          '"rund 30 Millionen Kunden" (secondary source, undated); cross-check: 18.4 m members (BVR 2016); Sparda banks alone ~3.8 m customers (Verband der Sparda-Banken).',
      },
      {
        name: 'Postbank (branch of Deutsche Bank)',
        share: 8.98,
        match: { name: 'Postbank' },
        basis: 'customers',
        fact: {
          value: 20000000,
          unit: 'private customers (Deutsche Bank + Postbank combined)',
          year: 2018,
          source: 'https://www.dw.com/de/deutsche-bank-schlie%C3%9Ft-postbank-fusion-ab/a-43960749',
        },
        derivation:
          '20 m combined (2018) split 14 : 8 using the last separate figures (Postbank 14 m, Deutsche Bank >8 m; Finanz-Szene) -> 12.73 m.',
      },
      {
        name: 'Deutsche Bank (private and business clients)',
        share: 5.13,
        match: { code: '[0-9]{3}7[0-9]{4}', name: '^Deutsche Bank', notName: 'Postbank' },
        basis: 'customers',
        fact: {
          value: 8000000,
          unit: 'private customers',
          year: 2016,
          source:
            'http://finanz-szene.de/exklusiv-warum-die-deutsche-bank-ploetzlich-zwei-millionen-kunden-weniger-hat/',
        },
        derivation: 'Share of the 20 m combined figure: 20 x 8/22 = 7.27 m.',
      },
      {
        name: 'norisbank (Deutsche Bank group)',
        share: 0.38,
        match: { name: 'norisbank' },
        basis: 'customers',
        fact: {
          value: 545000,
          unit: 'customers',
          year: 2015,
          source:
            'https://finanz-szene.de/eigene-artikel-von-finanz-szene-de/analyse-n26-ist-jetzt-die-zwoelftgroesste-deutsche-direktbank',
        },
        derivation: '545,000 customers end-2015.',
      },
      {
        name: 'Commerzbank',
        share: 7.76,
        match: { code: '[0-9]{3}[48][0-9]{4}', name: 'Commerz', notName: 'comdirect|W.stenrot' },
        basis: 'customers',
        fact: {
          value: 11000000,
          unit: 'private and business customers',
          year: 2012,
          source: 'https://finanz-szene.de/banking/die-wahrheit-hinter-der-neukunden-strategie-der-commerzbank/',
        },
        derivation: '11.0 m end-2012 (12.2 m end-2016; Finanz-Szene 2019 says no more customers than in 2012).',
      },
      {
        name: 'comdirect (Commerzbank brand)',
        share: 1.47,
        match: { code: '20041[0-9]{3}' },
        basis: 'customers',
        fact: {
          value: 2080949,
          unit: 'B2C customers',
          year: 2016,
          source:
            'https://www.comdirect.de/cms/ueberuns/en/investorrelations/quartalszahlen-comdirect-gruppe-archiv.html',
        },
        derivation: '2,080,949 retail customers end-2016 (1,355,747 current accounts).',
      },
      {
        name: 'ING (ING-DiBa)',
        share: 6.35,
        match: { bic8: ['INGDDEFF'] },
        basis: 'customers',
        fact: {
          value: 9000000,
          unit: 'customers',
          year: 2023,
          source: 'https://www.cio.de/a/ing-prueft-uebernahmen-in-deutschland,3701607',
        },
        derivation:
          '"etwa neun Millionen Kunden" (2023); annual report 2017: 8,532,397 customers in Germany, 2,082,223 current accounts.',
      },
      {
        name: 'DKB Deutsche Kreditbank',
        share: 2.87,
        match: { code: '12030000' },
        basis: 'customers',
        fact: {
          value: 4073875,
          unit: 'customers',
          year: 2018,
          source:
            'https://unterlagen.site/document/geschftsbericht-2018-dkb-anhang-notes-90-weitere-informationen-186-versicherung.html',
        },
        derivation: '4,073,875 customers, 2,980,293 private current accounts (2018).',
      },
      {
        name: 'Targobank',
        share: 2.61,
        match: { bic8: ['CMCIDEDD'] },
        basis: 'customers',
        fact: {
          value: 3700000,
          unit: 'customers',
          year: 2021,
          source: 'https://finanz-szene.de/banking/targobank-nimmt-tagesgeld-und-sparbuch-aus-angebotspalette/',
        },
        derivation: '~3.7 m existing customers (2021).',
      },
      {
        name: 'HypoVereinsbank (UniCredit Bank)',
        share: 1.5,
        match: { name: '^UniCredit Bank', notName: 'Settlement|EAC' },
        basis: 'judgement',
        fact: null,
        derivation:
          'No customer count found (only total assets, EUR 303 bn in 2019, largely corporate/investment banking). Judgement: 1.5%.',
      },
      {
        name: 'N26',
        share: 1.5,
        match: { bic8: ['NTSBDEB1'] },
        basis: 'judgement',
        fact: {
          value: 8000000,
          unit: 'customers in all markets',
          year: 2023,
          source: 'https://statista.com/topics/11634/banking-industry-in-germany',
        },
        derivation:
          '8 m customers across all markets (2023); no German split published in the sources found. Judgement: 1.5%.',
      },
    ],
  },
  FR: {
    basis: 'revenue (customers as cross-check)',
    metric: 'bn EUR retail-banking net banking income in France 2015 (ACPR), split within groups as stated',
    method:
      "The only same-basis comparison of the six big groups found is the ACPR analysis of 2015 retail-banking revenue in France; customer counts published by the groups use different definitions (see cross-checks). Within groups: LCL vs regional banks by LCL revenue (3.4 of 18.1 bn); Caisse d'Epargne vs Banque Populaire 50:50 (no split found); Arkéa vs the rest of Crédit Mutuel by clients (4.24 of 34.2 m); Crédit du Nord vs Société Générale network by private clients (1.8 of 9.8 m). BoursoBank gets a fixed judgement share. 8% rest.",
    rest: 8.0,
    groups: [
      {
        name: 'Crédit Agricole regional banks (Caisses régionales, 39)',
        share: 20.29,
        match: { bic: 'AGRI', code: '1[0-9]{2}06' },
        basis: 'revenue',
        fact: {
          value: 18100000000,
          unit: 'EUR retail-banking revenue in France, CA group incl. LCL',
          year: 2015,
          source: 'https://www.cbanque.com/actu/58120/le-credit-agricole-numero-1-sur-la-banque-de-detail-en-france',
        },
        derivation:
          '18.1 bn minus LCL (~3.4 bn) = 14.7 bn. Cross-check: 21 m private customers for the group incl. LCL (2016).',
      },
      {
        name: 'LCL (Crédit Lyonnais)',
        share: 4.69,
        match: { code: '30002' },
        basis: 'revenue',
        fact: {
          value: 3365000000,
          unit: 'EUR revenue',
          year: 2018,
          source: 'https://kiwix.jackbot.fr/content/wikipedia_fr_all_maxi_2021-09/A/Cr%C3%A9dit_lyonnais',
        },
        derivation: 'LCL revenue 3.365 bn (2018) used as its part of the 18.1 bn.',
      },
      {
        name: "Caisse d'Epargne (regional banks)",
        share: 10.01,
        match: { bic: 'CEPAFR', code: '1[0-9]{3}5' },
        basis: 'revenue',
        fact: {
          value: 14500000000,
          unit: 'EUR retail-banking revenue in France, BPCE',
          year: 2015,
          source: 'https://www.cbanque.com/actu/58120/le-credit-agricole-numero-1-sur-la-banque-de-detail-en-france',
        },
        derivation:
          'Half of 14.5 bn (no public split between the two networks found). Cross-check: BPCE 34 m clients at its creation (2009).',
      },
      {
        name: 'Banque Populaire (regional banks incl. BRED, Crédit Coopératif)',
        share: 10.01,
        match: { bic: 'CCBP|BRED|CCOP', code: '1[0-9]{3}7|42559' },
        basis: 'revenue',
        fact: {
          value: 14500000000,
          unit: 'EUR retail-banking revenue in France, BPCE',
          year: 2015,
          source: 'https://www.cbanque.com/actu/58120/le-credit-agricole-numero-1-sur-la-banque-de-detail-en-france',
        },
        derivation: 'Half of 14.5 bn.',
      },
      {
        name: 'Crédit Mutuel Alliance Fédérale incl. CIC',
        share: 14.91,
        match: { bic8: ['CMCIFRPP', 'CMCIFR2A', 'CMCIFRPA', 'CMCIFRP1'] },
        basis: 'revenue',
        fact: {
          value: 12300000000,
          unit: 'EUR retail-banking revenue in France, Crédit Mutuel group',
          year: 2015,
          source: 'https://www.cbanque.com/actu/58120/le-credit-agricole-numero-1-sur-la-banque-de-detail-en-france',
        },
        derivation: "12.3 bn x (1 - 4.24/34.2): Arkéa's 4.24 m of the group's 34.2 m clients in France (2019) removed.",
      },
      {
        name: 'Crédit Mutuel Arkéa (Bretagne, Sud-Ouest; Fortuneo)',
        share: 2.07,
        match: { bic8: ['CMBRFR2B', 'FTNOFRP1'] },
        basis: 'revenue',
        fact: {
          value: 4240000,
          unit: 'clients and members',
          year: 2017,
          source: 'http://cbanque.com/actu/67453/divorce-credit-mutuel-arkea-ce-quil-faut-savoir',
        },
        derivation: '12.3 bn x 4.24/34.2.',
      },
      {
        name: 'Société Générale network (SG)',
        share: 9.73,
        match: { bic8: ['SOGEFRPP'] },
        basis: 'revenue',
        fact: {
          value: 8600000000,
          unit: 'EUR retail-banking revenue in France, Société Générale',
          year: 2015,
          source: 'https://www.cbanque.com/actu/58120/le-credit-agricole-numero-1-sur-la-banque-de-detail-en-france',
        },
        derivation: '8.6 bn x 8.0/9.8 (SG network ~8 m vs Crédit du Nord 1.8 m private clients, 2023).',
      },
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
        basis: 'revenue',
        fact: {
          value: 1800000,
          unit: 'private clients',
          year: 2023,
          source:
            'https://www.beincrypto1.de/votre-argent/sg-une-fusion-en-douceur-et-gagnante-pour-les-clients-credit-du-nord-1457690',
        },
        derivation: "Part of SG's 8.6 bn: 8.6 x 1.8/9.8.",
      },
      {
        name: 'BNP Paribas (incl. Hello bank!)',
        share: 8.7,
        match: { bic8: ['BNPAFRPP'], code: '30004' },
        basis: 'revenue',
        fact: {
          value: 6300000000,
          unit: 'EUR retail-banking revenue in France',
          year: 2015,
          source: 'https://www.cbanque.com/actu/58120/le-credit-agricole-numero-1-sur-la-banque-de-detail-en-france',
        },
        derivation: '6.3 bn; cross-check 7 m retail clients (2025, AFP via Boursorama).',
      },
      {
        name: 'La Banque Postale',
        share: 7.45,
        match: { code: '20041|10011' },
        basis: 'revenue',
        fact: {
          value: 5400000000,
          unit: 'EUR retail-banking revenue in France',
          year: 2015,
          source: 'https://www.cbanque.com/actu/58120/le-credit-agricole-numero-1-sur-la-banque-de-detail-en-france',
        },
        derivation: '5.4 bn; cross-check >10.8 m active private customers (Wikipedia).',
      },
      {
        name: 'BoursoBank (Boursorama, SG group)',
        share: 2.0,
        match: { code: '40618' },
        basis: 'judgement',
        fact: null,
        derivation: 'No customer count found in the sources searched; judgement 2%.',
      },
    ],
  },
  IT: {
    basis: 'customers',
    metric: 'million clients in Italy',
    method:
      'Client counts in Italy normalised over the listed groups; 12% rest (BNL, Crédit Agricole Italia, Fineco, Mediolanum, ING, Credem, Popolare di Sondrio, Sella, neobanks …, none with a figure in the sources found). Cassa Centrale group clients are estimated from the Iccrea ratio of clients to assets; Poste from "almost one Italian in ten has a current account at Poste" (2012).',
    rest: 12.0,
    groups: [
      {
        name: 'Intesa Sanpaolo',
        share: 27.28,
        match: { bic8: ['BCITITMM', 'BCITITM3', 'FIBKITMM'], name: 'INTESA' },
        basis: 'customers',
        fact: {
          value: 13700000,
          unit: 'clients in Italy',
          year: 2024,
          source:
            'https://www.affaritaliani.it/economia/banche-i-numeri-dei-grandi-gruppi-clienti-portafoglio-percentuale-del-mercato-italiano-954136.html',
        },
        derivation: '13.7 m clients in Italy.',
      },
      {
        name: 'UniCredit',
        share: 13.94,
        match: { bic8: ['UNCRITMM'], notName: 'LEASING|MEDIOCREDITO|CREDIT MANAGEMENT|MOBILIARE' },
        basis: 'customers',
        fact: {
          value: 7000000,
          unit: 'clients in Italy',
          year: 2024,
          source:
            'https://www.affaritaliani.it/economia/banche-i-numeri-dei-grandi-gruppi-clienti-portafoglio-percentuale-del-mercato-italiano-954136.html',
        },
        derivation: '7 m clients in Italy.',
      },
      {
        name: 'BPER Banca',
        share: 8.56,
        match: { bic8: ['BPMOIT22', 'BAECIT2B'] },
        basis: 'customers',
        fact: {
          value: 4300000,
          unit: 'clients',
          year: 2024,
          source:
            'https://www.affaritaliani.it/economia/banche-i-numeri-dei-grandi-gruppi-clienti-portafoglio-percentuale-del-mercato-italiano-954136.html',
        },
        derivation: '4.3 m clients.',
      },
      {
        name: 'Banco BPM',
        share: 7.96,
        match: { bic8: ['BAPPIT21', 'BAPPIT22'] },
        basis: 'customers',
        fact: {
          value: 4000000,
          unit: 'clients',
          year: 2024,
          source:
            'https://www.affaritaliani.it/economia/banche-i-numeri-dei-grandi-gruppi-clienti-portafoglio-percentuale-del-mercato-italiano-954136.html',
        },
        derivation: '4 m clients.',
      },
      {
        name: 'Monte dei Paschi di Siena',
        share: 6.57,
        match: { bic8: ['PASCITMM'] },
        basis: 'customers',
        fact: {
          value: 3300000,
          unit: 'clients',
          year: 2024,
          source:
            'https://www.affaritaliani.it/economia/banche-i-numeri-dei-grandi-gruppi-clienti-portafoglio-percentuale-del-mercato-italiano-954136.html',
        },
        derivation: '3.3 m clients.',
      },
      {
        name: 'Poste Italiane (BancoPosta, PostePay)',
        share: 11.95,
        match: { code: '07601|36081' },
        basis: 'customers',
        fact: {
          value: null,
          unit: '"almost one Italian in ten" has a Poste current account',
          year: 2012,
          source: 'https://www.primaonline.it/2012/05/07/105674/poste-i-un-compleanno-da-record/',
        },
        derivation: 'Estimated 6 m from "quasi un italiano su dieci" (60 m population / 10).',
      },
      {
        name: 'BCC - Gruppo Iccrea',
        share: 7.96,
        match: { bic: 'ICRA', code: '08[0-9]{3}' },
        basis: 'customers',
        fact: {
          value: 4000000,
          unit: 'clients',
          year: 2019,
          source: 'https://www.edicolaweb.tv/economia-e-lavoro/nasce-il-gruppo-iccrea-con-142-bcc/',
        },
        derivation: '>4 m clients (142 BCC, 2019).',
      },
      {
        name: 'BCC - Cassa Centrale group and Raiffeisenkassen (South Tyrol)',
        share: 3.78,
        match: { bic: 'CCRT|RZSB|CRAC', code: '08[0-9]{3}' },
        basis: 'customers',
        fact: {
          value: null,
          unit: 'assets 73 bn EUR vs Iccrea 153 bn',
          year: 2019,
          source: 'https://www.edicolaweb.tv/economia-e-lavoro/nasce-il-gruppo-iccrea-con-142-bcc/',
        },
        derivation: 'Estimated: 4 m x 73/153 = 1.9 m (client-to-asset ratio of Iccrea).',
      },
    ],
  },
  ES: {
    basis: 'customers (BBVA, Sabadell estimated from deposits; mid-size banks from assets)',
    metric: 'million clients in Spain (some estimated)',
    method:
      "CaixaBank and Santander: published client counts in Spain. BBVA and Sabadell: no Spanish client count found; estimated from their combined deposits in Spain (395.9 bn) at the average deposits per client of CaixaBank and Santander (21.5 k EUR) = 18.4 m, split by branches (1,881 : 1,203). Mid-size banks: assets in Spain scaled at Sabadell's estimated clients per asset (7.2 m / 179 bn). Cooperatives: Cajamar 2.5 m (2011); other cajas rurales scaled by assets. 8% rest.",
    rest: 8.0,
    groups: [
      {
        name: 'CaixaBank (incl. former Bankia)',
        share: 25.1,
        match: { code: '2100|2038' },
        basis: 'customers',
        fact: {
          value: 18170000,
          unit: 'clients in Spain',
          year: 2023,
          source:
            'https://elnacional.cat/oneconomia/es/empresas/caixabank-recupera-liderazgo-clientes-atras-santander-bbva_1274907_102.html',
        },
        derivation: '18.17 m end-2023.',
      },
      {
        name: 'Banco Santander (incl. former Popular)',
        share: 21.14,
        match: { code: '0049|0075' },
        basis: 'customers',
        fact: {
          value: 15299000,
          unit: 'clients in Spain',
          year: 2025,
          source: 'https://theobjective.com/economia/banca/2025-05-01/santander-clientes-espana-opa-bbva-sabadell',
        },
        derivation: '15.3 m (March 2025).',
      },
      {
        name: 'BBVA',
        share: 15.48,
        match: { code: '0182' },
        basis: 'customers',
        fact: {
          value: null,
          unit: 'BBVA + Sabadell deposits in Spain 395.9 bn EUR',
          year: 2024,
          source: 'http://app.noticiasde.es/espana/bbva-sabadell-superaria-a-caixabank-como-mayor-banco-en-espana',
        },
        derivation: 'Estimate: 18.4 m x 1,881/3,084.',
      },
      {
        name: 'Banco Sabadell',
        share: 9.95,
        match: { code: '0081' },
        basis: 'customers',
        fact: {
          value: null,
          unit: 'BBVA + Sabadell deposits in Spain 395.9 bn EUR',
          year: 2024,
          source: 'http://app.noticiasde.es/espana/bbva-sabadell-superaria-a-caixabank-como-mayor-banco-en-espana',
        },
        derivation: 'Estimate: 18.4 m x 1,203/3,084.',
      },
      {
        name: 'Bankinter',
        share: 4.15,
        match: { code: '0128' },
        basis: 'assets',
        fact: {
          value: 75870000000,
          unit: 'total assets EUR in Spain',
          year: 2019,
          source: 'https://sreconomista.com/bancos-mas-grandes-espana/',
        },
        derivation: '75.9 bn x 7.2/179.',
      },
      {
        name: 'Unicaja (incl. former Liberbank)',
        share: 3.18,
        match: { code: '2103|2048' },
        basis: 'assets',
        fact: {
          value: 57700000000,
          unit: 'total assets EUR',
          year: 2019,
          source: 'https://sreconomista.com/bancos-mas-grandes-espana/',
        },
        derivation: '57.7 bn x 7.2/179 (pre-Liberbank figure).',
      },
      {
        name: 'Abanca',
        share: 2.83,
        match: { code: '2080' },
        basis: 'assets',
        fact: {
          value: 50974000000,
          unit: 'total assets EUR',
          year: 2019,
          source: 'https://sreconomista.com/bancos-mas-grandes-espana/',
        },
        derivation: '51.0 bn x 7.2/179.',
      },
      {
        name: 'Kutxabank (incl. Cajasur)',
        share: 2.67,
        match: { code: '2095|0237' },
        basis: 'assets',
        fact: {
          value: 48018000000,
          unit: 'total assets EUR',
          year: 2019,
          source: 'https://sreconomista.com/bancos-mas-grandes-espana/',
        },
        derivation: '48.0 bn x 7.2/179.',
      },
      {
        name: 'Ibercaja',
        share: 2.57,
        match: { code: '2085' },
        basis: 'assets',
        fact: {
          value: 46159000000,
          unit: 'total assets EUR',
          year: 2019,
          source: 'https://sreconomista.com/bancos-mas-grandes-espana/',
        },
        derivation: '46.2 bn x 7.2/179.',
      },
      {
        name: 'Cajamar Caja Rural',
        share: 3.45,
        match: { code: '3058' },
        basis: 'customers',
        fact: {
          value: 2500000,
          unit: 'clients',
          year: 2011,
          source:
            'http://europapress.es/comunitat-valenciana/noticia-caja-rural-castellon-acuerda-incorporacion-grupo-cooperativo-cajamar-20110406122236.html',
        },
        derivation: '2.5 m (2011).',
      },
      {
        name: 'Other cajas rurales (Grupo Caja Rural, Caja Laboral, cooperative credit)',
        share: 1.48,
        match: { code: '3[0-9]{3}', notName: 'CAJAMAR|DEUTSCHE|BANCO' },
        basis: 'customers',
        fact: {
          value: null,
          unit: "Cajamar group = 30% of the cajas rurales' balance",
          year: 2011,
          source:
            'http://europapress.es/comunitat-valenciana/noticia-caja-rural-castellon-acuerda-incorporacion-grupo-cooperativo-cajamar-20110406122236.html',
        },
        derivation:
          "Estimate: Cajamar's 2.5 m clients scaled by assets - the other cajas rurales had ~18 bn against ~42 bn for the Cajamar-led group (2012) - 2.5 m x 18/42 = 1.07 m.",
      },
    ],
  },
  NL: {
    basis: 'customers (Rabobank placed by rank)',
    metric: 'million private customers (Volksbank: customers with a current account)',
    method:
      'Customer counts normalised; Rabobank has no published retail customer count in the sources found and is placed between ING (8 m) and ABN AMRO (5 m) because a source calls it the second-largest bank after ING: midpoint 6.5 m. The four banks held 98% of private current accounts on average 2002-2012; 5% rest for newer banks (bunq, Knab, Triodos, Revolut NL, …).',
    rest: 5.0,
    groups: [
      {
        name: 'ING',
        share: 35.84,
        match: { bic8: ['INGBNL2A'] },
        basis: 'customers',
        fact: {
          value: 8000000,
          unit: 'customers in the Netherlands',
          year: 2018,
          source:
            'https://www.volkskrant.nl/economie/het-winstwonder-van-ing-waarom-is-de-grootste-bank-van-nederland-zo-ongenaakbaar-~b67596d9/',
        },
        derivation: '8 m.',
      },
      {
        name: 'Rabobank',
        share: 29.13,
        match: { bic8: ['RABONL2U'] },
        basis: 'rank',
        fact: {
          value: null,
          unit: 'ranked second after ING',
          year: 2021,
          source:
            'https://www.tijd.be/ondernemen/banken/Nederlandse-Rabobank-ziet-halfjaarwinst-maal-tien-gaan/10325548',
        },
        derivation: 'Midpoint of ING (8 m) and ABN AMRO (5 m).',
      },
      {
        name: 'ABN AMRO',
        share: 22.41,
        match: { bic8: ['ABNANL2A'] },
        basis: 'customers',
        fact: {
          value: 5000000,
          unit: 'private customers ("ruim 5 miljoen")',
          year: 2019,
          source:
            'https://www.nrc.nl/nieuws/2019/08/07/abn-amro-investeert-opnieuw-miljoenen-om-beter-zicht-te-krijgen-op-klant-a3969359',
        },
        derivation: '5 m.',
      },
      {
        name: 'de Volksbank (SNS, ASN, RegioBank, BLG Wonen)',
        share: 7.62,
        match: { bic8: ['SNSBNL2A', 'ASNBNL21', 'RBRBNL21', 'BLGWNL21', 'ZWLBNL21'] },
        basis: 'accounts',
        fact: {
          value: 1700000,
          unit: 'customers with a current account',
          year: 2020,
          source: 'https://nos.nl/artikel/2368337-volksbank-schrapt-honderden-banen.html',
        },
        derivation: '1.7 m current-account customers.',
      },
    ],
  },
  BE: {
    basis: 'assets in Belgium',
    metric: 'bn EUR assets in Belgium, end-2023',
    method:
      'No per-bank Belgian customer counts were found (except Fortis 3 m clients in BE+LU in 2008). Shares follow assets booked in Belgium at end-2023 from a 2024 study, excluding BNY (custody). About 84% of Belgians bank with the big four (2015), consistent with the result. 6% rest.',
    rest: 6.0,
    groups: [
      {
        name: 'BNP Paribas Fortis (incl. Fintro, Hello bank!, bpost bank)',
        share: 34.13,
        match: { name: 'BNP Paribas Fortis|^bpost$|Fintro' },
        basis: 'assets',
        fact: {
          value: 374000000000,
          unit: 'assets in Belgium EUR',
          year: 2023,
          source: 'https://wikimili.com/en/List_of_banks_in_Belgium',
        },
        derivation: '374 bn.',
      },
      {
        name: 'KBC (incl. CBC)',
        share: 20.53,
        match: { bic8: ['KREDBEBB', 'CREGBEBB'] },
        basis: 'assets',
        fact: {
          value: 225000000000,
          unit: 'assets in Belgium EUR',
          year: 2023,
          source: 'https://wikimili.com/en/List_of_banks_in_Belgium',
        },
        derivation: '225 bn.',
      },
      {
        name: 'Belfius',
        share: 16.34,
        match: { bic8: ['GKCCBEBB'] },
        basis: 'assets',
        fact: {
          value: 179000000000,
          unit: 'assets in Belgium EUR',
          year: 2023,
          source: 'https://wikimili.com/en/List_of_banks_in_Belgium',
        },
        derivation: '179 bn.',
      },
      {
        name: 'ING Belgium',
        share: 11.68,
        match: { bic8: ['BBRUBEBB'] },
        basis: 'assets',
        fact: {
          value: 128000000000,
          unit: 'assets in Belgium EUR',
          year: 2023,
          source: 'https://wikimili.com/en/List_of_banks_in_Belgium',
        },
        derivation: '128 bn.',
      },
      {
        name: 'Argenta',
        share: 5.48,
        match: { bic8: ['ARSPBE22'] },
        basis: 'assets',
        fact: {
          value: 60000000000,
          unit: 'assets in Belgium EUR',
          year: 2023,
          source: 'https://wikimili.com/en/List_of_banks_in_Belgium',
        },
        derivation: '60 bn.',
      },
      {
        name: 'Crelan (incl. former AXA Bank Belgium)',
        share: 4.93,
        match: { bic8: ['NICABEBB', 'AXABBE22'] },
        basis: 'assets',
        fact: {
          value: 54000000000,
          unit: 'assets in Belgium EUR',
          year: 2023,
          source: 'https://wikimili.com/en/List_of_banks_in_Belgium',
        },
        derivation: '54 bn.',
      },
      {
        name: 'Beobank (Crédit Mutuel)',
        share: 0.91,
        match: { bic8: ['CTBKBEBX'] },
        basis: 'assets',
        fact: {
          value: 10000000000,
          unit: 'assets in Belgium EUR',
          year: 2023,
          source: 'https://wikimili.com/en/List_of_banks_in_Belgium',
        },
        derivation: '10 bn (745,000 clients in 2022, La Tribune).',
      },
    ],
  },
  GB: {
    basis: 'customers / current-account shares',
    metric: 'million customers (2024) / personal current accounts scaled to 2024 (see derivation)',
    method:
      '2024 customer counts for Lloyds Banking Group, NatWest, Barclays UK, HSBC UK, Monzo and Revolut UK; Santander UK, Nationwide, TSB and Co-op scaled from their 2013 CMA current-account shares relative to HSBC (12% <-> 15 m). Within Lloyds Banking Group, Lloyds : Halifax : Bank of Scotland follow the 2011 main-provider survey (17.6 : 9.5 : 3.0). 6% rest.',
    rest: 6.0,
    groups: [
      {
        name: 'Lloyds Bank',
        share: 11.57,
        match: { code: 'LOYD' },
        basis: 'customers',
        fact: {
          value: 27000000,
          unit: 'customers (Lloyds Banking Group)',
          year: 2024,
          source: 'https://www.uktech.news/fintech/monzo-10-million-uk-customers-20240806',
        },
        derivation: '27 m x 17.6/30.1.',
      },
      {
        name: 'Halifax',
        share: 6.27,
        match: { code: 'HLFX' },
        basis: 'customers',
        fact: {
          value: 27000000,
          unit: 'customers (Lloyds Banking Group)',
          year: 2024,
          source: 'https://www.uktech.news/fintech/monzo-10-million-uk-customers-20240806',
        },
        derivation: '27 m x 9.5/30.1.',
      },
      {
        name: 'Bank of Scotland',
        share: 1.98,
        match: { code: 'BOFS' },
        basis: 'customers',
        fact: {
          value: 27000000,
          unit: 'customers (Lloyds Banking Group)',
          year: 2024,
          source: 'https://www.uktech.news/fintech/monzo-10-million-uk-customers-20240806',
        },
        derivation: '27 m x 3.0/30.1.',
      },
      {
        name: 'NatWest Group (NatWest, RBS, Ulster Bank NI)',
        share: 13.99,
        match: { code: 'NWBK|RBOS|ULSB' },
        basis: 'customers',
        fact: {
          value: 19000000,
          unit: 'customers',
          year: 2024,
          source: 'https://www.uktech.news/fintech/monzo-10-million-uk-customers-20240806',
        },
        derivation: '19 m.',
      },
      {
        name: 'Barclays UK',
        share: 14.73,
        match: { code: 'BUKB|BARC' },
        basis: 'customers',
        fact: {
          value: 20000000,
          unit: 'customers',
          year: 2024,
          source: 'https://www.uktech.news/fintech/monzo-10-million-uk-customers-20240806',
        },
        derivation: '>20 m.',
      },
      {
        name: 'HSBC UK (incl. first direct)',
        share: 11.04,
        match: { code: 'HBUK|MIDL' },
        basis: 'customers',
        fact: {
          value: 15000000,
          unit: 'customers',
          year: 2024,
          source: 'https://www.uktech.news/fintech/monzo-10-million-uk-customers-20240806',
        },
        derivation: '~15 m.',
      },
      {
        name: 'Santander UK',
        share: 9.2,
        match: { code: 'ABBY' },
        basis: 'accounts',
        fact: {
          value: 6500000,
          unit: 'personal current accounts (10% of 65 m)',
          year: 2013,
          source: 'http://uk.reuters.com/article/banks-britain-competition-idUKL6N0PT2CU20140718',
        },
        derivation: '15 m x 10/12.',
      },
      {
        name: 'Nationwide Building Society',
        share: 5.52,
        match: { code: 'NAIA' },
        basis: 'accounts',
        fact: {
          value: 3900000,
          unit: 'personal current accounts (6% of 65 m)',
          year: 2013,
          source: 'http://uk.reuters.com/article/banks-britain-competition-idUKL6N0PT2CU20140718',
        },
        derivation: '15 m x 6/12.',
      },
      {
        name: 'TSB',
        share: 3.87,
        match: { code: 'TSBS' },
        basis: 'accounts',
        fact: {
          value: 2730000,
          unit: 'personal current accounts (4.2% of 65 m)',
          year: 2013,
          source: 'http://uk.reuters.com/article/banks-britain-competition-idUKL6N0PT2CU20140718',
        },
        derivation: '15 m x 4.2/12.',
      },
      {
        name: 'Co-operative Bank',
        share: 1.84,
        match: { code: 'CPBK' },
        basis: 'accounts',
        fact: {
          value: 1300000,
          unit: 'personal current accounts (2% of 65 m)',
          year: 2013,
          source: 'http://uk.reuters.com/article/banks-britain-competition-idUKL6N0PT2CU20140718',
        },
        derivation: '15 m x 2/12.',
      },
      {
        name: 'Monzo',
        share: 7.36,
        match: { code: 'MONZ' },
        basis: 'customers',
        fact: {
          value: 10000000,
          unit: 'UK customers',
          year: 2024,
          source: 'https://www.uktech.news/fintech/monzo-10-million-uk-customers-20240806',
        },
        derivation: '>10 m.',
      },
      {
        name: 'Revolut',
        share: 6.63,
        match: { code: 'REVO' },
        basis: 'customers',
        fact: {
          value: 9000000,
          unit: 'UK customers',
          year: 2024,
          source: 'https://www.uktech.news/fintech/monzo-10-million-uk-customers-20240806',
        },
        derivation: '>9 m (often secondary accounts).',
      },
    ],
  },
  AT: {
    basis: 'assets in Austria',
    metric: 'bn EUR aggregate assets in Austria, end-2023',
    method:
      'Aggregate assets in Austria (2024 study). Raiffeisen: sector balance sheet 358.2 bn minus RBI AG 82.3 bn (corporate/CEE) = 276 bn for the retail Raiffeisen banks and Landesbanken. Cross-check: Erste Bank + Sparkassen 3.54 m customers (2016). 10% rest (Oberbank/BKS/BTV, Hypo banks, bank99, direct banks).',
    rest: 10.0,
    groups: [
      {
        name: 'Raiffeisen Banking Group (Raiffeisenbanken, Raiffeisenlandesbanken)',
        share: 38.04,
        match: { code: '3[0-9]{4}' },
        basis: 'assets',
        fact: {
          value: 358200000000,
          unit: 'sector balance sheet EUR (incl. RBI)',
          year: 2023,
          source:
            'https://de.statista.com/statistik/daten/studie/323800/umfrage/bilanzsumme-der-raiffeisenbanken-in-oesterreich',
        },
        derivation: '358.2 - 82.3 = 276 bn.',
      },
      {
        name: 'Erste Bank and Sparkassen',
        share: 26.05,
        match: { code: '2[0-9]{4}' },
        basis: 'assets',
        fact: {
          value: 189000000000,
          unit: 'aggregate assets in Austria EUR',
          year: 2023,
          source: 'https://wikimili.com/en/List_of_banks_in_Austria',
        },
        derivation: '189 bn (Erste Group in Austria). Cross-check: Erste Bank and Sparkassen 3.54 m customers (2016).',
      },
      {
        name: 'UniCredit Bank Austria',
        share: 14.2,
        match: { bic8: ['BKAUATWW'] },
        basis: 'assets',
        fact: {
          value: 103000000000,
          unit: 'assets in Austria EUR',
          year: 2023,
          source: 'https://wikimili.com/en/List_of_banks_in_Austria',
        },
        derivation: '103 bn.',
      },
      {
        name: 'BAWAG P.S.K. (incl. easybank)',
        share: 7.58,
        match: { bic8: ['BAWAATWW', 'EASYATW1'] },
        basis: 'assets',
        fact: {
          value: 55000000000,
          unit: 'assets in Austria EUR',
          year: 2023,
          source: 'https://wikimili.com/en/List_of_banks_in_Austria',
        },
        derivation: '55 bn.',
      },
      {
        name: 'Volksbanken',
        share: 4.13,
        match: { code: '4[0-9]{4}' },
        basis: 'assets',
        fact: {
          value: 30000000000,
          unit: 'assets in Austria EUR',
          year: 2023,
          source: 'https://wikimili.com/en/List_of_banks_in_Austria',
        },
        derivation: '30 bn.',
      },
    ],
  },
  CH: {
    basis: 'main-bank survey shares',
    metric: 'percent of residents naming the bank group as main bank (survey 2021)',
    method:
      "Survey shares of main-bank relationships used directly (cantonal banks 27, Raiffeisen 24, UBS/Credit Suisse 20, PostFinance 15, regional banks 7). Within the cantonal-bank group, Zürcher Kantonalbank and BCV get their share of the group's balance sheet (200 and 59 of 782 bn CHF). Migros Bank gets a judgement 0.5% out of what would otherwise be a 7% rest, leaving 6.5%.",
    rest: 6.5,
    groups: [
      {
        name: 'Zürcher Kantonalbank',
        share: 6.9,
        match: { bic8: ['ZKBKCHZZ'] },
        basis: 'main-bank share',
        fact: {
          value: 27,
          unit: '% main-bank share (all cantonal banks)',
          year: 2021,
          source: 'https://www.cash.ch/fonds-news/partner-news/drei-viertel-der-bankkunden-gehen-fremd-1754844',
        },
        derivation: '27% x 200/782.',
      },
      {
        name: 'Banque Cantonale Vaudoise',
        share: 2.0,
        match: { bic8: ['BCVLCH2L'] },
        basis: 'main-bank share',
        fact: {
          value: 27,
          unit: '% main-bank share (all cantonal banks)',
          year: 2021,
          source: 'https://www.cash.ch/fonds-news/partner-news/drei-viertel-der-bankkunden-gehen-fremd-1754844',
        },
        derivation: '27% x 59/782.',
      },
      {
        name: 'Other cantonal banks',
        share: 18.1,
        match: { name: 'Kantonalbank|Banque Cantonale|Banca dello Stato|Cantonale|Kantonal' },
        basis: 'main-bank share',
        fact: {
          value: 27,
          unit: '% main-bank share (all cantonal banks)',
          year: 2021,
          source: 'https://www.cash.ch/fonds-news/partner-news/drei-viertel-der-bankkunden-gehen-fremd-1754844',
        },
        derivation: '27 - 6.9 - 2.0.',
      },
      {
        name: 'Raiffeisen banks (cooperatives)',
        share: 24.0,
        match: { bic8: ['RAIFCH22'] },
        basis: 'main-bank share',
        fact: {
          value: 24,
          unit: '% main-bank share',
          year: 2021,
          source: 'https://www.cash.ch/fonds-news/partner-news/drei-viertel-der-bankkunden-gehen-fremd-1754844',
        },
        derivation: '24%. Cross-check: 3.66 m customers, 2.06 m members (2023).',
      },
      {
        name: 'UBS (incl. former Credit Suisse)',
        share: 20.0,
        match: { bic8: ['UBSWCHZH', 'UBSBCHZZ', 'CRESCHZZ', 'CRESCHZH'] },
        basis: 'main-bank share',
        fact: {
          value: 20,
          unit: '% main-bank share (UBS or Credit Suisse)',
          year: 2021,
          source: 'https://www.cash.ch/fonds-news/partner-news/drei-viertel-der-bankkunden-gehen-fremd-1754844',
        },
        derivation: '20%.',
      },
      {
        name: 'PostFinance',
        share: 15.0,
        match: { bic8: ['POFICHBE'] },
        basis: 'main-bank share',
        fact: {
          value: 15,
          unit: '% main-bank share',
          year: 2021,
          source: 'https://www.cash.ch/fonds-news/partner-news/drei-viertel-der-bankkunden-gehen-fremd-1754844',
        },
        derivation: '15%. Cross-check: 2.7 m customers (2019), many of them using PostFinance as second bank.',
      },
      {
        name: 'Regional banks and savings banks (RBA, Clientis, Valiant …)',
        share: 7.0,
        match: { bic8: ['RBABCH22', 'VABECH22'] },
        basis: 'main-bank share',
        fact: {
          value: 7,
          unit: '% main-bank share',
          year: 2021,
          source: 'https://www.cash.ch/fonds-news/partner-news/drei-viertel-der-bankkunden-gehen-fremd-1754844',
        },
        derivation: '7%.',
      },
      {
        name: 'Migros Bank',
        share: 0.5,
        match: { bic8: ['MIGRCHZZ'] },
        basis: 'assets',
        fact: {
          value: 57000000000,
          unit: 'balance sheet CHF',
          year: 2022,
          source: 'https://moneyland.ch/de/groesste-banken-schweiz',
        },
        derivation:
          "Taken from the 7% rest; balance sheet similar to BCV (57 vs 59 bn), but BCV's 2% would overstate a bank without a cantonal franchise: judgement 0.5%.",
      },
    ],
  },
  PL: {
    basis: 'active debit cards (customers as cross-check)',
    metric: 'million active debit cards of individual clients, Q2 2023',
    method:
      'Active debit cards of individual clients (Q2 2023) as the common measure for the six largest retail banks ("above 3 million" taken as 3.0); they cover 79% of the cards in the survey. Cooperative banks (BPS and SGB groups) get a judgement 8%; 13% rest (Alior, BNP Paribas, Credit Agricole, VeloBank, Citi Handlowy, Nest, Plus …).',
    rest: 13.0,
    groups: [
      {
        name: 'PKO Bank Polski (incl. Inteligo)',
        share: 25.3,
        match: { code: '(102|144)[0-9]{5}' },
        basis: 'cards',
        fact: {
          value: 8200000,
          unit: 'active debit cards of individual clients',
          year: 2023,
          source: 'https://cashless.pl/14212-liczba-kart-debetowych-klienci-indywidualni-II-kw-2023',
        },
        derivation: '8.2 m cards. Cross-check: 11.5 m individual clients (2025); >9.1 m individual accounts (Q1 2023).',
      },
      {
        name: 'Bank Pekao',
        share: 12.96,
        match: { code: '124[0-9]{5}' },
        basis: 'cards',
        fact: {
          value: 4200000,
          unit: 'active debit cards of individual clients (lower bound)',
          year: 2023,
          source: 'https://cashless.pl/14212-liczba-kart-debetowych-klienci-indywidualni-II-kw-2023',
        },
        derivation: '>4.2 m cards. Cross-check: 6.7 m individual clients (2025).',
      },
      {
        name: 'Santander Bank Polska (now Erste Bank Polska)',
        share: 12.96,
        match: { code: '(109|150)[0-9]{5}' },
        basis: 'cards',
        fact: {
          value: 4200000,
          unit: 'active debit cards',
          year: 2023,
          source: 'https://cashless.pl/14212-liczba-kart-debetowych-klienci-indywidualni-II-kw-2023',
        },
        derivation: '>4.2 m cards.',
      },
      {
        name: 'mBank',
        share: 9.26,
        match: { code: '114[0-9]{5}' },
        basis: 'cards',
        fact: {
          value: 3000000,
          unit: 'active debit cards (lower bound)',
          year: 2023,
          source: 'https://cashless.pl/14212-liczba-kart-debetowych-klienci-indywidualni-II-kw-2023',
        },
        derivation: '>3 m cards.',
      },
      {
        name: 'ING Bank Śląski',
        share: 9.26,
        match: { code: '105[0-9]{5}' },
        basis: 'cards',
        fact: {
          value: 3000000,
          unit: 'active debit cards (lower bound)',
          year: 2023,
          source: 'https://cashless.pl/14212-liczba-kart-debetowych-klienci-indywidualni-II-kw-2023',
        },
        derivation: '>3 m cards.',
      },
      {
        name: 'Bank Millennium',
        share: 9.26,
        match: { code: '116[0-9]{5}' },
        basis: 'cards',
        fact: {
          value: 3000000,
          unit: 'active debit cards (lower bound)',
          year: 2023,
          source: 'https://cashless.pl/14212-liczba-kart-debetowych-klienci-indywidualni-II-kw-2023',
        },
        derivation: '>3 m cards.',
      },
      {
        name: 'Cooperative banks (banki spółdzielcze, BPS and SGB groups)',
        share: 8.0,
        match: { code: '[89][0-9]{7}|(193|161)[0-9]{5}' },
        basis: 'judgement',
        fact: null,
        derivation: 'No figure found; judgement 8%.',
      },
    ],
  },
  PT: {
    basis: 'total assets',
    metric: 'bn USD total assets (ranking source)',
    method:
      'Total assets of the ten largest banks from one ranking; only CGD (3.8 m clients in Portugal) and Santander Totta (3 m) have client counts, which agree in order of magnitude. 8% rest.',
    rest: 8.0,
    groups: [
      {
        name: 'Caixa Geral de Depósitos',
        share: 25.02,
        match: { code: '0035' },
        basis: 'assets',
        fact: {
          value: 109420000000,
          unit: 'total assets USD',
          year: null,
          source: 'https://www.advratings.com/europe/banks-in-portugal',
        },
        derivation: '109.4 bn USD. Cross-check: 3.8 m clients in Portugal (~2018).',
      },
      {
        name: 'Millennium bcp (incl. ActivoBank)',
        share: 21.94,
        match: { code: '0033|0023' },
        basis: 'assets',
        fact: {
          value: 95940000000,
          unit: 'total assets USD',
          year: null,
          source: 'https://www.advratings.com/europe/banks-in-portugal',
        },
        derivation: '95.9 bn USD.',
      },
      {
        name: 'Santander Totta (incl. ex-Banif, ex-Popular)',
        share: 13.62,
        match: { code: '0018|0038|0046' },
        basis: 'assets',
        fact: {
          value: 59540000000,
          unit: 'total assets USD',
          year: null,
          source: 'https://www.advratings.com/europe/banks-in-portugal',
        },
        derivation: '59.5 bn USD. Cross-check: 3 m customers (another edition of the ranking page says 4.7 m).',
      },
      {
        name: 'Novo Banco',
        share: 11.23,
        match: { code: '0007|0160' },
        basis: 'assets',
        fact: {
          value: 49100000000,
          unit: 'total assets USD',
          year: null,
          source: 'https://www.advratings.com/europe/banks-in-portugal',
        },
        derivation: '49.1 bn USD.',
      },
      {
        name: 'Banco BPI',
        share: 9.5,
        match: { code: '0010' },
        basis: 'assets',
        fact: {
          value: 41530000000,
          unit: 'total assets USD',
          year: null,
          source: 'https://www.advratings.com/europe/banks-in-portugal',
        },
        derivation: '41.5 bn USD.',
      },
      {
        name: 'Crédito Agrícola (SICAM)',
        share: 6.03,
        match: { code: '0045|0097|0098' },
        basis: 'assets',
        fact: {
          value: 26390000000,
          unit: 'total assets USD',
          year: null,
          source: 'https://www.advratings.com/europe/banks-in-portugal',
        },
        derivation: '26.4 bn USD.',
      },
      {
        name: 'Banco Montepio',
        share: 4.66,
        match: { code: '0036' },
        basis: 'assets',
        fact: {
          value: 20400000000,
          unit: 'total assets USD',
          year: null,
          source: 'https://www.advratings.com/europe/banks-in-portugal',
        },
        derivation: '20.4 bn USD.',
      },
    ],
  },
  IE: {
    basis: 'customers (2013, adjusted)',
    metric: 'million consumer customers (2013) adjusted for the Ulster Bank/KBC exit',
    method:
      '2013 customer counts, plus the ~500,000 customers of the exiting Ulster Bank and KBC: 47% to AIB (its own claim), the remainder to Bank of Ireland and PTSB in proportion to their size. Revolut gets a judgement share; Ulster Bank and KBC get 0 (>96% of their current accounts closed or inactive by mid-2023). 4% rest (the registry copy holds only four other IE codes: bunq, SumUp, Modulr, Paysafe).',
    rest: 4.0,
    groups: [
      {
        name: 'Bank of Ireland',
        share: 35.19,
        match: { code: 'BOFI' },
        basis: 'customers',
        fact: {
          value: 1600000,
          unit: 'consumer customers in Ireland',
          year: 2013,
          source:
            'https://www.independent.ie/business/irish/so-how-do-they-stand-snapshot-of-big-4-banks-29779177.html',
        },
        derivation: '1.6 m + 0.18 m migrated.',
      },
      {
        name: 'AIB (incl. EBS)',
        share: 34.3,
        match: { code: 'AIBK|EBSI' },
        basis: 'customers',
        fact: {
          value: 1500000,
          unit: 'customers',
          year: 2013,
          source:
            'https://www.independent.ie/business/irish/so-how-do-they-stand-snapshot-of-big-4-banks-29779177.html',
        },
        derivation: '1.5 m + 0.235 m migrated (47% of 0.5 m).',
      },
      {
        name: 'Permanent TSB',
        share: 16.51,
        match: { code: 'IPBS' },
        basis: 'customers',
        fact: {
          value: 750000,
          unit: 'customers',
          year: 2013,
          source:
            'https://www.independent.ie/business/irish/so-how-do-they-stand-snapshot-of-big-4-banks-29779177.html',
        },
        derivation: '0.75 m + 0.085 m migrated.',
      },
      {
        name: 'Revolut',
        share: 10.0,
        match: { code: 'REVO' },
        basis: 'judgement',
        fact: null,
        derivation: 'No Irish customer count found; judgement 10% (widely used, often as a secondary account).',
      },
      {
        name: 'Ulster Bank, KBC Bank Ireland (exited)',
        share: 0.0,
        match: { code: 'ULSB|ICON' },
        basis: 'exit',
        fact: {
          value: 500000,
          unit: 'customers leaving (13% of market)',
          year: 2022,
          source: 'https://www.thetimes.co.uk/article/banking-bonanza-is-a-bonus-for-the-taxpayer-w8rw9tpnq',
        },
        derivation: '0: accounts closed during 2022-2023.',
      },
    ],
  },
  SE: {
    basis: 'deposit share of the big four + judgement',
    metric: 'percent of deposits',
    method:
      "The four large banks hold 60% of deposits (Dec 2022); no split among them was found, so 15% each, plus a judgement 5% on Swedbank's clearing code 800 for the savings banks that use it. Niche retail banks named by the Bankers' Association get judgement shares. 20% rest.",
    rest: 20.0,
    groups: [
      {
        name: 'Swedbank and savings banks (clearing 7xxx/8xxx -> IBAN 800)',
        share: 20.0,
        match: { code: '800|930' },
        basis: 'deposits',
        fact: {
          value: 60,
          unit: '% of deposits, four big banks together',
          year: 2022,
          source: 'https://www.swedishbankers.se/fakta-och-rapporter/svensk-bankmarknad/bankstrukturen/',
        },
        derivation: '15% (equal split of 60%) + 5% judgement for savings banks sharing code 800.',
      },
      {
        name: 'Handelsbanken',
        share: 15.0,
        match: { code: '600' },
        basis: 'deposits',
        fact: {
          value: 60,
          unit: '% of deposits, four big banks together',
          year: 2022,
          source: 'https://www.swedishbankers.se/fakta-och-rapporter/svensk-bankmarknad/bankstrukturen/',
        },
        derivation: 'Equal split of 60%.',
      },
      {
        name: 'SEB',
        share: 15.0,
        match: { code: '500' },
        basis: 'deposits',
        fact: {
          value: 60,
          unit: '% of deposits, four big banks together',
          year: 2022,
          source: 'https://www.swedishbankers.se/fakta-och-rapporter/svensk-bankmarknad/bankstrukturen/',
        },
        derivation: 'Equal split of 60%.',
      },
      {
        name: 'Nordea (incl. Plusgirot)',
        share: 15.0,
        match: { code: '300|950' },
        basis: 'deposits',
        fact: {
          value: 60,
          unit: '% of deposits, four big banks together',
          year: 2022,
          source: 'https://www.swedishbankers.se/fakta-och-rapporter/svensk-bankmarknad/bankstrukturen/',
        },
        derivation: 'Equal split of 60%; cross-check ~4 m household customers (weak source).',
      },
      {
        name: 'Länsförsäkringar Bank',
        share: 4.0,
        match: { code: '902' },
        basis: 'judgement',
        fact: null,
        derivation: 'Judgement (named niche retail bank).',
      },
      {
        name: 'ICA Banken',
        share: 3.0,
        match: { code: '927' },
        basis: 'judgement',
        fact: null,
        derivation: 'Judgement.',
      },
      {
        name: 'Skandiabanken',
        share: 3.0,
        match: { code: '915' },
        basis: 'judgement',
        fact: null,
        derivation: 'Judgement.',
      },
      {
        name: 'Danske Bank',
        share: 3.0,
        match: { code: '120' },
        basis: 'judgement',
        fact: null,
        derivation: 'Judgement (largest foreign bank).',
      },
      {
        name: 'SBAB',
        share: 2.0,
        match: { code: '925' },
        basis: 'judgement',
        fact: null,
        derivation: 'Judgement (savings accounts, mortgages).',
      },
    ],
  },
  NO: {
    basis: 'rank + registry-code proxy',
    metric: 'percent (ranking-based judgement)',
    method:
      'No per-bank retail figure found. DNB is the market leader (30% of business lending, leader in household lending); it gets 30%. The remaining listed groups share 55% in proportion to their number of registry codes (a proxy for branch networks), then 15% rest.',
    rest: 15.0,
    groups: [
      {
        name: 'DNB',
        share: 30.0,
        match: { bic8: ['DNBANOKK'] },
        basis: 'rank',
        fact: {
          value: 30,
          unit: '% of lending to businesses (household lending leader)',
          year: 2018,
          source: 'https://blog.ewi.no/?p=12789',
        },
        derivation: '30% (proxy: its business-lending share).',
      },
      {
        name: 'Nordea',
        share: 22.17,
        match: { bic8: ['NDEANOKK'] },
        basis: 'rank',
        fact: null,
        derivation:
          'Share of the 55% in proportion to the number of registry codes matched (proxy for branch network).',
      },
      {
        name: 'SpareBank 1 banks',
        share: 17.02,
        match: { name: 'SpareBank 1' },
        basis: 'rank',
        fact: null,
        derivation:
          'Share of the 55% in proportion to the number of registry codes matched (proxy for branch network).',
      },
      {
        name: 'Sparebanken Norge (ex Vest and Sør) and other large Sparebanken',
        share: 8.62,
        match: { name: '^Sparebanken' },
        basis: 'rank',
        fact: null,
        derivation:
          'Share of the 55% in proportion to the number of registry codes matched (proxy for branch network).',
      },
      {
        name: 'Danske Bank',
        share: 4.01,
        match: { bic8: ['DABANO22'] },
        basis: 'rank',
        fact: null,
        derivation:
          'Share of the 55% in proportion to the number of registry codes matched (proxy for branch network).',
      },
      {
        name: 'Handelsbanken',
        share: 3.18,
        match: { bic8: ['HANDNOKK'] },
        basis: 'rank',
        fact: null,
        derivation:
          'Share of the 55% in proportion to the number of registry codes matched (proxy for branch network).',
      },
    ],
  },
  FI: {
    basis: 'deposit shares + rank',
    metric: 'percent of deposits (OP, savings banks) and rank-based judgement',
    method:
      'OP 39% and the Savings Banks Group 8.5% of deposits are sourced. The rest of the listed banks share 44.5% by rank (Zipf 1/rank over Nordea, Danske, S-Bank, POP, Aktia, Ålandsbanken). 8% rest.',
    rest: 8.0,
    groups: [
      {
        name: 'OP Financial Group (cooperative banks)',
        share: 39.0,
        match: { bic8: ['OKOYFIHH'] },
        basis: 'deposits',
        fact: {
          value: 39,
          unit: '% of deposits',
          year: 2019,
          source: 'https://www.advratings.com/europe/top-banks-in-finland',
        },
        derivation: '39%.',
      },
      {
        name: 'Nordea',
        share: 18.17,
        match: { bic8: ['NDEAFIHH'] },
        basis: 'rank',
        fact: {
          value: 3000000,
          unit: 'customers in Finland (household+corporate)',
          year: 2019,
          source: 'https://www.advratings.com/europe/top-banks-in-finland',
        },
        derivation: 'Zipf: weight 1/1, normalised over the 44.5% not covered by OP, the savings banks and the rest.',
      },
      {
        name: 'Danske Bank',
        share: 9.08,
        match: { bic8: ['DABAFIHH'] },
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/2, normalised over the 44.5% not covered by OP, the savings banks and the rest.',
      },
      {
        name: 'Savings Banks Group (Säästöpankki)',
        share: 8.5,
        match: { bic8: ['ITELFIHH'] },
        basis: 'deposits',
        fact: {
          value: 8.5,
          unit: '% of deposits',
          year: null,
          source: 'https://en.wikipedia.org/wiki/List_of_banks_in_Finland',
        },
        derivation: '8.5%.',
      },
      {
        name: 'S-Bank',
        share: 6.05,
        match: { bic8: ['SBANFIHH'] },
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/3, normalised over the 44.5% not covered by OP, the savings banks and the rest.',
      },
      {
        name: 'POP Bank group',
        share: 4.54,
        match: { bic8: ['POPFFI22'] },
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/4, normalised over the 44.5% not covered by OP, the savings banks and the rest.',
      },
      {
        name: 'Aktia',
        share: 3.63,
        match: { bic8: ['HELSFIHH'] },
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/5, normalised over the 44.5% not covered by OP, the savings banks and the rest.',
      },
      {
        name: 'Ålandsbanken',
        share: 3.03,
        match: { bic8: ['AABAFI22'] },
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/6, normalised over the 44.5% not covered by OP, the savings banks and the rest.',
      },
    ],
  },
  DK: {
    basis: 'rank',
    metric: 'percent (ranking-based judgement)',
    method:
      'No Danish-only customer counts for the big banks were found (group counts include other countries). Danske Bank is the largest; Nordea and Jyske among the four dominant players. Listed banks get shares by rank (Zipf 1/rank) over 90%.',
    rest: 10.0,
    groups: [
      {
        name: 'Danske Bank',
        share: 34.7,
        match: { bic8: ['DABADKKK'] },
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/rank over the listed banks, normalised to 90%.',
      },
      {
        name: 'Nordea Danmark',
        share: 17.36,
        match: { bic8: ['NDEADKKK'] },
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/rank over the listed banks, normalised to 90%.',
      },
      {
        name: 'Jyske Bank',
        share: 11.57,
        match: { bic8: ['JYBADKKK'] },
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/rank over the listed banks, normalised to 90%.',
      },
      {
        name: 'Sydbank',
        share: 8.68,
        match: { bic8: ['SYBKDK22'] },
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/rank over the listed banks, normalised to 90%.',
      },
      {
        name: 'Spar Nord',
        share: 6.94,
        match: { name: 'SPAR NORD' },
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/rank over the listed banks, normalised to 90%.',
      },
      {
        name: 'Arbejdernes Landsbank',
        share: 5.79,
        match: { bic8: ['ALBADKKK'] },
        basis: 'rank',
        fact: { value: 250000, unit: 'customers (>)', year: 2016, source: 'http://www.relbanks.com/europe/denmark' },
        derivation: 'Zipf: weight 1/rank over the listed banks, normalised to 90%.',
      },
      {
        name: 'Nykredit Bank',
        share: 4.96,
        match: { bic8: ['NYKBDKKK'] },
        basis: 'rank',
        fact: null,
        derivation: 'Zipf rank 7 (mortgage group; its bank arm is a smaller retail bank).',
      },
    ],
  },
  CZ: {
    basis: 'customers + rank',
    metric:
      "percent; big three from the two-thirds share, split by rank; others by client counts at Česká spořitelna's clients-per-point",
    method:
      'The three large banks held about two thirds of retail clients (2015): split 1 : 1/2 : 1/3 by rank with Česká spořitelna (4.7 m clients) first. Moneta, Air Bank and mBank are scaled from their client counts at the same points-per-client as Česká spořitelna (36.4% for 4.7 m). 16.3% rest.',
    rest: 16.3,
    groups: [
      {
        name: 'Česká spořitelna',
        share: 36.4,
        match: { code: '0800|8060' },
        basis: 'customers',
        fact: {
          value: 4700000,
          unit: 'clients',
          year: 2024,
          source: 'https://kiwix.haohe.fun/content/wikipedia_en_all_maxi_2024-01/A/%C4%8Cesk%C3%A1_spo%C5%99itelna',
        },
        derivation: '66.7% x 1/1.833.',
      },
      {
        name: 'ČSOB (incl. Poštovní spořitelna)',
        share: 18.2,
        match: { code: '0300|2100|7960' },
        basis: 'rank',
        fact: {
          value: 66.7,
          unit: '% of retail clients (big three together)',
          year: 2015,
          source: 'https://www.helgilibrary.com/charts/number-of-clients-serviced-by-czech-banks-2013-2015/',
        },
        derivation: '66.7% x (1/2)/1.833.',
      },
      {
        name: 'Komerční banka',
        share: 12.1,
        match: { code: '0100|7990' },
        basis: 'rank',
        fact: {
          value: 66.7,
          unit: '% of retail clients (big three together)',
          year: 2015,
          source: 'https://www.helgilibrary.com/charts/number-of-clients-serviced-by-czech-banks-2013-2015/',
        },
        derivation: '66.7% x (1/3)/1.833.',
      },
      {
        name: 'MONETA Money Bank',
        share: 7.7,
        match: { code: '0600|7970' },
        basis: 'customers',
        fact: {
          value: 1000000,
          unit: 'clients',
          year: 2018,
          source: 'http://praguemonitor.com/2018/10/09/biggest-czech-banking-merger-being-mulled',
        },
        derivation: '1.0 m x 36.4/4.7.',
      },
      {
        name: 'Air Bank',
        share: 4.9,
        match: { code: '3030' },
        basis: 'customers',
        fact: {
          value: 637000,
          unit: 'clients',
          year: 2018,
          source: 'http://praguemonitor.com/2018/10/09/biggest-czech-banking-merger-being-mulled',
        },
        derivation: '0.637 m x 36.4/4.7.',
      },
      {
        name: 'mBank (Czech branch)',
        share: 4.4,
        match: { code: '6210' },
        basis: 'customers',
        fact: {
          value: 563000,
          unit: 'clients',
          year: 2015,
          source: 'https://www.helgilibrary.com/charts/number-of-clients-serviced-by-czech-banks-2013-2015/',
        },
        derivation: '0.563 m x 36.4/4.7.',
      },
    ],
  },
  LU: {
    basis: 'rank',
    metric: 'percent (rank-based judgement)',
    method:
      'No retail figures found. Spuerkeess is the largest universal bank with Luxembourg capital; BGL BNP Paribas and BIL are the other universal banks. Shares by Zipf 1/rank over 90% (order below partly judgement); ING exits mass retail and gets a reduced share.',
    rest: 10.0,
    groups: [
      {
        name: 'Spuerkeess (BCEE)',
        share: 38.1,
        match: { bic8: ['BCEELULL'] },
        basis: 'rank',
        fact: {
          value: 43445000000,
          unit: 'total assets EUR',
          year: 2016,
          source: 'https://thebanks.eu/articles/banks-in-Luxembourg',
        },
        derivation: 'Zipf: weight 1/1, normalised over 87% (90% minus ING).',
      },
      {
        name: 'BGL BNP Paribas',
        share: 19.05,
        match: { bic8: ['BGLLLULL'] },
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/2, normalised over 87% (90% minus ING).',
      },
      {
        name: 'BIL Banque Internationale à Luxembourg',
        share: 12.7,
        match: { bic8: ['BILLLULL'] },
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/3, normalised over 87% (90% minus ING).',
      },
      {
        name: 'POST Luxembourg (POST Finance)',
        share: 9.53,
        match: { bic8: ['CCPLLULL'] },
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/4, normalised over 87% (90% minus ING).',
      },
      {
        name: 'Banque Raiffeisen',
        share: 7.62,
        match: { bic8: ['CCRALULL'] },
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/5, normalised over 87% (90% minus ING).',
      },
      {
        name: 'ING Luxembourg',
        share: 3.0,
        match: { bic8: ['CELLLULL'] },
        basis: 'rank',
        fact: {
          value: null,
          unit: 'withdrawing from mass retail',
          year: 2025,
          source: 'https://delano.lu/article/some-banks-are-following-a-sim',
        },
        derivation: 'Reduced: exiting mass retail.',
      },
    ],
  },
  GR: {
    basis: 'equal split (judgement)',
    metric: 'percent (equal split of the four systemic banks)',
    method:
      'Four systemic groups after 2012-13 consolidation; no current per-bank retail figure found. Equal split of 92% (judgement); before the crisis the big banks had 21-28% (NBG) and 10-19% (others) shares.',
    rest: 8.0,
    groups: [
      {
        name: 'National Bank of Greece',
        share: 23.0,
        match: { code: '011' },
        basis: 'rank',
        fact: {
          value: null,
          unit: 'one of four systemic banks',
          year: 2013,
          source: 'https://ra-rath.com/Bankkonsolidg-zeigt-missbrauch.html',
        },
        derivation: '92/4.',
      },
      {
        name: 'Piraeus Bank',
        share: 23.0,
        match: { code: '017' },
        basis: 'rank',
        fact: {
          value: null,
          unit: 'one of four systemic banks',
          year: 2013,
          source: 'https://ra-rath.com/Bankkonsolidg-zeigt-missbrauch.html',
        },
        derivation: '92/4.',
      },
      {
        name: 'Alpha Bank',
        share: 23.0,
        match: { code: '014' },
        basis: 'rank',
        fact: {
          value: null,
          unit: 'one of four systemic banks',
          year: 2013,
          source: 'https://ra-rath.com/Bankkonsolidg-zeigt-missbrauch.html',
        },
        derivation: '92/4.',
      },
      {
        name: 'Eurobank',
        share: 23.0,
        match: { code: '026' },
        basis: 'rank',
        fact: {
          value: null,
          unit: 'one of four systemic banks',
          year: 2013,
          source: 'https://ra-rath.com/Bankkonsolidg-zeigt-missbrauch.html',
        },
        derivation: '92/4.',
      },
    ],
  },
  HU: {
    basis: 'total assets',
    metric: 'bn HUF total assets (2024 annual reports; OTP and MBH estimated)',
    method:
      'Total assets of the seven large banks. MBH: >10,000 bn HUF (2022). OTP\'s Hungarian business: MBH was "roughly equidistant" from it and K&H, so OTP ~ 2 x 10,000 - 6,061 = 13,900 bn (estimate). Cross-check: K&H ~1 m clients (2023). 8% rest.',
    rest: 8.0,
    groups: [
      {
        name: 'OTP Bank',
        share: 26.51,
        match: { bic8: ['OTPVHUHB'], notName: 'Primus' },
        basis: 'assets',
        fact: {
          value: null,
          unit: 'largest bank, far ahead (assets estimated)',
          year: 2023,
          source:
            'https://www.portfolio.hu/bank/20230417/ket-het-mulva-itt-az-otp-legnagyobb-kihivoja-mit-tud-magyarorszag-masodik-szamu-bankja-609418',
        },
        derivation: 'Estimate 2 x 10,000 - 6,061.',
      },
      {
        name: 'MBH Bank (ex Takarékbank savings cooperatives, MKB, Budapest Bank)',
        share: 19.07,
        match: { bic8: ['MKKBHUHB', 'TAKBHUHB', 'DTBAHUHB', 'FHJBHUHB'] },
        basis: 'assets',
        fact: {
          value: 10000000000000,
          unit: 'total assets HUF (lower bound)',
          year: 2022,
          source:
            'https://www.portfolio.hu/bank/20230417/ket-het-mulva-itt-az-otp-legnagyobb-kihivoja-mit-tud-magyarorszag-masodik-szamu-bankja-609418',
        },
        derivation: '>10,000 bn.',
      },
      {
        name: 'K&H Bank',
        share: 11.56,
        match: { bic8: ['OKHBHUHB'] },
        basis: 'assets',
        fact: {
          value: 6061000000000,
          unit: 'total assets HUF',
          year: 2024,
          source: 'https://alfahir.hu/hirek/nagy-marton-az-ot-nagy-bank-versenyeben-epp-a-legszorosabbat-hagyta-ki',
        },
        derivation: '6,061 bn. Cross-check: almost 1 m clients (2023).',
      },
      {
        name: 'UniCredit Bank Hungary',
        share: 9.9,
        match: { bic8: ['BACXHUHB'] },
        basis: 'assets',
        fact: {
          value: 5194000000000,
          unit: 'total assets HUF',
          year: 2024,
          source: 'https://alfahir.hu/hirek/nagy-marton-az-ot-nagy-bank-versenyeben-epp-a-legszorosabbat-hagyta-ki',
        },
        derivation: '5,194 bn.',
      },
      {
        name: 'Erste Bank Hungary',
        share: 9.56,
        match: { bic8: ['GIBAHUHB'] },
        basis: 'assets',
        fact: {
          value: 5011000000000,
          unit: 'total assets HUF',
          year: 2024,
          source: 'https://alfahir.hu/hirek/nagy-marton-az-ot-nagy-bank-versenyeben-epp-a-legszorosabbat-hagyta-ki',
        },
        derivation: '5,011 bn.',
      },
      {
        name: 'Raiffeisen Bank',
        share: 8.8,
        match: { bic8: ['UBRTHUHB'] },
        basis: 'assets',
        fact: {
          value: 4615000000000,
          unit: 'total assets HUF',
          year: 2024,
          source: 'https://alfahir.hu/hirek/nagy-marton-az-ot-nagy-bank-versenyeben-epp-a-legszorosabbat-hagyta-ki',
        },
        derivation: '4,615 bn.',
      },
      {
        name: 'CIB Bank',
        share: 6.6,
        match: { bic8: ['CIBHHUHB'] },
        basis: 'assets',
        fact: {
          value: 3463000000000,
          unit: 'total assets HUF',
          year: 2024,
          source: 'https://alfahir.hu/hirek/nagy-marton-az-ot-nagy-bank-versenyeben-epp-a-legszorosabbat-hagyta-ki',
        },
        derivation: '3,463 bn.',
      },
    ],
  },
}
