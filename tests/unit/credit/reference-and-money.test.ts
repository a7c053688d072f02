import { describe, expect, it } from 'vitest';
import { formatMinorAmount, parseAmountToMinor } from '../../../src/shared/format';
import { DISTRICTS, inferDistrictFromAddress, parseDistrict } from '../../../src/shared/districts';
import { csvRecordToRow, ZCreditAccountReportSchema } from '../../../src/shared/schemas/credit';
import { generatePerson, indexLenders, reportedSubjectOf } from '../../../src/server/db/seed/registry/generate';
import { LENDERS } from '../../../src/server/db/seed/registry/lenders';

describe('amounts', () => {
  it('turns major units into integer minor units without floats', () => {
    expect(parseAmountToMinor('1500')).toBe(150000);
    expect(parseAmountToMinor('1,500.5')).toBe(150050);
    expect(parseAmountToMinor(0.1)).toBe(10);
    expect(parseAmountToMinor(19.99)).toBe(1999);
    expect(parseAmountToMinor('1.234')).toBeNull();
    expect(parseAmountToMinor('-5')).toBeNull();
    expect(parseAmountToMinor('abc')).toBeNull();
  });

  it('formats minor units as exact decimal strings', () => {
    expect(formatMinorAmount(150050)).toBe('1500.50');
    expect(formatMinorAmount('7')).toBe('0.07');
    expect(formatMinorAmount(900719925474099)).toBe('9007199254740.99');
  });
});

describe('districts', () => {
  it('knows the 16 districts', () => {
    expect(DISTRICTS).toHaveLength(16);
    expect(parseDistrict('port loko district')).toBe('Port Loko');
    expect(parseDistrict('Northern Province')).toBeNull();
  });

  it('reads a district from an address line, longest name first', () => {
    expect(inferDistrictFromAddress('12 Siaka Stevens Street, Freetown')).toBe('Western Area Urban');
    expect(inferDistrictFromAddress('4 Main Road, Waterloo')).toBe('Western Area Rural');
    expect(inferDistrictFromAddress('Off Bo-Kenema Highway, Bo')).toBe('Bo');
    expect(inferDistrictFromAddress('Lorry Park Road, Makeni')).toBe('Bombali');
    expect(inferDistrictFromAddress('Somewhere unknown')).toBeNull();
  });
});

describe('the shared row schema', () => {
  it('reads a CSV record into the same shape as a JSON row', () => {
    const row = csvRecordToRow({
      national_id: 'sl 123-456',
      first_name: 'Aminata',
      last_name: 'Kamara',
      phone: '076 000 001',
      address: '7 Pademba Road, Freetown',
      account_number: 'A-1',
      account_type: 'Microfinance_Loan',
      currency: 'sle',
      principal: '1,000.00',
      balance: '10',
      opened_at: '2024-01-01',
      status: 'CURRENT',
    });
    const parsed = ZCreditAccountReportSchema.parse(row);
    expect(parsed.subject).toMatchObject({
      nationalId: 'SL123456',
      phone: '+23276000001',
      address: { line: '7 Pademba Road, Freetown', district: 'Western Area Urban' },
    });
    expect(parsed.account).toMatchObject({
      type: 'microfinance_loan',
      currency: 'SLE',
      principal: 100000,
      balance: 1000,
      status: 'current',
    });
  });
});

describe('the registry generator', () => {
  const lenders = indexLenders(LENDERS);
  const asOf = new Date('2026-10-31T12:00:00Z');

  it('is deterministic: person i is the same every time', () => {
    expect(generatePerson({ seed: 3, asOf }, 1234, lenders)).toEqual(generatePerson({ seed: 3, asOf }, 1234, lenders));
    expect(generatePerson({ seed: 3, asOf }, 1234, lenders).id).not.toBe(generatePerson({ seed: 4, asOf }, 1234, lenders).id);
  });

  it('makes valid rows: every generated account passes the shared schema', () => {
    for (let i = 0; i < 300; i++) {
      const p = generatePerson({ seed: 5, asOf }, i, lenders);
      expect(p.nin ?? p.passport ?? p.driversLicense).toBeTruthy();
      for (const a of p.accounts) {
        const result = ZCreditAccountReportSchema.safeParse({
          subject: reportedSubjectOf(p),
          account: {
            accountNumber: a.accountNumber,
            type: a.type,
            currency: a.currency,
            principal: String(a.principal / 100),
            balance: String(a.balance / 100),
            openedAt: a.openedAt,
            status: a.status,
            defaultAmount: a.defaultAmount === null ? undefined : String(a.defaultAmount / 100),
            defaultDate: a.defaultDate ?? undefined,
            paymentHistory: a.paymentHistory,
          },
        });
        expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
      }
    }
  });

  it('includes thin files and people with only mobile-money or utility accounts', () => {
    const segments = new Set<string>();
    for (let i = 0; i < 500; i++) segments.add(generatePerson({ seed: 5, asOf }, i, lenders).segment);
    expect([...segments].sort()).toEqual(['alternative_only', 'regular', 'thin']);
  });
});

describe('dates', () => {
  it('accepts days that exist and nothing else', async () => {
    const { isRealDate } = await import('../../../src/shared/schemas/credit');
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
    expect(isRealDate('1900-02-29')).toBe(false);
    expect(isRealDate('2000-02-29')).toBe(true);
    expect(isRealDate('2024-04-31')).toBe(false);
    expect(isRealDate('2024-13-01')).toBe(false);
    expect(isRealDate('2024-1-01')).toBe(false);
    for (let d = Date.UTC(1999, 0, 1); d < Date.UTC(2001, 0, 1); d += 86_400_000)
      expect(isRealDate(new Date(d).toISOString().slice(0, 10))).toBe(true);
  });
});
