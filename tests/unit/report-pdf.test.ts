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
