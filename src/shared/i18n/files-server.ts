import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCatalogue, DEFAULT_LANGUAGE, languageOfFile, namespacesOf, type Language, type Namespaces } from './catalogue';

/**
 * The server's loader (Node, run by tsx in development and in the image): every catalogue file of
 * locales/ read and checked once, when the server starts; a malformed file stops it there. It reads
 * the folder because Node has no import.meta.glob (files-browser.ts is the browser's); both parse a file
 * with catalogue.ts. The image copies src/shared whole, so the folder is there at run time (Dockerfile).
 */
const LOCALES = fileURLToPath(new URL('./locales/', import.meta.url));

const FILES = readdirSync(LOCALES)
  .filter((file) => file.endsWith('.json'))
  .map((file) => {
    const path = join(LOCALES, file);
    return [path, checkCatalogue(path, JSON.parse(readFileSync(path, 'utf8')))] as const;
  });
if (!FILES.some(([path]) => languageOfFile(path) === DEFAULT_LANGUAGE)) throw new Error(`i18n: no ${DEFAULT_LANGUAGE}.json in ${LOCALES}`);

/** The `language` key of each file (its name in itself), by path: what languages.ts derives the list from. */
export const LANGUAGE_FILE_NAMES = Object.fromEntries(FILES.map(([path, file]) => [path, file.language]));

/** Every language's namespaces, for the server's translator (resources.ts). */
export const CATALOGUES: Readonly<Record<Language, Namespaces>> = Object.fromEntries(
  FILES.map(([path, file]) => [languageOfFile(path), namespacesOf(file)]),
);
