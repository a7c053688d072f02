import {
  ZAccountCorrectionResultSchema,
  type TAccountCorrectionResult,
  type TAccountRemoval,
  type TCreditAccountReportInput,
} from '@shared/schemas/credit';
import { apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { businessKeys } from './keys';

type TRemoveVars = TAccountRemoval & { accountId: string };
/** The right person as typed (a report's subject, before the schema's trimming). */
type TMoveVars = { accountId: string; subject: TCreditAccountReportInput['subject'] };

/**
 * An account this business reported in error taken off the person's file, with the reason: it leaves
 * every list, figure and dispute of the business, so the whole workspace is read again.
 */
export const useRemoveAccount = (feedback?: TMutationFeedback<TAccountCorrectionResult, TRemoveVars>) =>
  useApiMutation(
    {
      mutationFn: ({ accountId, reason }: TRemoveVars) =>
        apiSend('DELETE', `/api/credit/accounts/${encodeURIComponent(accountId)}`, ZAccountCorrectionResultSchema, { reason }),
      invalidates: [businessKeys.all],
    },
    feedback,
  );

/** An account reported under the wrong person moved to the right one (matched as a report's subject is). */
export const useMoveAccount = (feedback?: TMutationFeedback<TAccountCorrectionResult, TMoveVars>) =>
  useApiMutation(
    {
      mutationFn: ({ accountId, subject }: TMoveVars) =>
        apiSend('POST', `/api/credit/accounts/${encodeURIComponent(accountId)}/subject`, ZAccountCorrectionResultSchema, { subject }),
      invalidates: [businessKeys.all],
    },
    feedback,
  );
