import { describe, expect, it } from 'vitest';
import { buildMonthlyFile } from '../../../bench/lib/monthly-file';
import { parsePlainlyValidRow, sameParsedRow } from '../../../src/server/modules/submissions/fast-validate';
import { validateRows } from '../../../src/server/modules/submissions/service';
import { ZCreditAccountReportSchema, csvRecordToRow } from '../../../src/shared/schemas/credit';

// The fast row check must answer only for rows the shared schema accepts, with exactly the
// schema's value. Generated people, then every field replaced by awkward values one at a time.

const file = buildMonthlyFile({
  rows: 2_000,
  registryPeople: 1_000,
  seed: 5,
  asOf: new Date('2026-10-31T12:00:00Z'),
  accountPrefix: 'ACC',
});

/** A generated row, with the shapes a lender may use: no NIN, a bare address string, no district, numbers for amounts. */
function baseRow(i: number): any {
  const row: any = structuredClone(file[i % file.length]);
  if (i % 3 === 0) {
    row.subject.nationalId = undefined;
    row.subject.passportNumber ??= `P${String(i).padStart(7, '0')}`;
  }
  if (i % 5 === 0) row.subject.address = row.subject.address.line;
  else if (i % 2 === 0) row.subject.address.district = undefined;
  if (i % 4 === 0) row.account.balance = 250.5;
  if (i % 7 === 0) row.account.openedAt = '2024-06-01';
  return row;
}

const AWKWARD: Record<string, unknown[]> = {
  'subject.nationalId': [undefined, null, '', '   ', 'sl-123 456', 'ab12', 'A'.repeat(21), 'ÄB123456', 12345678, ' SL123456 ', 'ss123456'],
  'subject.passportNumber': [undefined, null, '', 'b-1234567', 'B12345', 'B1234567890123', 1234567, 'ß1234567'],
  'subject.driversLicense': [undefined, '', 'dl 1234', 'DL1', 'ǅ12345'],
  'subject.firstName': [
    '',
    '  ',
    ' Aminata ',
    'Ａminata',
    "N'Dama",
    '-Ali',
    'Mohamed Lamin',
    'A'.repeat(100),
    'A'.repeat(101),
    'Zoë',
    'e\u0301lise',
    42,
    null,
    undefined,
    'Ali2',
  ],
  'subject.middleName': [undefined, null, '', '  ', 'Lamin', ' lamin ', '1x', 'O.'],
  'subject.lastName': ['Kamara-Sesay', ' Kamara', '', 'Kamara!', "O'Neil"],
  'subject.dateOfBirth': [
    undefined,
    null,
    '',
    '  ',
    '1980-02-29',
    '1981-02-29',
    '1899-12-31',
    '1900-01-01',
    ' 1985-04-12 ',
    '1985-4-12',
    '2999-01-01',
    '31/12/1980',
    19850412,
    '1985-13-01',
    '1985-00-10',
  ],
  'subject.phone': [
    '',
    ' ',
    '076 123 456',
    '+232 76 123456',
    '0761234567',
    '+23276123456',
    '23276123456',
    '(076) 123-456',
    '+44 20 7946 0958',
    'not a phone',
    '0'.repeat(31),
    76123456,
    null,
    '+232 99 123456',
    '+23230123456',
  ],
  'subject.address': [
    '12 Siaka Stevens Street, Freetown',
    '  5 Main   Road,\tBo  ',
    'abc',
    '',
    { line: '7 Pademba Road, Freetown', district: 'bo' },
    { line: '7 Pademba Road, Freetown', district: 'Port Loko District' },
    { line: '7 Pademba Road, Freetown', district: 'Atlantis' },
    { line: '7 Pademba Road, Freetown', district: '' },
    { line: '7 Pademba Road, Freetown', district: null },
    { line: '7 Pademba Road, Freetown', district: 5 },
    { line: 5, district: 'Bo' },
    { district: 'Bo' },
    { line: 'x'.repeat(301) },
    null,
    42,
  ],
  'account.accountNumber': ['', ' A-1 ', '-A1', 'A/1._-x', 'A'.repeat(50), 'A'.repeat(51), 'ACC#1', 123, null],
  'account.type': ['microfinance_loan', ' microfinance_loan', 'MICROFINANCE_LOAN', 'mortgage', 'personal_loan', 'nope', null],
  'account.currency': ['SLE', ' usd ', 'EUR', '', null, 1],
  'account.principal': [
    '1500',
    '1,500.50',
    1500.5,
    0.1,
    -1,
    '-1',
    '1.234',
    '',
    ' 12 ',
    'abc',
    null,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '0012',
    1e21,
  ],
  'account.balance': ['0', 0, '9999999999999.99', '99999999999999'],
  'account.openedAt': ['2024-06-01', ' 2024-06-01 ', '2999-01-01', '', '2024-02-30', null],
  'account.status': ['current', ' CURRENT ', 'Default', 'written_off', 'closed', 'late', '', null],
  'account.defaultAmount': [undefined, '', null, '700', '0', 0, '-3', 'abc'],
  'account.defaultDate': [undefined, '', '2025-05-31', '2023-01-01', '2999-01-01', 'x'],
  'account.paymentHistory': [undefined, '', '  ', ' d3210c- ', '0'.repeat(24), '0'.repeat(25), 'X1', 123],
  // The account's life (issue 17): amounts, dates after the opening, the term and the frequency.
  'account.amountPastDue': [undefined, '', null, '0', 0, '1.5', 12.25, '-1', 'abc', '99999999999', '1.234'],
  'account.firstDelinquencyDate': [undefined, '', '2025-05-31', '2023-01-01', '2999-01-01', 'x', ' 2025-01-31 ', 20250131],
  'account.lastPaymentDate': [undefined, null, '2025-06-30', '2020-01-01', '2025-02-30', '2999-12-31', '   '],
  'account.lastPaymentAmount': [undefined, '', '250', 250, -3, 'x', '1,000.00'],
  'account.scheduledPaymentAmount': [undefined, '', '75.5', 75.5, '0', '1e3', null],
  'account.termMonths': [undefined, '', '12', ' 36 ', 12, 600, 601, 0, '0', '-1', 1.5, '1.5', '12x', Number.NaN, '0012', null],
  'account.paymentFrequency': [undefined, '', 'monthly', ' WEEKLY ', 'single_payment', 'daily', 3, null],
  'account.closedAt': [undefined, '', '2025-06-30', '2019-01-01', '2999-01-01', 'soon'],
};

function withField(row: any, path: string, value: unknown): any {
  const copy = structuredClone(row);
  const [part, key] = path.split('.');
  if (value === undefined) delete copy[part][key];
  else copy[part][key] = value;
  return copy;
}

function expectAgreement(row: unknown) {
  const fast = parsePlainlyValidRow(row);
  const parsed = ZCreditAccountReportSchema.safeParse(row);
  if (fast !== null) {
    expect(parsed.success, JSON.stringify(row)).toBe(true);
    if (parsed.success) {
      expect(fast).toEqual(parsed.data);
      expect(sameParsedRow(fast, parsed.data)).toBe(true);
    }
  }
  return { fast, parsed };
}

describe('the fast row check of monthly files', () => {
  it('takes the fast path for generated rows, with exactly the schema value', () => {
    for (let i = 0; i < 2_000; i++) {
      const { fast, parsed } = expectAgreement(baseRow(i));
      expect(parsed.success).toBe(true);
      expect(fast).not.toBeNull();
    }
  });

  it('never accepts a row the schema refuses, nor changes a value, field by field', () => {
    let fastAnswers = 0;
    for (const [path, values] of Object.entries(AWKWARD)) {
      for (let i = 0; i < values.length; i++) {
        for (const base of [baseRow(i * 7 + 1), baseRow(i * 7)]) {
          const { fast } = expectAgreement(withField(base, path, values[i]));
          if (fast) fastAnswers++;
        }
      }
    }
    // Most awkward but valid values still take the fast path.
    expect(fastAnswers).toBeGreaterThan(150);
  });

  it('agrees on CSV records, shapes and defaulter rules', () => {
    const record = {
      national_id: 'sl 123-456',
      first_name: ' Aminata ',
      last_name: 'Kamara',
      phone: '076 000 001',
      address: ' 7 Pademba  Road, Freetown ',
      account_number: 'A-1',
      account_type: 'Microfinance_Loan',
      currency: 'sle',
      principal: '1,000.00',
      balance: '10',
      opened_at: '2024-01-01',
      status: 'CURRENT',
    } as const;
    expect(expectAgreement(csvRecordToRow(record)).fast).not.toBeNull();
    expectAgreement(csvRecordToRow({ ...record, status: 'default' }));
    expectAgreement(csvRecordToRow({ ...record, status: 'written_off', default_amount: '5', default_date: '2023-12-31' }));
    expectAgreement(csvRecordToRow({ ...record, status: 'default', default_amount: '5', default_date: '2024-01-01' }));
    for (const odd of [
      null,
      'row',
      [],
      [baseRow(1)],
      { subject: baseRow(1).subject },
      { ...baseRow(1), extra: 1 },
      Object.assign(Object.create({ x: 1 }), baseRow(1)),
    ]) {
      expectAgreement(odd);
    }
  });

  it("takes the fast path for rows with the account's life, and leaves group loans to the schema", () => {
    const lifeFile = buildMonthlyFile({
      rows: 400,
      registryPeople: 1_000,
      seed: 5,
      asOf: new Date(),
      accountPrefix: 'LIFE',
      accountLife: true,
    });
    for (const row of lifeFile) {
      const { fast, parsed } = expectAgreement(row);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      if (row.parties) expect(fast).toBeNull();
      else expect(fast?.account.termMonths).toBe(12);
    }
  });

  it('leaves rows with co-borrowers or guarantors to the schema, and compares their parties', () => {
    const party = { role: 'guarantor', subject: { ...baseRow(2).subject, nationalId: 'SL99887766' } };
    for (const parties of [[party], [], [{ ...party, role: 'boss' }]]) {
      const row = { ...baseRow(1), parties };
      expect(parsePlainlyValidRow(row)).toBeNull();
    }
    for (const parties of [undefined, null, '']) expect(expectAgreement({ ...baseRow(1), parties }).fast).not.toBeNull();
    const withParty = ZCreditAccountReportSchema.parse({ ...baseRow(1), parties: [party] });
    const without = ZCreditAccountReportSchema.parse(baseRow(1));
    expect(sameParsedRow(withParty, without)).toBe(false);
    expect(sameParsedRow(withParty, ZCreditAccountReportSchema.parse({ ...baseRow(1), parties: [party] }))).toBe(true);
    const other = ZCreditAccountReportSchema.parse({ ...baseRow(1), parties: [{ ...party, role: 'co_borrower' }] });
    expect(sameParsedRow(withParty, other)).toBe(false);
    const lateRow = ZCreditAccountReportSchema.parse({ ...baseRow(1), account: { ...baseRow(1).account, termMonths: 12 } });
    expect(sameParsedRow(lateRow, without)).toBe(false);
  });

  it('gives validateRows the same rows as the schema alone, with no disagreement', () => {
    const rows = Array.from({ length: 200 }, (_, i) => baseRow(i));
    let told = 0;
    const reference = validateRows(rows, false);
    const result = validateRows(rows, false, { onDisagreement: () => told++ });
    expect(told).toBe(0);
    expect(result.valid.map((r) => r.report)).toEqual(reference.valid.map((r) => r.report));
    expect(result.valid).toHaveLength(200);
  });
});
