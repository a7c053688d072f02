import { z } from 'zod';
import { ERROR_CODE_NAMES } from '../../error-codes';

// A monthly file as it comes in (JSON; the CSV form is mapped to the same rows by csv-row.ts) and
// its status as the lender follows it.

export const MAX_SUBMISSION_ROWS = 100_000;

/** The JSON form of a monthly file. Rows are checked one by one (so one bad row does not sink the file). */
export const ZSubmissionJsonSchema = z.object({
  rows: z
    .array(z.unknown(), { error: 'rows must be a list of {subject, account}' })
    .min(1, { error: 'The file has no rows' })
    .max(MAX_SUBMISSION_ROWS, { error: `A file holds at most ${MAX_SUBMISSION_ROWS.toLocaleString('en')} rows` }),
});

export const SUBMISSION_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;

/** The answer to a monthly file: accepted and queued; its status says when it is applied (docs/api.md). */
export const ZSubmissionAcceptedSchema = z.object({ id: z.string(), status: z.literal('queued') });

export const ZSubmissionRejectSchema = z.object({
  row: z.number(),
  field: z.string(),
  message: z.string(),
  /** A stable code when a program may branch on the refusal (DISPUTED_VALUE_REINSERTION). */
  code: z.enum(ERROR_CODE_NAMES).optional(),
});
export type TSubmissionReject = z.infer<typeof ZSubmissionRejectSchema>;

export const ZSubmissionStatusSchema = z.object({
  id: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  format: z.enum(['json', 'csv']),
  total: z.number(),
  accepted: z.number(),
  rejected: z.number(),
  /** How the accepted rows were matched to people: exact, probable, new, review. */
  matches: z.object({ exact: z.number(), probable: z.number(), new: z.number(), review: z.number() }),
  /** Accounts created and accounts updated (a re-sent row updates its account). */
  created: z.number(),
  updated: z.number(),
  rejects: z.array(ZSubmissionRejectSchema),
  /** Why a failed file failed; nothing of it was applied. */
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TSubmissionStatus = z.infer<typeof ZSubmissionStatusSchema>;

export const ZSubmissionIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a submission id' }) });
