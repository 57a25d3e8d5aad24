// The public facts behind the shares of bank-weights.ts, group for group (the same countries,
// the same groups in the same order): what each share rests on, the size fact with its unit,
// year and source (the address of the page it was taken from), and how the share follows from
// it. Shares with basis rank or judgement rest on no figure (fact null, or a statement with
// value null). The figures are of 2012–2025, as published by the banks or reported by the
// press, supervisors and surveys; customer definitions differ between banks, and people bank
// with several banks: the shares make generated data look like a country's accounts, they do
// not report market shares.
// Read by scripts/bank-tables.ts (docs/data-sources.md) and the tests, not by generation.

/** A size fact: its value (null where the fact is a statement, a rank), unit, year and source. */
export interface WeightFact {
  readonly value: number | null
  readonly unit: string
  readonly year: number | null
  /** The address of the page the fact was taken from. */
  readonly source: string
}

/** What one group's share rests on. */
export interface GroupFacts {
  /** customers, accounts, cards, deposits, assets, revenue, main-bank share, rank, judgement, exit */
  readonly basis: string
  readonly fact: WeightFact | null
  /** How the share follows from the fact. */
  readonly derivation: string
}

/** A country's measure and method, and its groups' facts in the order of its groups in bank-weights.ts. */
export interface CountryFacts {
  /** What the shares rest on. */
  readonly basis: string
  /** The unit of the size measure. */
  readonly metric: string
  /** How the shares were derived. */
  readonly method: string
  readonly groups: readonly GroupFacts[]
}

/** The facts of the 20 countries of BANK_WEIGHTS. */
export const BANK_WEIGHT_FACTS: Readonly<Record<string, CountryFacts>> = {
  DE: {
    basis: 'customers',
    metric: 'million private customers (own figures of banks/groups)',
    method:
      'Customer counts (millions) normalised over the listed banks and groups; 5% is kept for all other registered banks. Deutsche Bank and Postbank are split from the merged 20 million in the ratio of their last separate figures (8 : 14). N26 and HypoVereinsbank have no German customer count in the sources found; they get a small fixed judgement share.',
    groups: [
      {
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
        basis: 'customers',
        fact: { value: 30000000, unit: 'customers', year: null, source: 'https://www.fachgruppe-geld.de/artikel/562/' },
        derivation:
          '"rund 30 Millionen Kunden" (secondary source, undated); cross-check: 18.4 m members (BVR 2016); Sparda banks alone ~3.8 m customers (Verband der Sparda-Banken).',
      },
      {
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
        basis: 'customers',
        fact: {
          value: 8000000,
          unit: 'private customers',
          year: 2016,
          source:
            'https://finanz-szene.de/exklusiv-warum-die-deutsche-bank-ploetzlich-zwei-millionen-kunden-weniger-hat/',
        },
        derivation: 'Share of the 20 m combined figure: 20 x 8/22 = 7.27 m.',
      },
      {
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
        basis: 'judgement',
        fact: null,
        derivation:
          'No customer count found (only total assets, EUR 303 bn in 2019, largely corporate/investment banking). Judgement: 1.5%.',
      },
      {
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
    groups: [
      {
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
        basis: 'revenue',
        fact: {
          value: 4240000,
          unit: 'clients and members',
          year: 2017,
          source: 'https://cbanque.com/actu/67453/divorce-credit-mutuel-arkea-ce-quil-faut-savoir',
        },
        derivation: '12.3 bn x 4.24/34.2.',
      },
      {
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
        basis: 'revenue',
        fact: {
          value: 5400000000,
          unit: 'EUR retail-banking revenue in France',
          year: 2015,
          source: 'https://www.cbanque.com/actu/58120/le-credit-agricole-numero-1-sur-la-banque-de-detail-en-france',
        },
        derivation: '5.4 bn; cross-check >10.8 m active private customers (Wikipedia).',
      },
      { basis: 'judgement', fact: null, derivation: 'No customer count found in the sources searched; judgement 2%.' },
    ],
  },
  IT: {
    basis: 'customers',
    metric: 'million clients in Italy',
    method:
      'Client counts in Italy normalised over the listed groups; 12% rest (BNL, Crédit Agricole Italia, Fineco, Mediolanum, ING, Credem, Popolare di Sondrio, Sella, neobanks …, none with a figure in the sources found). Cassa Centrale group clients are estimated from the Iccrea ratio of clients to assets; Poste from "almost one Italian in ten has a current account at Poste" (2012).',
    groups: [
      {
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
    groups: [
      {
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
        basis: 'customers',
        fact: {
          value: null,
          unit: 'BBVA + Sabadell deposits in Spain 395.9 bn EUR',
          year: 2024,
          source: 'https://app.noticiasde.es/espana/bbva-sabadell-superaria-a-caixabank-como-mayor-banco-en-espana',
        },
        derivation: 'Estimate: 18.4 m x 1,881/3,084.',
      },
      {
        basis: 'customers',
        fact: {
          value: null,
          unit: 'BBVA + Sabadell deposits in Spain 395.9 bn EUR',
          year: 2024,
          source: 'https://app.noticiasde.es/espana/bbva-sabadell-superaria-a-caixabank-como-mayor-banco-en-espana',
        },
        derivation: 'Estimate: 18.4 m x 1,203/3,084.',
      },
      {
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
        basis: 'customers',
        fact: {
          value: 2500000,
          unit: 'clients',
          year: 2011,
          source:
            'https://europapress.es/comunitat-valenciana/noticia-caja-rural-castellon-acuerda-incorporacion-grupo-cooperativo-cajamar-20110406122236.html',
        },
        derivation: '2.5 m (2011).',
      },
      {
        basis: 'customers',
        fact: {
          value: null,
          unit: "Cajamar group = 30% of the cajas rurales' balance",
          year: 2011,
          source:
            'https://europapress.es/comunitat-valenciana/noticia-caja-rural-castellon-acuerda-incorporacion-grupo-cooperativo-cajamar-20110406122236.html',
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
    groups: [
      {
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
    groups: [
      {
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
    groups: [
      {
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
        basis: 'accounts',
        fact: {
          value: 6500000,
          unit: 'personal current accounts (10% of 65 m)',
          year: 2013,
          source: 'https://uk.reuters.com/article/banks-britain-competition-idUKL6N0PT2CU20140718',
        },
        derivation: '15 m x 10/12.',
      },
      {
        basis: 'accounts',
        fact: {
          value: 3900000,
          unit: 'personal current accounts (6% of 65 m)',
          year: 2013,
          source: 'https://uk.reuters.com/article/banks-britain-competition-idUKL6N0PT2CU20140718',
        },
        derivation: '15 m x 6/12.',
      },
      {
        basis: 'accounts',
        fact: {
          value: 2730000,
          unit: 'personal current accounts (4.2% of 65 m)',
          year: 2013,
          source: 'https://uk.reuters.com/article/banks-britain-competition-idUKL6N0PT2CU20140718',
        },
        derivation: '15 m x 4.2/12.',
      },
      {
        basis: 'accounts',
        fact: {
          value: 1300000,
          unit: 'personal current accounts (2% of 65 m)',
          year: 2013,
          source: 'https://uk.reuters.com/article/banks-britain-competition-idUKL6N0PT2CU20140718',
        },
        derivation: '15 m x 2/12.',
      },
      {
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
    groups: [
      {
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
    groups: [
      {
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
    groups: [
      {
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
        basis: 'cards',
        fact: {
          value: 3000000,
          unit: 'active debit cards (lower bound)',
          year: 2023,
          source: 'https://cashless.pl/14212-liczba-kart-debetowych-klienci-indywidualni-II-kw-2023',
        },
        derivation: '>3 m cards.',
      },
      { basis: 'judgement', fact: null, derivation: 'No figure found; judgement 8%.' },
    ],
  },
  PT: {
    basis: 'total assets',
    metric: 'bn USD total assets (ranking source)',
    method:
      'Total assets of the ten largest banks from one ranking; only CGD (3.8 m clients in Portugal) and Santander Totta (3 m) have client counts, which agree in order of magnitude. 8% rest.',
    groups: [
      {
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
    groups: [
      {
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
        basis: 'judgement',
        fact: null,
        derivation: 'No Irish customer count found; judgement 10% (widely used, often as a secondary account).',
      },
      {
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
    groups: [
      {
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
        basis: 'deposits',
        fact: {
          value: 60,
          unit: '% of deposits, four big banks together',
          year: 2022,
          source: 'https://www.swedishbankers.se/fakta-och-rapporter/svensk-bankmarknad/bankstrukturen/',
        },
        derivation: 'Equal split of 60%; cross-check ~4 m household customers (weak source).',
      },
      { basis: 'judgement', fact: null, derivation: 'Judgement (named niche retail bank).' },
      { basis: 'judgement', fact: null, derivation: 'Judgement.' },
      { basis: 'judgement', fact: null, derivation: 'Judgement.' },
      { basis: 'judgement', fact: null, derivation: 'Judgement (largest foreign bank).' },
      { basis: 'judgement', fact: null, derivation: 'Judgement (savings accounts, mortgages).' },
    ],
  },
  NO: {
    basis: 'rank + registry-code proxy',
    metric: 'percent (ranking-based judgement)',
    method:
      'No per-bank retail figure found. DNB is the market leader (30% of business lending, leader in household lending); it gets 30%. The remaining listed groups share 55% in proportion to their number of registry codes (a proxy for branch networks), then 15% rest.',
    groups: [
      {
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
        basis: 'rank',
        fact: null,
        derivation:
          'Share of the 55% in proportion to the number of registry codes matched (proxy for branch network).',
      },
      {
        basis: 'rank',
        fact: null,
        derivation:
          'Share of the 55% in proportion to the number of registry codes matched (proxy for branch network).',
      },
      {
        basis: 'rank',
        fact: null,
        derivation:
          'Share of the 55% in proportion to the number of registry codes matched (proxy for branch network).',
      },
      {
        basis: 'rank',
        fact: null,
        derivation:
          'Share of the 55% in proportion to the number of registry codes matched (proxy for branch network).',
      },
      {
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
    groups: [
      {
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
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/2, normalised over the 44.5% not covered by OP, the savings banks and the rest.',
      },
      {
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
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/3, normalised over the 44.5% not covered by OP, the savings banks and the rest.',
      },
      {
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/4, normalised over the 44.5% not covered by OP, the savings banks and the rest.',
      },
      {
        basis: 'rank',
        fact: null,
        derivation: 'Zipf: weight 1/5, normalised over the 44.5% not covered by OP, the savings banks and the rest.',
      },
      {
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
    groups: [
      { basis: 'rank', fact: null, derivation: 'Zipf: weight 1/rank over the listed banks, normalised to 90%.' },
      { basis: 'rank', fact: null, derivation: 'Zipf: weight 1/rank over the listed banks, normalised to 90%.' },
      { basis: 'rank', fact: null, derivation: 'Zipf: weight 1/rank over the listed banks, normalised to 90%.' },
      { basis: 'rank', fact: null, derivation: 'Zipf: weight 1/rank over the listed banks, normalised to 90%.' },
      { basis: 'rank', fact: null, derivation: 'Zipf: weight 1/rank over the listed banks, normalised to 90%.' },
      {
        basis: 'rank',
        fact: { value: 250000, unit: 'customers (>)', year: 2016, source: 'https://www.relbanks.com/europe/denmark' },
        derivation: 'Zipf: weight 1/rank over the listed banks, normalised to 90%.',
      },
      { basis: 'rank', fact: null, derivation: 'Zipf rank 7 (mortgage group; its bank arm is a smaller retail bank).' },
    ],
  },
  CZ: {
    basis: 'customers + rank',
    metric:
      "percent; big three from the two-thirds share, split by rank; others by client counts at Česká spořitelna's clients-per-point",
    method:
      'The three large banks held about two thirds of retail clients (2015): split 1 : 1/2 : 1/3 by rank with Česká spořitelna (4.7 m clients) first. Moneta, Air Bank and mBank are scaled from their client counts at the same points-per-client as Česká spořitelna (36.4% for 4.7 m). 16.3% rest.',
    groups: [
      {
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
        basis: 'customers',
        fact: {
          value: 1000000,
          unit: 'clients',
          year: 2018,
          source: 'https://praguemonitor.com/2018/10/09/biggest-czech-banking-merger-being-mulled',
        },
        derivation: '1.0 m x 36.4/4.7.',
      },
      {
        basis: 'customers',
        fact: {
          value: 637000,
          unit: 'clients',
          year: 2018,
          source: 'https://praguemonitor.com/2018/10/09/biggest-czech-banking-merger-being-mulled',
        },
        derivation: '0.637 m x 36.4/4.7.',
      },
      {
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
    groups: [
      {
        basis: 'rank',
        fact: {
          value: 43445000000,
          unit: 'total assets EUR',
          year: 2016,
          source: 'https://thebanks.eu/articles/banks-in-Luxembourg',
        },
        derivation: 'Zipf: weight 1/1, normalised over 87% (90% minus ING).',
      },
      { basis: 'rank', fact: null, derivation: 'Zipf: weight 1/2, normalised over 87% (90% minus ING).' },
      { basis: 'rank', fact: null, derivation: 'Zipf: weight 1/3, normalised over 87% (90% minus ING).' },
      { basis: 'rank', fact: null, derivation: 'Zipf: weight 1/4, normalised over 87% (90% minus ING).' },
      { basis: 'rank', fact: null, derivation: 'Zipf: weight 1/5, normalised over 87% (90% minus ING).' },
      {
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
    groups: [
      {
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
    groups: [
      {
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
