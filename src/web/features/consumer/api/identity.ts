import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMessageSchema } from '@shared/schemas/common';
import { ZIdentityCodeSentSchema, ZIdentityStatusSchema } from '@shared/schemas/consumer';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { consumerKeys } from './keys';

export const identityQuery = () =>
  queryOptions({ queryKey: consumerKeys.identity, queryFn: () => apiGet('/api/consumers/me/identity', ZIdentityStatusSchema) });
/** Whether the person's account is linked to their credit file yet, and the phones a code can go to. */
export const useIdentity = () => useQuery(identityQuery());

/** A one-time code to a phone on the file; sent or refused, the wait and attempts left change. */
export const useSendIdentityCode = (feedback?: TMutationFeedback<{ message: string }, string>) =>
  useApiMutation(
    {
      mutationFn: (phoneId: string) => apiSend('POST', '/api/consumers/me/identity/code', ZIdentityCodeSentSchema, { phoneId }),
      onSettled: (queryClient) => void queryClient.invalidateQueries({ queryKey: consumerKeys.all }),
    },
    feedback,
  );

/** The code typed back: right, the file opens; wrong, an attempt is used. */
export const useVerifyIdentity = (feedback?: TMutationFeedback<{ message: string }, string>) =>
  useApiMutation(
    {
      mutationFn: (code: string) => apiSend('POST', '/api/consumers/me/identity/verify', ZMessageSchema, { code }),
      onSettled: (queryClient) => void queryClient.invalidateQueries({ queryKey: consumerKeys.all }),
    },
    feedback,
  );
