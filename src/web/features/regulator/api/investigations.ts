import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZInvestigationDetailSchema,
  ZInvestigationListSchema,
  ZRegulatorComplaintListSchema,
  type TInvestigationDetail,
  type TInvestigationUpdate,
  type TOpenInvestigation,
} from '@shared/schemas/oversight';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { regulatorKeys } from './keys';

export const complaintsQuery = () =>
  queryOptions({ queryKey: regulatorKeys.complaints, queryFn: () => apiGet('/api/regulators/complaints', ZRegulatorComplaintListSchema) });
/** Consumers' complaints to the regulator. */
export const useComplaints = () => useQuery(complaintsQuery());

export const investigationsQuery = () =>
  queryOptions({
    queryKey: regulatorKeys.investigations,
    queryFn: () => apiGet('/api/regulators/investigations', ZInvestigationListSchema),
  });
/** The regulator's investigations. */
export const useInvestigations = () => useQuery(investigationsQuery());

export const investigationQuery = (id: string | null) =>
  queryOptions({
    queryKey: regulatorKeys.investigation(id),
    queryFn: () => apiGet(`/api/regulators/investigations/${id}`, ZInvestigationDetailSchema),
    enabled: !!id,
  });
/** One investigation with its notes and the complaint it came from. */
export const useInvestigation = (id: string | null) => useQuery(investigationQuery(id));

type TFeedback<TVars> = TMutationFeedback<TInvestigationDetail, TVars>;

/** Opens an investigation, from a complaint or on the regulator's own initiative. */
export const useOpenInvestigation = (feedback?: TFeedback<TOpenInvestigation>) =>
  useApiMutation(
    {
      mutationFn: (body: TOpenInvestigation) => apiSend('POST', '/api/regulators/investigations', ZInvestigationDetailSchema, body),
      invalidates: [regulatorKeys.all],
    },
    feedback,
  );

/** A note kept on the investigation. */
export const useAddInvestigationNote = (id: string | null, feedback?: TFeedback<string>) =>
  useApiMutation(
    {
      mutationFn: (body: string) => apiSend('POST', `/api/regulators/investigations/${id}/notes`, ZInvestigationDetailSchema, { body }),
      invalidates: [regulatorKeys.all],
    },
    feedback,
  );

/** A change of status; closing takes an outcome and its summary. */
export const useUpdateInvestigation = (id: string | null, feedback?: TFeedback<TInvestigationUpdate>) =>
  useApiMutation(
    {
      mutationFn: (body: TInvestigationUpdate) =>
        apiSend('PATCH', `/api/regulators/investigations/${id}`, ZInvestigationDetailSchema, body),
      invalidates: [regulatorKeys.all],
    },
    feedback,
  );
