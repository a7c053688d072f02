import type { TCreditReport, TReportAccount } from '@shared/schemas/credit';
import PDFDocument from 'pdfkit';

export interface ReportPdfOptions {
  /** The business the report was pulled by. */
  businessName: string;
  /** Enterprise (plans.has_white_label): the business's name heads the report instead of ours. */
  isWhiteLabel: boolean;
  /** Who downloaded it, printed in the footer with the time. */
  printedBy?: string;
}

const PAGE_MARGIN = 48;
const COLOR = {
  ink: '#111827',
  muted: '#6b7280',
  rule: '#e5e7eb',
  brand: '#0f766e',
  good: '#15803d',
  fair: '#b45309',
  poor: '#b91c1c',
  panel: '#f3f4f6',
  alert: '#fef2f2',
  alertInk: '#991b1b',
};

/** Payment-history code to its colour in the 24-month strip (0 on time ... D default). */
const HISTORY_COLOR: Record<string, string> = {
  '0': '#16a34a',
  '1': '#facc15',
  '2': '#f97316',
  '3': '#dc2626',
  D: '#7f1d1d',
  C: '#60a5fa',
  '-': '#e5e7eb',
};

const BAND_COLOR: Record<string, string> = { Good: COLOR.good, Fair: COLOR.fair, Poor: COLOR.poor };

function formatDate(iso: string | null): string {
  if (!iso) return '-';
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

function formatDateTime(iso: string): string {
  return (
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    }).format(new Date(iso)) + ' GMT'
  );
}

/** "1,500.00" from "1500.00": the exact decimal string, grouped, never through a float. */
export function groupAmount(amount: string): string {
  const [whole, fraction] = amount.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}${fraction !== undefined ? `.${fraction}` : ''}`;
}

const money = (currency: string, amount: string | null) => (amount === null ? '-' : `${currency} ${groupAmount(amount)}`);

type Doc = PDFKit.PDFDocument;

/**
 * The credit report as a PDF, from the stored copy the business was shown: the same masked
 * identifiers, score, accounts with their 24-month history, disputed flags and inquiries.
 */
export function renderReportPdf(report: TCreditReport, options: ReportPdfOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    bufferPages: true,
    info: {
      Title: `Credit report ${report.subject.fullName}`,
      Author: options.isWhiteLabel ? options.businessName : 'CreditCheck SL',
      Subject: `Credit report ${report.reportId}`,
      Creator: options.isWhiteLabel ? options.businessName : 'CreditCheck SL',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawHeader(doc, report, options);
  drawSubject(doc, report);
  drawFraudAlert(doc, report);
  drawScore(doc, report);
  drawSummary(doc, report);
  drawAccounts(doc, report);
  drawInquiries(doc, report);
  drawFooters(doc, report, options);
  doc.end();
  return done;
}

const contentWidth = (doc: Doc) => doc.page.width - PAGE_MARGIN * 2;

function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - PAGE_MARGIN - 30) doc.addPage();
}

function sectionTitle(doc: Doc, title: string) {
  ensureSpace(doc, 50);
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(COLOR.ink).text(title, PAGE_MARGIN, doc.y);
  const y = doc.y + 3;
  doc
    .moveTo(PAGE_MARGIN, y)
    .lineTo(PAGE_MARGIN + contentWidth(doc), y)
    .lineWidth(0.7)
    .strokeColor(COLOR.rule)
    .stroke();
  doc.y = y + 6;
}

function drawHeader(doc: Doc, report: TCreditReport, options: ReportPdfOptions) {
  const brand = options.isWhiteLabel ? options.businessName : 'CreditCheck SL';
  const top = PAGE_MARGIN;
  doc.rect(0, 0, doc.page.width, 6).fill(COLOR.brand);
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(COLOR.brand)
    .text(brand, PAGE_MARGIN, top, { width: contentWidth(doc) * 0.6 });
  doc.font('Helvetica').fontSize(9).fillColor(COLOR.muted);
  doc.text(options.isWhiteLabel ? 'Consumer credit report' : 'National credit bureau of Sierra Leone', PAGE_MARGIN, doc.y + 2);
  const right = PAGE_MARGIN + contentWidth(doc) * 0.55;
  const rightWidth = contentWidth(doc) * 0.45;
  doc.font('Helvetica-Bold').fontSize(14).fillColor(COLOR.ink).text('Credit Report', right, top, { width: rightWidth, align: 'right' });
  doc.font('Helvetica').fontSize(8.5).fillColor(COLOR.muted);
  doc.text(`Report ${report.reportId}`, right, doc.y + 2, { width: rightWidth, align: 'right' });
  doc.text(`Generated ${formatDateTime(report.generatedAt)}`, right, doc.y, { width: rightWidth, align: 'right' });
  if (report.purpose) doc.text(`Purpose: ${report.purpose.replaceAll('_', ' ')}`, right, doc.y, { width: rightWidth, align: 'right' });
  if (!options.isWhiteLabel) doc.text(`Prepared for ${options.businessName}`, right, doc.y, { width: rightWidth, align: 'right' });
  doc.y = Math.max(doc.y, top + 48) + 8;
}

function labelValue(doc: Doc, x: number, y: number, width: number, label: string, value: string) {
  doc.font('Helvetica').fontSize(8).fillColor(COLOR.muted).text(label.toUpperCase(), x, y, { width, characterSpacing: 0.3 });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(COLOR.ink)
    .text(value || '-', x, doc.y + 1, { width });
  return doc.y;
}

function drawSubject(doc: Doc, report: TCreditReport) {
  const s = report.subject;
  sectionTitle(doc, 'Personal information');
  const col = contentWidth(doc) / 3;
  const y = doc.y;
  const identifiers = s.identifiers
    .map((i) => `${i.type === 'nin' ? 'NIN' : i.type === 'passport' ? 'Passport' : "Driver's licence"} ${i.value}`)
    .join('\n');
  const bottoms = [
    labelValue(doc, PAGE_MARGIN, y, col - 10, 'Full name', s.fullName),
    labelValue(doc, PAGE_MARGIN + col, y, col - 10, 'Date of birth', formatDate(s.dateOfBirth)),
    labelValue(doc, PAGE_MARGIN + col * 2, y, col - 10, 'District', s.district ?? '-'),
  ];
  const y2 = Math.max(...bottoms) + 8;
  const bottoms2 = [
    labelValue(doc, PAGE_MARGIN, y2, col - 10, 'Identification (masked)', identifiers || 'None on file'),
    labelValue(doc, PAGE_MARGIN + col, y2, col - 10, 'Phones (masked)', s.phones.join('\n') || '-'),
    labelValue(doc, PAGE_MARGIN + col * 2, y2, col - 10, 'Also reported as', s.otherNames.join('\n') || '-'),
  ];
  doc.y = Math.max(...bottoms2) + 8;
  if (s.addresses.length > 0) {
    labelValue(
      doc,
      PAGE_MARGIN,
      doc.y,
      contentWidth(doc),
      'Addresses',
      s.addresses
        .slice(0, 3)
        .map((a) => a.line + (a.district ? ` (${a.district})` : ''))
        .join('\n'),
    );
  }
}

/** A fraud alert the person placed (consumer area), when the report carries one. */
function drawFraudAlert(doc: Doc, report: TCreditReport) {
  const alert = (
    report as TCreditReport & { fraudAlert?: { contactPhone?: string | null; text?: string | null; placedAt?: string } | null }
  ).fraudAlert;
  if (!alert) return;
  ensureSpace(doc, 60);
  doc.moveDown(0.8);
  const y = doc.y;
  const text =
    `Fraud alert${alert.placedAt ? ` (placed ${formatDate(alert.placedAt)})` : ''}: ` +
    (alert.text ?? 'this person asks lenders to verify their identity before granting credit.') +
    (alert.contactPhone && !(alert.text ?? '').includes(alert.contactPhone) ? ` Call ${alert.contactPhone}.` : '');
  const width = contentWidth(doc) - 20;
  doc.font('Helvetica-Bold').fontSize(10);
  const height = doc.heightOfString(text, { width }) + 16;
  doc.rect(PAGE_MARGIN, y, contentWidth(doc), height).fill(COLOR.alert);
  doc.fillColor(COLOR.alertInk).text(text, PAGE_MARGIN + 10, y + 8, { width });
  doc.y = y + height;
}

function drawScore(doc: Doc, report: TCreditReport) {
  sectionTitle(doc, 'Credit score');
  const y = doc.y;
  const boxWidth = 130;
  const boxHeight = 70;
  doc.rect(PAGE_MARGIN, y, boxWidth, boxHeight).fill(COLOR.panel);
  if (report.score) {
    const color = BAND_COLOR[report.score.band] ?? COLOR.ink;
    doc
      .font('Helvetica-Bold')
      .fontSize(30)
      .fillColor(color)
      .text(String(report.score.value), PAGE_MARGIN, y + 10, { width: boxWidth, align: 'center' });
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(color)
      .text(report.score.band, PAGE_MARGIN, doc.y, { width: boxWidth, align: 'center' });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(COLOR.muted)
      .text('scale 300 to 850', PAGE_MARGIN, doc.y, { width: boxWidth, align: 'center' });
    const x = PAGE_MARGIN + boxWidth + 16;
    const width = contentWidth(doc) - boxWidth - 16;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(COLOR.ink).text('What affects this score most', x, y, { width });
    doc.font('Helvetica').fontSize(9).fillColor(COLOR.ink);
    if (report.score.reasons.length === 0) doc.text('Nothing is holding this score back.', x, doc.y + 2, { width });
    for (const reason of report.score.reasons) doc.text(`•  ${reason.text}`, x, doc.y + 2, { width });
    doc.y = Math.max(doc.y, y + boxHeight) + 4;
  } else {
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor(COLOR.ink)
      .text('No score', PAGE_MARGIN, y + 20, { width: boxWidth, align: 'center' });
    const x = PAGE_MARGIN + boxWidth + 16;
    const width = contentWidth(doc) - boxWidth - 16;
    const why = report.scoreUnavailable?.text ?? 'not enough history';
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(COLOR.ink)
      .text(
        `This file has no score: ${why}. A missing record never counts against a person (Credit Reference Act, 2011); judge the application on the accounts below and your own checks.`,
        x,
        y,
        { width },
      );
    doc.y = Math.max(doc.y, y + boxHeight) + 4;
  }
}

function drawSummary(doc: Doc, report: TCreditReport) {
  sectionTitle(doc, 'Summary');
  const s = report.summary;
  const items: [string, string][] = [
    ['Accounts', String(s.totalAccounts)],
    ['Open', String(s.openAccounts)],
    ['In default', String(s.accountsInDefault)],
    ['Disputed', String(s.disputedAccounts)],
    ['Inquiries, 1 year', String(s.inquiriesLast12Months)],
    ['Open balances', s.balances.map((b) => money(b.currency, b.balance)).join(', ') || '-'],
  ];
  const col = contentWidth(doc) / items.length;
  const y = doc.y;
  // Labels first, then every value on one line below the tallest label.
  doc.font('Helvetica').fontSize(8).fillColor(COLOR.muted);
  const labelBottom = Math.max(
    ...items.map(
      ([label], i) => (doc.text(label.toUpperCase(), PAGE_MARGIN + col * i, y, { width: col - 6, characterSpacing: 0.3 }), doc.y),
    ),
  );
  doc.font('Helvetica').fontSize(10).fillColor(COLOR.ink);
  const bottoms = items.map(([, value], i) => (doc.text(value, PAGE_MARGIN + col * i, labelBottom + 1, { width: col - 6 }), doc.y));
  doc.y = Math.max(...bottoms);
}

function drawHistoryStrip(doc: Doc, account: TReportAccount, x: number, y: number) {
  // Oldest month on the left, as a timeline reads; missing months are blank.
  const months = [...account.paymentHistory].slice(0, 24).reverse();
  const size = 7;
  const gap = 1.5;
  const pad = 24 - months.length;
  for (let i = 0; i < 24; i++) {
    const entry = i >= pad ? months[i - pad] : null;
    doc.rect(x + i * (size + gap), y, size, size).fill(entry ? (HISTORY_COLOR[entry.code] ?? HISTORY_COLOR['-']) : '#f9fafb');
  }
}

function drawAccounts(doc: Doc, report: TCreditReport) {
  sectionTitle(doc, `Accounts (${report.accounts.length})`);
  if (report.accounts.length === 0) {
    doc.font('Helvetica').fontSize(9.5).fillColor(COLOR.muted).text('No accounts are reported for this person.', PAGE_MARGIN, doc.y);
    return;
  }
  for (const account of report.accounts) {
    ensureSpace(doc, 78);
    const y = doc.y + 4;
    const width = contentWidth(doc);
    const isNegative = ['late_90', 'default', 'written_off'].includes(account.status);
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(COLOR.ink)
      .text(`${account.lender} · ${account.typeName}`, PAGE_MARGIN, y, { width: width * 0.62 });
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(isNegative ? COLOR.poor : COLOR.ink)
      .text(account.statusName + (account.disputed ? '  ·  DISPUTED' : ''), PAGE_MARGIN + width * 0.62, y, {
        width: width * 0.38,
        align: 'right',
      });
    doc.font('Helvetica').fontSize(8.5).fillColor(COLOR.muted);
    const details = [
      `Account ${account.accountNumber}${account.isOwnAccount ? ' (yours)' : ''}`,
      `Opened ${formatDate(account.openedAt)}`,
      `Borrowed ${money(account.currency, account.principal)}`,
      `Balance ${money(account.currency, account.balance)}`,
      account.defaultAmount ? `Default ${money(account.currency, account.defaultAmount)} on ${formatDate(account.defaultDate)}` : null,
      `Last reported ${formatDate(account.lastReportedAt)}`,
    ].filter(Boolean);
    doc.text(details.join('   ·   '), PAGE_MARGIN, doc.y + 2, { width });
    const stripY = doc.y + 4;
    drawHistoryStrip(doc, account, PAGE_MARGIN, stripY);
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor(COLOR.muted)
      .text('24 months, oldest to newest', PAGE_MARGIN + 24 * 8.5 + 8, stripY, { width: 160 });
    if (account.disputed) {
      doc
        .font('Helvetica-Oblique')
        .fontSize(8)
        .fillColor(COLOR.fair)
        .text('The person disputes this account; it stays flagged until the lender answers.', PAGE_MARGIN, stripY + 11, { width });
    }
    doc.y = Math.max(doc.y, stripY + 12) + 6;
    doc
      .moveTo(PAGE_MARGIN, doc.y)
      .lineTo(PAGE_MARGIN + width, doc.y)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
  }
  ensureSpace(doc, 20);
  doc.moveDown(0.4);
  const legend: [string, string][] = [
    ['0', 'on time'],
    ['1', '30 days late'],
    ['2', '60 days late'],
    ['3', '90+ days late'],
    ['D', 'default'],
    ['C', 'closed'],
    ['-', 'no report'],
  ];
  let x = PAGE_MARGIN;
  const y = doc.y;
  for (const [code, label] of legend) {
    doc.rect(x, y + 1, 7, 7).fill(HISTORY_COLOR[code]);
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(COLOR.muted)
      .text(label, x + 10, y, { lineBreak: false });
    x += 10 + doc.widthOfString(label) + 12;
  }
  doc.y = y + 12;
}

function drawInquiries(doc: Doc, report: TCreditReport) {
  sectionTitle(doc, `Inquiries, last 12 months (${report.inquiries.length})`);
  if (report.inquiries.length === 0) {
    doc.font('Helvetica').fontSize(9.5).fillColor(COLOR.muted).text('No inquiries.', PAGE_MARGIN, doc.y);
    return;
  }
  const width = contentWidth(doc);
  for (const inquiry of report.inquiries.slice(0, 40)) {
    ensureSpace(doc, 14);
    const y = doc.y;
    doc.font('Helvetica').fontSize(8.5).fillColor(COLOR.ink);
    doc.text(formatDate(inquiry.date), PAGE_MARGIN, y, { width: 80 });
    doc.text(inquiry.businessName, PAGE_MARGIN + 85, y, { width: width * 0.4 });
    doc.text(`${inquiry.purposeName} (${inquiry.kind})`, PAGE_MARGIN + 90 + width * 0.4, y, { width: width - 90 - width * 0.4 });
    doc.y = Math.max(doc.y, y + 11);
  }
  if (report.inquiries.length > 40)
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(COLOR.muted)
      .text(`and ${report.inquiries.length - 40} more`, PAGE_MARGIN, doc.y + 2);
}

function drawFooters(doc: Doc, report: TCreditReport, options: ReportPdfOptions) {
  const range = doc.bufferedPageRange();
  const printed = `Printed ${formatDateTime(new Date().toISOString())}${options.printedBy ? ` by ${options.printedBy}` : ''}`;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - PAGE_MARGIN + 10;
    // Writing in the bottom margin: keep pdfkit from starting a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7.5).fillColor(COLOR.muted);
    doc.text(
      `Confidential: released for ${report.purpose ? report.purpose.replaceAll('_', ' ') : 'a permissible purpose'} under the Credit Reference Act, 2011. ${printed}. Report ${report.reportId}.`,
      PAGE_MARGIN,
      y,
      { width: contentWidth(doc) - 60, lineBreak: true },
    );
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, PAGE_MARGIN + contentWidth(doc) - 60, y, { width: 60, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}
