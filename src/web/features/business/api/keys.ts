// The business workspace's query keys. Queries are never stale (spec section 9), so a change
// invalidates what it affects: anything that moves the business's figures invalidates them all.

export const businessKeys = {
  all: ['business'] as const,
  dashboard: ['business', 'dashboard'] as const,
  usage: ['business', 'usage'] as const,
  analytics: (days: number) => ['business', 'analytics', days] as const,
  portfolioScores: ['business', 'portfolio-scores'] as const,
  submissions: ['business', 'submissions'] as const,
  submission: (id: string) => ['business', 'submission', id] as const,
  reports: ['business', 'reports'] as const,
  report: (id: string) => ['business', 'report', id] as const,
  disputes: (status: string) => ['business', 'disputes', status] as const,
  profile: ['business', 'profile'] as const,
  subscription: ['business', 'subscription'] as const,
  team: ['business', 'team'] as const,
  apiKeys: ['business', 'api-keys'] as const,
  accounts: (q: string, status: string, page: number) => ['business', 'accounts', q, status, page] as const,
  purposes: ['credit', 'purposes'] as const,
  scoringModel: ['scoring', 'model'] as const,
  health: ['health'] as const,
};
