import { z } from 'zod';
import { requiredText } from '../common';
import { ZCreditSubjectInputSchema } from './account-report';
import { CREDIT_MESSAGES } from './messages';

// A reporting business correcting its own accounts: removing one reported in error, moving one to
// the right person, and certifying a value a dispute took off. The same rules for the API calls and
// for the rows of a monthly file that carry a correction.

export const CORRECTION_MESSAGES = {
  removalReason: 'Say why the account is removed (5 to 500 characters)',
  certificationNote: 'Say why the value is right after all (10 to 1000 characters)',
  correction: 'Correction must be move or delete (or left empty)',
  reinsertion:
    'This puts back a value a dispute corrected or removed. Send it again with certifyReinsertion: true and a note if the value is right.',
} as const;

export const ZRemovalReasonSchema = requiredText(CORRECTION_MESSAGES.removalReason, 5, 500);
export const ZCertificationNoteSchema = requiredText(CORRECTION_MESSAGES.certificationNote, 10, 1000);

/** DELETE /api/credit/accounts/:accountId */
export const ZAccountRemovalSchema = z.object({ reason: ZRemovalReasonSchema }, { error: 'The body must hold reason' });
export type TAccountRemoval = z.infer<typeof ZAccountRemovalSchema>;

/** POST /api/credit/accounts/:accountId/subject: the right person, in the shape of a report's subject. */
export const ZAccountMoveSchema = z.object({ subject: ZCreditSubjectInputSchema }, { error: 'The body must hold subject' });
export type TAccountMove = z.infer<typeof ZAccountMoveSchema>;

export const ZAccountIdParamsSchema = z.object({ accountId: z.uuid({ error: 'Not an account id' }) });

/** What a removal or a move answers. */
export const ZAccountCorrectionResultSchema = z.object({
  accountId: z.string(),
  accountNumber: z.string(),
  /** removed: the account left every report; moved: it is on subjectId's file now. */
  outcome: z.enum(['removed', 'moved', 'unchanged']),
  subjectId: z.string().nullable(),
  previousSubjectId: z.string(),
  match: z.enum(['exact', 'probable', 'new', 'review']).nullable(),
});
export type TAccountCorrectionResult = z.infer<typeof ZAccountCorrectionResultSchema>;

/** A monthly file's row that removes an account: {correction: 'delete', account: {accountNumber}, reason}. */
export const ZAccountDeletionRowSchema = z.object({
  correction: z.literal('delete'),
  account: z.object(
    { accountNumber: z.string({ error: CREDIT_MESSAGES.accountNumber }).trim().min(1, { error: CREDIT_MESSAGES.accountNumber }).max(50) },
    { error: CREDIT_MESSAGES.accountNumber },
  ),
  reason: ZRemovalReasonSchema,
});
export type TAccountDeletionRow = z.infer<typeof ZAccountDeletionRowSchema>;

/** Whether a raw row (JSON, or a CSV record mapped to one) asks for its account to be removed. */
export const isDeletionRow = (raw: unknown): boolean =>
  typeof raw === 'object' &&
  raw !== null &&
  typeof (raw as { correction?: unknown }).correction === 'string' &&
  (raw as { correction: string }).correction.trim().toLowerCase() === 'delete';
