import { adverseActionNotice } from '@shared/adverse-action';
import { formatDateTime } from '@shared/format';
import type { TCreditReport } from '@shared/schemas/credit';
import { COLOR, contentWidth, createPdfDocument, drawFooters, ensureSpace, PAGE_MARGIN, paragraph, sectionTitle } from './pdf-document';
import { BUREAU_NAME } from './reader';

/**
 * The adverse-action notice as a PDF of its own (GET /api/credit/reports/:id/adverse-action.pdf): the
 * page a lender hands to an applicant it declined, with the words of @shared/adverse-action, which
 * the report page shows too. It carries no identifiers and no account: only what the person is owed.
 */
export function renderAdverseActionPdf(report: TCreditReport, lenderName: string): Promise<Buffer> {
  const notice = adverseActionNotice(report, lenderName);
  const { doc, bytes } = createPdfDocument({
    Title: `${notice.title}: ${report.subject.fullName}`,
    Author: lenderName,
    Creator: BUREAU_NAME,
    Subject: `Adverse-action notice for report ${report.reportId}`,
  });
  doc.font('Helvetica-Bold').fontSize(18).fillColor(COLOR.ink).text(notice.title, PAGE_MARGIN, PAGE_MARGIN);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(`From ${lenderName}`, PAGE_MARGIN, doc.y + 2);
  doc.moveDown(1);
  paragraph(doc, notice.decision, { size: 10.5 });
  doc.moveDown(0.6);
  paragraph(doc, notice.score, { size: 10.5 });

  if (notice.factors.length > 0 || notice.noFactors) {
    sectionTitle(doc, notice.factorsTitle);
    if (notice.noFactors) paragraph(doc, notice.noFactors, { size: 10 });
    for (const factor of notice.factors) {
      ensureSpace(doc, 40);
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .fillColor(COLOR.ink)
        .text(factor.title, PAGE_MARGIN, doc.y + 4, { width: contentWidth(doc) });
      if (factor.sentence) paragraph(doc, factor.sentence, { size: 10 });
    }
  }

  sectionTitle(doc, notice.rightsTitle);
  for (const right of notice.rights) {
    ensureSpace(doc, 40);
    paragraph(doc, right, { size: 10 });
    doc.moveDown(0.4);
  }
  drawFooters(doc, `${notice.reference} Printed ${formatDateTime(new Date(), { withZone: true })}.`);
  doc.end();
  return bytes;
}
