// Every regulator answer is cached under ['regulator', ...]: an investigation's change refreshes them all.

export const regulatorKeys = {
  all: ['regulator'] as const,
  overview: ['regulator', 'overview'] as const,
  compliance: (from: string, to: string) => ['regulator', 'compliance', from, to] as const,
  complianceDetail: (businessId: string | null, from: string, to: string) =>
    ['regulator', 'compliance-detail', businessId, from, to] as const,
  auditSummary: (from: string, to: string) => ['regulator', 'audit-summary', from, to] as const,
  complaints: ['regulator', 'complaints'] as const,
  investigations: ['regulator', 'investigations'] as const,
  investigation: (id: string | null) => ['regulator', 'investigation', id] as const,
  policy: ['regulator', 'policy'] as const,
  incidents: (status: string) => ['regulator', 'incidents', status] as const,
};
