/**
 * The languages of the consumer-facing surfaces (portal, USSD, SMS, score reasons, clearance
 * certificate). Krio's ISO 639-3 code is "kri". A third language is one folder of catalogue files
 * under locales/ and one entry here (decisions/043).
 */
export const LANGUAGES = ['en', 'kri'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as a chooser shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', kri: 'Krio' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored or sent value read as a language; anything unknown falls back to English. */
export function languageOf(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}
