import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAuditReportSummarySchema, ZComplianceDetailSchema, ZComplianceListSchema } from '@shared/schemas/oversight';
import { apiGet, queryString } from '@web/lib/api';
import { apiDownload } from '@web/lib/api-files';
import { regulatorKeys } from './keys';

export const complianceQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: regulatorKeys.compliance(from, to),
    queryFn: () => apiGet(`/api/regulators/compliance${queryString({ from, to })}`, ZComplianceListSchema),
  });
/** Compliance per business over a period, with its score and flags. */
export const useCompliance = (from: string, to: string) => useQuery(complianceQuery(from, to));

export const complianceDetailQuery = (businessId: string | null, from: string, to: string) =>
  queryOptions({
    queryKey: regulatorKeys.complianceDetail(businessId, from, to),
    queryFn: () => apiGet(`/api/regulators/compliance/${businessId}${queryString({ from, to })}`, ZComplianceDetailSchema),
    enabled: !!businessId,
  });
/** One business's compliance for the period and its overdue disputes. */
export const useComplianceDetail = (businessId: string | null, from: string, to: string) =>
  useQuery(complianceDetailQuery(businessId, from, to));

export const auditSummaryQuery = (from: string, to: string, isEnabled: boolean) =>
  queryOptions({
    queryKey: regulatorKeys.auditSummary(from, to),
    queryFn: () => apiGet(`/api/regulators/audit-report${queryString({ from, to, format: 'json' })}`, ZAuditReportSummarySchema),
    enabled: isEnabled,
  });
/** A period's activity and the log's integrity. */
export const useAuditSummary = (from: string, to: string, isEnabled: boolean) => useQuery(auditSummaryQuery(from, to, isEnabled));

/** The audit report of a period as CSV (every event) or PDF. */
export const downloadAuditReport = (from: string, to: string, format: 'csv' | 'pdf') =>
  apiDownload(`/api/regulators/audit-report${queryString({ from, to, format })}`, `creditcheck-audit-${from}-to-${to}.${format}`);
