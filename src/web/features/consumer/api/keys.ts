// Every consumer-workspace answer is cached under ['consumer-workspace', ...]: a change (a dispute, a
// freeze, a consent, a confirmed identity) refreshes them all, as each moves the dashboard too.

export const consumerKeys = {
  all: ['consumer-workspace'] as const,
  identity: ['consumer-workspace', 'identity'] as const,
  dashboard: ['consumer-workspace', 'dashboard'] as const,
  report: ['consumer-workspace', 'report'] as const,
  reports: ['consumer-workspace', 'reports'] as const,
  scores: ['consumer-workspace', 'scores'] as const,
  disputes: ['consumer-workspace', 'disputes'] as const,
  privacy: ['consumer-workspace', 'privacy'] as const,
  consents: ['consumer-workspace', 'consents'] as const,
  lenders: (q: string) => ['consumer-workspace', 'lenders', q] as const,
  accessLog: ['consumer-workspace', 'access-log'] as const,
  settings: ['consumer-workspace', 'settings'] as const,
};
