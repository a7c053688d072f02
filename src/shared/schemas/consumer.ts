import { z } from 'zod';
import { PURPOSE_CODES } from '../credit-reference';
import { ZPasswordSchema } from './common';
import { ZCreditReportSchema, ZPhoneSchema } from './credit';

// The consumer workspace (issue 7): identity confirmation, the person's own reports, disputes,
// privacy controls, the data access log, notifications and settings. Shared by the routes and the
// web forms, so a rule and its message are written once.

// ---------------------------------------------------------------------------------------------
// Identity: the registry file is shown only after a code sent to a phone on that file is confirmed
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// The person's own report
// ---------------------------------------------------------------------------------------------

export const ZFraudAlertSchema = z.object({
  placedAt: z.string(),
  contactPhone: z.string(),
  text: z.string(),
});
export type TFraudAlert = z.infer<typeof ZFraudAlertSchema>;

export const ZOwnReportSchema = z.object({
  /** Identity not confirmed or no file: no report, and why. */
  state: z.enum(IDENTITY_STATES),
  report: ZCreditReportSchema.nullable(),
  /** The open dispute of each disputed account, for the report's "disputed" marks. */
  openDisputes: z.array(z.object({ accountId: z.string(), disputeId: z.string(), reference: z.string(), dueAt: z.string() })),
  frozenAt: z.string().nullable(),
});
export type TOwnReport = z.infer<typeof ZOwnReportSchema>;

export const ZOwnReportSummarySchema = z.object({
  id: z.string(),
  generatedAt: z.string(),
  scoreValue: z.number().nullable(),
  scoreBand: z.string().nullable(),
  accountCount: z.number(),
});
export const ZOwnReportListSchema = z.object({ reports: z.array(ZOwnReportSummarySchema) });
/** POST /api/consumers/me/reports: the new report kept in the person's list. */
export const ZOwnReportCreatedSchema = z.object({ id: z.string(), report: ZCreditReportSchema });
export type TOwnReportList = z.infer<typeof ZOwnReportListSchema>;

export const ZReportPdfQuerySchema = z.object({ reportId: z.uuid({ error: 'Not a report id' }).optional() });

// ---------------------------------------------------------------------------------------------
// Disputes
// ---------------------------------------------------------------------------------------------

export const DISPUTE_REASONS = [
  { code: 'not_mine', label: 'This account is not mine' },
  { code: 'identity_theft', label: 'Opened in my name by someone else (fraud)' },
  { code: 'wrong_balance', label: 'The balance or amounts are wrong' },
  { code: 'wrong_status', label: 'The status is wrong (late, default, written off)' },
  { code: 'paid_or_closed', label: 'I paid it off or it is closed' },
  { code: 'wrong_history', label: 'The payment history is wrong' },
  { code: 'duplicate', label: 'The account is listed twice' },
  { code: 'other', label: 'Something else' },
] as const;
export type TDisputeReason = (typeof DISPUTE_REASONS)[number]['code'];
export const DISPUTE_REASON_CODES = DISPUTE_REASONS.map((r) => r.code) as [TDisputeReason, ...TDisputeReason[]];
export const DISPUTE_STATEMENT_MAX_WORDS = 100;

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

export const DISPUTE_MESSAGES = {
  account: 'Choose the account you dispute',
  reason: 'Choose a reason',
  statementRequired: 'Tell us what is wrong',
  statementWords: `Keep your statement to ${DISPUTE_STATEMENT_MAX_WORDS} words or fewer`,
  outcome: 'Choose corrected or verified',
  note: 'Explain your answer to the person',
  correctionRequired: 'A correction needs at least one changed field',
  correctionNotAllowed: 'Only a corrected answer carries a correction',
} as const;

/**
 * A dispute of an entry whose last dispute the lender answered "verified" needs new information
 * (decisions/022): a statement of at least this many characters that does not repeat an earlier one.
 */
export const DISPUTE_NEW_INFORMATION_MIN_CHARS = 40;

export const ZFileDisputeSchema = z.object({
  accountId: z.uuid({ error: DISPUTE_MESSAGES.account }),
  reason: z.enum(DISPUTE_REASON_CODES, { error: DISPUTE_MESSAGES.reason }),
  statement: z
    .string({ error: DISPUTE_MESSAGES.statementRequired })
    .trim()
    .min(1, { error: DISPUTE_MESSAGES.statementRequired })
    .max(1000, { error: DISPUTE_MESSAGES.statementWords })
    .refine((v) => countWords(v) <= DISPUTE_STATEMENT_MAX_WORDS, { error: DISPUTE_MESSAGES.statementWords }),
});
export type TFileDispute = z.infer<typeof ZFileDisputeSchema>;

/** A lender's correction: the account fields that change (amounts in major units, as reported). */
export const ZDisputeCorrectionSchema = z.strictObject(
  {
    status: z.unknown().optional(),
    balance: z.unknown().optional(),
    principal: z.unknown().optional(),
    defaultAmount: z.unknown().optional(),
    defaultDate: z.unknown().optional(),
    paymentHistory: z.unknown().optional(),
  },
  { error: 'A correction may change status, balance, principal, defaultAmount, defaultDate and paymentHistory only' },
);

export const ZDisputeResponseSchema = z
  .object({
    outcome: z.enum(['corrected', 'verified'], { error: DISPUTE_MESSAGES.outcome }),
    note: z
      .string({ error: DISPUTE_MESSAGES.note })
      .trim()
      .min(1, { error: DISPUTE_MESSAGES.note })
      .max(2000, { error: 'Must be at most 2000 characters' }),
    correction: ZDisputeCorrectionSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const changed = v.correction ? Object.values(v.correction).filter((x) => x !== undefined).length : 0;
    if (v.outcome === 'corrected' && changed === 0)
      ctx.addIssue({ code: 'custom', message: DISPUTE_MESSAGES.correctionRequired, path: ['correction'] });
    if (v.outcome === 'verified' && changed > 0)
      ctx.addIssue({ code: 'custom', message: DISPUTE_MESSAGES.correctionNotAllowed, path: ['correction'] });
  });
export type TDisputeResponse = z.infer<typeof ZDisputeResponseSchema>;
export type TDisputeResponseInput = z.input<typeof ZDisputeResponseSchema>;

export const ZDisputeEventSchema = z.object({
  kind: z.string(),
  actorRole: z.string(),
  text: z.string(),
  note: z.string().nullable(),
  occurredAt: z.string(),
});

const ZDisputeAccountSchema = z.object({
  accountId: z.string(),
  lender: z.string(),
  accountNumber: z.string(),
  typeName: z.string(),
  currency: z.string(),
  principal: z.string(),
  balance: z.string(),
  status: z.string(),
  statusName: z.string(),
  defaultAmount: z.string().nullable(),
  defaultDate: z.string().nullable(),
  paymentHistory: z.string(),
  openedAt: z.string(),
});

export const ZDisputeSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(['open', 'resolved']),
  reason: z.string(),
  reasonLabel: z.string(),
  statement: z.string(),
  filedAt: z.string(),
  dueAt: z.string(),
  /** Whole days until the deadline; negative once past it (open disputes only). */
  daysLeft: z.number().nullable(),
  isOverdue: z.boolean(),
  outcome: z.enum(['corrected', 'verified']).nullable(),
  responseNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** The account as it is now, and as the person saw it when filing. */
  account: ZDisputeAccountSchema,
  accountWhenFiled: ZDisputeAccountSchema,
  timeline: z.array(ZDisputeEventSchema),
});
export type TDispute = z.infer<typeof ZDisputeSchema>;

/** The business's view: the person named, with the identifiers masked. */
export const ZBusinessDisputeSchema = ZDisputeSchema.extend({
  consumer: z.object({ fullName: z.string(), maskedNationalId: z.string() }),
});
export type TBusinessDispute = z.infer<typeof ZBusinessDisputeSchema>;

export const ZDisputeListSchema = z.object({ disputes: z.array(ZDisputeSchema) });
export type TDisputeList = z.infer<typeof ZDisputeListSchema>;
export const ZBusinessDisputeListSchema = z.object({
  summary: z.object({ open: z.number(), overdue: z.number(), dueWithin7Days: z.number(), resolvedLast30Days: z.number() }),
  disputes: z.array(ZBusinessDisputeSchema),
});
export type TBusinessDisputeList = z.infer<typeof ZBusinessDisputeListSchema>;
export const ZBusinessDisputeQuerySchema = z.object({
  status: z.enum(['open', 'resolved', 'all'], { error: 'status must be open, resolved or all' }).default('all'),
});

export const ZDisputeIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a dispute id' }) });

// ---------------------------------------------------------------------------------------------
// Privacy: consents, freeze, fraud alert
// ---------------------------------------------------------------------------------------------

export const CONSENT_MAX_DAYS = 365;

export const ZGrantConsentSchema = z.object({
  businessId: z.uuid({ error: 'Choose a business' }),
  purpose: z.enum(PURPOSE_CODES, { error: 'Choose a permissible purpose' }),
  /** Days from now, 1 to 365. */
  days: z.coerce
    .number({ error: 'Choose how long the consent lasts' })
    .int({ error: 'Choose how long the consent lasts' })
    .min(1, { error: 'A consent lasts at least 1 day' })
    .max(CONSENT_MAX_DAYS, { error: `A consent lasts at most ${CONSENT_MAX_DAYS} days` }),
});
export type TGrantConsent = z.infer<typeof ZGrantConsentSchema>;
export type TGrantConsentInput = z.input<typeof ZGrantConsentSchema>;

export const ZConsentSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  businessName: z.string(),
  purpose: z.string(),
  purposeName: z.string(),
  grantedAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type TConsent = z.infer<typeof ZConsentSchema>;
export const ZConsentListSchema = z.object({ consents: z.array(ZConsentSchema) });
/**
 * Revoke one consent (`{id}`: its purpose only), or withdraw consent from a business (`{businessId}`:
 * every purpose, unless the person picks one with `purpose`), granted before or not (decisions/022).
 */
export const ZRevokeConsentSchema = z
  .object({
    id: z.uuid({ error: 'Not a consent id' }).optional(),
    businessId: z.uuid({ error: 'Choose a business' }).optional(),
    purpose: z.enum(PURPOSE_CODES, { error: 'Choose a permissible purpose' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.id && !v.businessId)
      ctx.addIssue({
        code: 'custom',
        message: 'Choose the consent to revoke or the business to withdraw consent from',
        path: ['businessId'],
      });
    if (v.id && (v.businessId || v.purpose))
      ctx.addIssue({ code: 'custom', message: 'Give either a consent id or a business, not both', path: ['id'] });
    if (v.purpose && !v.businessId) ctx.addIssue({ code: 'custom', message: 'Choose a business', path: ['businessId'] });
  });
export type TRevokeConsent = z.infer<typeof ZRevokeConsentSchema>;
export const CONSENT_ALL_PURPOSES_NAME = 'Every purpose';

export const ZLenderListSchema = z.object({ lenders: z.array(z.object({ id: z.string(), name: z.string() })) });
export const ZLenderQuerySchema = z.object({ q: z.string().trim().max(100, { error: 'Must be at most 100 characters' }).optional() });

export const ZPrivacyStatusSchema = z.object({
  state: z.enum(IDENTITY_STATES),
  frozenAt: z.string().nullable(),
  fraudAlert: ZFraudAlertSchema.nullable(),
  activeConsents: z.number(),
});
export type TPrivacyStatus = z.infer<typeof ZPrivacyStatusSchema>;

export const ZFraudAlertRequestSchema = z.object({
  contactPhone: ZPhoneSchema,
  note: z.string().trim().max(300, { error: 'Must be at most 300 characters' }).optional(),
});
export type TFraudAlertRequest = z.input<typeof ZFraudAlertRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Data access log
// ---------------------------------------------------------------------------------------------

export const ZAccessLogEntrySchema = z.object({
  at: z.string(),
  /** report, search (shown in results), search_no_hit (searched for by an identifier with no file then), dispute_response, ... */
  kind: z.string(),
  businessName: z.string(),
  purpose: z.string().nullable(),
  purposeName: z.string().nullable(),
  description: z.string(),
});
export type TAccessLogEntry = z.infer<typeof ZAccessLogEntrySchema>;
export const ZAccessLogSchema = z.object({ state: z.enum(IDENTITY_STATES), entries: z.array(ZAccessLogEntrySchema) });
export type TAccessLog = z.infer<typeof ZAccessLogSchema>;

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

export const ZConsumerDashboardSchema = z.object({
  state: z.enum(IDENTITY_STATES),
  score: z.object({ value: z.number(), band: z.string() }).nullable(),
  scoreUnavailable: z.string().nullable(),
  /** The change since the previous different stored score, when there is one. */
  scoreTrend: z.object({ previous: z.number(), change: z.number(), since: z.string() }).nullable(),
  accounts: z.object({ total: z.number(), open: z.number(), inDefault: z.number(), disputed: z.number() }),
  reportsGenerated: z.number(),
  lastReportAt: z.string().nullable(),
  activeDisputes: z.number(),
  privacy: ZPrivacyStatusSchema,
  recentActivity: z.array(ZAccessLogEntrySchema),
  unreadNotifications: z.number(),
});
export type TConsumerDashboard = z.infer<typeof ZConsumerDashboardSchema>;

// ---------------------------------------------------------------------------------------------
// Notifications and settings
// ---------------------------------------------------------------------------------------------

export const ZNotificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotificationSchema>;
export const ZNotificationListSchema = z.object({ unread: z.number(), notifications: z.array(ZNotificationSchema) });
/** POST /api/notifications/read: how many notifications were marked read. */
export const ZNotificationsReadSchema = z.object({ updated: z.number() });
export type TNotificationList = z.infer<typeof ZNotificationListSchema>;
export const ZMarkNotificationsReadSchema = z.object({
  ids: z
    .array(z.uuid({ error: 'Not a notification id' }))
    .max(200)
    .optional(),
});

export const ZNotificationPreferencesSchema = z.object({
  emailNewAccounts: z.boolean({ error: 'Must be true or false' }),
  emailInquiries: z.boolean({ error: 'Must be true or false' }),
  emailDisputes: z.boolean({ error: 'Must be true or false' }),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferencesSchema>;

export const ZConsumerSettingsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  maskedNationalId: z.string(),
  dateOfBirth: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  preferences: ZNotificationPreferencesSchema,
  /** Whether email notifications can be sent at all (SMTP configured). */
  isEmailAvailable: z.boolean(),
});
export type TConsumerSettings = z.infer<typeof ZConsumerSettingsSchema>;

export const ZContactDetailsSchema = z.object({
  phone: ZPhoneSchema,
  email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.email({ error: 'Valid email is required' }).trim().toLowerCase().max(200).nullable(),
  ),
});
export type TContactDetailsInput = z.input<typeof ZContactDetailsSchema>;

export const ZChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Enter your current password' }).min(1, { error: 'Enter your current password' }).max(200),
    newPassword: ZPasswordSchema,
    confirmPassword: z.string({ error: 'Passwords do not match' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: 'Passwords do not match', path: ['confirmPassword'] });
export type TChangePassword = z.infer<typeof ZChangePasswordSchema>;
/** POST /api/consumers/me/password: the other sessions end (`endedSessions`), this one stays. */
export const ZPasswordChangedSchema = z.object({ message: z.string(), endedSessions: z.boolean() });
