import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderReportPdf, type ReportPdfReader } from '../../src/server/modules/reports/report-pdf';
import type { TCreditReport } from '../../src/shared/schemas/credit';

// The one report PDF renderer, read back with pdftotext (poppler-utils, installed by .ci/run).

const history = Array.from({ length: 24 }, (_, i) => ({
  month: new Date(Date.UTC(2026, 10 - i, 1)).toISOString().slice(0, 7),
  code: i === 6 ? 'D' : '0',
  status: i === 6 ? 'default' : 'on_time',
}));

const report = {
  reportId: '5dd1aaaf-0000-4000-8000-000000000001',
  generatedAt: '2026-11-25T23:40:00Z',
  purpose: 'credit_application',
  subject: {
    subjectId: 's1',
    fullName: 'Aminata Kamara',
    otherNames: [],
    dateOfBirth: '1990-05-12',
    district: 'Bo',
    identifiers: [{ type: 'nin', value: '****0001' }],
    phones: ['+232 76 *** 001'],
    addresses: [],
  },
  fraudAlert: null,
  score: { value: 712, band: 'Good', reasons: [{ code: 'LATE', text: 'Recent late payments' }] },
  scoreUnavailable: null,
  summary: { totalAccounts: 1, openAccounts: 1, accountsInDefault: 0, disputedAccounts: 0, inquiriesLast12Months: 0, balances: [] },
  accounts: [
    {
      lender: 'Demo Microfinance Ltd',
      typeName: 'Personal loan',
      accountNumber: 'DMF-LN-0001',
      isOwnAccount: false,
      status: 'current',
      statusName: 'Current',
      currency: 'SLE',
      principal: '15000.00',
      // Past 2^53 in cents: a float would lose the last digit.
      balance: '90071992547409.93',
      defaultAmount: null,
      defaultDate: null,
      openedAt: '2024-01-15',
      lastReportedAt: '2026-10-31',
      disputed: true,
      paymentHistory: history,
      // An account reported without its life (issue 17): nothing of it is printed.
      amountPastDue: null,
      firstDelinquencyDate: null,
      lastPaymentDate: null,
      lastPaymentAmount: null,
      scheduledPaymentAmount: null,
      termMonths: null,
      paymentFrequency: null,
      closedAt: null,
      role: 'borrower',
      parties: [],
      balanceHistory: [],
    },
    {
      lender: 'Kenema Women Cooperative',
      typeName: 'Group (solidarity) loan',
      accountNumber: '****0107',
      isOwnAccount: false,
      status: 'late_30',
      statusName: '30 days late',
      currency: 'SLE',
      principal: '3000.00',
      balance: '1200.00',
      defaultAmount: null,
      defaultDate: null,
      openedAt: '2025-01-06',
      lastReportedAt: '2026-11-20',
      disputed: false,
      paymentHistory: history.slice(0, 3),
      amountPastDue: '150.00',
      firstDelinquencyDate: '2025-07-14',
      lastPaymentDate: '2025-06-30',
      lastPaymentAmount: '150.00',
      scheduledPaymentAmount: '150.00',
      termMonths: 10,
      paymentFrequency: 'fortnightly',
      closedAt: null,
      role: 'guarantor',
      parties: [
        { role: 'borrower', name: 'Mariama Conteh' },
        { role: 'co_borrower', name: 'Kadiatu Sesay' },
      ],
      balanceHistory: Array.from({ length: 14 }, (_, i) => ({
        month: new Date(Date.UTC(2026, 10 - i, 1)).toISOString().slice(0, 7),
        balance: `${1200 + i * 150}.00`,
        amountPastDue: i === 0 ? '150.00' : '0.00',
        status: i === 0 ? 'late_30' : 'current',
      })),
    },
  ],
  inquiries: [],
} as unknown as TCreditReport;

async function textOf(reader: ReportPdfReader): Promise<{ pdf: Buffer; text: string }> {
  const pdf = await renderReportPdf(report, reader);
  const file = join(mkdtempSync(join(tmpdir(), 'ccsl-pdf-')), 'report.pdf');
  writeFileSync(file, pdf);
  return { pdf, text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ') };
}

describe('renderReportPdf', () => {
  it("speaks to the person on their own copy, with their rights and the bureau's name", async () => {
    const { pdf, text } = await textOf({ kind: 'person' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(text).toContain('About you');
    expect(text).toContain('Your credit score');
    expect(text).toContain('Your rights');
    expect(text).toContain('CreditCheck SL');
    expect(text).toContain('Page 1 of');
  });

  it('formats money from the exact decimal string and dates in Freetown time', async () => {
    const { text } = await textOf({ kind: 'person' });
    expect(text).toContain('Balance SLE 90,071,992,547,409.93');
    expect(text).toContain('Borrowed SLE 15,000.00');
    expect(text).toContain('Generated 25 Nov 2026, 23:40 GMT');
    expect(text).toContain('12 May 1990');
    expect(text).toContain('Purpose: new credit application');
    expect(text).not.toContain('credit_application');
  });

  it("prints an account's life, the person's role, the others on it and its months of balance", async () => {
    const { text } = await textOf({ kind: 'person' });
    expect(text).toContain('Role: Guarantor');
    expect(text).toContain('Amount past due SLE 150.00');
    expect(text).toContain('First late payment 14 July 2025');
    expect(text).toContain('Last payment SLE 150.00 on 30 June 2025');
    expect(text).toContain('Scheduled payment SLE 150.00, every two weeks');
    expect(text).toContain('Term 10 months');
    expect(text).toContain('Others on this account: Mariama Conteh (borrower), Kadiatu Sesay (co-borrower)');
    expect(text).toContain('Balance by month, newest first: Nov 2026: SLE 1,200.00, SLE 150.00 past due; Oct 2026: SLE 1,350.00;');
    expect(text).toContain('and 2 earlier months');
    // The account reported without them prints none of their labels.
    expect(text.match(/Amount past due/g)).toHaveLength(1);
  });

  it("tells a business whose copy it is, and a white-label copy carries the business's name only", async () => {
    const plain = await textOf({ kind: 'business', businessName: 'Rokel Bank', isWhiteLabel: false, printedBy: 'Fatmata Sesay' });
    expect(plain.text).toContain('Prepared for Rokel Bank');
    expect(plain.text).toContain('by Fatmata Sesay');
    expect(plain.text).toContain('IDENTIFICATION (MASKED)');
    expect(plain.text).not.toContain('Your rights');
    const white = await textOf({ kind: 'business', businessName: 'Rokel Bank', isWhiteLabel: true });
    expect(white.text).toContain('Rokel Bank');
    expect(white.text).not.toContain('CreditCheck');
    expect(white.pdf.toString('latin1')).not.toContain('CreditCheck');
  });
});
