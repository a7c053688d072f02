import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPrivacyStatusSchema, type TFraudAlertRequest, type TPrivacyStatus } from '@shared/schemas/consumer';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { consumerKeys } from './keys';

export const privacyQuery = () =>
  queryOptions({ queryKey: consumerKeys.privacy, queryFn: () => apiGet('/api/consumers/me/privacy', ZPrivacyStatusSchema) });
/** Whether the file is frozen and whether a fraud alert is on. */
export const usePrivacy = () => useQuery(privacyQuery());

/** Freezes the file (no new lender can pull the report) or unfreezes it. */
export const useSetFrozen = (feedback?: TMutationFeedback<TPrivacyStatus, boolean>) =>
  useApiMutation(
    {
      mutationFn: (isFrozen: boolean) =>
        apiSend('POST', isFrozen ? '/api/consumers/me/freeze' : '/api/consumers/me/unfreeze', ZPrivacyStatusSchema),
      invalidates: [consumerKeys.all],
    },
    feedback,
  );

/** A fraud alert: lenders who pull the report are told to call this phone first. */
export const usePlaceFraudAlert = (feedback?: TMutationFeedback<TPrivacyStatus, TFraudAlertRequest>) =>
  useApiMutation(
    {
      mutationFn: (body: TFraudAlertRequest) => apiSend('POST', '/api/consumers/me/fraud-alert', ZPrivacyStatusSchema, body),
      invalidates: [consumerKeys.all],
    },
    feedback,
  );

export const useRemoveFraudAlert = (feedback?: TMutationFeedback<TPrivacyStatus, void>) =>
  useApiMutation(
    {
      mutationFn: () => apiSend('DELETE', '/api/consumers/me/fraud-alert', ZPrivacyStatusSchema),
      invalidates: [consumerKeys.all],
    },
    feedback,
  );
