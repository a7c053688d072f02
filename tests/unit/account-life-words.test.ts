import { describe, expect, it } from 'vitest';
import { sayEnglish } from '../../src/shared/account-life';
import { ACCOUNT_ROLE_NAMES, PAYMENT_FREQUENCY_NAMES } from '../../src/shared/credit-reference';

// The English words of an account's life (business pages, PDFs): a key, a key in a group, plurals.
describe('sayEnglish', () => {
  it('says a word with its placeholders filled', () => {
    expect(sayEnglish('amountOnDate', { amount: 'Le 1,000', date: '1 Nov 2026' })).toBe('Le 1,000 on 1 Nov 2026');
  });

  it('says a word of a group (an account role, a payment frequency)', () => {
    expect(sayEnglish('role.guarantor')).toBe(ACCOUNT_ROLE_NAMES.guarantor);
    const [frequency, name] = Object.entries(PAYMENT_FREQUENCY_NAMES)[0];
    expect(sayEnglish(`frequency.${frequency}`)).toBe(name);
  });

  it('picks the plural by count', () => {
    expect(sayEnglish('termMonths', { count: 1, formatted: '1' })).toBe('1 month');
    expect(sayEnglish('termMonths', { count: 12, formatted: '12' })).toBe('12 months');
  });

  it('answers the key itself for a word or a group it does not know', () => {
    expect(sayEnglish('nothing')).toBe('nothing');
    expect(sayEnglish('nogroup.guarantor')).toBe('nogroup.guarantor');
    expect(sayEnglish('role.nobody')).toBe('role.nobody');
  });
});
