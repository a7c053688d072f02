import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TApiKeyList,
  TBusinessAnalytics,
  TBusinessDashboard,
  TBusinessProfile,
  TPortfolioScores,
  TReportCopySummary,
  TSubmissionSummary,
  TSubscription,
  TTeam,
} from '@shared/schemas/business';
import type { TBusinessDisputeList } from '@shared/schemas/consumer';
import type { TBusinessUsage, TCreditReport, TSubmissionStatus } from '@shared/schemas/credit';
import type { TScorecardSummary } from '@shared/scoring';
import { apiGet } from '@web/lib/api';

// The business workspace's reads. Queries are never stale (spec section 9), so every change a page
// makes invalidates the keys it affects: the dashboard's figures move at once.

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
};

export interface TPurpose {
  code: string;
  name: string;
  description: string;
}

export const useDashboard = () =>
  useQuery({ queryKey: businessKeys.dashboard, queryFn: () => apiGet<TBusinessDashboard>('/api/businesses/me/dashboard') });
export const useUsage = () => useQuery({ queryKey: businessKeys.usage, queryFn: () => apiGet<TBusinessUsage>('/api/businesses/me/usage') });
export const usePurposes = () =>
  useQuery({
    queryKey: ['credit', 'purposes'],
    queryFn: async () => (await apiGet<{ purposes: TPurpose[] }>('/api/credit/purposes')).purposes,
  });
export const useHealth = () =>
  useQuery({ queryKey: ['health'], queryFn: () => apiGet<{ status: 'ok' | 'error'; database: string }>('/api/health') });
export const useAnalytics = (days: number) =>
  useQuery({
    queryKey: businessKeys.analytics(days),
    queryFn: () => apiGet<TBusinessAnalytics>(`/api/businesses/me/analytics?days=${days}`),
  });
export const usePortfolioScores = () =>
  useQuery({ queryKey: businessKeys.portfolioScores, queryFn: () => apiGet<TPortfolioScores>('/api/businesses/me/analytics/scores') });
export const useScoringModel = () =>
  useQuery({ queryKey: ['scoring', 'model'], queryFn: () => apiGet<TScorecardSummary>('/api/scoring/model') });
export const useSubmissions = () =>
  useQuery({
    queryKey: businessKeys.submissions,
    queryFn: async () => (await apiGet<{ submissions: TSubmissionSummary[] }>('/api/credit/submissions?limit=50')).submissions,
  });
export const useSubmission = (id: string | null) =>
  useQuery({
    queryKey: businessKeys.submission(id ?? ''),
    queryFn: () => apiGet<TSubmissionStatus>(`/api/credit/submissions/${id}`),
    enabled: !!id,
  });
export const useReportCopies = () =>
  useQuery({
    queryKey: businessKeys.reports,
    queryFn: async () => (await apiGet<{ reports: TReportCopySummary[] }>('/api/credit/reports?limit=20')).reports,
  });
export const useReportCopy = (id: string | null) =>
  useQuery({ queryKey: businessKeys.report(id ?? ''), queryFn: () => apiGet<TCreditReport>(`/api/credit/reports/${id}`), enabled: !!id });
export const useBusinessDisputes = (status: 'open' | 'resolved' | 'all') =>
  useQuery({
    queryKey: businessKeys.disputes(status),
    queryFn: () => apiGet<TBusinessDisputeList>(`/api/businesses/me/disputes?status=${status}`),
  });
export const useProfile = () =>
  useQuery({ queryKey: businessKeys.profile, queryFn: () => apiGet<TBusinessProfile>('/api/businesses/me/profile') });
export const useSubscription = () =>
  useQuery({ queryKey: businessKeys.subscription, queryFn: () => apiGet<TSubscription>('/api/businesses/me/subscription') });
export const useTeam = () => useQuery({ queryKey: businessKeys.team, queryFn: () => apiGet<TTeam>('/api/businesses/me/team') });
export const useApiKeys = () =>
  useQuery({ queryKey: businessKeys.apiKeys, queryFn: () => apiGet<TApiKeyList>('/api/businesses/me/api-keys') });

/** After anything that changes the business's figures: every business query is read again when next shown. */
export function useInvalidateBusiness() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: businessKeys.all });
}

export { useMutation };
