import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usdCentsToSleCents, usdCentsToSllApprox } from '../../src/server/modules/billing/money';
import { isLuhnValid } from '../../src/shared/schemas/payments';

describe('money conversion', () => {
  it('converts the $100 subscription at 22.75 SLE per USD', () => {
    expect(usdCentsToSleCents(10_000, '22.75')).toBe(227_500);
    expect(usdCentsToSllApprox(10_000, '22.75')).toBe(2_275_000);
  });

  it('rounds half up on the last SLE cent', () => {
    expect(usdCentsToSleCents(1, '0.005')).toBe(0);
    expect(usdCentsToSleCents(1, '22.755')).toBe(23);
  });

  it('is exact where floats are not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 99 }), (cents, whole) => {
        expect(usdCentsToSleCents(cents, String(whole))).toBe(cents * whole);
      }),
    );
  });

  it('refuses a malformed rate', () => {
    expect(() => usdCentsToSleCents(100, '22,75')).toThrow(/Invalid exchange rate/);
  });
});

describe('Luhn check', () => {
  it('accepts the test cards and refuses a changed digit', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4000000000000002')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
  });
});
