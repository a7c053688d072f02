import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZAdminBusinessDetailSchema,
  ZAdminBusinessListSchema,
  ZBusinessActionResultSchema,
  type TBusinessDocument,
  type TChangeBusinessPlan,
} from '@shared/schemas/admin';
import { apiGet, apiSend, queryString } from '@web/lib/api';
import { apiDownload } from '@web/lib/api-files';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { adminKeys } from './keys';

export type TBusinessAction = 'verify' | 'reject' | 'suspend' | 'reinstate';
type TActionResult = { message: string };

export const businessesQuery = (status: string, q: string) =>
  queryOptions({
    queryKey: adminKeys.businesses(status, q),
    queryFn: () => apiGet(`/api/admin/businesses${queryString({ status, q })}`, ZAdminBusinessListSchema),
  });
/** Businesses with their verification status (pending first), filtered by status and found by name or number. */
export const useBusinesses = (status: string, q: string) => useQuery(businessesQuery(status, q));

export const businessQuery = (id: string | null) =>
  queryOptions({
    queryKey: adminKeys.business(id),
    queryFn: () => apiGet(`/api/admin/businesses/${id}`, ZAdminBusinessDetailSchema),
    enabled: !!id,
  });
/** One business with its documents and plan. */
export const useBusiness = (id: string | null) => useQuery(businessQuery(id));

/** A verification step: verify, reject or suspend (with a reason), or reinstate. */
export const useBusinessAction = (
  businessId: string | null,
  feedback?: TMutationFeedback<TActionResult, { action: TBusinessAction; body: Record<string, string> }>,
) =>
  useApiMutation(
    {
      mutationFn: ({ action, body }: { action: TBusinessAction; body: Record<string, string> }) =>
        apiSend('POST', `/api/admin/businesses/${businessId}/${action}`, ZBusinessActionResultSchema, body),
      invalidates: [adminKeys.all],
    },
    feedback,
  );

/** A plan outside card payment: Enterprise by agreement, or a plan paid by bank transfer or mobile money. */
export const useChangeBusinessPlan = (businessId: string, feedback?: TMutationFeedback<TActionResult, TChangeBusinessPlan>) =>
  useApiMutation(
    {
      mutationFn: (body: TChangeBusinessPlan) =>
        apiSend('PUT', `/api/admin/businesses/${businessId}/plan`, ZBusinessActionResultSchema, body),
      invalidates: [adminKeys.all],
    },
    feedback,
  );

/** A business's document, downloaded to review it. */
export const downloadBusinessDocument = (businessId: string, document: TBusinessDocument) =>
  apiDownload(`/api/admin/businesses/${businessId}/documents/${document.id}`, document.fileName);
