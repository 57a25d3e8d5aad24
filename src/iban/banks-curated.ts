// Hand-checked real banks that add to the national registries (banks-registry-data.ts): real
// branch or sort codes of registered banks (FR guichet, IT CAB, ES oficina, IE sort codes, …;
// GB sort codes come from their banks' known ranges, uk-modulus/sort-codes.ts), banks a
// registry lacks (MC, IL), and the banks of countries without a registry of bank codes (VA,
// GI, FO, SA, PK, BR). `code` is what the BBAN holds from the first bank
// position on: where a registry exists, its identifier followed by the branch code. See
// README, "Data sources".

/** A curated real bank: its code as the BBAN holds it, name and BIC. */
export interface CuratedBank {
  readonly code: string
  readonly name: string
  readonly bic?: string
}

export const CURATED_BANKS: Readonly<Record<string, readonly CuratedBank[]>> = {
  FR: [
    { code: '3000401587', name: 'BNP PARIBAS', bic: 'BNPAFRPPIFN' },
    { code: '3000300119', name: 'SOCIETE GENERALE', bic: 'SOGEFRPPHPO' },
    { code: '3000208571', name: 'CREDIT LYONNAIS', bic: 'CRLYFRPP' },
    { code: '2004101005', name: 'LA BANQUE POSTALE', bic: 'PSSTFRPPBOR' },
    { code: '3006610940', name: 'CREDIT INDUSTRIEL ET COMMERCIAL (CIC)', bic: 'CMCIFRPPCOR' },
  ],
  MC: [
    { code: '3000301504', name: 'SOCIETE GENERALE (Monaco)', bic: 'SOGEMCM1' },
    { code: '1009618579', name: 'CREDIT INDUSTRIEL ET COMMERCIAL', bic: 'CMCIFRPP' },
  ],
  IT: [
    { code: '0306940101', name: 'INTESA SANPAOLO S.P.A.', bic: 'BCITITMM' },
    { code: '0538703601', name: "BANCA POPOLARE DELL'EMILIA ROMAGNA SOC. COOP.", bic: 'BPMOIT22' },
  ],
  VA: [{ code: '001', name: 'Istituto per le Opere di Religione (IOR)' }],
  ES: [
    { code: '21000418', name: 'CAIXABANK, S.A.', bic: 'CAIXESBB' },
    { code: '00491500', name: 'BANCO SANTANDER, S.A.', bic: 'BSCHESMM' },
    { code: '01823999', name: 'BANCO BILBAO VIZCAYA ARGENTARIA, S.A.', bic: 'BBVAESMM' },
    { code: '00810264', name: 'BANCO DE SABADELL, S.A.', bic: 'BSABESBB' },
    { code: '01280033', name: 'BANKINTER, S.A.', bic: 'BKBKESMM' },
    { code: '14650100', name: 'ING BANK N.V. SUCURSAL EN ESPAÑA', bic: 'INGDESMM' },
    { code: '20805155', name: 'ABANCA CORPORACION BANCARIA, S.A.', bic: 'CAGLESMM' },
    { code: '30580357', name: 'CAJAMAR CAJA RURAL, S.C.C.', bic: 'CCRIES2A' },
    { code: '20955381', name: 'KUTXABANK, S.A', bic: 'BASKES2B' },
  ],
  PT: [
    { code: '00350001', name: 'CAIXA GERAL DE DEPÓSITOS, S.A.', bic: 'CGDIPTPL' },
    { code: '00330000', name: 'BANCO COMERCIAL PORTUGUÊS, S.A.', bic: 'BCOMPTPL' },
    { code: '00180003', name: 'BANCO SANTANDER TOTTA, S.A.', bic: 'TOTAPTPL' },
    { code: '00100000', name: 'BANCO BPI S.A.', bic: 'BBPIPTPL' },
    { code: '00070000', name: 'NOVO BANCO, S.A.', bic: 'BESCPTPL' },
    { code: '00360175', name: 'CAIXA ECONÓMICA MONTEPIO GERAL, CAIXA ECONÓMICA BANCÁRIA, S.A.', bic: 'MPIOPTPL' },
  ],
  AD: [{ code: '00012030', name: 'andbanc Grup Agricol Reig', bic: 'BACAADAD' }],
  IE: [
    { code: 'AIBK931152', name: 'Allied Irish Banks (AIB)', bic: 'AIBKIE2D' },
    { code: 'BOFI905838', name: 'Bank of Ireland', bic: 'BOFIIE2D' },
    { code: 'ULSB985030', name: 'Ulster Bank Ireland', bic: 'ULSBIE2D' },
  ],
  GI: [{ code: 'NWBK', name: 'National Westminster Bank (Gibraltar branch)' }],
  FO: [
    { code: '6460', name: 'BankNordik' },
    { code: '9181', name: 'Eik Banki P/F (registry name; now Betri Banki)' },
  ],
  IS: [{ code: '0159', name: 'Landsbankinn', bic: 'NBIIISRE' }],
  HU: [
    { code: '1177301', name: 'OTP Bank', bic: 'OTPVHUHB' },
    { code: '1070002', name: 'CIB Bank', bic: 'CIBHHUHB' },
    { code: '1091800', name: 'UniCredit Bank Hungary', bic: 'BACXHUHB' },
  ],
  BG: [
    { code: 'UNCR7000', name: 'UNICREDIT BULBANK AD', bic: 'UNCRBGSF' },
    { code: 'STSA9300', name: 'DSK BANK AD', bic: 'STSABGSF' },
    { code: 'RZBB9155', name: 'RAIFFEISENBANK (BULGARIA) EAD', bic: 'RZBBBGSF' },
    { code: 'BPBI7940', name: 'EUROBANK BULGARIA AD', bic: 'BPBIBGSF' },
  ],
  GR: [
    { code: '0110125', name: 'NATIONAL BANK OF GREECE S.A.', bic: 'ETHNGRAA' },
    { code: '0172524', name: 'PIRAEUS BANK S.A.', bic: 'PIRBGRAA' },
  ],
  CY: [{ code: '00200128', name: 'BANK OF CYPRUS PUBLIC COMPANY LIMITED', bic: 'BCYPCY2N' }],
  SA: [
    { code: '80', name: 'Al Rajhi Bank', bic: 'RJHISARI' },
    { code: '10', name: 'Saudi National Bank (formerly National Commercial Bank)', bic: 'NCBKSAJE' },
    { code: '20', name: 'Riyad Bank', bic: 'RIBLSARI' },
    { code: '45', name: 'Saudi British Bank (SABB; now Saudi Awwal Bank)', bic: 'SABBSARI' },
    { code: '55', name: 'Banque Saudi Fransi', bic: 'BSFRSARI' },
    { code: '30', name: 'Arab National Bank', bic: 'ARNBSARI' },
    { code: '05', name: 'Alinma Bank', bic: 'INMASARI' },
    { code: '15', name: 'Bank AlBilad', bic: 'ALBISARI' },
    { code: '60', name: 'Bank AlJazira', bic: 'BJAZSAJE' },
    { code: '65', name: 'Saudi Investment Bank', bic: 'SIBCSARI' },
  ],
  IL: [
    { code: '010800', name: 'Bank Leumi le-Israel' },
    { code: '012', name: 'Bank Hapoalim' },
    { code: '011', name: 'Israel Discount Bank' },
    { code: '031', name: 'First International Bank of Israel' },
    { code: '017', name: 'Mercantile Discount Bank' },
  ],
  PK: [
    { code: 'HABB', name: 'Habib Bank Limited (HBL)' },
    { code: 'UNIL', name: 'United Bank Limited (UBL)' },
    { code: 'MUCB', name: 'MCB Bank Limited' },
    { code: 'NBPA', name: 'National Bank of Pakistan' },
    { code: 'ABPA', name: 'Allied Bank Limited' },
    { code: 'SCBL', name: 'Standard Chartered Bank (Pakistan)' },
    { code: 'ALFH', name: 'Bank Alfalah' },
    { code: 'FAYS', name: 'Faysal Bank' },
    { code: 'MEZN', name: 'Meezan Bank' },
    { code: 'BAHL', name: 'Bank AL Habib' },
  ],
  BR: [
    { code: '00000000', name: 'Banco do Brasil' },
    { code: '60746948', name: 'Banco Bradesco' },
    { code: '60701190', name: 'Itaú Unibanco' },
    { code: '00360305', name: 'Caixa Econômica Federal' },
    { code: '90400888', name: 'Banco Santander (Brasil)' },
    { code: '18236120', name: 'Nu Pagamentos (Nubank)' },
    { code: '00416968', name: 'Banco Inter' },
    { code: '92702067', name: 'Banrisul (Banco do Estado do Rio Grande do Sul)' },
    { code: '31872495', name: 'Banco C6' },
    { code: '58160789', name: 'Banco Safra' },
  ],
}
