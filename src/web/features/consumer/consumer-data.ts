import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TScoreHistory } from '@shared/scoring';
import type {
  TAccessLog,
  TConsent,
  TConsumerDashboard,
  TConsumerSettings,
  TDisputeList,
  TIdentityStatus,
  TOwnReport,
  TOwnReportList,
  TPrivacyStatus,
} from '@shared/schemas/consumer';
import { apiGet, apiPost } from '@web/lib/api';
import { errorMessageOf } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';

/** Every consumer-workspace answer is cached under this first key, so one call refreshes them all. */
export const CONSUMER_KEY = 'consumer-workspace';
const key = (...rest: string[]) => [CONSUMER_KEY, ...rest] as const;

export const useIdentity = () =>
  useQuery({ queryKey: key('identity'), queryFn: () => apiGet<TIdentityStatus>('/api/consumers/me/identity') });
export const useDashboard = () =>
  useQuery({ queryKey: key('dashboard'), queryFn: () => apiGet<TConsumerDashboard>('/api/consumers/me/dashboard') });
export const useOwnReport = () => useQuery({ queryKey: key('report'), queryFn: () => apiGet<TOwnReport>('/api/consumers/me/report') });
export const useOwnReports = () =>
  useQuery({ queryKey: key('reports'), queryFn: () => apiGet<TOwnReportList>('/api/consumers/me/reports') });
export const useScoreHistory = (isEnabled: boolean) =>
  useQuery({ queryKey: key('scores'), queryFn: () => apiGet<TScoreHistory>('/api/consumers/me/scores'), enabled: isEnabled });
export const useDisputes = () => useQuery({ queryKey: key('disputes'), queryFn: () => apiGet<TDisputeList>('/api/consumers/me/disputes') });
export const usePrivacy = () => useQuery({ queryKey: key('privacy'), queryFn: () => apiGet<TPrivacyStatus>('/api/consumers/me/privacy') });
export const useConsents = () =>
  useQuery({ queryKey: key('consents'), queryFn: () => apiGet<{ consents: TConsent[] }>('/api/consumers/me/consents') });
export const useAccessLog = () =>
  useQuery({ queryKey: key('access-log'), queryFn: () => apiGet<TAccessLog>('/api/consumers/me/access-log') });
export const useSettings = () =>
  useQuery({ queryKey: key('settings'), queryFn: () => apiGet<TConsumerSettings>('/api/consumers/me/settings') });

/** After any change: every consumer answer is read again (the data is "never stale" otherwise). */
export function useRefreshConsumer() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [CONSUMER_KEY] });
}

/** "Request New Report": a fresh report kept in the person's list; free, never an inquiry. */
export function useRequestNewReport() {
  const refresh = useRefreshConsumer();
  return useMutation({
    mutationFn: () => apiPost('/api/consumers/me/reports'),
    onSuccess: () => {
      toast({
        kind: 'success',
        title: 'New report ready',
        description: 'Your report was generated. It is free and never counts as an inquiry.',
      });
      refresh();
    },
    onError: (error) => toast({ kind: 'error', title: 'Report not generated', description: errorMessageOf(error, 'Please try again') }),
  });
}

export const REPORT_PDF_URL = '/api/consumers/me/report.pdf';
