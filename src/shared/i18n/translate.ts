import { createInstance, type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';
import { NAMESPACES, RESOURCES } from './resources';

/**
 * Plain-text translation for the server (USSD menus, SMS texts, the certificate PDF) and for tests:
 * one i18next instance with every catalogue loaded synchronously. The web uses react-i18next over
 * the same catalogues (src/web/lib/i18n.ts).
 */
const instance = createInstance();
void instance.init({
  resources: RESOURCES,
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  ns: NAMESPACES,
  defaultNS: 'common',
  initAsync: false,
  // Plain text, never HTML: nothing to escape for an SMS or a PDF; React escapes on the web.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A translate function fixed to one language: `translatorFor('kri')('ussd:menu', {...})`. */
export function translatorFor(language: Language): TFunction {
  return instance.getFixedT(language);
}
