import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * The smallest PDF that opens: a catalog, a page tree and one page (registration documents are
 * parsed on upload, decisions/035). `note` makes each file different (the upload refuses a duplicate).
 */
export function readablePdf(note = 'document'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${note}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** A small PNG that decodes (a grey square); `shade` makes each file different. */
export function readablePng(shade = 128): Buffer {
  const image = new PNG({ width: 8, height: 8 });
  image.data.fill(shade);
  return PNG.sync.write(image);
}

/** A small JPEG that decodes. */
export function readableJpeg(shade = 128): Buffer {
  return Buffer.from(jpeg.encode({ data: Buffer.alloc(8 * 8 * 4, shade), width: 8, height: 8 }, 80).data);
}
