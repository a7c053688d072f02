import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Issue 21, "a third language is one file" (decisions/043): a catalogue file dropped into
// src/shared/i18n/locales is offered and spoken by the server and the web with no code changed.
// 'qts' is in ISO 639's range for local use (qaa–qtz): never a real language's code.
const LOCALES = fileURLToPath(new URL('../../src/shared/i18n/locales/', import.meta.url));
const CODE = 'qts';
const FILE = `${LOCALES}${CODE}.json`;
const MARK = '[Test] ';

/** English's catalogue with every text marked, so a text in the new language is told from English's fallback. */
function marked(tree: unknown): unknown {
  if (typeof tree === 'string') return `${MARK}${tree}`;
  return Object.fromEntries(Object.entries(tree as Record<string, unknown>).map(([key, value]) => [key, marked(value)]));
}

beforeAll(() => {
  const english = JSON.parse(readFileSync(`${LOCALES}en.json`, 'utf8')) as Record<string, unknown>;
  writeFileSync(FILE, JSON.stringify({ ...(marked(english) as object), language: { name: 'Test' } }, null, 2));
  // Every module below is read afresh, so the loaders find the folder as it is now.
  vi.resetModules();
});

afterAll(() => {
  rmSync(FILE, { force: true });
  vi.resetModules();
});

describe('a third language is one file', () => {
  it('the server offers it, by its name, and says SMS alerts, the USSD menu and certificates in it', async () => {
    const { LANGUAGES, LANGUAGE_NAMES, isLanguage, languageOf, translatorFor } = await import('../../src/shared/i18n');
    expect(LANGUAGES).toEqual(['en', 'kri', CODE]);
    expect(LANGUAGE_NAMES).toEqual({ en: 'English', kri: 'Krio', [CODE]: 'Test' });
    expect(isLanguage(CODE)).toBe(true);
    expect(languageOf(CODE)).toBe(CODE);
    expect(languageOf('xx')).toBe('en');

    const { smsAlertText } = await import('../../src/server/modules/notifications');
    const sms = smsAlertText('new_default', { lender: 'Rokel Bank', account: '1234', status: 'default' }, CODE);
    expect(sms.startsWith(MARK)).toBe(true);
    expect(sms).toContain('Rokel Bank');
    const t = translatorFor(CODE);
    expect(t('ussd:menu', { freezeChoice: t('ussd:freezeChoice') })).toMatch(/^\[Test\] CreditCheck SL\n1 My score/);
    expect(t('certificate:title')).toBe(`${MARK}${translatorFor('en')('certificate:title')}`);
  });

  it('PUT /api/consumers/me/language takes it (the schema is built from the files found)', async () => {
    const { ZLanguageChoiceSchema } = await import('../../src/shared/schemas/consumer/home');
    expect(ZLanguageChoiceSchema.parse({ language: CODE })).toEqual({ language: CODE });
    expect(ZLanguageChoiceSchema.safeParse({ language: 'xx' }).success).toBe(false);
  });

  it("the web's language switcher lists it by its name", async () => {
    const { QueryClientProvider, QueryClient } = await import('@tanstack/react-query');
    const { LanguageSwitcher } = await import('../../src/web/components/layout/language-switcher');
    const html = renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, createElement(LanguageSwitcher)));
    expect([...html.matchAll(/<button[^>]*lang="([\w-]+)"[^>]*>([^<]+)</g)].map((m) => [m[1], m[2]])).toEqual([
      ['en', 'English'],
      ['kri', 'Krio'],
      [CODE, 'Test'],
    ]);
  });

  it("the browser's loader (Vite's listing of the folder) finds it, and fetches its texts only when asked", async () => {
    // Vite lists the folder when it first transforms the module, and keeps that for the run: another
    // test file may have loaded files-browser.ts before this one wrote the new file. The query makes
    // a module of its own, listed now.
    const fresh: string = '../../src/shared/i18n/files-browser.ts?third-language';
    const web = (await import(fresh)) as typeof import('../../src/shared/i18n/files-browser');
    const { languagesFrom } = await import('../../src/shared/i18n/catalogue');
    expect(languagesFrom(web.LANGUAGE_FILE_NAMES).names).toEqual({ en: 'English', kri: 'Krio', [CODE]: 'Test' });
    const namespaces = await web.loadNamespaces(CODE);
    expect(namespaces.common?.language.label).toBe(`${MARK}Language`);
  });
});
