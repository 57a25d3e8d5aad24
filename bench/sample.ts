// A constant GenerateResult of one DE IBAN: the body of the baseline servers (bench/hello.ts,
// bench/mcp-bare.ts), the size of what ibanmint answers to GET /generate/DE?count=1.
export const SAMPLE_RESULT = {
  country: { code: 'DE', name: 'Germany', iban_length: 22 },
  count: 1,
  realistic: true,
  ibans: [
    {
      iban: 'DE89370400440532013000',
      formatted: 'DE89 3704 0044 0532 0130 00',
      country: 'DE',
      check_digits: '89',
      bban: '370400440532013000',
      length: 22,
      valid: true,
    },
  ],
}
