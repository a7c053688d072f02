import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZCreditReportSchema,
  ZCreditSearchResultSchema,
  ZPurposeListSchema,
  type TCreditReportRequest,
  type TCreditSearchInput,
  type TCreditReport,
  type TCreditSearchResult,
} from '@shared/schemas/credit';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { businessKeys } from './keys';

export const purposesQuery = () =>
  queryOptions({
    queryKey: businessKeys.purposes,
    queryFn: async () => (await apiGet('/api/credit/purposes', ZPurposeListSchema)).purposes,
  });
/** The permissible purposes a search and a report must name (Credit Reference Act, 2011). */
export const usePurposes = () => useQuery(purposesQuery());

/** A search of the registry: recorded as an inquiry (with or without a hit), so the figures move. */
export const useCreditSearch = (feedback?: TMutationFeedback<TCreditSearchResult, TCreditSearchInput>) =>
  useApiMutation(
    {
      mutationFn: (body: TCreditSearchInput) => apiSend('POST', '/api/credit/search', ZCreditSearchResultSchema, body),
      invalidates: [businessKeys.all],
    },
    feedback,
  );

/** A credit report pulled for a purpose with consent: counts against the quota and is kept as a copy. */
export const usePullReport = (feedback?: TMutationFeedback<TCreditReport, TCreditReportRequest>) =>
  useApiMutation(
    {
      mutationFn: (body: TCreditReportRequest) => apiSend('POST', '/api/credit/reports', ZCreditReportSchema, body),
      invalidates: [businessKeys.all],
    },
    feedback,
  );
