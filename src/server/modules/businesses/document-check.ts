import { PDFDocument } from 'pdf-lib';
import { isWholeJpeg, isWholePng } from './image-structure';

// A registration document must open: a PDF that parses with at least one page (pdf-lib: 190 ms for
// 300 pages), an image whose structure is whole (image-structure.ts). The first bytes alone
// (documents.ts sniffDocumentType) let a 14-byte "%PDF-" file through.

/** Why the file does not open, in words for the person who uploaded it, or null when it does. */
export async function unreadableDocumentReason(
  data: Buffer,
  contentType: 'application/pdf' | 'image/png' | 'image/jpeg',
): Promise<string | null> {
  const kind = contentType === 'application/pdf' ? 'PDF' : contentType === 'image/png' ? 'PNG image' : 'JPEG image';
  const refusal = `This file is not a readable ${kind}: it may be damaged or only named like one. Scan or save the document again and upload that file.`;
  try {
    if (contentType === 'application/pdf') {
      // Encrypted PDFs (a password to print) still open to read; throwOnInvalidObject refuses broken objects.
      const document = await PDFDocument.load(data, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
      return document.getPageCount() > 0 ? null : refusal;
    }
    return (contentType === 'image/png' ? isWholePng(data) : isWholeJpeg(data)) ? null : refusal;
  } catch {
    return refusal;
  }
}
