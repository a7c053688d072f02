import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, languageOf, type Language } from '@shared/i18n/languages';
// The browser's loader (the server's translator reads every file at start: resources.ts, never imported here).
import { ENGLISH_SHELL, loadNamespaces, SHELL_NAMESPACES } from '@shared/i18n/files-browser';
import type { Namespace } from '@shared/i18n/catalogue';
import { ZLanguageChoiceSchema, type TLanguageChoice } from '@shared/schemas/consumer/language';
import { apiSend } from './api';
import { sayErrorsWith } from './form-errors';
import { meQueryKey } from './session';
import { useApiMutation, type TMutationFeedback } from './use-api-mutation';

/**
 * The consumer portal's translations (react-i18next over the catalogues in src/shared/i18n, the
 * same the server's USSD, SMS and certificate texts use). Only the consumer-facing pages import
 * this module, so the landing page's first load does not carry it (decisions/012, decisions/043).
 *
 * The language: a signed-in consumer's choice is kept on the server (`language` of
 * GET /api/consumers/me, set by PUT /api/consumers/me/language); the browser remembers the last
 * one for the pages before sign-in (/verify/:id, the sign-in screen).
 */
const STORAGE_KEY = 'ccsl-language';

function rememberedLanguage(): Language {
  if (typeof window === 'undefined') return DEFAULT_LANGUAGE;
  try {
    return languageOf(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  // English, the reference and fallback, comes with the code; another language's file is fetched only
  // when someone chooses it (decisions/048: the slow-network budget).
  resources: { [DEFAULT_LANGUAGE]: ENGLISH_SHELL },
  lng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  ns: [...SHELL_NAMESPACES],
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

/**
 * A refusal on a consumer page in another language than English: the catalogue's sentence for the
 * answer's code (`common:errors.<CODE>`), else the server's message (lib/form-errors.ts). In English
 * the server's own message is kept: it often names the case ("You have used all 3 credit reports…").
 * Other roles' pages stay English even when this browser last chose Krio.
 */
export function errorSentenceOf(code: string, language: string = i18n.language, path = currentPath()): string | undefined {
  if (language === DEFAULT_LANGUAGE || !isConsumerPath(path)) return undefined;
  const key = `common:errors.${code}`;
  return i18n.exists(key, { lng: language }) ? i18n.t(key, { lng: language }) : undefined;
}
const currentPath = () => (typeof window === 'undefined' ? '' : window.location.pathname);
const isConsumerPath = (path: string) => path.startsWith('/consumer/');
sayErrorsWith((code) => errorSentenceOf(code));

/** The page's language attribute follows, so screen readers speak Krio text with the right voice. */
function markDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Fetches a language's catalogue file once, before the interface switches to it. */
async function loadLanguage(language: Language) {
  if (i18n.hasResourceBundle(language, 'common')) return;
  for (const [namespace, catalogue] of Object.entries(await loadNamespaces(language)))
    i18n.addResourceBundle(language, namespace, catalogue, true, true);
}

/** Switches the interface (once its catalogue is here) and remembers the choice in this browser (the server keeps its own copy). */
export function applyLanguage(language: Language): void {
  // A code this build has no file for (a stored choice of a removed language) reads as English.
  void switchLanguage(languageOf(language));
}

async function switchLanguage(language: Language) {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only, and the server's copy still holds it.
  }
  if (i18n.language === language) return markDocumentLanguage(language);
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  markDocumentLanguage(language);
}

// The language this browser last used, before the server's answer says (it wins when it differs).
if (typeof window !== 'undefined' && rememberedLanguage() !== DEFAULT_LANGUAGE) void applyLanguage(rememberedLanguage());

/** Back to English on pages that are not translated (business and staff workspaces, the public site). */
export function resetDocumentLanguage() {
  markDocumentLanguage(DEFAULT_LANGUAGE);
}

/** The current language as one of ours. */
export function currentLanguage(): Language {
  return languageOf(i18n.language);
}

/**
 * A page's English beyond the shell's (SHELL_NAMESPACES), at the top of the page's module so the
 * page's file carries it and no other page's does (decisions/048):
 * `withEnglish({ disputes, reports })` with each imported from `english-catalogue:<namespace>`.
 * tests/unit/english-with-pages.test.ts fails when a page reads a namespace it does not bring.
 */
export function withEnglish(namespaces: Partial<Record<Namespace, object>>): void {
  for (const [namespace, texts] of Object.entries(namespaces))
    if (!i18n.hasResourceBundle(DEFAULT_LANGUAGE, namespace)) i18n.addResourceBundle(DEFAULT_LANGUAGE, namespace, texts);
}

/** `const { t } = useT('portal')`: the translate function of one namespace (or several, the first the default). */
export function useT(ns: Namespace | Namespace[] = 'common') {
  return useTranslation(ns, { i18n });
}

/** Keeps the consumer's choice on the server (PUT /api/consumers/me/language); the session's "me" is read again with it. */
export const useSaveLanguage = (feedback?: TMutationFeedback<TLanguageChoice, TLanguageChoice>) =>
  useApiMutation(
    {
      mutationFn: (choice: TLanguageChoice) => apiSend('PUT', '/api/consumers/me/language', ZLanguageChoiceSchema, choice),
      afterSuccess: (queryClient) => queryClient.invalidateQueries({ queryKey: meQueryKey('consumer') }),
    },
    feedback,
  );
