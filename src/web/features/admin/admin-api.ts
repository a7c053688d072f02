import { useQuery } from '@tanstack/react-query';
import type {
  TAdminBusiness,
  TAdminBusinessDetail,
  TAdminContent,
  TAdminOverview,
  TAdminPlan,
  TAdminSettings,
  TAdminUser,
  TIncident,
  TInvitation,
  TMatchReviewDetail,
  TMatchReviewSummary,
} from '@shared/schemas/admin';
import type { THelpItem } from '@shared/schemas/content';
import { apiGet } from '@web/lib/api';
import { useApiAction, type ApiActionOptions } from '@web/lib/use-api-action';

/** Every administration answer is cached under this first key, so one call refreshes them all after a change. */
export const ADMIN_KEY = 'admin';
const key = (...rest: unknown[]) => [ADMIN_KEY, ...rest] as const;

export const useOverview = () => useQuery({ queryKey: key('overview'), queryFn: () => apiGet<TAdminOverview>('/api/admin/overview') });
export const useBusinesses = (status: string, q: string) =>
  useQuery({
    queryKey: key('businesses', status, q),
    queryFn: () =>
      apiGet<{ businesses: TAdminBusiness[] }>(
        `/api/admin/businesses?${new URLSearchParams({ ...(status ? { status } : {}), ...(q ? { q } : {}) })}`,
      ),
  });
export const useBusiness = (id: string | null) =>
  useQuery({ queryKey: key('business', id), queryFn: () => apiGet<TAdminBusinessDetail>(`/api/admin/businesses/${id}`), enabled: !!id });
export const useUsers = (role: string, status: string, q: string) =>
  useQuery({
    queryKey: key('users', role, status, q),
    queryFn: () =>
      apiGet<{ users: TAdminUser[] }>(
        `/api/admin/users?${new URLSearchParams({ ...(role ? { role } : {}), ...(status ? { status } : {}), ...(q ? { q } : {}) })}`,
      ),
  });
export const useInvitations = () =>
  useQuery({ queryKey: key('invitations'), queryFn: () => apiGet<{ invitations: TInvitation[] }>('/api/admin/invitations') });
export const useMatchReviews = (status: string) =>
  useQuery({
    queryKey: key('reviews', status),
    queryFn: () => apiGet<{ reviews: TMatchReviewSummary[]; openCount: number }>(`/api/admin/match-reviews?status=${status}`),
  });
export const useMatchReview = (id: string | null) =>
  useQuery({ queryKey: key('review', id), queryFn: () => apiGet<TMatchReviewDetail>(`/api/admin/match-reviews/${id}`), enabled: !!id });
export const useIncidents = (status: string) =>
  useQuery({
    queryKey: key('incidents', status),
    queryFn: () =>
      apiGet<{ incidents: TIncident[]; counts: Record<'open' | 'acknowledged' | 'resolved', number> }>(
        `/api/admin/security/incidents${status ? `?status=${status}` : ''}`,
      ),
  });
export const useSettings = () => useQuery({ queryKey: key('settings'), queryFn: () => apiGet<TAdminSettings>('/api/admin/settings') });
export const usePlans = () => useQuery({ queryKey: key('plans'), queryFn: () => apiGet<{ plans: TAdminPlan[] }>('/api/admin/plans') });
export const useContent = () => useQuery({ queryKey: key('content'), queryFn: () => apiGet<TAdminContent>('/api/admin/content') });
export const useHelpArticles = () => useQuery({ queryKey: key('help'), queryFn: () => apiGet<THelpItem[]>('/api/admin/help') });

/** A change: sends it, refreshes every administration answer, and says how it went in a toast. */
export function useAdminAction<TBody, TResult>(
  request: (body: TBody) => { method: string; path: string; body?: unknown },
  success: string | ((result: TResult) => string),
  options: ApiActionOptions<TResult> = {},
) {
  return useApiAction(ADMIN_KEY, request, success, options);
}
