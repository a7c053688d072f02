import { common, labels, portal } from './locales/en.json';
import { languageOfFile, namespacesOf, type Language, type Namespace, type Namespaces } from './catalogue';

/**
 * The browser's loader (Vite lists locales/ when it builds; a browser has no folder to read, and
 * files-server.ts is the server's, which also checks each file's shape when it starts). Both parse
 * a file with catalogue.ts; package.json's "imports" gives the browser's bundle this file for
 * `#i18n-files`.
 *
 * Bytes (decisions/048): the first load carries the English of the shell every page shows (the
 * header, the bell, error sentences, labels: SHELL_NAMESPACES) and only the `language` key of every
 * other file (named imports: the JSON plugin drops the rest of the file). A page brings the rest of
 * its English with its own code (web/lib/i18n.ts withEnglish). A language's texts are fetched when someone chooses it (loadNamespaces), as the file's
 * text (`?raw`): a module of its own, so the names' import does not pull the whole file into the
 * first load.
 */
export const LANGUAGE_FILE_NAMES = import.meta.glob<{ name?: unknown }>('./locales/*.json', {
  eager: true,
  import: 'language',
});

const OTHER_LANGUAGES = import.meta.glob<string>(['./locales/*.json', '!./locales/en.json'], { query: '?raw', import: 'default' });

/** The English namespaces every page needs, loaded with the shell. */
export const SHELL_NAMESPACES = ['common', 'portal', 'labels'] as const satisfies readonly Namespace[];
export const ENGLISH_SHELL: Pick<Namespaces, (typeof SHELL_NAMESPACES)[number]> = { common, portal, labels };

/** A language's namespaces, fetched the first time it is asked for. */
export async function loadNamespaces(language: Language): Promise<Partial<Namespaces>> {
  const load = Object.entries(OTHER_LANGUAGES).find(([file]) => languageOfFile(file) === language)?.[1];
  // English is here already (the shell's, and each page's with its code); isLanguage has let only a language with a file through (lib/i18n.ts).
  return load ? namespacesOf(JSON.parse(await load()) as Record<string, unknown>) : {};
}
