import { toE164 } from './identity';

/**
 * toE164 with a fast path for the common Sierra Leone forms (+232XXXXXXXX and 0XXXXXXXX).
 * A monthly file has up to 100,000 phones and a full parse costs about 40 µs, most of a file's
 * validation budget. The phone library stays the judge: it is asked once per 3-digit number
 * range, with sample numbers, whether that range is valid; a range where samples disagree, and
 * any other form, goes to the library number by number.
 */
const SL_FORMS = /^(?:\+232|0)(\d{8})$/;
const rangeValidity = new Map<string, boolean>();
const SAMPLE_SUFFIXES = ['00000', '12345', '54321', '99999'];

function validityOfRange(range: string): boolean {
  let known = rangeValidity.get(range);
  if (known === undefined) {
    known = SAMPLE_SUFFIXES.every((suffix) => toE164(`+232${range}${suffix}`) === `+232${range}${suffix}`);
    rangeValidity.set(range, known);
  }
  return known;
}

export function toE164Fast(raw: string): string | null {
  const compact = raw.replace(/[\s().-]/g, '');
  const match = SL_FORMS.exec(compact);
  if (match) {
    // Only valid ranges take the shortcut; the rare invalid number gets the library's full verdict.
    if (validityOfRange(match[1].slice(0, 3)) === true) return `+232${match[1]}`;
  }
  return toE164(raw);
}
