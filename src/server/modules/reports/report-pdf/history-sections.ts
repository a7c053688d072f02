import { accountLifeFacts, accountPartiesText, accountRoleName, balanceMonthText } from '@shared/account-life';
import { formatMoney, formatShortDate, formatShortMonth, plural } from '@shared/format';
import type { TCreditReport, TReportAccount } from '@shared/schemas/credit';
import { COLOR, contentWidth, type Doc, ensureSpace, PAGE_MARGIN, paragraph, sectionTitle } from './pdf-document';
import type { ReportWording } from './reader';

/** The sections of the file's history: each account with its 24 months, then the inquiries. */

/**
 * A month's payment-history code and its fill. Each cell prints its code too, so the history reads
 * the same on a black-and-white printer.
 */
const HISTORY_FILL: Record<string, string> = {
  '0': '#d1fae5',
  '1': '#fef3c7',
  '2': '#fde68a',
  '3': '#fecaca',
  D: '#fca5a5',
  C: '#e5e7eb',
  '-': '#ffffff',
};
const HISTORY_LEGEND = '0 paid on time · 1 30 days late · 2 60 days late · 3 90+ days late · D default · C closed · - no report';
const NEGATIVE_STATUSES = new Set(['late_90', 'default', 'written_off']);
const MAX_INQUIRIES = 40;
/** Months of balance written out per account; the rest are counted. */
const BALANCE_MONTHS_IN_PDF = 12;

export function drawAccounts(doc: Doc, report: TCreditReport, wording: ReportWording) {
  sectionTitle(doc, `Accounts (${report.accounts.length})`);
  if (report.accounts.length === 0) {
    paragraph(doc, wording.noAccounts, { color: COLOR.muted });
    return;
  }
  for (const account of report.accounts) drawAccount(doc, account);
  ensureSpace(doc, 20);
  paragraph(doc, `Payment history, most recent month first: ${HISTORY_LEGEND}.`, { size: 8, color: COLOR.muted });
}

function drawAccount(doc: Doc, account: TReportAccount) {
  ensureSpace(doc, 120);
  const width = contentWidth(doc);
  const top = doc.y + 4;
  doc
    .font('Helvetica-Bold')
    .fontSize(10.5)
    .fillColor(COLOR.ink)
    .text(`${account.lender} · ${account.typeName}`, PAGE_MARGIN, top, { width: width * 0.62 });
  doc
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .fillColor(NEGATIVE_STATUSES.has(account.status) ? COLOR.poor : COLOR.ink)
    .text(account.statusName + (account.disputed ? '  ·  DISPUTED' : ''), PAGE_MARGIN + width * 0.62, top, {
      width: width * 0.38,
      align: 'right',
    });
  const details = [
    account.role === 'borrower' ? null : `Role: ${accountRoleName(account.role)}`,
    `Account ${account.accountNumber}${account.isOwnAccount ? ' (yours)' : ''}`,
    `Opened ${formatShortDate(account.openedAt)}`,
    `Borrowed ${formatMoney(account.currency, account.principal)}`,
    `Balance ${formatMoney(account.currency, account.balance)}`,
    account.defaultAmount
      ? `Default ${formatMoney(account.currency, account.defaultAmount)} on ${formatShortDate(account.defaultDate)}`
      : null,
    `Last reported ${formatShortDate(account.lastReportedAt)}`,
  ].filter(Boolean);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(COLOR.muted)
    .text(details.join('   ·   '), PAGE_MARGIN, Math.max(doc.y, top + 14) + 2, { width });
  drawAccountLife(doc, account);
  if (account.disputed)
    doc
      .font('Helvetica-Oblique')
      .fontSize(8)
      .fillColor(COLOR.fair)
      .text('Disputed: it stays flagged until the lender answers.', PAGE_MARGIN, doc.y + 2, { width });
  doc.y += 4;
  drawHistory(doc, account);
  doc
    .moveTo(PAGE_MARGIN, doc.y + 4)
    .lineTo(PAGE_MARGIN + width, doc.y + 4)
    .lineWidth(0.4)
    .strokeColor(COLOR.rule)
    .stroke();
  doc.y += 10;
}

/** The account's life, the other people on it and its months of balance, each a line when reported. */
function drawAccountLife(doc: Doc, account: TReportAccount) {
  const width = contentWidth(doc);
  const line = (text: string) =>
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(COLOR.muted)
      .text(text, PAGE_MARGIN, doc.y + 1, { width });
  const facts = accountLifeFacts(account);
  if (facts.length > 0) line(facts.map((f) => `${f.label} ${f.value}`).join('   ·   '));
  const parties = accountPartiesText(account);
  if (parties) line(`Others on this account: ${parties}`);
  if (account.balanceHistory.length > 0) {
    const shown = account.balanceHistory.slice(0, BALANCE_MONTHS_IN_PDF).map((m) => balanceMonthText(account, m));
    const more = account.balanceHistory.length - shown.length;
    line(
      `Balance by month, newest first: ${shown.join('; ')}${more > 0 ? `; and ${plural(more, { one: 'earlier month', other: 'earlier months' })}` : ''}`,
    );
  }
}

/** The last 24 months, most recent first: two rows of twelve cells, each with its month and code. */
function drawHistory(doc: Doc, account: TReportAccount) {
  const cells = account.paymentHistory.slice(0, 24);
  const cellWidth = contentWidth(doc) / 12;
  for (let row = 0; row * 12 < cells.length; row++) {
    const y = doc.y;
    cells.slice(row * 12, row * 12 + 12).forEach((cell, i) => {
      const x = PAGE_MARGIN + i * cellWidth;
      const centred = { width: cellWidth - 2, align: 'center' as const };
      doc.rect(x, y, cellWidth - 2, 22).fillAndStroke(HISTORY_FILL[cell.code] ?? HISTORY_FILL['-'], COLOR.rule);
      doc
        .fillColor(COLOR.muted)
        .font('Helvetica')
        .fontSize(6.5)
        .text(formatShortMonth(cell.month), x, y + 2, centred);
      doc
        .fillColor(COLOR.ink)
        .font('Helvetica-Bold')
        .fontSize(8.5)
        .text(cell.code, x, y + 11, centred);
    });
    doc.y = y + 25;
  }
}

export function drawInquiries(doc: Doc, report: TCreditReport, wording: ReportWording) {
  sectionTitle(doc, wording.inquiriesSection(report.inquiries.length));
  if (report.inquiries.length === 0) {
    paragraph(doc, wording.noInquiries, { color: COLOR.muted });
    return;
  }
  const width = contentWidth(doc);
  for (const inquiry of report.inquiries.slice(0, MAX_INQUIRIES)) {
    ensureSpace(doc, 14);
    const y = doc.y;
    doc.font('Helvetica').fontSize(8.5).fillColor(COLOR.ink);
    doc.text(formatShortDate(inquiry.date), PAGE_MARGIN, y, { width: 80 });
    doc.text(inquiry.businessName, PAGE_MARGIN + 85, y, { width: width * 0.4 });
    doc.text(`${inquiry.kind === 'report' ? 'Report' : 'Search'} · ${inquiry.purposeName}`, PAGE_MARGIN + 90 + width * 0.4, y, {
      width: width - 90 - width * 0.4,
    });
    doc.y = Math.max(doc.y, y + 11);
  }
  if (report.inquiries.length > MAX_INQUIRIES)
    paragraph(doc, `and ${report.inquiries.length - MAX_INQUIRIES} more`, { size: 8, color: COLOR.muted });
}
