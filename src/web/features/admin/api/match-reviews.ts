import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ZKeepApartSchema,
  ZMatchReviewDetailSchema,
  ZMatchReviewListSchema,
  ZMergeResultSchema,
  ZMergeReviewSchema,
  type TMatchReviewDetail,
} from '@shared/schemas/admin';
import { apiGet, apiSend, queryString } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { adminKeys } from './keys';

export const matchReviewsQuery = (status: string) =>
  queryOptions({
    queryKey: adminKeys.reviews(status),
    queryFn: () => apiGet(`/api/admin/match-reviews${queryString({ status })}`, ZMatchReviewListSchema),
  });
/** The registry review queue: records the matcher would not link to a person alone. */
export const useMatchReviews = (status: string) => useQuery(matchReviewsQuery(status));

export const matchReviewQuery = (id: string | null) =>
  queryOptions({
    queryKey: adminKeys.review(id),
    queryFn: () => apiGet(`/api/admin/match-reviews/${id}`, ZMatchReviewDetailSchema),
    enabled: !!id,
  });
/** One review with both people's evidence side by side. */
export const useMatchReview = (id: string | null) => useQuery(matchReviewQuery(id));

/** Merges the two records into one person (the survivor keeps both files' accounts). */
export const useMergeReview = (
  reviewId: string | null,
  feedback?: TMutationFeedback<{ message: string }, z.input<typeof ZMergeReviewSchema>>,
) =>
  useApiMutation(
    {
      mutationFn: (body: z.input<typeof ZMergeReviewSchema>) =>
        apiSend('POST', `/api/admin/match-reviews/${reviewId}/merge`, ZMergeResultSchema, body),
      invalidates: [adminKeys.all],
    },
    feedback,
  );

/** Keeps the two records apart: they stay two people. */
export const useKeepApart = (reviewId: string | null, feedback?: TMutationFeedback<TMatchReviewDetail, z.input<typeof ZKeepApartSchema>>) =>
  useApiMutation(
    {
      mutationFn: (body: z.input<typeof ZKeepApartSchema>) =>
        apiSend('POST', `/api/admin/match-reviews/${reviewId}/keep-apart`, ZMatchReviewDetailSchema, body),
      invalidates: [adminKeys.all],
    },
    feedback,
  );
