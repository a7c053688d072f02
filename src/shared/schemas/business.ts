// The business workspace (issue 6), one file per subject under business/: its figures and history, its settings and keys, and the accounts it reported. Imported as '@shared/schemas/business'.
export * from './business/workspace';
export * from './business/settings';
export * from './business/clients';
export * from './business/webhooks';
