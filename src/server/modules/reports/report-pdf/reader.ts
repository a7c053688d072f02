import { PERMISSIBLE_PURPOSES } from '@shared/credit-reference';
import type { TCreditReport } from '@shared/schemas/credit';

/**
 * Who the PDF is for. The same report is drawn for both; what changes is the voice (the person reads
 * "your", a lender reads "this person"), the brand at the top, and the footer. The identifiers come
 * already masked or not in the report itself: the renderer never unmasks or masks anything.
 */
export type ReportPdfReader =
  /** The person's own report (GET /api/consumers/me/report.pdf): full identifiers, their rights. */
  | { kind: 'person' }
  /** A report a business pulled (GET /api/credit/reports/:id/pdf). */
  | {
      kind: 'business';
      businessName: string;
      /** Enterprise (plans.has_white_label): the business's name heads the report instead of ours. */
      isWhiteLabel: boolean;
      /** Who downloaded it, printed in the footer with the time. */
      printedBy?: string;
    };

export const BUREAU_NAME = 'CreditCheck SL';

export interface ReportWording {
  brand: string;
  tagline: string;
  subjectSection: string;
  identifiersLabel: string;
  scoreSection: string;
  reasonsTitle: string;
  noScore: (why: string) => string;
  noAccounts: string;
  inquiriesSection: (count: number) => string;
  noInquiries: string;
  /** Shown on the person's own copy only. */
  rights: string | null;
  footer: (report: TCreditReport, printedAt: string) => string;
}

const purposeName = (code: string | null) =>
  PERMISSIBLE_PURPOSES.find((p) => p.code === code)?.name.toLowerCase() ?? 'a permissible purpose';

export function wordingFor(reader: ReportPdfReader): ReportWording {
  if (reader.kind === 'person') {
    return {
      brand: BUREAU_NAME,
      tagline: 'Personal credit report',
      subjectSection: 'About you',
      identifiersLabel: 'Identification',
      scoreSection: 'Your credit score',
      reasonsTitle: 'What affects it most',
      noScore: (why) => `There is not enough on your file to compute a score (${why}). A missing record never counts against you.`,
      noAccounts: 'No accounts are reported on your file.',
      inquiriesSection: (count) => `Who looked at your file (last 12 months: ${count})`,
      noInquiries: 'No business searched for you or pulled your report.',
      rights:
        'Under the Credit Reference Act, 2011 you may see your file for free and challenge any entry. File a dispute in the Personal Credit Portal (Disputes): ' +
        'the entry is marked disputed at once, the lender must answer within the deadline, and an entry left unanswered past it is withheld from the reports lenders see. ' +
        'You can also complain to the Bank of Sierra Leone. Keep this report private: it holds your full identification numbers.',
      footer: (report) => `${BUREAU_NAME} · Personal credit report of ${report.subject.fullName} · Report ${report.reportId}.`,
    };
  }
  const printedBy = reader.printedBy ? ` by ${reader.printedBy}` : '';
  return {
    brand: reader.isWhiteLabel ? reader.businessName : BUREAU_NAME,
    tagline: reader.isWhiteLabel ? 'Consumer credit report' : 'National credit bureau of Sierra Leone',
    subjectSection: 'Personal information',
    identifiersLabel: 'Identification (masked)',
    scoreSection: 'Credit score',
    reasonsTitle: 'What affects this score most',
    noScore: (why) =>
      `This file has no score: ${why}. A missing record never counts against a person (Credit Reference Act, 2011); judge the application on the accounts below and your own checks.`,
    noAccounts: 'No accounts are reported for this person.',
    inquiriesSection: (count) => `Inquiries, last 12 months (${count})`,
    noInquiries: 'No inquiries.',
    rights: null,
    footer: (report, printedAt) =>
      `Confidential: released for ${purposeName(report.purpose)} under the Credit Reference Act, 2011. Printed ${printedAt}${printedBy}. Report ${report.reportId}.`,
  };
}

export { purposeName };
