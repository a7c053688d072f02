export { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_NAMES, LANGUAGES, languageOf, type Language } from './languages';
export { NAMESPACES, RESOURCES, type Namespace } from './resources';
export { translatorFor } from './translate';
