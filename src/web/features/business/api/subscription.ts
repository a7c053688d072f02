import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSubscriptionSchema, type TSubscription } from '@shared/schemas/business';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { businessKeys } from './keys';

export const subscriptionQuery = () =>
  queryOptions({
    queryKey: businessKeys.subscription,
    queryFn: () => apiGet('/api/businesses/me/subscription', ZSubscriptionSchema),
  });
/** The plan, its status and period, auto-renewal and the invoices. */
export const useSubscription = () => useQuery(subscriptionQuery());

/** Auto-renewal on or off: the answer is the subscription as it now is. */
export const useSetAutoRenew = (feedback?: TMutationFeedback<TSubscription, boolean>) =>
  useApiMutation(
    {
      mutationFn: (autoRenew: boolean) => apiSend('PATCH', '/api/businesses/me/subscription', ZSubscriptionSchema, { autoRenew }),
      afterSuccess: (queryClient, updated) => {
        queryClient.setQueryData(businessKeys.subscription, updated);
      },
    },
    feedback,
  );
