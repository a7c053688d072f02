import PDFDocument from 'pdfkit';

/**
 * The page, colours and drawing primitives of the bureau's PDFs: A4, the built-in Helvetica, a
 * margin of 48 points, and sections that move to a new page instead of splitting a block.
 */
export type Doc = PDFKit.PDFDocument;

export const PAGE_MARGIN = 48;

export const COLOR = {
  ink: '#111827',
  muted: '#4b5563',
  rule: '#d1d5db',
  brand: '#0f766e',
  good: '#15803d',
  fair: '#b45309',
  poor: '#b91c1c',
  panel: '#f3f4f6',
  alert: '#fef3c7',
  alertBorder: '#d97706',
};

/** A new A4 document and the promise of its bytes once `doc.end()` is called. */
export function createPdfDocument(info: PDFKit.DocumentInfo): { doc: Doc; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', margin: PAGE_MARGIN, bufferPages: true, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

export const contentWidth = (doc: Doc) => doc.page.width - PAGE_MARGIN * 2;

/** Starts a new page when the next block (of this height) would run into the footer. */
export function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - PAGE_MARGIN - 30) doc.addPage();
}

/** A section's title with a rule under it. */
export function sectionTitle(doc: Doc, title: string) {
  ensureSpace(doc, 60);
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

/** A small label over its value; returns where the value ends. */
export function labelValue(doc: Doc, x: number, y: number, width: number, label: string, value: string): number {
  doc.font('Helvetica').fontSize(8).fillColor(COLOR.muted).text(label.toUpperCase(), x, y, { width, characterSpacing: 0.3 });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(COLOR.ink)
    .text(value, x, doc.y + 1, { width });
  return doc.y;
}

/** A paragraph across the page. */
export function paragraph(doc: Doc, text: string, options: { size?: number; color?: string } = {}) {
  doc
    .font('Helvetica')
    .fontSize(options.size ?? 9.5)
    .fillColor(options.color ?? COLOR.ink)
    .text(text, PAGE_MARGIN, doc.y, { width: contentWidth(doc) });
}

/** The same footer on every page, with "Page i of n" on the right. */
export function drawFooters(
  doc: Doc,
  footer: string,
  pageOf: (page: number, pages: number) => string = (page, pages) => `Page ${page} of ${pages}`,
) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - PAGE_MARGIN + 10;
    // Writing in the bottom margin: without lifting it, pdfkit would start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7.5).fillColor(COLOR.muted);
    doc.text(footer, PAGE_MARGIN, y, { width: contentWidth(doc) - 70 });
    doc.text(pageOf(i - range.start + 1, range.count), PAGE_MARGIN + contentWidth(doc) - 60, y, {
      width: 60,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
