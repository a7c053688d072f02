import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSubmissionListSchema } from '@shared/schemas/business';
import { ZSubmissionAcceptedSchema, ZSubmissionStatusSchema } from '@shared/schemas/credit';
import { apiGet, queryString } from '@web/lib/api';
import { apiUpload, type TUploadProgress } from '@web/lib/api-files';
import { useApiMutation } from '@web/lib/use-api-mutation';
import { businessKeys } from './keys';

export const submissionsQuery = () =>
  queryOptions({
    queryKey: businessKeys.submissions,
    queryFn: async () => (await apiGet(`/api/credit/submissions${queryString({ limit: 50 })}`, ZSubmissionListSchema)).submissions,
  });
/** The monthly files the business sent, newest first. */
export const useSubmissions = () => useQuery(submissionsQuery());

const getSubmission = (id: string) => apiGet(`/api/credit/submissions/${id}`, ZSubmissionStatusSchema);

export const submissionQuery = (id: string | null) =>
  queryOptions({ queryKey: businessKeys.submission(id ?? ''), queryFn: () => getSubmission(id!), enabled: !!id });
/** One file's counts and rejected rows. */
export const useSubmission = (id: string | null) => useQuery(submissionQuery(id));

/** The template's columns, one row per account: a plain link the browser downloads. */
export const SUBMISSION_TEMPLATE_URL = '/api/credit/submissions/template.csv';

export interface TMonthlyFile {
  text: string;
  format: 'csv' | 'json';
  progress: TUploadProgress;
}

/** Sends a monthly file with upload progress, then reads its result (the rows are applied before the answer). */
async function sendMonthlyFile({ text, format, progress }: TMonthlyFile) {
  const contentType = format === 'json' ? 'application/json' : 'text/csv';
  const { id } = await apiUpload('/api/credit/submissions', text, contentType, ZSubmissionAcceptedSchema, progress);
  return getSubmission(id);
}

/** A monthly file: its accounts change every figure of the workspace. */
export const useSendMonthlyFile = () => useApiMutation({ mutationFn: sendMonthlyFile, invalidates: [businessKeys.all] });
