import { formatDateTime } from '@shared/format';
import type { TCreditReport } from '@shared/schemas/credit';
import { drawAccounts, drawInquiries } from './history-sections';
import { createPdfDocument, drawFooters } from './pdf-document';
import { type ReportPdfReader, wordingFor } from './reader';
import { drawFraudAlert, drawHeader, drawRights, drawScore, drawSubject, drawSummary } from './subject-sections';

export type { ReportPdfReader } from './reader';
export { renderAdverseActionPdf } from './adverse-action';

/**
 * The one credit report PDF: the person's own copy and a business's copy of a report it pulled,
 * drawn from the stored report (the same masked or full identifiers, score, accounts with their 24
 * months, disputed flags and inquiries the reader was shown). Dates are Freetown time and money is
 * formatted from the exact decimal strings, both through @shared/format.
 */
export function renderReportPdf(report: TCreditReport, reader: ReportPdfReader): Promise<Buffer> {
  const wording = wordingFor(reader);
  const { doc, bytes } = createPdfDocument({
    Title: `Credit report of ${report.subject.fullName}`,
    Author: wording.brand,
    Creator: wording.brand,
    Subject: reader.kind === 'person' ? 'Personal credit report' : `Credit report ${report.reportId}`,
  });
  drawHeader(doc, report, reader, wording);
  drawSubject(doc, report, wording);
  drawFraudAlert(doc, report);
  drawScore(doc, report, wording);
  drawSummary(doc, report);
  drawAccounts(doc, report, wording);
  drawInquiries(doc, report, wording);
  drawRights(doc, wording);
  drawFooters(doc, wording.footer(report, formatDateTime(new Date(), { withZone: true })));
  doc.end();
  return bytes;
}
