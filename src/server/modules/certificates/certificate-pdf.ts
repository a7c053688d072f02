import { formatDate } from '@shared/format';
import { translatorFor, type Language } from '@shared/i18n';
import type { TCertificateStanding } from '@shared/schemas/certificate';
import type { KeyObject } from 'node:crypto';
import QRCode from 'qrcode';
import { COLOR, contentWidth, createPdfDocument, drawFooters, PAGE_MARGIN, paragraph } from '../reports';
import { isSignatureValid } from './signing-key';

/** The info-dictionary entry holding the signed payload (base64url) and its signature: `<payload>.<signature>`. */
export const PDF_CERTIFICATE_FIELD = 'CCSLCertificate';

/** The QR code's drawing options: the test renders the verify URL with the same ones and compares the image. */
export const QR_OPTIONS = { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 4 } as const;

export interface CertificatePdfInput {
  id: string;
  holderName: string;
  maskedNationalId: string;
  standing: TCertificateStanding;
  issuedAt: Date;
  keyId: string;
  signedPayload: string;
  signature: string;
  verifyUrl: string;
  publicKeyUrl: string;
  language: Language;
}

/**
 * The clearance certificate as a PDF in the person's language, on the report PDFs' page and
 * primitives (reports/report-pdf): the standing in words, the date (Freetown time), the verify link
 * printed and as a QR code, the signature. The signed payload travels in the document's info
 * dictionary, so the file itself can be checked offline (verifyCertificatePdf).
 */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const t = translatorFor(input.language);
  const token = `${Buffer.from(input.signedPayload, 'utf8').toString('base64url')}.${input.signature}`;
  const { doc, bytes } = createPdfDocument({
    Title: `${t('certificate:title')}: ${input.holderName}`,
    Author: 'CreditCheck SL',
    Creator: 'CreditCheck SL',
    Subject: t('certificate:title'),
    Keywords: `clearance certificate ${input.id}`,
    [PDF_CERTIFICATE_FIELD]: token,
  } as PDFKit.DocumentInfo);
  const width = contentWidth(doc);

  doc.rect(0, 0, doc.page.width, 6).fill(COLOR.brand);
  doc.font('Helvetica-Bold').fontSize(18).fillColor(COLOR.brand).text('CreditCheck SL', PAGE_MARGIN, PAGE_MARGIN);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(t('certificate:tagline'), PAGE_MARGIN, doc.y + 2);
  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(24).fillColor(COLOR.ink).text(t('certificate:title'), PAGE_MARGIN, doc.y, { width });
  doc.moveDown(0.6);
  paragraph(doc, t('certificate:pdf.intro', { date: formatDate(input.issuedAt) }), { size: 11 });
  doc.moveDown(1.2);

  const field = (label: string, value: string, size = 14) => {
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(COLOR.muted)
      .text(label.toUpperCase(), PAGE_MARGIN, doc.y, { width, characterSpacing: 0.3 });
    doc
      .font('Helvetica-Bold')
      .fontSize(size)
      .fillColor(COLOR.ink)
      .text(value, PAGE_MARGIN, doc.y + 2, { width });
    doc.moveDown(0.8);
  };
  field(t('certificate:labels.holder'), input.holderName, 16);
  field(t('certificate:labels.nationalId'), input.maskedNationalId);
  field(t('certificate:labels.standing'), t(`certificate:standingName.${input.standing}`));
  paragraph(doc, t(`certificate:standingText.${input.standing}`), { size: 11, color: input.standing === 'clear' ? COLOR.good : COLOR.ink });
  doc.moveDown(0.8);
  field(t('certificate:labels.issued'), formatDate(input.issuedAt), 12);
  field(t('certificate:labels.certificateId'), input.id, 12);

  const qr = await QRCode.toBuffer(input.verifyUrl, QR_OPTIONS);
  doc.moveDown(0.4);
  const top = doc.y;
  const qrSize = 120;
  doc.image(qr, PAGE_MARGIN, top, { width: qrSize, height: qrSize });
  const textX = PAGE_MARGIN + qrSize + 16;
  const textWidth = width - qrSize - 16;
  doc.font('Helvetica-Bold').fontSize(12).fillColor(COLOR.ink).text(t('certificate:pdf.verifyHeading'), textX, top, { width: textWidth });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(COLOR.ink)
    .text(t('certificate:pdf.verifyText'), textX, doc.y + 4, { width: textWidth });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(COLOR.brand)
    .text(input.verifyUrl, textX, doc.y + 6, { width: textWidth, link: input.verifyUrl });
  doc.y = Math.max(doc.y, top + qrSize) + 20;

  paragraph(doc, t('certificate:pdf.signature', { keyId: input.keyId, signature: input.signature }), { size: 7, color: COLOR.muted });
  doc.moveDown(0.3);
  paragraph(doc, t('certificate:pdf.offline', { publicKeyUrl: input.publicKeyUrl }), { size: 7, color: COLOR.muted });
  drawFooters(doc, t('certificate:pdf.footer'), (page, pages) => t('certificate:pdf.page', { page, pages }));
  doc.end();
  return bytes;
}

/**
 * The signed payload and signature a certificate PDF carries (its info dictionary), or null when
 * the file has none. PDFKit writes each info entry as its own object: `/CCSLCertificate n 0 R`,
 * then `n 0 obj (text) endobj`, the text base64url and a dot, so nothing in it needs escaping.
 */
export function extractCertificateToken(pdf: Buffer): { signedPayload: string; signature: string } | null {
  const text = pdf.toString('latin1');
  const ref = new RegExp(`/${PDF_CERTIFICATE_FIELD} (\\d+) 0 R`).exec(text);
  if (!ref) return null;
  const object = new RegExp(`(?:^|\\n)${ref[1]} 0 obj\\s*\\(([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]+)\\)`).exec(text);
  if (!object) return null;
  return { signedPayload: Buffer.from(object[1], 'base64url').toString('utf8'), signature: object[2] };
}

/**
 * Checks a certificate PDF on its own, with the bureau's public key: the payload it carries must
 * check against its signature. A PDF whose payload was edited fails; the verify page (GET
 * /api/certificates/:id) also says whether the certificate still holds today.
 */
export function verifyCertificatePdf(pdf: Buffer, publicKey: KeyObject): { valid: boolean; payload: Record<string, unknown> | null } {
  const token = extractCertificateToken(pdf);
  if (!token) return { valid: false, payload: null };
  let payload: Record<string, unknown> | null = null;
  try {
    payload = JSON.parse(token.signedPayload) as Record<string, unknown>;
  } catch {
    return { valid: false, payload: null };
  }
  return { valid: isSignatureValid(token.signedPayload, token.signature, publicKey), payload };
}
