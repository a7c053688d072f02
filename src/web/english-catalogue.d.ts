/**
 * `english-catalogue:<namespace>`: one namespace of src/shared/i18n/locales/en.json as a module of
 * its own (vite.config.ts, englishByNamespace), so a page's file carries the English it reads and
 * no other page's (decisions/048).
 */
declare module 'english-catalogue:*' {
  const namespace: Record<string, unknown>;
  export default namespace;
}
