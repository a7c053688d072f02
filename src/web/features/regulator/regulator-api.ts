import { useQuery } from '@tanstack/react-query';
import type { TIncident } from '@shared/schemas/admin';
import type {
  TAuditReportSummary,
  TComplianceList,
  TComplianceRow,
  TInvestigation,
  TInvestigationDetail,
  TRegulatorComplaint,
  TRegulatorOverview,
  TRegulatorPolicy,
} from '@shared/schemas/oversight';
import { apiGet } from '@web/lib/api';
import { useApiAction } from '@web/lib/use-api-action';

/** Every regulator answer is cached under this first key. */
export const REGULATOR_KEY = 'regulator';
const key = (...rest: unknown[]) => [REGULATOR_KEY, ...rest] as const;
const period = (from: string, to: string) => new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();

export const useRegulatorOverview = () =>
  useQuery({ queryKey: key('overview'), queryFn: () => apiGet<TRegulatorOverview>('/api/regulators/overview') });
export const useCompliance = (from: string, to: string) =>
  useQuery({
    queryKey: key('compliance', from, to),
    queryFn: () => apiGet<TComplianceList>(`/api/regulators/compliance?${period(from, to)}`),
  });
export const useComplianceDetail = (businessId: string | null, from: string, to: string) =>
  useQuery({
    queryKey: key('compliance-detail', businessId, from, to),
    queryFn: () =>
      apiGet<{
        from: string;
        to: string;
        business: TComplianceRow;
        overdueDisputes: { id: string; reference: string; reason: string; filedAt: string; dueAt: string; daysOverdue: number }[];
      }>(`/api/regulators/compliance/${businessId}?${period(from, to)}`),
    enabled: !!businessId,
  });
export const useAuditSummary = (from: string, to: string, isEnabled: boolean) =>
  useQuery({
    queryKey: key('audit-summary', from, to),
    queryFn: () => apiGet<TAuditReportSummary>(`/api/regulators/audit-report?${period(from, to)}&format=json`),
    enabled: isEnabled,
  });
export const useComplaints = () =>
  useQuery({ queryKey: key('complaints'), queryFn: () => apiGet<{ complaints: TRegulatorComplaint[] }>('/api/regulators/complaints') });
export const useInvestigations = () =>
  useQuery({
    queryKey: key('investigations'),
    queryFn: () => apiGet<{ investigations: TInvestigation[] }>('/api/regulators/investigations'),
  });
export const useInvestigation = (id: string | null) =>
  useQuery({
    queryKey: key('investigation', id),
    queryFn: () => apiGet<TInvestigationDetail>(`/api/regulators/investigations/${id}`),
    enabled: !!id,
  });
export const useRegulatorPolicy = () =>
  useQuery({ queryKey: key('policy'), queryFn: () => apiGet<TRegulatorPolicy>('/api/regulators/policy') });
export const useRegulatorIncidents = (status: string) =>
  useQuery({
    queryKey: key('incidents', status),
    queryFn: () =>
      apiGet<{ incidents: TIncident[]; counts: Record<'open' | 'acknowledged' | 'resolved', number> }>(
        `/api/regulators/incidents${status ? `?status=${status}` : ''}`,
      ),
  });

/** A regulator's own write (investigations and notes): send, refresh, toast; the form shows a failure. */
export function useRegulatorAction<TBody, TResult>(
  request: (body: TBody) => { method: string; path: string; body?: unknown },
  success: string,
  onSuccess?: (result: TResult) => void,
) {
  return useApiAction(REGULATOR_KEY, request, success, { onSuccess, showErrorToast: false });
}
