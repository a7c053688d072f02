import { z } from 'zod';

// Identity: the registry file is shown only after a code sent to a trusted phone on that file is confirmed.

export const IDENTITY_CODE_LENGTH = 6;
export const IDENTITY_CODE_TTL_MINUTES = 10;
/** Wrong guesses that void a code. */
export const IDENTITY_CODE_MAX_ATTEMPTS = 5;
/** How long an account waits after a code was voided by wrong guesses. */
export const IDENTITY_LOCK_MINUTES = 15;
/** Codes one account (or one phone) may be sent in a day, and the pause between two. */
export const IDENTITY_CODES_PER_DAY = 5;
export const IDENTITY_RESEND_SECONDS = 60;

export const IDENTITY_STATES = ['verified', 'unverified', 'no_file', 'no_phone'] as const;
export type TIdentityState = (typeof IDENTITY_STATES)[number];

export const ZIdentityStatusSchema = z.object({
  /**
   * verified: the file is shown. unverified: a file matches the NIN and date of birth; confirm a code
   * sent to one of its phones. no_file: no file matches (nothing is held against the person).
   * no_phone: a file matches but holds no phone to send a code to.
   */
  state: z.enum(IDENTITY_STATES),
  /** The file's phones, masked, to choose where the code goes (unverified only). */
  phones: z.array(z.object({ phoneId: z.string(), masked: z.string() })),
  /** A code is waiting to be entered: where it went and until when. */
  pendingCode: z.object({ masked: z.string(), expiresAt: z.string(), attemptsLeft: z.number() }).nullable(),
  /** After too many wrong codes, no new code until then. */
  lockedUntil: z.string().nullable(),
  /** The earliest time another code may be sent. */
  nextCodeAt: z.string().nullable(),
  codesLeftToday: z.number(),
});
export type TIdentityStatus = z.infer<typeof ZIdentityStatusSchema>;

export const ZSendIdentityCodeSchema = z.object({
  phoneId: z
    .string({ error: 'Choose the phone to send the code to' })
    .trim()
    .min(1, { error: 'Choose the phone to send the code to' })
    .max(64),
});
export type TSendIdentityCode = z.infer<typeof ZSendIdentityCodeSchema>;

export const ZConfirmIdentityCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Enter the 6-digit code' }),
});
export type TConfirmIdentityCode = z.infer<typeof ZConfirmIdentityCodeSchema>;

export const ZIdentityCodeSentSchema = z.object({ masked: z.string(), expiresAt: z.string(), message: z.string() });
