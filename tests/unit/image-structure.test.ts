import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { isWholeJpeg, isWholePng } from '../../src/server/modules/businesses/image-structure';

// Registration scans are checked by their structure, not decoded pixel by pixel (document-check.ts):
// whole files pass, cut or altered ones do not.
const png = () => {
  const image = new PNG({ width: 64, height: 48 });
  for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 31) % 256;
  return PNG.sync.write(image);
};
const jpg = () => {
  const data = Buffer.alloc(64 * 48 * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 17) % 256;
  return Buffer.from(jpeg.encode({ data, width: 64, height: 48 }, 70).data);
};

describe('isWholePng', () => {
  it('passes a whole PNG and refuses one cut short, one with a changed byte, and a bare signature', () => {
    expect(isWholePng(png())).toBe(true);
    expect(isWholePng(png().subarray(0, 60))).toBe(false);
    const altered = png();
    altered[40] ^= 0xff;
    expect(isWholePng(altered)).toBe(false);
    expect(isWholePng(png().subarray(0, 8))).toBe(false);
  });
});

describe('isWholeJpeg', () => {
  it('passes a whole JPEG and refuses one cut in half, one without its end marker, and a bare start marker', () => {
    const whole = jpg();
    expect(isWholeJpeg(whole)).toBe(true);
    expect(isWholeJpeg(whole.subarray(0, whole.length >> 1))).toBe(false);
    expect(isWholeJpeg(whole.subarray(0, whole.length - 2))).toBe(false);
    expect(isWholeJpeg(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBe(false);
  });
});
