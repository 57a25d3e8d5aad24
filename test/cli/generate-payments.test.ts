// `ibanmint generate -f pain.001 …` in a child process (docs/payment-files.md): files through the
// pool (over 10,000 transactions) and in one batch pass xmllint against their schemas and are the
// library's bytes for the same options; the bank's answers name and book the same transactions;
// bad options exit 2 with one line naming the option.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { PaymentFile, transactionAt, type PaymentFileOptions } from '../../src/iban/index.ts'
import { readPaymentXml, schemaErrors } from '../helpers/payment-reader.ts'
import { runBin } from '../helpers/process.ts'

const dir = mkdtempSync(join(tmpdir(), 'ibanmint-cli-payments-'))
after(() => rmSync(dir, { recursive: true, force: true }))

const libraryText = (options: PaymentFileOptions, document: 'initiation' | 'status-report' | 'statement') =>
  Buffer.concat([...new PaymentFile(options).chunks(document)]).toString('utf8')

test('generate -f pain.001 of 12,000 transactions through the pool: the library’s file, valid; pain.002 and camt.053 agree', async () => {
  const args = ['DE,NL', '-n', '12000', '--seed', 'cli', '--date', '2026-03-02', '--batch-size', '5000']
  const defects = ['--defects', 'AC01,RR03,AM05', '--defect-share', '0.03']
  const options: PaymentFileOptions = {
    countries: ['DE', 'NL'],
    count: 12_000,
    seed: 'cli',
    date: '2026-03-02',
    batchSize: 5000,
    defects: ['AC01', 'RR03', 'AM05'],
    defectShare: 0.03,
  }
  const file = join(dir, 'sct.xml')
  const made = runBin(['generate', ...args, ...defects, '-f', 'pain.001', '-o', file])
  assert.equal(made.code, 0, made.stderr)
  const text = readFileSync(file, 'utf8')
  assert.equal(text, libraryText(options, 'initiation'))
  assert.equal(await schemaErrors(file, 'pain.001.001.09'), '')
  const reportFile = join(dir, 'sct-status.xml')
  assert.equal(runBin(['generate', ...args, ...defects, '-f', 'pain.002', '-o', reportFile]).code, 0)
  assert.equal(await schemaErrors(reportFile, 'pain.002.001.10'), '')
  const statementFile = join(dir, 'sct-statement.xml')
  assert.equal(runBin(['generate', ...args, ...defects, '-f', 'camt.053', '-o', statementFile]).code, 0)
  assert.equal(await schemaErrors(statementFile, 'camt.053.001.08'), '')
  const rejected: string[] = []
  const accepted = new Set<string>()
  for (let i = 0; i < 12_000; i++) {
    const row = transactionAt(options, i)
    if (row.status === 'RJCT') rejected.push(row.end_to_end_id)
    else accepted.add(row.end_to_end_id)
  }
  const named = readPaymentXml(readFileSync(reportFile, 'utf8'), ['TxInfAndSts']).records.get('TxInfAndSts') ?? []
  assert.deepEqual(named.map((record) => record.get('OrgnlEndToEndId')).sort(), rejected.sort())
  const booked = readPaymentXml(readFileSync(statementFile, 'utf8'), ['Ntry']).records.get('Ntry') ?? []
  assert.deepEqual(new Set(booked.map((entry) => entry.get('NtryDtls/TxDtls/Refs/EndToEndId'))), accepted)
})

test('generate -f pain.008.001.02 in one batch: valid against its schema, with the options asked for', async () => {
  const file = join(dir, 'sdd.xml')
  const made = runBin([
    'generate',
    'AT',
    '-n',
    '50',
    '-f',
    'pain.008.001.02',
    '--seed',
    '4',
    '--scheme',
    'B2B',
    '--sequence-type',
    'OOFF',
    '--address',
    'hybrid',
    '--amounts',
    '20-400',
    '--execution-date',
    '2026-04-01',
    '-o',
    file,
  ])
  assert.equal(made.code, 0, made.stderr)
  assert.equal(await schemaErrors(file, 'pain.008.001.02'), '')
  const text = readFileSync(file, 'utf8')
  assert.match(text, /<SeqTp>OOFF<\/SeqTp><\/PmtTpInf><ReqdColltnDt>2026-04-01<\/ReqdColltnDt>/)
  assert.match(text, /<AdrLine>/)
})

test('bad payment options exit 2 with one line naming the option', () => {
  const cases: [string[], RegExp][] = [
    [['-f', 'pain.001', '--batch-size', '0'], /^ibanmint: --batch-size must be a positive integer or all/],
    [['-f', 'pain.001', '--scheme', 'B2B'], /^ibanmint: --scheme applies to direct debits/],
    [['-f', 'pain.001', '--defect-share', '3'], /^ibanmint: --defect-share must be a number from 0 to 1/],
    [['-f', 'pain.001', '--defects', 'BE05'], /^ibanmint: --defects: BE05 applies to direct debits/],
    [['-f', 'pain.001', '--random'], /^ibanmint: --random cannot go with pain\.001/],
    [['-f', 'pain.002', '--message', 'pain.009'], /^ibanmint: --message must be one of/],
    [['-f', 'csv', '--instant'], /^ibanmint: --instant applies to payment formats/],
    [['-f', 'txt', '--columns', 'parties'], /applies to csv, json, ndjson and sql, not to txt/],
  ]
  for (const [args, message] of cases) {
    const result = runBin(['generate', 'DE', '-n', '5', ...args])
    assert.equal(result.code, 2, args.join(' '))
    assert.match(result.stderr, message, args.join(' '))
    assert.equal(result.stderr.trim().split('\n').length, 1)
  }
})
