import { z } from 'zod';
import { ROLES } from '../roles';
import { requiredText, ZPasswordSchema } from './common';

// Password reset for every role that signs in with a password (decisions/034).

export const RESET_CODE_TTL_MINUTES = 15;
export const RESET_CODE_LENGTH = 6;

const role = z.enum(ROLES, { error: 'Choose who you are' });
const identifier = requiredText('Enter the username, email, National ID or phone you sign in with', 1, 200);

/** POST /api/password-reset/request: who asks for a code. */
export const ZPasswordResetRequestSchema = z.object({ role, identifier });
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequestSchema>;

/** The same answer whether or not an account matches. */
export const ZPasswordResetRequestedSchema = z.object({ message: z.string(), expiresInMinutes: z.number().int() });
export type TPasswordResetRequested = z.infer<typeof ZPasswordResetRequestedSchema>;

/** POST /api/password-reset/confirm: the code that was sent, and the new password. */
export const ZPasswordResetConfirmSchema = z
  .object({
    role,
    identifier,
    code: z
      .string({ error: 'Enter the 6-digit code we sent you' })
      .trim()
      .regex(/^\d{6}$/, { error: 'Enter the 6-digit code we sent you' }),
    newPassword: ZPasswordSchema,
    confirmPassword: z.string({ error: 'Passwords do not match' }).max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
    when: (payload) => {
      const v = payload.value as { newPassword?: unknown; confirmPassword?: unknown } | null;
      return typeof v?.newPassword === 'string' && typeof v?.confirmPassword === 'string';
    },
  });
export type TPasswordResetConfirm = z.infer<typeof ZPasswordResetConfirmSchema>;
