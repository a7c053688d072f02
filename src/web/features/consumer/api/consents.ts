import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMessageSchema } from '@shared/schemas/common';
import {
  ZConsentListSchema,
  ZConsentSchema,
  ZLenderListSchema,
  type TConsent,
  type TGrantConsentInput,
  type TRevokeConsent,
} from '@shared/schemas/consumer';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { consumerKeys } from './keys';

export const consentsQuery = () =>
  queryOptions({ queryKey: consumerKeys.consents, queryFn: () => apiGet('/api/consumers/me/consents', ZConsentListSchema) });
/** The consents the person gave, live and past. */
export const useConsents = () => useQuery(consentsQuery());

export const lendersQuery = (q: string) =>
  queryOptions({
    queryKey: consumerKeys.lenders(q),
    queryFn: () => apiGet(`/api/consumers/me/lenders?${new URLSearchParams({ q })}`, ZLenderListSchema),
  });
/** The verified lenders whose name matches what the person typed (the consent forms' search). */
export const useLenders = (q: string) => useQuery(lendersQuery(q));

/** Consent to one lender for one purpose until a date. */
export const useGrantConsent = (feedback?: TMutationFeedback<TConsent, TGrantConsentInput>) =>
  useApiMutation(
    {
      mutationFn: (body: TGrantConsentInput) => apiSend('POST', '/api/consumers/me/consents', ZConsentSchema, body),
      invalidates: [consumerKeys.all],
    },
    feedback,
  );

/**
 * Revokes one consent (`id`), or withdraws consent from a business for every purpose or one
 * (`businessId`, decisions/022).
 */
export const useRevokeConsent = (feedback?: TMutationFeedback<{ message: string }, TRevokeConsent>) =>
  useApiMutation(
    {
      mutationFn: (body: TRevokeConsent) => apiSend('DELETE', '/api/consumers/me/consents', ZMessageSchema, body),
      invalidates: [consumerKeys.all],
    },
    feedback,
  );
