/**
 * The version of the HTTP API every answer names in its `API-Version` header (docs/api.md,
 * "Versions"): the date of the last change a client could notice. Additions (a new field, route,
 * error code or event) keep the version's promises; a change that could break a client (a field
 * removed or renamed, a meaning changed) moves the whole API to a new version under a new path
 * prefix, with the old one kept for at least 12 months.
 */
export const API_VERSION = '2026-11-26';
