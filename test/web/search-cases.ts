// What people type into the page's country search and the codes it must list first, in order:
// one table for the search on its own (country-search.test.ts) and through the page in
// Chromium (page.test.ts).

/** What is typed, and the codes the search lists first, in order. */
export const SEARCH_CASES: [string, string[]][] = [
  ['NO', ['NO', 'MK']],
  ['no', ['NO', 'MK']],
  [' No ', ['NO', 'MK']],
  ['DE', ['DE', 'DK']],
  ['IT', ['IT']],
  ['GB', ['GB', 'GG', 'IM', 'JE']],
  ['UK', ['GB', 'UA']],
  ['uk', ['GB', 'UA']],
  ['ukr', ['UA']],
  ['fr', ['FR', 'GF', 'PF', 'TF', 'GP']],
  ['fra', ['FR']],
  ['ger', ['DE']],
  ['united k', ['GB']],
  ['england', ['GB']],
  ['holland', ['NL']],
  ['turkey', ['TR']],
  ['turkiye', ['TR']],
  ['aland', ['AX']],
  ['reunion', ['RE']],
  ['sao tome', ['ST']],
  ['gf', ['GF']],
  ['GG', ['GG']],
  ['man', ['IM', 'DE', 'OM', 'RO']],
  ['saint', ['LC', 'BL', 'MF', 'PM']],
  ['guiana', ['GF']],
  ['macedonia', ['MK']],
  ['land', ['FK', 'FO', 'FI', 'GL', 'IS', 'IE', 'NL', 'PL', 'CH', 'VG', 'AX']],
  ['el', ['SV', 'BY', 'BE', 'IS', 'IE', 'IL']],
  ['xx', []],
  ['zz top', []],
]
