import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZOwnReportCreatedSchema, ZOwnReportListSchema, ZOwnReportSchema } from '@shared/schemas/consumer';
import { ZScoreHistorySchema } from '@shared/scoring';
import { apiGet, apiSend } from '@web/lib/api';
import { errorMessageOf } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { useApiMutation } from '@web/lib/use-api-mutation';
import { consumerKeys } from './keys';

export const ownReportQuery = () =>
  queryOptions({ queryKey: consumerKeys.report, queryFn: () => apiGet('/api/consumers/me/report', ZOwnReportSchema) });
/** The person's own report as of now, free. */
export const useOwnReport = () => useQuery(ownReportQuery());

export const ownReportsQuery = () =>
  queryOptions({ queryKey: consumerKeys.reports, queryFn: () => apiGet('/api/consumers/me/reports', ZOwnReportListSchema) });
/** The reports the person kept. */
export const useOwnReports = () => useQuery(ownReportsQuery());

export const scoreHistoryQuery = (isEnabled: boolean) =>
  queryOptions({
    queryKey: consumerKeys.scores,
    queryFn: () => apiGet('/api/consumers/me/scores', ZScoreHistorySchema),
    enabled: isEnabled,
  });
/** The person's score over time. */
export const useScoreHistory = (isEnabled: boolean) => useQuery(scoreHistoryQuery(isEnabled));

/** The own report as a PDF: a plain link the browser downloads. */
export const REPORT_PDF_URL = '/api/consumers/me/report.pdf';

/** "Request New Report": a fresh report kept in the person's list; free, never an inquiry. Said the same on every page. */
export const useRequestNewReport = () =>
  useApiMutation(
    { mutationFn: () => apiSend('POST', '/api/consumers/me/reports', ZOwnReportCreatedSchema), invalidates: [consumerKeys.all] },
    {
      onSuccess: () =>
        toast({
          kind: 'success',
          title: 'New report ready',
          description: 'Your report was generated. It is free and never counts as an inquiry.',
        }),
      onError: (error) => toast({ kind: 'error', title: 'Report not generated', description: errorMessageOf(error, 'Please try again') }),
    },
  );
