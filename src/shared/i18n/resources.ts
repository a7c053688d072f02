import enCommon from './locales/en/common.json';
import kriCommon from './locales/kri/common.json';
import type { Language } from './languages';

/**
 * Every catalogue, by language and namespace. One namespace per surface (common, portal, ussd, sms,
 * certificate, scoring...): a module adds its pair of files under locales/en and locales/kri and
 * one line each here. English is the reference: a key missing in Krio falls back to it, and
 * tests/unit/i18n-catalogues.test.ts fails when the two catalogues do not have the same keys.
 */
export const RESOURCES = {
  en: { common: enCommon },
  kri: { common: kriCommon },
} satisfies Record<Language, Record<string, unknown>>;

export type Namespace = keyof (typeof RESOURCES)['en'];
export const NAMESPACES = Object.keys(RESOURCES.en) as Namespace[];
