import { ZMessageSchema } from '@shared/schemas/common';
import type { TPasswordChange } from '@shared/schemas/business';
import { apiSend } from './api';
import { useApiMutation, type TMutationFeedback } from './use-api-mutation';

/**
 * A staff member's own password (`POST /api/admin/me/password` or `/api/regulators/me/password`):
 * the other sessions of the user end, this one stays.
 */
export const useChangeStaffPassword = (
  role: 'system_admin' | 'regulator',
  feedback?: TMutationFeedback<{ message: string }, TPasswordChange>,
) =>
  useApiMutation(
    {
      mutationFn: (values: TPasswordChange) =>
        apiSend('POST', role === 'system_admin' ? '/api/admin/me/password' : '/api/regulators/me/password', ZMessageSchema, values),
    },
    feedback,
  );
