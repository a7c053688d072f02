import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAuditEventListSchema, ZAuditVerificationSchema, ZSealHeadListSchema } from '@shared/schemas/oversight';
import { apiGet, queryString } from './api';
import { apiDownload } from './api-files';
import { useApiMutation } from './use-api-mutation';

// The tamper-evident audit log, read by administrators and regulators (components/oversight/audit-log.tsx).

/** Checks the whole log on demand (it reads every event, so never on page load); `head` is a seal hash kept earlier. */
export const useVerifyAuditLog = () =>
  useApiMutation({
    mutationFn: (head?: string) => apiGet(`/api/admin/audit/verify${queryString({ head })}`, ZAuditVerificationSchema),
  });

export const latestSealHeadQuery = () =>
  queryOptions({
    queryKey: ['audit-seal-heads', 'latest'],
    queryFn: () => apiGet(`/api/regulators/audit/seal-heads${queryString({ limit: 1 })}`, ZSealHeadListSchema),
  });
/** The last seal head written outside the database, and whether this server keeps them. */
export const useLatestSealHead = () => useQuery(latestSealHeadQuery());

/** Every seal head, as a file to keep. */
export const downloadSealHeads = (format: 'csv' | 'json') =>
  apiDownload(`/api/regulators/audit/seal-heads${queryString({ format })}`, `creditcheck-audit-seal-heads.${format}`);

export interface TAuditFilters {
  action: string;
  /** Whole days (YYYY-MM-DD), from the start of `from` to the end of `to`. */
  from: string;
  to: string;
  businessId: string;
}

function eventsPath(filters: TAuditFilters, before: number | null) {
  const params = new URLSearchParams({ limit: '50' });
  if (filters.action.trim()) params.set('action', filters.action.trim());
  if (filters.from) params.set('from', new Date(`${filters.from}T00:00:00`).toISOString());
  if (filters.to) params.set('to', new Date(`${filters.to}T23:59:59.999`).toISOString());
  if (filters.businessId.trim()) params.set('businessId', filters.businessId.trim());
  if (before) params.set('before', String(before));
  return `/api/admin/audit/events?${params}`;
}

export const auditEventsQuery = (filters: TAuditFilters, before: number | null) =>
  queryOptions({
    queryKey: ['audit-events', filters, before],
    queryFn: () => apiGet(eventsPath(filters, before), ZAuditEventListSchema),
  });
/** The audit log, newest first, 50 events before `before` (a page's last id). */
export const useAuditEvents = (filters: TAuditFilters, before: number | null) => useQuery(auditEventsQuery(filters, before));
