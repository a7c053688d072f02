import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZIncidentListSchema, ZIncidentScanResultSchema, ZIncidentSchema, type TIncident } from '@shared/schemas/admin';
import { apiGet, apiSend, queryString } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { adminKeys } from './keys';

type TScanResult = { scannedEvents: number; opened: number; updated: number };

export const incidentsQuery = (status: string) =>
  queryOptions({
    queryKey: adminKeys.incidents(status),
    queryFn: () => apiGet(`/api/admin/security/incidents${queryString({ status })}`, ZIncidentListSchema),
  });
/** Security incidents derived from the audit log, with the count in each state. */
export const useIncidents = (status: string) => useQuery(incidentsQuery(status));

/** Scans the audit log now instead of waiting for the minute's scan. */
export const useScanIncidents = (feedback?: TMutationFeedback<TScanResult, void>) =>
  useApiMutation(
    {
      mutationFn: () => apiSend('POST', '/api/admin/security/incidents/scan', ZIncidentScanResultSchema),
      invalidates: [adminKeys.all],
    },
    feedback,
  );

/** Someone is looking at the incident. */
export const useAcknowledgeIncident = (feedback?: TMutationFeedback<TIncident, string>) =>
  useApiMutation(
    {
      mutationFn: (id: string) => apiSend('POST', `/api/admin/security/incidents/${id}/acknowledge`, ZIncidentSchema),
      invalidates: [adminKeys.all],
    },
    feedback,
  );

/** Closes the incident with how it was resolved. */
export const useResolveIncident = (feedback?: TMutationFeedback<TIncident, { id: string; note: string }>) =>
  useApiMutation(
    {
      mutationFn: ({ id, note }: { id: string; note: string }) =>
        apiSend('POST', `/api/admin/security/incidents/${id}/resolve`, ZIncidentSchema, { note }),
      invalidates: [adminKeys.all],
    },
    feedback,
  );
