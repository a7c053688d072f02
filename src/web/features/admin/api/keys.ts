// Every administration answer is cached under ['admin', ...]: a change refreshes them all, since one
// (a verification, a plan, a merge) moves the overview's figures too.

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  businesses: (status: string, q: string) => ['admin', 'businesses', status, q] as const,
  business: (id: string | null) => ['admin', 'business', id] as const,
  users: (role: string, status: string, q: string) => ['admin', 'users', role, status, q] as const,
  invitations: ['admin', 'invitations'] as const,
  reviews: (status: string) => ['admin', 'reviews', status] as const,
  review: (id: string | null) => ['admin', 'review', id] as const,
  incidents: (status: string) => ['admin', 'incidents', status] as const,
  settings: ['admin', 'settings'] as const,
  plans: ['admin', 'plans'] as const,
  content: ['admin', 'content'] as const,
  help: ['admin', 'help'] as const,
};
