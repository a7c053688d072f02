import en from './locales/en.json';
import kri from './locales/kri.json';
import type { Language } from './languages';

/** A language's catalogue without its own name: the namespaces only. */
function namespacesOf<C extends { language: unknown }>(catalogue: C): Omit<C, 'language'> {
  const { language: _name, ...namespaces } = catalogue;
  return namespaces;
}

/**
 * Every catalogue, by language and namespace: one file a language (locales/<code>.json), its
 * top-level keys the namespaces (common, portal, ussd, sms, certificate, scoring...) and `language`
 * (its name in itself). English is the reference: a key missing in Krio falls back to it, and
 * tests/unit/i18n-catalogues.test.ts fails when the two catalogues do not have the same keys.
 */
export const RESOURCES = {
  en: namespacesOf(en),
  kri: namespacesOf(kri),
} satisfies Record<Language, Record<string, unknown>>;

export type Namespace = keyof (typeof RESOURCES)['en'];
export const NAMESPACES = Object.keys(RESOURCES.en) as Namespace[];
