import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';

// A registration document must open: a PDF that parses with at least one page, an image that
// decodes. The first bytes alone (documents.ts sniffDocumentType) let a 14-byte "%PDF-" file through.

/** Pixels of an image the check decodes (a 5 MB JPEG of a phone photo is about 12 megapixels). */
const MAX_IMAGE_PIXELS = 50_000_000;

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
    if (contentType === 'image/png') {
      const image = PNG.sync.read(data);
      return image.width > 0 && image.height > 0 ? null : refusal;
    }
    const image = jpeg.decode(data, { maxResolutionInMP: MAX_IMAGE_PIXELS / 1_000_000, formatAsRGBA: false, tolerantDecoding: false });
    return image.width > 0 && image.height > 0 ? null : refusal;
  } catch {
    return refusal;
  }
}
