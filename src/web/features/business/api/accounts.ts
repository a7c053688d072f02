import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZClientAccountsSchema } from '@shared/schemas/business';
import { ZCreditAccountReportResultSchema, type TCreditAccountReportInput, type TCreditAccountReportResult } from '@shared/schemas/credit';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { businessKeys } from './keys';

export const clientAccountsQuery = (q: string, status: string, page: number) =>
  queryOptions({
    queryKey: businessKeys.accounts(q, status, page),
    queryFn: () => apiGet(`/api/businesses/me/accounts?${new URLSearchParams({ q, status, page: String(page) })}`, ZClientAccountsSchema),
  });
/** The accounts the business reported, a page at a time, found by number or name and filtered by status. */
export const useClientAccounts = (q: string, status: string, page: number) => useQuery(clientAccountsQuery(q, status, page));

/** One account reported (new, or an update of the same account number): every figure may move. */
export const useReportAccount = (feedback?: TMutationFeedback<TCreditAccountReportResult, TCreditAccountReportInput>) =>
  useApiMutation(
    {
      mutationFn: (body: TCreditAccountReportInput) => apiSend('POST', '/api/credit/accounts', ZCreditAccountReportResultSchema, body),
      invalidates: [businessKeys.all],
    },
    feedback,
  );
