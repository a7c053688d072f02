import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZBusinessProfileSchema, type TBusinessProfile, type TBusinessProfileUpdate, type TPasswordChange } from '@shared/schemas/business';
import { ZMessageSchema } from '@shared/schemas/common';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { businessKeys } from './keys';

export const profileQuery = () =>
  queryOptions({ queryKey: businessKeys.profile, queryFn: () => apiGet('/api/businesses/me/profile', ZBusinessProfileSchema) });
/** The business's registered details and its contact details; who is signed in. */
export const useProfile = () => useQuery(profileQuery());

/** The owner changes the contact details: the answer is the profile as saved. */
export const useUpdateProfile = (feedback?: TMutationFeedback<TBusinessProfile, TBusinessProfileUpdate>) =>
  useApiMutation(
    {
      mutationFn: (values: TBusinessProfileUpdate) => apiSend('PUT', '/api/businesses/me/profile', ZBusinessProfileSchema, values),
      afterSuccess: (queryClient, updated) => {
        queryClient.setQueryData(businessKeys.profile, updated);
      },
    },
    feedback,
  );

/** The signed-in person's own password: their other sessions end, this one stays. */
export const useChangeBusinessPassword = (feedback?: TMutationFeedback<{ message: string }, TPasswordChange>) =>
  useApiMutation(
    { mutationFn: (values: TPasswordChange) => apiSend('POST', '/api/businesses/me/password', ZMessageSchema, values) },
    feedback,
  );
