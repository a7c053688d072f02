import type { Language, Namespace, Namespaces } from './catalogue';
import { CATALOGUES } from './files-server';

export type { Namespace };

/**
 * Every catalogue, by language and namespace, for the server's translator (translate.ts) and the
 * tests: the files of locales/ as the server read them (files-server.ts). The web never imports it: it
 * fetches a language's file when it is chosen (files-browser.ts). English is the
 * reference: a key missing in another language falls back to it, and
 * tests/unit/i18n-catalogues.test.ts fails when a catalogue does not have English's keys.
 */
export const RESOURCES: Readonly<Record<Language, Namespaces>> = CATALOGUES;

export const NAMESPACES = Object.keys(RESOURCES.en) as Namespace[];
