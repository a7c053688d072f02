import { useInfiniteQuery } from '@tanstack/react-query';
import {
  ZBusinessDisputeListSchema,
  ZBusinessDisputeSchema,
  type TBusinessDispute,
  type TDisputeResponseInput,
} from '@shared/schemas/consumer';
import { apiGet, apiSend, queryString } from '@web/lib/api';
import { cursorPagesQuery } from '@web/lib/cursor-pages';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { businessKeys } from './keys';

export type TDisputeFilter = 'open' | 'resolved' | 'all';

export const businessDisputesQuery = (status: TDisputeFilter) =>
  cursorPagesQuery(businessKeys.disputes(status), (cursor) =>
    apiGet(`/api/businesses/me/disputes${queryString({ status, cursor })}`, ZBusinessDisputeListSchema),
  );
/** Disputes of the business's accounts with their deadlines, newest filed first, a page at a time (each page carries the summary). */
export const useBusinessDisputes = (status: TDisputeFilter) => useInfiniteQuery(businessDisputesQuery(status));

/** The lender's answer to a dispute (corrected or verified): the account and the figures move. */
export const useAnswerDispute = (disputeId: string, feedback?: TMutationFeedback<TBusinessDispute, TDisputeResponseInput>) =>
  useApiMutation(
    {
      mutationFn: (answer: TDisputeResponseInput) =>
        apiSend('POST', `/api/businesses/me/disputes/${disputeId}/response`, ZBusinessDisputeSchema, answer),
      invalidates: [businessKeys.all],
    },
    feedback,
  );
