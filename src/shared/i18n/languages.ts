import { LANGUAGE_FILE_NAMES } from '#i18n-files';
import { DEFAULT_LANGUAGE, languagesFrom, type Language } from './catalogue';

/**
 * The languages of the consumer-facing surfaces (portal, USSD, SMS, score reasons, clearance
 * certificate): one a catalogue file in locales/ (Krio's ISO 639-3 code is "kri"), so a third
 * language is one file, <code>.json, and no code (decisions/043). `#i18n-files` is the
 * environment's loader (package.json "imports"): the server reads the folder (files-server.ts), the
 * browser's bundle has it listed by Vite (files-browser.ts).
 */
export { DEFAULT_LANGUAGE, type Language };

const FOUND = languagesFrom(LANGUAGE_FILE_NAMES);

/** English first, then the others by code. */
export const LANGUAGES: readonly Language[] = FOUND.languages;

/** Each language named in itself, as a chooser shows it (the `language.name` of its file). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = FOUND.names;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && LANGUAGES.includes(value);
}

/** A stored or sent value read as a language; anything unknown falls back to English. */
export function languageOf(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}
