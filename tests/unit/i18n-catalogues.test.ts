import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIFE_ENGLISH } from '../../src/shared/account-life';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES } from '../../src/shared/credit-reference';
import { LANGUAGES, NAMESPACES, RESOURCES, translatorFor } from '../../src/shared/i18n';
import { DISPUTE_MESSAGES, DISPUTE_REASONS, DISPUTE_STATEMENT_MAX_WORDS } from '../../src/shared/schemas/consumer';

/** Every key of a catalogue as a dotted path, with the {{placeholders}} its text uses. */
function keysOf(tree: unknown, prefix = ''): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, [...value.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort());
    else for (const [k, v] of keysOf(value, path)) keys.set(k, v);
  }
  return keys;
}

describe('i18n catalogues', () => {
  for (const ns of NAMESPACES) {
    it(`${ns}: Krio has every English key, no other, with the same placeholders and no empty text`, () => {
      const en = keysOf(RESOURCES.en[ns]);
      for (const language of LANGUAGES) {
        const other = keysOf((RESOURCES[language] as Record<string, unknown>)[ns]);
        expect([...other.keys()].sort(), `${language}:${ns} keys`).toEqual([...en.keys()].sort());
        for (const [key, placeholders] of en) expect(other.get(key), `${language}:${ns}:${key}`).toEqual(placeholders);
      }
    });
  }

  it('the server translator answers in the language asked, and falls back to English for a missing key', () => {
    expect(translatorFor('en')('common:language.label')).toBe('Language');
    expect(translatorFor('kri')('common:language.label')).toBe('Langwej');
  });

  it('English entries repeat the English the code keeps for other roles, word for word', () => {
    // The business report and the PDFs say an account's life in ACCOUNT_LIFE_ENGLISH; the portal reads reports:life.
    expect(RESOURCES.en.reports.life).toEqual(ACCOUNT_LIFE_ENGLISH);
    expect(RESOURCES.en.labels.accountType).toEqual(Object.fromEntries(ACCOUNT_TYPES.map((a) => [a.code, a.name])));
    expect(RESOURCES.en.labels.accountStatus).toEqual(Object.fromEntries(ACCOUNT_STATUSES.map((a) => [a.code, a.name])));
    expect(RESOURCES.en.disputes.reasons).toEqual(Object.fromEntries(DISPUTE_REASONS.map((r) => [r.code, r.label])));
    const t = translatorFor('en');
    for (const key of ['account', 'reason', 'statementRequired', 'statementWords'] as const)
      expect(t(`disputes:validation.${key}`, { max: DISPUTE_STATEMENT_MAX_WORDS })).toBe(DISPUTE_MESSAGES[key]);
  });
});
