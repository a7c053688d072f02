import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZReportCopyListSchema, ZStoredReportSchema } from '@shared/schemas/business';
import { apiGet, queryString } from '@web/lib/api';
import { businessKeys } from './keys';

export const reportCopiesQuery = () =>
  queryOptions({
    queryKey: businessKeys.reports,
    queryFn: async () => (await apiGet(`/api/credit/reports${queryString({ limit: 20 })}`, ZReportCopyListSchema)).reports,
  });
/** The reports the business pulled, newest first: opening one again is free. */
export const useReportCopies = () => useQuery(reportCopiesQuery());

export const reportCopyQuery = (id: string | null) =>
  queryOptions({
    queryKey: businessKeys.report(id ?? ''),
    queryFn: () => apiGet(`/api/credit/reports/${id}`, ZStoredReportSchema),
    enabled: !!id,
  });
/** One kept report, as it was when pulled. */
export const useReportCopy = (id: string | null) => useQuery(reportCopyQuery(id));

/** The kept report as a PDF (white label on Enterprise): a plain link the browser downloads. */
export const reportPdfUrl = (id: string) => `/api/credit/reports/${id}/pdf`;

/** The report's adverse-action notice as a PDF, for an applicant the lender declined (issue 19). */
export const adverseActionPdfUrl = (id: string) => `/api/credit/reports/${id}/adverse-action.pdf`;
