import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDisputeListSchema, ZDisputeSchema, type TDispute, type TFileDispute } from '@shared/schemas/consumer';
import { ZComplaintSchema, type TComplaint, type TComplaintRequest } from '@shared/schemas/oversight';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { consumerKeys } from './keys';

export const disputesQuery = () =>
  queryOptions({ queryKey: consumerKeys.disputes, queryFn: () => apiGet('/api/consumers/me/disputes', ZDisputeListSchema) });
/** The person's disputes with their timelines. */
export const useDisputes = () => useQuery(disputesQuery());

/** A dispute of an entry: flagged "disputed" at once, the lender must answer by the deadline. */
export const useFileDispute = (feedback?: TMutationFeedback<TDispute, TFileDispute>) =>
  useApiMutation(
    {
      mutationFn: (values: TFileDispute) => apiSend('POST', '/api/consumers/me/disputes', ZDisputeSchema, values),
      invalidates: [consumerKeys.all],
    },
    feedback,
  );

/** A complaint to the regulator about a dispute. */
export const useComplainToRegulator = (feedback?: TMutationFeedback<TComplaint, TComplaintRequest>) =>
  useApiMutation(
    {
      mutationFn: (body: TComplaintRequest) => apiSend('POST', '/api/consumers/me/complaints', ZComplaintSchema, body),
      invalidates: [consumerKeys.all],
    },
    feedback,
  );
