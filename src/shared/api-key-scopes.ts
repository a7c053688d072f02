/**
 * What an Enterprise API key may do, chosen when the key is created (decisions/032). Each route a
 * key may use names one of these in its route config (`config: { apiKeyScope }`); a route that names
 * none refuses every key. The names are part of the API: never rename one, only add.
 */
export const API_KEY_SCOPES = ['reports:read', 'data:report', 'disputes:answer', 'webhooks:manage'] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** How the settings page names each scope: plain words, never the raw name. */
export const API_KEY_SCOPE_LABELS: Record<TApiKeyScope, string> = {
  'reports:read': 'Search and pull reports',
  'data:report': 'Report accounts and monthly files',
  'disputes:answer': 'Answer disputes',
  'webhooks:manage': 'Manage webhooks',
};

/** One line under each label on the settings page: what a key with the scope reaches. */
export const API_KEY_SCOPE_DESCRIPTIONS: Record<TApiKeyScope, string> = {
  'reports:read': 'Search the registry, pull reports and their PDFs, see usage, the dashboard and analytics.',
  'data:report': 'Report, correct, move and delete accounts; send monthly files and see their status.',
  'disputes:answer': 'See the disputes filed against your records, answer them, and read your notifications.',
  'webhooks:manage': 'Add, list and remove webhook endpoints.',
};

export const isApiKeyScope = (value: unknown): value is TApiKeyScope =>
  typeof value === 'string' && (API_KEY_SCOPES as readonly string[]).includes(value);
