import { formatDateTime, formatMoney, formatShortDate, NO_VALUE } from '@shared/format';
import type { TCreditReport } from '@shared/schemas/credit';
import { COLOR, contentWidth, type Doc, ensureSpace, labelValue, PAGE_MARGIN, paragraph, sectionTitle } from './pdf-document';
import { purposeName, type ReportPdfReader, type ReportWording } from './reader';

/** The sections about the person and their score: header, identity, fraud alert, score, summary. */

const IDENTIFIER_LABEL: Record<string, string> = { nin: 'NIN', drivers_license: "Driver's licence", passport: 'Passport' };
const BAND_COLOR: Record<string, string> = { Good: COLOR.good, Fair: COLOR.fair, Poor: COLOR.poor };

export function drawHeader(doc: Doc, report: TCreditReport, reader: ReportPdfReader, wording: ReportWording) {
  const top = PAGE_MARGIN;
  doc.rect(0, 0, doc.page.width, 6).fill(COLOR.brand);
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(COLOR.brand)
    .text(wording.brand, PAGE_MARGIN, top, { width: contentWidth(doc) * 0.6 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(wording.tagline, PAGE_MARGIN, doc.y + 2);
  const right = PAGE_MARGIN + contentWidth(doc) * 0.55;
  const rightWidth = contentWidth(doc) * 0.45;
  const line = (text: string) => doc.text(text, right, doc.y, { width: rightWidth, align: 'right' });
  doc.font('Helvetica-Bold').fontSize(14).fillColor(COLOR.ink).text('Credit report', right, top, { width: rightWidth, align: 'right' });
  doc.font('Helvetica').fontSize(8.5).fillColor(COLOR.muted);
  doc.y += 2;
  line(`Report ${report.reportId}`);
  line(`Generated ${formatDateTime(report.generatedAt, { withZone: true })}`);
  if (report.purpose) line(`Purpose: ${purposeName(report.purpose)}`);
  if (reader.kind === 'business' && !reader.isWhiteLabel) line(`Prepared for ${reader.businessName}`);
  doc.y = Math.max(doc.y, top + 48) + 8;
}

export function drawSubject(doc: Doc, report: TCreditReport, wording: ReportWording) {
  const s = report.subject;
  sectionTitle(doc, wording.subjectSection);
  const col = contentWidth(doc) / 3;
  const row = (y: number, cells: [string, string][]) =>
    Math.max(...cells.map(([label, value], i) => labelValue(doc, PAGE_MARGIN + col * i, y, col - 10, label, value))) + 8;
  const identifiers = s.identifiers.map((i) => `${IDENTIFIER_LABEL[i.type] ?? i.type} ${i.value}`).join('\n');
  const y2 = row(doc.y, [
    ['Full name', s.fullName],
    ['Date of birth', formatShortDate(s.dateOfBirth)],
    ['District', s.district ?? NO_VALUE],
  ]);
  doc.y = row(y2, [
    [wording.identifiersLabel, identifiers || 'None on file'],
    ['Phones', s.phones.join('\n') || NO_VALUE],
    ['Also reported as', s.otherNames.join('\n') || NO_VALUE],
  ]);
  if (s.addresses.length > 0) {
    const addresses = s.addresses.slice(0, 3).map((a) => a.line + (a.district ? ` (${a.district})` : ''));
    labelValue(doc, PAGE_MARGIN, doc.y, contentWidth(doc), 'Addresses', addresses.join('\n'));
  }
}

/** The fraud alert the person placed, when the report carries one. */
export function drawFraudAlert(doc: Doc, report: TCreditReport) {
  const alert = report.fraudAlert;
  if (!alert) return;
  ensureSpace(doc, 60);
  doc.moveDown(0.8);
  const y = doc.y;
  const contact = alert.text.includes(alert.contactPhone) ? '' : ` Call ${alert.contactPhone}.`;
  const text = `Fraud alert (placed ${formatShortDate(alert.placedAt)}): ${alert.text}${contact}`;
  const width = contentWidth(doc) - 20;
  doc.font('Helvetica-Bold').fontSize(10);
  const height = doc.heightOfString(text, { width }) + 16;
  doc.rect(PAGE_MARGIN, y, contentWidth(doc), height).fillAndStroke(COLOR.alert, COLOR.alertBorder);
  doc.fillColor(COLOR.ink).text(text, PAGE_MARGIN + 10, y + 8, { width });
  doc.y = y + height;
}

export function drawScore(doc: Doc, report: TCreditReport, wording: ReportWording) {
  sectionTitle(doc, wording.scoreSection);
  const y = doc.y;
  const boxWidth = 130;
  const boxHeight = 70;
  const x = PAGE_MARGIN + boxWidth + 16;
  const width = contentWidth(doc) - boxWidth - 16;
  const centred = { width: boxWidth, align: 'center' as const };
  doc.rect(PAGE_MARGIN, y, boxWidth, boxHeight).fill(COLOR.panel);
  if (report.score) {
    const color = BAND_COLOR[report.score.band] ?? COLOR.ink;
    doc
      .font('Helvetica-Bold')
      .fontSize(30)
      .fillColor(color)
      .text(String(report.score.value), PAGE_MARGIN, y + 10, centred);
    doc.font('Helvetica-Bold').fontSize(11).text(report.score.band, PAGE_MARGIN, doc.y, centred);
    doc.font('Helvetica').fontSize(7.5).fillColor(COLOR.muted).text('on a scale of 300 to 850', PAGE_MARGIN, doc.y, centred);
    doc.font('Helvetica-Bold').fontSize(9).fillColor(COLOR.ink).text(wording.reasonsTitle, x, y, { width });
    doc.font('Helvetica').fontSize(9);
    if (report.score.reasons.length === 0) doc.text('Nothing is holding this score back.', x, doc.y + 2, { width });
    for (const reason of report.score.reasons) doc.text(`•  ${reason.text}`, x, doc.y + 2, { width });
  } else {
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor(COLOR.ink)
      .text('No score', PAGE_MARGIN, y + 26, centred);
    const why = report.scoreUnavailable?.text ?? 'not enough credit history';
    doc.font('Helvetica').fontSize(9.5).text(wording.noScore(why), x, y, { width });
  }
  doc.y = Math.max(doc.y, y + boxHeight) + 4;
}

export function drawSummary(doc: Doc, report: TCreditReport) {
  sectionTitle(doc, 'Summary');
  const s = report.summary;
  const items: [string, string][] = [
    ['Accounts', String(s.totalAccounts)],
    ['Open', String(s.openAccounts)],
    ['In default', String(s.accountsInDefault)],
    ['Disputed', String(s.disputedAccounts)],
    ['Inquiries, 1 year', String(s.inquiriesLast12Months)],
    ['Open balances', s.balances.map((b) => formatMoney(b.currency, b.balance)).join(', ') || 'None'],
  ];
  const col = contentWidth(doc) / items.length;
  const y = doc.y;
  // Labels first, then every value on one line below the tallest label.
  doc.font('Helvetica').fontSize(8).fillColor(COLOR.muted);
  const labelBottom = Math.max(
    ...items.map(([label], i) => {
      doc.text(label.toUpperCase(), PAGE_MARGIN + col * i, y, { width: col - 6, characterSpacing: 0.3 });
      return doc.y;
    }),
  );
  doc.font('Helvetica').fontSize(10).fillColor(COLOR.ink);
  const bottoms = items.map(([, value], i) => {
    doc.text(value, PAGE_MARGIN + col * i, labelBottom + 1, { width: col - 6 });
    return doc.y;
  });
  doc.y = Math.max(...bottoms);
}

/** The person's rights, on their own copy. */
export function drawRights(doc: Doc, wording: ReportWording) {
  if (!wording.rights) return;
  sectionTitle(doc, 'Your rights');
  paragraph(doc, wording.rights, { size: 9 });
}
