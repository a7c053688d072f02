import { ZMessageSchema } from '@shared/schemas/common';
import { ZPasswordResetRequestedSchema, type TPasswordResetConfirm, type TPasswordResetRequest } from '@shared/schemas/password-reset';
import { apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';

/** POST /api/password-reset/request: a code to the account's phone and email (the same answer for any identifier). */
export const useRequestResetCode = (feedback?: TMutationFeedback<{ message: string; expiresInMinutes: number }, TPasswordResetRequest>) =>
  useApiMutation(
    { mutationFn: (body: TPasswordResetRequest) => apiSend('POST', '/api/password-reset/request', ZPasswordResetRequestedSchema, body) },
    feedback,
  );

/** POST /api/password-reset/confirm: the code and the new password; every session of the account ends. */
export const useConfirmPasswordReset = (feedback?: TMutationFeedback<{ message: string }, TPasswordResetConfirm>) =>
  useApiMutation(
    { mutationFn: (body: TPasswordResetConfirm) => apiSend('POST', '/api/password-reset/confirm', ZMessageSchema, body) },
    feedback,
  );
