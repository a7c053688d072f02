import type englishFile from './locales/en.json';

/**
 * What a catalogue file is, for both loaders of locales/<code>.json: the server reads the folder
 * (files-server.ts), the browser's bundle has Vite list it (files-browser.ts). Neither can do the
 * other's job: Node has no import.meta.glob, a browser has no folder to read, and the web fetches a
 * language only when someone chooses it (decisions/043, decisions/048).
 *
 * A file is one language: its top-level keys are the namespaces (common, portal, ussd, sms...) and
 * `language`, the language's name in itself ({"name": "Krio"}), which the chooser shows.
 */

/** English is the reference (every other catalogue has its keys) and the fallback. */
export const DEFAULT_LANGUAGE = 'en';

/** A language's code: the name of its catalogue file, an ISO 639 code ('en', 'kri'). Checked at run time by isLanguage. */
export type Language = string;

/** A catalogue's namespaces, typed from English: every language has the same keys (tests/unit/i18n-catalogues.test.ts). */
export type Namespaces = Omit<typeof englishFile, 'language'>;
export type Namespace = keyof Namespaces;

/** A catalogue file as parsed: namespaces and the language's name. */
type CatalogueFile = { language?: { name?: unknown } } & Record<string, unknown>;

/** 'kri' from '…/locales/kri.json' (checkCatalogue makes sure the name is a language code). */
export function languageOfFile(path: string): Language {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

/** The file's namespaces: every top-level key but `language`. */
export function namespacesOf(file: CatalogueFile): Namespaces {
  const { language: _name, ...namespaces } = file;
  return namespaces as Namespaces;
}

/**
 * The languages of the files found, English first then by code, each with its name (the `language`
 * key of each file, by path). The browser's bundle calls this with what Vite listed when it built:
 * the files the server checked when it started (checkCatalogue), so it checks them no more.
 */
export function languagesFrom(languageKeys: Record<string, CatalogueFile['language']>) {
  const names = Object.fromEntries(Object.entries(languageKeys).map(([path, language]) => [languageOfFile(path), String(language?.name)]));
  const languages: readonly Language[] = [
    DEFAULT_LANGUAGE,
    ...Object.keys(names)
      .filter((code) => code !== DEFAULT_LANGUAGE)
      .sort(),
  ];
  return { languages, names: names as Readonly<Record<Language, string>> };
}

/** A file's shape, checked when the server starts: a JSON object, a name for its language, each namespace an object of texts. */
export function checkCatalogue(path: string, file: unknown): CatalogueFile {
  if (!/^[a-z]{2,3}(-[A-Za-z\d]+)*$/.test(languageOfFile(path)))
    throw new Error(`i18n: ${path} is not named <language code>.json (kri.json, pt-BR.json)`);
  if (!file || typeof file !== 'object' || Array.isArray(file)) throw new Error(`i18n: ${path} is not a JSON object`);
  const { language, ...namespaces } = file as CatalogueFile;
  if (typeof language?.name !== 'string' || !language.name.trim())
    throw new Error(`i18n: ${path} has no "language": { "name": "…" } (the language named in itself)`);
  for (const [key, value] of Object.entries(namespaces))
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new Error(`i18n: ${path}: the namespace "${key}" is not an object`);
  // Same keys as English: tests/unit/i18n-catalogues.test.ts; a key missing at run time falls back to English.
  return file as CatalogueFile;
}
