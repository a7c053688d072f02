import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZBusinessAnalyticsSchema, ZPortfolioScoresSchema } from '@shared/schemas/business';
import { ZScorecardSummarySchema } from '@shared/scoring';
import { apiGet, queryString } from '@web/lib/api';
import { businessKeys } from './keys';

export const analyticsQuery = (days: number) =>
  queryOptions({
    queryKey: businessKeys.analytics(days),
    queryFn: () => apiGet(`/api/businesses/me/analytics${queryString({ days })}`, ZBusinessAnalyticsSchema),
  });
/** Searches, reports, submissions and disputes over the last `days` days. */
export const useAnalytics = (days: number) => useQuery(analyticsQuery(days));

export const portfolioScoresQuery = () =>
  queryOptions({
    queryKey: businessKeys.portfolioScores,
    queryFn: () => apiGet('/api/businesses/me/analytics/scores', ZPortfolioScoresSchema),
  });
/** The score distribution of the business's clients. */
export const usePortfolioScores = () => useQuery(portfolioScoresQuery());

export const scoringModelQuery = () =>
  queryOptions({ queryKey: businessKeys.scoringModel, queryFn: () => apiGet('/api/scoring/model', ZScorecardSummarySchema) });
/** The scorecard in force: what the credit-scoring page explains. */
export const useScoringModel = () => useQuery(scoringModelQuery());
