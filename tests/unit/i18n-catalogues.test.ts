import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES, RESOURCES, translatorFor } from '../../src/shared/i18n';

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
});
