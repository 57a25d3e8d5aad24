// QR-IBANs on purpose (CH, LI: qrIban), validation's qr_iban, and QR references (SIX, Swiss
// Implementation Guidelines for the QR-bill: 26 digits and a recursive modulo 10 check digit).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { DatasetError, generateIbans, isQrReference, qrReferenceOf, validateIban } from '../../src/iban/index.ts'

test('qrReferenceOf gives the QR reference of SIX’s example, pads short payloads and refuses others', () => {
  assert.equal(qrReferenceOf('21000000000313947143000901'), '210000000003139471430009017')
  assert.equal(qrReferenceOf(1), '000000000000000000000000011')
  assert.equal(qrReferenceOf('1'), qrReferenceOf(1))
  for (const payload of ['', '1'.repeat(27), '12a', -1, 1.5] as (string | number)[])
    assert.throws(() => qrReferenceOf(payload), RangeError, String(payload))
})

test('isQrReference checks the 27 digits and the check digit, spaces ignored', () => {
  assert.equal(isQrReference('21 00000 00003 13947 14300 09017'), true)
  assert.equal(isQrReference('210000000003139471430009018'), false)
  assert.equal(isQrReference('21000000000313947143000901'), false)
  assert.equal(isQrReference('RF18539007547034'), false)
  // Every single digit changed is caught by the recursive modulo 10 method.
  const reference = qrReferenceOf('12345678901234567890123456')
  for (let i = 0; i < 27; i++) {
    const digit = Number(reference[i])
    const changed = `${reference.slice(0, i)}${(digit + 1) % 10}${reference.slice(i + 1)}`
    assert.equal(isQrReference(changed), false, changed)
  }
})

test('qrIban gives CH and LI QR-IBANs of real banks, which validation reports as such; ordinary rows are none', () => {
  for (const country of ['CH', 'LI']) {
    const qr = generateIbans(country, 300, { seed: 'qr', qrIban: true })
    const ordinary = generateIbans(country, 300, { seed: 'qr' })
    for (const iban of qr) {
      const iid = Number(iban.bban.slice(0, 5))
      assert.ok(iid >= 30000 && iid <= 31999, iban.iban)
      assert.ok(iban.bank !== undefined, iban.iban)
      const result = validateIban(iban.iban)
      assert.equal(result.valid, true)
      assert.equal(result.qr_iban, true, iban.iban)
    }
    for (const iban of ordinary) assert.equal(validateIban(iban.iban).qr_iban, false, iban.iban)
    // PostFinance's QR-IID among the Swiss ones.
    if (country === 'CH') assert.ok(qr.some((iban) => iban.bank?.code === '30000'))
  }
  // bank= with qrIban takes a QR-IID.
  const [postFinance] = generateIbans('CH', 1, { seed: 'qr', qrIban: true, bank: '30000' })
  assert.equal(postFinance?.bank?.name, 'PostFinance AG')
})

test('qr_iban is a field of CH and LI results only: null where length or format is wrong', () => {
  assert.equal(validateIban('CH4431999123000889012').qr_iban, true)
  assert.equal(validateIban('CH9300762011623852957').qr_iban, false)
  assert.equal(validateIban('CH930076201162385295').qr_iban, null)
  assert.equal('qr_iban' in validateIban('DE89370400440532013000'), false)
})

test('qrIban is refused, naming qr_iban or bank, outside CH and LI, in random mode, and for a bank that is no QR-IID', () => {
  const refused = (options: Parameters<typeof generateIbans>[2], country: string, parameter: string, message: RegExp) =>
    assert.throws(
      () => generateIbans(country, 1, options),
      (error) => error instanceof DatasetError && error.parameter === parameter && message.test(error.message),
    )
  refused({ qrIban: true }, 'DE', 'qr_iban', /QR-IBANs exist only for CH and LI, not DE/)
  refused({ qrIban: true, realistic: false }, 'CH', 'qr_iban', /needs realistic mode/)
  refused({ qrIban: true, bank: '09000' }, 'CH', 'bank', /bank 09000 is not a QR-IID/)
})
