import {
  ZAccountCorrectionResultSchema,
  type TAccountCorrectionResult,
  type TAccountRemoval,
  type TCreditAccountReportInput,
} from '@shared/schemas/credit';
import { useQueryClient } from '@tanstack/react-query';
import { apiSend, hasErrorCode } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { businessKeys } from './keys';

/**
 * The page's feedback, and the list read again when the account is no longer on file (removed or
 * moved meanwhile, from another screen or a monthly file), so it leaves the list behind the refusal.
 */
function useFeedbackRefreshingOnGone<TVars>(feedback: TMutationFeedback<TAccountCorrectionResult, TVars> = {}) {
  const queryClient = useQueryClient();
  return {
    ...feedback,
    onError: (error: Error, vars: TVars) => {
      if (hasErrorCode(error, 'NOT_FOUND')) void queryClient.invalidateQueries({ queryKey: businessKeys.all });
      feedback.onError?.(error, vars);
    },
  };
}

type TRemoveVars = TAccountRemoval & { accountId: string };
/** The right person as typed (a report's subject, before the schema's trimming). */
type TMoveVars = { accountId: string; subject: TCreditAccountReportInput['subject'] };

/**
 * An account this business reported in error taken off the person's file, with the reason: it leaves
 * every list, figure and dispute of the business, so the whole workspace is read again.
 */
export const useRemoveAccount = (feedback?: TMutationFeedback<TAccountCorrectionResult, TRemoveVars>) =>
  useApiMutation<TRemoveVars, TAccountCorrectionResult>(
    {
      mutationFn: ({ accountId, reason }: TRemoveVars) =>
        apiSend('DELETE', `/api/credit/accounts/${encodeURIComponent(accountId)}`, ZAccountCorrectionResultSchema, { reason }),
      invalidates: [businessKeys.all],
    },
    useFeedbackRefreshingOnGone(feedback),
  );

/** An account reported under the wrong person moved to the right one (matched as a report's subject is). */
export const useMoveAccount = (feedback?: TMutationFeedback<TAccountCorrectionResult, TMoveVars>) =>
  useApiMutation<TMoveVars, TAccountCorrectionResult>(
    {
      mutationFn: ({ accountId, subject }: TMoveVars) =>
        apiSend('POST', `/api/credit/accounts/${encodeURIComponent(accountId)}/subject`, ZAccountCorrectionResultSchema, { subject }),
      invalidates: [businessKeys.all],
    },
    useFeedbackRefreshingOnGone(feedback),
  );
