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
  /** Told while the file waits in the queue (`queued`) and while it is applied (`processing`). */
  onWaiting?: (status: 'queued' | 'processing') => void;
}

/** Between two reads of a waiting file's status: soon at first, then every few seconds. */
const FIRST_POLL_MS = 500;
const LONGEST_POLL_MS = 3_000;

/**
 * Sends a monthly file with upload progress; the answer is `queued` at once and the server applies
 * the file afterwards (decisions/033), so its status is read until it is completed or failed.
 */
async function sendMonthlyFile({ text, format, progress, onWaiting }: TMonthlyFile) {
  const contentType = format === 'json' ? 'application/json' : 'text/csv';
  const accepted = await apiUpload('/api/credit/submissions', text, contentType, ZSubmissionAcceptedSchema, progress);
  onWaiting?.(accepted.status);
  for (let wait = FIRST_POLL_MS; ; wait = Math.min(wait * 2, LONGEST_POLL_MS)) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    const status = await getSubmission(accepted.id);
    if (status.status === 'completed' || status.status === 'failed') return status;
    onWaiting?.(status.status);
  }
}

/** A monthly file: its accounts change every figure of the workspace. */
export const useSendMonthlyFile = () => useApiMutation({ mutationFn: sendMonthlyFile, invalidates: [businessKeys.all] });
