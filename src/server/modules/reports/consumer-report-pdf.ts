import type { TCreditReport, TReportAccount } from '@shared/schemas/credit';
import PDFDocument from 'pdfkit';

// The person's own report as a PDF (GET /api/consumers/me/report.pdf): A4, the built-in Helvetica,
// everything the web page shows, readable printed in black and white.

const MARGIN = 48;
const PAGE_BOTTOM = 842 - 56;
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const ACCENT = '#065f46';

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

const formatDate = (iso: string | null) => {
  if (!iso) return '—';
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
};
const money = (currency: string, amount: string | null) =>
  amount === null ? '—' : `${currency} ${Number(amount).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const monthLabel = (month: string) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  return d.toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' }) + ` ${month.slice(2, 4)}`;
};

export async function renderReportPdf(report: TCreditReport): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Credit report of ${report.subject.fullName}`, Author: 'CreditCheck SL', Subject: 'Personal credit report' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;

  const ensureSpace = (needed: number) => {
    if (doc.y + needed > PAGE_BOTTOM) doc.addPage();
  };
  const heading = (text: string) => {
    ensureSpace(60);
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(13).fillColor(ACCENT).text(text, MARGIN);
    const y = doc.y + 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.7)
      .strokeColor(RULE)
      .stroke();
    doc.moveDown(0.5);
    doc.fillColor(INK);
  };
  const pair = (label: string, value: string) => {
    ensureSpace(16);
    const y = doc.y;
    doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(label, MARGIN, y, { width: 140 });
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(INK)
      .text(value, MARGIN + 145, y, { width: width - 145 });
    doc.moveDown(0.25);
  };

  // Title
  doc.rect(0, 0, doc.page.width, 78).fill(ACCENT);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(20).text('CreditCheck SL', MARGIN, 22);
  doc.font('Helvetica').fontSize(11).text('Personal credit report', MARGIN, 48);
  doc.fontSize(9).text(`Generated ${formatDate(report.generatedAt)} · Report ${report.reportId.slice(0, 8).toUpperCase()}`, MARGIN, 50, {
    width,
    align: 'right',
  });
  doc.fillColor(INK);
  doc.y = 100;

  heading('About you');
  const s = report.subject;
  pair('Name', s.fullName);
  if (s.otherNames.length) pair('Also reported as', s.otherNames.join(', '));
  pair('Date of birth', formatDate(s.dateOfBirth));
  for (const id of s.identifiers)
    pair({ nin: 'National ID', drivers_license: "Driver's licence", passport: 'Passport' }[id.type] ?? id.type, id.value);
  if (s.phones.length) pair('Phones', s.phones.join(', '));
  if (s.addresses.length) pair('Addresses', s.addresses.map((a) => a.line + (a.district ? ` (${a.district})` : '')).join('; '));

  if (report.fraudAlert) {
    ensureSpace(50);
    doc.moveDown(0.5);
    const y = doc.y;
    doc.rect(MARGIN, y, width, 40).fillAndStroke('#fef3c7', '#d97706');
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .text('Fraud alert', MARGIN + 8, y + 6);
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`${report.fraudAlert.text} Contact: ${report.fraudAlert.contactPhone}.`, MARGIN + 8, y + 18, { width: width - 16 });
    doc.y = y + 46;
  }

  heading('Your credit score');
  if (report.score) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(30).fillColor(INK).text(String(report.score.value), MARGIN, y);
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(MUTED)
      .text(`${report.score.band} · on a scale of 300 to 850`, MARGIN + 75, y + 12);
    doc.y = y + 40;
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(9.5).text('What affects it most', MARGIN);
    doc.font('Helvetica').fontSize(9.5);
    for (const reason of report.score.reasons) {
      ensureSpace(14);
      doc.text(`•  ${reason.text}`, MARGIN + 6, doc.y, { width: width - 6 });
    }
  } else {
    doc.font('Helvetica-Bold').fontSize(12).text('No score', MARGIN);
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(
        `There is not enough on your file to compute a score (${report.scoreUnavailable?.text ?? 'insufficient credit history'}). A missing record never counts against you.`,
        MARGIN,
        doc.y,
        { width },
      );
    doc.fillColor(INK);
  }

  heading('Summary');
  const sum = report.summary;
  pair(
    'Accounts',
    `${sum.totalAccounts} (${sum.openAccounts} open, ${sum.accountsInDefault} in default, ${sum.disputedAccounts} disputed)`,
  );
  pair('Balances owed', sum.balances.length ? sum.balances.map((b) => money(b.currency, b.balance)).join(', ') : 'None');
  pair('Inquiries, last 12 months', String(sum.inquiriesLast12Months));

  heading(`Accounts (${report.accounts.length})`);
  if (report.accounts.length === 0) doc.font('Helvetica').fontSize(9.5).text('No accounts are reported on your file.');
  for (const account of report.accounts) drawAccount(doc, account, width, ensureSpace);
  if (report.accounts.length) {
    ensureSpace(20);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Payment history, most recent month first: ${HISTORY_LEGEND}.`, MARGIN, doc.y, { width });
    doc.fillColor(INK);
  }

  heading(`Who looked at your file (last 12 months: ${report.inquiries.length})`);
  if (report.inquiries.length === 0) doc.font('Helvetica').fontSize(9.5).text('No business searched for you or pulled your report.');
  for (const q of report.inquiries) {
    ensureSpace(14);
    const y = doc.y;
    doc.font('Helvetica').fontSize(9).fillColor(INK).text(formatDate(q.date), MARGIN, y, { width: 80 });
    doc.text(q.businessName, MARGIN + 85, y, { width: 170 });
    doc.fillColor(MUTED).text(`${q.kind === 'report' ? 'Report' : 'Search'} · ${q.purposeName}`, MARGIN + 260, y, { width: width - 260 });
    doc.fillColor(INK);
    doc.moveDown(0.2);
  }

  heading('Your rights');
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(INK)
    .text(
      'Under the Credit Reference Act, 2011 you may see your file for free and challenge any entry. File a dispute in the Personal Credit Portal (Disputes): ' +
        'the entry is marked disputed at once, the lender must answer within the deadline, and an entry left unanswered past it is withheld from the reports lenders see. ' +
        'You can also complain to the Bank of Sierra Leone. Keep this report private: it holds your full identification numbers.',
      MARGIN,
      doc.y,
      { width },
    );

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: without lifting it, pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`CreditCheck SL · ${s.fullName} · page ${i + 1} of ${range.count}`, MARGIN, 842 - 36, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

function drawAccount(doc: PDFKit.PDFDocument, account: TReportAccount, width: number, ensureSpace: (n: number) => void) {
  ensureSpace(118);
  const top = doc.y + 4;
  doc
    .font('Helvetica-Bold')
    .fontSize(10.5)
    .fillColor(INK)
    .text(`${account.lender} · ${account.typeName}`, MARGIN, top, { width: width - 90 });
  if (account.disputed) {
    doc.roundedRect(MARGIN + width - 70, top - 1, 70, 14, 3).fill('#fde68a');
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(8)
      .text('DISPUTED', MARGIN + width - 70, top + 2, { width: 70, align: 'center' });
  }
  doc.y = top + 16;
  const col = (label: string, value: string, x: number, y: number) => {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(label, MARGIN + x, y, { width: 120 });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(INK)
      .text(value, MARGIN + x, y + 10, { width: 120 });
  };
  const y = doc.y;
  col('Account number', account.accountNumber, 0, y);
  col('Opened', formatDate(account.openedAt), 125, y);
  col('Status', account.statusName, 250, y);
  col('Last reported', formatDate(account.lastReportedAt), 375, y);
  const y2 = y + 26;
  col('Amount borrowed', money(account.currency, account.principal), 0, y2);
  col('Balance', money(account.currency, account.balance), 125, y2);
  if (account.defaultAmount)
    col('Default', `${money(account.currency, account.defaultAmount)} on ${formatDate(account.defaultDate)}`, 250, y2);
  doc.y = y2 + 28;

  // 24-month history: two rows of twelve cells, most recent first.
  const cells = account.paymentHistory.slice(0, 24);
  if (cells.length) {
    const cellW = width / 12;
    for (let row = 0; row < 2; row++) {
      const slice = cells.slice(row * 12, row * 12 + 12);
      if (!slice.length) break;
      const ry = doc.y;
      slice.forEach((cell, i) => {
        const x = MARGIN + i * cellW;
        doc.rect(x, ry, cellW - 2, 22).fillAndStroke(HISTORY_FILL[cell.code] ?? '#ffffff', RULE);
        doc
          .fillColor(MUTED)
          .font('Helvetica')
          .fontSize(6.5)
          .text(monthLabel(cell.month), x, ry + 2, { width: cellW - 2, align: 'center' });
        doc
          .fillColor(INK)
          .font('Helvetica-Bold')
          .fontSize(8.5)
          .text(cell.code, x, ry + 11, { width: cellW - 2, align: 'center' });
      });
      doc.y = ry + 25;
    }
  }
  doc
    .moveTo(MARGIN, doc.y + 4)
    .lineTo(MARGIN + width, doc.y + 4)
    .lineWidth(0.4)
    .strokeColor(RULE)
    .stroke();
  doc.y += 10;
}
