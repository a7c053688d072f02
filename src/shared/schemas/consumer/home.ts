import { z } from 'zod';
import { SCORE_BANDS, ZScoreReasonSchema } from '../../scoring';
import { pageFields, ZPasswordSchema } from '../common';
import { ZPhoneSchema } from '../credit';
import { IDENTITY_STATES } from './identity';
import { ZAccessLogEntrySchema, ZPrivacyStatusSchema } from './privacy';

// The consumer's dashboard, notifications and settings.

export const ZConsumerDashboardSchema = z.object({
  state: z.enum(IDENTITY_STATES),
  /** The score of the person's own report now, with its reasons (the dashboard's factor cards). */
  score: z.object({ value: z.number(), band: z.enum(SCORE_BANDS), reasons: z.array(ZScoreReasonSchema) }).nullable(),
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

// Notifications and settings

/**
 * A notification's figures and names (lender, account number, dispute reference, a code for an
 * account type, status or purpose, which sentence of its kind in `variant`), so a client can say
 * it in the reader's language (`portal:notices.<kind>.<variant>`, decisions/047). Null for
 * notifications stored before they were sent and for a business's notifications: `title` and
 * `body` (English) are then the words.
 */
export const ZNotificationParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())]));
export type TNotificationParams = z.infer<typeof ZNotificationParamsSchema>;
export const ZNotificationSchema = z.object({
  id: z.string(),
  /** new_account, new_default, new_inquiry, dispute_update, dispute_overdue, account_corrected, ussd_locked, ussd_callback, dispute_filed */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  params: ZNotificationParamsSchema.nullable(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotificationSchema>;
export const ZNotificationListSchema = z.object({
  unread: z.number(),
  notifications: z.array(ZNotificationSchema),
  ...pageFields(ZNotificationSchema),
});
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

// Its own module: the portal's header (web/lib/i18n.ts) takes it without every other schema here.
export { ZLanguageChoiceSchema, type TLanguageChoice } from './language';

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
