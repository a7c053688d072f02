import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toE164 } from '../../../src/shared/identity';
import { toE164Fast } from '../../../src/shared/phone-fast';

describe('toE164Fast', () => {
  it('agrees with the phone library on every Sierra Leone number form', () => {
    const digits = fc.stringMatching(/^\d{8}$/);
    const form = fc.constantFrom(
      (d: string) => `+232${d}`,
      (d: string) => `0${d}`,
      (d: string) => `+232 ${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5)}`,
      (d: string) => `(0${d.slice(0, 2)}) ${d.slice(2)}`,
    );
    fc.assert(
      fc.property(digits, form, (d, f) => {
        const raw = f(d);
        expect(toE164Fast(raw)).toBe(toE164(raw));
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees on other inputs too', () => {
    for (const raw of ['12', '', '+44 20 7946 0958', '232 76 000 001', '+23222000001', '0760000012', 'not a phone']) {
      expect(toE164Fast(raw)).toBe(toE164(raw));
    }
  });
});
